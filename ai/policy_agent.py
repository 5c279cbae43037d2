"""An agent that plays a policy's favourite action: no search, a couple of milliseconds a move.

The policies the search uses for its priors and playouts (``ai.components``) are players of
their own: ``policy`` (``policy:tactics``, ``policy:v1``) plays the best-scored legal action for
its seat's public state, which reads no other seat's hand (R11). Kingdom picks and card draws,
which the quick scores do not weigh, are decided as the greedy agent decides them.
"""

from __future__ import annotations

from ai.agents import Insight, RankingAgent, ranked, setup_values
from ai.components import Policy, make_policy
from ai.config import SearchConfig
from game import Action, PlayerView


class PolicyAgent(RankingAgent):
    """Plays the action its policy scores highest (ties: the first legal one)."""

    def __init__(self, policy: str = "tactics") -> None:
        self.config = SearchConfig(policy=policy)
        self.name = f"policy:{policy}"
        make_policy(self.config, 0)  # an unknown policy is refused here, not at the first move

    def policy_for(self, seat: int) -> Policy:
        """The policy that scores ``seat``'s actions from its public state."""
        return make_policy(self.config, seat)

    def rank(self, view: PlayerView, legal: list[Action]) -> list[Insight]:
        even = 1.0 / view.public.num_players
        if len(legal) == 1:
            return [Insight(legal[0], 1.0, even)]
        values = setup_values(view, legal, self.config.weights)
        if values is None:
            values = self.policy_for(view.seat).scores(view.public, legal)
        # A policy's scores are preferences, not win chances: the chance shown is the even one.
        return ranked(legal, values, [even] * len(legal))


__all__ = ["PolicyAgent"]
