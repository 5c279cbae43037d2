"""Agents behind one interface, and the simple ones: ``random`` and ``greedy``.

An agent sees what a human in its seat sees: a ``PlayerView`` and the legal actions (R11).
``choose`` decides at once; ``begin`` returns a ``Thinking`` the client can run a few
milliseconds per frame (``step_ms``) and ask for the best action so far at any time.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ai.evaluation import DEFAULT_WEIGHTS, Evaluator, Weights, tables
from ai.lookahead import one_ply
from ai.policy import QuickScorer
from game import (
    P_BATTLE_ORDER,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_PICK,
    QUEST_DESTROY_CITY,
    QUEST_DESTROY_FLOOR,
    Action,
    GameState,
    PlayerView,
)
from game.actions import ChooseDeck, PickKingdom


class Insight(NamedTuple):
    """One candidate action with its share of the search and its estimated win chance."""

    action: Action
    visit_share: float
    win_chance: float


class Thinking(ABC):
    """A decision in progress; ``best_action`` is valid at any time."""

    done: bool = False
    # True when ``explain``'s win chances are probabilities already (measured, not a search's
    # own leaning): shown as they are, not through ``ai.chances.search_chance``.
    calibrated: bool = False

    @abstractmethod
    def step(self, max_iterations: int) -> bool:
        """Think for at most ``max_iterations`` iterations; True when finished."""

    def step_ms(self, ms: float) -> bool:
        """Think for about ``ms`` milliseconds; True when finished."""
        deadline = time.perf_counter() + ms / 1000.0
        while not self.done and time.perf_counter() < deadline:
            self.step(1)
        return self.done

    @abstractmethod
    def progress(self) -> float:
        """Share of the budget used, 0..1."""

    @abstractmethod
    def best_action(self) -> Action: ...

    @abstractmethod
    def explain(self, top: int = 3) -> list[Insight]: ...


class Agent(ABC):
    name: str = "agent"

    @abstractmethod
    def begin(
        self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Thinking: ...

    def choose(
        self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        thinking = self.begin(view, legal_actions, rng)
        while not thinking.step(1 << 30):
            pass
        return thinking.best_action()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class ImmediateThinking(Thinking):
    """A decision made in one step (``random``, ``greedy``, forced moves)."""

    def __init__(self, legal: Sequence[Action], decide: Callable[[], list[Insight]]) -> None:
        if not legal:
            raise ValueError("no legal action to choose from")
        self._legal = list(legal)
        self._decide = decide
        self._insights: list[Insight] = []
        self.done = False

    def step(self, max_iterations: int) -> bool:
        if not self.done and max_iterations > 0:
            self._insights = self._decide()
            self.done = True
        return self.done

    def step_ms(self, ms: float) -> bool:
        return self.step(1)

    def progress(self) -> float:
        return 1.0 if self.done else 0.0

    def best_action(self) -> Action:
        return self._insights[0].action if self._insights else self._legal[0]

    def explain(self, top: int = 3) -> list[Insight]:
        return self._insights[:top]


class SlicedRanking(Thinking):
    """A ranking that judges one action an iteration, so ``step_ms`` keeps to its slice.

    Greedy's one-ply lookahead takes about 20 ms over a turn's 60 actions and up to half a
    second in a crowded position: done at once, that would freeze the browser's frame loop.
    Ties go to the first legal action, as in ``ranked``.
    """

    def __init__(self, legal: Sequence[Action], judge: Callable[[Action], float]) -> None:
        if not legal:
            raise ValueError("no legal action to choose from")
        self._legal = list(legal)
        self._judge = judge
        self._values: list[float] = []
        self.done = False

    def step(self, max_iterations: int) -> bool:
        values = self._values
        while not self.done and max_iterations > 0:
            values.append(self._judge(self._legal[len(values)]))
            max_iterations -= 1
            self.done = len(values) == len(self._legal)
        return self.done

    def progress(self) -> float:
        return len(self._values) / len(self._legal)

    def best_action(self) -> Action:
        values = self._values
        if not values:
            return self._legal[0]
        return self._legal[max(range(len(values)), key=values.__getitem__)]

    def explain(self, top: int = 3) -> list[Insight]:
        values = self._values
        return ranked(self._legal[: len(values)], values, values)[:top]


class RandomAgent(Agent):
    """Uniform over the legal actions: the floor of every strength table."""

    name = "random"

    def begin(
        self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Thinking:
        legal = list(legal_actions)

        def decide() -> list[Insight]:
            return [Insight(rng.choice(legal), 1.0, 1.0 / view.public.num_players)]

        return ImmediateThinking(legal, decide)


class RankingAgent(Agent):
    """An agent that ranks every legal action at once (``rank``), in one step."""

    def begin(
        self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Thinking:
        legal = list(legal_actions)
        return ImmediateThinking(legal, lambda: self.rank(view, legal))

    @abstractmethod
    def rank(self, view: PlayerView, legal: list[Action]) -> list[Insight]:
        """The legal actions, best first."""


def setup_values(view: PlayerView, legal: Sequence[Action], weights: Weights) -> list[float] | None:
    """A kingdom pick (R3.1) or a card draw (R9.3) as the simple agents weigh it; None for
    any other decision."""
    state = view.public
    if state.draw_queue and state.draw_deck < 0 and isinstance(legal[0], ChooseDeck):
        ev = Evaluator(weights, viewer=view.seat)
        return [deck_value(view, a.deck, ev) if isinstance(a, ChooseDeck) else 0.0 for a in legal]
    if state.phase == P_PICK:
        return pick_kingdom_values(state, legal)
    return None


def ranked(
    legal: Sequence[Action], values: Sequence[float], chances: Sequence[float]
) -> list[Insight]:
    """``legal`` best value first, each with its win chance; the first takes the whole share."""
    order = sorted(range(len(legal)), key=lambda i: -values[i])
    return [Insight(legal[i], 1.0 if j == 0 else 0.0, chances[i]) for j, i in enumerate(order)]


class GreedyAgent(RankingAgent):
    """One-ply lookahead on the hand-built evaluation, from the seat's view only.

    Each action is played on a copy of the public state (other seats' hands are not in it) and
    the position judged for this seat (``ai.lookahead``: a trade by the best action it enables,
    a Pass by the mover's best continuation); coins by their chance to win the battle (R8.1),
    a card draw by the mean worth of the deck's unseen cards (R9.3).
    """

    name = "greedy"

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights

    def begin(
        self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random
    ) -> Thinking:
        legal = list(legal_actions)
        state = view.public
        if (
            len(legal) > 1
            and _judged_one_ply(state)
            and setup_values(view, legal, self.weights) is None
        ):
            seat = view.seat
            ev = Evaluator(self.weights, viewer=seat)
            return SlicedRanking(legal, lambda a: one_ply(state, a, seat, ev))
        return super().begin(view, legal, rng)

    def rank(self, view: PlayerView, legal: list[Action]) -> list[Insight]:
        if len(legal) == 1:
            return [Insight(legal[0], 1.0, 0.5)]
        state = view.public
        seat = view.seat
        values = setup_values(view, legal, self.weights)
        if values is None:
            if not _judged_one_ply(state):
                values = QuickScorer(self.weights, viewer=seat).scores(state, legal)
            else:
                ev = Evaluator(self.weights, viewer=seat)
                values = [one_ply(state, a, seat, ev) for a in legal]
        return ranked(legal, values, values)


def _judged_one_ply(state: GameState) -> bool:
    """Greedy looks one action ahead, except for coins and battle order: quick scores there."""
    return state.phase not in (P_COIN_ATTACKER, P_COIN_DEFENDER, P_BATTLE_ORDER)


def deck_value(view: PlayerView, deck: int, ev: Evaluator) -> float:
    """R9.3: the mean worth to this seat of a card from ``deck`` (unseen cards, own kingdom out)."""
    state = view.public
    seat = view.seat
    board = state.board
    tab = tables(board)
    kingdom = state.seat_kingdom[seat]
    pool = [
        c for c in view.unseen_cards
        if tab.card_deck[c] == deck
        and (tab.card_city[c] < 0 or board.city_kingdom[tab.card_city[c]] != kingdom)
    ]  # fmt: skip
    if not pool:
        return -1.0
    seen: dict[tuple[str, int], float] = {}
    total = 0.0
    for card in pool:
        key = (tab.card_type[card], tab.card_city[card])
        value = seen.get(key)
        if value is None:
            world = state.clone()
            world.hands[seat] = (*world.hands[seat], card)
            world.draw_queue = world.draw_queue[1:]
            value = ev.seat_values(world)[seat]
            # An ordinary card for a capital already razed cannot be done.
            if key[0] in (QUEST_DESTROY_FLOOR, QUEST_DESTROY_CITY) and state.floors[key[1]] <= 0:
                value -= 1.0
            seen[key] = value
        total += value
    return total / len(pool)


def pick_kingdom_values(state: GameState, legal: Sequence[Action]) -> list[float]:
    """R3.1: prefer a kingdom far from those already taken (fewer early threats)."""
    tab = tables(state.board)
    taken = [k for k in range(6) if state.kingdom_seat[k] >= 0]
    out = []
    for a in legal:
        if not isinstance(a, PickKingdom):
            out.append(0.0)
            continue
        mine = tab.capitals_of_kingdom[a.kingdom]
        if not taken:
            out.append(-float(a.kingdom) * 1e-3)
            continue
        gap = min(tab.dist[c][o] for c in mine for k in taken for o in tab.capitals_of_kingdom[k])
        out.append(gap - a.kingdom * 1e-3)
    return out


__all__ = [
    "Agent",
    "GreedyAgent",
    "ImmediateThinking",
    "Insight",
    "RandomAgent",
    "RankingAgent",
    "Thinking",
    "ranked",
    "setup_values",
]
