"""Scores, the end of the game and who wins: R9.4, R9.7 with quests; R10 without."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import P_OVER

if TYPE_CHECKING:
    from game.state_data import StateData


def scores(state: StateData) -> list[int]:
    """Points as the active rules count them (R9.4 with quests, R10.2 otherwise)."""
    if state.rules.quests:
        return state.points[:]
    return [state.destroyed_by(s) + state.floors_standing(s) for s in range(state.num_players)]


def _hit_every_enemy(state: StateData, seat: int) -> bool:
    n = state.num_players
    return all(state.trophies[seat * n + v] > 0 for v in range(n) if v != seat)


def check_round_end(state: StateData) -> bool:
    """At the end of a round: has the game's end been reached (R9.7, R10.1)?"""
    if state.rules.quests:
        return max(state.points) >= 7
    return any(
        state.destroyed_by(s) >= 5 and _hit_every_enemy(state, s) for s in range(state.num_players)
    )


def winners(state: StateData) -> list[int]:
    """Seats sharing the victory; empty while the game goes on or when nobody qualifies."""
    if state.phase != P_OVER:
        return []
    n = state.num_players
    points = scores(state)
    if state.rules.quests:
        # R9.7: points, then destroyed + standing floors, then destroyed floors.
        # Decision (R9.7): patch 03 breaks a tie on «лучше разница разрушенных чужих и
        # сохраненных своих башен». We read it as the base rules' tally (R10.2), destroyed
        # enemy floors plus own floors standing: the game's aim is to destroy many and keep
        # many, so both count for the player; a literal difference would reward losing floors.
        keys: dict[int, tuple[int, ...]] = {
            s: (points[s], state.destroyed_by(s) + state.floors_standing(s), state.destroyed_by(s))
            for s in range(n)
        }
    else:
        # R10.2: only those who hit every enemy; points, then destroyed floors.
        keys = {
            s: (points[s], state.destroyed_by(s)) for s in range(n) if _hit_every_enemy(state, s)
        }
    if not keys:
        return []
    best = max(keys.values())
    return [s for s in sorted(keys) if keys[s] == best]


def returns(state: StateData) -> list[float]:
    """1 for a winner, shared on ties, 0 otherwise (all 0 before the end)."""
    won = winners(state)
    out = [0.0] * state.num_players
    for s in won:
        out[s] = 1.0 / len(won)
    return out
