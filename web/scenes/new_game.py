"""New game: 2-6 seats (human or AI with a difficulty; a kingdom, random, or picked in turn at
the table), the three rule switches (R8, all on by default), a seed for a reproducible game,
the language.

The seat columns carry headers, and every seat button a tooltip saying what a tap changes.
"""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import Rules, default_map
from web import ai_bridge, i18n, saves, theme
from web.config import AI, HUMAN, PICK_KINGDOM, RANDOM_KINGDOM, MatchConfig, SeatConfig
from web.gestures import UIEvent
from web.layout import Box, row
from web.render.tokens import draw_token
from web.scene import Scene
from web.widgets import Button, ButtonGroup, label, text_in

if TYPE_CHECKING:
    from web.app import App

ROW_Y = 182
ROW_H = 62
HEADER_Y = 148
# The seed row: minus, plus (the seed between them) and a random seed.
SEED_BOXES = (Box(840, 380, 52, 52), Box(1004, 380, 52, 52), Box(1064, 380, 176, 52))
# The seat columns: x, width, header and tooltip keys (the kind, the AI level, the kingdom).
COLUMNS = {"kind": (200, 150, "col_seat_kind", "tip_seat_kind"),
           "diff": (360, 170, "col_seat_level", "tip_seat_level"),
           "kingdom": (540, 290, "col_seat_kingdom", "tip_seat_kingdom")}  # fmt: skip
# The note on how long AI seats think: under the seats, right of Back, at most NOTE_MAX_LINES
# lines (a phone's large text needs the width).
NOTE_X, NOTE_TOP, NOTE_LINE, NOTE_SIZE, NOTE_WIDTH, NOTE_MAX_LINES = 260, 556, 18, 14, 570, 4


