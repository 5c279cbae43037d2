"""The review inside the replay: the dialog that starts it (whose decisions, how closely, how
long that takes), the review running a slice per frame, and what it found: the charts of
scores and win chances with the turning points marked, each reviewed seat's result split into
its start, its decisions, luck and the opponents' play (a sentence and a bar), and each turning
point in one line, in a column beside the charts that scrolls where it is longer than its room
(on a phone the turning points lie below the seats' paragraphs).

The replay scene owns the panel; the review itself is ``ai.review`` through the bridge. Every
part here says where a tap lands (a position of the game to go to), so the scene only moves.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from typing import TYPE_CHECKING

import pygame

from game import MapSpec
from web import ai_bridge
from web.play import storage
from web.render.chart import (
    AXIS_SIZE,
    axis_below,
    axis_left,
    draw_series,
    flow_legend,
    flow_places,
    year_labels,
)
from web.render.tokens import kingdom_color
from web.text import describe, i18n
from web.ui import layout, theme
from web.ui.layout import Box, MatchLayout
from web.ui.widgets import Button, ButtonGroup, label, panel, text_in

if TYPE_CHECKING:
    from web.play.timeline import Timeline
    from web.ui.gestures import UIEvent

log = logging.getLogger("strategos.review")
LAYOUT = MatchLayout()
SLICE_MS = 6.0  # the review's share of a frame: the frame stays under 25 ms with the board
BROWSER_SLOWER = 2.0  # the search runs about half as fast in WebAssembly
DIALOG_W = 700
OVERLAY = Box(8, 88, LAYOUT.map.w - 16, LAYOUT.map.h - 16)
SCORES_BOX = Box(OVERLAY.x + 12, OVERLAY.y + 40, 470, 226)
CHANCES_BOX = Box(OVERLAY.x + 12, SCORES_BOX.bottom + 10, 470,
                  OVERLAY.bottom - 12 - SCORES_BOX.bottom - 10)  # fmt: skip
# Right of the charts: each seat's result and the turning points, scrolled where they are
# longer than it (a phone's text floor, six reviewed seats).
COLUMN = Box(SCORES_BOX.right + 16, SCORES_BOX.y, OVERLAY.right - SCORES_BOX.right - 28,
             OVERLAY.bottom - 12 - SCORES_BOX.y)  # fmt: skip
# Where a wheel or the start of a drag scrolls the column: its margins and the line above it.
SCROLL_AREA = Box(COLUMN.x - 8, OVERLAY.y + 36, OVERLAY.right - COLUMN.x + 8,
                  OVERLAY.bottom - OVERLAY.y - 36)  # fmt: skip
WHEEL_PX = 40  # the column's scroll by a notch of the wheel
FADE_H = 28  # px of the column's text that fade out where it goes on past an edge
TEXT_SIZE = 14  # a small text: it grows with the large-text setting
TITLE_SIZE = 15  # a chart's title
STOP_SIZE = 14  # the running review's Stop button
MARK_R, MARK_SIZE = 9, 11  # a turning point's mark and its number
BAR_H = 8  # a seat's bar of its result's parts
# The parts' colours in the bar and its legend: decisions, luck, the opponents' play.
PART_COLORS = {"decisions": theme.GOLD, "luck": (110, 160, 230), "opponents": (190, 120, 210)}
Series = list[tuple[tuple[int, int, int], list[tuple[float, float]]]]  # a colour and its points


@dataclass
class Measured:
    """The seconds per unit of budget the last review measured on this device (ai.review's
    ``Pace``), kept while the client runs: the next dialog's estimate is told from it."""

    per_unit: float | None = None


MEASURED = Measured()


@dataclass(frozen=True)
class DialogLayout:
    """Where the review dialog's parts go, from the size its texts are drawn at (a phone's
    text floor makes them taller), centred on the map."""

    box: Box
    about: Box
    seats_y: int
    seats: list[Box]
    budget_y: int
    budgets: list[Box]
    start: Box
    cancel: Box


