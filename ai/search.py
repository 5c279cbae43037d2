"""Information-set Monte Carlo tree search (single observer) for 2-6 players: one decision.

Every iteration starts from a fresh determinization (``ai.worlds``: other seats' quest hands
and a still-secret coin are dealt anew), so the search never reads what the seat may not see
(R11). It descends the tree (``ai.tree``), plays the world on from the new leaf
(``ai.playout``) and backs the judged win chances up the path. What it searches with is given to
it (``ai.components``): an evaluation judges positions, a policy scores actions.

The root's priors come from a one-ply evaluation of every action (``ai.lookahead``), the rest
of the tree's from the policy. The budget is counted in iterations, so a seed decides the
search; it stops as soon as its most visited action can no longer be overtaken.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Sequence

from ai.agents import Insight, Thinking
from ai.config import SearchConfig
from ai.lookahead import one_ply
from ai.playout import Playout
from ai.tree import Node, Tree, is_duel, root_coin_choice
from ai.worlds import Worlds
from game import P_ACTION, P_CONTINUE, P_HALT, P_PLACE, Action, PlayerView
from game.actions import CommitCoin

# Phases whose actions the root judges one ply ahead; elsewhere (coins, battle order, a card
# draw) the policy's scores are the priors.
ROOT_EVAL_PHASES = (P_ACTION, P_CONTINUE, P_HALT, P_PLACE)


class Search(Thinking):
    """One decision's search; the client runs it in slices (``step_ms``)."""

    def __init__(
        self,
        view: PlayerView,
        legal: Sequence[Action],
        rng: random.Random,
        config: SearchConfig,
        reuse: Node | None = None,
    ) -> None:
        if not legal:
            raise ValueError("no legal action to choose from")
        self.view = view
        self.seat = view.seat
        self.config = config
        self.rng = random.Random(rng.getrandbits(64))
        self.n = view.public.num_players
        self.legal = list(legal)
        # Determinized worlds hold every seat's cards; the seat's own public state does not.
        self.evaluator = config.evaluator.evaluator(-1)
        self.policy = config.policy.policy(-1)
        self.root_evaluator = config.evaluator.evaluator(self.seat)
        self.root_policy = config.policy.policy(self.seat)
        root = reuse if reuse is not None else Node(self.n)
        self.tree = Tree(root, self.seat, self.n, config.tree, self.policy, self.rng)
        self.playout = Playout(config.playout, self.policy, self.evaluator, self.rng)
        self.reused = root.visits
        # A reused subtree already holds visits of this very decision; search the rest.
        self.budget = max(
            config.iterations - self.reused, math.ceil(config.iterations * config.reuse_min)
        )
        self.iterations = 0
        self.elapsed = 0.0
        self.longest_slice_ms = 0.0
        self.done = len(self.legal) == 1
        self._init_index = 0
        self._init_items: list[int] = []
        self._init_done = False
        self._init_value = [0.0] * len(self.legal)
        quick = self.root_policy.scores(view.public, self.legal)
        self._quick = quick
        self._fallback = self.legal[max(range(len(quick)), key=quick.__getitem__)]
        self.worlds = Worlds(view, self.rng)

    @property
    def root(self) -> Node:
        return self.tree.root

    # -- Thinking ----------------------------------------------------------------------------
    def step(self, max_iterations: int) -> bool:
        start = time.perf_counter()
        if not self._init_done:
            self._root_init(None)
        budget = self.budget
        count = 0
        while not self.done and count < max_iterations:
            self._iterate()
            count += 1
            if self.config.time_ms <= 0 and (self.iterations >= budget or self._decided()):
                self.done = True
            elif not count & 63:
                # As between slices (``step_ms``): what the search has built so far, and the
                # engine's tables made before, out of the full collections, which rescanned
                # them all (gen2 was half the collector's time, 6-8% of a decision's).
                gc.freeze()
        self._account(start)
        if self.done:
            gc.unfreeze()
        return self.done

    def step_ms(self, ms: float) -> bool:
        start = time.perf_counter()
        deadline = start + ms / 1000.0
        if not self._init_done:
            self._root_init(deadline)
        budget = self.budget
        while not self.done and self._init_done and time.perf_counter() < deadline:
            self._iterate()
            if self.config.time_ms <= 0 and (self.iterations >= budget or self._decided()):
                self.done = True
            elif self.config.time_ms > 0:
                spent = self.elapsed + time.perf_counter() - start
                if spent * 1000.0 >= self.config.time_ms:
                    self.done = True
        self._account(start)
        # The tree only grows while the search runs and holds no reference cycles, yet every
        # full collection rescans all of it (about 10 ms at 2000 iterations): long enough to
        # blow a frame. Between slices it sits in the permanent generation; once the search
        # is over, the collector sees it again (the chosen subtree may be reused).
        if self.done:
            gc.unfreeze()
        else:
            gc.freeze()
        return self.done

    def _decided(self) -> bool:
        """The most visited root action can no longer be overtaken in the iterations left.

        ``best_action`` picks by visit count, so stopping here returns exactly the action the
        full budget would have returned; checked every few iterations, it costs nothing.
        """
        left = self.budget - self.iterations
        root = self.tree.root
        if self.iterations & 7 or root.duel_att is not None or not root.order:
            return False
        first = second = 0
        for e in root.order:
            if e.n > first:
                first, second = e.n, first
            elif e.n > second:
                second = e.n
        return first - second > left

    def _account(self, start: float) -> None:
        spent = time.perf_counter() - start
        self.elapsed += spent
        self.longest_slice_ms = max(self.longest_slice_ms, spent * 1000.0)
        if self.config.time_ms > 0 and self.elapsed * 1000.0 >= self.config.time_ms:
            self.done = True

    def progress(self) -> float:
        if self.done:
            return 1.0
        if self.config.time_ms > 0:
            return min(1.0, self.elapsed * 1000.0 / self.config.time_ms)
        return min(1.0, self.iterations / max(1, self.budget))

    def best_action(self) -> Action:
        root = self.tree.root
        coin = root_coin_choice(root)
        if coin is not None:
            return coin
        edges = [root.edges[a] for a in self.legal if a in root.edges]
        if not edges or root.visits == 0:
            if self._init_done:
                best = max(range(len(self.legal)), key=self._init_value.__getitem__)
                return self.legal[best]
            return self._fallback
        seat = self.seat
        best_edge = max(edges, key=lambda e: (e.n, e.w[seat] / e.n if e.n else e.v0 - 1.0, e.p))
        return best_edge.action

    def explain(self, top: int = 3) -> list[Insight]:
        root = self.tree.root
        seat = self.seat
        if root.visits == 0:
            values = self._init_value if self._init_done else [0.0] * len(self.legal)
            order = sorted(range(len(self.legal)), key=lambda i: -values[i])[:top]
            return [Insight(self.legal[i], 0.0, values[i]) for i in order]
        if root.duel_att is not None:
            total = sum(s[0] for s in root.duel_att.values()) or 1.0
            rows = [
                (a, root.duel_att[a.value])
                for a in self.legal
                if isinstance(a, CommitCoin) and a.value in root.duel_att
            ]
            rows.sort(key=lambda r: -r[1][0])
            return [Insight(a, s[0] / total, s[1] / s[0] if s[0] else 0.0) for a, s in rows[:top]]
        edges = [root.edges[a] for a in self.legal if a in root.edges]
        edges.sort(key=lambda e: (-e.n, -e.v0))
        total = sum(e.n for e in edges) or 1
        mean = root.w[seat] / root.visits
        return [
            Insight(e.action, e.n / total, e.w[seat] / e.n if e.n else max(0.0, mean + e.v0))
            for e in edges[:top]
        ]

    # -- root priors ---------------------------------------------------------------------------
    def _root_init(self, deadline: float | None) -> None:
        """One-ply evaluation of each root action (sliced: it may take tens of milliseconds)."""
        public = self.view.public
        if not self._init_items:
            eval_phase = public.phase in ROOT_EVAL_PHASES and not public.draw_queue
            if self.config.root_eval and eval_phase and len(self.legal) > 1:
                self._init_items = list(range(len(self.legal)))
        items = self._init_items
        evaluator = self.root_evaluator
        policy = self.root_policy
        while self._init_index < len(items):
            i = items[self._init_index]
            self._init_value[i] = one_ply(public, self.legal[i], self.seat, evaluator, policy)
            self._init_index += 1
            if deadline is not None and time.perf_counter() >= deadline:
                return
        evaluated = bool(items)
        # One-ply values are win chances already; policy scores need the policy's scale.
        values = self._init_value if evaluated else self._quick
        if evaluated:
            scale = self.config.root_scale
        else:
            scale = self.root_policy.value_scale(public)
        self.tree.prime_root(self.legal, values, scale, duel=is_duel(public))
        self._init_done = True

    # -- one iteration -------------------------------------------------------------------------
    def _iterate(self) -> None:
        world = self.worlds.sample()
        path = self.tree.descend(world)
        self.tree.backup(path, self.playout.run(world))
        self.iterations += 1


__all__ = ["ROOT_EVAL_PHASES", "Search", "SearchConfig"]
