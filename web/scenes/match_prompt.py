"""A prompt of the match: its title, body and options, each option a button that plays one
legal action (or does what the player asked, Back), laid out on the map clear of the cities it
is about and of the map's own buttons, so the player sees what is decided."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from game.actions import Action
from web.render.battle import Matchup, matchup_height
from web.text import i18n
from web.ui import theme
from web.ui.layout import Box, MatchLayout, centered, touch
from web.ui.widgets import Button

LAYOUT = MatchLayout()
PAD = 20
TITLE_SIZE, BODY_SIZE = 20, 15
OPTION_SIZE, OPTION_H = 17, 54  # a prompt button's text size and height (on a phone, the floor)
ROW_GAP = 10  # px between two rows of a prompt's buttons
HINT_W, HINT_H = 104, 44  # a prompt's own Hint button (on a phone, the button floor)
CLEAR = 44  # px kept between a prompt and the city it is about


@dataclass
class Choice:
    """A prompt's button: its label, what a tap does, its tooltip, the action it plays."""

    label: str
    on_tap: Callable[[], object]
    tip: str = ""
    action: Action | None = None


@dataclass
class Prompt:
    title: str
    body: str = ""
    options: list[Choice] = field(default_factory=list)
    tag: str = ""
    about: tuple[int, ...] = ()  # the cities it decides about: the box keeps clear of them
    matchup: Matchup | None = None  # a battle's two sides, drawn between body and buttons
    hint: bool = False  # offers its own Hint button (the tray's is out of reach meanwhile)
    box: Box = field(default_factory=lambda: centered(520, 220, LAYOUT.map))
    title_box: Box = field(default_factory=lambda: Box(0, 0, 0, 0))
    body_box: Box = field(default_factory=lambda: Box(0, 0, 0, 0))
    matchup_box: Box = field(default_factory=lambda: Box(0, 0, 0, 0))
    cols: int = 0  # buttons to a row, set by ``layout`` (0: not laid out yet)

    def layout(self, avoid: Sequence[tuple[float, float]] = (), keep_clear: Sequence[Box] = ()
               ) -> None:  # fmt: skip
        """Size the box for its texts and buttons, and place it on the map clear of the
        points in ``avoid`` (the cities it is about, on screen) and of ``keep_clear``."""
        self.cols = 0
        base = max(560 if self.matchup is None else 620, self.per_row() * 150 + 2 * PAD)
        # The phone's text floor makes every text larger: the prompt widens with it.
        w = round(base * max(1.0, theme.ui(BODY_SIZE) / BODY_SIZE) ** 0.75)
        w = min(w, LAYOUT.map.w - 20)
        self._lay(w, avoid, keep_clear)
        if not touch() or self.matchup is not None or _clear(self.box, avoid, keep_clear):
            return
        # With the phone's button floor too, a prompt is too large to stand beside its city
        # (Halt or Pass at 568x320): a narrower one may, its texts still whole.
        for narrower in range(w - 40, base - 1, -40):
            if self._lay(narrower, avoid, keep_clear) and _clear(self.box, avoid, keep_clear):
                return
        self._lay(w, avoid, keep_clear)

    def _lay(self, w: int, avoid: Sequence[tuple[float, float]], keep_clear: Sequence[Box]
             ) -> bool:  # fmt: skip
        """Lay the prompt out ``w`` wide; whether every text of it is whole there."""
        n = len(self.options)
        self.cols = 0
        per_row = self.per_row()
        # Fewer buttons to a row when a label would be cut («Восточное Царство» at the
        # phone's text floor does not fit a third of the prompt, even on two lines).
        while per_row > 1 and any(_label_cut(c.label, _button_w(w, per_row))
                                  for c in self.options):  # fmt: skip
            per_row -= 1
        self.cols = per_row
        whole = not any(_label_cut(c.label, _button_w(w, per_row)) for c in self.options)
        rows = (n + per_row - 1) // per_row
        inner = w - 2 * PAD
        title_w = inner - (hint_width() + 10 if self.hint else 0)
        title = theme.fit(self.title, TITLE_SIZE, title_w, "bold", lines=2)
        title_h = theme.line_height(title.size, "bold") * len(title.lines)
        hint_h = hint_height() if self.hint else 0
        # The body under the title row; on a phone, where the Hint is a finger tall and the
        # title row would leave room beside it, the body goes beside the Hint too if that is
        # lower (the coin prompt at 568x320 fits the map only so).
        heads = [(max(title_h, hint_h) + 10 + _body_h(self.body, inner), inner)]
        if self.body and hint_h and touch():
            beside = _body_h(self.body, title_w, whole=True)
            if beside:
                heads.append((max(title_h + 10 + beside, hint_h + 10), title_w))
        head_h, body_w = min(heads, key=lambda head: head[0])
        detail_h = matchup_height() + 10 if self.matchup is not None else 0
        h = 16 + head_h + detail_h + rows * row_step() + 8
        self.box = place(w, h, LAYOUT.map, avoid, keep_clear)
        x, y = self.box.x + PAD, self.box.y + 16
        body_h = max(0, _body_h(self.body, body_w) - 8)
        if body_w == inner:
            self.title_box = Box(x, y, title_w, max(title_h, hint_h))
            self.body_box = Box(x, self.title_box.bottom + 10, inner, body_h)
        else:
            self.title_box = Box(x, y, title_w, title_h)
            self.body_box = Box(x, y + title_h + 10, body_w, body_h)
        self.matchup_box = Box(x, y + head_h, inner, matchup_height())
        body_cut = bool(self.body) and theme.fit(self.body, BODY_SIZE, body_w, "sans", 4).cut
        return whole and not title.cut and not body_cut

    def per_row(self) -> int:
        if self.cols:
            return self.cols
        n = len(self.options)
        return 4 if n == 4 else min(n, 3) or 1  # four coins side by side

    def buttons(self) -> list[Button]:
        """The option buttons, in the order of ``options`` (call ``layout`` first)."""
        n = len(self.options)
        per_row = self.per_row()
        w = _button_w(self.box.w, per_row)
        step = row_step()
        top = self.box.bottom - 8 - ((n + per_row - 1) // per_row) * step
        out = []
        for i, choice in enumerate(self.options):
            r, c = divmod(i, per_row)
            box = Box(self.box.x + PAD + c * (w + 10), top + r * step, w, option_h())
            out.append(Button(box, choice.label, choice.on_tap, tip=choice.tip, tag=f"prompt{i}",
                              size=OPTION_SIZE))  # fmt: skip
        return out

    def hint_box(self) -> Box:
        w = hint_width()
        return Box(self.box.right - PAD - w, self.box.y + 12, w, hint_height())


def _button_w(prompt_w: int, per_row: int) -> int:
    return (prompt_w - 2 * PAD - (per_row - 1) * 10) // per_row


def _body_h(body: str, width: int, whole: bool = False) -> int:
    """The body's height in a prompt, with the gap under it (0 without a body; with
    ``whole``, 0 too where it would be cut at that width)."""
    if not body:
        return 0
    found = theme.fit(body, BODY_SIZE, width, "sans", lines=4)
    if whole and found.cut:
        return 0
    return theme.line_height(found.size) * len(found.lines) + 8


def option_h() -> int:
    """A prompt button's height: on a phone the button floor, as every other control of the
    match (the coin buttons were 24 CSS px at 568x320)."""
    return max(OPTION_H, touch())


def row_step() -> int:
    return option_h() + ROW_GAP


def _label_cut(label: str, button_w: int) -> bool:
    """The label would be cut in a prompt button that wide (as ``Button.draw`` fits it)."""
    return theme.fit(label, OPTION_SIZE, button_w - 12, "sans", lines=2,
                     height=option_h() - 6).cut  # fmt: skip


def hint_width() -> int:
    """The prompt's Hint button: a finger wide (on a phone the button floor), and wide enough
    for its label at the size the screen draws it (the phone's text floor is larger)."""
    label = theme.font(theme.ui(16)).size(i18n.t("hint"))[0]
    return max(HINT_W, label + 28, touch())


def hint_height() -> int:
    return max(HINT_H, theme.line_height(16) + 12, touch())


def place(
    w: int, h: int, area: Box, avoid: Iterable[tuple[float, float]] = (),
    keep_clear: Sequence[Box] = (),
) -> Box:  # fmt: skip
    """A ``w`` x ``h`` box inside ``area``, clear of ``avoid`` (by ``CLEAR``) and of
    ``keep_clear``: centred when that is, else at an edge or a corner, else just beside one of
    the points or boxes, nearest the centre; where none is, the place farthest from the
    points, preferring the centre line."""
    points = list(avoid)
    # A box nearly as tall as the area (a phone's coin prompt) keeps less margin, not less box.
    margin = min(10, max(0, (area.w - w) // 2), max(0, (area.h - h) // 2))
    xs = (area.x + (area.w - w) // 2, area.x + margin, area.right - margin - w)
    ys = (area.y + (area.h - h) // 2, area.y + margin, area.bottom - margin - h)
    spots = [Box(x, y, w, h) for y in ys for x in xs]
    for spot in spots:
        if _clear(spot, points, keep_clear):
            return spot
    # The grid's steps are coarse: a city just off the centre and the coach's line along the
    # top covered all nine spots of Halt or Pass (Ambracia, on the desktop), though the room
    # between the two held the prompt. So the box's edges go just past a city's clearance or
    # a box kept clear of, on either side, nearest the centre first; then, where the margins
    # are what leaves no room, flush with the map's edge and those boxes.
    beside = [b for gap in (margin, 0) for b in _beside(w, h, area, points, keep_clear, gap)]
    for spot in beside:
        if _clear(spot, points, keep_clear):
            return spot
    return max(spots + beside, key=lambda b: min(_clearance(b, points), CLEAR * 4)
               - 200 * _overlap(b, keep_clear))  # fmt: skip


def _beside(w: int, h: int, area: Box, points: Sequence[tuple[float, float]],
            keep_clear: Sequence[Box], margin: int) -> list[Box]:  # fmt: skip
    """The places of a ``w`` x ``h`` box in ``area`` whose edges lie ``margin`` inside the
    area's, ``CLEAR`` from a point or ``margin`` from a box, or on the centre line; nearest the
    area's centre first."""
    lo_x, hi_x = area.x + margin, area.right - margin - w
    lo_y, hi_y = area.y + margin, area.bottom - margin - h
    xs = {area.x + (area.w - w) // 2, lo_x, hi_x}
    ys = {area.y + (area.h - h) // 2, lo_y, hi_y}
    for px, py in points:
        xs |= {math.floor(px - CLEAR - w), math.ceil(px + CLEAR)}
        ys |= {math.floor(py - CLEAR - h), math.ceil(py + CLEAR)}
    for k in keep_clear:
        xs |= {k.x - margin - w, k.right + margin}
        ys |= {k.y - margin - h, k.bottom + margin}
    cx, cy = area.x + area.w / 2, area.y + area.h / 2
    spots = [Box(x, y, w, h) for y in ys if lo_y <= y <= hi_y for x in xs if lo_x <= x <= hi_x]
    return sorted(spots, key=lambda b: (abs(b.x + w / 2 - cx) + abs(b.y + h / 2 - cy), b.y, b.x))


def _clear(b: Box, points: Sequence[tuple[float, float]], keep_clear: Sequence[Box]) -> bool:
    return _clearance(b, points) >= CLEAR and not _overlap(b, keep_clear)


def _clearance(b: Box, points: Sequence[tuple[float, float]]) -> float:
    return min((_distance(b, px, py) for px, py in points), default=math.inf)


def _overlap(b: Box, keep_clear: Sequence[Box]) -> int:
    return sum(1 for k in keep_clear if b.x < k.right and k.x < b.right and b.y < k.bottom
               and k.y < b.bottom)  # fmt: skip


def _distance(b: Box, px: float, py: float) -> float:
    dx = max(b.x - px, 0.0, px - b.right)
    dy = max(b.y - py, 0.0, py - b.bottom)
    return math.hypot(dx, dy)
