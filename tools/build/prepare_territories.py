#!/usr/bin/env python3
"""Build the board's kingdom territories from the committed maps and coastlines.

Usage:

    python tools/build/prepare_territories.py [--map game/data/maps/N.json]
        [--coastlines web/data/coastlines.json] [--output web/data/territories_N.json]

Each map version has its own territories (R2.5: maps differ in which kingdom holds a city):
``web/data/territories_N.json`` is made from ``game/data/maps/N.json``. Without ``--map`` the
tool makes the file of every map version; ``--output`` goes with one ``--map``, whose own
``version`` names the file by default.

A territory is the land nearer, walking over land, to one of a kingdom's cities than to any
other city: a Voronoi partition measured along the ground, so a peninsula belongs to the
cities on it and a cell never jumps a strait to the far shore. Land farther than ``REACH``
from every city (the forests north of the Alps, the Sahara, the Arabian desert) and land
with no city at all is neutral; the three quest islands, whose cities belong to no kingdom,
are a kind of their own.

How, standard library only (the test rebuilds each map's file on every run, so it must be quick
and give the same bytes everywhere):

1. rasterise the land polygons on a grid of ``CELL`` world units;
2. grow every city outward over land cells at once (Dijkstra on a 16-neighbour grid, so
   distances stay within 1.5% of straight lines), each cell keeping its nearest city;
3. let each territory reach ``SEA_MARGIN`` into the sea: the client clips the territories
   with its own coastline mask, so the coast drawn is always the coastline file's, not this
   grid's staircase;
4. trace the boundary between every two kinds of land once, as arcs between the points
   where three kinds meet, and simplify each arc once (Douglas-Peucker), so neighbouring
   territories share the very same border points and no gap or overlap can open;
5. write, in paint order, one outer ring per connected piece of territory (a piece inside
   another's hole comes after it, so painting the list in order needs no holes), the
   borders between two kinds of land with the kind on each side, and where each kingdom's
   name fits best.

The output, in the world coordinates of ``web/ui/geo.py`` (what the client draws with)::

    {"format": 1, "source": ..., "map": N, "owners": [6 kingdom ids, "island", "neutral"],
     "cell": ..., "reach": ..., "regions": [{"owner": i, "ring": [[x, y], ...]}, ...],
     "borders": [{"sides": [left, right], "line": [[x, y], ...]}, ...],
     "names": [{"owner": k, "at": [x, y], "room": r}, ...]}

``owner`` and ``sides`` index ``owners``; ``left`` is the owner on the left of the line as
seen on screen (y grows downward) when walking from its first point to its last. The owner of
a point is the owner of the last region in the list whose ring contains it. Running the
script again on the same inputs gives the same bytes.
"""

from __future__ import annotations

import argparse
import heapq
import json
import math
import os
import sys
from collections.abc import Sequence
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)  # run as a script from anywhere

from game.content import MAP_VERSIONS  # noqa: E402
from lab.command_line import unwritable  # noqa: E402
from web.ui import geo  # noqa: E402  (pure Python: the one projection of the client)

Point = tuple[float, float]

CELL = 2.0
"""Grid step in world units (about 4.4 km): finer than any strait the routes cross."""

REACH = 190.0
"""Land farther than this over land from every city (about 290 km) is neutral."""

SEA_MARGIN = 10.0
"""How far a territory reaches into the sea, beyond the grid's coast, for the mask to clip."""

TOLERANCE = 3.0
"""Douglas-Peucker tolerance of land borders in world units; the coast side is coarser."""

SEA_TOLERANCE = 4.0
"""Tolerance where a territory meets the open sea: hidden by the mask, only needs margin."""

MIN_AREA = 24.0
"""Pieces smaller than this many square world units are left out (grid noise, islets)."""

ISLAND = 6  # the owner index of the quest islands' land
NEUTRAL = 7  # land of no kingdom
SEA = -1

FORMAT = 1

MAPS = os.path.join(ROOT, "game", "data", "maps")
DEFAULT_COASTLINES = os.path.join(ROOT, "web", "data", "coastlines.json")

