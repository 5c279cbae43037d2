"""How often an agent solves the guard puzzle over many seeded turns (the test judges five).

    .venv/bin/python tools/puzzle_rate.py ismcts:hard:iterations=400 --turns 20

The position is ``guard_puzzle`` of tests/ai/test_puzzles.py: a general comes back while a
strong enemy waits next to Roma; solved when the turn returns a general and Roma is guarded.
The turn's draws and battles, and the search's randomness, follow the seed of each turn.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, from anywhere

from ai.registry import agent_from_spec
from lab.command_line import stopping
from tests.ai.test_puzzles import guard_puzzle, guards_roma, play_turn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("agents", nargs="+", help="agent specs, e.g. ismcts:normal")
    parser.add_argument("--turns", type=int, default=20, help="seeded turns, seeds 0 to N-1")
    args = parser.parse_args(argv)
    if args.turns < 1:
        parser.error("--turns must be at least 1")
    for number, spec in enumerate(args.agents):
        try:
            agent_from_spec(spec)
        except ValueError as err:
            parser.error(str(err))
        if spec in args.agents[:number]:  # the same seeded turns again: the same count
            parser.error(f"{spec} is given twice")
    with stopping(Path(__file__).name, lambda: "nothing is kept but the counts printed"):
        for spec in args.agents:
            solved = 0
            for seed in range(args.turns):
                state = guard_puzzle()
                solved += guards_roma(state, play_turn(state, agent_from_spec(spec), seed=seed))
            print(f"{spec}: {solved} of {args.turns}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
