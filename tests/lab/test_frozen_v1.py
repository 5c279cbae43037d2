"""The frozen baseline: ``ismcts-v1`` plays exactly as the search did when it was frozen.

Every later change to the search, its evaluator or its policy is measured against this agent
in the arena, so it must not drift. The expected values were recorded from the search before it
was split into a tree, a playout and exchangeable components; for each fixed position and seed
they hold the action chosen, the iterations run (the search stops once its choice is settled,
so the count moves with any change in the visits) and a checksum of the root's statistics
(every action's visit share and win chance).

Positions come from seeded random games, so they depend on the engine and on no agent. An
engine change that alters them or their legal actions changes the expected values with them:
those are then recorded anew from the unchanged search (``decide`` and ``play_turn`` below).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

import pytest

import ai
import game
from ai.agents import Agent, Thinking
from game import CHANCE, P_ACTION, P_COIN_ATTACKER, P_COIN_DEFENDER, P_HALT, GameState
from lab.baselines import agent_from_spec
from tests.ai.helpers import run_to_end, turn_decisions

Finder = Callable[[GameState, int], bool]


def _turn_start(state: GameState, legal: int) -> bool:
    return (
        state.phase == P_ACTION
        and not state.draw_queue
        and state.round >= 2
        and len(state.dice) == 4
        and state.acted == 0
        and legal >= 10
    )


def _attacker_coin(state: GameState, legal: int) -> bool:
    return state.phase == P_COIN_ATTACKER and not state.draw_queue and state.draw_deck < 0


def _defender_coin(state: GameState, legal: int) -> bool:
    return state.phase == P_COIN_DEFENDER and not state.draw_queue and state.draw_deck < 0


def _halt_or_pass(state: GameState, legal: int) -> bool:
    return state.phase == P_HALT and not state.draw_queue


def _deck_choice(state: GameState, legal: int) -> bool:
    return bool(state.draw_queue) and state.draw_deck < 0


FINDERS: dict[str, Finder] = {
    "turn": _turn_start,
    "attacker-coin": _attacker_coin,
    "defender-coin": _defender_coin,
    "halt": _halt_or_pass,
    "deck": _deck_choice,
}


def position(kind: str, players: int, seed: int) -> GameState:
    """The first decision of ``kind`` with a real choice in a seeded random game."""
    for attempt in range(40):
        rng = random.Random(seed * 100 + attempt)
        state = game.new_game(players, seed=seed * 100 + attempt, board=game.get_map(1))
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and FINDERS[kind](state, len(legal)):
                return state
            state.apply_action(rng.choice(legal))
    raise AssertionError(f"no {kind} position in 40 games")


def fingerprint(thinking: Thinking) -> tuple[str, int, int]:
    """The chosen action, the iterations run and a checksum of the root's statistics."""
    rows = "|".join(
        f"{i.action!r}:{i.visit_share:.9f}:{i.win_chance:.9f}" for i in thinking.explain(1000)
    )
    iterations = getattr(thinking, "iterations", -1)
    return repr(thinking.best_action()), iterations, zlib.crc32(rows.encode())


def decide(agent: Agent, state: GameState, seed: int) -> tuple[str, int, int]:
    view = state.observe(state.current_player())
    return fingerprint(run_to_end(agent.begin(view, state.legal_actions(), random.Random(seed))))


def play_turn(agent: Agent, state: GameState, seed: int) -> list[tuple[str, int, int]]:
    """The seat's decisions through the rest of its turn, reusing its trees."""
    return turn_decisions(agent, state, seed, fingerprint)


CASES = [
    ("turn", 2, 1),
    ("turn", 4, 2),
    ("attacker-coin", 2, 3),
    ("attacker-coin", 4, 4),
    ("defender-coin", 2, 5),
    ("halt", 2, 6),
    ("halt", 4, 7),
    ("deck", 2, 8),
]

