"""What the match and the replay share about the board they show: the pace of its animations,
read off the player's settings, and what a wheel, a pinch or a drag does over the map or over
the side panel.

One module for both screens, so that they cannot drift apart: they had, and on a phone the
replay's wheel over the map scrolled the log of a drawer that was closed (the drawer's place
was taken for the drawer) where the match's zoomed the map."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from web.render import hud
from web.ui.layout import MatchLayout

if TYPE_CHECKING:
    from web.play.settings import Settings
    from web.ui.animation import Animator
    from web.ui.gestures import UIEvent
    from web.ui.layout import Camera

LAYOUT = MatchLayout()
WHEEL_ZOOM = 1.15  # the map's zoom by a notch of the wheel
DRAG_ROW_PX = 16  # a drag over the log scrolls it by a row for this many pixels
GESTURES = frozenset({"wheel", "pinch", "drag"})  # the kinds of event ``board_gesture`` takes


def pace_animations(animator: Animator, settings: Settings) -> None:
    """The animations as the settings want them: their speed, and reduced motion."""
    animator.move_seconds = settings.move_seconds()
    animator.pause_seconds = settings.pause_seconds()
    animator.reduced_motion = settings.reduced_motion


@dataclass(frozen=True)
class Moved:
    """What a gesture did: moved the camera (it is the player's now), or scrolled the log."""

    camera: bool = False
    scroll: int = 0  # rows the side panel's log scrolls by (the caller keeps it at 0 or more)


def board_gesture(ev: UIEvent, camera: Camera | None, drawers: hud.Drawers) -> Moved:
    """A wheel, pinch or drag (``GESTURES``). Over the side panel where it is now (the desktop's
    column, or on a phone the open drawer, ``hud.side_box``) it scrolls the log; over the map
    it zooms or pans ``camera``, which is None while something covers the map (the replay's
    charts). A drag goes by where it began: on an open drawer it scrolls the drawer's log,
    though the drawer lies over the map (a finger on a phone has no wheel)."""
    side = hud.side_box(drawers)
    if ev.kind == "wheel":
        if side is not None and side.contains(ev.x, ev.y):
            return Moved(scroll=int(ev.dy))
        if camera is not None and LAYOUT.map.contains(ev.x, ev.y):
            camera.zoom_at(WHEEL_ZOOM**ev.dy, ev.x, ev.y)
            return Moved(camera=True)
    elif ev.kind == "pinch":
        if camera is not None:
            camera.zoom_at(ev.factor, ev.x, ev.y)
            return Moved(camera=True)
    elif ev.kind == "drag":
        if side is not None and side.contains(ev.x0, ev.y0):
            return Moved(scroll=round(ev.dy / DRAG_ROW_PX))
        if camera is not None and LAYOUT.map.contains(ev.x0, ev.y0):
            camera.pan(ev.dx, ev.dy)
            return Moved(camera=True)
    return Moved()
