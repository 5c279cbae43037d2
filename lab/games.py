"""A game played on by a decision function: the positions of the benchmarks and the games of
the training tools (a kingdom book's, a map's balance)."""

from __future__ import annotations

import random
from collections.abc import Callable

from game import CHANCE, Action, GameState


def play_on(
    state: GameState,
    decide: Callable[[GameState, list[Action]], Action],
    chance: random.Random,
    until: Callable[[GameState, list[Action]], bool] | None = None,
) -> GameState:
    """Play ``state`` on to its end, or to the first decision ``until`` stops at: chance from
    ``chance``, a single legal action at once, every other decision by ``decide``."""
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(chance))
            continue
        legal = state.legal_actions()
        if until is not None and until(state, legal):
            break
        state.apply_action(legal[0] if len(legal) == 1 else decide(state, legal))
    return state


__all__ = ["play_on"]
