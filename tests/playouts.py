"""Random playouts for the engine tests: rule combinations and two random policies."""

from __future__ import annotations

import itertools
import random

import game
from game.actions import Build, Continue, Destroy, Move, Return, Train
from game.state import CHANCE, GameState, Rules

ALL_RULES = tuple(
    Rules(coins=c, battle_dice=d, quests=q)
    for c, d, q in itertools.product((False, True), repeat=3)
)


def rules_id(rules: Rules) -> str:
    return "+".join(rules.names()) or "base"


def random_action(state: GameState, rng: random.Random) -> game.Action:
    """A chance outcome by its probability, or a uniformly random legal decision."""
    if state.current_player() == CHANCE:
        return state.sample_chance(rng)
    return rng.choice(state.legal_actions())


def play_random(
    state: GameState, rng: random.Random, max_actions: int = 100_000
) -> list[game.Action]:
    """Play random actions to the end (or ``max_actions``); return them."""
    played: list[game.Action] = []
    while not state.is_terminal() and len(played) < max_actions:
        action = random_action(state, rng)
        state.apply_action(action)
        played.append(action)
    return played


def midgame(players: int, seed: int, steps: int, rules: Rules | None = None) -> GameState:
    """A new game after ``steps`` random actions (fewer when it ends before), all from ``seed``."""
    state = game.new_game(players, seed=seed, rules=rules or Rules())
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng))
    return state


def aggressive_action(state: GameState, rng: random.Random) -> game.Action:
    """A random decision biased towards the rarer rules: destroy, build, return, train, and
    moves onto enemy towers (so that random games reach floors, quests and the end rules)."""
    if state.current_player() == CHANCE:
        return state.sample_chance(rng)
    legal = state.legal_actions()
    special = [a for a in legal if isinstance(a, Destroy | Build | Return | Train)]
    if special and rng.random() < 0.8:
        return rng.choice(special)
    seat = state.current_player()
    attacks = [
        a
        for a in legal
        if isinstance(a, Move | Continue)
        and state.floors[a.dest] > 0
        and state.tower_owner[a.dest] != seat
    ]
    if attacks and rng.random() < 0.8:
        return rng.choice(attacks)
    return rng.choice(legal)
