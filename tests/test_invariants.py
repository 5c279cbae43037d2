"""Random playouts over seeds, every player count (2-6) and all 8 rule combinations (R8).

Each game is played by uniformly random decisions and chance drawn by its probabilities; after
every action the invariants below must hold. The expensive checks (hidden-information sampling,
the move list against a plain search) run at a sample of the decision points.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from math import isclose

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game.actions import BattleRoll, Build, Continue, Destroy, Move, Return, Train
from game.rules.combat import defender_seat, fighters
from game.state import (
    ALL_COINS,
    CHANCE,
    COIN_VALUES,
    P_ACTION,
    P_BATTLE_ROLL,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    TERMINAL,
    GameState,
    Rules,
)
from tests.playouts import ALL_RULES, aggressive_action, random_action, rules_id
from tests.rules_reference import (
    expected_moves,
    floor_total,
    land_distance,
    move_ends,
    occupancy,
)


def check_state(state: GameState) -> None:
    """Invariants of every reachable state."""
    board = state.board
    n = state.num_players
    if state.phase >= 2:  # after setup
        for seat in range(n):
            assert floor_total(state, seat) == 9, f"R1.2: seat {seat} floors not conserved"
    for seat in range(n):
        cities = [state.gen_city[g] for g in state.generals_of(seat) if state.gen_city[g] >= 0]
        assert len(cities) == len(set(cities)), "R5.2: two own generals in one city"
        assert state.coins_played[seat] != ALL_COINS, "R8.1: five played coins come back"
        hand = state.hands[seat]
        assert len(hand) <= 3, "R9.2: at most 3 cards"
        for c in hand:
            city = board.cards[c].city
            assert city < 0 or board.city_kingdom[city] != state.seat_kingdom[seat], "R9.2"
    for g, c in enumerate(state.gen_city):
        if c >= 0:
            assert not board.is_ship[c], "R2.3: a general ended on a ship"
            assert state.kingdom_seat[g >> 2] >= 0
        assert 1 <= state.gen_level[g] <= 4, "R1.2: levels 1-4"
    for stack in state.island_stack.values():
        assert len(stack) < 2, "R9.5: a 2-floor island tower leaves the board"
    if state.rules.coins and state.phase in (P_COIN_DEFENDER, P_BATTLE_ROLL):
        # R8.1, R8.2a: a committed coin is one still unplayed; it is spent at the roll.
        committed = [(state.coin_attacker, state.active)]
        if state.phase == P_BATTLE_ROLL:
            committed.append((state.coin_defender, defender_seat(state)))
        for index, seat in committed:
            assert index >= 0 and not state.coins_played[seat] >> index & 1
    who = state.current_player()
    legal = state.legal_actions()
    if state.is_terminal():
        assert who == TERMINAL and legal == [] and state.chance_outcomes() == []
        return
    assert legal, f"no legal action in {state!r}"
    if who == CHANCE:
        outcomes = state.chance_outcomes()
        assert isclose(sum(p for _, p in outcomes), 1.0)
        assert all(p > 0 for _, p in outcomes)
        assert [a for a, _ in outcomes] == legal
    else:
        assert 0 <= who < n
        assert state.chance_outcomes() == []


def check_move(state: GameState, action: game.Action) -> None:
    """R5.3: a Move or Continue in winter uses land routes only, at 2 points a segment."""
    if not state.is_winter():
        return
    if isinstance(action, Move):
        distance = land_distance(state.board, action.src, action.dest)
        assert distance is not None and 2 * distance <= action.die, str(action)
    elif isinstance(action, Continue):
        distance = land_distance(state.board, action.src, action.dest)
        assert distance is not None and 2 * distance <= state.pend_points, str(action)


def check_views(state: GameState, rng: random.Random) -> None:
    """R11: each seat's view is reproduced by the worlds sampled from it."""
    for seat in range(state.num_players):
        view = state.observe(seat)
        world = view.sample_world(rng)
        assert world.observe(seat) == view
        assert world.hands[seat] == state.hands[seat]
        assert world.gen_city == state.gen_city and world.gen_level == state.gen_level
        assert world.floors == state.floors and world.trophies == state.trophies
        assert world.coins_played == state.coins_played and world.completed == state.completed
        assert [len(d) for d in world.decks] == [len(d) for d in state.decks]
        for other in range(state.num_players):
            assert len(world.hands[other]) == len(state.hands[other])


