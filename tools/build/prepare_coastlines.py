#!/usr/bin/env python3
"""Build the board's coastline file from Natural Earth land polygons.

Usage:

    python tools/build/prepare_coastlines.py /path/to/land-50m.json web/data/coastlines.json

The input is ``land-50m.json`` from the npm package ``world-atlas``
(Natural Earth 1:50m land, public domain, as TopoJSON).  One way to get it,
outside the repository:

    mkdir -p /tmp/coast && cd /tmp/coast && npm install world-atlas
    # -> /tmp/coast/node_modules/world-atlas/land-50m.json

The script, standard library only:

1. decodes the TopoJSON itself (quantized, delta-encoded arcs scaled by the
   topology's ``transform``; Polygon and MultiPolygon geometries whose rings
   list arc indices, a negative index ``~i`` meaning arc ``i`` reversed),
   keeping the outer ring of each polygon (no hole of the land layer lies on
   the board; one that did would be reported on stderr);
2. projects every point with ``web/ui/geo.py`` (the client's one projection);
3. clips each ring to the board rectangle (Sutherland-Hodgman);
4. drops islets smaller than ``MIN_AREA`` square world units;
5. simplifies each ring with Douglas-Peucker at ``TOLERANCE`` world units;
6. rounds coordinates to 2 decimals and writes the JSON file:

    {"format": 1, "source": ..., "projection": ..., "bounds": [xmin, ymin,
     xmax, ymax], "polygons": [[[x, y], ...], ...]}

``bounds`` is the board rectangle, rounded outward.  Polygons are outer
rings, not closed (the last point is not a repeat of the first), wound
clockwise as seen on screen (y grows downward), largest first.  The output
is deterministic: running the script again on the same input gives the
same bytes.

The world-atlas version in ``source`` is read from the ``package.json``
next to the input file, and the Natural Earth scale from the file name
(``land-10m.json`` works too, for a finer but larger file).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

Point = tuple[float, float]
Ring = list[Point]

TOLERANCE = 0.4
"""Douglas-Peucker tolerance in world units (1 unit is about 2.2 km)."""

MIN_AREA = 10.0
"""Islets smaller than this many square world units (about 50 km2) are dropped."""

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))  # the other tools, from anywhere
sys.path.insert(0, ROOT)
from json_files import DataFileError, read_json  # noqa: E402

from lab.command_line import unwritable  # noqa: E402


def _load_geo() -> ModuleType:
    """Import ``web/ui/geo.py`` by path, so the script runs from anywhere."""
    path = os.path.join(ROOT, "web", "ui", "geo.py")
    spec = importlib.util.spec_from_file_location("_strategos_geo", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if TYPE_CHECKING:
    from web.ui import geo  # the same file, for its types
else:
    geo = _load_geo()


# --------------------------------------------------------------------------
# TopoJSON decoding


def decode_arcs(topology: dict[str, Any]) -> list[list[Point]]:
    """Return every arc of ``topology`` as absolute (lon, lat) points."""
    transform = topology.get("transform")
    arcs = []
    if transform:
        sx, sy = transform["scale"]
        tx, ty = transform["translate"]
        for arc in topology["arcs"]:
            x = y = 0
            points = []
            for position in arc:
                x += position[0]
                y += position[1]
                points.append((x * sx + tx, y * sy + ty))
            arcs.append(points)
    else:
        for arc in topology["arcs"]:
            arcs.append([(float(p[0]), float(p[1])) for p in arc])
    return arcs


def ring_from_arcs(indices: Sequence[int], arcs: list[list[Point]]) -> Ring:
    """Join the arcs of one ring; ``~i`` stands for arc ``i`` reversed."""
    ring: Ring = []
    for index in indices:
        arc = arcs[index] if index >= 0 else arcs[~index][::-1]
        if ring:
            ring.pop()  # each arc starts where the previous one ended
        ring.extend(arc)
    return ring


def iter_polygons(geometry: dict[str, Any], arcs: list[list[Point]]) -> Iterator[list[Ring]]:
    """Yield each polygon of a geometry as a list of rings (outer first)."""
    kind = geometry.get("type")
    if kind == "GeometryCollection":
        for child in geometry.get("geometries", []):
            yield from iter_polygons(child, arcs)
    elif kind == "Polygon":
        yield [ring_from_arcs(r, arcs) for r in geometry["arcs"]]
    elif kind == "MultiPolygon":
        for polygon in geometry["arcs"]:
            yield [ring_from_arcs(r, arcs) for r in polygon]


# --------------------------------------------------------------------------
# Geometry


def signed_area(ring: Sequence[Point]) -> float:
    """Shoelace area; positive for clockwise rings on a y-down screen."""
    total = 0.0
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return total / 2.0


def _bbox(ring: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return min(xs), min(ys), max(xs), max(ys)


def clip_ring(ring: Ring, xmin: float, ymin: float, xmax: float, ymax: float) -> Ring:
    """Sutherland-Hodgman clip of a ring against an axis-aligned rectangle."""

    def clip_edge(
        points: Ring, inside: Callable[[Point], bool], intersect: Callable[[Point, Point], Point]
    ) -> Ring:
        if not points:
            return []
        out: Ring = []
        previous = points[-1]
        previous_in = inside(previous)
        for current in points:
            current_in = inside(current)
            if current_in:
                if not previous_in:
                    out.append(intersect(previous, current))
                out.append(current)
            elif previous_in:
                out.append(intersect(previous, current))
            previous, previous_in = current, current_in
        return out

    def at_x(x: float) -> Callable[[Point, Point], Point]:
        def intersect(a: Point, b: Point) -> Point:
            t = (x - a[0]) / (b[0] - a[0])
            return (x, a[1] + t * (b[1] - a[1]))

        return intersect

    def at_y(y: float) -> Callable[[Point, Point], Point]:
        def intersect(a: Point, b: Point) -> Point:
            t = (y - a[1]) / (b[1] - a[1])
            return (a[0] + t * (b[0] - a[0]), y)

        return intersect

    points = list(ring)
    points = clip_edge(points, lambda p: p[0] >= xmin, at_x(xmin))
    points = clip_edge(points, lambda p: p[0] <= xmax, at_x(xmax))
    points = clip_edge(points, lambda p: p[1] >= ymin, at_y(ymin))
    points = clip_edge(points, lambda p: p[1] <= ymax, at_y(ymax))
    return points


def _dedupe(ring: Ring) -> Ring:
    """Drop consecutive repeated points, including a closing repeat."""
    out: Ring = []
    for point in ring:
        if not out or point != out[-1]:
            out.append(point)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return math.hypot(p[0] - ax, p[1] - ay)
    t = ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2
    t = max(0.0, min(1.0, t))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def _simplify_open(points: Ring, tolerance: float) -> Ring:
    """Douglas-Peucker on an open polyline; keeps both end points."""
    n = len(points)
    if n < 3:
        return list(points)
    keep = [False] * n
    keep[0] = keep[-1] = True
    stack = [(0, n - 1)]
    while stack:
        first, last = stack.pop()
        worst, worst_index = -1.0, -1
        a, b = points[first], points[last]
        for i in range(first + 1, last):
            d = _segment_distance(points[i], a, b)
            if d > worst:
                worst, worst_index = d, i
        if worst > tolerance:
            keep[worst_index] = True
            stack.append((first, worst_index))
            stack.append((worst_index, last))
    return [p for p, k in zip(points, keep, strict=True) if k]


def simplify_ring(ring: Ring, tolerance: float) -> Ring:
    """Douglas-Peucker on a closed ring (not repeating its first point).

    The ring is split at its first point and at the point farthest from it,
    and each half is simplified as an open polyline.
    """
    n = len(ring)
    if n < 4:
        return list(ring)
    x0, y0 = ring[0]
    far = max(range(n), key=lambda i: (ring[i][0] - x0) ** 2 + (ring[i][1] - y0) ** 2)
    first_half = _simplify_open(ring[: far + 1], tolerance)
    second_half = _simplify_open([*ring[far:], ring[0]], tolerance)
    return first_half[:-1] + second_half[:-1]


# --------------------------------------------------------------------------
# Pipeline


def _format_number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _world_atlas_version(input_path: str) -> str:
    package = os.path.join(os.path.dirname(os.path.abspath(input_path)), "package.json")
    try:
        with open(package, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return "(version unknown)"
    if not isinstance(data, dict) or data.get("name") != "world-atlas" or not data.get("version"):
        return "(version unknown)"
    return str(data["version"])


def _natural_earth_scale(input_path: str) -> str:
    """``1:50m`` for ``land-50m.json``, and likewise for 10m and 110m."""
    match = re.search(r"-(\d+m)\.json$", os.path.basename(input_path))
    return f"1:{match.group(1)}" if match else "1:50m"


def build_polygons(
    topology: dict[str, Any],
    tolerance: float = TOLERANCE,
    min_area: float = MIN_AREA,
    object_name: str = "land",
) -> list[Ring]:
    """Return the board's land rings, in world units, rounded to 2 decimals."""
    if object_name not in topology.get("objects", {}):
        raise ValueError(f"the topology has no object named {object_name!r}")
    arcs = decode_arcs(topology)
    lon_min, lon_max = geo.LON_MIN, geo.LON_MAX
    lat_min, lat_max = geo.LAT_MIN, geo.LAT_MAX
    width, height = geo.WORLD_WIDTH, geo.WORLD_HEIGHT

    def on_board(ring: Ring) -> bool:
        x0, y0, x1, y1 = _bbox(ring)
        return x1 > lon_min and x0 < lon_max and y1 > lat_min and y0 < lat_max

    result: list[tuple[float, Ring]] = []
    for rings in iter_polygons(topology["objects"][object_name], arcs):
        if not rings:
            continue
        for hole in rings[1:]:
            if on_board(hole):
                print(
                    "warning: a hole in the land lies on the board and is left out", file=sys.stderr
                )
        outer = rings[0]
        if not on_board(outer):
            continue
        projected = [geo.project(lat, lon) for lon, lat in outer]
        clipped = _dedupe(clip_ring(projected, 0.0, 0.0, width, height))
        if len(clipped) < 3 or abs(signed_area(clipped)) < min_area:
            continue
        simplified = simplify_ring(clipped, tolerance)
        rounded = _dedupe([(round(x, 2), round(y, 2)) for x, y in simplified])
        if len(rounded) < 3:
            continue
        area = signed_area(rounded)
        if area < 0:
            rounded.reverse()
            area = -area
        if area < min_area:
            continue
        result.append((area, rounded))
    # Largest first; ties broken by the coordinates so the order is stable.
    result.sort(key=lambda item: (-item[0], item[1]))
    return [ring for _, ring in result]


