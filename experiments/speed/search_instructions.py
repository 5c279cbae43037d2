"""Instructions a search iteration costs, counted by valgrind: an exact A/B for search changes.

    python experiments/speed/search_instructions.py --root A --root B [--iterations 300]

Timed runs move by 5-10% on a shared machine; counting the instructions the interpreter
executes gives the same figure every time for the same code (see tools/engine_instructions.py).
The bench's positions (``lab.bench_search.typical_positions``, two and four seats) are made once
natively and saved as JSON; each checkout then loads them and runs the ``hard`` search at each
for ``--iterations`` iterations (no early stop: the same work whatever the visits), under
valgrind, and again without searching. The difference, per iteration, is the figure.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

POSITIONS = Path("/tmp/speed_positions.json")

MAKE = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
try:  # the bench moved to the lab after 8efeb03
    from lab.bench_search import typical_positions
except ImportError:
    from ai.bench_search import typical_positions
out = {str(p): [s.to_json() for s in typical_positions(players=p)] for p in (2, 4)}
open(sys.argv[2], "w").write(json.dumps(out))
"""

RUN = r"""
import json, random, sys, os
root = sys.argv[1]
sys.path.insert(0, root)
import ai, game
from dataclasses import replace
assert os.path.realpath(ai.__file__).startswith(root), ai.__file__
from ai.presets import PRESETS
from ai.search import Search
from game import GameState
level, iterations, search = sys.argv[3], int(sys.argv[4]), sys.argv[5] == "1"
data = json.loads(open(sys.argv[2]).read())
total = 0
for players, texts in sorted(data.items()):
    for i, text in enumerate(texts):
        state = GameState.from_json(text)
        view = state.observe(state.current_player())
        preset = PRESETS[level]
        config = preset.at(int(players)) if hasattr(preset, "at") else preset
        config = replace(config, iterations=iterations)
        s = Search(view, state.legal_actions(), random.Random(i), config)
        s._decided = lambda: False  # the same number of iterations whatever the visits
        if search:
            while not s.step(1 << 30):
                pass
            total += s.iterations
print(total)
"""

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def count(python: str, root: str, level: str, iterations: int, search: bool) -> tuple[int, int]:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            python,
            "-c",
            RUN,
            root,
            str(POSITIONS),
            level,
            str(iterations),
            "1" if search else "0",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd="/tmp",
    )
    found = _REFS.search(done.stderr)
    assert found is not None, done.stderr[-2000:]
    return int(found.group(1).replace(",", "")), int(done.stdout.strip() or 0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", action="append", required=True)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    roots = [str(Path(r).resolve()) for r in args.root]
    if not POSITIONS.exists():
        subprocess.run([args.python, "-c", MAKE, roots[0], str(POSITIONS)], check=True)
    first = None
    for root in roots:
        with_search, iterations = count(args.python, root, args.level, args.iterations, True)
        without, _ = count(args.python, root, args.level, args.iterations, False)
        per = (with_search - without) / iterations
        first = first or per
        print(
            json.dumps(
                {
                    "root": root,
                    "iterations": iterations,
                    "instructions_per_iteration": round(per),
                    "relative": round(per / first, 4),
                }
            )
        )


if __name__ == "__main__":
    main()
