"""New game: 2-6 seats (human or AI with a difficulty, kingdom or random), the three rule
switches (R8, all on by default), a seed for a reproducible game, the language."""

from __future__ import annotations

import random

import pygame

from game import Rules, default_map
from web import ai_bridge, i18n, saves, theme
from web.app import App, Scene
from web.config import AI, HUMAN, MatchConfig, SeatConfig
from web.gestures import UIEvent
from web.layout import Box, row
from web.render.tokens import draw_token
from web.widgets import Button, ButtonGroup, label

ROW_Y = 150
ROW_H = 62
# The note between the language button and Start: at most NOTE_MAX_LINES lines of the column.
NOTE_TOP, NOTE_LINE, NOTE_SIZE, NOTE_WIDTH, NOTE_MAX_LINES = 532, 18, 14, 400, 4


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
            b.add(Button(box, str(n), lambda n=n: self._players(n), selected=n == c.num_players,
                         tag=f"players{n}", size=20))  # fmt: skip
        board = default_map()
        for s, seat in enumerate(c.seats):
            y = ROW_Y + s * ROW_H
            kind = i18n.t("human") if seat.is_human else i18n.t("ai")
            b.add(Button(Box(200, y, 150, 52), kind, lambda s=s: self._kind(s), tag=f"kind{s}",
                         selected=seat.is_human))  # fmt: skip
            diff = i18n.t("diff_" + seat.difficulty) if not seat.is_human else "—"
            b.add(Button(Box(360, y, 170, 52), diff, lambda s=s: self._difficulty(s),
                         enabled=not seat.is_human, tag=f"diff{s}"))  # fmt: skip
            name = (
                i18n.name(board.kingdoms[seat.kingdom]) if seat.kingdom >= 0 else i18n.t("random")
            )
            b.add(
                Button(Box(540, y, 240, 52), name, lambda s=s: self._kingdom(s), tag=f"kingdom{s}")
            )
        x = 840
        for i, key in enumerate(("coins", "battle_dice", "quests")):
            on = getattr(c.rules, key)
            text = f"{i18n.t('rule_' + key)}: {i18n.t('on') if on else i18n.t('off')}"
            b.add(Button(Box(x, 150 + i * 62, 400, 52), text, lambda k=key: self._rule(k),
                          selected=on, tag=f"rule_{key}", size=16, rule="R8"))  # fmt: skip
        b.add(Button(Box(x, 380, 56, 52), "−", lambda: self._seed(-1), tag="seed_minus", size=24))
        b.add(
            Button(Box(x + 184, 380, 56, 52), "+", lambda: self._seed(1), tag="seed_plus", size=24)
        )
        b.add(Button(Box(x + 248, 380, 152, 52), "⚄ " + i18n.t("random"), self._random_seed,
                     tag="seed_random", size=16))  # fmt: skip
        b.add(Button(Box(x, 470, 400, 52), f"{i18n.t('language')}: {i18n.t('lang_name')}",
                     self._language, tag="language"))  # fmt: skip
        b.add(Button(Box(840, 620, 400, 64), i18n.t("start"), self._start, tag="start",
                     style="primary", size=24))  # fmt: skip
        b.add(Button(Box(40, 620, 200, 64), i18n.t("back"), self.app.pop, tag="back"))
        self.buttons = b

    # -- changes -------------------------------------------------------------------------------
    def _players(self, n: int) -> None:
        seats = self.config.seats[:n]
        while len(seats) < n:
            seats.append(SeatConfig(AI, "normal"))
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
        taken = {seat.kingdom for i, seat in enumerate(self.config.seats) if i != s}
        k = self.config.seats[s].kingdom
        for _ in range(7):
            k = k + 1 if k < 5 else -1
            if k < 0 or k not in taken:
                break
        self.config.seats[s].kingdom = k
        self.on_language()

    def _fix_kingdoms(self) -> None:
        seen: set[int] = set()
        for seat in self.config.seats:
            if seat.kingdom in seen:
                seat.kingdom = -1
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
        saves.offer(self.app, saves.new_session(self.app, self.config))

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
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL)
        label(surface, i18n.t("new_game"), 40, 20, 36, theme.GOLD, "serif")
        label(surface, i18n.t("players"), 40, 96, 20, theme.TEXT)
        for s, seat in enumerate(self.config.seats):
            y = ROW_Y + s * ROW_H
            label(surface, i18n.t("seat", n=s + 1), 40, y + 14, 20, theme.TEXT)
            if seat.kingdom >= 0:
                draw_token(surface, seat.kingdom, 0, 160, y + 26, 30)
        label(surface, i18n.t("rule_switches"), 840, 118, 18, theme.TEXT_DIM)
        label(surface, i18n.t("seed"), 840, 352, 18, theme.TEXT_DIM)
        label(surface, str(self.config.seed), 840 + 120, 406, 24, theme.TEXT, "bold", "center")
        for i, line in enumerate(self.note_lines()):
            label(surface, line, 840, NOTE_TOP + i * NOTE_LINE, NOTE_SIZE, theme.TEXT_DIM)
        if self.error:
            label(surface, self.error, 40, 590, 16, theme.RED)
        self.buttons.draw(surface)
