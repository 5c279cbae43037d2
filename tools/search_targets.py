"""What a deep search plays, as targets for the search's policy (numpy; Expert Iteration).

    .venv/bin/python tools/search_targets.py sample build/selfplay/chances_train_s32.jsonl \
        --agent ismcts:hard --per-game 2 --games 1200 --out build/exit/hard_s32.jsonl --jobs 2
    .venv/bin/python tools/search_targets.py fit build/exit/hard_s32.jsonl \
        --games build/selfplay/chances_train_s32.jsonl --out ai/data/policy_exit1.json \
        --report experiments/train/policy_exit1.json

``sample`` replays self-play records (tools/selfplay.py) to a few turn decisions of each game
(a seat's own turn, at least two legal actions, chosen by a seeded hash of the game), runs the
search of ``--agent`` there from the deciding seat's view, and writes the share of the root's
visits each legal action got and the win chance the search gives the mover after it: what the
search, given its whole budget, thinks of the moves.
Resumable: the games already in ``--out`` are skipped; a file whose lines are not this
tool's samples (another tool's output) is refused as ``--out``, never appended to.

``fit`` learns a correction to the quick scores (``ai.policy``) from those shares: the tree
weighs an action by ``exp(prior_temp * score)``; the corrected logit is ``(prior_temp + gain)
* score`` plus, per kind of turn action, an offset and a slope in the die the action spends
(``ai.policy_correction``). The
correction is fitted by maximum likelihood of the visit shares under that softmax (L2
regularised), on the samples of four games in five; the fifth measures it against the quick
scores alone (cross-entropy, and how often the top-scored action is the search's most
visited). Samples without games of both kinds are refused before the fit.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

from ai.command_line import check_outputs
from ai.config import SearchConfig
from ai.policy import QuickScorer
from ai.policy_correction import CORRECTED_KINDS, FORMAT, action_die, kind_name
from ai.registry import agent_from_spec
from game import CHANCE, P_ACTION, P_CONTINUE, GameRecord, GameState

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import (
    NUMBERS,
    PLAYED,
    SAMPLE,
    VALUES,
    DataFileError,
    played_game,
    read_json_lines,
    reported,
)
from selfplay import sample_records
from workers import add_arguments, from_args

PRIOR_TEMP = SearchConfig().prior_temp
L2 = 1e-3  # per parameter, per sample
HOLD_OUT = 5  # games whose index is 0 modulo this measure the fit


def turn_decisions(record: GameRecord) -> list[int]:
    """The indices of the record's own-turn actions chosen among two or more."""
    state = record.new_state()
    out = []
    for i, action in enumerate(record.actions):
        if (
            state.current_player() != CHANCE
            and state.phase in (P_ACTION, P_CONTINUE)
            and len(state.legal_actions()) > 1
        ):
            out.append(i)
        state.apply_action(action)
    return out


def positions(record: GameRecord, indices: list[int]) -> list[GameState]:
    """The states before each of ``indices`` (ascending), each a copy."""
    out = []
    state = record.new_state()
    at = 0
    for index in indices:
        while at < index:
            state.apply_action(record.actions[at])
            at += 1
        out.append(state.clone())
    return out


def sampled_positions(
    record: GameRecord, samples: list[dict[str, Any]], where: str
) -> list[GameState]:
    """The states before each of ``samples``' actions (ascending), each checked to be the
    position its sample was taken at (an action of the record, as many legal actions as
    visit shares); DataFileError, naming ``where`` (the sample file and the games' file), for
    a sample of another game: samples paired with the wrong games would fit to nonsense."""
    for s in samples:
        if not 0 <= s["action"] < len(record.actions):
            raise DataFileError(
                f"{where}: game {s['game']} has no action {s['action']}; are the samples "
                "of these games?"
            )
    states = positions(record, [s["action"] for s in samples])
    for s, state in zip(samples, states, strict=True):
        if len(state.legal_actions()) != len(s["visits"]):
            raise DataFileError(
                f"{where}: the sample of game {s['game']} at action {s['action']} does not "
                "fit the game's record; are the samples of these games?"
            )
    return states


def game_records(
    samples: Path | str, games: Path, keys: list[tuple[int, int]]
) -> dict[tuple[int, int], dict[str, Any]]:
    """The lines of the self-play file ``games``, by (seed, index), with every game of
    ``keys`` (those the sample file ``samples`` has samples of), or DataFileError."""
    lines = read_json_lines(
        games, "self-play game", PLAYED, optional={"returns": NUMBERS}, check=played_game
    )
    found = {(d["seed"], d["index"]): d for d in lines}
    missing = next((key for key in keys if key not in found), None)
    if missing is not None:
        raise DataFileError(
            f"{samples} has samples of game {missing[1]} of seed {missing[0]}, which {games} "
            "does not hold; are these the games sampled?"
        )
    return found


