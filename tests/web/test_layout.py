"""Layout, camera and hit testing are pure and unit-tested (no pygame needed)."""

from __future__ import annotations

import itertools

import pytest

from web.ui import geo
from web.ui.layout import (
    HEIGHT,
    MIN_TOUCH,
    PHONE_TOUCH_PX,
    WIDTH,
    Box,
    Camera,
    MatchLayout,
    centered,
    grid,
    hit_radius,
    nearest,
    token_offsets,
    touch_floor,
)

L = MatchLayout()


def _overlap(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def test_box_contains_edges() -> None:
    b = Box(10, 20, 30, 40)
    assert b.contains(10, 20) and b.contains(39.9, 59.9)
    assert not b.contains(40, 20) and not b.contains(10, 60)
    assert b.center == (25, 40)
    assert b.inset(5) == Box(15, 25, 20, 30)


def test_match_regions_tile_the_screen() -> None:
    assert L.top.w == WIDTH and L.side.right == WIDTH and L.side.bottom == HEIGHT
    assert L.map.bottom == L.tray.y and L.map.right == L.side.x
    assert not _overlap(L.map, L.side) and not _overlap(L.map, L.tray)


@pytest.mark.parametrize("count", [1, 2, 3])
def test_tray_controls_are_big_and_apart(count: int) -> None:
    boxes = [*L.dice(4), *L.tray_buttons().values(), *L.action_buttons(count)]
    for b in boxes:
        assert b.h >= MIN_TOUCH and b.w >= MIN_TOUCH, b
        assert L.tray.x <= b.x and b.right <= L.tray.right and b.bottom <= L.tray.bottom
    for a, b in itertools.combinations(boxes, 2):
        assert not _overlap(a, b), (a, b)


def test_season_track_has_16_slots_in_the_top_bar() -> None:
    slots = L.season_slots()
    assert len(slots) == 16
    for a, b in itertools.pairwise(slots):
        assert a.right <= b.x
    assert all(L.top.contains(s.x, s.y) and s.bottom <= L.top.bottom for s in slots)
    token = L.track_token(15, 1)
    assert token.bottom <= L.top.bottom and token.h >= 16


def test_player_rows_fit_six_seats_and_hand() -> None:
    rows = L.player_rows(6)
    assert rows[-1].bottom < L.side.bottom - 200  # room for the hand and the log
    cards = L.hand_cards(3, rows[-1].bottom + 30)
    assert cards[-1].right <= L.side.right


def test_camera_round_trip_and_fit() -> None:
    cam = Camera(L.map)
    for wx, wy in [(0, 0), (1000, 600), (geo.WORLD_WIDTH, geo.WORLD_HEIGHT)]:
        sx, sy = cam.to_screen(wx, wy)
        bx, by = cam.to_world(sx, sy)
        assert abs(bx - wx) < 1e-6 and abs(by - wy) < 1e-6
    # at fit zoom the whole board is inside the viewport
    x0, y0 = cam.to_screen(0, 0)
    x1, y1 = cam.to_screen(geo.WORLD_WIDTH, geo.WORLD_HEIGHT)
    assert L.map.x - 1 <= x0 and x1 <= L.map.right + 1
    assert L.map.y - 1 <= y0 and y1 <= L.map.bottom + 1


def test_zoom_keeps_the_point_under_the_pointer() -> None:
    cam = Camera(L.map)
    px, py = 400, 300
    before = cam.to_world(px, py)
    cam.zoom_at(2.0, px, py)
    after = cam.to_world(px, py)
    assert abs(before[0] - after[0]) < 1e-6 and abs(before[1] - after[1]) < 1e-6
    assert cam.scale == pytest.approx(cam.fit_scale * 2)


def test_zoom_is_clamped_and_pan_stays_on_the_board() -> None:
    cam = Camera(L.map)
    cam.zoom_at(0.1, 100, 100)
    assert cam.scale == pytest.approx(cam.fit_scale)
    cam.zoom_at(1000, 100, 100)
    assert cam.scale == Camera.MAX_SCALE
    cam.pan(10_000, 10_000)
    assert cam.ox == 0 and cam.oy == 0
    cam.pan(-100_000, -100_000)
    assert cam.ox + L.map.w / cam.scale == pytest.approx(geo.WORLD_WIDTH)
    key = cam.key()
    cam.pan(5, 0)
    assert cam.key() != key


def test_nearest_and_radius() -> None:
    pts = [(1, 0.0, 0.0), (2, 10.0, 0.0), (3, 100.0, 100.0)]
    assert nearest(pts, 4, 0, 20) == 1
    assert nearest(pts, 6, 0, 20) == 2
    assert nearest(pts, 50, 50, 20) == -1
    assert 12 <= hit_radius(1, 1) <= 22 and hit_radius(4, 1) == 22


def test_token_offsets_spread_evenly() -> None:
    assert token_offsets(1, 10) == [(0.0, 0.0)]
    xs = [x for x, _ in token_offsets(3, 10)]
    assert xs == [-10.0, 0.0, 10.0]


def test_centered() -> None:
    b = centered(100, 50, Box(0, 0, 300, 150))
    assert b == Box(100, 50, 100, 50)


def test_track_row_keeps_a_crowded_season_readable() -> None:
    from web.ui.layout import TRACK_RIGHT, TRACK_TOKEN

    top = L.top
    for counts in (
        {3: 1},
        {1: 8, 2: 3},
        {0: 4, 1: 8, 2: 2, 3: 2},
        {5: 24},
        {s: 2 for s in range(16)},
    ):
        groups = L.track_tokens(counts)
        assert {s: len(b) for s, b in groups.items()} == counts
        boxes = [b for s in sorted(groups) for b in groups[s]]
        for a, b in itertools.pairwise(boxes):
            assert a.x < b.x  # one row, in season order
        for b in boxes:
            assert top.contains(b.x, b.y) and b.bottom <= top.bottom and b.right <= TRACK_RIGHT
            assert b.w == TRACK_TOKEN and b.y >= L.season_slots()[0].bottom
        if sum(counts.values()) <= 16:  # up to sixteen waiting generals never overlap
            for a, b in itertools.pairwise(boxes):
                assert not _overlap(a, b), (a, b)
    lone = L.track_tokens({6: 1})[6][0]
    assert abs(lone.center[0] - L.season_slots()[6].center[0]) <= 1  # right under its season


def test_map_buttons_are_finger_sized_and_clear_of_the_rest() -> None:
    boxes = [L.menu_button(), *L.zoom_buttons()]
    for b in boxes:
        assert b.w >= MIN_TOUCH and b.h >= MIN_TOUCH
    assert L.top.contains(*L.menu_button().center)
    for b in L.zoom_buttons():
        assert L.map.x <= b.x and b.right <= L.map.right and b.bottom <= L.map.bottom
    for a, b in itertools.combinations(boxes, 2):
        assert not _overlap(a, b)
    coach = L.coach_box(2000)
    assert L.map.x < coach.x and coach.right < L.zoom_buttons()[0].x and coach.h >= MIN_TOUCH


@pytest.mark.parametrize("screen", [(844, 390), (800, 360), (568, 320)])
def test_the_phones_top_right_buttons_are_a_fingertip(screen: tuple[int, int]) -> None:
    """The "?" and the menu beside it were 48 canvas pixels on the phone too (26 CSS pixels at
    844x390): they take the button floor, and the drawer tabs, the open drawer and the zoom
    buttons make room for them; the desktop keeps its own places."""
    from web.ui import layout
    from web.ui.layout import help_box

    desktop = (help_box(), L.menu_button(), L.side)
    assert desktop == (Box(WIDTH - 56, 6, 48, 48), Box(WIDTH - 112, 6, 48, 48),
                       Box(WIDTH - 280, 80, 280, HEIGHT - 80))  # fmt: skip
    layout.set_compact(True)
    layout.set_touch(touch_floor(screen))
    try:
        corner = [help_box(), L.menu_button()]
        for b in corner:
            assert min(b.w, b.h) >= layout.touch(), b
            assert b.x >= 0 and b.y >= 0 and b.right <= WIDTH and b.bottom <= HEIGHT
        assert not _overlap(*corner)
        others = [*L.drawer_tabs(), *L.zoom_buttons(), L.side, L.coach_box(2000)]
        for a, b in itertools.product(corner, others):
            assert not _overlap(a, b), (a, b)
    finally:
        layout.set_compact(False)
        layout.set_touch(0)


def test_labels_never_overlap_and_capitals_are_kept() -> None:
    from web.ui.layout import LabelSpot, overlaps, place_labels

    # a crowded strait: six cities within a few pixels, one capital among them
    spots = [LabelSpot(i, 100 + 6 * i, 100 + 3 * i, 80, 14, 8, 1) for i in range(6)]
    spots.append(LabelSpot(9, 110, 104, 90, 14, 8, 3, keep=True))
    placed = place_labels(spots)
    assert 9 in placed  # the capital keeps its name
    assert len(placed) < len(spots)  # lesser names give way
    for (a, ba), (b, bb) in itertools.combinations(placed.items(), 2):
        assert not overlaps(ba, bb), (a, b)
    # a label never covers another city's marker, but may sit by its own
    marker = (1, Box(96, 112, 8, 8))
    lone = place_labels([LabelSpot(1, 100, 100, 40, 12, 6)], [marker])
    assert lone[1].y == 106  # below its own city
    blocked = place_labels([LabelSpot(2, 100, 100, 40, 12, 6)], [marker])
    assert not overlaps(blocked[2], marker[1])


def test_the_touch_floor_is_a_fingertip_where_the_match_is_compact() -> None:
    assert touch_floor(None) == 0 and touch_floor((1280, 720)) == 0  # the desktop's sizes
    assert touch_floor((1920, 1080)) == 0
    assert touch_floor((844, 390)) == 74 == touch_floor((390, 844))  # upright: as it will be
    for screen in ((844, 390), (800, 360), (667, 375), (568, 320)):
        scale = min(max(screen) / WIDTH, min(screen) / HEIGHT)
        assert touch_floor(screen) * scale >= PHONE_TOUCH_PX > (touch_floor(screen) - 1) * scale


def test_grid_fills_rows_first() -> None:
    boxes = grid(10, 20, 100, 50, 5, 2, gap=16)
    assert [b.tuple() for b in boxes[:3]] == [(10, 20, 100, 50), (126, 20, 100, 50),
                                              (10, 78, 100, 50)]  # fmt: skip
    assert len(boxes) == 5 and boxes[4].y == 20 + 2 * 58
