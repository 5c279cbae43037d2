"""Held upright, a phone shows the 16:9 board at a third of its size: too small to read. This
overlay asks, in letters big enough for that size, to turn the phone; it goes away by itself
once the phone is turned, or when the player taps on."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from web.scene import Scene
from web.text import i18n
from web.ui import device, theme
from web.ui.gestures import UIEvent
from web.ui.layout import Box
from web.ui.widgets import Button, ButtonGroup, dim

if TYPE_CHECKING:
    from web.scene import Host

CHECK_S = 0.5  # how often the page's shape is looked at again


class RotateScene(Scene):
    opaque = False
    help_button = False

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self._since = 0.0
        self.buttons = ButtonGroup()
        self.on_language()

    def on_language(self) -> None:
        self.buttons = ButtonGroup([Button(Box(340, 520, 600, 130), i18n.t("rotate_skip"),
                                           self.app.pop, tag="skip", size=44)])  # fmt: skip

    def update(self, dt: float) -> None:
        self._since += dt
        if self._since >= CHECK_S:
            self._since = 0.0
            if not device.portrait():
                self.app.pop()

    def handle(self, ev: UIEvent) -> None:
        if ev.kind in ("tap", "back"):
            self.app.pop()  # anywhere: the player chose to go on upright

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 225)
        phone = pygame.Rect(0, 0, 120, 200)
        phone.center = (480, 250)
        pygame.draw.rect(surface, theme.TEXT, phone, width=8, border_radius=18)
        wide = pygame.Rect(0, 0, 200, 120)
        wide.center = (800, 250)
        pygame.draw.rect(surface, theme.GOLD, wide, width=8, border_radius=18)
        pygame.draw.arc(surface, theme.GOLD, (560, 150, 160, 160), 0.4, 2.7, 8)
        pygame.draw.polygon(surface, theme.GOLD, [(700, 190), (730, 160), (740, 205)])
        for i, line in enumerate(theme.wrap(i18n.t("rotate"), 56, 1160, "bold")[:2]):
            img = theme.text(line, 56, theme.TEXT, "bold")
            surface.blit(img, img.get_rect(midtop=(640, 380 + i * 66)))
        self.buttons.draw(surface)
