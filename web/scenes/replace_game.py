"""Asked before a new or imported game takes the place of the player's unfinished one: keep
it (the default, also Escape), export it and go on, or replace it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from web import i18n, saves, theme
from web.gestures import UIEvent
from web.layout import Box, centered, column
from web.scene import Scene
from web.session import MatchSession
from web.widgets import Button, ButtonGroup, dim, label, panel

if TYPE_CHECKING:
    from web.app import App

BOX = centered(660, 430)
TITLE_SIZE = 26
BODY_SIZE = 17  # a small text: it grows with the large-text setting
BODY_TOP = BOX.y + 72
BODY_WIDTH = BOX.w - 64
BUTTON_H, BUTTON_GAP, BUTTON_W = 52, 10, 440
BUTTONS_TOP = BOX.bottom - 24 - 3 * BUTTON_H - 2 * BUTTON_GAP


class ReplaceGameScene(Scene):
    opaque = False

    def __init__(self, app: App, existing: MatchSession, replace: Callable[[], object]) -> None:
        super().__init__(app)
        self.existing = existing
        self.replace = replace
        self.buttons = ButtonGroup()
        self.on_language()

    def on_language(self) -> None:
        items: list[tuple[str, str, Callable[[], object]]] = [
            ("keep", i18n.t("replace_keep"), self.app.pop),
            ("export", i18n.t("replace_export"), self._export_then_replace),
            ("replace", i18n.t("replace_start"), self.replace),
        ]
        boxes = column(BOX.x + (BOX.w - BUTTON_W) // 2, BUTTONS_TOP, BUTTON_W,
                       [BUTTON_H] * len(items), BUTTON_GAP)  # fmt: skip
        self.buttons = ButtonGroup([
            Button(b, text, fn, tag=tag, size=19, style="primary" if tag == "keep" else "normal")
            for b, (tag, text, fn) in zip(boxes, items, strict=True)
        ])  # fmt: skip

    def occupied(self) -> list[Box]:
        return [BOX, *super().occupied()]

    def _export_then_replace(self) -> None:
        if saves.export(self.app, self.existing):
            self.replace()

    def body(self) -> str:
        state = self.existing.state
        return i18n.t("replace_body", players=state.num_players,
                      season=i18n.season_label(state.round))  # fmt: skip

    def body_lines(self) -> list[str]:
        return theme.wrap(self.body(), theme.small(BODY_SIZE), BODY_WIDTH)

    def body_box(self) -> Box:
        """Where the body is drawn: from under the title to above the buttons."""
        return Box(BOX.x + 32, BODY_TOP, BODY_WIDTH, BUTTONS_TOP - 12 - BODY_TOP)

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "back":
            self.app.pop()
        elif ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        panel(surface, BOX)
        label(surface, i18n.t("replace_title"), BOX.center[0], BOX.y + 20, TITLE_SIZE,
              theme.GOLD, "serif", "midtop")  # fmt: skip
        size = theme.small(BODY_SIZE)
        step = theme.font(size).get_linesize()
        for i, line in enumerate(self.body_lines()):
            label(surface, line, BOX.x + 32, BODY_TOP + i * step, size, theme.TEXT)
        self.buttons.draw(surface)
