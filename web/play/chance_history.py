"""Every seat's win chance through a game, for the charts: one point at each turn start.

The chances come from ``ai.chances``, the one estimator every player is shown: public facts
only, so the human's seat is plotted beside the AIs' without revealing a hand, and the seats'
chances sum to 1 at every point. The history is a function of the record (each point is taken
as the record is played), so a resumed, imported or replayed game has it whole.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from game import GameState
from web.ai_bridge import is_turn_start, table_chances

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ChancePoint:
    position: int  # actions applied before it
    x: float  # on the season axis: the round, and the share of it played
    chances: tuple[float, ...]


class ChanceHistory:
    def __init__(self) -> None:
        self.points: list[ChancePoint] = []
        self.failure: str | None = None  # why the estimator could not run (shown, not hidden)

    def note(self, state: GameState, position: int) -> None:
        """Take a point if ``state`` (after ``position`` actions) starts a turn or ends the game."""
        if self.failure is not None or not (state.is_terminal() or is_turn_start(state)):
            return
        if self.points and self.points[-1].position >= position:
            return
        try:
            chances = tuple(table_chances(state))
        except (OSError, ValueError) as err:  # a damaged model file: say so, chart nothing
            log.error("win chances cannot be estimated: %s", err)
            self.failure = str(err)
            return
        n = state.num_players
        x = state.round + state.active / n
        if state.is_terminal():  # the result, one turn after the last point
            x = self.points[-1].x + 1.0 / n if self.points else state.round + 1.0
        self.points.append(ChancePoint(position, x, chances))

    def forget_after(self, position: int) -> None:
        """An undo went back to ``position``: the points taken later no longer happened."""
        while self.points and self.points[-1].position > position:
            self.points.pop()

    def series(self, seat: int) -> list[tuple[float, float]]:
        return [(p.x, p.chances[seat]) for p in self.points]

    def at(self, position: int) -> tuple[float, ...] | None:
        """The chances at the last point taken at or before ``position``."""
        found = None
        for point in self.points:
            if point.position > position:
                break
            found = point.chances
        return found


__all__ = ["ChanceHistory", "ChancePoint"]
