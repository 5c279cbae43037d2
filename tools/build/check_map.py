"""Print a balance report for a map file (R2, R5.3): game/data/maps/N.json.

Usage: python3 tools/build/check_map.py [path/to/N.json]   (the newest map by default)

Reports the counts per kingdom, routes and ships, the winter (land-only) components, and
the distances in segments between capitals of different kingdoms over summer routes.
Reads the JSON with the standard library only.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a script from anywhere

# The graph measures tests/test_map_data.py asserts on, so the report shows what the tests see.
from tests import map_checks as maps  # noqa: E402


def report(board: maps.Record) -> None:
    cities = maps.cities_by_id(board)
    caps = maps.capitals(board)

    print("== Counts")
    for k, own in caps.items():
        n = sum(1 for c in cities.values() if c["kingdom"] == k)
        print(f"  {k:14s} {len(own)} capitals + {n - len(own)} ordinary (first: {own[0]})")
    kinds = Counter(r["kind"] for r in board["routes"])
    islands = [c for c in cities if cities[c]["island"]]
    print(
        f"  islands {len(islands)}, ships {len(board['ships'])}, "
        f"land routes {kinds['land']}, sea routes {kinds['sea']}"
    )

    print("== Winter components (land routes only)")
    for comp in maps.components(maps.adjacency(board, ("land",)), list(cities)):
        owners = sorted({str(cities[x]["kingdom"]) for x in comp})
        names = "" if len(comp) > 12 else " " + ", ".join(sorted(comp))
        print(f"  {len(comp):3d} cities, kingdoms {owners}{names}")

    print("== Summer distance (segments) from each capital to the nearest capital of each enemy")
    for cap, nearest in maps.nearest_enemy_capitals(board).items():
        row = sorted((d, k2) for k2, d in nearest.items())
        print(f"  {cap:18s} " + "  ".join(f"{k2[:5]}:{d}" for d, k2 in row))
    summer = maps.adjacency(board)
    kingdom = {cap: k for k, own in caps.items() for cap in own}
    pairs: list[tuple[int, str, str]] = []
    for cap, k in kingdom.items():
        dist = maps.bfs(summer, cap)
        pairs += [(dist.get(c, 10**6), cap, c) for c in kingdom if kingdom[c] != k and cap < c]
    pairs.sort()
    print(f"  closest enemy capitals: {pairs[:3]}")
    print(f"  farthest enemy capitals: {pairs[-3:]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    newest = maps.MAPS / f"{max(maps.map_versions(), default=1)}.json"
    parser.add_argument(
        "map", nargs="?", type=Path, default=newest, help=f"(the newest map, {newest.name})"
    )
    args = parser.parse_args(argv)
    try:
        board = maps.load(args.map)
    except (OSError, ValueError) as err:  # json.JSONDecodeError and UnicodeError are ValueErrors
        parser.error(f"{args.map} cannot be read as JSON: {err}")
    report(board)
    return 0


if __name__ == "__main__":
    sys.exit(main())
