"""The fast move generator (game/rules/moves.py) against a plain search of the rules (R5).

For every action-phase decision of several random games, the Move actions offered must be
exactly the ends that a straightforward breadth-first search allows: within the die's points
(R5.1, R5.3), never through an enemy-held city (R5.4, R5.5), never onto an own general (R5.2)
or a ship (R2.3).
"""

from __future__ import annotations

import random

import pytest

import game
from game.actions import Move
from game.rules import movement
from game.state import P_ACTION


def expected_moves(state: game.GameState) -> set[tuple[int, int, int, int]]:
    seat = state.active
    enemy: set[int] = set()
    own: set[int] = set()
    for g, city in enumerate(state.gen_city):
        if city >= 0:
            (own if state.kingdom_seat[g >> 2] == seat else enemy).add(city)
    k = state.seat_kingdom[seat]
    out = set()
    for g in range(k * 4, k * 4 + 4):
        src = state.gen_city[g]
        if state.acted >> g & 1 or src < 0:
            continue
        for die in set(state.dice):
            ends = movement.destinations(
                state.board, src, die, state.is_winter(), enemy, own - {src}
            )
            out |= {(g, die, src, end) for end in ends}
    return out


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (6, 3)])
def test_move_generation_matches_plain_search(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    checked = 0
    while not state.is_terminal():
        if state.current_player() == game.CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if state.phase == P_ACTION and not state.draw_queue:
            offered = {(m.general, m.die, m.src, m.dest) for m in legal if isinstance(m, Move)}
            assert offered == expected_moves(state), state.season_name()
            checked += 1
        state.apply_action(rng.choice(legal))
    assert checked > 50


def test_winter_moves_use_land_only_and_cost_two() -> None:
    """R5.3: in Hiemis a die of 3 covers one land segment and no sea segment."""
    board = game.default_map()
    ostia = board.city("ostia")
    summer = movement.destinations(board, ostia, 3, False, set(), set())
    winter = movement.destinations(board, ostia, 3, True, set(), set())
    assert set(winter) == {c for c in board.land_adj[ostia] if not board.is_ship[c]}
    assert set(winter) < set(summer)