def sample_game(
    line: dict[str, Any], per_game: int, agent: str, search_seed: int = 0
) -> list[dict[str, Any]]:
    record = GameRecord.from_dict(line["record"])
    points = turn_decisions(record)
    rng = random.Random(f"search-targets/{line['seed']}/{line['index']}")
    chosen = sorted(rng.sample(points, min(per_game, len(points))))
    out = []
    for index, state in zip(chosen, positions(record, chosen), strict=True):
        seat = state.current_player()
        legal = state.legal_actions()
        # Seed 0 is the search every earlier sample file was made with; another seed searches
        # the same position anew, to tell what a search finds from what its dice happened to be.
        rng = random.Random(index if not search_seed else f"{search_seed}/{index}")
        thinking = agent_from_spec(agent).begin(state.observe(seat), legal, rng)
        while not thinking.step(1 << 30):
            pass
        insights = thinking.explain(top=len(legal))
        shares = {i.action: i.visit_share for i in insights}
        # The search's own win chance for the mover after each action (its mean over the
        # visits, or its prior's guess where it made none): a teacher's values, not only its
        # choice. None where the search holds no estimate.
        chances = {i.action: round(i.win_chance, 6) for i in insights}
        out.append({"game": line["index"], "seed": line["seed"], "action": index,
                    "seats": record.num_players, "agent": agent,
                    "visits": [round(shares.get(a, 0.0), 6) for a in legal],
                    "values": [chances.get(a) for a in legal]})  # fmt: skip
    return out or [{"game": line["index"], "skipped": True}]


def _sample_star(args: tuple[dict[str, Any], int, str, int]) -> list[dict[str, Any]]:
    return sample_game(*args)


def sample(args: argparse.Namespace) -> int:
    extra = (args.per_game, args.agent, args.search_seed)
    sample_records(args.data, args.out, args.games, _sample_star, extra, args.workers,
                   args.first, keys=SAMPLE, optional={"values": VALUES})  # fmt: skip
    return 0


def features(state: GameState) -> tuple[np.ndarray, np.ndarray]:
    """(quick scores, design matrix) of the legal actions of ``state``: the matrix has the
    score itself (a gain on the scores' sharpness), then one offset column and one die column
    per corrected kind."""
    legal = state.legal_actions()
    scores = np.array(QuickScorer().scores(state, legal), dtype=float)
    x = np.zeros((len(legal), 1 + 2 * len(CORRECTED_KINDS)))
    column = {kind: 1 + 2 * i for i, kind in enumerate(CORRECTED_KINDS)}
    for row, action in enumerate(legal):
        at = column.get(action.kind)
        if at is not None:
            x[row, 0] = scores[row]
            x[row, at] = 1.0
            x[row, at + 1] = action_die(action) / 6.0
    return scores, x


def load_samples(path: Path, games: Path) -> list[dict[str, Any]]:
    """Each sample with its position's quick scores and features, checked against its record."""
    by_game: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for s in read_json_lines(path, "sampled game", SAMPLE, "skipped", {"values": VALUES}):
        if "visits" in s:
            by_game.setdefault((s["seed"], s["game"]), []).append(s)
    records = game_records(path, games, list(by_game))
    out = []
    for key, found in sorted(by_game.items()):
        record = GameRecord.from_dict(records[key]["record"])
        found.sort(key=lambda s: int(s["action"]))
        for s, state in zip(found, sampled_positions(record, found, f"{path}, {games}"),
                            strict=True):  # fmt: skip
            scores, x = features(state)
            out.append({**s, "scores": scores, "x": x, "target": np.array(s["visits"])})
    return out


def log_softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max()
    out: np.ndarray = z - np.log(np.exp(z).sum())
    return out


def loss_and_grad(w: np.ndarray, samples: list[dict[str, Any]]) -> tuple[float, np.ndarray]:
    """Mean cross-entropy of the visit shares under the corrected softmax, plus L2."""
    loss = 0.0
    grad = np.zeros_like(w)
    for s in samples:
        t = s["target"] / max(s["target"].sum(), 1e-12)
        lp = log_softmax(PRIOR_TEMP * s["scores"] + s["x"] @ w)
        loss -= float(t @ lp)
        grad += s["x"].T @ (np.exp(lp) - t)
    n = max(len(samples), 1)
    return loss / n + L2 * float(w @ w), grad / n + 2 * L2 * w


