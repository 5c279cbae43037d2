"""Screen layout and hit testing, pure Python (no pygame) so they are unit-tested.

The client draws at one logical resolution, 1280x720. ``Camera`` maps board (world) units from
``web.ui.geo`` to screen pixels inside the map viewport, with zoom about a point and clamped pan.

The browser scales that canvas to the page (letterboxed, CSS). On a phone held sideways the
scale is about a half, so a 12 px label would show at 6 px: under ``COMPACT_BELOW`` the match
switches to the compact layout (a bigger map, the side panel as drawers) and every interface
text has a floor (``text_floor``) that keeps it at ``PHONE_TEXT_PX`` device pixels or more.
Likewise every button of the other screens has a floor (``touch_floor``, read with ``touch``):
``MIN_TOUCH`` canvas pixels show at half that, under a finger's ``PHONE_TOUCH_PX``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from web.ui import geo

WIDTH, HEIGHT = 1280, 720
TOP_BAR = 80
SIDE_WIDTH = 280
TRAY_HEIGHT = 92
MIN_TOUCH = 44  # px: the smallest target a finger hits reliably
HELP_SIDE = 48  # the "?" (the rules) at the top right of every screen
TRACK_TOKEN = 22  # px: a general waiting on the time track
# px between neighbours on the track row: a token and its level beside it, clear of the next
# token (shrinks, the tokens then overlapping, only when the row cannot hold them otherwise)
TRACK_STEP = 36
TRACK_BADGE = 14  # px: the last token's level, right of it
TRACK_RIGHT = 1100  # the track row may run right, under the status line, up to here
COMPACT_BELOW = 0.75  # canvas scale under which the phone layout is used
PHONE_TEXT_PX = 12  # the smallest text a phone shows, in device (CSS) pixels
PHONE_TOUCH_PX = 40  # the smallest button a phone shows, in device (CSS) pixels (a fingertip)
# The compact (phone) match: the bars are thinner, the side panel is three drawers.
C_TOP, C_TRAY = 62, 84
C_TAB_W, C_TAB_H = 136, 58
C_DRAWER_W = 580

_compact = False
_touch = 0  # the current screen's ``touch_floor``


def set_compact(on: bool) -> None:
    global _compact
    _compact = on


def compact() -> bool:
    return _compact


def set_touch(size: int) -> None:
    global _touch
    _touch = size


def touch() -> int:
    """The smallest button side, in canvas pixels, on the current screen (0: the desktop's
    sizes stand)."""
    return _touch


def help_box() -> Box:
    """The "?" (the rules) at the top right: a finger's size on a phone, over every screen."""
    side = max(HELP_SIDE, _touch)
    return Box(WIDTH - 8 - side, 6, side, side)


def canvas_scale(screen: tuple[int, int]) -> float:
    """How large the canvas shows on a screen of ``screen`` CSS pixels (letterboxed)."""
    w, h = screen
    return min(w / WIDTH, h / HEIGHT)


def sideways_scale(screen: tuple[int, int]) -> float:
    """``canvas_scale`` once the screen is held sideways: a phone held upright is asked to
    turn (``RotateScene``), so the layout is the one it will have then."""
    return canvas_scale((max(screen), min(screen)))


def small_screen(screen: tuple[int, int] | None) -> bool:
    return screen is not None and sideways_scale(screen) < COMPACT_BELOW


def text_floor(screen: tuple[int, int] | None) -> int:
    """The smallest interface text size, in canvas pixels, on ``screen`` (0: no floor)."""
    if screen is None or not small_screen(screen):
        return 0
    return math.ceil(PHONE_TEXT_PX / sideways_scale(screen) - 1e-9)


def touch_floor(screen: tuple[int, int] | None) -> int:
    """The smallest button side, in canvas pixels, on ``screen`` (0: no floor): where the match
    is compact, a button shows at ``PHONE_TOUCH_PX`` device pixels or more (74 at 844x390)."""
    if screen is None or not small_screen(screen):
        return 0
    return math.ceil(PHONE_TOUCH_PX / sideways_scale(screen) - 1e-9)


