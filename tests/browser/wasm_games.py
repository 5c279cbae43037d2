"""Seeded games and speed measurements, run the same way natively and inside Pyodide.

Standard library + ``game`` (+ ``ai`` when its agents exist), so the very same file is
imported by the native test process and shipped into the browser. Every function returns
plain JSON-ready data so the two sides can be compared value for value.
"""

from __future__ import annotations

import inspect
import random
import sys
import time
from collections.abc import Callable
from typing import Any, cast

import game
from game import CHANCE

# Parameter names an agent's decision method may ask for, and what we pass for them.
_STATE_NAMES = {"state", "game_state"}
_VIEW_NAMES = {"view", "observation", "obs", "player_view"}
_LEGAL_NAMES = {"legal", "legal_actions", "actions", "options", "choices"}
_SEAT_NAMES = {"seat", "player", "me"}
_DECIDE_METHODS = ("choose", "select_action", "choose_action", "act", "decide", "get_action")
SEARCH_AGENTS = {"ismcts"}  # the agents that take an iteration budget
_BUDGET_NAMES = ("iterations", "n_iterations", "max_iterations", "simulations", "playouts")


def platform_name() -> str:
    return f"{sys.platform} Python {sys.version.split()[0]}"


def _chance(state: game.GameState, rng: random.Random) -> game.Action:
    return state.sample_chance(rng)


def play_random(seed: int, players: int) -> dict[str, Any]:
    """A game of uniformly random decisions; dice and draws from the same generator."""
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    moves: list[str] = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = _chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        moves.append(str(action))
        state.apply_action(action)
    return {"actions": moves, "final": state.to_json(), "returns": state.returns()}


# --- agents from ai/, when they exist -------------------------------------------------------


class AgentApiError(RuntimeError):
    """ai/ has agents, but not in a form this harness knows how to drive."""


def agent_factory() -> Callable[..., Any] | None:
    try:
        import ai
    except ImportError:
        return None
    factory = getattr(ai, "make_agent", None)
    return factory if callable(factory) else None


def _supply(fn: Callable[..., Any], values: dict[str, Any]) -> dict[str, Any]:
    """Keyword arguments for ``fn`` from ``values`` by parameter name."""
    kwargs: dict[str, Any] = {}
    for name, param in inspect.signature(fn).parameters.items():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        if name in values:
            kwargs[name] = values[name]
        elif param.default is param.empty:
            raise AgentApiError(f"{getattr(fn, '__qualname__', fn)} needs '{name}'")
    return kwargs


def make_agent(name: str, seed: int, budget: int | None = None) -> Any:
    """``ai.make_agent(name, ...)`` with a seed or generator if it asks for one by name and,
    for searches, an iteration budget (never a time budget: the games must replay exactly)."""
    factory = agent_factory()
    if factory is None:
        raise AgentApiError("ai.make_agent does not exist yet")
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError) as exc:
        raise AgentApiError(f"cannot read ai.make_agent's signature: {exc}") from exc
    names = list(params)
    if not names:
        raise AgentApiError("ai.make_agent takes no agent name")
    kwargs: dict[str, Any] = {}
    if "seed" in names[1:]:
        kwargs["seed"] = seed
    if "rng" in names[1:]:
        kwargs["rng"] = random.Random(seed)
    if budget is not None:
        named = [k for k in _BUDGET_NAMES if k in names[1:]]
        open_options = any(p.kind is p.VAR_KEYWORD for p in params.values())
        if named:
            kwargs[named[0]] = budget
        elif open_options:
            kwargs["iterations"] = budget
        else:
            raise AgentApiError(f"ai.make_agent takes none of {', '.join(_BUDGET_NAMES)}")
    return factory(name, **kwargs)


def _decide(agent: Any, state: game.GameState, seat: int, rng: random.Random) -> game.Action:
    values: dict[str, Any] = {}
    for key in _STATE_NAMES:
        values[key] = state
    view = state.observe(seat)
    for key in _VIEW_NAMES:
        values[key] = view
    legal = state.legal_actions()
    for key in _LEGAL_NAMES:
        values[key] = legal
    for key in _SEAT_NAMES:
        values[key] = seat
    values["rng"] = rng
    # The agent's methods are found by their names, so what they return is typed here.
    for method in _DECIDE_METHODS:
        fn = getattr(agent, method, None)
        if callable(fn):
            return cast(game.Action, fn(**_supply(fn, values)))
    if callable(agent):
        return cast(game.Action, agent(**_supply(agent, values)))
    raise AgentApiError(f"{type(agent).__name__} has none of {', '.join(_DECIDE_METHODS)}")


def play_agents(seed: int, names: list[str], budget: int | None = None) -> dict[str, Any]:
    """A game between agents from ai/ (one per seat), dice from a separate generator."""
    agents = [
        make_agent(name, seed * 101 + seat, budget if name in SEARCH_AGENTS else None)
        for seat, name in enumerate(names)
    ]
    chance_rng = random.Random(seed)
    agent_rng = random.Random(seed + 1)
    state = game.new_game(len(names), seed=seed)
    moves: list[str] = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            action = _chance(state, chance_rng)
        else:
            action = _decide(agents[seat], state, seat, agent_rng)
        moves.append(str(action))
        state.apply_action(action)
    return {"actions": moves, "final": state.to_json(), "returns": state.returns()}


def describe_agent_api() -> dict[str, Any]:
    """Whether agents can be driven, and why not; cheap (one random agent, one decision)."""
    try:
        agent = make_agent("random", 1)
        state = game.new_game(2, seed=1)
        while state.current_player() == CHANCE:
            state.apply_action(_chance(state, random.Random(1)))
        _decide(agent, state, state.current_player(), random.Random(1))
    except AgentApiError as exc:
        return {"ok": False, "why": str(exc)}
    except Exception as exc:  # the agent raised while deciding: report, do not hide
        return {"ok": False, "why": f"{type(exc).__name__}: {exc}", "error": True}
    return {"ok": True, "why": ""}


# --- speed ------------------------------------------------------------------------------------


def engine_speed(seconds: float = 3.0, players: int = 4, first_seed: int = 5000) -> dict[str, Any]:
    """Engine actions per second over whole random games (after one warm-up game)."""
    play_random(first_seed - 1, players)
    actions = 0
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions += len(play_random(first_seed + games, players)["actions"])
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "actions_per_s": actions / elapsed,
    }


def ismcts_speed(budget: int = 200, decisions: int = 4, seed: int = 77) -> dict[str, Any]:
    """ISMCTS iterations per second: ``decisions`` decisions of ``budget`` iterations each,
    from the first decision points of a seeded 4-player game."""
    agent = make_agent("ismcts", seed, budget)
    rng = random.Random(seed)
    state = game.new_game(4, seed=seed)
    timed = 0
    elapsed = 0.0
    while timed < decisions and not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply_action(_chance(state, rng))
            continue
        if len(state.legal_actions()) == 1:  # forced: no search runs
            state.apply_action(state.legal_actions()[0])
            continue
        start = time.perf_counter()
        action = _decide(agent, state, seat, rng)
        elapsed += time.perf_counter() - start
        timed += 1
        state.apply_action(action)
    return {
        "decisions": timed,
        "iterations": timed * budget,
        "seconds": round(elapsed, 3),
        "iterations_per_s": timed * budget / elapsed if elapsed else 0.0,
    }
