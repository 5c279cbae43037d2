"""Strategos AI: agents that see only a seat's PlayerView, their search and models, the review.

agent = ai.make_agent("ismcts", level="hard")      # or ai.agent_from_spec("ismcts:hard")
action = agent.choose(view, legal_actions, rng)     # blocking
thinking = agent.begin(view, legal_actions, rng)    # sliced, for the client's frame loop
while not thinking.step_ms(8): ...
thinking.best_action(); thinking.explain(top=3)     # -> [ai.Insight(action, share, win)]
ai.prepare_board(board)     # per-board tables now (while a screen opens), not mid-game

What the search searches with is given to it as objects: ``ai.components`` (an evaluation and
a policy; ``ai.registry`` names them for command lines). The baselines it is measured against
are the lab's (``lab.baselines``).
"""

from ai.agents import Agent, GreedyAgent, Insight, RandomAgent, Thinking
from ai.evaluation import prepare_board
from ai.ismcts import DIFFICULTIES, PRESETS, IsmctsAgent
from ai.policy_agent import PolicyAgent
from ai.registry import AGENT_NAMES, agent_from_spec, hint, make_agent, parse_spec
from ai.search import Search, SearchConfig

__all__ = [
    "AGENT_NAMES",
    "DIFFICULTIES",
    "PRESETS",
    "Agent",
    "GreedyAgent",
    "Insight",
    "IsmctsAgent",
    "PolicyAgent",
    "RandomAgent",
    "Search",
    "SearchConfig",
    "Thinking",
    "agent_from_spec",
    "hint",
    "make_agent",
    "parse_spec",
    "prepare_board",
]
