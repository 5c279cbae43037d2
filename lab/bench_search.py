"""The "ai" section of ``./build.sh bench``: search speed at typical mid-game positions.

Positions come from greedy self-play (4 players, all patches) at the start of an action phase
in round 6, so they look like real games (towers under attack, generals trained), not random
walks. Reported: iterations per CPU second for each difficulty preset, the CPU time of a
decision at each level a player can choose (``ai.levels``), the CPU time of a whole ``hard``
decision, and the longest wall-clock slice of ``step_ms(8)`` (the client's frame
budget; the target is under 15 ms), the cost of one call of each evaluator, and of each
policy's scores for every legal action of a position.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import game
from ai.agents import GreedyAgent
from ai.levels import LEVELS, level_agent
from ai.presets import DIFFICULTIES, PRESETS
from ai.registry import EVALUATORS, POLICIES
from ai.search import Search
from game import P_ACTION, Action, GameState
from lab.games import play_on


def typical_positions(
    count: int = 3, rounds: int | tuple[int, int] = 5, players: int = 4, first_seed: int = 1
) -> list[GameState]:
    """Action phases with real choices (at least 20 actions) from greedy games, one a game,
    from round ``rounds`` on (or from a round drawn per game from an inclusive range)."""
    out: list[GameState] = []
    seed = first_seed - 1
    while len(out) < count and seed < first_seed + 50 + 2 * count:
        seed += 1
        rng = random.Random(seed)
        state = game.new_game(players, seed=seed, kingdoms=rng.sample(range(6), players))
        start = rounds if isinstance(rounds, int) else rng.randrange(rounds[0], rounds[1] + 1)
        greedy = GreedyAgent()

        def typical(state: GameState, legal: list[Action], start: int = start) -> bool:
            return (
                state.round >= start
                and state.phase == P_ACTION
                and not state.draw_queue
                and len(legal) >= 20
                and len(state.dice) == 4
            )

        def decide(
            state: GameState,
            legal: list[Action],
            rng: random.Random = rng,
            greedy: GreedyAgent = greedy,
        ) -> Action:
            return greedy.choose(state.observe(state.current_player()), legal, rng)

        play_on(state, decide, rng, until=typical)
        if not state.is_terminal():
            out.append(state)
    return out


def _decide(state: GameState, level: str, seed: int) -> tuple[Search, float]:
    view = state.observe(state.current_player())
    config = PRESETS[level].at(state.num_players)
    search = Search(view, state.legal_actions(), random.Random(seed), config)
    start = time.process_time()
    while not search.step(1 << 30):
        pass
    return search, time.process_time() - start


def bench_ai(positions: list[GameState] | None = None) -> dict[str, Any]:
    positions = positions if positions is not None else typical_positions()
    report: dict[str, Any] = {"positions": len(positions)}
    per_level: dict[str, Any] = {}
    seats = positions[0].num_players if positions else 4
    hard_ms: list[float] = []
    for level in DIFFICULTIES:
        iterations = 0
        cpu = 0.0
        for i, state in enumerate(positions):
            search, spent = _decide(state, level, seed=i)
            iterations += search.iterations
            cpu += spent
            if level == "hard":
                hard_ms.append(spent * 1000.0)
        per_level[level] = {
            "iterations": PRESETS[level].at(seats).iterations,
            "iterations_per_s": round(iterations / cpu) if cpu else None,
            "decision_ms": round(cpu / len(positions) * 1000.0, 1) if positions else None,
        }
    report["presets"] = per_level
    report["levels_decision_ms"] = level_times(positions)
    report["hard_decision_ms_mean"] = round(sum(hard_ms) / len(hard_ms), 1) if hard_ms else None
    report["hard_decision_ms_max"] = round(max(hard_ms), 1) if hard_ms else None
    longest = 0.0
    slices = 0
    for i, state in enumerate(positions):
        view = state.observe(state.current_player())
        hard = PRESETS["hard"].at(state.num_players)
        search = Search(view, state.legal_actions(), random.Random(i), hard)
        while not search.step_ms(8):
            slices += 1
        longest = max(longest, search.longest_slice_ms)
    report["step_ms_8_longest_slice_ms"] = round(longest, 2)
    report["step_ms_8_slices_per_hard_decision"] = round(slices / max(1, len(positions)), 1)
    report["evaluation_us_per_call"] = evaluation_cost(positions)
    report["policy_us_per_call"] = policy_cost(positions)
    return report


def level_times(
    positions: list[GameState], levels: Sequence[str] = tuple(LEVELS)
) -> dict[str, float | None]:
    """CPU milliseconds of a whole decision at each level, averaged over the positions."""
    out: dict[str, float | None] = {}
    for level in levels:
        cpu = 0.0
        for i, state in enumerate(positions):
            view = state.observe(state.current_player())
            agent = level_agent(level)
            start = time.process_time()
            agent.choose(view, state.legal_actions(), random.Random(i))
            cpu += time.process_time() - start
        out[level] = round(cpu / len(positions) * 1000.0, 1) if positions else None
    return out


def evaluation_cost(positions: list[GameState], calls: int = 300) -> dict[str, float]:
    """CPU microseconds of one ``win_chances`` call of each registered evaluator, averaged
    over the positions (what a playout's leaf costs)."""
    out = {}
    for name, evaluation in sorted(EVALUATORS.items()):
        evaluator = evaluation.evaluator(-1)
        start = time.process_time()
        for _ in range(calls):
            for state in positions:
                evaluator.win_chances(state)
        spent = time.process_time() - start
        out[name] = round(spent / (calls * max(1, len(positions))) * 1e6, 1)
    return out


def policy_cost(positions: list[GameState], calls: int = 50) -> dict[str, float]:
    """CPU microseconds of one ``scores`` call of each registered policy over all the legal
    actions of a position (a tree node's priors), averaged over the positions. Each call gets
    its own copy of the position, so no policy answers from what it kept of the last one."""
    legal = [state.legal_actions() for state in positions]
    pairs = list(zip(positions, legal, strict=True))
    out = {}
    for name, scoring in sorted(POLICIES.items()):
        policy = scoring.policy(-1)
        copies = [(state.clone(), actions) for _ in range(calls) for state, actions in pairs]
        start = time.process_time()
        for state, actions in copies:
            policy.scores(state, actions)
        spent = time.process_time() - start
        out[name] = round(spent / max(1, len(copies)) * 1e6, 1)
    return out


__all__ = ["bench_ai", "typical_positions"]
