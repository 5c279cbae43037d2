"""The one door from the client to the AI package.

Everything the client asks of an AI goes through here: a decision for an AI seat, sliced over
frames (``begin``), and hints for a human seat (``begin_hint``). An agent sees only the seat's
``PlayerView`` and the legal actions (R11).

A search that raises must neither end the game nor pass unnoticed: its traceback goes to the
log, the decision is taken by the simple ``greedy`` agent instead, and ``failure`` tells the
session, which names the seat to the player and keeps it on that fallback.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import ai
import ai.chances
import ai.kingdom_book
import ai.levels
import ai.presets
import ai.registry
import ai.review
import ai.save_seats

# Every level a save or the command line may name (ai.levels: each is an agent, not only a
# search budget); ``OFFERED`` below are the ones a new game lets a player choose.
DIFFICULTIES: tuple[str, ...] = tuple(ai.levels.LEVELS)
FALLBACK_AGENT = "greedy"
AgentKey = tuple[int | None, str]  # (seat, difficulty): whose agent, kept between decisions

log = logging.getLogger("strategos.ai")


@dataclass(frozen=True)
class Insight:
    """One candidate move: its share of the search and its estimated win chance (or None)."""

    action: Any
    visit_share: float
    win_chance: float | None


class Thinking(Protocol):
    done: bool
    failure: str | None  # why the search gave up and the fallback decided, if it did

    def step_ms(self, ms: float) -> bool: ...

    def progress(self) -> float: ...

    def best_action(self) -> Any: ...

    def explain(self, top: int = 3) -> list[Insight]: ...


def check_difficulty(difficulty: str) -> str:
    """``difficulty`` itself, or ValueError naming the levels there are."""
    return ai.levels.check_level(difficulty)


class ForcedThinking:
    """The only legal action: nothing to search."""

    failure: str | None = None

    def __init__(self, action: Any) -> None:
        self._action = action
        self.done = False

    def step_ms(self, ms: float) -> bool:
        self.done = True
        return True

    def progress(self) -> float:
        return 1.0 if self.done else 0.0

    def best_action(self) -> Any:
        return self._action

    def explain(self, top: int = 3) -> list[Insight]:
        return [Insight(self._action, 1.0, None)][:top]


class FallbackThinking:
    """The ``greedy`` agent's decision, for a seat whose search failed."""

    def __init__(self, view: Any, legal: list[Any], seed: int, failure: str | None) -> None:
        self._inner = ai.make_agent(FALLBACK_AGENT).begin(view, list(legal), random.Random(seed))
        self.failure = failure
        self.done = False

    def step_ms(self, ms: float) -> bool:
        self.done = bool(self._inner.step_ms(ms))
        return self.done

    def finish(self) -> None:
        """Decide now, in one go: a failed search's decision is due at once."""
        while not self._inner.step(1 << 30):
            pass
        self.done = True

    def progress(self) -> float:
        return 1.0 if self.done else 0.0

    def best_action(self) -> Any:
        return self._inner.best_action()

    def explain(self, top: int = 3) -> list[Insight]:
        # Greedy's scores are evaluations, not win chances: the chart must not show them.
        return [Insight(i.action, float(i.visit_share), None) for i in self._inner.explain(top)]


