"""The base of every scene: ``handle(event)``, ``update(dt)``, ``draw(surface)``, and what a
scene needs of the app that holds it (``Host``, ``Navigation``).

The App imports the scenes (through ``web.navigation``); a scene knows the App only as a
``Host``, so no scene imports the App, not even for its annotations, and a scene moves to
another through ``app.nav``, never by importing it (the title only holds a match scene, its
background game). The modules of the client stack without a cycle (tests/test_import_graph.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from web.text.i18n import Phrase
from web.ui.gestures import UIEvent
from web.ui.layout import Box
from web.ui.widgets import ButtonGroup

if TYPE_CHECKING:
    from web.play.config import MatchConfig
    from web.play.session import MatchSession
    from web.play.settings import Settings
    from web.play.storage import Storage
    from web.ui.sound import Sound

Tip = tuple[list[str], str | None]  # a tooltip's lines and the rule it cites


class Navigation(Protocol):
    """The moves from one screen to another that scenes ask for (``web.navigation``)."""

    def open_title(self) -> None: ...
    def open_match(self, session: MatchSession) -> object: ...
    def offer_match(self, session: MatchSession) -> None: ...
    def watch(self, config: MatchConfig) -> object: ...
    def open_game_over(self, session: MatchSession) -> None: ...
    def pass_device(self, session: MatchSession, seat: int, done: Callable[[], None]) -> None: ...
    # ``match``: the match scene, whose module builds on this one.
    def open_menu(self, match: Any) -> None: ...
    def open_import(self) -> None: ...
    def import_text(self, text: str | bytes) -> bool: ...
    def import_file(self, path: str) -> None: ...
    def replay_session(self, session: MatchSession) -> object: ...
    def replay_text(
        self, text: str | bytes, review: bool = False, remember: bool = True
    ) -> object: ...
    def replay_file(self, path: str) -> None: ...
    def open_last_games(self) -> None: ...
    def open_new_game(self) -> None: ...
    def open_how_to_play(self, on_done: Callable[[], None] | None = None) -> None: ...
    def open_settings(self) -> None: ...
    def open_rules(self, rule: str | None = None) -> None: ...


class Host(Protocol):
    """What scenes, the navigation and the saves need of the app (``web.app.App``)."""

    settings: Settings
    storage: Storage
    sound: Sound
    scenes: list[Scene]
    notices: list[tuple[str, dict[str, str]]]
    running: bool
    now: float
    frames: int  # drawn so far (the smoke test's snapshot, web.probe)
    last_rule: str | None
    toast_text: str
    autosave_failing: bool

    @property
    def nav(self) -> Navigation: ...
    @property
    def top(self) -> Scene | None: ...
    def push(self, scene: Scene) -> None: ...
    def pop(self) -> Scene | None: ...
    def replace(self, scene: Scene) -> None: ...
    def reset_to(self, scene: Scene) -> None: ...
    def invalidate(self) -> None: ...
    def paused(self) -> bool: ...
    def help_box(self) -> Box: ...
    def toast(self, message: str | Phrase, seconds: float = 4.0) -> None: ...
    def pin_tooltip(self, x: float, y: float) -> None: ...
    def save_settings(self) -> None: ...
    def set_language(self, lang: str) -> None: ...


class Scene:
    """Drawing never changes game state. ``opaque`` scenes hide the ones below them."""

    opaque = True
    help_button = True
    # Its buttons are at least ``layout.touch()`` on a phone: every scene but the match, whose
    # compact layout sizes its own controls (its "?" and menu do take the floor).
    touch_sized = True
    ai_busy = False  # a scene sets this while an AI search runs (for the frame-time figure)

    def __init__(self, app: Host) -> None:
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
