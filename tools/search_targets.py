"""What a deep search plays, as targets for the search's evaluation (Expert Iteration).

    .venv/bin/python tools/search_targets.py sample build/selfplay/chances_train_s32.jsonl \
        --agent ismcts:hard --per-game 2 --games 1200 --out build/exit/hard_s32.jsonl --jobs 2

``sample`` replays self-play records (tools/selfplay.py) to a few turn decisions of each game
(a seat's own turn, at least two legal actions, chosen by a seeded hash of the game), runs the
search of ``--agent`` there from the deciding seat's view, and writes the share of the root's
visits each legal action got and the win chance the search gives the mover after it: what the
search, given its whole budget, thinks of the moves. ``tools/value_exit.py`` fits the fitted
evaluation to them (``./build.sh train value-v3``). The research tools that read them too
(sibling kinds, search values and repeats, rollouts) are in git at a730440 (experiments/exit.md).
Resumable: the games already in ``--out`` are skipped; a file whose lines are not this
tool's samples (another tool's output) is refused as ``--out``, never appended to.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # lab/ is not installed
from game import CHANCE, P_ACTION, P_CONTINUE, GameRecord, GameState
from lab.baselines import agent_from_spec
from lab.command_line import check_outputs

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

HOLD_OUT = 5  # games whose index is 0 modulo this measure a fit to the samples


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
    args = parser.parse_args(argv)
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


if __name__ == "__main__":
    sys.exit(main())
