"""``rollouts``: flat Monte Carlo over a turn's actions with common random numbers.

At a decision the search's root judges by the position it leaves (``ROOT_EVAL_PHASES``, no
draw waiting), every undominated action is played on ``rollouts`` times: the seat's view dealt
into a world, the action, then the tactics policy to the end of the turn and ``turns`` more,
judged by v1. The r-th rollout of every action is dealt the same world and the same dice
stream, so what differs between the actions' means is the actions, much less the luck
(Tesauro and Galperin's on-line improvement of a base policy by rollouts). A trade is judged
like any action, the policy spending its 6. Every other decision (coins, draws, picks) is the
``ismcts`` search of ``level``.

It plays round 16's ranking targets (``tools/rollout_values.py``) as a player, to measure them
before anything is fitted to them (``experiments/exit.md``, round 20).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.agents import Agent, Insight, Thinking
from ai.components import make_evaluator, make_policy
from ai.config import SearchConfig
from ai.dominance import undominated
from ai.ismcts import IsmctsAgent
from ai.playout import Playout
from ai.search import ROOT_EVAL_PHASES
from game import Action, GameState, PlayerView


class RolloutValues(Thinking):
    """The rollouts of one decision, one rollout of one action an iteration, rollout-major so
    that every action has as many rollouts as the others (or one fewer) at any time."""

    def __init__(
        self, view: PlayerView, actions: Sequence[Action], rollouts: int, config: SearchConfig,
        seed: str,
    ) -> None:  # fmt: skip
        if not actions:
            raise ValueError("no action to roll out")
        self._view = view
        self._actions = list(actions)
        self._rollouts = rollouts
        self._config = config
        self._policy = make_policy(config, -1)
        self._judge = make_evaluator(config, -1)
        self._seed = seed
        self._totals = [0.0] * len(actions)
        self._counts = [0] * len(actions)
        self._next = 0
        self._world: tuple[int, GameState] | None = None
        self.done = False

    def _dealt(self, r: int) -> GameState:
        """Rollout ``r``'s world before the action, dealt once for every action."""
        if self._world is None or self._world[0] != r:
            world = self._view.sample_world(random.Random(f"{self._seed}/{r}/world"))
            self._world = (r, world)
        return self._world[1].clone()

    def step(self, max_iterations: int) -> bool:
        n = len(self._actions)
        total = n * self._rollouts
        seat = self._view.seat
        while not self.done and max_iterations > 0:
            r, i = divmod(self._next, n)
            world = self._dealt(r)
            world.apply_action(self._actions[i])  # the seat's own action hangs on no deal
            luck = random.Random(f"{self._seed}/{r}/dice")
            playout = Playout(self._config, self._policy, self._judge, luck)
            self._totals[i] += playout.run(world)[seat]
            self._counts[i] += 1
            self._next += 1
            max_iterations -= 1
            self.done = self._next == total
        return self.done

    def progress(self) -> float:
        return self._next / (len(self._actions) * self._rollouts)

    def means(self) -> list[float]:
        """Each action's mean win chance for the seat over its rollouts so far (0 before any)."""
        return [t / c if c else 0.0 for t, c in zip(self._totals, self._counts, strict=True)]

    def best_action(self) -> Action:
        means = self.means()
        tried = [i for i, c in enumerate(self._counts) if c]
        if not tried:
            return self._actions[0]
        return self._actions[max(tried, key=means.__getitem__)]  # ties: the first

    def explain(self, top: int = 3) -> list[Insight]:
        means = self.means()
        done = max(1, self._next)
        order = sorted(range(len(means)), key=lambda i: -means[i])
        return [Insight(self._actions[i], self._counts[i] / done, means[i]) for i in order][:top]


class RolloutsAgent(Agent):
    """Plays the action whose rollouts are best where the root would weigh positions; the
    ``level`` search elsewhere."""

    name = "rollouts"

    def __init__(self, rollouts: int = 16, turns: int = 2, level: str = "normal") -> None:
        if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
            raise ValueError(f"agent 'rollouts': rollouts must be a whole number of at least 1, "
                             f"got {rollouts!r}")  # fmt: skip
        if isinstance(turns, bool) or not isinstance(turns, int) or not 0 <= turns <= 10:
            raise ValueError(f"agent 'rollouts': turns must be a whole number from 0 to 10, "
                             f"got {turns!r}")  # fmt: skip
        self.rollouts = rollouts
        self.level = level
        # What a rollout plays and judges with; the arena's logs record it as the settings.
        self.config = SearchConfig(
            policy="tactics", evaluator="v1", playout_turns=turns, playout_epsilon=0.0
        )
        # No tree kept between decisions: the decisions between two searches are not its own.
        self._search = IsmctsAgent(level, reuse=False)

    def begin(
        self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Thinking:
        public = view.public
        if public.phase in ROOT_EVAL_PHASES and not public.draw_queue:
            actions = undominated(public, legal_actions)
            if len(actions) >= 2:
                seed = f"{rng.getrandbits(64)}"
                return RolloutValues(view, actions, self.rollouts, self.config, seed)
        return self._search.begin(view, legal_actions, rng)


__all__ = ["RolloutValues", "RolloutsAgent"]
