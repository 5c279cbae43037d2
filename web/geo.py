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

DEFAULT_COASTLINES_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "data", "coastlines.json"
)

COASTLINES_FORMAT = 1


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
    world coordinates, as written by ``tools/prepare_coastlines.py``.

    Raises ``ValueError`` if the file is not a well-formed coastline file,
    and ``OSError`` if it cannot be read.
    """
    if path is None:
        path = DEFAULT_COASTLINES_PATH
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{path}: not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object at the top level")
    if data.get("format") != COASTLINES_FORMAT:
        raise ValueError(
            f"{path}: unsupported coastline format {data.get('format')!r}, "
            f"expected {COASTLINES_FORMAT}"
        )
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
