"""Reference speed: Catanatron 3.2.1 random 4-player games, actions per CPU second.

Run inside its own environment (./build.sh bench --compare sets it up in .venv-catanatron):
    python lab/bench_catanatron.py [seconds]
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "seconds", nargs="?", type=float, default=20.0, help="CPU seconds of games (20)"
    )
    args = parser.parse_args(argv)
    try:
        # Installed only in .venv-catanatron, not in the environment mypy checks with.
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]
    except ImportError:
        parser.error(
            "catanatron is not installed in this Python; run this with "
            ".venv-catanatron/bin/python, which ./build.sh bench --compare sets up"
        )
    random.seed(1)
    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    start = time.process_time()
    actions = games = 0
    while time.process_time() - start < args.seconds:
        played = Game([RandomPlayer(c) for c in colors])
        played.play()
        actions += len(played.state.actions)
        games += 1
    elapsed = time.process_time() - start
    print(
        json.dumps(
            {
                "catanatron": "3.2.1",
                "games": games,
                "games_per_cpu_s": round(games / elapsed, 2),
                "actions_per_cpu_s": round(actions / elapsed),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
