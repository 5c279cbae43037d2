"""The committed kingdom territories, one file per map version: made by the tool from the
committed maps and coastlines, every city inside its own kingdom's land, neutral land where no
kingdom reaches, drawn as a board (pictures written to artifacts/screenshots/ for people to
look at)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game import CURRENT_MAP, MAP_VERSIONS, default_map, get_map
from tests.tool_scripts import load_tool, usage_error

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "tools", "build", "prepare_territories.py")
SHOTS = Path(ROOT) / "artifacts" / "screenshots"


def _load(name: str, relative: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, relative))
    assert spec is not None and spec.loader is not None, relative
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


geo = _load("_strategos_geo_for_territories", os.path.join("web", "ui", "geo.py"))


def territories_file(version: int) -> str:
    return os.path.join(ROOT, "web", "data", f"territories_{version}.json")


@pytest.fixture(scope="module", params=MAP_VERSIONS, ids=lambda v: f"map{v}")
def version(request: pytest.FixtureRequest) -> int:
    number: int = request.param
    return number


@pytest.fixture(scope="module")
def territories(version: int) -> object:
    return geo.load_territories(version)


@pytest.fixture(scope="module")
def map1_territories() -> object:
    """Map 1's: the places tested by name below are its geography."""
    return geo.load_territories(1)


def test_there_is_a_file_for_every_map() -> None:
    made = sorted(Path(ROOT, "web", "data").glob("territories*.json"))
    assert [p.name for p in made] == [f"territories_{v}.json" for v in MAP_VERSIONS]


# The current map's file is made again at every run. A published map never changes (R2.5), nor
# then its file: the older maps' are made again with -m slow, as after a change to the tool.
@pytest.mark.parametrize(
    "version",
    [pytest.param(v, marks=() if v == CURRENT_MAP else pytest.mark.slow) for v in MAP_VERSIONS],
    ids=lambda v: f"map{v}",
)
def test_script_reproduces_committed_file(tmp_path: Path, version: int) -> None:
    out = tmp_path / "territories.json"
    board = os.path.join(ROOT, "game", "data", "maps", f"{version}.json")
    subprocess.run(
        [sys.executable, SCRIPT, "--map", board, "--output", str(out)],
        check=True, capture_output=True, cwd=ROOT,
    )  # fmt: skip
    assert out.read_bytes() == Path(territories_file(version)).read_bytes(), (
        f"web/data/territories_{version}.json is not what tools/build/prepare_territories.py makes "
        f"from game/data/maps/{version}.json and the coastlines: run the tool and commit its "
        "output"
    )


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--output", "x.json"], "--output names the file of one map: give that map with --map"),
        (["--map", "gone.json"], "gone.json cannot be read as a map"),
    ],
)
def test_the_tool_refuses_what_names_no_map(
    argv: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = load_tool("build/prepare_territories", "_strategos_prepare_territories_for_maps")
    err = usage_error(tool.main, [str(tmp_path / a) if a.endswith(".json") else a for a in argv],
                      capsys)  # fmt: skip
    assert says in err and "Traceback" not in err
    assert not list(tmp_path.iterdir())


def test_file_is_small_and_well_formed(version: int) -> None:
    path = territories_file(version)
    assert os.path.getsize(path) < 120 * 1024
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    ids = [k.id for k in get_map(version).kingdoms]
    assert data["format"] == 1 and data["map"] == version
    assert data["owners"] == [*ids, "island", "neutral"]
    assert len(data["names"]) == 6
    for region in data["regions"]:
        assert len(region["ring"]) >= 3
        for x, y in region["ring"]:
            assert round(x, 2) == x and round(y, 2) == y
            assert -20 <= x <= geo.WORLD_WIDTH + 20 and -20 <= y <= geo.WORLD_HEIGHT + 20
    for border in data["borders"]:
        left, right = border["sides"]
        assert left != right and len(border["line"]) >= 2


def test_every_city_lies_in_its_kingdoms_territory(territories: object, version: int) -> None:
    board = get_map(version)
    for node in board.nodes[: board.num_cities]:
        x, y = geo.project(node.lat, node.lon)
        owner = territories.owner_at(x, y)  # type: ignore[attr-defined]
        expected = node.kingdom if node.kingdom >= 0 else geo.TERRITORY_ISLAND
        assert owner == expected, f"{node.name_en} lies in territory {owner}, not {expected}"


def test_each_kingdom_is_mostly_one_land(territories: object) -> None:
    """A kingdom's land is one piece or a few (islands, an enclave across a strait), not a
    scatter of cells."""
    pieces: dict[int, int] = {}
    for owner, _ in territories.regions:  # type: ignore[attr-defined]
        pieces[owner] = pieces.get(owner, 0) + 1
    for k in range(6):
        assert 1 <= pieces.get(k, 0) <= 8, (k, pieces.get(k))


@pytest.mark.parametrize(
    "place, lat, lon",
    [
        ("Germania (Berlin)", 52.5, 13.4),
        ("Sahara (Tademait)", 29.5, 3.0),
        ("Libyan desert", 29.3, 20.0),
        ("Arabia (Tabuk)", 29.5, 37.5),
        ("Britain (Oxford)", 51.75, -1.25),
        ("Corsica, an island with no city", 42.1, 9.1),
    ],
)
def test_land_far_from_every_city_is_neutral(
    map1_territories: object, place: str, lat: float, lon: float
) -> None:
    owner = map1_territories.owner_at(*geo.project(lat, lon))  # type: ignore[attr-defined]
    assert owner in (geo.TERRITORY_NEUTRAL, -1), f"{place} belongs to {owner}"


@pytest.mark.parametrize(
    "island, lat, lon", [("Sardinia", 40.0, 9.0), ("Crete", 35.2, 24.9), ("Cyprus", 35.0, 33.2)]
)
def test_quest_islands_are_their_own_kind(
    map1_territories: object, island: str, lat: float, lon: float
) -> None:
    owner = map1_territories.owner_at(*geo.project(lat, lon))  # type: ignore[attr-defined]
    assert owner == geo.TERRITORY_ISLAND


def test_borders_separate_what_they_say(territories: object) -> None:
    """A little to the left of a border's middle lies its left owner, to the right its right
    (or the open sea, where a border meets the coast: no other owner)."""
    owner_at = territories.owner_at  # type: ignore[attr-defined]
    checked = 0
    for (left, right), line in territories.borders:  # type: ignore[attr-defined]
        for i in range(len(line) - 1):
            (x1, y1), (x2, y2) = line[i], line[i + 1]
            length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
            if length < 12:
                continue
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            nx, ny = (y2 - y1) / length, -(x2 - x1) / length  # left on a y-down screen
            seen = owner_at(mx + 2 * nx, my + 2 * ny), owner_at(mx - 2 * nx, my - 2 * ny)
            assert seen[0] in (left, -1) and seen[1] in (right, -1), (left, right, seen, mx, my)
            checked += seen == (left, right)
    assert checked > 30


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "not valid JSON"),
        ('{"format": 2}', "unsupported territory format"),
        ('{"format": 1, "regions": [], "borders": []}', "'names' must be a list"),
        ('{"format": 1, "regions": [{"owner": 9, "ring": []}], "borders": [], "names": []}',
         "owner index"),
        ('{"format": 1, "regions": [{"owner": 1, "ring": [[0, 0]]}], "borders": [], '
         '"names": []}', "at least 3 points"),
        ('{"format": 1, "regions": [], "borders": [{"sides": [1], "line": []}], "names": []}',
         "two sides"),
        ('{"format": 1, "regions": [], "borders": [], "names": []}',
         "holds the territories of map None, not of map 1"),
        ('{"format": 1, "map": 2, "regions": [], "borders": [], "names": []}',
         "holds the territories of map 2, not of map 1"),
    ],
)  # fmt: skip
def test_malformed_file_raises_value_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "territories.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        geo.load_territories(1, str(path))


