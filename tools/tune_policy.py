"""Tune the "tactics" policy by self-play: SPSA over its weights and knobs (ai/tactics.py).

    python tools/tune_policy.py --model tactics_v1 [--iterations 400] [--games 128]
        [--seed 1] [--jobs N] [--state build/tune/tactics_v1.json]

Each iteration draws a random sign for every parameter, plays ``--games`` games (seats rotated,
the same deals for both) between the policy pushed one step along those signs and the policy
pushed one step against them, and moves the parameters along the signs in proportion to the
difference in their wins (simultaneous perturbation stochastic approximation, the way chess
engines tune their evaluation constants by self-play). The policy plays on its own, without a
search, about a millisecond a decision, so a game takes some 20 ms and an iteration seconds.

Parameters move in units of their own scale (``PARAMETERS``), clamped to a sensible range. The
state is saved after every iteration and a run resumes where it stopped; the model file
``ai/data/<model>.json`` is written at the end with the mean of the last quarter of the
iterations (less noisy than the last point) and a summary of how it was made.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))  # the other tools

from json_files import DataFileError, read_json, reported  # noqa: E402
from workers import Workers, WorkersError, add_arguments, from_args  # noqa: E402

import game  # noqa: E402
from ai.agents import Agent  # noqa: E402
from ai.components import Policy  # noqa: E402
from ai.evaluation import DEFAULT_WEIGHTS, Weights  # noqa: E402
from ai.policy_agent import PolicyAgent  # noqa: E402
from ai.tactics import EXPOSURE, FORMAT, TacticsScorer  # noqa: E402
from game import CHANCE, Rules  # noqa: E402
from lab.command_line import refuse, stopping, unwritable  # noqa: E402


@dataclass(frozen=True)
class Parameter:
    name: str  # a Weights field (``reach.1`` for an element of a tuple) or a knob
    start: float
    scale: float  # one unit of the search
    low: float
    high: float


def _w(name: str, scale: float, low: float = 0.0, high: float = 10.0) -> Parameter:
    field, _, index = name.partition(".")
    value = getattr(DEFAULT_WEIGHTS, field)
    start = float(value[int(index)] if index else value)
    return Parameter(name, start, scale, low, high)


def _k(name: str, start: float, scale: float, low: float = 0.0, high: float = 5.0) -> Parameter:
    return Parameter(name, start, scale, low, high)


PARAMETERS = (
    _w("imminent", 0.15, 0.05, 1.5),
    _w("reach.1", 0.08),
    _w("reach.2", 0.05),
    _w("reach.3", 0.03),
    _w("extra_floor", 0.1),
    _w("raze_last", 0.5),
    _w("raze_step", 0.2),
    _w("island_on.0", 0.4),
    _w("island_on.1", 0.4),
    _w("island_reach", 0.3),
    _w("level4_card", 0.15),
    _w("level", 0.05),
    _w("track", 0.05),
    _w("floors_quests", 0.1),
    _k("coin_cost", 0.06, 0.02),
    _k("battle_stake", 0.8, 0.2),
    _k("threat", 0.5, 0.2),
    _k("hurt", 0.25, 0.1),
    _k("train_bonus", 0.05, 0.05, -1.0),
    _k("build_bonus", 0.2, 0.1, -1.0),
    _k("trade_scale", 0.8, 0.15),
    _k("trade_cost", 0.05, 0.05, -1.0),
    _k("exposure", EXPOSURE, 0.2),
)
RULES = Rules()  # all patches on (R8)


def model_of(theta: list[float]) -> tuple[dict[str, Any], dict[str, float]]:
    """Parameter values -> the model file's "weights" and "knobs"."""
    weights: dict[str, Any] = {}
    knobs: dict[str, float] = {}
    for p, value in zip(PARAMETERS, theta, strict=True):
        value = min(p.high, max(p.low, value))
        field, _, index = p.name.partition(".")
        if index:
            row = list(weights.get(field, getattr(DEFAULT_WEIGHTS, field)))
            row[int(index)] = value
            weights[field] = row
        elif hasattr(DEFAULT_WEIGHTS, field):
            weights[field] = value
        else:
            knobs[field] = value
    return weights, knobs


def scorer_factory(theta: list[float]) -> tuple[Weights, dict[str, float]]:
    """The weights and knobs a policy at ``theta`` plays with, as the model file gives them."""
    weights, knobs = model_of(theta)
    values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in weights.items()}
    return replace(DEFAULT_WEIGHTS, **values), knobs


