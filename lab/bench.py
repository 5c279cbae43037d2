"""Speed report as JSON: ``./build.sh bench`` (or ``python -m lab.bench``).

Engine figures (issue targets): random 4-player games per second with all patches on, actions
per second in those games (uniform over ``legal_actions()``, chance drawn by the probabilities
of ``chance_outcomes()`` with ``sample_chance(rng)``), and microseconds per ``clone()`` and per
``legal_actions()`` at mid-game. The first games warm the engine's memoised move tables and
are timed separately. Rates are per CPU second of this process (``time.process_time``), so
other work on the machine does not distort them. The "ai" section (``lab.bench_search``) adds
search speed per difficulty preset, the time of a ``hard`` decision and the longest
``step_ms(8)`` slice. ``--compare`` also measures Catanatron 3.2.1's random 4-player games in
its own environment (set up by ``./build.sh bench --compare``), at the same time as ours and on
the other core, in rounds that swap the cores, and reports the ratio.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import game
from game import CHANCE, P_ACTION


def random_game(seed: int, rng: random.Random, players: int = 4) -> int:
    state = game.new_game(players, seed=seed)
    actions = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            # By the probabilities of chance_outcomes(), one rng.random() per event.
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def mid_game_state(seed: int = 11, rounds: int = 6, players: int = 4) -> game.GameState:
    """A random game at its first action phase from round ``rounds`` on."""
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    while not state.is_terminal() and (state.round < rounds or state.phase != P_ACTION):
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def bench_engine(
    games: int, warmup: int, beside: str | None = None, seconds: float = 20.0
) -> dict[str, Any]:
    """The engine's figures; with ``beside`` (a Python with Catanatron), the timed games are
    played in rounds beside Catanatron's (``compare_rounds``) instead of ``games`` games."""
    rng = random.Random(2024)
    start = time.process_time()
    warm_actions = sum(random_game(10_000 + i, rng) for i in range(warmup))
    warm_s = time.process_time() - start
    rounds: list[dict[str, Any]] = []
    if beside is None:
        start = time.process_time()
        actions = sum(random_game(i, rng) for i in range(games))
        elapsed = time.process_time() - start
    else:
        rounds = compare_rounds(beside, rng, seconds)
        games = sum(r["games"] for r in rounds)
        actions = sum(r["actions"] for r in rounds)
        elapsed = sum(r["cpu_s"] for r in rounds)
    state = mid_game_state()
    reps = 20_000
    t0 = time.perf_counter()
    for _ in range(reps):
        state.clone()
    clone_us = (time.perf_counter() - t0) / reps * 1e6
    t0 = time.perf_counter()
    for _ in range(2_000):
        fresh = state.clone()
        fresh._legal = None
        fresh.turn_moves = {}
        fresh.legal_actions()
    legal_cold_us = (time.perf_counter() - t0) / 2_000 * 1e6
    t0 = time.perf_counter()
    for _ in range(2_000):
        fresh = state.clone()
        fresh._legal = None
        fresh.legal_actions()
    legal_us = (time.perf_counter() - t0) / 2_000 * 1e6
    return {
        "random_games": games,
        "games_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "mean_actions_per_game": round(actions / games, 1),
        "warmup_games": warmup,
        "warmup_games_per_s": round(warmup / warm_s, 1) if warmup else None,
        "warmup_actions_per_s": round(warm_actions / warm_s) if warmup else None,
        "clone_us": round(clone_us, 2),
        "legal_actions_us": round(legal_us, 1),
        "legal_actions_first_in_turn_us": round(legal_cold_us, 1),
        "mid_game_legal_actions": len(state.legal_actions()),
        **({"side_by_side": rounds} if rounds else {}),
    }


# Side by side, the two engines swap cores from round to round: the cores of a shared machine
# are not equally fast (here one ran our engine about 7% faster than the other), and a ratio
# taken with both arrangements, by geometric mean, is free of that difference.
ROUNDS = 4


def compare_rounds(python: str, rng: random.Random, seconds: float) -> list[dict[str, Any]]:
    """``ROUNDS`` rounds of random games, each lasting ``seconds / ROUNDS`` CPU seconds on both
    sides, with Catanatron running at the same time on the other core."""
    out = []
    seed = 0
    for index in range(ROUNDS):
        swap = index % 2 == 1
        with catanatron_beside(python, seconds / ROUNDS, swap=swap) as process:
            start = time.process_time()
            games = actions = 0
            while True:
                actions += random_game(seed, rng)
                seed += 1
                games += 1
                elapsed = time.process_time() - start
                if elapsed >= seconds / ROUNDS:
                    break
            theirs = catanatron_report(process)
        ours = actions / elapsed
        out.append(
            {
                "swapped_cores": swap,
                "games": games,
                "actions": actions,
                "cpu_s": round(elapsed, 3),
                "actions_per_s": round(ours),
                "catanatron_actions_per_cpu_s": theirs["actions_per_cpu_s"],
                "catanatron_games": theirs["games"],
                "ratio": round(ours / theirs["actions_per_cpu_s"], 3),
            }
        )
    return out


