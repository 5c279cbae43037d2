"""Search iterations per CPU second at the bench's positions, for one checkout or A/B.

    python experiments/speed/iterations.py --root A --root B [--rounds 3] [--levels hard,normal]

Each round runs one child process per checkout, alternating which goes first, so that the
load of a shared machine falls on both alike. A child imports the engine and the AI of its
checkout (``sys.path``), takes the bench's positions (``lab.bench_search.typical_positions``,
``ai.bench_search`` in a checkout from before the lab: three mid-game action phases of greedy
games, at two and at four seats), and runs each level's whole decision at every position
(seed = the position's index, as the bench does), counting CPU time (``time.process_time``)
and iterations. The report gives iterations per CPU second per checkout, level and seat count,
summed over rounds, and the ratio of each checkout to the first; it also says whether every
decision (action, iterations) agreed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import json, random, sys, time, gc
root = sys.argv[1]
sys.path.insert(0, root)
import ai, game
try:  # the bench moved to the lab after 8efeb03
    from lab.bench_search import typical_positions
except ImportError:
    from ai.bench_search import typical_positions
from ai.presets import PRESETS
from ai.search import Search
assert ai.__file__.startswith(root), ai.__file__
levels = sys.argv[2].split(",")
seats = [int(x) for x in sys.argv[3].split(",")]
warm = sys.argv[4] == "1"
if sys.argv[5] != "current" and hasattr(game, "get_map"):
    # Positions on an older map (R2.5), for a checkout from before the maps had versions.
    board = game.get_map(int(sys.argv[5]))
    new_game = game.new_game
    game.new_game = lambda *a, **k: new_game(*a, **{"board": board, **k})
out = []
for players in seats:
    positions = typical_positions(players=players)
    for level in levels:
        preset = PRESETS[level]
        config = preset.at(players) if hasattr(preset, "at") else preset
        if warm:  # the engine's memoised move tables and the evaluation's tables
            for i, state in enumerate(positions):
                view = state.observe(state.current_player())
                s = Search(view, state.legal_actions(), random.Random(100 + i), config)
                s.step(200)
        for i, state in enumerate(positions):
            view = state.observe(state.current_player())
            search = Search(view, state.legal_actions(), random.Random(i), config)
            start = time.process_time()
            while not search.step(1 << 30):
                pass
            cpu = time.process_time() - start
            out.append({"players": players, "level": level, "position": i,
                        "iterations": search.iterations, "cpu_s": cpu,
                        "action": repr(search.best_action())})
print(json.dumps(out))
"""


def run(python: str, root: str, levels: str, seats: str, warm: bool, board: str) -> list[dict]:
    done = subprocess.run(
        [python, "-c", CHILD, root, levels, seats, "1" if warm else "0", board],
        check=True,
        capture_output=True,
        text=True,
        cwd="/tmp",
    )
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", action="append", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--levels", default="hard,normal")
    parser.add_argument("--seats", default="2,4")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--no-warm", action="store_true")
    parser.add_argument("--json")
    parser.add_argument(
        "--map",
        default="current",
        help="the map of the positions (R2.5) where a checkout has versions of it: 1 is the "
        "map of the checkouts from before map 2, so that both search the same positions",
    )
    args = parser.parse_args()
    roots = [str(Path(r).resolve()) for r in args.root]
    rows: dict[str, list[dict]] = {r: [] for r in roots}
    for k in range(args.rounds):
        order = roots if k % 2 == 0 else roots[::-1]
        for r in order:
            rows[r].extend(run(args.python, r, args.levels, args.seats, not args.no_warm, args.map))
            print(f"round {k + 1}: {r} done", file=sys.stderr)
    table: dict[str, dict[str, float]] = {}
    for r in roots:
        for row in rows[r]:
            key = f"{row['level']}@{row['players']}"
            cell = table.setdefault(r, {}).setdefault(key, [0, 0.0])  # type: ignore[arg-type]
            cell[0] += row["iterations"]
            cell[1] += row["cpu_s"]
    report = {"rounds": args.rounds, "rates": {}, "ratios": {}, "same_decisions": {}}
    first = roots[0]
    for r in roots:
        report["rates"][r] = {k: round(v[0] / v[1]) for k, v in sorted(table[r].items())}
        if r != first:
            report["ratios"][r] = {
                k: round((table[r][k][0] / table[r][k][1]) / (v[0] / v[1]), 3)
                for k, v in sorted(table[first].items())
            }
            a = [
                (x["level"], x["players"], x["position"], x["action"], x["iterations"])
                for x in rows[first]
            ]
            b = [
                (x["level"], x["players"], x["position"], x["action"], x["iterations"])
                for x in rows[r]
            ]
            report["same_decisions"][r] = a == b
    report["decisions"] = {
        r: sorted(
            {
                (x["level"], x["players"], x["position"], x["action"], x["iterations"])
                for x in rows[r]
            }
        )
        for r in roots
    }
    text = json.dumps(report, indent=1)
    if args.json:
        Path(args.json).write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