# One step to each of 16 neighbours and its length in cells: the 8 around and the 8 knight's
# moves, whose extra directions keep the grid's distances close to Euclidean.
STEPS = [
    (dx, dy, math.hypot(dx, dy))
    for dx, dy in [
        (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1),
        (2, 1), (2, -1), (-2, 1), (-2, -1), (1, 2), (1, -2), (-1, 2), (-1, -2),
    ]
]  # fmt: skip


class Grid:
    """Cells of ``CELL`` world units over the board, one flat list per quantity."""

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self.cols = math.ceil(geo.WORLD_WIDTH / cell)
        self.rows = math.ceil(geo.WORLD_HEIGHT / cell)

    def index(self, x: float, y: float) -> int:
        i = min(self.cols - 1, max(0, int(x / self.cell)))
        j = min(self.rows - 1, max(0, int(y / self.cell)))
        return j * self.cols + i


def rasterise(grid: Grid, polygons: Sequence[Sequence[Point]]) -> bytearray:
    """1 for each cell whose centre is on land (even-odd over all rings: they never overlap)."""
    cols, rows, cell = grid.cols, grid.rows, grid.cell
    crossings: list[list[float]] = [[] for _ in range(rows)]
    for ring in polygons:
        n = len(ring)
        for k in range(n):
            x1, y1 = ring[k]
            x2, y2 = ring[(k + 1) % n]
            if y1 == y2:
                continue
            lo, hi = (y1, y2) if y1 < y2 else (y2, y1)
            # Rows whose centre (j + 0.5) * cell lies in [lo, hi).
            first = max(0, math.ceil(lo / cell - 0.5))
            last = min(rows - 1, math.ceil(hi / cell - 0.5) - 1)
            for j in range(first, last + 1):
                y = (j + 0.5) * cell
                crossings[j].append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    land = bytearray(cols * rows)
    for j, xs in enumerate(crossings):
        xs.sort()
        base = j * cols
        for a, b in zip(xs[0::2], xs[1::2], strict=False):
            first = max(0, math.ceil(a / cell - 0.5))
            last = min(cols - 1, math.ceil(b / cell - 0.5) - 1)
            for i in range(first, last + 1):
                land[base + i] = 1
    return land


def grow(
    grid: Grid,
    passable: bytearray,
    seeds: Sequence[tuple[int, int]],
    limit: float,
    owner: list[int],
) -> None:
    """Give each passable cell within ``limit`` (world units) the tag of its nearest seed.

    ``seeds`` are (cell, tag); ``owner`` (all ``SEA`` to begin with) is filled in place.
    Ties go to the seed listed first."""
    cols, rows = grid.cols, grid.rows
    reach = limit / grid.cell
    dist = [math.inf] * (cols * rows)
    heap: list[tuple[float, int, int, int]] = []
    for order, (cell, tag) in enumerate(seeds):
        if dist[cell] > 0:
            dist[cell] = 0.0
            heap.append((0.0, order, cell, tag))
    heapq.heapify(heap)
    while heap:
        d, order, cell, tag = heapq.heappop(heap)
        if owner[cell] != SEA:
            continue  # settled from a nearer seed
        owner[cell] = tag
        j, i = divmod(cell, cols)
        for dx, dy, length in STEPS:
            ni, nj = i + dx, j + dy
            if not (0 <= ni < cols and 0 <= nj < rows):
                continue
            other = nj * cols + ni
            if not passable[other] or owner[other] != SEA:
                continue
            nd = d + length
            if nd <= reach and nd < dist[other]:
                dist[other] = nd
                heapq.heappush(heap, (nd, order, other, tag))


