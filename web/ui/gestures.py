"""Pointer gestures from mouse and touch, pure Python: tap, drag, hold, wheel, pinch.

Mouse and fingers feed the same recognizer; a finger also produces synthetic mouse events, which
the app drops (pygame marks them ``touch``) so a tap is never counted twice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

DRAG_PX = 10.0  # movement that turns a press into a drag
HOLD_S = 0.5  # press time that shows a tooltip (tap-and-hold on phones)


@dataclass(frozen=True)
class UIEvent:
    kind: str  # tap, drag, hold, wheel, pinch, move, key, drop, back
    x: float = 0.0
    y: float = 0.0
    dx: float = 0.0
    dy: float = 0.0
    factor: float = 1.0
    key: int = 0
    text: str = ""
    button: int = 1
    x0: float = 0.0  # where the press began (drags)
    y0: float = 0.0


class Gestures:
    def __init__(self) -> None:
        self.points: dict[int, tuple[float, float]] = {}  # pointer id -> position
        self._start: tuple[float, float] | None = None
        self._start_t = 0.0
        self._dragging = False
        self._held = False
        self._pinch_d = 0.0
        self._button = 1

    def down(self, pid: int, x: float, y: float, now: float, button: int = 1) -> list[UIEvent]:
        self.points[pid] = (x, y)
        if len(self.points) == 1:
            self._start = (x, y)
            self._start_t = now
            self._dragging = False
            self._held = False
            self._button = button
        elif len(self.points) == 2:
            self._pinch_d = self._spread()
            self._dragging = True  # a second finger cancels the tap
        return []

    def move(self, pid: int, x: float, y: float, now: float) -> list[UIEvent]:
        if pid not in self.points:
            return [UIEvent("move", x, y)]
        px, py = self.points[pid]
        self.points[pid] = (x, y)
        if len(self.points) >= 2:
            d = self._spread()
            out = []
            if self._pinch_d > 0 and d > 0:
                cx, cy = self._middle()
                out.append(UIEvent("pinch", cx, cy, factor=d / self._pinch_d))
            self._pinch_d = d
            return out
        if self._start is None:
            return []
        sx, sy = self._start
        if not self._dragging and math.hypot(x - sx, y - sy) >= DRAG_PX:
            self._dragging = True
            return [UIEvent("drag", x, y, x - sx, y - sy, button=self._button, x0=sx, y0=sy)]
        if self._dragging:
            return [UIEvent("drag", x, y, x - px, y - py, button=self._button, x0=sx, y0=sy)]
        return [UIEvent("move", x, y)]

    def up(self, pid: int, x: float, y: float, now: float) -> list[UIEvent]:
        was = self.points.pop(pid, None)
        if was is None:
            return []
        if self.points:  # one finger of a pinch lifted
            self._pinch_d = 0.0
            return []
        out = []
        if not self._dragging and not self._held and self._start is not None:
            out.append(UIEvent("tap", x, y, button=self._button))
        self._start = None
        self._dragging = False
        return out

    def tick(self, now: float) -> list[UIEvent]:
        """A press held still long enough becomes a hold (the tooltip of touch screens)."""
        if (
            len(self.points) == 1
            and self._start is not None
            and not self._dragging
            and not self._held
            and now - self._start_t >= HOLD_S
        ):
            self._held = True
            return [UIEvent("hold", *self._start)]
        return []

    def _spread(self) -> float:
        (ax, ay), (bx, by) = list(self.points.values())[:2]
        return math.hypot(ax - bx, ay - by)

    def _middle(self) -> tuple[float, float]:
        (ax, ay), (bx, by) = list(self.points.values())[:2]
        return ((ax + bx) / 2, (ay + by) / 2)
