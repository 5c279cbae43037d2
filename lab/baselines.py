"""The agents the AI is measured against, outside the library: neither is a player's opponent.

* ``ismcts-v1``: the ``ismcts`` search frozen with its first presets and the hand-built
  components (``V1_PRESETS``), the baseline every change is measured against. The presets spell
  every parameter out, so they stay what they were measured as whatever the defaults of
  ``SearchConfig`` become (tests/lab/test_frozen_v1.py holds them to their decisions).
* ``cheat-mcts``: the same search started from the true state every iteration, no
  determinization: a yardstick for what hidden information costs the honest search. It needs
  the true state, from ``state_provider`` or through ``choose_with_state`` (R11: a player's
  opponent never reads it).

``agent_from_spec`` makes them by their specs (``ismcts-v1:hard``, ``cheat-mcts:easy:...``),
and every other agent as ``ai.registry`` does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from ai.agents import Agent, Thinking
from ai.components import HandBuilt
from ai.config import SearchConfig
from ai.evaluation import DEFAULT_WEIGHTS
from ai.ismcts import IsmctsAgent, SearchAgent, forced
from ai.playout import PlayoutParams
from ai.presets import SearchPreset
from ai.registry import AGENT_NAMES, check_search_options, named, parse_spec
from ai.registry import agent_from_spec as library_agent
from ai.tree import TreeParams
from ai.worlds import Worlds
from game import Action, GameState, PlayerView

V1 = "ismcts-v1"
CHEAT = "cheat-mcts"

_V1 = SearchConfig(
    iterations=400, time_ms=0.0, evaluator=HandBuilt(DEFAULT_WEIGHTS),
    policy=HandBuilt(DEFAULT_WEIGHTS), root_eval=True, root_scale=1.0, reuse=True, reuse_min=0.34,
    tree=TreeParams(c_puct=0.5, prior_temp=4.0, bias_visits=6.0, widen_c=2.5, widen_alpha=0.5,
                    duel_c=0.5, prune=False),
    playout=PlayoutParams(turns=1, epsilon=0.1, moves=24),
)  # fmt: skip

V1_PRESETS: dict[str, SearchPreset] = {
    "easy": SearchPreset.same(replace(_V1, iterations=30, playout=PlayoutParams(0, 0.1, 24))),
    "normal": SearchPreset.same(replace(_V1, iterations=200)),
    "hard": SearchPreset.same(replace(_V1, iterations=1400)),
    "expert": SearchPreset.same(replace(_V1, iterations=10000)),
}


class IsmctsV1Agent(IsmctsAgent):
    """``ismcts`` with the presets and components it was frozen with."""

    name = V1
    presets = V1_PRESETS


class TrueWorlds(Worlds):
    """Copies of the true state, where the honest search deals worlds from its view."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def sample(self) -> GameState:
        return self.state.clone()


class CheatMctsAgent(SearchAgent):
    """The ``ismcts`` search on the true state (see the module docstring)."""

    name = CHEAT

    def __init__(
        self,
        level: str = "normal",
        state_provider: Callable[[], GameState] | None = None,
        **options: object,
    ) -> None:
        super().__init__(level, options)
        self.state_provider = state_provider

    def begin(
        self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Thinking:
        if self.state_provider is None:
            raise ValueError("cheat-mcts needs the true state: pass state_provider=...")
        return self.begin_with_state(self.state_provider(), legal_actions, rng)

    def begin_with_state(
        self, state: GameState, legal_actions: Sequence[Action], rng: random.Random
    ) -> Thinking:
        legal = self._offered(state, legal_actions)
        if len(legal) == 1:
            return forced(legal, state.num_players)
        search = self._search(state.observe(state.current_player()), legal, rng)
        search.worlds = TrueWorlds(state.clone())
        return search

    def choose_with_state(
        self, state: GameState, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        thinking = self.begin_with_state(state, legal_actions, rng)
        while not thinking.step(1 << 30):
            pass
        return thinking.best_action()


def agent_from_spec(spec: str, **extra: object) -> Agent:
    """The agent ``spec`` names: a baseline of this module (``ismcts-v1`` with a level and
    search options; ``cheat-mcts`` with them and ``state_provider=``), or any agent of
    ``ai.registry``."""
    name, options = parse_spec(spec)
    if name not in (V1, CHEAT):
        if name not in AGENT_NAMES:
            names = ", ".join((*AGENT_NAMES, V1, CHEAT))
            raise ValueError(f"unknown agent {name!r}; choose from {names}")
        return library_agent(spec, **extra)
    options.update(extra)
    provider = options.pop("state_provider", None) if name == CHEAT else None
    check_search_options(name, options)
    level = str(options.pop("level", "normal"))
    if name == V1:
        return IsmctsV1Agent(level, **named(options))
    return CheatMctsAgent(level, provider, **named(options))  # type: ignore[arg-type]


__all__ = [
    "CHEAT",
    "V1",
    "V1_PRESETS",
    "CheatMctsAgent",
    "IsmctsV1Agent",
    "TrueWorlds",
    "agent_from_spec",
]
