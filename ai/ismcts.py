"""The search agents: ``ismcts`` (sees only its view), ``ismcts-v1`` (the same search frozen
with its first components, the baseline every change is measured against) and ``cheat-mcts``
(a benchmark baseline that reads the true state; never offered to players, R11)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ai.agents import Agent, ImmediateThinking, Insight, Thinking, ranked
from ai.config import SearchConfig
from ai.dominance import undominated
from ai.kingdom_book import kingdom_book
from ai.options import configure
from ai.presets import DIFFICULTIES, PRESETS, V1_PRESETS, SearchPreset
from ai.search import Search, StateProvider
from ai.tree import Node, reusable_subtree
from game import P_PICK, Action, GameState, PlayerView


class BookPick(ImmediateThinking):
    """A kingdom pick from a book (``ai.kingdom_book``): its win chances are the book's
    measured shares, probabilities as they stand."""

    calibrated = True

    def __init__(self, book_name: str, view: PlayerView, legal: Sequence[Action]) -> None:
        values = kingdom_book(book_name).values(view.public, legal, view.seat)
        super().__init__(legal, lambda: ranked(legal, values, values))


def _forced(legal: Sequence[Action], num_players: int) -> Thinking:
    return ImmediateThinking(legal, lambda: [Insight(legal[0], 1.0, 1.0 / num_players)])


class SearchAgent(Agent):
    """Runs a ``Search`` per decision and keeps its tree for the next decision of the turn.

    When the seat decides again right after its own action, with nothing hidden or random in
    between (R4.5's notion of an undoable step), the subtree under the chosen action is exactly
    the new decision's tree; its visits count towards the new budget.
    """

    presets: Mapping[str, SearchPreset] = PRESETS

    def __init__(
        self, level: str, options: dict[str, object], preset: SearchPreset | None = None
    ) -> None:
        """The preset ``level`` names (or ``preset`` itself, ``level`` then its name) with
        ``options`` set at every seat count (``ai.options``)."""
        if preset is None:
            if level not in self.presets:
                raise ValueError(
                    f"unknown difficulty {level!r}; choose from {', '.join(self.presets)}"
                )
            preset = self.presets[level]
        self.level = level
        self.preset = configure(preset, **options)
        self._last: Search | None = None

    def config_at(self, num_players: int) -> SearchConfig:
        """The search this agent plays with ``num_players`` seats."""
        return self.preset.at(num_players)

    def _offered(self, state: GameState, legal: Sequence[Action]) -> list[Action]:
        """The actions the search chooses among: all legal ones, or with ``prune`` those no
        other action beats outright (``ai.dominance``)."""
        prune = self.config_at(state.num_players).tree.prune
        return undominated(state, legal) if prune else list(legal)

    def _search(
        self,
        view: PlayerView,
        legal: list[Action],
        rng: random.Random,
        true_state: GameState | None = None,
    ) -> Search:
        config = self.config_at(view.public.num_players)
        reuse = self._reusable(view, legal) if config.reuse else None
        search = Search(view, legal, rng, config, true_state=true_state, reuse=reuse)
        self._last = search
        return search

    def _reusable(self, view: PlayerView, legal: list[Action]) -> Node | None:
        last = self._last
        self._last = None
        if last is None or last.seat != view.seat or last.root.visits == 0:
            return None
        return reusable_subtree(last.root, last.best_action(), last.view.public, view, legal)


class IsmctsAgent(SearchAgent):
    """Information-set MCTS from the seat's view (see ``ai.search``)."""

    name = "ismcts"

    def __init__(
        self, level: str = "normal", *, preset: SearchPreset | None = None, **options: object
    ) -> None:
        super().__init__(level, options, preset)

    def begin(
        self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Thinking:
        legal = self._offered(view.public, legal_actions)
        if len(legal) == 1:
            return _forced(legal, view.public.num_players)
        if self.preset.kingdom_book and view.public.phase == P_PICK:
            self._last = None
            return BookPick(self.preset.kingdom_book, view, legal)
        return self._search(view, legal, rng)

    def __repr__(self) -> str:
        two, more = (_budget(c) for c in (self.preset.two_seats, self.preset.more_seats))
        budget = two if two == more else f"{two} at two seats, {more} at more"
        return f"<{type(self).__name__} {self.level} {budget}>"


def _budget(config: SearchConfig) -> str:
    return f"{config.time_ms:g} ms" if config.time_ms > 0 else f"{config.iterations} iterations"


class IsmctsV1Agent(IsmctsAgent):
    """``ismcts`` with the presets and components it was frozen with (``ai.presets``)."""

    name = "ismcts-v1"
    presets = V1_PRESETS


class CheatMctsAgent(SearchAgent):
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
        legal = self._offered(state, legal_actions)
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


__all__ = [
    "DIFFICULTIES",
    "PRESETS",
    "V1_PRESETS",
    "CheatMctsAgent",
    "IsmctsAgent",
    "IsmctsV1Agent",
    "SearchAgent",
]
