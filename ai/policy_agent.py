"""An agent that plays a policy's favourite action: no search, a couple of milliseconds a move.

The policies the search uses for its priors and playouts (``ai.components``) are players of
their own: ``policy`` (``policy:tactics``, ``policy:hand-built``) plays the best-scored legal
action for its seat's public state, which reads no other seat's hand (R11). Kingdom picks and
card draws, which the quick scores do not weigh, are decided as the greedy agent decides them.
"""

from __future__ import annotations

from ai.agents import Insight, RankingAgent, ranked, setup_values
from ai.components import Policy, Scoring
from ai.evaluation import DEFAULT_WEIGHTS
from game import Action, PlayerView


class PolicyAgent(RankingAgent):
    """Plays the action its policy scores highest (ties: the first legal one)."""

    def __init__(self, policy: Scoring) -> None:
        self.policy = policy
        self.name = f"policy:{policy.name}"

    def policy_for(self, seat: int) -> Policy:
        """The policy that scores ``seat``'s actions from its public state."""
        return self.policy.policy(seat)

    def rank(self, view: PlayerView, legal: list[Action]) -> list[Insight]:
        even = 1.0 / view.public.num_players
        if len(legal) == 1:
            return [Insight(legal[0], 1.0, even)]
        values = setup_values(view, legal, DEFAULT_WEIGHTS)
        if values is None:
            values = self.policy_for(view.seat).scores(view.public, legal)
        # A policy's scores are preferences, not win chances: the chance shown is the even one.
        return ranked(legal, values, [even] * len(legal))


__all__ = ["PolicyAgent"]