def render(polygons: list[Ring], version: str, scale: str = "1:50m") -> str:
    """Serialise the coastline file: one polygon per line, compact numbers."""
    # The board rectangle, rounded outward to 2 decimals.
    bounds = [
        0.0,
        0.0,
        math.ceil(geo.WORLD_WIDTH * 100) / 100,
        math.ceil(geo.WORLD_HEIGHT * 100) / 100,
    ]
    k = geo.UNITS_PER_DEGREE
    header = {
        "format": 1,
        "source": f"Natural Earth {scale} land via world-atlas {version}, public domain",
        "projection": (
            f"equirectangular, standard parallel {geo.STANDARD_PARALLEL:g}N; "
            f"x = (lon - ({geo.LON_MIN:g})) * cos({geo.STANDARD_PARALLEL:g}) * {k:g}, "
            f"y = ({geo.LAT_MAX:g} - lat) * {k:g}; "
            f"lon {geo.LON_MIN:g}..{geo.LON_MAX:g}, lat {geo.LAT_MIN:g}..{geo.LAT_MAX:g}"
        ),
        "bounds": bounds,
    }
    lines = ["{"]
    for key, value in header.items():
        lines.append(f"{json.dumps(key)}: {json.dumps(value)},")
    lines.append('"polygons": [')
    for i, ring in enumerate(polygons):
        body = ",".join(f"[{_format_number(x)},{_format_number(y)}]" for x, y in ring)
        lines.append(f"[{body}]" + ("," if i < len(polygons) - 1 else ""))
    lines.append("]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build the board's coastline file from world-atlas land-50m.json."
    )
    parser.add_argument("input", help="path to world-atlas land-50m.json")
    parser.add_argument("output", help="path of the coastline file to write")
    parser.add_argument(
        "--tolerance",
        type=float,
        default=TOLERANCE,
        help=f"Douglas-Peucker tolerance in world units (default {TOLERANCE})",
    )
    parser.add_argument(
        "--min-area",
        type=float,
        default=MIN_AREA,
        help=f"smallest islet kept, in square world units (default {MIN_AREA})",
    )
    args = parser.parse_args(argv)
    if not (args.tolerance >= 0 and args.min_area >= 0):  # also refuses nan
        parser.error("--tolerance and --min-area must be 0 or more")
    why = unwritable(args.output)
    if why:
        parser.error(why)
    try:
        topology = read_json(Path(args.input), "TopoJSON topology")
    except DataFileError as err:
        parser.error(str(err))
    if topology.get("type") != "Topology":
        parser.error(f"{args.input} is not a TopoJSON topology")
    try:
        polygons = build_polygons(topology, args.tolerance, args.min_area)
    except (ValueError, KeyError, TypeError, IndexError) as err:
        # The one boundary for the file's inside: arcs, transform and objects of the wrong
        # shape fail somewhere in the decoding, each in its own way.
        parser.error(f"{args.input} is not a world-atlas land topology ({type(err).__name__}: "
                     f"{err})")  # fmt: skip
    text = render(polygons, _world_atlas_version(args.input), _natural_earth_scale(args.input))
    with open(args.output, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    points = sum(len(ring) for ring in polygons)
    print(
        f"{args.output}: {len(polygons)} polygons, {points} points, "
        f"{len(text.encode('utf-8'))} bytes"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