def owners_grid(grid: Grid, land: bytearray, cities: Sequence[tuple[Point, int]]) -> list[int]:
    """The owner of every cell: a kingdom, ``ISLAND``, ``NEUTRAL`` or ``SEA``."""
    size = grid.cols * grid.rows
    land = bytearray(land)
    seeds: list[tuple[int, int]] = []
    for (x, y), tag in cities:
        cell = grid.index(x, y)
        land[cell] = 1  # a coastal city stands on land even where the grid's coast does not
        seeds.append((cell, tag))
    owner = [SEA] * size
    grow(grid, land, seeds, REACH, owner)
    for cell in range(size):
        if land[cell] and owner[cell] == SEA:
            owner[cell] = NEUTRAL
    # Into the sea, from every coast cell, each territory its own colour.
    cols = grid.cols
    sea = bytearray(0 if land[c] else 1 for c in range(size))
    coast: list[tuple[int, int]] = []
    for cell in range(size):
        if not land[cell]:
            continue
        j, i = divmod(cell, cols)
        if any(
            0 <= i + dx < cols and 0 <= j + dy < grid.rows and sea[(j + dy) * cols + i + dx]
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        ):
            coast.append((cell, owner[cell]))
    margin = [SEA] * size
    grow(grid, sea, coast, SEA_MARGIN, margin)  # over water only: no hop across an isthmus
    for cell in range(size):
        if sea[cell]:
            owner[cell] = margin[cell]
    return owner


# --------------------------------------------------------------------------
# Boundaries


Vertex = tuple[int, int]  # a grid corner (i, j): world point (i * cell, j * cell)


def _label(owner: list[int], grid: Grid, i: int, j: int) -> int:
    if 0 <= i < grid.cols and 0 <= j < grid.rows:
        return owner[j * grid.cols + i]
    return SEA


def _sides(owner: list[int], grid: Grid, a: Vertex, b: Vertex) -> tuple[int, int]:
    """The owners left and right of the grid edge a -> b, as seen on screen (y down)."""
    (i, j), (k, m) = a, b
    if k == i + 1:  # east: north cell on the left
        return _label(owner, grid, i, j - 1), _label(owner, grid, i, j)
    if k == i - 1:  # west
        return _label(owner, grid, k, j), _label(owner, grid, k, j - 1)
    if m == j + 1:  # south: east cell on the left
        return _label(owner, grid, i, j), _label(owner, grid, i - 1, j)
    return _label(owner, grid, i - 1, m), _label(owner, grid, i, m)  # north: west on the left


def boundary_edges(owner: list[int], grid: Grid) -> dict[Vertex, list[Vertex]]:
    """Every grid edge between two different owners, as an undirected adjacency."""
    adj: dict[Vertex, list[Vertex]] = {}

    def link(a: Vertex, b: Vertex) -> None:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)

    cols, rows = grid.cols, grid.rows
    for j in range(-1, rows):
        for i in range(-1, cols):
            here = _label(owner, grid, i, j)
            if _label(owner, grid, i + 1, j) != here:  # vertical edge at x = i + 1
                link((i + 1, j), (i + 1, j + 1))
            if _label(owner, grid, i, j + 1) != here:  # horizontal edge at y = j + 1
                link((i, j + 1), (i + 1, j + 1))
    return adj


def arcs(adj: dict[Vertex, list[Vertex]]) -> list[list[Vertex]]:
    """The boundary cut at the corners where three owners meet (or two cross diagonally):
    each arc separates the same two owners all along; a loop with no corner is one arc."""
    nodes = {v for v, around in adj.items() if len(around) != 2}
    seen: set[tuple[Vertex, Vertex]] = set()
    out: list[list[Vertex]] = []

    def walk(start: Vertex, nxt: Vertex) -> list[Vertex]:
        path = [start, nxt]
        seen.add((start, nxt))
        seen.add((nxt, start))
        prev, here = start, nxt
        while here not in nodes and here != start:
            a, b = adj[here]
            step = b if a == prev else a
            seen.add((here, step))
            seen.add((step, here))
            path.append(step)
            prev, here = here, step
        return path

    for v in sorted(nodes):
        for w in sorted(adj[v]):
            if (v, w) not in seen:
                out.append(walk(v, w))
    for v in sorted(adj):
        for w in sorted(adj[v]):
            if (v, w) not in seen:
                out.append(walk(v, w))  # a closed loop: ends where it began
    return out


