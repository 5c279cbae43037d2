"""Screen layout and hit testing, pure Python (no pygame) so they are unit-tested.

The client draws at one logical resolution, 1280x720. ``Camera`` maps board (world) units from
``web.geo`` to screen pixels inside the map viewport, with zoom about a point and clamped pan.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from web import geo

WIDTH, HEIGHT = 1280, 720
TOP_BAR = 80
SIDE_WIDTH = 280
TRAY_HEIGHT = 92
MIN_TOUCH = 44  # px: the smallest target a finger hits reliably
TRACK_TOKEN = 22  # px: a general waiting on the time track
TRACK_STEP = 24  # px between neighbours on the track row (shrinks when the row is full)
TRACK_RIGHT = 1100  # the track row may run right, under the status line, up to here


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


def centered(w: int, h: int, within: Box | None = None) -> Box:
    area = within or Box(0, 0, WIDTH, HEIGHT)
    return Box(area.x + (area.w - w) // 2, area.y + (area.h - h) // 2, w, h)


@dataclass(frozen=True)
class MatchLayout:
    """Where the parts of the match screen are."""

    top: Box = Box(0, 0, WIDTH, TOP_BAR)
    side: Box = Box(WIDTH - SIDE_WIDTH, TOP_BAR, SIDE_WIDTH, HEIGHT - TOP_BAR)
    map: Box = Box(0, TOP_BAR, WIDTH - SIDE_WIDTH, HEIGHT - TOP_BAR - TRAY_HEIGHT)
    tray: Box = Box(0, HEIGHT - TRAY_HEIGHT, WIDTH - SIDE_WIDTH, TRAY_HEIGHT)

    def season_slots(self) -> list[Box]:
        """16 slots of the time track (R3.4), left of the top bar."""
        return [Box(12 + i * 41 + (i // 4) * 6, 20, 39, 30) for i in range(16)]

    def top_buttons(self) -> list[Box]:
        """Menu, settings, rules (right to left) at the top right."""
        return [Box(WIDTH - 8 - (i + 1) * 52, 6, 48, 48) for i in range(3)]

    def menu_button(self) -> Box:
        return self.top_buttons()[1]

    def zoom_buttons(self) -> list[Box]:
        """Zoom in, zoom out, whole map: a column at the map's right edge, above the tray."""
        m = self.map
        return column(m.right - 8 - 48, m.bottom - 8 - 3 * 48 - 2 * 8, 48, [48] * 3, 8)

    def coach_box(self, w: int) -> Box:
        """The first-game coach's line, centred at the top of the map."""
        m = self.map
        w = min(w, m.w - 2 * 64)
        return Box(m.x + (m.w - w) // 2, m.y + 8, w, 48)

    def track_token(self, slot: int, n: int) -> Box:
        """The n-th general waiting alone on a season slot of the time track (R6.2)."""
        return self.track_tokens({slot: n + 1})[slot][n]

    def track_tokens(self, counts: dict[int, int]) -> dict[int, list[Box]]:
        """Generals waiting on the time track, slot -> their boxes, in one readable row.

        Each slot's group is centred under its slot and pushed right when the group before it
        needs the room; when the row would run past ``TRACK_RIGHT`` the spacing shrinks.
        """
        slots = self.season_slots()
        y = slots[0].bottom + 4
        for step in range(TRACK_STEP, 9, -2):
            out: dict[int, list[Box]] = {}
            cursor = 4
            for slot in sorted(counts):
                n = counts[slot]
                if n <= 0:
                    continue
                width = (n - 1) * step + TRACK_TOKEN
                start = max(cursor, slots[slot].center[0] - width // 2)
                out[slot] = [Box(start + i * step, y, TRACK_TOKEN, TRACK_TOKEN) for i in range(n)]
                cursor = start + width + 10  # a gap tells one season's group from the next
            if cursor <= TRACK_RIGHT:
                break
        return out

    def dice(self, count: int) -> list[Box]:
        return row(self.tray.x + 12, self.tray.y + 16, [58] * count, 58, gap=8)

    def tray_buttons(self) -> dict[str, Box]:
        t = self.tray
        y = t.y + 16
        end = Box(t.right - 12 - 124, y, 124, 58)
        undo = Box(end.x - 8 - 92, y, 92, 58)
        hint = Box(undo.x - 8 - 92, y, 92, 58)
        trade = Box(t.x + 12 + 4 * 66, y, 108, 58)
        return {"end_turn": end, "undo": undo, "hint": hint, "trade": trade}

    def action_buttons(self, count: int) -> list[Box]:
        """Context actions for the selected general, between the trade and the hint button."""
        x = self.tray.x + 12 + 4 * 66 + 116
        right = self.tray_buttons()["hint"].x - 8
        w = min(96, (right - x - 8 * (count - 1)) // max(1, count))
        return row(x, self.tray.y + 16, [w] * count, 58, gap=8)

    def player_rows(self, n: int) -> list[Box]:
        s = self.side
        return column(s.x + 8, s.y + 8, s.w - 16, [58] * n, gap=4)

    def hand_cards(self, n: int, top: int) -> list[Box]:
        s = self.side
        w = (s.w - 16 - 2 * 6) // 3
        return row(s.x + 8, top, [w] * n, 74, gap=6)


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

    def center_on(self, wx: float, wy: float) -> None:
        vp = self.viewport
        self.ox = wx - vp.w / 2 / self.scale
        self.oy = wy - vp.h / 2 / self.scale
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