def dialog_layout(names: list[str]) -> DialogLayout:
    """``names``: the seats' buttons' texts (three to a row if they fit, else two). On a phone
    every button is a finger tall, and the dialog as wide as the map allows beside the right
    column of buttons, so that three seats fit a row."""
    m = LAYOUT.map
    touch = layout.touch()
    w = 2 * (LAYOUT.column_x() - 8 - m.center[0]) if LAYOUT.compact else DIALOG_W
    inner = w - 48
    head = theme.line_height(15, "bold")
    players = len(names)
    widest = max(theme.font(theme.ui(15)).size(name)[0] for name in names)
    per_row = 3 if widest + 16 <= (inner - 16) // 3 else 2
    seat_w = (inner - 8 * (per_row - 1)) // per_row
    # A budget's text (a time in it) may take two lines on a phone.
    button_h = max(48, 2 * theme.line_height(15) + 8) if theme.floor() else 48
    button_h = max(button_h, touch)
    seat_h, act_h = max(44, touch), max(52, touch)
    about_h = 3 * theme.line_height(theme.small(15))
    rows = (players + per_row - 1) // per_row
    title_h = 58
    h = (title_h + about_h + 12 + head + 6 + rows * (seat_h + 8) + 10 + head + 6 + button_h + 24
         + act_h + 24)  # fmt: skip
    area = LAYOUT.dialog_area(h)
    box = Box(area.x + (area.w - w) // 2, area.y + max(8, (area.h - h) // 2), w, h)
    x = box.x + 24
    y = box.y + title_h
    about = Box(x, y, inner, about_h)
    y += about_h + 12
    seats_y = y
    y += head + 6
    seats = [Box(x + (s % per_row) * (seat_w + 8), y + (s // per_row) * (seat_h + 8), seat_w,
                 seat_h) for s in range(players)]  # fmt: skip
    y += rows * (seat_h + 8) + 10
    budget_y = y
    y += head + 6
    half = (inner - 8) // 2
    budgets = [Box(x + i * (half + 8), y, half, button_h) for i in range(2)]
    bottom = box.bottom - 24 - act_h
    start, cancel = Box(box.right - 24 - 300, bottom, 300, act_h), Box(x, bottom, 200, act_h)
    return DialogLayout(box, about, seats_y, seats, budget_y, budgets, start, cancel)


def mark_r() -> int:
    """A turning point's mark: a phone's text floor enlarges its number, and the mark with it."""
    return max(MARK_R, theme.line_height(theme.ui(MARK_SIZE), "bold") // 2 + 2)


def mark_reach() -> int:
    """How far from a turning point's mark a tap still finds it: a little past the mark, and
    on a phone half the button floor (``layout.touch``), so that the circle a tap finds it in
    is as wide as a button there (the nearest mark wins where two circles overlap)."""
    return max(mark_r() + 8, -(-layout.touch() // 2))


def draw_mark(surface: pygame.Surface, number: int, center: tuple[float, float]) -> None:
    x, y = center
    pygame.draw.circle(surface, theme.RED, (x, y), mark_r())
    img = theme.text(str(number), theme.ui(MARK_SIZE), theme.TEXT, "bold")
    surface.blit(img, img.get_rect(center=(int(x), int(y) + 1)))


@dataclass(frozen=True)
class Plot:
    """A chart's plotting area and the seasons it spans; maps game time to pixels and back."""

    box: Box
    x_max: float = 16.0

    @property
    def area(self) -> pygame.Rect:
        b = self.box
        # Wider margins on a phone, whose text floor enlarges the labels: the top value's
        # label is centred on the plot's edge, under the title.
        left = axis_left()
        half = theme.line_height(theme.ui(AXIS_SIZE)) // 2
        top = max(34, 8 + theme.line_height(theme.ui(TITLE_SIZE), "bold") + half)
        return pygame.Rect(b.x + left, b.y + top, b.w - left - 16, b.h - top - axis_below())

    def point(self, x: float, y: float, y_max: float) -> tuple[float, float]:
        a = self.area
        return (a.x + a.w * min(x, self.x_max) / self.x_max, a.bottom - a.h * min(y, y_max) / y_max)

    def time_at(self, px: float) -> float:
        a = self.area
        return max(0.0, min(self.x_max, (px - a.x) / a.w * self.x_max))


def draw_chart(
    surface: pygame.Surface, plot: Plot, title: str,
    series: Series,
    y_max: float, percent: bool, now: float,
) -> None:  # fmt: skip
    """Lines per seat over the game's seasons, and where the replay stands now."""
    box = plot.box
    rect = pygame.Rect(box.tuple())
    pygame.draw.rect(surface, theme.CHART, rect, border_radius=8)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=8)
    label(surface, title, box.x + 12, box.y + 8, TITLE_SIZE, theme.TEXT, "bold",
          width=box.w - 24)  # fmt: skip
    area = plot.area
    y_max = max(y_max, 1e-9)
    for i in range(5):
        v = y_max * i / 4
        y = area.bottom - area.h * i / 4
        pygame.draw.line(surface, (52, 56, 66), (area.x, y), (area.right, y))
        text = f"{round(v * 100)}%" if percent else f"{v:.0f}"
        label(surface, text, area.x - 6, y, AXIS_SIZE, theme.TEXT_DIM, "sans", "midright")
    years = year_labels(area.w, plot.x_max, lambda year: i18n.t("bc", year=year))
    for year, text in enumerate(years):
        x = area.x + area.w * (year * 4) / plot.x_max
        label(surface, text, x, area.bottom + 2, AXIS_SIZE, theme.TEXT_DIM)
    for color, points in series:
        pts = [plot.point(x, y, y_max) for x, y in points]
        draw_series(surface, color, pts, 3, 2)
    cx, _ = plot.point(now, 0, y_max)
    pygame.draw.line(surface, theme.GOLD, (cx, area.y), (cx, area.bottom), 2)


class ReviewPanel:
    """The review of one replay: ``dialog`` to start it, ``step`` each frame, then results."""

    def __init__(
        self,
        timeline: Timeline,
        seats: list[int],
        names: Callable[[int], str],
        toast: Callable[[str | i18n.Phrase, float], None],
        allowed: Callable[[], list[int]],
        budget: str,
        on_budget: Callable[[str], None],
    ) -> None:
        self.timeline = timeline
        # The seats whose decisions may be shown: a review prints what a seat preferred and
        # played (coins included), so in a game not over only a person's own (R11).
        self.allowed = allowed
        self.names = names  # a seat's kingdom name in the current language
        self.toast = toast
        self.chosen: set[int] = set(seats)
        self.budget = budget  # the dialog's pick; the player's setting to begin with
        self.on_budget = on_budget  # a pick in the dialog becomes the next review's default
        self.review: ai_bridge.Review | None = None
        self.failure: str | None = None
        self.dialog_open = False
        self.docked = False  # the charts are open: the running review shows in their column
        self.buttons = ButtonGroup()
        self.stop_button = ButtonGroup()
        self.turning_boxes: list[tuple[Box, int]] = []  # drawn turning points -> position
        self.scroll = 0.0  # of the column right of the charts, in pixels
        self.column_h = 0  # the column's height as last drawn

    # -- the dialog ----------------------------------------------------------------------------
    def open_dialog(self) -> None:
        self.dialog_open = True
        self.rebuild()

    def close_dialog(self) -> None:
        self.dialog_open = False
        self.buttons = ButtonGroup()

    def seconds(self, budget: str) -> float:
        """The dialog's estimate: at the pace the last review measured on this device, else
        at the native time per decision (doubled in the browser)."""
        chosen = sorted(self.chosen & set(self.allowed()))
        decisions = self.timeline.decisions_of(chosen)
        if MEASURED.per_unit is not None:
            return ai_bridge.review_seconds(decisions, budget, MEASURED.per_unit)
        slower = BROWSER_SLOWER if storage.IS_WEB else 1.0
        return ai_bridge.review_seconds(decisions, budget) * slower

    def rebuild(self) -> None:
        """The dialog's buttons and the running review's stop button, in the current language."""
        self.stop_button = ButtonGroup()
        if self.running:
            box = self.status_box()
            w = stop_w()
            self.stop_button.add(Button(Box(box.right - 4 - w, box.y + 2, w, box.h - 4),
                                        i18n.t("rv_stop"), self.cancel, tag="review_stop",
                                        size=STOP_SIZE))  # fmt: skip
        if not self.dialog_open:
            return
        b = ButtonGroup()
        lay = self.layout()
        allowed = self.allowed()
        hidden = partial(self.toast, i18n.phrase("rv_seat_hidden"), 4.0)
        for seat, box in enumerate(lay.seats):
            b.add(Button(box, self.names(seat), partial(self._toggle, seat),
                         selected=seat in self.chosen and seat in allowed,
                         enabled=seat in allowed, tag=f"review_seat{seat}", size=15,
                         on_refused=hidden))  # fmt: skip
        for box, budget in zip(lay.budgets, ai_bridge.REVIEW_BUDGETS, strict=True):
            text = i18n.t(f"rv_{budget}", time=_duration(self.seconds(budget)))
            b.add(Button(box, text, partial(self._budget, budget), selected=budget == self.budget,
                         tag=f"review_{budget}", size=15))  # fmt: skip
        b.add(Button(lay.start, i18n.t("rv_start"), self.start,
                     enabled=bool(self.chosen & set(allowed)),
                     style="primary", tag="review_start", size=18,
                     on_refused=lambda: self.toast(i18n.phrase("rv_need_seat"), 3.0)))  # fmt: skip
        b.add(Button(lay.cancel, i18n.t("rv_cancel"), self.close_dialog, tag="review_cancel",
                     size=18))  # fmt: skip
        self.buttons = b

    def _toggle(self, seat: int) -> None:
        self.chosen ^= {seat}
        self.rebuild()

    def _budget(self, budget: str) -> None:
        self.budget = budget
        self.on_budget(budget)
        self.rebuild()

    # -- running -------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.review is not None and not self.review.done

    @property
    def finished(self) -> bool:
        return self.review is not None and self.review.done

    def start(self, seats: list[int] | None = None, budget: str | None = None) -> None:
        allowed = set(self.allowed())
        chosen = sorted((self.chosen if seats is None else set(seats)) & allowed)
        if not chosen:
            self.toast(
                i18n.phrase("rv_seat_hidden" if self.chosen or seats else "rv_need_seat"), 4.0
            )
            return
        self.budget = budget or self.budget
        self.failure = None
        self.scroll = 0.0
        self.review = ai_bridge.begin_review(self.timeline.record, chosen, self.budget)
        self.close_dialog()
        self.rebuild()

    def cancel(self) -> None:
        if self.review is not None and not self.review.done:
            self.review.cancel()
            self.toast(i18n.phrase("rv_cancelled"), 4.0)
        self.rebuild()

    def step(self, ms: float = SLICE_MS) -> bool:
        """One frame's slice; True in the frame the review completes."""
        review = self.review
        if review is None or review.done:
            return False
        try:
            finished = review.step_ms(ms)
            measured = review.pace.per_unit()
            if measured is not None:
                MEASURED.per_unit = measured
        except Exception as err:
            # A review is an extra: a failure is told and the replay goes on.
            log.exception("the review failed")
            self.failure = f"{type(err).__name__}: {err}"
            review.cancel()
            self.toast(i18n.phrase("rv_failed", reason=self.failure), 7.0)
            self.rebuild()
            return False
        if finished:
            count = len(review.turning_points())
            self.toast(i18n.phrase("rv_done", n=count), 4.0)
            self.rebuild()
        return finished

    def status_text(self) -> str:
        review = self.review
        if review is None:
            return ""
        pct = round(review.progress() * 100)
        left = review.seconds_left()
        if left is None:
            return i18n.t("rv_running_nopace", pct=pct)
        return i18n.t("rv_running", pct=pct, left=_duration(left))

    def status_box(self) -> Box:
        """Over the map's lower left; with the charts open, under the turning points. Its Stop
        button is a finger tall on a phone."""
        h = max(48, layout.touch() + 4)
        if self.docked:
            return Box(COLUMN.x, COLUMN.bottom - h, COLUMN.w, h)
        m = LAYOUT.map
        return Box(m.x + 8, m.bottom - 8 - h, 520, h)

    def dock(self, charts: bool) -> None:
        if charts != self.docked:
            self.docked = charts
            self.rebuild()

    # -- results -------------------------------------------------------------------------------
    def turning_points(self) -> list[ai_bridge.ReviewSwing]:
        return self.review.turning_points() if self.review is not None else []

    def swing_at(self, position: int) -> ai_bridge.ReviewSwing | None:
        """The turning point the replay shows at ``position``, if any."""
        return next((w for w in self.turning_points() if w.position == position), None)

    def line(self, board: MapSpec, w: ai_bridge.ReviewSwing) -> str:
        """A turning point in the player's language: whose chance fell, by how much, and why
        (its own decision, with the engine's words for the action played and the better one;
        the luck of a turn; an opponent's play)."""
        n = self.timeline.num_players
        common = {"season": i18n.season_label(w.round), "kingdom": self.names(w.seat),
                  "pct": max(1, round(-w.amount * 100))}  # fmt: skip
        d = w.decision
        if d is None and w.kind == ai_bridge.SWING_LUCK:
            return i18n.t("rp_turning_luck", whose=self.names(w.turn % n), **common)
        if d is None:
            return i18n.t("rp_turning_opponent", opponent=self.names(w.actor), **common)
        text = i18n.t("rp_turning_decision", played=describe.action_text(board, d.action),
                      best=describe.action_text(board, d.best), **common)  # fmt: skip
        for loss in d.losses:
            key = "rp_loss_last" if loss.left == 0 else "rp_loss_floor"
            text += " " + i18n.t(key, city=describe.city(board, loss.city))
        return text

    # -- the charts overlay --------------------------------------------------------------------
    def score_series(self, kingdoms: list[int]) -> Series:
        rows = self.timeline.scores_by_round
        return [
            (kingdom_color(kingdoms[seat]),
             [(0.0, 0.0)] + [(r + 1.0, float(s[seat])) for r, s in enumerate(rows)])
            for seat in range(self.timeline.num_players)
        ]  # fmt: skip

    def chance_series(self, kingdoms: list[int]) -> Series:
        """Every seat's chance by turn, from the estimator the match showed (ai.chances): the
        same line for every seat, with or without a review."""
        history = self.timeline.chances
        return [
            (kingdom_color(kingdoms[seat]), history.series(seat))
            for seat in range(self.timeline.num_players)
        ]

    def marks(self) -> list[tuple[int, float, float, int]]:
        """Turning points on the chance chart: (number, x, y, position), each on its seat's line
        at the turn it was decided in."""
        n = self.timeline.num_players
        out = []
        for i, w in enumerate(self.turning_points()):
            at = self.timeline.chances.at(w.index)
            # Before the first turn starts (the picks, the setup) a seat stands at its start.
            out.append((i + 1, w.turn / n, at[w.seat] if at else 1.0 / n, w.position))
        return out

    def draw_overlay(self, surface: pygame.Surface, board: MapSpec, kingdoms: list[int],
                     now: float) -> None:  # fmt: skip
        panel(surface, OVERLAY, alpha=245)
        size = theme.small(TEXT_SIZE)
        label(surface, i18n.t("rp_chart_hint"), OVERLAY.x + 12, OVERLAY.y + 10, size,
              theme.TEXT_DIM, width=OVERLAY.w - 24)  # fmt: skip
        scores = self.score_series(kingdoms)
        top = max([4.0] + [y for _, pts in scores for _, y in pts])
        top = -(-int(top) // 4) * 4
        draw_chart(surface, Plot(SCORES_BOX), i18n.t("rp_chart_scores"), scores, top, False, now)
        plot = Plot(CHANCES_BOX)
        draw_chart(surface, plot, i18n.t("rp_chart_chances"), self.chance_series(kingdoms), 1.0,
                   True, now)  # fmt: skip
        for number, x, y, _position in self.marks():
            px, py = plot.point(x, y, 1.0)
            pygame.draw.circle(surface, (20, 20, 20), (px, py), mark_r() + 2)
            draw_mark(surface, number, (px, py))
        self._draw_column(surface, board, kingdoms)

    def column_view(self) -> Box:
        """The part of the column its text shows in: all of it, or while a review runs,
        above the running review's box with its Stop button."""
        if self.running and self.docked:
            return Box(COLUMN.x, COLUMN.y, COLUMN.w, self.status_box().y - 6 - COLUMN.y)
        return COLUMN

    def scroll_by(self, d: float) -> None:
        """Moves the column's text by ``d`` pixels (down the text if positive), no further
        than its ends as last drawn."""
        end = max(0, self.column_h - self.column_view().h)
        self.scroll = max(0.0, min(float(end), min(self.scroll, end) + d))

    def column_gesture(self, ev: UIEvent) -> bool:
        """A wheel over the column, or a drag begun on it, scrolls it: on a phone the turning
        points lie under the seats' paragraphs, and a finger has no wheel. True if it was
        one of those (the map under the charts stays as it was)."""
        if ev.kind == "wheel" and SCROLL_AREA.contains(ev.x, ev.y):
            self.scroll_by(-ev.dy * WHEEL_PX)
            return True
        if ev.kind == "drag" and SCROLL_AREA.contains(ev.x0, ev.y0):
            self.scroll_by(-ev.dy)
            return True
        return False

    def _draw_column(self, surface: pygame.Surface, board: MapSpec, kingdoms: list[int]) -> None:
        """The column right of the charts, scrolled where it is longer than its room, with a
        thin bar that tells where its text is; each turning point shown is tappable where a
        finger can reach it (a sliver at an edge is not: the player scrolls it in)."""
        view = self.column_view()
        blocks = self.column_blocks(board, kingdoms)
        # The last block's gap is no part of the text: a column that fits to it has no scroll.
        self.column_h = sum(block.h + block.gap for block in blocks) - blocks[-1].gap
        overflow = max(0, self.column_h - view.h)
        y = view.y - round(min(self.scroll, overflow))
        self.turning_boxes = []
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(view.tuple()).clip(clip))
        for block in blocks:
            if y < view.bottom and y + block.h > view.y:
                block.draw(surface, y)
                top, bottom = max(y, view.y), min(y + block.h, view.bottom)
                if block.position is not None and bottom - top >= min(block.h, layout.touch()):
                    self.turning_boxes.append((Box(view.x, top, view.w, bottom - top),
                                               block.position))  # fmt: skip
            y += block.h + block.gap
        surface.set_clip(clip)
        if overflow:
            # The text fades out at an edge it goes on past: on a phone, under the seats'
            # paragraphs, the turning points may be wholly below.
            offset = min(self.scroll, overflow)
            if offset < overflow:
                surface.blit(_fade(view.w, FADE_H, down=True), (view.x, view.bottom - FADE_H))
            if offset > 0:
                surface.blit(_fade(view.w, FADE_H, down=False), (view.x, view.y))
            w = 6 if layout.touch() else 4
            bar = pygame.Rect(view.right + 2, view.y, w, view.h)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, bar, border_radius=w // 2)
            thumb_h = max(24, view.h * view.h // self.column_h)
            thumb_y = view.y + round((view.h - thumb_h) * min(self.scroll, overflow) / overflow)
            pygame.draw.rect(surface, theme.GOLD, (bar.x, thumb_y, w, thumb_h),
                             border_radius=w // 2)  # fmt: skip

    def column_blocks(self, board: MapSpec, kingdoms: list[int]) -> list[Block]:
        """What the column holds, top to bottom: on a phone the kingdoms' colours (the
        desktop's players' panel beside the charts names them, a phone's is a drawer under
        them), each reviewed seat's paragraph with its bar, the classes' limits, the bar's
        legend, then the turning points one after another, each as many lines as it needs."""
        x, w = COLUMN.x, COLUMN.w
        size = theme.small(TEXT_SIZE)
        step = theme.line_height(size)
        blocks: list[Block] = []
        if LAYOUT.compact:
            n = self.timeline.num_players
            entries = [(kingdom_color(kingdoms[seat]), self.names(seat)) for seat in range(n)]
            _, bottom = flow_places(x, 0, w, [name for _, name in entries], size)
            blocks.append(Block(bottom, lambda s, y: flow_legend(s, x, y, w, entries, size), 8))
        blocks += self._class_blocks(size, step, kingdoms)
        head = max(30, theme.line_height(theme.ui(18), "bold") + 4)
        blocks.append(Block(head, lambda s, y: label(s, i18n.t("rp_turning"), x, y, 18,
                                                     theme.GOLD, "bold", width=w), 0))  # fmt: skip
        if self.running:
            lines = []  # the running review's box with its Stop button sits in this column
        elif self.review is None:
            lines = theme.wrap(i18n.t("rp_no_review"), size, w)
        elif not self.turning_points():
            lines = theme.wrap(i18n.t("rp_no_turning"), size, w)
        else:
            lines = []
        if lines:
            draw = partial(_draw_lines, x=x, lines=lines, size=size, color=theme.TEXT_DIM)
            blocks.append(Block(len(lines) * step, draw))
        r = mark_r()
        for i, d in enumerate(self.turning_points()):
            wrapped = theme.wrap(self.line(board, d), size, w - 16 - 2 * r)
            # A tap on it goes there: on a phone it is a finger tall.
            h = max(r * 2 + 8, len(wrapped) * step + 10, layout.touch())
            color = kingdom_color(kingdoms[d.seat])
            blocks.append(Block(h, partial(_draw_turning, x=x, w=w, h=h, number=i + 1,
                                           lines=wrapped, size=size, color=color),
                                position=d.position))  # fmt: skip
        return blocks

    def class_lines(self) -> list[tuple[int, str]]:
        """Each reviewed seat's result in parts (``split_sentence``) and its decisions counted
        by class (ai.review.CLASSES), a paragraph per seat, and last (-1) the line that says
        what the classes' limits are and which chance is which; none until the review is
        over."""
        review = self.review
        if review is None or not review.done or not review.decisions:
            return []
        splits = {split.seat: split for split in review.summary}
        over = review.final is not None
        lines = []
        for seat in review.seats:
            name = self.names(seat)
            split = splits.get(seat)  # none when the review was stopped
            head = split_sentence(split, name, over) if split is not None else f"{name}:"
            lines.append((seat, i18n.t("rp_class_line", split=head,
                                       **review.class_counts(seat))))  # fmt: skip
        return [*lines, (-1, i18n.t("rp_class_limits", **ai_bridge.review_class_limits()))]

    def _class_blocks(self, size: int, step: int, kingdoms: list[int]) -> list[Block]:
        """Each seat's paragraph with its bar, the classes' limits and the bar's legend."""
        review = self.review
        splits = {s.seat: s for s in review.summary} if review is not None else {}
        x, w = COLUMN.x, COLUMN.w
        blocks = []
        for seat, text in self.class_lines():
            color = theme.TEXT if seat >= 0 else theme.TEXT_DIM
            wrapped = theme.wrap(text, size, w - 8)
            split = splits.get(seat)
            h = len(wrapped) * step + (BAR_H + 4 if split is not None else 0)
            edge = kingdom_color(kingdoms[seat]) if seat >= 0 else None
            blocks.append(Block(h, partial(_draw_paragraph, x=x, w=w, lines=wrapped, size=size,
                                           color=color, split=split, edge=edge)))  # fmt: skip
        if splits and blocks:
            entries = [(color, i18n.t(f"rp_part_{part}")) for part, color in PART_COLORS.items()]
            _, bottom = flow_places(x + 8, 0, w - 8, [name for _, name in entries], size)
            blocks.append(Block(bottom, lambda s, y: flow_legend(s, x + 8, y, w - 8, entries,
                                                                 size)))  # fmt: skip
        return blocks

    def overlay_tap(self, x: float, y: float, kingdoms: list[int]) -> int | None:
        """The position a tap on the overlay goes to, or None (a tap outside any part)."""
        for box, position in self.turning_boxes:
            if box.contains(x, y):
                return position
        plot = Plot(CHANCES_BOX)
        # Two decisions of one turn put their marks on the same spot: the nearest wins, and of
        # equally near ones the one drawn last, on top, which is the one the player sees.
        hit: tuple[float, int] | None = None
        for _number, mx, my, position in self.marks():
            px, py = plot.point(mx, my, 1.0)
            distance = (px - x) ** 2 + (py - y) ** 2
            if distance <= mark_reach() ** 2 and (hit is None or distance <= hit[0]):
                hit = (distance, position)
        if hit is not None:
            return hit[1]
        tl = self.timeline
        n = tl.num_players
        if SCORES_BOX.contains(x, y):
            return tl.season_start(int(Plot(SCORES_BOX).time_at(x)))
        if CHANCES_BOX.contains(x, y):
            turn = int(plot.time_at(x) * n)
            return tl.turn_position(min(15, turn // n), turn % n)
        return None

    # -- drawing the dialog and the running status ---------------------------------------------
    def layout(self) -> DialogLayout:
        return dialog_layout([self.names(s) for s in range(self.timeline.num_players)])

    def dialog_box(self) -> Box:
        return self.layout().box

    def draw_dialog(self, surface: pygame.Surface) -> None:
        lay = self.layout()
        box = lay.box
        panel(surface, box, alpha=248)
        label(surface, i18n.t("rv_title"), box.center[0], box.y + 16, 26, theme.GOLD, "serif",
              "midtop", width=box.w - 48)  # fmt: skip
        text_in(surface, i18n.t("rv_about"), lay.about, theme.small(15), theme.TEXT_DIM,
                align="left", lines=3, valign="top")  # fmt: skip
        for y, key in ((lay.seats_y, "rv_seats"), (lay.budget_y, "rv_budget")):
            label(surface, i18n.t(key), box.x + 24, y, 15, theme.TEXT, "bold", width=box.w - 48)
        self.buttons.draw(surface)

    def draw_status(self, surface: pygame.Surface) -> None:
        if not self.running:
            return
        box = self.status_box()
        panel(surface, box, alpha=235)
        review = self.review
        room = box.w - stop_w() - 34  # the text and the bar, left of the Stop button
        bar = pygame.Rect(box.x + 12, box.bottom - 12, room, 6)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, bar, border_radius=3)
        done = bar.copy()
        done.w = max(3, int(bar.w * (review.progress() if review else 0)))
        pygame.draw.rect(surface, theme.GOLD, done, border_radius=3)
        size = theme.small(14)
        label(surface, self.status_text(), box.x + 12, box.y + 6, size, theme.TEXT,
              width=room)  # fmt: skip
        self.stop_button.draw(surface)


@dataclass(frozen=True)
class Block:
    """A part of the review's column: its height, how it is drawn from a top y, and for a
    turning point the position a tap on it goes to."""

    h: int
    draw: Callable[[pygame.Surface, int], object]
    gap: int = 6  # under it
    position: int | None = None


@cache
def _fade(w: int, h: int, down: bool) -> pygame.Surface:
    """The panel's colour over ``h`` rows, from clear to nearly opaque (``down``: at the
    bottom)."""
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for row in range(h):
        alpha = round(230 * ((row + 1) / h if down else (h - row) / h))
        pygame.draw.line(layer, (*theme.PANEL, alpha), (0, row), (w - 1, row))
    return layer


def _draw_lines(surface: pygame.Surface, y: int, *, x: int, lines: list[str], size: int,
                color: tuple[int, int, int]) -> None:  # fmt: skip
    step = theme.line_height(size)
    for j, line in enumerate(lines):
        label(surface, line, x, y + j * step, size, color)


def _draw_paragraph(
    surface: pygame.Surface, y: int, *, x: int, w: int, lines: list[str], size: int,
    color: tuple[int, int, int], split: ai_bridge.ReviewSplit | None,
    edge: tuple[int, int, int] | None,
) -> None:  # fmt: skip
    """A seat's paragraph and the bar of its result's parts, its kingdom's colour at its left
    edge; or the classes' limits, without either."""
    _draw_lines(surface, y, x=x + 8, lines=lines, size=size, color=color)
    h = len(lines) * theme.line_height(size)
    if split is not None:
        draw_split_bar(surface, Box(x + 8, y + h + 2, w - 8, BAR_H), split)
        h += BAR_H + 4
    if edge is not None:
        pygame.draw.rect(surface, edge, (x, y, 3, h))


def _draw_turning(surface: pygame.Surface, y: int, *, x: int, w: int, h: int, number: int,
                  lines: list[str], size: int, color: tuple[int, int, int]) -> None:  # fmt: skip
    """A turning point: its number as on the chart, its line, its kingdom's colour."""
    r = mark_r()
    pygame.draw.rect(surface, (48, 40, 40), (x, y, w, h), border_radius=6)
    draw_mark(surface, number, (x + 5 + r, y + 5 + r))
    _draw_lines(surface, y + 5, x=x + 12 + 2 * r, lines=lines, size=size, color=theme.TEXT)
    pygame.draw.rect(surface, color, (x, y, 3, h))


def shown_parts(split: ai_bridge.ReviewSplit) -> dict[str, int]:
    """The split in whole per cent, rounded so that the parts shown add up to the result
    shown: the rounding's shortfall goes to the parts it cut most."""
    exact = {"start": split.start, "decisions": split.decisions, "luck": split.luck,
             "opponents": split.opponents}  # fmt: skip
    shown = {k: round(v * 100) for k, v in exact.items()}
    short = round(split.result * 100) - sum(shown.values())
    sign = 1 if short > 0 else -1
    for k in sorted(exact, key=lambda k: -sign * (exact[k] * 100 - shown[k]))[: abs(short)]:
        shown[k] += sign
    return shown


def signed(pct: int) -> str:
    return f"+{pct}%" if pct > 0 else f"−{-pct}%" if pct < 0 else "0%"


def split_sentence(split: ai_bridge.ReviewSplit, kingdom: str, over: bool) -> str:
    """ "Carthage lost: start 50%, own decisions −12%, luck −31%, opponents' play −7%." (of a
    game not over, the chance it stands at)."""
    shown = shown_parts(split)
    result = round(split.result * 100)
    outcome = ("rp_so_far" if not over else "rp_won" if split.result >= 1.0
               else "rp_lost" if split.result <= 0.0 else "rp_shared")  # fmt: skip
    return i18n.t("rp_split", kingdom=kingdom, outcome=i18n.t(outcome, pct=result),
                  start=shown["start"], decisions=signed(shown["decisions"]),
                  luck=signed(shown["luck"]), opponents=signed(shown["opponents"]))  # fmt: skip


def draw_split_bar(surface: pygame.Surface, box: Box, split: ai_bridge.ReviewSplit) -> None:
    """The parts as one bar from a mark in its middle: what was lost to the left, what was
    gained to the right, each part in its colour (``PART_COLORS``), to one scale."""
    parts = {part: getattr(split, part) for part in PART_COLORS}
    lost = -sum(v for v in parts.values() if v < 0)
    gained = sum(v for v in parts.values() if v > 0)
    scale = (box.w / 2 - 2) / max(lost, gained, 0.5)
    mid = box.x + box.w // 2
    pygame.draw.rect(surface, theme.PANEL_LIGHT, box.tuple(), border_radius=3)
    left = right = float(mid)
    for part, value in parts.items():
        w = abs(value) * scale
        if value < 0:
            left -= w
            pygame.draw.rect(surface, PART_COLORS[part], (round(left), box.y, round(w), box.h))
        elif value > 0:
            pygame.draw.rect(surface, PART_COLORS[part], (round(right), box.y, round(w), box.h))
            right += w
    pygame.draw.line(surface, theme.TEXT, (mid, box.y - 2), (mid, box.bottom + 1), 2)


def stop_w() -> int:
    """The Stop button's width: at a phone's text floor its label takes two lines, and the
    button is as wide as its longest word, which would else be broken in two."""
    f = theme.font(theme.ui(STOP_SIZE))
    return max(146, max(f.size(word)[0] for word in i18n.t("rv_stop").split()) + 16)


def _duration(seconds: float) -> str:
    if seconds < 90:
        return i18n.t("rv_seconds", n=max(1, round(seconds)))
    return i18n.t("rv_minutes", n=round(seconds / 60))
