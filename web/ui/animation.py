"""Animations derived from the action just applied (the rules never emit them), pure Python.

A move slides the token along a shortest route; a battle shows the roll; a roll shakes the dice.
While an animation runs the match waits, so every AI move is perceivable; reduced motion keeps
the pause but drops the sliding and shaking.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from game import MapSpec
from game.actions import BattleRoll, Continue, Move, PlaceGeneral, Return, Roll
from web.play.session import Applied


def route(board: MapSpec, src: int, dest: int, winter: bool) -> list[int]:
    """Nodes of a shortest route from ``src`` to ``dest`` (for drawing only)."""
    adj = board.land_adj if winter else board.all_adj
    prev = {src: src}
    queue = deque([src])
    while queue:
        node = queue.popleft()
        if node == dest:
            break
        for nxt in adj[node]:
            if nxt not in prev:
                prev[nxt] = node
                queue.append(nxt)
    if dest not in prev:
        return [src, dest]
    path = [dest]
    while path[-1] != src:
        path.append(prev[path[-1]])
    return path[::-1]


@dataclass
class Animation:
    kind: str  # move, battle, roll, pause
    duration: float
    general: int = -1
    path: list[tuple[float, float]] = field(default_factory=list)  # world points
    battle: tuple[int, ...] = ()
    dice: tuple[int, ...] = ()
    city: int = -1
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    def position(self) -> tuple[float, float]:
        """The moving token's world position now."""
        pts = self.path
        if len(pts) < 2:
            return pts[0] if pts else (0.0, 0.0)
        f = self.progress * (len(pts) - 1)
        i = min(int(f), len(pts) - 2)
        u = f - i
        u = u * u * (3 - 2 * u)  # ease each leg
        (ax, ay), (bx, by) = pts[i], pts[i + 1]
        return (ax + (bx - ax) * u, ay + (by - ay) * u)


class Animator:
    def __init__(self, board: MapSpec, positions: list[tuple[float, float]]) -> None:
        self.board = board
        self.pos = positions
        self.queue: deque[Animation] = deque()
        self.move_seconds = 0.6
        self.pause_seconds = 0.3
        self.reduced_motion = False
        self.enabled = True

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    @property
    def current(self) -> Animation | None:
        return self.queue[0] if self.queue else None

    def update(self, dt: float) -> None:
        if not self.queue:
            return
        anim = self.queue[0]
        anim.elapsed += dt
        if anim.elapsed >= anim.duration:
            self.queue.popleft()

    def skip(self) -> None:
        self.queue.clear()

    def add(self, applied: Applied, winter: bool, watched: bool) -> None:
        """Queue what ``applied`` looks like; ``watched``: an AI's or chance's, paced for eyes."""
        if not self.enabled:
            return
        action = applied.action
        slow = self.move_seconds if watched else min(0.3, self.move_seconds)
        if isinstance(action, Move | Continue):
            nodes = route(self.board, action.src, action.dest, winter)
            legs = max(1, len(nodes) - 1)
            duration = slow * (0.6 + 0.4 * min(legs, 4) / 2)
            if self.reduced_motion:
                self.queue.append(Animation("pause", slow, city=action.dest))
            else:
                path = [self.pos[n] for n in nodes]
                self.queue.append(Animation("move", duration, general=action.general, path=path))
        elif isinstance(action, BattleRoll) and applied.battle:
            self.queue.append(
                Animation("battle", 2.2 if not self.reduced_motion else 1.6, battle=applied.battle)
            )
        elif isinstance(action, Roll):
            self.queue.append(Animation("roll", 0.5 if watched else 0.35, dice=action.dice))
        elif isinstance(action, Return | PlaceGeneral):
            self.queue.append(Animation("pause", self.pause_seconds, city=action.city))
        elif watched and applied.actor >= 0:
            self.queue.append(Animation("pause", self.pause_seconds))