class TunedAgent(PolicyAgent):
    """The tactics policy at given parameter values."""

    def __init__(self, theta: list[float]) -> None:  # the model file is what it tunes
        self.name = "policy:tactics (tuning)"
        self.weights, self.knobs = scorer_factory(theta)

    def policy_for(self, seat: int) -> Policy:
        return TacticsScorer(self.weights, seat, self.knobs)


def play(agents: list[Agent], deal_seed: int, rotation: int, players: int) -> list[float]:
    """One game; returns the win share of each agent (agent i sits at seat (i + rotation))."""
    deal_rng = random.Random(deal_seed)
    kingdoms = deal_rng.sample(range(6), players)
    state = game.new_game(players, seed=deal_seed, rules=RULES, kingdoms=kingdoms)
    seat_agent = [(s - rotation) % players for s in range(players)]
    rngs = [random.Random(f"{deal_seed}/{rotation}/{s}") for s in range(players)]
    chance = random.Random(deal_seed)
    while not state.is_terminal():
        who = state.current_player()
        if who == CHANCE:
            state.apply_action(state.sample_chance(chance))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        agent = agents[seat_agent[who]]
        state.apply_action(agent.choose(state.observe(who), legal, rngs[who]))
    returns = state.returns()
    return [returns[(i + rotation) % players] for i in range(players)]


def _match(task: tuple[list[float], list[float], int, int]) -> float:
    """Deal ``deal_seed`` played twice, seats swapped: the plus side's wins minus the minus's."""
    plus, minus, deal_seed, _ = task
    agents: list[Agent] = [TunedAgent(plus), TunedAgent(minus)]
    diff = 0.0
    for rotation in range(2):
        share = play(agents, deal_seed, rotation, 2)
        diff += share[0] - share[1]
    return diff


@reported
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    # Required: the run ends by writing ai/data/<model>.json, so a bare invocation must not
    # start hours of games that replace the shipped model.
    parser.add_argument("--model", required=True, help="writes ai/data/<model>.json")
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--games", type=int, default=128, help="games per iteration (even)")
    parser.add_argument("--seed", type=int, default=1)
    add_arguments(parser, default_jobs=os.cpu_count() or 1)
    parser.add_argument("--state", help="checkpoint file (default build/tune/<model>.json)")
    parser.add_argument("--a", type=float, default=1.0, help="SPSA step size, in units")
    parser.add_argument("--c", type=float, default=0.6, help="SPSA perturbation, in units")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be an even number of at least 2")
    workers = from_args(args, parser)
    if args.iterations < 1:
        parser.error("--iterations must be at least 1")
    state_path = Path(args.state or f"build/tune/{args.model}.json")
    run = {"model": args.model, "seed": args.seed, "games": args.games, "a": args.a, "c": args.c}
    units = [0.0] * len(PARAMETERS)
    history: list[dict[str, Any]] = []
    model_path = ROOT / "ai" / "data" / f"{args.model}.json"
    for path, folders in ((state_path, True), (model_path, False)):
        why = unwritable(path, make_folders=folders)  # before hours of games, not after
        if why:
            parser.error(why)
    if state_path.exists():
        units, history = _resumed(state_path, run)
        print(f"resuming at iteration {len(history)}", file=sys.stderr)

    def kept() -> str:
        return (
            f"{state_path} keeps {len(history)} iteration{'' if len(history) == 1 else 's'}; "
            "the same command resumes"
        )

    with stopping("tune_policy.py", kept):
        _tune(args, workers, state_path, run, units, history)
    _write_model(args, run, units, history)
    return 0


def _resumed(path: Path, run: dict[str, Any]) -> tuple[list[float], list[Any]]:
    """The units and history of the checkpoint at ``path``, or DataFileError if it is not
    one of this run (its units one number a parameter, its history one entry an iteration)."""
    saved = read_json(path, "tuning state")
    if saved.get("run") != run or saved.get("parameters") != [p.name for p in PARAMETERS]:
        raise DataFileError(f"{path} belongs to another run; remove it to start over")
    units, history = saved.get("units"), saved.get("history")

    def numbers(value: Any) -> bool:
        return (
            isinstance(value, list)
            and len(value) == len(PARAMETERS)
            and all(isinstance(u, (int, float)) and not isinstance(u, bool) for u in value)
        )

    if (
        not numbers(units)
        or not isinstance(history, list)
        or not all(isinstance(h, dict) and numbers(h.get("units")) for h in history)
    ):
        raise DataFileError(f"{path}: not a tuning state (its units or history are damaged)")
    return cast(list[float], units), history


