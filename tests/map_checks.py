"""The board data read as plain JSON and measured as a graph, for tests/test_map_data.py (which
asserts on the measures) and tools/build/check_map.py (which prints them).

Standard library only and nothing from game/: the data is checked independently of the
engine's loader, and the tool runs without the engine.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict, deque
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "game" / "data"
MAPS = DATA / "maps"  # map N is maps/N.json, its quest deck quests/N.json (R2.5)
QUESTS = DATA / "quests"


def map_versions() -> list[int]:
    """The versions of the map files there are, ascending (a file not named by a whole number
    is reported by tests/test_maps.py)."""
    return sorted(int(p.stem) for p in MAPS.glob("*.json") if p.stem.isdigit())


# A data file, or one of its records (a city, a ship, a route, a card), as JSON gives it.
Record = dict[str, Any]
Graph = dict[str, set[str]]


def load(path: Path) -> Record:
    with path.open(encoding="utf-8") as f:
        data: Record = json.load(f)
    return data


def cities_by_id(board: Record) -> dict[str, Record]:
    return {c["id"]: c for c in board["cities"]}


def ships_by_id(board: Record) -> dict[str, Record]:
    return {s["id"]: s for s in board["ships"]}


def adjacency(board: Record, kinds: tuple[str, ...] = ("land", "sea")) -> Graph:
    adj: Graph = defaultdict(set)
    for node in [*board["cities"], *board["ships"]]:
        adj[node["id"]]  # every node is present, even without routes
    for r in board["routes"]:
        if r["kind"] in kinds:
            adj[r["a"]].add(r["b"])
            adj[r["b"]].add(r["a"])
    return adj


def bfs(adj: Graph, start: str) -> dict[str, int]:
    """The segments from ``start`` to every node it reaches."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in adj[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def components(adj: Graph, nodes: list[str]) -> list[set[str]]:
    """The connected groups of ``nodes``, in the order of their first node."""
    seen: set[str] = set()
    comps = []
    for n in nodes:
        if n not in seen:
            comp = set(bfs(adj, n))
            seen |= comp
            comps.append(comp)
    return comps


def ship_graph(adj: Graph, ship_ids: dict[str, Record]) -> Graph:
    """The sea graph restricted to ships (ship-to-ship segments only)."""
    return defaultdict(set, {s: adj[s] & set(ship_ids) for s in ship_ids})


def capitals(board: Record) -> dict[str, list[str]]:
    """Each kingdom's capitals, kingdoms and capitals in the order of the file."""
    caps: dict[str, list[str]] = {k["id"]: [] for k in board["kingdoms"]}
    for c in board["cities"]:
        if c["capital"]:
            caps[c["kingdom"]].append(c["id"])
    return caps


def nearest_enemy_capitals(board: Record) -> dict[str, dict[str, float]]:
    """For each capital, the summer segments to the nearest capital of every other kingdom
    (``math.inf`` where there is no path)."""
    adj = adjacency(board)
    caps = capitals(board)
    nearest: dict[str, dict[str, float]] = {}
    for k, own in caps.items():
        for cap in own:
            dist = bfs(adj, cap)
            nearest[cap] = {
                k2: min(dist.get(c, math.inf) for c in theirs)
                for k2, theirs in caps.items()
                if k2 != k
            }
    return nearest


def km(a: Record, b: Record) -> float:
    """The great-circle distance between two nodes."""
    la1, lo1, la2, lo2 = map(math.radians, (a["lat"], a["lon"], b["lat"], b["lon"]))
    h = (
        math.sin((la2 - la1) / 2) ** 2
        + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    )
    return 2 * 6371.0 * math.asin(math.sqrt(h))