def check_move_list(state: GameState) -> None:
    if state.phase == P_ACTION and not state.draw_queue:
        got = {
            (a.general, a.die, a.src, a.dest) for a in state.legal_actions() if isinstance(a, Move)
        }
        assert got == expected_moves(state)
    elif state.phase == P_CONTINUE:  # R5.5: the continuation with the points left
        here = state.gen_city[state.pend_general]
        enemy, own = occupancy(state, state.active)
        ends = move_ends(
            state.board, here, state.pend_points, state.is_winter(), enemy - {here}, own - {here}
        )
        dests = {a.dest for a in state.legal_actions() if isinstance(a, Continue)}
        assert dests == set(ends)


def _holds(state: GameState, seat: int, kind: str, city: int) -> int:
    for c in state.hands[seat]:
        spec = state.board.cards[c]
        if spec.type == kind and spec.city == city:
            return c
    return -1


def check_transition(before: GameState, action: game.Action, after: GameState) -> None:
    """The effect of one action, recomputed from the rules (R5.4, R6, R7, R8, R9.4, R9.5)."""
    if isinstance(action, Move | Continue):
        _check_arrival(before, action, after)
    elif isinstance(action, Destroy):
        _check_destroy(before, action, after)
    elif isinstance(action, Return):
        g = action.general
        assert after.gen_city[g] == action.city and after.gen_level[g] == before.gen_level[g]
    elif isinstance(action, Train):
        assert after.gen_level[action.general] == before.gen_level[action.general] + 1
    elif isinstance(action, Build):
        seat = before.active
        assert after.floors[action.source] == before.floors[action.source] - 1
        stack = before.island_stack[action.island]
        if len(stack) + 1 >= 2:  # R9.5: completed, the tower leaves the board
            assert after.island_stack[action.island] == ()
            assert after.points[seat] == before.points[seat] + 3
            for owner in (*stack, seat):
                assert after.floors_off[owner] > before.floors_off[owner]
        else:
            assert after.island_stack[action.island] == (seat,)
    elif isinstance(action, BattleRoll):
        _check_battle(before, action, after)


def _check_arrival(before: GameState, action: Move | Continue, after: GameState) -> None:
    """R5.4: the owner of an entered enemy city is asked exactly when the mover could go on."""
    board = before.board
    seat = before.active
    g, src, dest = action.general, action.src, action.dest
    assert after.gen_city[g] == dest
    points = action.die if isinstance(action, Move) else before.pend_points
    enemy, own = occupancy(before, seat)
    own.discard(src)
    holders = [
        o
        for o, c in enumerate(before.gen_city)
        if c == dest and before.kingdom_seat[o >> 2] != seat
    ]
    if not holders:
        assert after.phase != P_HALT
        return
    winter = before.is_winter()
    used = move_ends(board, src, points, winter, enemy, own)[dest]
    left = points - used * (2 if winter else 1)
    could_go_on = bool(move_ends(board, dest, left, winter, enemy - {dest}, own))
    assert (after.phase == P_HALT) == could_go_on, f"{action}: {left} points left"
    if could_go_on:
        assert after.halt_seat == before.kingdom_seat[holders[0] >> 2]
        assert after.pend_points == left


