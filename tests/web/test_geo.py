"""Tests of the board projection and the committed coastline file."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _load(name: str, relative: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, relative))
    assert spec is not None and spec.loader is not None, relative
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


geo = _load("_strategos_geo_under_test", os.path.join("web", "ui", "geo.py"))

COASTLINES = os.path.join(ROOT, "web", "data", "coastlines.json")
SCRIPT = os.path.join(ROOT, "tools", "build", "prepare_coastlines.py")
DEFAULT_LAND = "/tmp/coast/node_modules/world-atlas/land-50m.json"
Ring = Sequence[tuple[float, float]]

# (lat, lon) in degrees.
LAND_POINTS = {
    "Roma": (41.89, 12.49),
    "Ancyra": (39.94, 32.86),
    "Lutetia": (48.85, 2.35),
    "Carthago": (36.86, 10.30),
    "Syracusae (Sicily)": (37.08, 15.20),
    "Carales (Sardinia)": (39.25, 9.10),
    "Knossos (Crete)": (35.30, 25.16),
    "Salamis (Cyprus)": (35.18, 33.90),
    "Londinium": (51.51, -0.12),
    "Gades": (36.53, -6.10),
}
SEA_POINTS = {
    "Black Sea": (43.5, 34.0),
    "Tyrrhenian Sea": (40.0, 12.0),
    "Ionian Sea": (37.0, 19.0),
    "Aegean Sea": (38.5, 25.2),
    "Adriatic Sea": (42.5, 16.0),
    "Alboran Sea": (36.0, -3.5),
    "Bay of Biscay": (45.5, -4.0),
    "Levantine Sea": (33.5, 30.0),
}


def point_in_ring(x: float, y: float, ring: Ring) -> bool:
    """Even-odd ray casting."""
    inside = False
    n = len(ring)
    for i in range(n):
        x1, y1 = ring[i]
        x2, y2 = ring[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            cross_x = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < cross_x:
                inside = not inside
    return inside


def on_land(lat: float, lon: float, polygons: list[Ring]) -> bool:
    x, y = geo.project(lat, lon)
    return any(point_in_ring(x, y, ring) for ring in polygons)


@pytest.fixture(scope="module")
def polygons() -> list[Ring]:
    rings: list[Ring] = geo.load_coastlines()
    return rings


# -- projection --------------------------------------------------------------


def test_constants() -> None:
    assert (geo.LON_MIN, geo.LON_MAX, geo.LAT_MIN, geo.LAT_MAX) == (-11, 43, 29, 53)
    assert 1900 < geo.WORLD_WIDTH < 2100
    assert pytest.approx((geo.LAT_MAX - geo.LAT_MIN) * geo.UNITS_PER_DEGREE) == geo.WORLD_HEIGHT


def test_corners_and_orientation() -> None:
    assert geo.project(geo.LAT_MAX, geo.LON_MIN) == pytest.approx((0.0, 0.0))
    assert geo.project(geo.LAT_MIN, geo.LON_MAX) == pytest.approx(
        (geo.WORLD_WIDTH, geo.WORLD_HEIGHT)
    )
    # y grows southward, x eastward.
    assert geo.project(40, 10)[1] > geo.project(45, 10)[1]
    assert geo.project(40, 20)[0] > geo.project(40, 10)[0]


def test_true_scale_at_standard_parallel() -> None:
    # One degree of longitude at 42N is cos(42) times one degree of latitude.
    x0, y0 = geo.project(42, 10)
    x1, _ = geo.project(42, 11)
    _, y1 = geo.project(43, 10)
    assert (x1 - x0) / (y0 - y1) == pytest.approx(math.cos(math.radians(42)))


@pytest.mark.parametrize("lat, lon", [(41.89, 12.49), (29, -11), (53, 43), (35.5, 0.0), (-5, 60)])
def test_round_trip(lat: float, lon: float) -> None:
    assert geo.unproject(*geo.project(lat, lon)) == pytest.approx((lat, lon), abs=1e-9)
    x, y = 123.4, 567.8
    assert geo.project(*geo.unproject(x, y)) == pytest.approx((x, y), abs=1e-9)


# -- coastline file ----------------------------------------------------------


def test_file_is_small_and_well_formed() -> None:
    assert os.path.getsize(COASTLINES) < 300 * 1024
    with open(COASTLINES, encoding="utf-8") as handle:
        data = json.load(handle)
    assert data["format"] == 1
    assert data["source"].startswith("Natural Earth 1:50m land via world-atlas")
    assert "public domain" in data["source"]
    assert isinstance(data["projection"], str) and data["projection"]
    assert len(data["bounds"]) == 4
    assert isinstance(data["polygons"], list) and len(data["polygons"]) > 10
    for ring in data["polygons"]:
        assert len(ring) >= 3
        for x, y in ring:
            assert round(x, 2) == x and round(y, 2) == y


def test_bounds_cover_the_board(polygons: list[Ring]) -> None:
    with open(COASTLINES, encoding="utf-8") as handle:
        xmin, ymin, xmax, ymax = json.load(handle)["bounds"]
    assert xmin <= 0 and ymin <= 0
    assert xmax >= geo.WORLD_WIDTH - 0.01 and ymax >= geo.WORLD_HEIGHT - 0.01
    assert xmax - geo.WORLD_WIDTH < 1 and ymax - geo.WORLD_HEIGHT < 1
    for ring in polygons:
        for x, y in ring:
            assert xmin <= x <= xmax and ymin <= y <= ymax
    # The land is clipped to the north, east and south edges of the board
    # (the west edge lies in the Atlantic, off Ireland and Morocco).
    xs = [x for ring in polygons for x, _ in ring]
    ys = [y for ring in polygons for _, y in ring]
    assert min(ys) < 0.01
    assert max(xs) > geo.WORLD_WIDTH - 0.01 and max(ys) > geo.WORLD_HEIGHT - 0.01
    assert min(xs) > 0


def test_load_coastlines_returns_tuples(polygons: list[Ring]) -> None:
    assert all(isinstance(p, tuple) and len(p) == 2 for ring in polygons for p in ring)


@pytest.mark.parametrize("name", sorted(LAND_POINTS))
def test_places_on_land(name: str, polygons: list[Ring]) -> None:
    assert on_land(*LAND_POINTS[name], polygons), f"{name} should be on land"


@pytest.mark.parametrize("name", sorted(SEA_POINTS))
def test_places_at_sea(name: str, polygons: list[Ring]) -> None:
    assert not on_land(*SEA_POINTS[name], polygons), f"{name} should be water"


@pytest.mark.parametrize(
    "island, lat, lon",
    [
        ("Sardinia", 40.0, 9.0),
        ("Corsica", 42.1, 9.1),
        ("Sicily", 37.5, 14.2),
        ("Crete", 35.2, 24.9),
        ("Cyprus", 35.0, 33.2),
        ("Rhodes", 36.2, 27.95),
        ("Mallorca", 39.6, 2.95),
        ("Menorca", 39.97, 4.05),
        ("Ibiza", 38.98, 1.42),
        ("Euboea", 38.6, 23.7),
    ],
)
def test_islands_kept(island: str, lat: float, lon: float, polygons: list[Ring]) -> None:
    x, y = geo.project(lat, lon)
    containing = [ring for ring in polygons if point_in_ring(x, y, ring)]
    assert len(containing) == 1, f"{island} missing"
    # An island, not part of a continent.
    assert len(containing[0]) < 200, f"{island} is joined to a larger land mass"


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": 2, "polygons": []}', "unsupported coastline format"),
        ('{"format": 1}', "'polygons' must be a list"),
        ('{"format": 1, "polygons": [[[0, 0], [1, 1]]]}', "at least 3 points"),
        ('{"format": 1, "polygons": [[[0, 0], [1, 1], [1]]]}', "malformed point"),
        ('{"format": 1, "polygons": [[[0, 0], [1, 1], [1, "2"]]]}', "malformed point"),
    ],
)
def test_malformed_file_raises_value_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "coast.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        geo.load_coastlines(str(path))


def test_script_reproduces_committed_file(tmp_path: Path) -> None:
    land = os.environ.get("WORLD_ATLAS_LAND", DEFAULT_LAND)
    if not os.path.isfile(land):
        assert "WORLD_ATLAS_LAND" not in os.environ, f"WORLD_ATLAS_LAND={land} does not exist"
        pytest.skip(
            f"world-atlas land-50m.json not found at {land}; install it with "
            "'mkdir -p /tmp/coast && cd /tmp/coast && npm install world-atlas' "
            "or set WORLD_ATLAS_LAND to its path"
        )
    out = tmp_path / "coastlines.json"
    subprocess.run([sys.executable, SCRIPT, land, str(out)], check=True, capture_output=True)
    with open(COASTLINES, encoding="utf-8") as handle:
        committed = json.load(handle)
    with open(out, encoding="utf-8") as handle:
        rebuilt = json.load(handle)
    # The version in "source" comes from package.json beside the input,
    # which a copied land-50m.json may lack; everything else must match.
    assert rebuilt["source"].startswith("Natural Earth 1:50m land via world-atlas")
    committed.pop("source")
    rebuilt.pop("source")
    assert rebuilt == committed
