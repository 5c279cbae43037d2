"""The one door from the client to the AI package.

Everything the client asks of an AI goes through here: a decision for an AI seat, sliced over
frames (``begin``), and hints for a human seat (``begin_hint``). When ``ai`` does not (yet) offer
``make_agent``, a uniform-random thinker stands in, so the client always runs. An agent sees only
the seat's ``PlayerView`` and the legal actions (R11).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

DIFFICULTIES = ("easy", "normal", "hard", "expert")
HINT_DIFFICULTY = "hard"


@dataclass(frozen=True)
class Insight:
    """One candidate move: its share of the search and its estimated win chance (or None)."""

    action: Any
    visit_share: float
    win_chance: float | None


class Thinking(Protocol):
    done: bool

    def step_ms(self, ms: float) -> bool: ...

    def progress(self) -> float: ...

    def best_action(self) -> Any: ...

    def explain(self, top: int = 3) -> list[Any]: ...


class RandomThinking:
    """Stand-in when no search is available: a uniform choice, finished at the first slice."""

    def __init__(self, legal: list[Any], rng: random.Random) -> None:
        self._legal = list(legal)
        self._choice = rng.choice(self._legal)
        self.done = False

    def step_ms(self, ms: float) -> bool:
        self.done = True
        return True

    def progress(self) -> float:
        return 1.0 if self.done else 0.0

    def best_action(self) -> Any:
        return self._choice

    def explain(self, top: int = 3) -> list[Insight]:
        share = 1.0 / len(self._legal)
        rest = [a for a in self._legal if a != self._choice]
        return [Insight(a, share, None) for a in [self._choice, *rest][:top]]


class SafeThinking:
    """Wraps a real search so that a failure inside it never stops the game."""

    def __init__(self, inner: Any, legal: list[Any], rng: random.Random) -> None:
        self._inner = inner
        self._legal = list(legal)
        self._fallback: RandomThinking | None = None
        self._rng = rng
        self.done = False
        self.error: str | None = None

    def _fail(self, err: BaseException) -> None:
        self.error = f"{type(err).__name__}: {err}"
        self._fallback = RandomThinking(self._legal, self._rng)
        self._fallback.step_ms(0)
        self.done = True

    def step_ms(self, ms: float) -> bool:
        if self.done:
            return True
        try:
            self.done = bool(self._inner.step_ms(ms)) or bool(getattr(self._inner, "done", False))
        except Exception as err:  # a broken search must not end the game
            self._fail(err)
        return self.done

    def progress(self) -> float:
        if self._fallback is not None:
            return 1.0
        try:
            return max(0.0, min(1.0, float(self._inner.progress())))
        except Exception:
            return 0.0

    def best_action(self) -> Any:
        if self._fallback is None:
            try:
                action = self._inner.best_action()
                if action in self._legal:
                    return action
            except Exception as err:
                self._fail(err)
        if self._fallback is None:
            self._fallback = RandomThinking(self._legal, self._rng)
        return self._fallback.best_action()

    def explain(self, top: int = 3) -> list[Insight]:
        if self._fallback is not None:
            return self._fallback.explain(top)
        try:
            found = self._inner.explain(top=top)
        except Exception:
            return []
        out = []
        for item in found:
            chance = getattr(item, "win_chance", None)
            out.append(
                Insight(
                    getattr(item, "action", None),
                    float(getattr(item, "visit_share", 0.0)),
                    None if chance is None else float(chance),
                )
            )
        return out


def _ai_module() -> Any | None:
    try:
        import ai
    except Exception:
        return None
    if callable(getattr(ai, "make_agent", None)):
        return ai
    return None


def prepare(board: Any) -> None:
    """Let the AI build its per-board tables now, while a screen opens, not in a later frame."""
    module = _ai_module()
    prepare_board = getattr(module, "prepare_board", None)
    if callable(prepare_board):
        prepare_board(board)


def search_available() -> bool:
    """True when the ``ai`` package offers real agents (not the random stand-in)."""
    return _ai_module() is not None


def difficulties() -> tuple[str, ...]:
    module = _ai_module()
    found = getattr(module, "DIFFICULTIES", None) if module is not None else None
    return tuple(found) if found else DIFFICULTIES


def _agent(difficulty: str) -> Any | None:
    module = _ai_module()
    if module is None:
        return None
    try:
        if callable(getattr(module, "agent_from_spec", None)):
            return module.agent_from_spec(f"ismcts:{difficulty}")
        return module.make_agent("ismcts", difficulty=difficulty)
    except Exception:
        try:
            return module.make_agent(difficulty)
        except Exception:
            return None


def begin(
    view: Any, legal: list[Any], difficulty: str, seed: int, agents: dict[Any, Any] | None = None
) -> Thinking:
    """Start deciding for the seat of ``view``; call ``step_ms`` each frame until done.

    ``agents``, kept by the caller for one game, holds each seat's agent between decisions, so
    that a search goes on from the tree of the seat's previous action in the turn.
    """
    rng = random.Random(seed)
    if len(legal) == 1:
        forced = RandomThinking(legal, rng)
        return forced
    key = (getattr(view, "seat", None), difficulty)
    agent = agents.get(key) if agents is not None else None
    if agent is None:
        agent = _agent(difficulty)
        if agents is not None and agent is not None:
            agents[key] = agent
    if agent is None:
        return RandomThinking(legal, rng)
    try:
        inner = agent.begin(view, list(legal), random.Random(seed))
    except Exception:
        return RandomThinking(legal, rng)
    return SafeThinking(inner, legal, rng)


def begin_hint(view: Any, legal: list[Any], seed: int) -> Thinking:
    """A search for the human seat's best moves; read them with ``explain(top=3)``."""
    return begin(view, legal, HINT_DIFFICULTY, seed)


def hint(view: Any, legal: list[Any], *, iterations: int = 200, seed: int = 0) -> list[Insight]:
    """Best moves at once (blocking; for tools and tests, not the frame loop)."""
    module = _ai_module()
    if module is not None and callable(getattr(module, "hint", None)):
        try:
            found = module.hint(view, list(legal), iterations=iterations, seed=seed)
            return [Insight(i.action, float(i.visit_share), i.win_chance) for i in found]
        except Exception:
            pass
    thinking = begin_hint(view, legal, seed)
    while not thinking.step_ms(50):
        pass
    return list(thinking.explain(top=3))