def measure(w: np.ndarray, samples: list[dict[str, Any]]) -> dict[str, float]:
    ce = 0.0
    agree = 0
    for s in samples:
        t = s["target"] / max(s["target"].sum(), 1e-12)
        z = PRIOR_TEMP * s["scores"] + s["x"] @ w
        ce -= float(t @ log_softmax(z))
        agree += int(np.argmax(z) == np.argmax(t))
    n = max(len(samples), 1)
    return {"cross_entropy": ce / n, "top_agrees": agree / n, "samples": len(samples)}


def fit(args: argparse.Namespace) -> int:
    samples = load_samples(args.data, args.games)
    train = [s for s in samples if int(s["game"]) % HOLD_OUT]
    test = [s for s in samples if not int(s["game"]) % HOLD_OUT]
    if not train or not test:  # a model fitted to nothing, or measured on nothing, was written
        count = {part: len({(s["seed"], s["game"]) for s in of}) for part, of in
                 (("fit", train), ("test", test))}  # fmt: skip
        raise DataFileError(
            f"{args.data} holds samples of {count['fit']} games to fit and {count['test']} to "
            f"measure the fit on (those whose index is a multiple of {HOLD_OUT}); it needs both"
        )
    w = np.zeros(1 + 2 * len(CORRECTED_KINDS))
    # Gradient descent with backtracking: the loss is convex in w and the data small.
    loss, grad = loss_and_grad(w, train)
    step = 1.0
    for it in range(args.steps):
        trial = w - step * grad
        trial_loss, trial_grad = loss_and_grad(trial, train)
        if trial_loss < loss:
            w, loss, grad = trial, trial_loss, trial_grad
            step *= 1.2
        else:
            step *= 0.5
        if it % 20 == 0:
            print(f"step {it}/{args.steps}: train loss {loss:.5f}", file=sys.stderr, flush=True)
        if float(np.abs(grad).max()) < 1e-7:
            break
    w = np.round(w, 4)  # what the runtime reads is what is measured
    kinds = {
        kind_name(kind): [float(w[1 + 2 * i]), float(w[2 + 2 * i])]
        for i, kind in enumerate(CORRECTED_KINDS)
    }
    agents = sorted({s["agent"] for s in samples})
    report = {
        "command": " ".join(["tools/search_targets.py", *sys.argv[1:]]),
        "agents": agents, "prior_temp": PRIOR_TEMP, "l2": L2,
        "games": len({(s["seed"], s["game"]) for s in samples}),
        "train": {"quick_scores": measure(np.zeros_like(w), train), "corrected": measure(w, train)},
        "test": {"quick_scores": measure(np.zeros_like(w), test), "corrected": measure(w, test)},
        "score_gain": float(w[0]), "kinds": kinds,
    }  # fmt: skip
    model = {"format": FORMAT, "version": 1, "prior_temp": PRIOR_TEMP,
             "score_gain": float(w[0]), "kinds": kinds,
             "trained": {k: report[k] for k in ("command", "agents", "games")}}  # fmt: skip
    args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: report[k] for k in ("train", "test", "score_gain", "kinds")}, indent=1))
    return 0


@reported
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("sample", help="a search's visit shares at decisions of self-play records")
    s.add_argument("data", type=Path, help="self-play JSON-lines file (tools/selfplay.py)")
    s.add_argument("--out", type=Path, required=True)
    s.add_argument("--agent", default="ismcts:hard", help="the search whose visits are targets")
    s.add_argument("--per-game", type=int, default=2)
    s.add_argument("--games", type=int, default=10**9, help="N games of the file, from --first")
    s.add_argument("--first", type=int, default=0, help="the first game sampled (0: the file's)")
    add_arguments(s)
    s.add_argument(
        "--search-seed", type=int, default=0, help="another seed searches each position anew"
    )
    f = sub.add_parser("fit", help="fit the quick scores' correction and measure it")
    f.add_argument("data", type=Path, help="samples written by 'sample'")
    f.add_argument("--games", type=Path, required=True, help="the self-play file sampled")
    f.add_argument("--out", type=Path, required=True)
    f.add_argument("--report", type=Path, required=True)
    f.add_argument("--steps", type=int, default=400)
    args = parser.parse_args(argv)
    if args.command == "fit":
        # before the fit, not after it
        check_outputs(parser, args.out, args.report, reads=[args.data, args.games])
    if args.command == "sample":
        args.workers = from_args(args, parser)
        if min(args.per_game, args.games) < 1 or min(args.first, args.search_seed) < 0:
            parser.error(
                "--per-game and --games must be at least 1, --first and --search-seed at least 0"
            )
        try:
            agent_from_spec(args.agent)  # an unknown agent is refused before any game is read
        except ValueError as err:
            parser.error(str(err))
        check_outputs(parser, args.out)  # appended to as games finish: not at the first
        return sample(args)
    if args.steps < 1:
        parser.error("--steps must be at least 1")
    return fit(args)


if __name__ == "__main__":
    sys.exit(main())
