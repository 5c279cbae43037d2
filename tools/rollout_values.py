"""What each action is worth by rollouts with the same luck: a ranking target for the evaluation.

    .venv/bin/python tools/rollout_values.py build/exit/hard_s32.jsonl \\
        --games build/selfplay/chances_train_s32.jsonl --rollouts 16 --turns 2 \\
        --out build/exit/rollouts_s32.jsonl --jobs 2      (or --ray local | --ray ADDRESS)
    .venv/bin/python tools/rollout_values.py measure build/exit/hard_s32.jsonl \\
        --games build/selfplay/chances_train_s32.jsonl --rollouts-file build/exit/rollouts_s32.jsonl

A game's result tells a fit who was ahead, not which of two actions one position apart was
better (experiments/exit.md, rounds 11 to 15): the fits to results ranked a turn's actions
unlike hard's search whatever they were sampled on. Here every action the search's root
would weigh at each position of a search-sample file (``tools/search_targets.py sample``:
own-turn decisions with ``ismcts:hard``'s visit shares) is played on ``--rollouts`` times: the
mover's view dealt into a world, the action played, then the tactics policy (no exploration)
to the end of the turn and ``--turns`` more, judged by v1. Rollout ``r`` deals the same world
and draws the same dice stream for every action of a position (common random numbers), so
what differs between the actions' means is the actions, much less the luck.

Each output line is one position: ``game``, ``seed``, ``action`` (the sample's index in its
record) and ``values``, the mover's mean win chance after each legal action in the record's
order (null for the dominated actions and trades the root never weighs by their position,
as ``value_exit.siblings`` leaves them out), beside ``rollouts`` and ``turns``. Lines are
appended as each game finishes, so a stopped run resumes where it stopped; a file of other
lines (a search-sample file, whose lines have ``values`` too) is refused as ``--out``, and as
``measure``'s ``--rollouts-file``. ``measure`` prints how often hard's most visited action and
v1's one-ply best are among the rollouts' best (exact ties count), over the positions rolled
out so far.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import SAMPLE, VALUES, WHOLE, read_json_lines, reported
from search_targets import game_records, sampled_positions
from selfplay import append_as_done, read_rows
from workers import add_arguments, from_args

from ai.components import HandBuilt, Tactics
from ai.dominance import undominated
from ai.evaluation import Evaluator
from ai.lookahead import one_ply
from ai.playout import Playout, PlayoutParams
from ai.search import ROOT_EVAL_PHASES
from game import P_ACTION, GameRecord, GameState
from game.actions import Trade
from lab.command_line import check_outputs

# A line of this tool's: a search sample's line has all but the rollouts' own keys, and its
# "values" are the search's, not the rollouts'.
ROLLED = {"game": WHOLE, "seed": WHOLE, "action": WHOLE, "rollouts": WHOLE, "turns": WHOLE,
          "values": VALUES}  # fmt: skip


def weighed(state: GameState) -> list[bool]:
    """Which legal actions the root weighs by the position they leave (``siblings``' rule)."""
    seat = state.current_player()
    public = state.observe(seat).public
    legal = state.legal_actions()
    if public.phase not in ROOT_EVAL_PHASES or public.draw_queue:
        return [False] * len(legal)
    kept = set(map(id, undominated(public, legal)))
    out = []
    for action in legal:
        child = public.clone()
        child.apply_action(action)
        trade = isinstance(action, Trade) and child.phase == P_ACTION  # worth its follow-up
        out.append(id(action) in kept and not trade)
    return out


def action_values(state: GameState, rollouts: int, turns: int, seed: str) -> list[float | None]:
    """The mover's mean win chance after each weighed action over ``rollouts`` rollouts, the
    ``r``-th of every action dealt the same world and the same dice stream."""
    seat = state.current_player()
    view = state.observe(seat)
    params = PlayoutParams(turns=turns, epsilon=0.0)
    policy = Tactics().policy(-1)
    judge = HandBuilt().evaluator(-1)
    legal = state.legal_actions()
    values: list[float | None] = []
    for i, keep in enumerate(weighed(state)):
        if not keep:
            values.append(None)
            continue
        total = 0.0
        for r in range(rollouts):
            world = view.sample_world(random.Random(f"{seed}/{r}/world"))
            world.apply_action(legal[i])  # the mover's own actions do not hang on the deal
            luck = random.Random(f"{seed}/{r}/dice")
            total += Playout(params, policy, judge, luck).run(world)[seat]
        values.append(total / rollouts)
    return values


def _game_values(task: tuple[dict[str, Any], list[dict[str, Any]], int, int, str]) -> list[Any]:
    line, samples, rollouts, turns, where = task
    record = GameRecord.from_dict(line["record"])
    samples = sorted(samples, key=lambda s: int(s["action"]))
    states = sampled_positions(record, samples, where)
    out = []
    for sample, state in zip(samples, states, strict=True):
        seed = f"{sample['seed']}/{sample['game']}/{sample['action']}"
        out.append({"game": int(sample["game"]), "seed": int(sample["seed"]),
                    "action": int(sample["action"]), "rollouts": rollouts, "turns": turns,
                    "values": action_values(state, rollouts, turns, seed)})  # fmt: skip
    return out


def measure(samples: Path, games: Path, rolled: Path) -> dict[str, Any]:
    """Where the rollouts' best action agrees with hard's most visited and v1's one-ply best."""
    rows = read_json_lines(rolled, "rolled-out position", ROLLED)
    found = {(r["seed"], r["game"], r["action"]): r["values"] for r in rows}
    sampled = read_json_lines(samples, "sampled game", SAMPLE, "skipped", {"values": VALUES})
    sampled = [s for s in sampled if "visits" in s]  # a game marked skipped has no position
    records = game_records(samples, games, [(s["seed"], s["game"]) for s in sampled])
    hard = agree_v1 = both_v1_hard = counted = tied = 0
    for s in sampled:
        values = found.get((s["seed"], s["game"], s["action"]))
        if values is None or sum(v is not None for v in values) < 2:
            continue
        record = GameRecord.from_dict(records[(s["seed"], s["game"])]["record"])
        state = sampled_positions(record, [s], f"{samples}, {games}")[0]
        seat = state.current_player()
        public = state.observe(seat).public
        ev = Evaluator(viewer=seat)
        legal = state.legal_actions()
        kept = [i for i, v in enumerate(values) if v is not None]
        # Actions whose rollouts end alike tie exactly (the same luck): any of them is best.
        high = max(values[i] for i in kept)
        best = {i for i in kept if values[i] >= high - 1e-12}
        top = max(kept, key=lambda i: s["visits"][i])
        v1_best = max(kept, key=lambda i: one_ply(public, legal[i], seat, ev))
        counted += 1
        tied += len(best) > 1
        hard += top in best
        agree_v1 += v1_best in best
        both_v1_hard += v1_best == top
    share = (lambda n: n / counted) if counted else (lambda n: 0.0)
    return {
        "positions": counted,
        "rollouts_best_is_hards": share(hard),
        "rollouts_best_is_v1s": share(agree_v1),
        "v1s_best_is_hards": share(both_v1_hard),
        "rollouts_best_tied": share(tied),
    }


@reported
def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    if argv[:1] == ["measure"]:
        parser.add_argument("samples", type=Path)
        parser.add_argument("--games", type=Path, required=True)
        parser.add_argument("--rollouts-file", type=Path, required=True)
        args = parser.parse_args(argv[1:])
        print(json.dumps(measure(args.samples, args.games, args.rollouts_file), indent=1))
        return 0
    parser.add_argument("samples", type=Path, help="a search-sample file (visits per position)")
    parser.add_argument("--games", type=Path, required=True, help="the games it sampled")
    parser.add_argument("--rollouts", type=int, default=16)
    parser.add_argument("--turns", type=int, default=2, help="whole turns after the mover's")
    parser.add_argument("--limit", type=int, default=0, help="at most this many games (0: all)")
    parser.add_argument("--out", type=Path, required=True)
    add_arguments(parser)
    args = parser.parse_args(argv)
    workers = from_args(args, parser)
    if args.rollouts < 1 or not 0 <= args.turns <= 10 or args.limit < 0:
        parser.error("--rollouts at least 1, --turns 0 to 10, --limit at least 0")
    check_outputs(parser, args.out)  # appended to as games finish: not at the first
    by_game: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for s in read_json_lines(args.samples, "sampled game", SAMPLE, "skipped", {"values": VALUES}):
        if "visits" in s:
            by_game.setdefault((s["seed"], s["game"]), []).append(s)
    # Its own lines, to resume from: a last one cut short by a stopped run is dropped.
    rolled = read_rows(args.out, "rolled-out position", ROLLED, append=True)
    done = {(r["seed"], r["game"]) for r in rolled}
    lines = game_records(args.samples, args.games, list(by_game))
    keys = sorted(by_game)[: args.limit] if args.limit else sorted(by_game)
    where = f"{args.samples}, {args.games}"
    todo = [(lines[k], by_game[k], args.rollouts, args.turns, where) for k in keys if k not in done]
    print(f"{len(done)} games already in {args.out}, {len(todo)} to roll out", file=sys.stderr)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    append_as_done(args.out, _game_values, todo, workers, kept=len(done))
    return 0


if __name__ == "__main__":
    sys.exit(main())