def _segment_distance(p: Vertex, a: Vertex, b: Vertex) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.hypot(p[0] - ax, p[1] - ay)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def simplify(path: Sequence[Vertex], tolerance: float) -> list[int]:
    """Douglas-Peucker: the indices of ``path`` kept, both ends always; a closed loop is cut
    at its start and at the point farthest from it, so it keeps at least a triangle."""
    n = len(path)
    keep = [False] * n
    keep[0] = keep[-1] = True
    stack = [(0, n - 1)]
    if n > 2 and path[0] == path[-1]:
        far = max(range(n), key=lambda k: (path[k][0] - path[0][0]) ** 2
                  + (path[k][1] - path[0][1]) ** 2)  # fmt: skip
        keep[far] = True
        stack = [(0, far), (far, n - 1)]
    while stack:
        first, last = stack.pop()
        worst, at = -1.0, -1
        for k in range(first + 1, last):
            d = _segment_distance(path[k], path[first], path[last])
            if d > worst:
                worst, at = d, k
        if worst > tolerance:
            keep[at] = True
            stack.append((first, at))
            stack.append((at, last))
    kept = [k for k in range(n) if keep[k]]
    if path[0] == path[-1] and len(kept) < 4:  # a loop keeps at least three corners
        extra = [k for k in (n // 3, 2 * n // 3) if k not in kept]
        kept = sorted(set(kept) | set(extra))
    return kept


# --------------------------------------------------------------------------
# Rings and paint order


def components(owner: list[int], grid: Grid) -> tuple[list[int], list[int]]:
    """Each cell's 4-connected piece (same owner) and each piece's owner."""
    cols, rows = grid.cols, grid.rows
    piece = [-1] * (cols * rows)
    piece_owner: list[int] = []
    for start in range(cols * rows):
        if piece[start] >= 0 or owner[start] == SEA:
            continue
        ident = len(piece_owner)
        label = owner[start]
        piece_owner.append(label)
        piece[start] = ident
        stack = [start]
        while stack:
            cell = stack.pop()
            j, i = divmod(cell, cols)
            for ni, nj in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if 0 <= ni < cols and 0 <= nj < rows:
                    other = nj * cols + ni
                    if piece[other] < 0 and owner[other] == label:
                        piece[other] = ident
                        stack.append(other)
    return piece, piece_owner


def depth_inside(owner: list[int], grid: Grid) -> list[int]:
    """Each cell's distance in cells (8-neighbour steps) to a cell of another owner."""
    cols, rows = grid.cols, grid.rows
    size = cols * rows
    depth = [-1] * size
    queue: list[int] = []
    for cell in range(size):
        j, i = divmod(cell, cols)
        label = owner[cell]
        if any(
            _label(owner, grid, i + dx, j + dy) != label
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        ):
            depth[cell] = 0
            queue.append(cell)
    head = 0
    while head < len(queue):
        cell = queue[head]
        head += 1
        j, i = divmod(cell, cols)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                ni, nj = i + dx, j + dy
                if 0 <= ni < cols and 0 <= nj < rows:
                    other = nj * cols + ni
                    if depth[other] < 0:
                        depth[other] = depth[cell] + 1
                        queue.append(other)
    return depth


def trace_rings(
    owner: list[int], grid: Grid, piece: list[int], kept: set[Vertex]
) -> dict[int, list[list[Vertex]]]:
    """Every piece's boundary rings (outer and holes), walked with the piece on the right,
    keeping only the arcs' kept corners."""
    cols, rows = grid.cols, grid.rows
    # Directed edges going clockwise round each cell on screen: the cell is on the right.
    out: dict[tuple[int, Vertex], list[Vertex]] = {}
    for cell in range(cols * rows):
        ident = piece[cell]
        if ident < 0:
            continue
        j, i = divmod(cell, cols)
        label = owner[cell]
        for (dx, dy), a, b in (
            ((0, -1), (i, j), (i + 1, j)),
            ((1, 0), (i + 1, j), (i + 1, j + 1)),
            ((0, 1), (i + 1, j + 1), (i, j + 1)),
            ((-1, 0), (i, j + 1), (i, j)),
        ):
            if _label(owner, grid, i + dx, j + dy) != label:
                out.setdefault((ident, a), []).append(b)
    rings: dict[int, list[list[Vertex]]] = {}
    for key in sorted(out):
        ident, _ = key
        while out.get(key):
            start = key[1]
            ring = [start]
            prev = start
            here = out[key].pop()
            while True:
                ring.append(here)
                choices = out.get((ident, here))
                if not choices:
                    break
                # At a corner two cells of the piece touch only diagonally: turn right, the
                # way that keeps the ring round its own cell (pieces are 4-connected).
                dx, dy = here[0] - prev[0], here[1] - prev[1]
                right = (here[0] - dy, here[1] + dx)
                straight = (here[0] + dx, here[1] + dy)
                pick = next((c for c in (right, straight) if c in choices), choices[0])
                choices.remove(pick)
                prev, here = here, pick
                if here == start and not out.get((ident, start)):
                    break
            rings.setdefault(ident, []).append([v for v in ring[:-1] if v in kept])
    return rings


def ring_area(ring: Sequence[Point]) -> float:
    """Shoelace area; positive for rings clockwise on screen (y down)."""
    total = 0.0
    n = len(ring)
    for k in range(n):
        x1, y1 = ring[k]
        x2, y2 = ring[(k + 1) % n]
        total += x1 * y2 - x2 * y1
    return total / 2.0


def inside(x: float, y: float, ring: Sequence[Point]) -> bool:
    hit = False
    n = len(ring)
    for k in range(n):
        x1, y1 = ring[k]
        x2, y2 = ring[(k + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


# --------------------------------------------------------------------------
# Pipeline


def map_path(version: int) -> str:
    return os.path.join(MAPS, f"{version}.json")


def load_cities(path: str) -> tuple[int, list[str], list[tuple[Point, int]]]:
    """The map's version, its kingdom ids in order, and each city's world position and owner
    index."""
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise ValueError(f"{path} names no map version (1, 2, ...): {version!r}")
    ids = [k["id"] for k in data["kingdoms"]]
    cities = []
    for city in data["cities"]:
        kingdom = city.get("kingdom")
        owner = ids.index(kingdom) if kingdom is not None else ISLAND
        cities.append((geo.project(city["lat"], city["lon"]), owner))
    return version, ids, cities


def build(
    polygons: Sequence[Sequence[Point]], cities: Sequence[tuple[Point, int]], cell: float = CELL
) -> dict[str, Any]:
    """The territories as the JSON-ready parts of the file."""
    grid = Grid(cell)
    land = rasterise(grid, polygons)
    owner = owners_grid(grid, land, cities)
    adj = boundary_edges(owner, grid)
    kept: set[Vertex] = set()
    borders = []
    for path in arcs(adj):
        left, right = _sides(owner, grid, path[0], path[1])
        on_land = left != SEA and right != SEA
        tolerance = (TOLERANCE if on_land else SEA_TOLERANCE) / cell
        keep = simplify(path, tolerance)
        kept.update(path[k] for k in keep)
        if on_land:
            borders.append(((left, right), [path[k] for k in keep]))
    piece, piece_owner = components(owner, grid)
    depth = depth_inside(owner, grid)
    deepest: dict[int, int] = {}
    for c, ident in enumerate(piece):
        if ident >= 0 and (ident not in deepest or depth[c] > depth[deepest[ident]]):
            deepest[ident] = c
    rings = trace_rings(owner, grid, piece, kept)

    def world(ring: Sequence[Vertex]) -> list[Point]:
        return [(round(i * cell, 2), round(j * cell, 2)) for i, j in ring]

    pieces = []
    for ident, its in rings.items():
        outer = [world(r) for r in its if len(r) >= 3 and ring_area(world(r)) > 0]
        if not outer:
            continue
        ring = max(outer, key=ring_area)
        area = ring_area(ring)
        if area < MIN_AREA:
            continue
        j, i = divmod(deepest[ident], grid.cols)
        pieces.append((ident, piece_owner[ident], ring, area, ((i + 0.5) * cell, (j + 0.5) * cell)))
    # A piece inside another's hole is painted after it: order by how many rings enclose it.
    order = []
    for ident, label, ring, area, (px, py) in pieces:
        enclosing = sum(
            1 for other, _, ring2, _, _ in pieces if other != ident and inside(px, py, ring2)
        )
        order.append((enclosing, -area, label, ring))
    order.sort()
    names = []
    for k in range(6):
        best = max(
            (deepest[ident] for ident, label in enumerate(piece_owner)
             if label == k and ident in deepest),
            key=lambda c: (depth[c], -c),
            default=None,
        )  # fmt: skip
        if best is not None:
            j, i = divmod(best, grid.cols)
            names.append(
                {
                    "owner": k,
                    "at": [round((i + 0.5) * cell, 2), round((j + 0.5) * cell, 2)],
                    "room": round(depth[best] * cell, 2),
                }
            )
    return {
        "regions": [{"owner": label, "ring": ring} for _, _, label, ring in order],
        "borders": [{"sides": list(sides), "line": world(line)} for sides, line in sorted(borders)],
        "names": names,
    }


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(points: Sequence[Sequence[float]]) -> str:
    return "[" + ",".join(f"[{_number(x)},{_number(y)}]" for x, y in points) + "]"


def render(version: int, kingdoms: Sequence[str], parts: dict[str, Any]) -> str:
    """The file's text: one region or border per line, compact numbers."""
    header = {
        "format": FORMAT,
        "source": (
            f"tools/build/prepare_territories.py from game/data/maps/{version}.json and "
            "web/data/coastlines.json"
        ),
        "map": version,
        "owners": [*kingdoms, "island", "neutral"],
        "cell": CELL,
        "reach": REACH,
    }
    lines = ["{"]
    lines += [f"{json.dumps(key)}: {json.dumps(value)}," for key, value in header.items()]
    lines.append('"regions": [')
    regions = parts["regions"]
    for n, region in enumerate(regions):
        comma = "," if n < len(regions) - 1 else ""
        lines.append(f'{{"owner": {region["owner"]}, "ring": {_points(region["ring"])}}}{comma}')
    lines.append("],")
    lines.append('"borders": [')
    borders = parts["borders"]
    for n, border in enumerate(borders):
        comma = "," if n < len(borders) - 1 else ""
        sides = json.dumps(border["sides"])
        lines.append(f'{{"sides": {sides}, "line": {_points(border["line"])}}}{comma}')
    lines.append("],")
    lines.append(f'"names": {json.dumps(parts["names"])}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the board's kingdom territories.")
    parser.add_argument(
        "--map", help="one map file (game/data/maps/N.json); without it, every map version"
    )
    parser.add_argument("--coastlines", default=DEFAULT_COASTLINES, help="the land polygons")
    parser.add_argument(
        "--output", help="the file to write, with --map (web/data/territories_N.json)"
    )
    args = parser.parse_args(argv)
    if args.output is not None and args.map is None:
        parser.error("--output names the file of one map: give that map with --map")
    why = unwritable(args.output)  # before the build, not when its text is written
    if why:
        parser.error(why)
    paths = [args.map] if args.map is not None else [map_path(v) for v in MAP_VERSIONS]
    maps = []
    for path in paths:
        try:
            version, kingdoms, cities = load_cities(path)
        except (OSError, ValueError, KeyError) as err:
            parser.error(f"{path} cannot be read as a map: {err}")
        output = args.output or geo.territories_path(version)
        why = unwritable(output)
        if why:
            parser.error(why)
        maps.append((output, version, kingdoms, cities))
    polygons = geo.load_coastlines(args.coastlines)
    for output, version, kingdoms, cities in maps:
        parts = build(polygons, cities)
        text = render(version, kingdoms, parts)
        with open(output, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        points = sum(len(r["ring"]) for r in parts["regions"]) + sum(
            len(b["line"]) for b in parts["borders"]
        )
        print(
            f"{output}: map {version}, {len(parts['regions'])} regions, "
            f"{len(parts['borders'])} borders, {points} points, {len(text.encode('utf-8'))} bytes"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
