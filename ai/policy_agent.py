"""An agent that plays a policy's favourite action: no search, a couple of milliseconds a move.

The policies the search uses for its priors and playouts (``ai.components``) are players of
their own: ``policy`` (``policy:tactics``, ``policy:v1``) plays the best-scored legal action for
its seat's public state, which reads no other seat's hand (R11). Kingdom picks and card draws,
which the quick scores do not weigh, are decided as the greedy agent decides them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.agents import (
    Agent,
    ImmediateThinking,
    Insight,
    Thinking,
    deck_value,
    pick_kingdom_values,
)
from ai.components import Policy, make_policy
from ai.config import SearchConfig
from ai.evaluation import Evaluator as V1Evaluator
from game import P_PICK, Action, PlayerView
from game.actions import ChooseDeck


class PolicyAgent(Agent):
    """Plays the action its policy scores highest (ties: the first legal one)."""

    def __init__(self, policy: str = "tactics") -> None:
        self.config = SearchConfig(policy=policy)
        self.name = f"policy:{policy}"
        make_policy(self.config, 0)  # an unknown policy is refused here, not at the first move

    def policy_for(self, seat: int) -> Policy:
        """The policy that scores ``seat``'s actions from its public state."""
        return make_policy(self.config, seat)

    def begin(
        self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Thinking:
        legal = list(legal_actions)
        return ImmediateThinking(legal, lambda: self.rank(view, legal))

    def rank(self, view: PlayerView, legal: list[Action]) -> list[Insight]:
        if len(legal) == 1:
            return [Insight(legal[0], 1.0, 1.0 / view.public.num_players)]
        state = view.public
        values: list[float]
        if state.phase == P_PICK:
            values = pick_kingdom_values(state, legal)
        elif state.draw_queue and state.draw_deck < 0 and isinstance(legal[0], ChooseDeck):
            ev = V1Evaluator(self.config.weights, viewer=view.seat)
            values = [
                deck_value(view, a.deck, ev) if isinstance(a, ChooseDeck) else 0.0 for a in legal
            ]
        else:
            values = self.policy_for(view.seat).scores(state, legal)
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        # A policy's scores are preferences, not win chances: the chance shown is the even one.
        even = 1.0 / state.num_players
        return [Insight(legal[i], 1.0 if j == 0 else 0.0, even) for j, i in enumerate(order)]


__all__ = ["PolicyAgent"]
