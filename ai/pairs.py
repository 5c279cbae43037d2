"""The root's best actions judged two at a time: two dice of one turn together.

A one-ply value (``ai.lookahead``) judges a die alone, yet a die's worth often rests on
another's: a general leaves a capital that a second one then guards, a march is worth the
attack the next die makes from where it ends. Among the root's ``m`` best one-ply actions,
every pair that one turn can play is judged after both, and an action is worth the best of
itself alone and the pairs it can start (or end, when either order is legal). Every action
keeps at least its one-ply value, which is at least that of every action outside the ``m``,
so the pairs only re-order the ``m`` best among themselves.

The work is sliced like the one-ply values (``step`` with a deadline): at ``m`` = 10 it is up
to 10 moves played and 45 positions judged, a few milliseconds.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ai.components import Evaluator
from game import P_ACTION, Action, GameState, legal_actions
from game.kinds import BUILD, DESTROY, MOVE, RETURN, TRAIN

# The actions that spend one die on one general: a trade changes the dice themselves (its
# one-ply value already looks at what the new 6 allows) and ending the turn spends none.
PAIRED_KINDS = frozenset({MOVE, DESTROY, RETURN, TRAIN, BUILD})


class RootPairs:
    """Pair values of the root's ``m`` best actions for ``seat``, computed by ``step``."""

    def __init__(
        self,
        state: GameState,
        legal: Sequence[Action],
        values: Sequence[float],
        seat: int,
        evaluator: Evaluator,
        m: int,
    ) -> None:
        self.state = state
        self.legal = list(legal)
        self.seat = seat
        self.evaluator = evaluator
        self.values = list(values)
        ranked = sorted(range(len(self.legal)), key=lambda i: -values[i])
        top = [i for i in ranked if self.legal[i].kind in PAIRED_KINDS][:m]
        if state.phase != P_ACTION:
            top = []
        self._pairs = [(a, b) for k, a in enumerate(top) for b in top[k + 1 :]]
        self._index = 0
        self._after: dict[int, tuple[GameState, frozenset[Action]] | None] = {}
        self.judged = 0

    @property
    def done(self) -> bool:
        return self._index >= len(self._pairs)

    def step(self, deadline: float | None) -> bool:
        """Judge pairs until all are judged (True) or ``deadline`` (perf_counter) passes."""
        while self._index < len(self._pairs):
            a, b = self._pairs[self._index]
            self._index += 1
            self._judge(a, b)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return self.done

    def _judge(self, a: int, b: int) -> None:
        after_a, after_b = self._after_one(a), self._after_one(b)
        a_then_b = after_a is not None and self.legal[b] in after_a[1]
        b_then_a = after_b is not None and self.legal[a] in after_b[1]
        if a_then_b:
            assert after_a is not None
            value = self._value(after_a[0], self.legal[b])
            starts = (a, b) if b_then_a else (a,)
        elif b_then_a:
            assert after_b is not None
            value = self._value(after_b[0], self.legal[a])
            starts = (b,)
        else:
            return
        for i in starts:
            if value > self.values[i]:
                self.values[i] = value

    def _after_one(self, i: int) -> tuple[GameState, frozenset[Action]] | None:
        """The position after root action ``i`` and what may follow it, if the same seat
        still has dice to use there (not after the turn's last die or an interrupted move)."""
        if i not in self._after:
            world = self.state.clone()
            world.apply_action(self.legal[i])
            going_on = world.phase == P_ACTION and world.active == self.seat
            self._after[i] = (world, frozenset(legal_actions(world))) if going_on else None
        return self._after[i]

    def _value(self, world: GameState, action: Action) -> float:
        nxt = world.clone()
        nxt.apply_action(action)
        self.judged += 1
        return self.evaluator.win_chances(nxt)[self.seat]


__all__ = ["PAIRED_KINDS", "RootPairs"]