class GuardedThinking:
    """A search from ``ai``; the first exception it raises hands the decision to the fallback."""

    def __init__(self, inner: Any, view: Any, legal: list[Any], seed: int, who: str) -> None:
        self._inner = inner
        self._view = view
        self._legal = list(legal)
        self._seed = seed
        self._who = who
        self._fallback: FallbackThinking | None = None
        self.failure: str | None = None
        self.done = False

    def fail(self, err: BaseException | str) -> FallbackThinking:
        if self._fallback is None:
            if isinstance(err, BaseException):
                self.failure = f"{type(err).__name__}: {err}"
                log.error("%s: the search failed; %s decides instead", self._who,
                          FALLBACK_AGENT, exc_info=err)  # fmt: skip
            else:
                self.failure = err
                log.error("%s: %s; %s decides instead", self._who, err, FALLBACK_AGENT)
            self._fallback = FallbackThinking(self._view, self._legal, self._seed, self.failure)
            self._fallback.finish()
            self.done = True
        return self._fallback

    def step_ms(self, ms: float) -> bool:
        if self.done:
            return True
        try:
            self.done = bool(self._inner.step_ms(ms))
        except Exception as err:
            self.fail(err)
        return self.done

    def progress(self) -> float:
        if self._fallback is not None:
            return 1.0
        try:
            return max(0.0, min(1.0, float(self._inner.progress())))
        except Exception as err:
            self.fail(err)
            return 1.0

    def best_action(self) -> Any:
        if self._fallback is not None:
            return self._fallback.best_action()
        try:
            action = self._inner.best_action()
        except Exception as err:
            return self.fail(err).best_action()
        if action not in self._legal:
            return self.fail(f"the search chose {action!r}, which is not legal").best_action()
        return action

    def explain(self, top: int = 3) -> list[Insight]:
        if self._fallback is not None:
            return self._fallback.explain(top)
        try:
            found = self._inner.explain(top=top)
            if getattr(self._inner, "calibrated", False):
                return list(found)  # probabilities already (the kingdom book's)
            n = self._view.public.num_players
            # The search's own chance, shown as a probability (ai.chances.search_chance).
            return [
                Insight(i.action, float(i.visit_share),
                        None if i.win_chance is None
                        else ai.chances.search_chance(float(i.win_chance), n))
                for i in found
            ]  # fmt: skip
        except Exception as err:
            return self.fail(err).explain(top)


def prepare(board: Any) -> None:
    """Let the AI build its per-board tables now, while a screen opens, not in a later frame."""
    ai.prepare_board(board)


# The levels a new game offers, each measurably stronger than the one below it
# (experiments/ladder.md; the figures are beside each level in ai/levels.py).
OFFERED: tuple[str, ...] = ai.levels.OFFERED


def difficulties() -> tuple[str, ...]:
    """What the new-game form cycles through."""
    return OFFERED


def _agent(difficulty: str) -> Any:
    return ai.levels.level_agent(difficulty)


def begin(
    view: Any,
    legal: list[Any],
    difficulty: str,
    seed: int,
    agents: dict[AgentKey, Any] | None = None,
) -> Thinking:
    """Start deciding for the seat of ``view``; call ``step_ms`` each frame until done.

    ``agents``, kept by the caller for one game, holds each seat's agent between decisions, so
    that a search goes on from the tree of the seat's previous action in the turn. An unknown
    ``difficulty`` is a ValueError: it should have been refused where it was chosen.
    """
    check_difficulty(difficulty)
    if len(legal) == 1:
        return ForcedThinking(legal[0])
    seat = getattr(view, "seat", None)
    key: AgentKey = (seat, difficulty)

    def kept_agent() -> Any:
        agent = agents.get(key) if agents is not None else None
        if agent is None:
            agent = _agent(difficulty)
            if agents is not None:
                agents[key] = agent
        return agent

    return _guarded(view, legal, seed, f"seat {seat} ({difficulty})", kept_agent)


def _guarded(view: Any, legal: list[Any], seed: int, who: str, make: Callable[[], Any]) -> Thinking:
    """``make()``'s agent deciding, behind the fallback that takes over if it raises."""
    try:
        inner = make().begin(view, list(legal), random.Random(seed))
    except Exception as err:
        guarded = GuardedThinking(None, view, legal, seed, who)
        guarded.fail(err)
        return guarded
    return GuardedThinking(inner, view, legal, seed, who)


def quick_agents(seats: int, difficulty: str) -> dict[AgentKey, Any]:
    """Agents that decide at once (``greedy``) for the seats of a game nobody plays, ready for
    ``MatchSession.agents``: the title's background game must cost next to nothing."""
    return {(seat, difficulty): ai.make_agent(FALLBACK_AGENT) for seat in range(seats)}