# -- the board drawn ---------------------------------------------------------------------------


def _draw_board(zoom: float = 1.0, at: tuple[float, float] | None = None) -> object:
    """The board of a new six-kingdom game (generals at their capitals) as the match shows it,
    with the camera zoomed ``zoom`` times about world point ``at``."""
    pygame = pytest.importorskip("pygame")
    from game import new_game, observe
    from web.render.board import BoardView, Marks
    from web.render.mapart import BoardGeometry
    from web.ui.layout import Camera, MatchLayout

    board = default_map()
    state = new_game(6, kingdoms=list(range(6)), seed=7)
    capitals = [n.index for n in board.nodes[: board.num_cities] if n.is_capital]
    for g in range(24):
        k = g >> 2
        own = [c for c in capitals if board.nodes[c].kingdom == k]
        state.gen_city[g] = own[g % 4] if g % 4 < 3 else -1
    view = observe(state, 0)
    bv = BoardView(BoardGeometry(board))
    vp = MatchLayout().map
    cam = Camera(vp)
    if at is not None:
        cam.zoom_at(zoom, *cam.to_screen(*at))
    surface = pygame.Surface((1280, 720))
    bv.draw(surface, cam, view, Marks())
    return surface.subsurface(pygame.Rect(vp.tuple()))


@pytest.mark.parametrize(
    "name, zoom, lat, lon",
    [
        ("territories_map.png", 1.0, None, None),
        ("territories_italy.png", 2.6, 41.5, 13.5),
        ("territories_aegean.png", 2.6, 39.5, 25.0),
        ("territories_gaul_zoomed.png", 4.0, 45.5, 5.0),
    ],
)
def test_screenshots_of_the_territories(
    app: object, name: str, zoom: float, lat: float | None, lon: float | None
) -> None:
    pygame = pytest.importorskip("pygame")
    at = geo.project(lat, lon) if lat is not None and lon is not None else None
    picture = _draw_board(zoom, at)
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    pygame.image.save(picture, str(path))
    assert path.stat().st_size > 20_000


pytest_plugins = ["tests.web.support"]  # the client test fixtures (a headless app for fonts)
