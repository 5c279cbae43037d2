"""The search agent ``ismcts``: information-set MCTS from the seat's view (R11), a search per
decision with its tree kept for the next decision of the turn. The lab's baselines build on
``SearchAgent`` (``lab.baselines``: the frozen ``ismcts-v1``, the cheating ``cheat-mcts``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ai.agents import Agent, ImmediateThinking, Insight, Thinking, ranked
from ai.config import SearchConfig
from ai.dominance import undominated
from ai.kingdom_book import kingdom_book
from ai.options import configure
from ai.presets import DIFFICULTIES, PRESETS, SearchPreset
from ai.search import Search
from ai.tree import Node, reusable_subtree
from game import P_PICK, Action, GameState, PlayerView


class BookPick(ImmediateThinking):
    """A kingdom pick from a book (``ai.kingdom_book``): its win chances are the book's
    measured shares, probabilities as they stand."""

    calibrated = True

    def __init__(self, book_name: str, view: PlayerView, legal: Sequence[Action]) -> None:
        values = kingdom_book(book_name).values(view.public, legal, view.seat)
        super().__init__(legal, lambda: ranked(legal, values, values))


def forced(legal: Sequence[Action], num_players: int) -> Thinking:
    """The one action there is, at an even chance."""
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

    def _search(self, view: PlayerView, legal: list[Action], rng: random.Random) -> Search:
        config = self.config_at(view.public.num_players)
        reuse = self._reusable(view, legal) if config.reuse else None
        search = Search(view, legal, rng, config, reuse=reuse)
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
            return forced(legal, view.public.num_players)
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


__all__ = ["DIFFICULTIES", "PRESETS", "IsmctsAgent", "SearchAgent", "forced"]