def begin_fallback(view: Any, legal: list[Any], seed: int) -> Thinking:
    """The decision of a seat already playing the fallback."""
    if len(legal) == 1:
        return ForcedThinking(legal[0])
    return FallbackThinking(view, legal, seed, None)


def _hint_agent() -> Any:
    return ai.registry.hint_agent()


def begin_hint(view: Any, legal: list[Any], seed: int) -> Thinking:
    """A search for the human seat's best moves; read them with ``explain(top=3)``.

    It is the search the map of chances was fitted on (``ai.registry.hint_search``), so the
    chances beside the suggestions are probabilities, not a stronger search's own leanings."""
    if len(legal) == 1:
        return ForcedThinking(legal[0])
    return _guarded(view, legal, seed, "the hint", _hint_agent)


# -- the win chances shown to players (ai.chances) -------------------------------------------
table_chances = ai.chances.table_chances
is_turn_start = ai.chances.is_turn_start


# -- what the seat order is worth (ai.kingdom_book) ------------------------------------------
# The book the levels pick their kingdoms from (normal, hard and expert): its games of the
# tactics policy against itself, the kingdoms dealt, also counted by seat.
SEAT_BOOK: str = ai.presets.PRESETS["normal"].kingdom_book


def seat_shares(players: int) -> list[float] | None:
    """Each seat's share of the wins in the book's self-play games of ``players`` seats, seat
    0 first; None while the shipped book is one written before it counted seats."""
    return ai.kingdom_book.kingdom_book(SEAT_BOOK).seat_share(players)


# -- the review of a played game (ai.review) --------------------------------------------------
REVIEW_BUDGETS: tuple[str, ...] = tuple(ai.review.BUDGETS)
Review = ai.review.Review
ReviewDecision = ai.review.Decision
ReviewSwing = ai.review.Swing  # a turning point: a drop of a reviewed seat's chance
ReviewSplit = ai.review.Split  # a seat's result in parts: start, decisions, luck, opponents
SWING_DECISION, SWING_LUCK = ai.review.DECISION, ai.review.LUCK


def begin_review(record: Any, seats: list[int], budget: str, seed: int = 0) -> Review:
    """A review of ``record`` for ``seats``; run it with ``step_ms`` each frame."""
    return ai.review.Review.of_record(record, seats, budget, seed)


REVIEW_CLASSES: tuple[str, ...] = ai.review.CLASSES  # best, good, inaccuracy, mistake, blunder


def review_class_limits() -> dict[str, int]:
    """The classes' limits in whole per cent of win chance: best within ``best``, each other
    class below its own, a blunder at or above ``mistake``'s (ai.review.CLASS_LIMITS)."""
    limits = {ai.review.BEST: round(ai.review.BEST_WITHIN * 100)}
    for name, below in ai.review.CLASS_LIMITS[:-1]:
        limits[name] = round(below * 100)
    return limits


def review_seconds(decisions: int, budget: str, per_unit: float | None = None) -> float:
    """About how long a review takes: ``decisions`` of the chosen seats, each searched (the
    chart costs next to nothing), natively at ``Budget.seconds`` each, or at ``per_unit``,
    the seconds per unit of budget an earlier review measured on this device."""
    return ai.review.BUDGETS[budget].estimate(decisions, per_unit)


# -- the seats of a save (ai.save_seats) -----------------------------------------------------
# Read below the client, so that the review of a save (ai.review) refuses what the client does.
HUMAN = ai.save_seats.HUMAN
AI = ai.save_seats.AI
RANDOM_KINGDOM = ai.save_seats.RANDOM_KINGDOM
PICK_KINGDOM = ai.save_seats.PICK_KINGDOM
SavedSeat = ai.save_seats.SavedSeat
check_seat = ai.save_seats.check_seat
check_kingdoms = ai.save_seats.check_kingdoms
read_seat = ai.save_seats.read_seat
read_seats = ai.save_seats.read_seats
client_seats = ai.save_seats.client_seats
client_seat_drawn = ai.save_seats.client_seat_drawn