class NewGameScene(Scene):
    def __init__(self, app: App, config: MatchConfig | None = None) -> None:
        super().__init__(app)
        self.config = config or MatchConfig(seed=random.randrange(1, 100000))
        self.buttons = ButtonGroup()
        self.error = ""
        self.on_language()

    # -- building the form ---------------------------------------------------------------------
    def on_language(self) -> None:
        c = self.config
        b = ButtonGroup()
        for i, box in enumerate(row(250, 84, [56] * 5, 48, 8)):
            n = i + 2
            b.add(Button(box, str(n), partial(self._players, n), selected=n == c.num_players,
                         tag=f"players{n}", size=20))  # fmt: skip
        board = default_map()
        for s, seat in enumerate(c.seats):
            y = ROW_Y + s * ROW_H

            def cell(column: str, y: int = y) -> Box:
                return Box(COLUMNS[column][0], y, COLUMNS[column][1], 52)

            kind = i18n.t("human") if seat.is_human else i18n.t("ai")
            b.add(Button(cell("kind"), kind, partial(self._kind, s), tag=f"kind{s}",
                         selected=seat.is_human, tip=i18n.t("tip_seat_kind")))  # fmt: skip
            diff = i18n.t("diff_" + seat.difficulty) if not seat.is_human else "—"
            b.add(Button(cell("diff"), diff, partial(self._difficulty, s),
                         enabled=not seat.is_human, tag=f"diff{s}",
                         tip=i18n.t("tip_seat_level")))  # fmt: skip
            if seat.kingdom >= 0:
                name = i18n.name(board.kingdoms[seat.kingdom])
            else:
                name = i18n.t("random" if seat.kingdom == RANDOM_KINGDOM else "kingdom_picked")
            b.add(Button(cell("kingdom"), name, partial(self._kingdom, s), tag=f"kingdom{s}",
                         tip=i18n.t("tip_seat_kingdom")))  # fmt: skip
        x = 840
        for i, key in enumerate(("coins", "battle_dice", "quests")):
            on = getattr(c.rules, key)
            text = f"{i18n.t('rule_' + key)}: {i18n.t('on') if on else i18n.t('off')}"
            b.add(Button(Box(x, 150 + i * 62, 400, 52), text, partial(self._rule, key),
                          selected=on, tag=f"rule_{key}", size=16, rule="R8"))  # fmt: skip
        minus, plus, rnd = SEED_BOXES
        b.add(Button(minus, "−", lambda: self._seed(-1), tag="seed_minus", size=24))
        b.add(Button(plus, "+", lambda: self._seed(1), tag="seed_plus", size=24))
        b.add(Button(rnd, "⚄ " + i18n.t("random"), self._random_seed, tag="seed_random",
                     size=16))  # fmt: skip
        b.add(Button(Box(x, 470, 400, 52), f"{i18n.t('language')}: {i18n.t('lang_name')}",
                     self._language, tag="language"))  # fmt: skip
        b.add(Button(Box(840, 620, 400, 64), i18n.t("start"), self._start, tag="start",
                     style="primary", size=24))  # fmt: skip
        b.add(Button(Box(40, 620, 200, 64), i18n.t("back"), self.app.pop, tag="back"))
        self.buttons = b

    # -- changes -------------------------------------------------------------------------------
    def _players(self, n: int) -> None:
        seats = self.config.seats[:n]
        kingdom = PICK_KINGDOM if self.config.picks else RANDOM_KINGDOM
        while len(seats) < n:
            seats.append(SeatConfig(AI, "normal", kingdom))
        self.config.seats = seats
        self._fix_kingdoms()
        self.on_language()

    def _kind(self, s: int) -> None:
        seat = self.config.seats[s]
        seat.kind = AI if seat.is_human else HUMAN
        self.on_language()

    def _difficulty(self, s: int) -> None:
        levels = ai_bridge.difficulties()
        seat = self.config.seats[s]
        i = levels.index(seat.difficulty) if seat.difficulty in levels else 0
        seat.difficulty = levels[(i + 1) % len(levels)]
        self.on_language()

    def _kingdom(self, s: int) -> None:
        """Random, then each kingdom not taken, then picked in turn, which every seat shares
        (R3.1: all seats pick, or none does); leaving it sets every seat to random."""
        seats = self.config.seats
        taken = {seat.kingdom for i, seat in enumerate(seats) if i != s}
        order = [RANDOM_KINGDOM, *range(6), PICK_KINGDOM]
        i = order.index(seats[s].kingdom)
        for step in range(1, len(order)):
            k = order[(i + step) % len(order)]
            if k < 0 or k not in taken:
                break
        for seat in seats if k == PICK_KINGDOM or self.config.picks else [seats[s]]:
            seat.kingdom = k
        self.on_language()

    def _fix_kingdoms(self) -> None:
        seen: set[int] = set()
        for seat in self.config.seats:
            if seat.kingdom in seen and seat.kingdom >= 0:
                seat.kingdom = RANDOM_KINGDOM
            seen.add(seat.kingdom)

    def _rule(self, key: str) -> None:
        r = self.config.rules
        values = {k: getattr(r, k) for k in ("coins", "battle_dice", "quests")}
        values[key] = not values[key]
        self.config.rules = Rules(**values)
        self.on_language()

    def _seed(self, d: int) -> None:
        self.config.seed = max(0, self.config.seed + d)
        self.on_language()

    def _random_seed(self) -> None:
        self.config.seed = random.randrange(1, 100000)
        self.on_language()

    def _language(self) -> None:
        self.app.set_language("ru" if i18n.language() == "en" else "en")

    def _start(self) -> None:
        try:
            self.config.resolve_kingdoms()
        except ValueError as err:
            self.error = str(err)
            return
        self.app.nav.offer_match(saves.new_session(self.app, self.config))

    def think_note(self) -> str:
        """The i18n key telling how long the slowest AI seat thinks (native, measured with
        the arena: hard 0.6 s on average, expert 4.3 s and up to 28 s; expert beat hard in 0.556
        of 195 games), or ""."""
        levels = {seat.difficulty for seat in self.config.seats if not seat.is_human}
        if "expert" in levels:
            return "think_expert"
        if "hard" in levels:
            return "think_hard"
        return "think_fast" if levels else ""

    def note_lines(self) -> list[str]:
        """The note under the settings (how long AI seats think), wrapped to the right column."""
        if not self.think_note():
            return []
        return theme.wrap(i18n.t(self.think_note()), NOTE_SIZE, NOTE_WIDTH)

    # -- events --------------------------------------------------------------------------------
    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "back":
            self.app.pop()
        elif ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)
        elif ev.kind == "key":
            if ev.text.isdigit():
                self.config.seed = int(str(self.config.seed) + ev.text) % 1_000_000_000
                self.on_language()
            elif ev.key == pygame.K_BACKSPACE:
                self.config.seed //= 10
                self.on_language()
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._start()

    def tooltip_at(self, x: float, y: float) -> tuple[list[str], str | None] | None:
        b = self.buttons.at(x, y)
        if b is not None and b.rule:
            return [i18n.t("rule_switches")], b.rule
        if b is not None and b.tip:
            return [b.tip], None
        for column_x, w, _header, tip in COLUMNS.values():
            if Box(column_x, HEADER_Y, w, ROW_Y - HEADER_Y).contains(x, y):
                return [i18n.t(tip)], None
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL)
        label(surface, i18n.t("new_game"), 40, 20, 36, theme.GOLD, "serif")
        label(surface, i18n.t("players"), 40, 96, 20, theme.TEXT, width=200)
        for column_x, w, header, _tip in COLUMNS.values():
            room = Box(column_x + 2, HEADER_Y, w - 4, ROW_Y - HEADER_Y - 4)
            text_in(surface, i18n.t(header), room, 15, theme.TEXT_DIM, "sans", "left",
                    valign="bottom")  # fmt: skip
        for s, seat in enumerate(self.config.seats):
            y = ROW_Y + s * ROW_H
            label(surface, i18n.t("seat", n=s + 1), 40, y + 14, 20, theme.TEXT, width=112)
            if seat.kingdom >= 0:
                draw_token(surface, seat.kingdom, 0, 160, y + 26, 30)
        label(surface, i18n.t("rule_switches"), 840, 118, 18, theme.TEXT_DIM, width=400)
        label(surface, i18n.t("seed"), 840, 352, 18, theme.TEXT_DIM, width=400)
        minus, plus, _rnd = SEED_BOXES
        room = Box(minus.right + 4, minus.y, plus.x - minus.right - 8, minus.h)
        text_in(surface, str(self.config.seed), room, 24, theme.TEXT, "bold")
        step = max(NOTE_LINE, theme.line_height(NOTE_SIZE))
        for i, line in enumerate(self.note_lines()):
            label(surface, line, NOTE_X, NOTE_TOP + i * step, NOTE_SIZE, theme.TEXT_DIM,
                  width=NOTE_WIDTH)  # fmt: skip
        if self.error:  # above Start
            text_in(surface, self.error, Box(840, 530, 400, 84), 16, theme.RED, "sans", "left",
                    lines=3)  # fmt: skip
        self.buttons.draw(surface)
