"""Hot-seat: hides the board (and so the previous player's quests and coin) until the next
human says they hold the device (R11)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from web.play.session import MatchSession
from web.render.tokens import draw_token
from web.scene import Scene
from web.text import i18n
from web.ui import layout, theme
from web.ui.gestures import UIEvent
from web.ui.layout import Box
from web.ui.widgets import Button, ButtonGroup, label

if TYPE_CHECKING:
    from web.scene import Host


class PassDeviceScene(Scene):
    def __init__(
        self, app: Host, session: MatchSession, seat: int, done: Callable[[], None]
    ) -> None:
        super().__init__(app)
        self.session = session
        self.seat = seat
        self.done = done
        self.buttons = ButtonGroup()
        self.on_language()

    def kingdom(self) -> int:
        return self.session.state.seat_kingdom[self.seat]

    def name(self) -> str:
        """The seat's kingdom, or the seat itself while kingdoms are still being picked (R3.1)."""
        k = self.kingdom()
        if k < 0:
            return i18n.t("seat", n=self.seat + 1)
        return i18n.name(self.session.state.board.kingdoms[k])

    def on_language(self) -> None:
        name = self.name()
        self.buttons = ButtonGroup()
        box = Box(390, 430, 500, max(70, layout.touch()))  # a finger tall on a phone
        self.buttons.add(Button(box, i18n.t("pass_ready", kingdom=name), self._ready,
                                tag="ready", style="primary", size=20))  # fmt: skip

    def _ready(self) -> None:
        self.session.take_over(self.seat)
        self.app.pop()
        self.done()

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((24, 26, 32))
        k = self.kingdom()
        label(surface, i18n.t("pass_device"), 640, 170, 30, theme.TEXT, "serif", "midtop")
        if k >= 0:
            draw_token(surface, k, 0, 640, 270, 64)
        label(surface, self.name(), 640, 320, 36, theme.GOLD, "serif", "midtop")
        label(surface, i18n.t("pass_note"), 640, 380, 16, theme.TEXT_DIM, "sans", "midtop")
        self.buttons.draw(surface)
