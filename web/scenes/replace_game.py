"""Asked before a new or imported game takes the place of the player's unfinished one: keep
it (the default, also Escape), export it and go on, or replace it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from web.play import saves
from web.play.session import MatchSession
from web.scene import Scene
from web.text import i18n
from web.ui import layout, theme
from web.ui.gestures import UIEvent
from web.ui.layout import Box, centered, column
from web.ui.widgets import Button, ButtonGroup, dim, label, panel

if TYPE_CHECKING:
    from web.scene import Host

TITLE_SIZE = 26
BODY_SIZE = 17  # a small text: it grows with the large-text setting
BUTTON_H, BUTTON_GAP, BUTTON_W = 52, 10, 440


def dialog_box(touch: int) -> Box:
    """The dialog: on a phone (``touch``, its smallest button) as much taller as its three
    buttons are, so the body keeps its room."""
    return centered(660, 430 + 3 * max(0, touch - BUTTON_H))


class ReplaceGameScene(Scene):
    opaque = False

    def __init__(self, app: Host, existing: MatchSession, replace: Callable[[], object]) -> None:
        super().__init__(app)
        self.existing = existing
        self.replace = replace
        self.buttons = ButtonGroup()
        self.on_language()

    def on_language(self) -> None:
        box = self.box = dialog_box(layout.touch())
        h = max(BUTTON_H, layout.touch())
        self.body_top = box.y + 72
        self.buttons_top = box.bottom - 24 - 3 * h - 2 * BUTTON_GAP
        items: list[tuple[str, str, Callable[[], object]]] = [
            ("keep", i18n.t("replace_keep"), self.app.pop),
            ("export", i18n.t("replace_export"), self._export_then_replace),
            ("replace", i18n.t("replace_start"), self.replace),
        ]
        boxes = column(box.x + (box.w - BUTTON_W) // 2, self.buttons_top, BUTTON_W,
                       [h] * len(items), BUTTON_GAP)  # fmt: skip
        self.buttons = ButtonGroup([
            Button(b, text, fn, tag=tag, size=19, style="primary" if tag == "keep" else "normal")
            for b, (tag, text, fn) in zip(boxes, items, strict=True)
        ])  # fmt: skip

    def occupied(self) -> list[Box]:
        return [self.box, *super().occupied()]

    def _export_then_replace(self) -> None:
        if saves.export(self.app, self.existing):
            self.replace()

    def body(self) -> str:
        state = self.existing.state
        return i18n.t("replace_body", players=state.num_players,
                      season=i18n.season_label(state.round))  # fmt: skip

    def body_lines(self) -> list[str]:
        return theme.wrap(self.body(), theme.small(BODY_SIZE), self.box.w - 64)

    def body_box(self) -> Box:
        """Where the body is drawn: from under the title to above the buttons."""
        return Box(self.box.x + 32, self.body_top, self.box.w - 64,
                   self.buttons_top - 12 - self.body_top)  # fmt: skip

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "back":
            self.app.pop()
        elif ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        box = self.box
        panel(surface, box)
        label(surface, i18n.t("replace_title"), box.center[0], box.y + 20, TITLE_SIZE,
              theme.GOLD, "serif", "midtop")  # fmt: skip
        size = theme.small(BODY_SIZE)
        step = theme.line_height(size)  # of the size drawn: a phone's floor may raise it
        for i, line in enumerate(self.body_lines()):
            label(surface, line, box.x + 32, self.body_top + i * step, size, theme.TEXT)
        self.buttons.draw(surface)
