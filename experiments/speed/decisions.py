"""Whole search decisions at the bench's positions, for a profiler to watch.

    python experiments/speed/decisions.py [--level hard] [--seats 2,4] [--repeat 1] [--cprofile OUT]

Runs ``level``'s decision at each of ``lab.bench_search.typical_positions`` (three mid-game
action phases of greedy games) at every seat count, seed = the position's index, as the bench
does; with ``--cprofile`` under cProfile (call counts; its timings overstate small calls).
"""

from __future__ import annotations

import argparse
import random
import time

from ai.presets import PRESETS
from ai.search import Search
from game import GameState
from lab.bench_search import typical_positions


def decide_all(
    level: str, cases: list[tuple[int, list[GameState]]], repeat: int
) -> tuple[int, float]:
    iterations = 0
    cpu = 0.0
    for players, positions in cases:
        config = PRESETS[level].at(players)
        for _ in range(repeat):
            for i, state in enumerate(positions):
                view = state.observe(state.current_player())
                search = Search(view, state.legal_actions(), random.Random(i), config)
                start = time.process_time()
                while not search.step(1 << 30):
                    pass
                cpu += time.process_time() - start
                iterations += search.iterations
    return iterations, cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seats", default="2,4")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--cprofile")
    args = parser.parse_args()
    seats = [int(s) for s in args.seats.split(",")]
    # The positions come from greedy games: made before any profiler starts.
    cases = [(players, typical_positions(players=players)) for players in seats]
    if args.cprofile:
        import cProfile

        cProfile.runctx(
            "decide_all(args.level, cases, args.repeat)", globals(), locals(), args.cprofile
        )
    else:
        iterations, cpu = decide_all(args.level, cases, args.repeat)
        print(f"{iterations} iterations in {cpu:.2f} CPU s: {iterations / cpu:.0f}/s")


if __name__ == "__main__":
    main()