def side_by_side_ratio(rounds: list[dict[str, Any]]) -> float:
    """Our actions per second over Catanatron's: per core arrangement pooled over its rounds,
    then the geometric mean of the arrangements."""
    ratios = []
    for swapped in (False, True):
        mine = [r for r in rounds if r["swapped_cores"] == swapped]
        if not mine:
            continue
        ours = sum(r["actions"] for r in mine) / sum(r["cpu_s"] for r in mine)
        # Catanatron's rounds last the same CPU time, so their mean rate is the pooled one.
        theirs = sum(r["catanatron_actions_per_cpu_s"] for r in mine) / len(mine)
        ratios.append(ours / theirs)
    return float(math.prod(ratios) ** (1 / len(ratios)))


@contextmanager
def catanatron_beside(
    python: str, seconds: float = 20.0, swap: bool = False
) -> Iterator[subprocess.Popen[str]]:
    """Catanatron's random games running beside ours, each engine on a core of its own.

    Measured at the same time, both see the same machine (clock speed, other work), so their
    ratio does not drift with whatever ran before or after. Where the OS lets a process choose
    its cores, this process keeps the first and Catanatron gets the second (the other way round
    with ``swap``), until the block ends.
    """
    script = Path(__file__).resolve().parent / "bench_catanatron.py"
    saved = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    cores = sorted(saved)
    pin_child = None
    if len(cores) >= 2:
        ours, theirs = (cores[1], cores[0]) if swap else (cores[0], cores[1])
        os.sched_setaffinity(0, {ours})

        def pin_child() -> None:
            os.sched_setaffinity(0, {theirs})

    try:
        process = subprocess.Popen(
            [python, str(script), str(seconds)],
            stdout=subprocess.PIPE,
            text=True,
            preexec_fn=pin_child,
        )
    except OSError:
        if pin_child is not None:
            os.sched_setaffinity(0, saved)
        raise
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()  # our side failed: do not leave it running
            process.communicate()
        if pin_child is not None:
            os.sched_setaffinity(0, saved)


def catanatron_report(process: subprocess.Popen[str]) -> dict[str, Any]:
    """Wait for the run started by ``catanatron_beside`` and read its JSON line."""
    out, _ = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"the Catanatron benchmark failed (exit {process.returncode})")
    result: dict[str, Any] = json.loads(out)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Strategos speed report (JSON)")
    parser.add_argument("--games", type=int, help="random games timed (200; without --compare)")
    parser.add_argument("--warmup", type=int, help="games played first, untimed (50; 400)")
    parser.add_argument("--out", help="also write the report to this file")
    parser.add_argument("--no-ai", action="store_true", help="skip the AI search section")
    parser.add_argument(
        "--compare",
        metavar="PYTHON",
        help="a Python with catanatron==3.2.1 installed, to measure it side by side",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        help="with --compare: CPU seconds of games on each side, over 4 rounds (40)",
    )
    args = parser.parse_args(argv)
    # --games counts the timed games alone; beside Catanatron, --seconds bounds them instead.
    if args.compare and args.games is not None:
        parser.error("--games is not for --compare, where --seconds bounds the timed games")
    if not args.compare and args.seconds is not None:
        parser.error("--seconds goes with --compare")
    if args.games is not None and args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    if args.warmup is not None and args.warmup < 0:
        parser.error(f"--warmup must be 0 or more, not {args.warmup}")
    seconds = 40.0 if args.seconds is None else args.seconds
    if not 0 < seconds <= 3600:  # nan fails this too
        parser.error("--seconds must be more than 0 and at most 3600")
    if args.compare and shutil.which(args.compare) is None:
        parser.error(f"--compare {args.compare}: no such Python (a program to run)")
    from lab.command_line import stopping, unwritable

    why = unwritable(args.out)
    if why:
        parser.error(why)
    games = args.games if args.games is not None else 200  # without --compare
    warmup = args.warmup if args.warmup is not None else (400 if args.compare else 50)
    # Minutes of timing, and the report written only at its end.
    with stopping("bench", lambda: "nothing was written"):
        return _report(args, games, warmup, seconds)


def _report(args: argparse.Namespace, games: int, warmup: int, seconds: float) -> int:
    """Time what the command line asks for, print the report and write it to ``--out``."""
    report: dict[str, Any] = {"python": sys.version.split()[0], "machine": platform.machine()}
    if args.compare:
        try:
            engine = report["engine"] = bench_engine(games, warmup, args.compare, seconds)
        except (OSError, RuntimeError) as err:  # that Python failed to run or to measure
            print(f"bench: {err}", file=sys.stderr)
            return 2
        rounds = engine["side_by_side"]
        report["catanatron"] = {
            "catanatron": "3.2.1",
            "games": sum(r["catanatron_games"] for r in rounds),
            "actions_per_cpu_s": round(
                sum(r["catanatron_actions_per_cpu_s"] for r in rounds) / len(rounds)
            ),
        }
        report["actions_per_s_vs_catanatron"] = round(side_by_side_ratio(rounds), 2)
    else:
        report["engine"] = bench_engine(games, warmup)
    if not args.no_ai:
        from lab.bench_search import bench_ai

        report["ai"] = bench_ai()
    text = json.dumps(report, indent=2)
    print(text)
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as out:
                out.write(text + "\n")
        except OSError as err:
            print(f"{args.out} cannot be written: {err.strerror or err}.", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
