"""Instructions per random 4-player game, counted by valgrind: an exact A/B for engine changes.

Timings on this kind of machine move by several percent from run to run, more than most single
optimisations of the engine gain, so a timed A/B needs many rounds and still misleads. Counting
the machine instructions the interpreter executes (valgrind's cachegrind tool without its cache
simulation) gives the same figure every time for the same code and the same games, so two
versions of the engine compare exactly. Instructions are not time (cache misses and
allocations cost more than their count says), so a change that counts fewer should still be
confirmed with ``./build.sh bench``.

The games are the bench's warm-up games (``lab.bench.random_game``, seeds from 10000 on, the
bench's random generator). The first games fill
the engine's move tables and cost more, so the figure is the difference between two runs
(``--to`` games and ``--start`` games) divided by the games between them.

    python -m lab.engine_instructions                 # this checkout
    python -m lab.engine_instructions --root /tmp/other-checkout

About 40 s under valgrind per 100 games. Needs valgrind (``apt install valgrind``). The figures
and what has been tried: docs/engine-speed.md.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Plays the first n of the bench's warm-up games from the given checkout (argv: root, n).
GAMES = """
import os, random, sys
root = os.path.realpath(sys.argv[1])
sys.path.insert(0, root)
try:
    import lab.bench as bench
except ImportError:  # a checkout from before the lab left ai/ (a730440 and older)
    import ai.bench as bench
if not os.path.realpath(bench.__file__).startswith(root + os.sep):
    sys.exit(f"the bench came from {bench.__file__}, not from {root}")
rng = random.Random(2024)
for i in range(int(sys.argv[2])):
    bench.random_game(10_000 + i, rng)
"""

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def games_command(root: Path, games: int, python: str = sys.executable) -> list[str]:
    return [python, "-c", GAMES, str(root), str(games)]


def instruction_count(valgrind_stderr: str) -> int:
    """The total from valgrind's summary line ``I refs: 6,813,833,291``."""
    found = _REFS.search(valgrind_stderr)
    if found is None:
        raise ValueError("no 'I refs' line in valgrind's output")
    return int(found.group(1).replace(",", ""))


def count(root: Path, games: int) -> int:
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        sys.exit("valgrind is not installed (apt install valgrind)")
    # The same hash seed every time, so that set and dict orders and with them the work done
    # are the same from run to run.
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    counter = [valgrind, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    done = subprocess.run(
        [*counter, *games_command(root, games)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"the games failed under valgrind:\n{done.stderr[-2000:]}")
    return instruction_count(done.stderr)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--start", type=int, default=300, help="games before the counted ones")
    parser.add_argument("--to", type=int, default=700, help="games up to the last counted one")
    args = parser.parse_args(argv)
    if not 0 <= args.start < args.to:
        parser.error("need 0 <= --start < --to")
    before = count(args.root, args.start)
    after = count(args.root, args.to)
    per_game = (after - before) / (args.to - args.start)
    print(f"{args.root}: {per_game:,.0f} instructions per game (games {args.start}..{args.to})")


if __name__ == "__main__":
    main()
