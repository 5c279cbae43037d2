"""Nothing on the board hides what a player must see or tap: generals of neighbouring cities
stay apart at every zoom, city names sit beside the tokens, a tooltip beside the lit cities,
the suggested moves in a quiet corner; panning the board draws nothing new."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

pygame = pytest.importorskip("pygame")

from game import P_ACTION, PlayerView, default_map, new_game, observe  # noqa: E402
from tests.web.player import SHOTS, perform, pick_die, pick_general, shot  # noqa: E402
from tests.web.test_scenes import _match, _until  # noqa: E402
from web.play import intents  # noqa: E402
from web.render.board import BoardView, Marks  # noqa: E402
from web.render.mapart import BoardGeometry  # noqa: E402
from web.ui.layout import Box, Camera, MatchLayout, overlaps  # noqa: E402
from web.ui.placement import (  # noqa: E402
    Name,
    Stack,
    box_around,
    fan_tokens,
    overlap_area,
    place_names,
    place_tooltip,
    quiet_corner,
)

if TYPE_CHECKING:
    from web.app import App
    from web.scenes.match import MatchScene

pytest_plugins = ["tests.web.support"]  # the client test fixtures

MAX_OVERLAP = 0.15
"""The most of a token that a token of another city may cover (its letter stays readable)."""

BOARD = default_map()
CITY = {n.name_en: n.index for n in BOARD.nodes[: BOARD.num_cities]}
ZOOMS = [1.0, 1.6, 2.5, 4.0]


@pytest.fixture
def board_view() -> Iterator[BoardView]:
    from web.ui import theme

    pygame.init()
    theme.reset()  # fonts of an earlier test's pygame session are gone with it
    yield BoardView(BoardGeometry(BOARD))


def _view(at: dict[int, int]) -> PlayerView:
    """A six-kingdom game with general g standing in city at[g], the others off the board."""
    state = new_game(6, kingdoms=list(range(6)), seed=1)
    for g in range(24):
        state.gen_city[g] = at.get(g, -1)
    return observe(state, 0)


def _camera(zoom: float = 1.0, world: tuple[float, float] | None = None) -> Camera:
    cam = Camera(MatchLayout().map)
    if zoom != 1.0 and world is not None:
        cam.zoom_at(zoom, *cam.to_screen(*world))
    return cam


def _worst_overlap(bv: BoardView, cam: Camera, view: PlayerView) -> tuple[float, int, int]:
    """The largest share of a token covered by a token of another city, and the two generals."""
    size = bv.token_size(cam)
    pos = bv.general_screen(cam, view)
    cities = view.public.gen_city
    boxes = {g: box_around(x, y, size, size) for g, (x, y) in pos.items()}
    worst = (0.0, -1, -1)
    for a in boxes:
        for b in boxes:
            if a < b and cities[a] != cities[b]:
                share = overlap_area(boxes[a], boxes[b]) / (size * size)
                worst = max(worst, (share, a, b))
    return worst


# -- generals ---------------------------------------------------------------------------------


@pytest.mark.parametrize("zoom", ZOOMS)
def test_generals_of_neighbouring_cities_never_hide_each_other(
    board_view: BoardView, zoom: float
) -> None:
    """For every route between two cities, a general on each (and two on one of them): no
    token covers more than MAX_OVERLAP of another, at the default zoom and zoomed in."""
    pos = board_view.g.pos
    for route in BOARD.routes:
        a, b = route.a, route.b
        if a >= BOARD.num_cities or b >= BOARD.num_cities:
            continue
        middle = ((pos[a][0] + pos[b][0]) / 2, (pos[a][1] + pos[b][1]) / 2)
        cam = _camera(zoom, middle)
        for at in ({0: a, 4: b}, {0: a, 1: a, 4: b}):
            share, g1, g2 = _worst_overlap(board_view, cam, _view(at))
            assert share < MAX_OVERLAP, (
                f"zoom {zoom}: generals {g1} and {g2} at {BOARD.nodes[a].name_en} and "
                f"{BOARD.nodes[b].name_en} overlap by {share:.0%}"
            )


def test_ostia_no_longer_hides_roma(board_view: BoardView) -> None:
    """The case players met: a general at Ostia covered the Roman general in Roma."""
    roma, ostia = CITY["Roma"], CITY["Ostia"]
    view = _view({12: roma, 0: ostia})
    for zoom in ZOOMS:
        cam = _camera(zoom, board_view.g.pos[roma])
        share, _, _ = _worst_overlap(board_view, cam, view)
        assert share < MAX_OVERLAP, f"zoom {zoom}: {share:.0%}"
        # Each token can still be picked where it is drawn.
        for g, (x, y) in board_view.general_screen(cam, view).items():
            assert board_view.general_at(cam, view, x, y) == g


@pytest.mark.parametrize("zoom", [1.0, 2.5])
def test_a_crowd_of_generals_stays_readable(board_view: BoardView, zoom: float) -> None:
    """All 24 generals on the 24 cities nearest Roma: no token hidden, none far from home."""
    pos = board_view.g.pos
    roma = CITY["Roma"]
    near = sorted(range(BOARD.num_cities), key=lambda c: math.dist(pos[c], pos[roma]))[:24]
    view = _view(dict(enumerate(near)))
    cam = _camera(zoom, pos[roma])
    share, g1, g2 = _worst_overlap(board_view, cam, view)
    assert share < MAX_OVERLAP, (g1, g2, share)
    size = board_view.token_size(cam)
    for g, (x, y) in board_view.general_screen(cam, view).items():
        cx, cy = cam.to_screen(*pos[near[g]])
        assert math.dist((x, y), (cx, cy)) < 4.5 * size, f"general {g} far from its city"
    picture = pygame.Surface((1280, 720))
    board_view.draw(picture, cam, view, Marks())
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(picture.subsurface(cam.viewport.tuple()), str(SHOTS / f"crowd_{zoom}.png"))


def test_fan_tokens_keeps_a_lonely_row_on_its_city() -> None:
    rows = fan_tokens([Stack(1, (100.0, 100.0), 3), Stack(2, (400.0, 100.0), 1)], 20, 18)
    assert rows[1] == [(82.0, 100.0), (100.0, 100.0), (118.0, 100.0)]
    assert rows[2] == [(400.0, 100.0)]


# -- city names -------------------------------------------------------------------------------


@pytest.mark.parametrize("zoom", [1.0, 2.5])
def test_city_names_are_not_under_tokens(board_view: BoardView, zoom: float) -> None:
    """Generals on every capital and at Lilybaeum and Gades (names players could not read):
    every name shown is clear of every token and tower, and those two are shown."""
    capitals = [n.index for n in BOARD.nodes[: BOARD.num_cities] if n.is_capital]
    at = {g: c for g, c in enumerate(capitals)}
    at[20] = CITY["Lilybaeum"]
    at[21] = CITY["Gades"]
    view = _view(at)
    for city in (CITY["Lilybaeum"], CITY["Gades"]):
        cam = _camera(zoom, board_view.g.pos[city])
        vp = cam.viewport
        covers = [*board_view.token_boxes(cam, view), *board_view.tower_boxes(cam, view)]
        local = [Box(b.x - vp.x, b.y - vp.y, b.w, b.h) for b in covers]
        names = board_view.art.labels(cam, None, local)
        assert city in names
        for box, text, _, _ in names.values():
            hidden = [t for t in local if overlaps(box, t)]
            assert not hidden, f"zoom {zoom}: {text} under a token at {hidden[0]}"


def test_a_capital_keeps_its_name_beside_a_crowd() -> None:
    """A capital's name is shown even where tokens fill every place round it, in the place
    they cover least."""
    tokens = [Box(90, 110, 40, 20), Box(90, 70, 40, 20), Box(130, 90, 20, 20)]
    placed = place_names([Name(7, 110, 100, 50, 14, 8, 3, True)], [], tokens)
    box = placed[7]
    assert sum(overlap_area(box, t) for t in tokens) == 0


# -- tooltips and the suggestions panel ------------------------------------------------------


def test_a_tooltip_keeps_off_the_lit_cities() -> None:
    lit = [box_around(300 + 30 * i, 300 + 20 * j, 36, 36) for i in range(-2, 3) for j in (-1, 1)]
    box = place_tooltip(220, 44, 300, 300, (1280, 720), lit)
    assert not box.contains(300, 300)
    assert all(overlap_area(box, b) == 0 for b in lit)
    # Near the screen's corner it stays on screen.
    corner = place_tooltip(220, 44, 1270, 710, (1280, 720), lit)
    assert corner.right <= 1280 and corner.bottom <= 720 and not corner.contains(1270, 710)


def test_the_panel_takes_the_quietest_corner() -> None:
    area = Box(0, 80, 1000, 548)
    busy = [(60.0, 560.0), (80.0, 580.0), (900.0, 120.0)]  # bottom left and top right
    box = quiet_corner(440, 100, area, busy, keep_clear=[Box(944, 412, 48, 208)])
    assert box.y == area.y + 10 and box.x == area.x + 10  # top left: nothing to tap there


def _own_turn(app: App, scene: MatchScene) -> None:
    def ready() -> bool:
        s = scene.session
        if s.legal() and not scene.animator.busy:
            if s.state.phase == P_ACTION and not s.state.draw_queue:
                return True
            perform(app, scene, s.legal()[0])
        return False

    _until(app, ready)
    scene._refresh()


def test_in_the_match_tooltips_and_suggestions_leave_the_lit_cities_free(
    app: App, random_ai: None
) -> None:
    from web.ui.widgets import tooltip

    scene = _match(app, seed=11)
    scene.animator.enabled = False
    _own_turn(app, scene)
    legal = scene.session.legal()
    state = scene.view.public
    # Suggestions on the map: their panel covers none of the cities and generals to tap.
    scene.controls.hints = [(a, 0.5) for a in legal[:4]]
    box = scene.controls.hint_box(scene)
    assert box is not None
    for x, y in scene.board_view.interest_points(scene.camera, scene.view, scene.marks()):
        assert not box.contains(x, y), (x, y, box)
    shot(app, "suggestions.png")
    # A general picked: the list gives way, and the tooltip of a lit city keeps off the others.
    movers = [g for g in intents.actable_generals(legal) if state.gen_city[g] >= 0]
    assert movers
    pick_die(app, scene, max(state.dice))
    pick_general(app, scene, movers[0])
    assert scene.controls.hint_box(scene) is None
    marks = scene.marks()
    assert marks.targets
    avoid = scene.tooltip_avoid()
    for c in marks.targets:
        x, y = scene.camera.to_screen(*scene.board_view.g.pos[c])
        rect = tooltip(app.screen, ["a city", "with a longer second line of text"], x, y, avoid)
        assert rect is not None and not rect.collidepoint(x, y)
        under = [b for b in avoid if not b.contains(x, y) and rect.colliderect(b.tuple())]
        assert not under, (c, rect, under)


# -- frame budget -----------------------------------------------------------------------------


def test_panning_draws_no_new_tile(board_view: BoardView, monkeypatch: pytest.MonkeyPatch) -> None:
    """The territories and the rest of the map are drawn once per zoom: a pan only lays the
    tiles already drawn (and a new tile where the view reaches new ground)."""
    art = board_view.art
    drawn: list[tuple[int, int]] = []
    real = art._draw_tile

    def counting(s: float, tx: int, ty: int, winter: bool) -> object:
        drawn.append((tx, ty))
        return real(s, tx, ty, winter)

    monkeypatch.setattr(art, "_draw_tile", counting)
    cam = _camera(2.5, board_view.g.pos[CITY["Roma"]])
    art.surface(cam, False)
    first = len(drawn)
    assert first > 0
    for _ in range(6):
        cam.pan(3, 2)
        art.surface(cam, False)
    assert len(drawn) == first
    cam.zoom_at(1.25, 400, 300)
    art.surface(cam, False)
    assert len(drawn) > first  # a new zoom draws its own tiles
