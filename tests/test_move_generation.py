"""The fast move generator (game/rules/moves.py) against a plain search of the rules (R5).

For every action-phase decision of several random games, the Move actions offered must be
exactly the ends that a straightforward breadth-first search allows: within the die's points
(R5.1, R5.3), never through an enemy-held city (R5.4, R5.5), never onto an own general (R5.2)
or a ship (R2.3).
"""

from __future__ import annotations

import json
import random

import pytest

import game
from game.actions import Move
from game.rules import movement
from game.state import P_ACTION
from tests.rules_reference import expected_moves as reference_moves


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


def _board_without_sea() -> game.MapSpec:
    """The shipped map with every sea route gone: most moves of a game differ from it."""
    from game.content import CURRENT_MAP, DATA_DIR, MapSpec

    data = json.loads((DATA_DIR / "maps" / f"{CURRENT_MAP}.json").read_text(encoding="utf-8"))
    data["routes"] = [r for r in data["routes"] if r["kind"] != "sea"]
    quests = json.loads((DATA_DIR / "quests" / f"{CURRENT_MAP}.json").read_text(encoding="utf-8"))
    return MapSpec(data, quests)


def test_r2_5_games_on_two_boards_in_one_process_move_on_their_own_board() -> None:
    """A process may play an old record's map and the current one in turn (a replay, then a
    new game): the move tables remembered for one board are never read for the other. The
    reference search (tests/rules_reference.py) shares no table with the engine."""
    other = _board_without_sea()
    for board, seed in [(game.default_map(), 5), (other, 5), (game.default_map(), 6), (other, 6)]:
        rng = random.Random(seed)
        state = game.new_game(4, seed=seed, board=board)
        checked = 0
        while not state.is_terminal() and checked < 60:
            if state.current_player() == game.CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            if state.phase == P_ACTION and not state.draw_queue:
                offered = {
                    (m.general, m.die, m.src, m.dest)
                    for m in state.legal_actions()
                    if isinstance(m, Move)
                }
                assert offered == reference_moves(state), (board is other, seed)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
        assert checked == 60
