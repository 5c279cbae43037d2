"""Print a balance report for game/data/map.json (R2, R5.3).

Usage: python3 tools/check_map.py [path/to/map.json]

Reports the counts per kingdom, routes and ships, the winter (land-only) components, and
the distances in segments between capitals of different kingdoms over summer routes.
Reads the JSON with the standard library only.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict, deque
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[1] / "game" / "data" / "map.json"


def adjacency(board: dict, kinds: tuple[str, ...]) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = defaultdict(set)
    for r in board["routes"]:
        if r["kind"] in kinds:
            adj[r["a"]].add(r["b"])
            adj[r["b"]].add(r["a"])
    return adj


def bfs(adj: dict[str, set[str]], start: str) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in adj[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def report(board: dict) -> None:
    kingdoms = [k["id"] for k in board["kingdoms"]]
    cities = {c["id"]: c for c in board["cities"]}
    caps = {
        k: [c["id"] for c in board["cities"] if c["kingdom"] == k and c["capital"]]
        for k in kingdoms
    }

    print("== Counts")
    for k in kingdoms:
        n = sum(1 for c in cities.values() if c["kingdom"] == k)
        first = caps[k][0]
        print(f"  {k:14s} {len(caps[k])} capitals + {n - len(caps[k])} ordinary (first: {first})")
    kinds = Counter(r["kind"] for r in board["routes"])
    islands = [c for c in cities if cities[c]["island"]]
    print(
        f"  islands {len(islands)}, ships {len(board['ships'])}, "
        f"land routes {kinds['land']}, sea routes {kinds['sea']}"
    )

    print("== Winter components (land routes only)")
    land = adjacency(board, ("land",))
    seen: set[str] = set()
    for cid in cities:
        if cid in seen:
            continue
        comp = set(bfs(land, cid))
        seen |= comp
        owners = sorted({str(cities[x]["kingdom"]) for x in comp})
        names = "" if len(comp) > 12 else " " + ", ".join(sorted(comp))
        print(f"  {len(comp):3d} cities, kingdoms {owners}{names}")

    print("== Summer distance (segments) from each capital to the nearest capital of each enemy")
    summer = adjacency(board, ("land", "sea"))
    pairs = []
    for k in kingdoms:
        for cap in caps[k]:
            dist = bfs(summer, cap)
            row = sorted(
                (min(dist.get(c, 10**6) for c in caps[k2]), k2) for k2 in kingdoms if k2 != k
            )
            print(f"  {cap:18s} " + "  ".join(f"{k2[:5]}:{d}" for d, k2 in row))
            pairs += [
                (dist.get(c, 10**6), cap, c)
                for k2 in kingdoms
                if k2 != k
                for c in caps[k2]
                if cap < c
            ]
    pairs.sort()
    print(f"  closest enemy capitals: {pairs[:3]}")
    print(f"  farthest enemy capitals: {pairs[-3:]}")


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    with path.open(encoding="utf-8") as f:
        report(json.load(f))


if __name__ == "__main__":
    main()
