"""Map projection and coastline data for the Strategos board.

This module is the single definition of the projection used by the whole
client: every place that turns a latitude/longitude into board coordinates
goes through :func:`project`, and back through :func:`unproject`.

The board covers longitudes ``LON_MIN..LON_MAX`` and latitudes
``LAT_MIN..LAT_MAX`` (the western Mediterranean to the Caucasus, the Sahara's
edge to the North Sea).  It is drawn with an equirectangular projection whose
standard parallel is 42 degrees north, where east-west and north-south
distances have the same scale:

    x = (lon - LON_MIN) * cos(42 deg) * K
    y = (LAT_MAX - lat) * K

``K`` is 50 world units per degree of latitude, so the world is about 2000
units wide; ``y`` grows downward, like screen coordinates, with the origin
at the north-west corner of the board.

Pure Python, standard library only: no pygame here.
"""

from __future__ import annotations

import json
import math
import os
from typing import Any

LON_MIN = -11.0
LON_MAX = 43.0
LAT_MIN = 29.0
LAT_MAX = 53.0

STANDARD_PARALLEL = 42.0
"""Latitude (degrees north) at which the projection keeps true proportions."""

UNITS_PER_DEGREE = 50.0
"""``K``: world units per degree of latitude."""

_X_SCALE = math.cos(math.radians(STANDARD_PARALLEL)) * UNITS_PER_DEGREE
_Y_SCALE = UNITS_PER_DEGREE

WORLD_WIDTH = (LON_MAX - LON_MIN) * _X_SCALE
"""Width of the board in world units (about 2006)."""

WORLD_HEIGHT = (LAT_MAX - LAT_MIN) * _Y_SCALE
"""Height of the board in world units (1200)."""

# web/data/, beside this module's package web/ui/
DATA_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")

DEFAULT_COASTLINES_PATH = os.path.join(DATA_DIR, "coastlines.json")

COASTLINES_FORMAT = 1


def _read_format(path: str, expected: int, what: str) -> dict[str, Any]:
    """A prepared map file's top level: JSON, an object, of the ``expected`` format
    (``ValueError`` saying which is not so; ``OSError`` if it cannot be read)."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{path}: not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object at the top level")
    if data.get("format") != expected:
        raise ValueError(
            f"{path}: unsupported {what} format {data.get('format')!r}, expected {expected}"
        )
    return data


def project(lat: float, lon: float) -> tuple[float, float]:
    """Return the world coordinates ``(x, y)`` of a point given in degrees."""
    return ((lon - LON_MIN) * _X_SCALE, (LAT_MAX - lat) * _Y_SCALE)


def unproject(x: float, y: float) -> tuple[float, float]:
    """Return ``(lat, lon)`` in degrees of the world point ``(x, y)``."""
    return (LAT_MAX - y / _Y_SCALE, LON_MIN + x / _X_SCALE)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def load_coastlines(path: str | None = None) -> list[list[tuple[float, float]]]:
    """Read the land polygons of the board.

    ``path`` defaults to ``data/coastlines.json`` next to this module.  The
    result is a list of polygons (outer rings), each a list of ``(x, y)``
    world coordinates, as written by ``tools/build/prepare_coastlines.py``.

    Raises ``ValueError`` if the file is not a well-formed coastline file,
    and ``OSError`` if it cannot be read.
    """
    if path is None:
        path = DEFAULT_COASTLINES_PATH
    data = _read_format(path, COASTLINES_FORMAT, "coastline")
    polygons = data.get("polygons")
    if not isinstance(polygons, list):
        raise ValueError(f"{path}: 'polygons' must be a list")
    result: list[list[tuple[float, float]]] = []
    for index, ring in enumerate(polygons):
        if not isinstance(ring, list) or len(ring) < 3:
            raise ValueError(f"{path}: polygon {index} must be a list of at least 3 points")
        points: list[tuple[float, float]] = []
        for point in ring:
            if (
                not isinstance(point, list)
                or len(point) != 2
                or not _is_number(point[0])
                or not _is_number(point[1])
            ):
                raise ValueError(
                    f"{path}: polygon {index} has a malformed point {point!r}; "
                    "expected [x, y] with two finite numbers"
                )
            points.append((float(point[0]), float(point[1])))
        result.append(points)
    return result


def territories_path(map_version: int) -> str:
    """The territories of map ``map_version``: each map has its own (R2.5: the kingdoms hold
    other cities on another map)."""
    return os.path.join(DATA_DIR, f"territories_{map_version}.json")


TERRITORIES_FORMAT = 1
TERRITORY_ISLAND = 6
"""Owner index of the quest islands' land (their cities belong to no kingdom)."""
TERRITORY_NEUTRAL = 7
"""Owner index of land of no kingdom: far from every city, or with no city at all."""