def touch_text(touch: int) -> int:
    """The text floor of the screen whose button floor is ``touch`` (both are a number of CSS
    pixels over the same scale)."""
    return math.ceil(touch * PHONE_TEXT_PX / PHONE_TOUCH_PX - 1e-9)


@dataclass(frozen=True)
class Box:
    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def inset(self, d: int) -> Box:
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def inset_xy(self, dx: int, dy: int) -> Box:
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def tuple(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.w, self.h)


def row(x: int, y: int, widths: Sequence[int], h: int, gap: int = 8) -> list[Box]:
    """Boxes laid left to right."""
    out = []
    for w in widths:
        out.append(Box(x, y, w, h))
        x += w + gap
    return out


def column(x: int, y: int, w: int, heights: Sequence[int], gap: int = 8) -> list[Box]:
    out = []
    for h in heights:
        out.append(Box(x, y, w, h))
        y += h + gap
    return out


def grid(x: int, y: int, w: int, h: int, count: int, columns: int, gap: int = 16) -> list[Box]:
    """``count`` boxes ``w`` x ``h`` in rows of ``columns``, left to right, then down: a list
    of buttons that is a finger tall on a phone and would not fit in one column."""
    return [Box(x + (i % columns) * (w + gap), y + (i // columns) * (h + gap // 2), w, h)
            for i in range(count)]  # fmt: skip


def centered(w: int, h: int, within: Box | None = None) -> Box:
    area = within or Box(0, 0, WIDTH, HEIGHT)
    return Box(area.x + (area.w - w) // 2, area.y + (area.h - h) // 2, w, h)


# The tray's buttons, left to right after the dice: their widths in the desktop and the compact
# layout, wide enough for the Russian labels (the longest) at the size they are drawn at.
TRAY_SLOTS = ("trade", "destroy", "train", "build", "hint", "undo", "end_turn")
TRAY_WIDTHS = {False: (88, 104, 90, 88, 104, 94, 108), True: (118, 150, 126, 122, 150, 140, 156)}
# On a phone the four dice take the button floor too (80 px at 800x360), so the buttons keep
# only the room their Russian labels need at the text floor of 800x360 (24 px; a label of two
# words on two lines), and grow with the floors of smaller phones.
PHONE_TRAY_WIDTHS = (100, 154, 122, 121, 152, 142, 103)
PHONE_TRAY_FLOOR = 80  # the button floor those widths were measured beside
C_TRAY_PAD = 4  # px above and below a tray button at the floor
MAX_DICE = 4  # a turn's roll (R4.1); a trade only lowers the count (R4.3)
DICE_GAP = 6  # px between two dice at the button floor: each die's frame is drawn 3 px out
DRAWERS = ("players", "quests", "log")


class MatchLayout:
    """Where the parts of the match screen are, in the desktop or the compact layout (whichever
    ``set_compact`` chose last: every module's instance follows the switch)."""

    @property
    def compact(self) -> bool:
        return _compact

    @property
    def top(self) -> Box:
        """The top bar; on a phone tall enough for two lines of the text floor (the status, or
        the status and the season), which at 568x320 (28 px, lines of 33) is more than C_TOP."""
        if not _compact:
            return Box(0, 0, WIDTH, TOP_BAR)
        line = math.ceil(touch_text(_touch) * 7 / 6)  # DejaVu's line height
        return Box(0, 0, WIDTH, max(C_TOP, 2 * line + 4))

    @property
    def side(self) -> Box:
        """The side panel; in the compact layout, the drawer's place over the map."""
        if _compact:
            m = self.map
            right = self.column_x() - 8
            return Box(right - C_DRAWER_W, m.y + 8, C_DRAWER_W, m.h - 16)
        return Box(WIDTH - SIDE_WIDTH, TOP_BAR, SIDE_WIDTH, HEIGHT - TOP_BAR)

    @property
    def map(self) -> Box:
        if _compact:
            top, tray = self.top, self.tray
            return Box(0, top.bottom, WIDTH, tray.y - top.bottom)
        return Box(0, TOP_BAR, WIDTH - SIDE_WIDTH, HEIGHT - TOP_BAR - TRAY_HEIGHT)

    @property
    def tray(self) -> Box:
        if _compact:
            h = max(C_TRAY, _touch + 2 * C_TRAY_PAD)
            return Box(0, HEIGHT - h, WIDTH, h)
        return Box(0, HEIGHT - TRAY_HEIGHT, WIDTH - SIDE_WIDTH, TRAY_HEIGHT)

    def drawer_tabs(self) -> list[Box]:
        """The compact layout's drawer tabs (players, quests, log), at the button floor: a
        column at the map's top right, under the "?" where a phone's floor has it reach into
        the map; the zoom buttons keep the bottom right."""
        h = max(C_TAB_H, _touch)
        m = self.map
        x = m.right - 8 - C_TAB_W
        y = max(m.y + 8, help_box().bottom + 8)
        return column(x, y, C_TAB_W, [h] * len(DRAWERS), 8)

    def column_x(self) -> int:
        """Where the compact layout's right column begins (the drawer tabs, and the "?" and
        the menu above them): what lies over the map, an open drawer too, keeps left of it."""
        return min(self.drawer_tabs()[0].x, self.menu_button().x, self.zoom_buttons()[0].x)

    def season_slots(self) -> list[Box]:
        """16 slots of the time track (R3.4), left of the top bar."""
        if _compact:
            return [Box(8 + i * 30 + (i // 4) * 8, 4, 28, 28) for i in range(16)]
        return [Box(12 + i * 41 + (i // 4) * 6, 20, 39, 30) for i in range(16)]

    def track_right(self) -> int:
        """How far right the row of waiting generals may run: under the status line on the
        desktop; in the compact layout the status has that place, so the row stays under the
        track."""
        return self.season_slots()[-1].right + 4 if _compact else TRACK_RIGHT

    def menu_button(self) -> Box:
        """The menu (the replay: close) left of the "?" and as large: on a phone both are at
        the button floor and reach below the compact top bar."""
        corner = help_box()
        return Box(corner.x - 8 - corner.w, corner.y, corner.w, corner.h)

    def zoom_buttons(self) -> list[Box]:
        """Zoom in, zoom out, whole map: a column at the map's right edge, above the tray (on
        a phone at the button floor); a row where the column would reach the drawer tabs."""
        m = self.map
        side = max(48, _touch) if _compact else 48
        span = 3 * side + 2 * 8
        if not _compact or m.bottom - 8 - span >= self.drawer_tabs()[-1].bottom + 8:
            return column(m.right - 8 - side, m.bottom - 8 - span, side, [side] * 3, 8)
        return row(m.right - 8 - span, m.bottom - 8 - side, [side] * 3, side, 8)

    def map_buttons(self) -> list[Box]:
        """The buttons over the map that a prompt or the hints keep clear of: the zoom buttons,
        and on a phone the "?" and the menu, which reach below the top bar."""
        corner = [help_box(), self.menu_button()] if _compact else []
        return [*self.zoom_buttons(), *corner]

    def panel_area(self) -> Box:
        """The map less the dice's column where they stand on it: where a panel over the map
        (the suggested moves) goes, so that it hides no die and keeps its corner beside them."""
        m = self.map
        if not self.dice_on_map():
            return m
        left = self.dice(MAX_DICE)[0].right + 8
        return Box(left, m.y, m.right - left, m.h)

    def dialog_area(self, h: int) -> Box:
        """Where a dialog ``h`` tall is centred: on the map; on a phone, where the button floor
        makes it taller than the map, on the whole screen (the tray under it is inert)."""
        m = self.map
        return Box(0, 0, WIDTH, HEIGHT) if _compact and h > m.h - 16 else m

    def coach_box(self, w: int, h: int = 48) -> Box:
        """The first-game coach's line, centred at the top of the map (left of the drawer
        tabs in the compact layout)."""
        m = self.map
        if _compact:
            m = Box(m.x, m.y, self.column_x() - 8 - m.x, m.h)
        w = min(w, m.w - 2 * 64)
        return Box(m.x + (m.w - w) // 2, m.y + 8, w, h)

    def track_token(self, slot: int, n: int) -> Box:
        """The n-th general waiting alone on a season slot of the time track (R6.2)."""
        return self.track_tokens({slot: n + 1})[slot][n]

    def track_tokens(self, counts: dict[int, int]) -> dict[int, list[Box]]:
        """Generals waiting on the time track, slot -> their boxes, in one readable row.

        Each slot's group is centred under its slot and pushed right when the group before it
        needs the room; when the row would run past ``TRACK_RIGHT`` the spacing shrinks.
        """
        slots = self.season_slots()
        # On a phone the row keeps inside the top bar, the own generals' halos too.
        y = slots[0].bottom + (2 if _compact else 4)
        for step in range(TRACK_STEP, 9, -2):
            out: dict[int, list[Box]] = {}
            cursor = 4
            for slot in sorted(counts):
                n = counts[slot]
                if n <= 0:
                    continue
                width = (n - 1) * step + TRACK_TOKEN
                start = max(cursor, slots[slot].center[0] - width // 2)
                width += TRACK_BADGE  # the last level, right of its token
                out[slot] = [Box(start + i * step, y, TRACK_TOKEN, TRACK_TOKEN) for i in range(n)]
                cursor = start + width + 8  # a gap tells one season's group from the next
            if cursor <= self.track_right():
                break
        return out

    def dice(self, count: int) -> list[Box]:
        t = self.tray
        if not _compact:
            return row(t.x + 12, t.y + (t.h - 58) // 2, [58] * count, 58, gap=8)
        if not _touch:
            return row(t.x + 12, t.y + (t.h - 58) // 2, [58] * count, 58, gap=6)
        if self.dice_on_map():
            # Placed for four, top down, so a die keeps its place while the others are used.
            m, side = self.map, _touch
            y = m.bottom - 8 - MAX_DICE * side - (MAX_DICE - 1) * DICE_GAP
            return column(m.x + 8, y, side, [side] * count, DICE_GAP)
        return row(t.x + 8, t.y + (t.h - _touch) // 2, [_touch] * count, _touch, DICE_GAP)

    def dice_on_map(self) -> bool:
        """Whether the dice stand in a column at the map's bottom left instead of in the tray.

        On a phone the dice take the button floor too; at 568x320 (a floor of 91 px) the tray's
        seven buttons, their labels whole at that text floor, leave the four dice 48 px (21 CSS
        px). The column stands in the margin the whole board leaves at the map's left (the map
        is wider than the board), as the zoom buttons stand at its bottom right."""
        if not (_compact and _touch):
            return False
        t = self.tray
        room = min(self._slots()["trade"].x - 8, t.right) - (t.x + 8)
        return MAX_DICE * _touch + (MAX_DICE - 1) * DICE_GAP > room

    def _slots(self) -> dict[str, Box]:
        t = self.tray
        if _compact and _touch:
            h = max(64, _touch)
            gap, margin = 4, 8
            grow = max(1.0, _touch / PHONE_TRAY_FLOOR)
            widths = [math.ceil(w * grow) for w in PHONE_TRAY_WIDTHS]
        else:
            h = 64 if _compact else 58
            gap, margin = 6, 12
            widths = list(TRAY_WIDTHS[_compact])
        x = t.right - margin - sum(widths) - gap * (len(widths) - 1)
        boxes = row(x, t.y + (t.h - h) // 2, widths, h, gap)
        return dict(zip(TRAY_SLOTS, boxes, strict=True))

    def tray_buttons(self) -> dict[str, Box]:
        slots = self._slots()
        return {name: slots[name] for name in ("end_turn", "undo", "hint", "trade")}

    def action_buttons(self, count: int) -> list[Box]:
        """Context actions for the selected general, between the trade and the hint button."""
        slots = self._slots()
        return [slots[name] for name in ("destroy", "train", "build")[:count]]

    def player_rows(self, n: int) -> list[Box]:
        s = self.side
        if _compact:
            return column(s.x + 10, s.y + 10, s.w - 20, [82] * n, gap=6)
        return column(s.x + 8, s.y + 8, s.w - 16, [58] * n, gap=4)

    def hand_cards(self, n: int, top: int, heights: Sequence[int] | None = None) -> list[Box]:
        """The quest cards, one under the other (``heights``: each card's, else 40)."""
        s = self.side
        pad = 10 if _compact else 8
        return column(s.x + pad, top, s.w - 2 * pad, list(heights or [40] * n), gap=6)


class Camera:
    """World (board units) to screen pixels inside ``viewport``; zoom about a point, clamped."""

    MIN_SCALE_FACTOR = 1.0  # of the fit scale: never zoom out past the whole board
    MAX_SCALE = 4.0

    def __init__(self, viewport: Box) -> None:
        self.viewport = viewport
        self.fit_scale = min(viewport.w / geo.WORLD_WIDTH, viewport.h / geo.WORLD_HEIGHT)
        self.scale = self.fit_scale
        self.ox = 0.0  # world x at the viewport's left edge
        self.oy = 0.0
        self.fit()

    def fit(self) -> None:
        self.scale = self.fit_scale
        self._clamp()

    def set_viewport(self, viewport: Box) -> None:
        """The map's box changed (the layout switched): keep the zoom relative to the whole
        board and the point at the centre."""
        if viewport == self.viewport:
            return
        zoom = self.scale / self.fit_scale
        cx, cy = self.to_world(*self.viewport.center)
        self.viewport = viewport
        self.fit_scale = min(viewport.w / geo.WORLD_WIDTH, viewport.h / geo.WORLD_HEIGHT)
        self.scale = self.fit_scale * zoom
        self.ox = cx - viewport.w / 2 / self.scale
        self.oy = cy - viewport.h / 2 / self.scale
        self._clamp()

    def key(self) -> tuple[int, int, int]:
        """Changes whenever the picture of the board would change."""
        return (round(self.scale * 10000), round(self.ox * 4), round(self.oy * 4))

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        vp = self.viewport
        return (vp.x + (wx - self.ox) * self.scale, vp.y + (wy - self.oy) * self.scale)

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        vp = self.viewport
        return (self.ox + (sx - vp.x) / self.scale, self.oy + (sy - vp.y) / self.scale)

    def pan(self, dx: float, dy: float) -> None:
        """Move the picture by (dx, dy) screen pixels."""
        self.ox -= dx / self.scale
        self.oy -= dy / self.scale
        self._clamp()

    def zoom_at(self, factor: float, sx: float, sy: float) -> None:
        """Zoom by ``factor`` keeping the world point under (sx, sy) in place."""
        wx, wy = self.to_world(sx, sy)
        lo = self.fit_scale * self.MIN_SCALE_FACTOR
        self.scale = max(lo, min(self.MAX_SCALE, self.scale * factor))
        vp = self.viewport
        self.ox = wx - (sx - vp.x) / self.scale
        self.oy = wy - (sy - vp.y) / self.scale
        self._clamp()

    def frame(self, points: Sequence[tuple[float, float]], margin: float, most: float) -> None:
        """Show the world ``points`` with ``margin`` screen px round them, centred, zoomed in
        at most ``most`` times the whole board's scale (never out past the whole board)."""
        if not points:
            return
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        vp = self.viewport
        w, h = max(1.0, max(xs) - min(xs)), max(1.0, max(ys) - min(ys))
        fit = min((vp.w - 2 * margin) / w, (vp.h - 2 * margin) / h)
        self.scale = max(self.fit_scale, min(self.fit_scale * most, self.MAX_SCALE, fit))
        cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        self.ox = cx - vp.w / 2 / self.scale
        self.oy = cy - vp.h / 2 / self.scale
        self._clamp()

    def _clamp(self) -> None:
        vp = self.viewport
        span_x = vp.w / self.scale
        span_y = vp.h / self.scale
        if span_x >= geo.WORLD_WIDTH:
            self.ox = (geo.WORLD_WIDTH - span_x) / 2
        else:
            self.ox = max(0.0, min(geo.WORLD_WIDTH - span_x, self.ox))
        if span_y >= geo.WORLD_HEIGHT:
            self.oy = (geo.WORLD_HEIGHT - span_y) / 2
        else:
            self.oy = max(0.0, min(geo.WORLD_HEIGHT - span_y, self.oy))

    def visible(self, sx: float, sy: float, margin: float = 0) -> bool:
        vp = self.viewport
        return vp.x - margin <= sx < vp.right + margin and vp.y - margin <= sy < vp.bottom + margin


def nearest(points: Iterable[tuple[int, float, float]], px: float, py: float, radius: float) -> int:
    """The id of the point nearest (px, py) within ``radius``, or -1."""
    best = -1
    best_d = radius * radius
    for ident, x, y in points:
        d = (x - px) ** 2 + (y - py) ** 2
        if d <= best_d:
            best, best_d = ident, d
    return best


def hit_radius(scale: float, fit_scale: float) -> float:
    """Cities are hit within this many pixels: generous for fingers, tighter when zoomed out."""
    return max(12.0, min(22.0, 14.0 * math.sqrt(scale / fit_scale)))


def token_offsets(count: int, spread: float) -> list[tuple[float, float]]:
    """Where ``count`` tokens sharing a city sit around its centre."""
    if count <= 1:
        return [(0.0, 0.0)]
    return [((i - (count - 1) / 2) * spread, 0.0) for i in range(count)]


def overlaps(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


@dataclass(frozen=True)
class LabelSpot:
    """A label wanted next to a point (a city): its size, the gap from the point, how much it
    matters (higher is placed first) and whether it must show even where it overlaps."""

    ident: int
    x: float
    y: float
    w: int
    h: int
    gap: int
    priority: int = 0
    keep: bool = False


def place_labels(spots: Iterable[LabelSpot], obstacles: Iterable[tuple[int, Box]] = ()
                 ) -> dict[int, Box]:  # fmt: skip
    """Where each label goes: below its point, else above, right or left, never over another
    label or another point's marker; a label with no free place is left out unless ``keep``.
    Higher priority first, so where cities crowd, capitals keep their names."""
    cell = 64
    grid: dict[tuple[int, int], list[tuple[int, Box]]] = {}

    def cells(b: Box) -> list[tuple[int, int]]:
        return [(cx, cy) for cx in range(b.x // cell, (b.right - 1) // cell + 1)
                for cy in range(b.y // cell, (b.bottom - 1) // cell + 1)]  # fmt: skip

    def add(owner: int, b: Box) -> None:
        for c in cells(b):
            grid.setdefault(c, []).append((owner, b))

    def free(owner: int, b: Box) -> bool:
        for c in cells(b):
            for other, ob in grid.get(c, ()):
                if other != owner and overlaps(b, ob):
                    return False
        return True

    for ident, box in obstacles:
        add(ident, box)
    out: dict[int, Box] = {}
    for s in sorted(spots, key=lambda s: (-s.priority, s.ident)):
        x, y, w, h, g = int(s.x), int(s.y), s.w, s.h, s.gap
        options = [
            Box(x - w // 2, y + g, w, h),  # below
            Box(x - w // 2, y - g - h, w, h),  # above
            Box(x + g, y - h // 2, w, h),  # right
            Box(x - g - w, y - h // 2, w, h),  # left
        ]
        chosen = next((b for b in options if free(s.ident, b)), None)
        if chosen is None and s.keep:
            chosen = options[0]
        if chosen is not None:
            out[s.ident] = chosen
            add(-1 - s.ident, chosen)  # a label blocks everyone, its own city included
    return out
