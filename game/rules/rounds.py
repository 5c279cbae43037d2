"""R1.3, R4.1: the next seat's turn, and after the last seat the end of the round: either the
game is over (R9.7, R10.1, or the last season played) or the time marker moves on a season.

Both ways a turn can end lead here: straight from the actions when no battle follows
(rules/turn.py), or after the last battle of the turn (rules/combat.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import NUM_ROUNDS, P_OVER, P_ROLL
from game.rules.scoring import check_round_end

if TYPE_CHECKING:
    from game.state_data import StateData


def next_turn(state: StateData) -> None:
    state.battles = ()
    state.battle_city = -1
    state.acted = 0
    state.traded = False
    state.trained = False
    state.dice = []
    state.active = (state.active + 1) % state.num_players
    if state.active == 0:
        if check_round_end(state) or state.round + 1 >= NUM_ROUNDS:
            state.phase = P_OVER
            return
        state.round += 1
    state.phase = P_ROLL
