"""The search agents: ``ismcts`` (sees only its view) and ``cheat-mcts`` (a benchmark baseline
that reads the true state; never offered to players, R11)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.agents import Agent, ImmediateThinking, Insight, Thinking
from ai.evaluation import WEIGHT_SETS
from ai.search import Node, Search, SearchConfig, StateProvider
from game import Action, GameState, IllegalActionError, PlayerView
from game.serialize import state_to_dict

DIFFICULTIES = ("easy", "normal", "hard", "expert")

# Iteration budgets, so that arena runs are reproducible; measured figures in ai/README.md.
PRESETS: dict[str, SearchConfig] = {
    "easy": SearchConfig(iterations=30, playout_turns=0),
    "normal": SearchConfig(iterations=200),
    "hard": SearchConfig(iterations=1400),
    "expert": SearchConfig(iterations=10000),
}


def preset(level: str, **overrides: object) -> SearchConfig:
    if level not in PRESETS:
        raise ValueError(f"unknown difficulty {level!r}; choose from {', '.join(DIFFICULTIES)}")
    config = PRESETS[level]
    fields = set(SearchConfig.__dataclass_fields__)
    unknown = set(overrides) - fields
    if unknown:
        raise ValueError(f"unknown search option(s): {', '.join(sorted(unknown))}")
    name = overrides.get("weights")
    if isinstance(name, str):
        # A spec such as "ismcts:hard:weights=default" names a set of evaluation weights.
        if name not in WEIGHT_SETS:
            raise ValueError(
                f"unknown weights {name!r}; choose from {', '.join(sorted(WEIGHT_SETS))}"
            )
        overrides = {**overrides, "weights": WEIGHT_SETS[name]}
    if overrides:
        from dataclasses import replace

        config = replace(config, **overrides)  # type: ignore[arg-type]
    return config


def _forced(legal: Sequence[Action], num_players: int) -> Thinking:
    return ImmediateThinking(legal, lambda: [Insight(legal[0], 1.0, 1.0 / num_players)])


class _SearchAgent(Agent):
    """Runs a ``Search`` per decision and keeps its tree for the next decision of the turn.

    When the seat decides again right after its own action, with nothing hidden or random in
    between (R4.5's notion of an undoable step), the subtree under the chosen action is exactly
    the new decision's tree; its visits count towards the new budget.
    """

    def __init__(self, level: str, options: dict[str, object]) -> None:
        self.level = level
        self.config = preset(level, **options)
        self._last: Search | None = None

    def _search(
        self,
        view: PlayerView,
        legal: list[Action],
        rng: random.Random,
        true_state: GameState | None = None,
    ) -> Search:
        reuse = self._reusable(view, legal) if self.config.reuse else None
        search = Search(view, legal, rng, self.config, true_state=true_state, reuse=reuse)
        self._last = search
        return search

    def _reusable(self, view: PlayerView, legal: list[Action]) -> Node | None:
        last = self._last
        self._last = None
        if last is None or last.seat != view.seat or last.root.visits == 0:
            return None
        action = last.best_action()
        edge = last.root.edges.get(action)
        child = edge.child if edge is not None else None
        if child is None or not child.stable or child.legal is None or child.prefix is None:
            return None
        if child.mover != view.seat or child.legal != legal:
            return None
        expected = last.view.public.clone()
        try:
            for a in [action, *child.prefix]:
                expected.apply_action(a)
        except IllegalActionError:
            return None
        if state_to_dict(expected) != state_to_dict(view.public):
            return None
        return child

    def forget(self) -> None:
        """Drop the kept tree (e.g. after an undo or a loaded game)."""
        self._last = None


class IsmctsAgent(_SearchAgent):
    """Information-set MCTS from the seat's view (see ``ai.search``)."""

    name = "ismcts"

    def __init__(self, level: str = "normal", **options: object) -> None:
        super().__init__(level, options)

    def begin(
        self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Thinking:
        legal = list(legal_actions)
        if len(legal) == 1:
            return _forced(legal, view.public.num_players)
        return self._search(view, legal, rng)

    def __repr__(self) -> str:
        return f"<IsmctsAgent {self.level} {self.config.iterations} iterations>"


class CheatMctsAgent(_SearchAgent):
    """The same search started from the true state every iteration (no determinization).

    A yardstick for what hidden information costs the honest search; it needs the true state,
    from ``state_provider`` or through ``choose_with_state``. Never a player's opponent.
    """

    name = "cheat-mcts"

    def __init__(
        self, level: str = "normal", state_provider: StateProvider | None = None, **options: object
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
        legal = list(legal_actions)
        if len(legal) == 1:
            return _forced(legal, state.num_players)
        view = state.observe(state.current_player())
        return self._search(view, legal, rng, true_state=state.clone())

    def choose_with_state(
        self, state: GameState, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        thinking = self.begin_with_state(state, legal_actions, rng)
        while not thinking.step(1 << 30):
            pass
        return thinking.best_action()


__all__ = ["DIFFICULTIES", "PRESETS", "CheatMctsAgent", "IsmctsAgent", "preset"]
