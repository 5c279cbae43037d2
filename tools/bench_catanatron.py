"""Reference speed: Catanatron 3.2.1 random 4-player games, actions per CPU second.

Run inside its own environment (./build.sh bench --compare sets it up in .venv-catanatron):
    python tools/bench_catanatron.py [seconds]
Prints one JSON object.
"""

from __future__ import annotations

import json
import random
import sys
import time

# Installed only in .venv-catanatron, not in the environment mypy checks with.
from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 20.0
    random.seed(1)
    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    start = time.process_time()
    actions = games = 0
    while time.process_time() - start < seconds:
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


if __name__ == "__main__":
    main()