def _tune(
    args: argparse.Namespace,
    workers: Workers,
    state_path: Path,
    run: dict[str, Any],
    units: list[float],
    history: list[Any],
) -> None:
    """The iterations from ``len(history)`` on, ``units`` and ``history`` updated in place
    and checkpointed after each."""
    big_a = args.iterations * 0.1
    started = time.perf_counter()
    first = len(history)
    for k in range(len(history), args.iterations):
        rng = random.Random(f"{args.seed}/{k}")
        signs = [rng.choice((-1.0, 1.0)) for _ in PARAMETERS]
        ck = args.c / (k + 1) ** 0.101
        ak = args.a / (k + 1 + big_a) ** 0.602
        theta = [p.start + u * p.scale for p, u in zip(PARAMETERS, units, strict=True)]
        plus = [t + ck * s * p.scale for t, s, p in zip(theta, signs, PARAMETERS, strict=True)]
        minus = [t - ck * s * p.scale for t, s, p in zip(theta, signs, PARAMETERS, strict=True)]
        seeds = [rng.randrange(1 << 30) for _ in range(args.games // 2)]
        try:
            diff = sum(workers.map(_match, [(plus, minus, s, 2) for s in seeds]))
        except WorkersError as err:  # Ray unreachable: the checkpoint holds what was done
            refuse("tune_policy.py", str(err))
        result = diff / args.games  # in -1..1: plus's win share minus minus's
        for i, (s, p) in enumerate(zip(signs, PARAMETERS, strict=True)):
            u = units[i] + ak * result / (2 * ck) * s
            units[i] = min((p.high - p.start) / p.scale, max((p.low - p.start) / p.scale, u))
        entry = {"iteration": k, "result": round(result, 4), "units": units[:]}
        _save(state_path, run, units, [*history, entry])
        history.append(entry)  # once saved: what Ctrl-C says is kept is what the file holds
        done = k + 1 - first
        eta = (time.perf_counter() - started) / done * (args.iterations - k - 1)
        print(
            f"\riteration {k + 1}/{args.iterations}  plus-minus {result:+.3f}  "
            f"ETA {eta / 60:.1f} min",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)


def _save(path: Path, run: dict[str, Any], units: list[float], history: list[Any]) -> None:
    """The checkpoint, replaced whole or not at all. It is written beside ``path`` under a
    name of its own (``path.with_suffix(".tmp")`` was a file of the user's when ``--state``
    ended in .tmp or named a.json beside a.tmp) and removed if the write or the rename fails
    or Ctrl-C comes between them, which left it behind before."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"run": run, "parameters": [p.name for p in PARAMETERS], "units": units,
            "history": history}  # fmt: skip
    handle, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(json.dumps(data))
        os.replace(tmp, path)
    except BaseException:  # not swallowed: re-raised once the temporary file is gone
        try:
            os.unlink(tmp)
        except OSError as err:  # said, as the file stays behind
            print(f"tune_policy.py: {tmp} could not be removed: {err.strerror or err}",
                  file=sys.stderr)  # fmt: skip
        raise


def _write_model(
    args: argparse.Namespace, run: dict[str, Any], units: list[float], history: list[Any]
) -> None:
    tail = [h["units"] for h in history[len(history) - max(1, len(history) // 4) :]]
    mean = [sum(col) / len(tail) for col in zip(*tail, strict=True)]
    theta = [p.start + u * p.scale for p, u in zip(PARAMETERS, mean, strict=True)]
    weights, knobs = model_of(theta)
    model = {
        "format": FORMAT,
        "version": 1,
        "weights": {k: [round(x, 4) for x in v] if isinstance(v, list) else round(v, 4)
                    for k, v in weights.items()},
        "knobs": {k: round(v, 4) for k, v in knobs.items()},
        "made_by": {
            "command": f"python tools/tune_policy.py --model {args.model} --iterations "
            f"{args.iterations} --games {args.games} --seed {args.seed}",
            **run,
            "iterations": len(history),
            "games_played": len(history) * args.games,
        },
    }  # fmt: skip
    path = ROOT / "ai" / "data" / f"{args.model}.json"  # checked by main before the run
    path.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
