"""What the match's parts (``match_chrome``, ``match_controls``, ``match_events``,
``match_input``, ``match_tips``) need of the match scene, as ``web.scene.Host`` is what scenes
need of the app; and what they ask of one another's objects (``EventsPart``, ``ChromePart``,
``ControlsPart``), which the scene holds and they reach through it.

``web.scenes.match.MatchScene`` is one: it imports its parts, and they import this, never the
scene, so that no part imports the module that imports it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game import PlayerView
from game.actions import Action
from web.play.intents import Selection
from web.play.session import MatchSession
from web.render.board import BoardView, Marks
from web.render.hud import Drawers
from web.scene import Host
from web.scenes.match_prompt import Prompt
from web.ui.animation import Animator
from web.ui.layout import Box, Camera
from web.ui.widgets import Button, ButtonGroup


class BannerPart(Protocol):
    """A banner of the events (``web.scenes.match_events.Banner``), as the prompt avoids it."""

    @property
    def city(self) -> int:
        """The city it is about (ringed on the map), or -1."""
        ...


class EventsPart(Protocol):
    """What the other parts ask of the match's events (``web.scenes.match_events.Events``)."""

    @property
    def held(self) -> object | None:
        """A battle's result on screen until the player has read it, or None."""
        ...

    @property
    def banners(self) -> Sequence[BannerPart]:
        """The banners to show, the one on screen first."""
        ...

    def blocking(self) -> bool: ...
    def stop_following(self) -> None: ...
    def waiting_button(self) -> Button | None: ...
    def covers(self, scene: MatchHost, x: float, y: float) -> bool: ...
    def tap(self, scene: MatchHost, x: float, y: float) -> bool: ...
    def dismiss(self, scene: MatchHost) -> bool: ...


class ChromePart(Protocol):
    """What the other parts ask of the match's chrome (``web.scenes.match_chrome.Chrome``)."""

    @property
    def buttons(self) -> ButtonGroup:
        """The menu and zoom buttons, and in the compact layout the drawer tabs."""
        ...

    @property
    def drawers(self) -> Drawers:
        """The compact layout's side panel."""
        ...

    def toggle_drawer(self, scene: MatchHost, name: str) -> None: ...
    def coach_place(self, scene: MatchHost) -> tuple[Box, Box] | None: ...
    def tap_coach(self, scene: MatchHost, x: float, y: float) -> bool: ...


class ControlsPart(Protocol):
    """What the other parts ask of the turn's controls (``web.scenes.match_controls.Controls``)."""

    @property
    def tray(self) -> ButtonGroup:
        """The tray's buttons."""
        ...

    @property
    def prompt(self) -> Prompt | None:
        """The prompt waiting for an answer (on screen when ``shown_prompt`` says so)."""
        ...

    @property
    def local_prompt(self) -> Prompt | None:
        """A prompt the player asked for (a trade, a build, ending a turn), or None."""
        ...

    @property
    def prompt_buttons(self) -> ButtonGroup:
        """The prompt's options."""
        ...

    @property
    def prompt_hint(self) -> ButtonGroup:
        """The prompt's own Hint button."""
        ...

    @property
    def hints(self) -> Sequence[tuple[Action, float | None]]:
        """The suggested moves, best first, each with its win chance if known."""
        ...

    def shown_prompt(self, scene: MatchHost) -> Prompt | None: ...
    def close_prompt(self, scene: MatchHost) -> None: ...
    def ask_hint(self, scene: MatchHost) -> None: ...
    def explain(self, scene: MatchHost, action: Action) -> None: ...
    def explain_text(self, scene: MatchHost, message: str) -> None: ...


class MatchHost(Protocol):
    app: Host
    session: MatchSession
    view: PlayerView  # the viewer's, as of the last action shown
    attract: bool  # the title screen's background game
    camera: Camera
    board_view: BoardView
    animator: Animator
    selection: Selection
    log_scroll: int

    @property
    def events(self) -> EventsPart: ...

    @property
    def chrome(self) -> ChromePart: ...

    @property
    def controls(self) -> ControlsPart: ...

    def submit(self, action: Action) -> None: ...
    def mark_stale(self) -> None: ...
    def undo(self) -> None: ...
    def hurry_ai(self) -> None: ...
    def open_menu(self) -> None: ...
    def open_results(self) -> None: ...
    def shown_chances(self) -> tuple[float, ...]: ...
    def hand_visible(self) -> bool: ...
    def kingdom_name(self, seat: int) -> str: ...
    def marks(self) -> Marks: ...
