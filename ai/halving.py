"""Sequential halving at the root: spend a fixed budget to find the best of a few actions.

PUCT spends its visits where they lower its regret over the whole search; a decision needs
only its final choice to be good (simple regret). With a couple of hundred iterations over
the root's few best-ranked actions, PUCT gives the prior's favourite most visits and keeps it
unless its results run clearly worse, so the choice is mostly the prior's (experiments/exit.md,
round 7). Sequential halving (Karnin, Koren and Somekh, "Almost optimal exploration in
multi-armed bandits", 2013; the root of Gumbel MuZero, Danihelka et al. 2022) gives each of
``m`` candidates an equal share of a phase, drops the worse half by their means, and repeats
until two are left, which share what remains: every candidate is judged on equal visits, and
the final choice is the best mean, not the most visits.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ai.tree import Edge

Rank = Callable[[Sequence[Edge]], list[Edge]]


class SequentialHalving:
    """The root edge of each next iteration, over ``candidates`` and ``budget`` iterations.

    ``rank`` orders edges best first by what they have shown so far; it is asked once a phase
    has had its visits, and for the final choice.
    """

    def __init__(self, candidates: Sequence[Edge], budget: int, rank: Rank) -> None:
        if not candidates:
            raise ValueError("sequential halving needs at least one candidate")
        self.alive = list(candidates)
        self.rank = rank
        self.budget = max(1, budget)
        self.left = self.budget
        self.phases = max(1, math.ceil(math.log2(len(self.alive))))
        self._queue: list[Edge] = []
        self._next = 0
        self._plan()

    def _plan(self) -> None:
        alive = len(self.alive)
        if alive <= 2:
            each = max(1, math.ceil(self.left / alive))  # the last phase takes what is left
        else:
            each = max(1, self.budget // (self.phases * alive))
        # Round robin, so a search cut short in any slice has spread its visits evenly.
        self._queue = [e for _ in range(each) for e in self.alive]
        self._next = 0

    def next_edge(self) -> Edge:
        if self._next == len(self._queue):
            if len(self.alive) > 1:
                self.alive = self.rank(self.alive)[: math.ceil(len(self.alive) / 2)]
            self._plan()
        edge = self._queue[self._next]
        self._next += 1
        self.left -= 1
        return edge

    def choice(self) -> Edge:
        """The best of the candidates still in."""
        return self.rank(self.alive)[0]


__all__ = ["SequentialHalving"]