EXPECTED: dict[tuple[str, int, int, str], tuple[str, int, int]] = {
    ("attacker-coin", 2, 3, "easy"): ("CommitCoin(value=3)", 30, 3896072903),
    ("attacker-coin", 2, 3, "normal"): ("CommitCoin(value=2)", 200, 4083887981),
    ("attacker-coin", 4, 4, "easy"): ("CommitCoin(value=1)", 30, 2441375228),
    ("attacker-coin", 4, 4, "normal"): ("CommitCoin(value=3)", 200, 986591662),
    ("deck", 2, 8, "easy"): ("ChooseDeck(deck=1)", 24, 3920862812),
    ("deck", 2, 8, "normal"): ("ChooseDeck(deck=1)", 120, 798077082),
    ("defender-coin", 2, 5, "easy"): ("CommitCoin(value=3)", 24, 1808815953),
    ("defender-coin", 2, 5, "normal"): ("CommitCoin(value=3)", 128, 3352515285),
    ("halt", 2, 6, "easy"): ("Halt()", 24, 3864428411),
    ("halt", 2, 6, "normal"): ("Halt()", 128, 3440351754),
    ("halt", 4, 7, "easy"): ("Halt()", 30, 2501160857),
    ("halt", 4, 7, "normal"): ("Pass()", 160, 3605756705),
    ("turn", 2, 1, "easy"): ("Move(general=4, die=2, src=82, dest=101)", 30, 2632059417),
    ("turn", 2, 1, "hard"): ("Trade(dice=(2, 6, 6))", 792, 3387602),
    ("turn", 2, 1, "normal"): ("Trade(dice=(2, 6, 6))", 184, 3878050772),
    ("turn", 4, 2, "easy"): ("Trade(dice=(1, 1, 2))", 30, 593733998),
    ("turn", 4, 2, "normal"): ("Trade(dice=(1, 1, 2))", 184, 887419416),
}

EXPECTED_TURN: dict[str, list[tuple[str, int, int]]] = {
    "easy": [
        ("Move(general=4, die=2, src=82, dest=101)", 30, 1236220946),
        ("Move(general=7, die=6, src=64, dest=68)", 14, 4076243764),
        ("Move(general=6, die=6, src=27, dest=17)", 21, 2792270478),
        ("Move(general=5, die=2, src=28, dest=18)", 16, 4129204591),
    ],
    "normal": [
        ("Move(general=4, die=2, src=82, dest=101)", 144, 974432528),
        ("Move(general=7, die=6, src=64, dest=68)", 72, 1076128639),
        ("Move(general=5, die=6, src=28, dest=20)", 139, 1984063742),
        ("Move(general=6, die=2, src=27, dest=25)", 136, 3294950264),
    ],
}

# The searching agent under test: the frozen baseline. The presets left it when they took
# ``prune`` (experiments/dominance.md, D1).
NAMES = ("ismcts-v1",)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("kind", "players", "seed"), CASES)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_decisions_are_as_frozen(name: str, level: str, kind: str, players: int, seed: int) -> None:
    state = position(kind, players, seed)
    agent = agent_from_spec(f"{name}:{level}")
    assert decide(agent, state, seed) == EXPECTED[kind, players, seed, level]


@pytest.mark.parametrize("name", NAMES)
def test_a_hard_decision_is_as_frozen(name: str) -> None:
    state = position("turn", 2, 1)
    assert decide(agent_from_spec(f"{name}:hard"), state, 1) == EXPECTED["turn", 2, 1, "hard"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_turn_with_reused_trees_is_as_frozen(name: str, level: str) -> None:
    state = position("turn", 2, 1)
    assert play_turn(agent_from_spec(f"{name}:{level}"), state, 11) == EXPECTED_TURN[level]


def test_greedy_is_as_frozen() -> None:
    """The greedy agent shares the root's one-ply lookahead; it is a baseline too."""
    greedy = ai.make_agent("greedy")
    got = {(k, p, s): decide(greedy, position(k, p, s), s) for k, p, s in CASES}
    assert got == EXPECTED_GREEDY


EXPECTED_GREEDY: dict[tuple[str, int, int], tuple[str, int, int]] = {
    ("attacker-coin", 2, 3): ("CommitCoin(value=3)", -1, 1167112381),
    ("attacker-coin", 4, 4): ("CommitCoin(value=3)", -1, 1167112381),
    ("deck", 2, 8): ("ChooseDeck(deck=1)", -1, 2400808047),
    ("defender-coin", 2, 5): ("CommitCoin(value=3)", -1, 1167112381),
    ("halt", 2, 6): ("Halt()", -1, 2887992125),
    ("halt", 4, 7): ("Halt()", -1, 4000997649),
    ("turn", 2, 1): ("Move(general=4, die=2, src=82, dest=101)", -1, 810148068),
    ("turn", 4, 2): ("Trade(dice=(1, 1, 2))", -1, 3993009737),
}
