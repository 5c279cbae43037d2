"""Game over: who won and where the viewer finished ("You finished 2nd of 4, 1 point behind
the Romans"); the standings in the rules' order (R9.7, R10.2) with points, trophies and each
quest once (×2 for a capital's two cards); charts of the scores by season and of the AI's
estimated win chances, with legends; play again with the same settings.

The table's columns are as wide as their texts at the size the screen draws them; on a phone
(the compact layout, larger text) the table takes the whole width and the charts are a tap
away (Charts), instead of beside it; where its rows are taller than the room above the
buttons (six players on the smallest phone), they scroll under the table's heading (not
while the charts hide them; the table keeps its place behind the charts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import GameState, winners
from web.play import saves
from web.play.session import MatchSession
from web.render.chart import Series, line_chart
from web.render.tokens import draw_token, kingdom_color, swatch
from web.scene import Scene
from web.text import describe, i18n, results
from web.ui import layout, theme
from web.ui.gestures import UIEvent
from web.ui.layout import HEIGHT, Box
from web.ui.widgets import Button, ButtonGroup, label, text_in

if TYPE_CHECKING:
    from web.scene import Host

NUMBERS = ("col_points", "col_destroyed", "col_standing")
HEAD_SIZE, NAME_SIZE, QUEST_SIZE = 15, 18, 14
TABLE_X, ROWS_TOP = 36, 150
DESK_TABLE_W, CHARTS_X = 850, 900


class GameOverScene(Scene):
    def __init__(self, app: Host, session: MatchSession) -> None:
        super().__init__(app)
        self.session = session
        self.buttons = ButtonGroup()
        self.charts_open = False  # the phone's charts, over the table
        self.scroll = 0.0  # of the table's rows, where they are taller than their room
        self._overflow = 0  # how much taller, as last drawn
        self.on_language()

    def on_language(self) -> None:
        b = ButtonGroup()
        # A finger tall on a phone: the bottom row grows down, under the table's end at 630.
        h = max(60, layout.touch())
        y = 640 if h == 60 else HEIGHT - 8 - h
        b.add(Button(Box(860, y, 380, h), i18n.t("play_again"), self._again, tag="again",
                     style="primary", size=22))  # fmt: skip
        b.add(Button(Box(600, y, 240, h), i18n.t("to_title"), self.app.nav.open_title,
                     tag="title"))  # fmt: skip
        b.add(Button(Box(340, y, 240, h), i18n.t("export"),
                     lambda: saves.export(self.app, self.session), tag="export"))  # fmt: skip
        b.add(Button(Box(60, y, 260, h), i18n.t("lg_replay"),
                     lambda: self.app.nav.replay_session(self.session), tag="replay"))  # fmt: skip
        if layout.compact():  # left of the "?", which grows to a finger's size too
            top = Box(960, 10, 240, 60) if h == 60 else Box(1280 - 16 - h - 240, 6, 240, h)
            b.add(Button(top, i18n.t("rp_charts"), self._toggle_charts,
                         selected=self.charts_open, tag="charts"))  # fmt: skip
        self.buttons = b

    def on_layout(self) -> None:
        self.charts_open = False
        self.scroll = 0.0
        self.on_language()

    def _toggle_charts(self) -> None:
        """The charts over the table, or back: the table keeps its place behind them."""
        self.charts_open = not self.charts_open
        self.on_language()

    def _scroll(self, d: float) -> None:
        if self.charts_open:  # the table is hidden, and the charts do not scroll
            return
        self.scroll = max(0.0, min(float(self._overflow), self.scroll + d))

    def table_bottom(self) -> int:
        """Where the table's rows end: above the bottom row of buttons."""
        return min(630, self.buttons.buttons[0].box.y - 6)

    def _again(self) -> None:
        self.app.nav.offer_match(saves.new_session(self.app, self.session.rematch()))

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)
        elif ev.kind == "back":
            self.app.nav.open_title()
        elif ev.kind == "drag" and abs(ev.dy) > abs(ev.dx):
            self._scroll(-ev.dy)
        elif ev.kind == "wheel":
            self._scroll(-ev.dy * 40)

    def standings(self) -> list[int]:
        return results.standings(self.session.view().public)

    def draw(self, surface: pygame.Surface) -> None:
        state = self.session.view().public
        viewer = self.session.viewer
        compact = layout.compact()
        surface.fill(theme.PANEL)
        label(surface, i18n.t("game_over"), 40, 14, 36, theme.GOLD, "serif")
        width = (920 if compact else DESK_TABLE_W) - 10
        season = i18n.season_label(state.round)
        head = f"{results.winner_line(state)} · {season}"
        if theme.fit(head, 20, width, "sans", lines=2).cut:  # a victory shared by too many
            head = f"{results.winner_line(state, short=True)} · {season}"
        y = 62
        y += _two_lines(surface, head, y, width, 20, theme.TEXT, "sans")
        if viewer >= 0:
            sentence = results.placement_sentence(state, viewer)
            charts = self.buttons.find("charts")
            if compact and charts is not None and y >= charts.box.bottom:
                # Below the Charts button the whole width is the sentence's: a tie-break
                # explained in Russian needs it on the smallest phone.
                width = 1208 - 10
            y += _two_lines(surface, sentence, y, width, 18, theme.GOLD, "bold")
        top = max(ROWS_TOP, y + theme.line_height(HEAD_SIZE, "bold") + 8)
        bottom = self.table_bottom()
        if compact and self.charts_open:
            self._draw_charts(surface, state, Box(TABLE_X, top - 10, 1208, bottom - top), True)
        else:
            table_w = 1208 if compact else DESK_TABLE_W
            # Two lines of quests where the rows have room (fewer players, or the desktop).
            row = (bottom - top) // max(1, state.num_players)
            room = row - theme.line_height(NAME_SIZE, "bold") - 20
            lines = max(1, min(2, room // theme.line_height(QUEST_SIZE)))
            self._draw_table(surface, state, top, bottom, table_w, quest_lines=lines)
            if not compact:
                self._draw_charts(surface, state, Box(CHARTS_X, 100, 360, 530), False)
        self.buttons.draw(surface)

    def _columns(self, state: GameState, table_w: int) -> list[tuple[str, int, int]]:
        """(heading key, x, width) of each column, sized for the texts they hold."""
        board = state.board
        name_font = theme.font(theme.ui(NAME_SIZE), "bold")
        head_font = theme.font(theme.ui(HEAD_SIZE), "bold")
        names = [f"{state.num_players}. ★ {i18n.name(board.kingdoms[k])}"
                 for k in state.seat_kingdom if k >= 0]  # fmt: skip
        x = TABLE_X + 64
        name_w = max([name_font.size(n)[0] + 16 for n in names] + [200])
        out = [("col_player", TABLE_X + 24, x + name_w - TABLE_X - 24)]
        x += name_w
        for key in NUMBERS:
            w = max(head_font.size(i18n.t(key))[0] + 18, 70)
            out.append((key, x, w))
            x += w
        out.append(("trophies", x, TABLE_X + table_w - x - 8))
        return out

    def _draw_table(self, surface: pygame.Surface, state: GameState, top: int, bottom: int,
                    table_w: int, quest_lines: int) -> None:  # fmt: skip
        board = state.board
        viewer = self.session.viewer
        won = winners(state)
        cols = self._columns(state, table_w)
        head_h = theme.line_height(HEAD_SIZE, "bold")
        for key, x, w in cols:
            label(surface, i18n.t(key), x, top - head_h - 4, HEAD_SIZE, theme.TEXT_DIM, "bold",
                  width=w)  # fmt: skip
        name_h = theme.line_height(NAME_SIZE, "bold") + 4
        quest_h = theme.line_height(QUEST_SIZE) * quest_lines
        row_h = max(72, name_h + quest_h + 16)
        scores = state.scores()
        n = state.num_players
        area = pygame.Rect(TABLE_X, top - 4, table_w, bottom - top + 4)
        self._overflow = max(0, n * row_h - 6 - area.h)
        self.scroll = min(self.scroll, float(self._overflow))
        clip = surface.get_clip()
        surface.set_clip(area)
        for i, seat in enumerate(self.standings()):
            y = top + i * row_h - round(self.scroll)
            k = state.seat_kingdom[seat]
            fill = (70, 62, 36) if seat in won else (34, 38, 47)
            row = pygame.Rect(TABLE_X, y - 4, table_w, row_h - 6)
            pygame.draw.rect(surface, fill, row, border_radius=6)
            if seat == viewer:
                pygame.draw.rect(surface, theme.GOLD, row, 2, border_radius=6)
            draw_token(surface, k, 0, TABLE_X + 40, y + name_h // 2, 28, own=seat == viewer)
            star = "★ " if seat == viewer else ""  # the viewer's, as on the board
            who = f"{results.place_of(state, seat)}. {star}{i18n.name(board.kingdoms[k])}"
            _key, nx, nw = cols[0]
            text_in(surface, who, Box(TABLE_X + 64, y, nw - 64 + nx - TABLE_X, name_h),
                    NAME_SIZE, theme.TEXT, "bold", "left")  # fmt: skip
            values = (scores[seat], state.destroyed_by(seat), state.floors_standing(seat))
            for (key, x, w), value in zip(cols[1:4], values, strict=True):
                big = key == "col_points"
                text_in(surface, str(value), Box(x, y, w, name_h), 22 if big else 18,
                        theme.GOLD if big else theme.TEXT, "bold" if big else "sans",
                        "left")  # fmt: skip
            tx = cols[4][1]
            for v in range(n):
                for _ in range(state.trophies[seat * n + v]):
                    swatch(surface, state.seat_kingdom[v], (tx, y + 8, 10, 14))
                    tx += 13
            room = Box(TABLE_X + 64, y + name_h, table_w - 76, quest_h)
            text = _quests_text(state, seat)
            if theme.fit(text, QUEST_SIZE, room.w, lines=quest_lines, height=room.h).cut:
                text = _quests_text(state, seat, short=True)  # "Island Corcyra, 3"
            text_in(surface, text, room, QUEST_SIZE, theme.TEXT_DIM, "sans", "left",
                    lines=quest_lines, valign="top")  # fmt: skip
        surface.set_clip(clip)
        if self._overflow:  # more below (or above): a thin bar beside the rows
            bar = pygame.Rect(area.right + 6, area.y, 4, area.h)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, bar, border_radius=2)
            thumb_h = max(24, area.h * area.h // (area.h + self._overflow))
            thumb_y = bar.y + round((area.h - thumb_h) * self.scroll / self._overflow)
            pygame.draw.rect(surface, theme.TEXT_DIM, (bar.x, thumb_y, 4, thumb_h),
                             border_radius=2)  # fmt: skip

    def _draw_charts(self, surface: pygame.Surface, state: GameState, box: Box, side_by_side: bool
                     ) -> None:  # fmt: skip
        viewer = self.session.viewer
        n = state.num_players
        score_series = []
        for seat in range(n):
            pts = [(0.0, 0.0)] + [
                (r + 1.0, float(s[seat])) for r, s in enumerate(self.session.scores_by_round)
            ]
            color = kingdom_color(state.seat_kingdom[seat])
            score_series.append(Series(color, _legend_name(state, seat, viewer), pts,
                                       seat == viewer))  # fmt: skip
        chance_series = [
            Series(kingdom_color(state.seat_kingdom[seat]), _legend_name(state, seat, viewer),
                   self.session.chances.series(seat), seat == viewer)
            for seat in range(n)
        ]  # fmt: skip
        if side_by_side:
            half = (box.w - 16) // 2
            first = Box(box.x, box.y, half, box.h)
            second = Box(box.x + half + 16, box.y, half, box.h)
        else:
            half = (box.h - 10) // 2
            first = Box(box.x, box.y, box.w, half)
            second = Box(box.x, box.y + half + 10, box.w, half)
        top = max([1.0] + [y for s in score_series for _, y in s.points])
        line_chart(surface, first, i18n.t("chart_scores"), score_series, 16, top)
        line_chart(surface, second, i18n.t("chart_chances"), chance_series, 16, 1.0,
                   i18n.t("chart_empty"), percent=True)  # fmt: skip


def _two_lines(surface: pygame.Surface, text: str, y: int, width: int, size: int,
               color: tuple[int, int, int], face: str) -> int:  # fmt: skip
    """A line under the title, on two lines when it needs them (a tie-break explained in
    Russian is longer than the table is wide); the height it took."""
    found = theme.fit(text, size, width, face, lines=2)
    h = theme.line_height(found.size, face) * len(found.lines) + 2
    text_in(surface, text, Box(40, y, width, h), size, color, face, "left", lines=2)
    return h


def _legend_name(state: GameState, seat: int, viewer: int) -> str:
    name = i18n.name(state.board.kingdoms[state.seat_kingdom[seat]])
    return f"★ {name}" if seat == viewer else name  # the star: the viewer's, as on the board


def _quests_text(state: GameState, seat: int, short: bool = False) -> str:
    """The completed quests, each text once, with how many times and the points; ``short``:
    each in a word or two, where the row has no room for the cards' sentences."""
    board = state.board
    parts = []
    for card, count in results.quest_list(state, seat):
        text = describe.card_text(board, card, short)
        points = board.cards[card].points * count
        times = f" ×{count}" if count > 1 else ""
        if short:
            parts.append(f"{text}{times} +{points}")
        else:
            parts.append(f"{text}{times} ({i18n.count_t('q_points_n', points)})")
    return f"{i18n.t('col_quests')}: " + (("; " if not short else " · ").join(parts) or "—")
