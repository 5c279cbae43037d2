"""The engine's shortcuts give the answers of the plain way (R4, R5).

The hot paths take shortcuts: bitmask searches remembered across turns, chance outcomes picked
by bisecting cumulative probabilities, actions recognised by identity. Each must agree with the
plain computation it replaces.
"""

from __future__ import annotations

import random

import pytest

import game
from game.actions import Action, Roll, action_from_json
from game.content import MapSpec
from game.rules import flow, movement, moves
from game.state import P_ACTION, P_BATTLE_ROLL, P_ROLL
from tests.rules_reference import move_ends


class FixedDraw:
    """A stand-in random generator whose next number is given."""

    def __init__(self, x: float) -> None:
        self.x = x

    def random(self) -> float:
        return self.x


def walk(outcomes: list[tuple[Action, float]], x: float) -> Action:
    """The plain pick that the engine's bisection replaces, written out again here (the engine
    keeps its own copy for outcome lists it has no cumulative table of) so that the test does
    not compare the engine with itself."""
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]


def play_until(state: game.GameState, phase: int, seed: int) -> None:
    """Random play until the next chance event of ``phase`` (a roll or a battle roll)."""
    rng = random.Random(seed)
    while not (state.phase == phase and state.draw_deck < 0 and not state.draw_queue):
        assert not state.is_terminal()
        if state.current_player() == game.CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("phase", [P_ROLL, P_BATTLE_ROLL])
def test_sampled_chance_is_the_outcome_a_walk_over_the_probabilities_gives(phase: int) -> None:
    state = game.new_game(2, seed=3, kingdoms=["romans", "greeks"])
    play_until(state, phase, seed=3)
    outcomes = state.chance_outcomes()
    rng = random.Random(7)
    # Random draws, and each cumulative sum itself and its neighbours (the edges of the bins).
    xs = [rng.random() for _ in range(2000)]
    acc = 0.0
    for _, p in outcomes:
        acc += p
        xs += [acc, acc - 1e-12, acc + 1e-12]
    for x in xs:
        if 0.0 <= x < 1.0:
            assert state.sample_chance(FixedDraw(x)) is walk(outcomes, x)


def test_bitmask_search_matches_the_plain_search(board: MapSpec) -> None:
    """R5.1-R5.4: end cities per budget, past enemies, in summer and winter, all start cities."""
    rng = random.Random(5)
    for _ in range(1500):
        src = rng.randrange(board.num_cities)
        winter = rng.random() < 0.4
        enemy = {c for c in rng.sample(range(board.num_cities), rng.randrange(12)) if c != src}
        enemy_mask = sum(1 << c for c in enemy)
        longest = 3 if winter else 6
        for masks in (
            movement.reach_masks(board, src, longest, winter, enemy_mask),
            moves.end_masks(board, src, winter, enemy_mask),
        ):
            for points in range(1, 7):
                hops = points // (2 if winter else 1)
                expected = set(move_ends(board, src, points, winter, enemy, set()))
                assert set(movement.nodes_of(masks[hops])) == expected


def test_equal_copies_of_listed_actions_play_the_same_game() -> None:
    """An action rebuilt from JSON is not the listed object; it must be accepted just the same."""

    def play(copies: bool) -> str:
        state = game.new_game(4, seed=21)
        rng = random.Random(21)
        while not state.is_terminal():
            if state.current_player() == game.CHANCE:
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            copy = action_from_json(action.to_json(state.board), state.board)
            state.apply_action(copy if copies else action)
        return state.to_json()

    assert play(copies=True) == play(copies=False)


def test_a_listed_action_of_an_earlier_state_is_refused() -> None:
    """Identity is checked against this state's own list, not a list handed out before."""
    state = game.new_game(3, seed=8)
    rng = random.Random(8)
    refused = 0
    while not state.is_terminal() and refused < 50:
        if state.current_player() == game.CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        before = state.legal_actions()
        action = rng.choice(before)
        state.apply_action(action)
        if state.is_terminal() or state.current_player() == game.CHANCE:
            continue
        now = state.legal_actions()
        stale = [a for a in before if a not in now]
        if stale:
            with pytest.raises(game.IllegalActionError):
                state.clone().apply_action(stale[0])
            refused += 1
    assert refused >= 10


def test_rolls_are_recognised_by_value_too() -> None:
    state = game.new_game(2, seed=4, kingdoms=["romans", "greeks"])
    play_until(state, P_ROLL, seed=4)
    roll = flow.ROLL_ACTIONS[40]
    assert isinstance(roll, Roll)
    copy = action_from_json(roll.to_json(state.board), state.board)
    assert copy is not roll
    state.apply_action(copy)
    assert state.dice == list(roll.dice)


def plain_return_cities(state: game.GameState, seat: int) -> list[int]:
    """R6.2 as docs/rules.md words it: own standing towers without a general; else the free cities
    nearest to one (without a standing tower: a free city of the own kingdom, else the free
    cities nearest to its capitals)."""
    board = state.board
    kingdom = state.seat_kingdom[seat]
    towers = [
        c for c in range(board.num_cities) if state.tower_owner[c] == seat and state.floors[c] > 0
    ]
    free = [c for c in range(board.num_cities) if c not in state.gen_city]
    if [c for c in towers if c in free]:
        return [c for c in towers if c in free]
    if not towers:
        own = [c for c in free if board.city_kingdom[c] == kingdom]
        if own:
            return own
        towers = list(board.kingdoms[kingdom].capitals)
    if not free:
        return []
    distance = {c: min(board.route_distance[t][c] for t in towers) for c in free}
    return [c for c in free if distance[c] == min(distance.values())]


def test_return_cities_are_those_of_the_plain_rule() -> None:
    from game.rules.turn import return_cities

    checked = 0
    for seed in range(30):
        state = game.new_game(2 + seed % 5, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == game.CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            if state.phase == P_ACTION:  # where returns are offered (R6.2)
                seat = state.active
                assert return_cities(state, seat) == plain_return_cities(state, seat)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 1000