def _check_destroy(before: GameState, action: Destroy, after: GameState) -> None:
    """R6.1 and the R9.4 decision on points."""
    seat, n, city, g = before.active, before.num_players, action.city, action.general
    if before.tower_owner[city] >= 0:
        victim = before.tower_owner[city]
    else:
        victim = [s for s in before.island_stack[city] if s != seat][-1]
    assert after.floors[city] == before.floors[city] - 1
    assert after.trophies[seat * n + victim] == before.trophies[seat * n + victim] + 1
    assert after.gen_city[g] == -1 and after.gen_return[g] == before.round + 1
    assert after.gen_level[g] == before.gen_level[g]
    if not before.rules.quests:
        assert after.points == before.points
        return
    # A matching ordinary quest takes the floor; otherwise the first floor of this enemy scores.
    quest = _holds(before, seat, "destroy_floor", city) >= 0
    gained = 1 if quest or not before.first_floor_point[seat * n + victim] else 0
    if after.floors[city] == 0 and _holds(before, seat, "destroy_city", city) >= 0:
        gained += 3
    assert after.points[seat] - before.points[seat] == gained


def _check_battle(before: GameState, roll: BattleRoll, after: GameState) -> None:
    """R7.2, R7.3, R8.1, R8.4: strengths, the winner's gain and the loser's fall."""
    city = before.battle_city
    attacker, defender = fighters(before)
    coin_a = COIN_VALUES[before.coin_attacker] if before.rules.coins else 0
    coin_d = COIN_VALUES[before.coin_defender] if before.rules.coins else 0
    tower = 1 if before.floors[city] > 0 else 0
    strength_a = roll.attacker + before.gen_level[attacker] + coin_a
    strength_d = roll.defender + before.gen_level[defender] + tower + coin_d
    assert after.last_battle[7:9] == (strength_a, strength_d)
    if strength_a == strength_d:  # R7.2: roll again
        assert after.gen_city[attacker] == after.gen_city[defender] == city
        return
    winner, loser = (attacker, defender) if strength_a > strength_d else (defender, attacker)
    assert after.last_battle[9] == winner
    assert after.gen_level[winner] == min(4, before.gen_level[winner] + 1)
    fallen = max(1, before.gen_level[loser] - 1) if before.rules.quests else 1
    assert after.gen_level[loser] == fallen
    assert after.gen_city[loser] == -1 and after.gen_return[loser] == before.round + 1
    assert after.gen_city[winner] == city


def playout(players: int, rules: Rules, seed: int, deep_every: int) -> Iterator[GameState]:
    """Play a random game, checking every state; yields the final state.

    Odd seeds use uniformly random decisions, even seeds the policy biased to the rare rules.
    """
    choose = random_action if seed % 2 else aggressive_action
    rng = random.Random(seed)
    sampler = random.Random(seed + 1)
    state = game.new_game(players, seed=seed, rules=rules)
    step = 0
    check_state(state)
    while not state.is_terminal():
        action = choose(state, rng)
        if step % deep_every == 0:
            check_views(state, sampler)
            check_move_list(state)
            text = state.to_json()
            assert GameState.from_json(text).to_json() == text
        check_move(state, action)
        before = state.clone()
        state.apply_action(action)
        check_state(state)
        check_transition(before, action, state)
        step += 1
    yield state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("rules", ALL_RULES, ids=rules_id)
def test_random_game_keeps_every_invariant(players: int, rules: Rules) -> None:
    seed = players * 100 + ALL_RULES.index(rules)
    (final,) = playout(players, rules, seed, deep_every=17)
    assert final.is_terminal()
    assert final.round <= 15
    returns = final.returns()
    assert len(returns) == players
    assert isclose(sum(returns), 1.0) or sum(returns) == 0.0


@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    players=st.integers(min_value=2, max_value=6),
    rules=st.sampled_from(ALL_RULES),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_random_games_hypothesis(players: int, rules: Rules, seed: int) -> None:
    (final,) = playout(players, rules, seed, deep_every=29)
    assert final.is_terminal()
