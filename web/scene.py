"""The base of every scene: ``handle(event)``, ``update(dt)``, ``draw(surface)``.

It lives apart from the App so that a scene module needs the App only in annotations: the
App imports the scenes (through ``web.navigation``), and a scene moves to another through
``app.nav``, never by importing it (the title only holds a match scene, its background game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from web.gestures import UIEvent
from web.layout import Box
from web.widgets import ButtonGroup

if TYPE_CHECKING:
    from web.app import App

Tip = tuple[list[str], str | None]  # a tooltip's lines and the rule it cites


class Scene:
    """Drawing never changes game state. ``opaque`` scenes hide the ones below them."""

    opaque = True
    help_button = True
    # Its buttons are at least ``layout.touch()`` on a phone: every scene but the match, whose
    # compact layout sizes its own controls (its "?" and menu do take the floor).
    touch_sized = True
    ai_busy = False  # a scene sets this while an AI search runs (for the frame-time figure)

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, ev: UIEvent) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def tooltip_at(self, x: float, y: float) -> Tip | None:
        return None

    def tooltip_avoid(self) -> list[Box]:
        """What a tooltip must not cover if it can help it: what the player is about to tap."""
        return []

    def on_enter(self) -> None:
        pass

    def on_language(self) -> None:
        """The language changed: rebuild labels."""

    def on_layout(self) -> None:
        """The screen switched between the desktop and the compact (phone) layout, or its text
        floor changed: rebuild what was placed."""
        self.on_language()

    def frame_rate(self) -> float:
        """Frames a second this scene needs with no input: 0 when its picture changes only
        when something happens (the app then draws on input or on ``app.invalidate``), the
        full rate while it animates or an AI thinks."""
        return 0.0

    def occupied(self) -> list[Box]:
        """What a toast must not cover: every button the scene holds."""
        return [
            b.box
            for group in vars(self).values()
            if isinstance(group, ButtonGroup)
            for b in group.buttons
        ]
