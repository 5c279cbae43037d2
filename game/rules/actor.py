"""Who acts now: a seat, ``CHANCE`` or ``TERMINAL`` (``GameState.current_player``).

Apart from the order of play (``game.rules.flow``), so that the explanations of refused actions,
which flow gives, can ask it too.
"""

from __future__ import annotations

from game.core import (
    CHANCE,
    P_ACTION,
    P_BATTLE_ORDER,
    P_BATTLE_ROLL,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    P_OVER,
    P_ROLL,
    TERMINAL,
)
from game.rules.combat import defender_seat
from game.state_data import StateData


def current_player(state: StateData) -> int:
    phase = state.phase
    if phase == P_OVER:
        return TERMINAL
    if state.draw_deck >= 0:
        return CHANCE
    if state.draw_queue:
        return state.draw_queue[0]
    if phase in (P_ACTION, P_CONTINUE, P_BATTLE_ORDER):
        return state.active
    if phase in (P_ROLL, P_BATTLE_ROLL):
        return CHANCE
    if phase == P_HALT:
        return state.halt_seat
    if phase == P_COIN_ATTACKER:
        return state.active
    if phase == P_COIN_DEFENDER:
        return defender_seat(state)
    return state.setup_seat  # P_PICK, P_PLACE