class Territories:
    """The kingdoms' land as ``tools/build/prepare_territories.py`` wrote it, in world units.

    ``regions`` are (owner, ring) in paint order: a point belongs to the last region whose
    ring holds it. ``borders`` are ((left owner, right owner), polyline) between two kinds of
    land, left as seen on screen walking the line forward. ``names`` are (kingdom, point,
    room): where a kingdom's name has most room, and how much (the distance to its border).
    Owners 0-5 are the kingdoms in map order, then ``TERRITORY_ISLAND``, ``TERRITORY_NEUTRAL``.
    """

    def __init__(
        self,
        regions: list[tuple[int, list[tuple[float, float]]]],
        borders: list[tuple[tuple[int, int], list[tuple[float, float]]]],
        names: list[tuple[int, tuple[float, float], float]],
    ) -> None:
        self.regions = regions
        self.borders = borders
        self.names = names

    def owner_at(self, x: float, y: float) -> int:
        """The owner of the world point (x, y), or -1 out at sea past every territory."""
        found = -1
        for owner, ring in self.regions:
            if point_in_ring(x, y, ring):
                found = owner
        return found


def point_in_ring(x: float, y: float, ring: list[tuple[float, float]]) -> bool:
    """Even-odd ray casting."""
    hit = False
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def _points(value: object, path: str, what: str, least: int) -> list[tuple[float, float]]:
    if not isinstance(value, list) or len(value) < least:
        raise ValueError(f"{path}: {what} must be a list of at least {least} points")
    out: list[tuple[float, float]] = []
    for point in value:
        if (
            not isinstance(point, list)
            or len(point) != 2
            or not _is_number(point[0])
            or not _is_number(point[1])
        ):
            raise ValueError(f"{path}: {what} has a malformed point {point!r}")
        out.append((float(point[0]), float(point[1])))
    return out


def _owner(value: object, path: str, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 7:
        raise ValueError(f"{path}: {what} must be an owner index 0-7, not {value!r}")
    return value


def load_territories(map_version: int, path: str | None = None) -> Territories:
    """Read the kingdom territories of map ``map_version`` (``data/territories_N.json`` next to
    this module, or ``path``), which the file must say it is of.

    Raises ``ValueError`` if the file is not a well-formed territory file of that map, and
    ``OSError`` if it cannot be read.
    """
    if path is None:
        path = territories_path(map_version)
    data = _read_format(path, TERRITORIES_FORMAT, "territory")
    parts = {key: data.get(key) for key in ("regions", "borders", "names")}
    for key, value in parts.items():
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise ValueError(f"{path}: '{key}' must be a list of objects")
    regions = [
        (_owner(r.get("owner"), path, f"region {i}"), _points(r.get("ring"), path,
                                                             f"region {i}", 3))
        for i, r in enumerate(data["regions"])
    ]  # fmt: skip
    borders: list[tuple[tuple[int, int], list[tuple[float, float]]]] = []
    for i, b in enumerate(data["borders"]):
        sides = b.get("sides")
        if not isinstance(sides, list) or len(sides) != 2:
            raise ValueError(f"{path}: border {i} must name its two sides")
        left, right = (_owner(s, path, f"border {i}") for s in sides)
        borders.append(((left, right), _points(b.get("line"), path, f"border {i}", 2)))
    names: list[tuple[int, tuple[float, float], float]] = []
    for i, n in enumerate(data["names"]):
        at = _points([n.get("at")], path, f"name {i}", 1)[0]
        room = n.get("room")
        if not isinstance(room, int | float) or not _is_number(room):
            raise ValueError(f"{path}: name {i} needs a number 'room'")
        names.append((_owner(n.get("owner"), path, f"name {i}"), at, float(room)))
    made_for = data.get("map")
    if type(made_for) is not int or made_for != map_version:
        raise ValueError(
            f"{path} holds the territories of map {made_for!r}, not of map {map_version}"
        )
    return Territories(regions, borders, names)
