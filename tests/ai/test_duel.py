"""The coin duel solved as a matrix game (R8.1, R8.2, R8.2a; ``ai.duel``)."""

from __future__ import annotations

import random

import pytest

import ai
import game
from ai.components import make_evaluator
from ai.duel import DuelThinking, before_commitments, coin_values, is_coin_decision, solve
from ai.presets import PRESETS
from game import CHANCE, P_COIN_ATTACKER, GameState
from game.actions import CommitCoin
from tests.ai.helpers import coin_duel_position, setup_game, start_turn, unplayed_indices


def _duel(state: GameState, seed: int = 1) -> DuelThinking:
    seat = state.current_player()
    view = state.observe(seat)
    evaluator = make_evaluator(PRESETS["normal"], seat)
    return DuelThinking(view, state.legal_actions(), random.Random(seed), evaluator)


def _solved(state: GameState, seed: int = 1) -> DuelThinking:
    duel = _duel(state, seed)
    while not duel.step(1 << 30):
        pass
    return duel


def test_matching_pennies_is_played_half_and_half() -> None:
    mix_a, mix_d = solve([[1.0, 0.0], [0.0, 1.0]], [[0.0, 1.0], [1.0, 0.0]])
    assert mix_a == pytest.approx([0.5, 0.5], abs=0.02)
    assert mix_d == pytest.approx([0.5, 0.5], abs=0.02)


def test_rock_paper_scissors_is_played_in_thirds() -> None:
    win = [[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]]
    lose = [[1.0 - x for x in row] for row in win]
    mix_a, mix_d = solve(win, lose)
    assert mix_a == pytest.approx([1 / 3] * 3, abs=0.02)
    assert mix_d == pytest.approx([1 / 3] * 3, abs=0.02)


def test_a_dominated_row_is_not_played() -> None:
    """Row 1 pays more against every column: the attacker plays it alone, and the defender
    answers it with its better column."""
    mix_a, mix_d = solve([[0.2, 0.4], [0.3, 0.6]], [[0.8, 0.6], [0.7, 0.4]])
    assert mix_a == pytest.approx([0.0, 1.0], abs=0.01)
    assert mix_d == pytest.approx([1.0, 0.0], abs=0.01)


def test_the_defender_faces_the_battle_as_it_stood_before_the_attackers_coin() -> None:
    """R8.2a: taking back the hidden commitment leaves the attacker to commit, every coin of
    its own still unplayed, and nothing else changed."""
    state = coin_duel_position()
    public = state.observe(state.current_player()).public
    start = before_commitments(public)
    assert start.phase == P_COIN_ATTACKER and start.coin_attacker == -1
    assert start.coins_played == public.coins_played
    assert coin_values(start) == sorted({0, 1, 2, 3})
    assert public.phase != P_COIN_ATTACKER  # the view itself is untouched


def test_each_coin_pair_is_judged_over_the_battle_dice_one_step_at_a_time() -> None:
    state = coin_duel_position(attacker_to_move=True)
    duel = _duel(state)
    pairs = len(duel.attacker_coins) * len(duel.defender_coins)
    assert pairs == 16 and duel.progress() == 0.0
    assert duel.step(1) is False and duel.progress() == pytest.approx(1 / 16)
    assert duel.explain() == [] and duel.best_action() in state.legal_actions()
    assert duel.step(1 << 30) is True
    for value_a, value_d in duel.payoff.values():
        assert 0.0 <= value_a <= 1.0 and 0.0 <= value_d <= 1.0
        assert value_a + value_d == pytest.approx(1.0)  # two seats: the chances add up to 1
    # Every roll of the dice judged on its own gives what the rolls judged by result gave.
    evaluator = make_evaluator(PRESETS["normal"], 0)
    for coin_a, coin_d in ((3, 0), (1, 2)):
        world = state.clone()
        world.apply_action(CommitCoin(coin_a))
        world.apply_action(CommitCoin(coin_d))
        expected = 0.0
        for roll, p in world.chance_outcomes():
            after = world.clone()
            after.apply_action(roll)
            expected += p * evaluator.win_chances(after)[0]
        assert duel.payoff[(coin_a, coin_d)][0] == pytest.approx(expected, abs=1e-12)


def test_the_choice_is_drawn_from_the_seats_own_mix_and_a_seed_decides_it() -> None:
    state = coin_duel_position(attacker_to_move=True)
    duel = _solved(state, seed=3)
    assert sum(duel.mix_attacker) == pytest.approx(1.0)
    assert sum(duel.mix_defender) == pytest.approx(1.0)
    choice = duel.best_action()
    assert choice in state.legal_actions()
    share = dict(zip(duel.attacker_coins, duel.mix_attacker, strict=True))
    assert isinstance(choice, CommitCoin) and share[choice.value] >= 0.03
    assert _solved(state, seed=3).best_action() == choice
    rows = duel.explain(top=4)
    assert [r.visit_share for r in rows] == sorted((r.visit_share for r in rows), reverse=True)
    assert all(0.0 <= r.win_chance <= 1.0 for r in rows)


def test_the_defenders_coin_does_not_depend_on_the_attackers_hidden_one() -> None:
    """R8.2a, R11: whatever the attacker really committed, the defender sees the same view and
    solves the same game."""
    state = coin_duel_position()
    choices = set()
    mixes = []
    for coin in unplayed_indices(state, state.active):
        world = state.clone()
        world.coin_attacker = coin
        duel = _solved(world, seed=5)
        choices.add(duel.best_action())
        mixes.append(duel.mix_defender)
    assert len(choices) == 1
    assert all(m == mixes[0] for m in mixes)


def test_the_option_solves_coin_decisions_and_searches_everything_else() -> None:
    state = coin_duel_position(attacker_to_move=True)
    seat = state.current_player()
    agent = ai.agent_from_spec("ismcts:normal:duel_solve=true")
    thinking = agent.begin(state.observe(seat), state.legal_actions(), random.Random(2))
    assert isinstance(thinking, DuelThinking)
    searching = ai.agent_from_spec("ismcts:normal").begin(
        state.observe(seat), state.legal_actions(), random.Random(2)
    )
    assert isinstance(searching, ai.Search)
    turn = _turn_start()
    assert not is_coin_decision(turn)
    thinking = agent.begin(turn.observe(0), turn.legal_actions(), random.Random(2))
    assert isinstance(thinking, ai.Search)


def _turn_start() -> GameState:
    """The Roman's turn of the duel's game, before any battle."""
    state = setup_game(2, ["romans", "carthaginians"], seed=3)
    start_turn(state, 0, [1, 2, 3, 4])
    return state


def test_a_duel_is_refused_where_no_coin_is_to_be_committed() -> None:
    state = _turn_start()
    with pytest.raises(ValueError, match="committing its coin"):
        DuelThinking(state.observe(0), state.legal_actions(), random.Random(0),
                     make_evaluator(PRESETS["normal"], 0))  # fmt: skip


def test_every_coin_decision_of_random_games_is_solved_to_a_legal_coin() -> None:
    """2-6 seats, ties rolled again with new coins (R8.2), sides down to their last coins:
    every coin decision of random games ends in one of its legal coins."""
    seen = 0
    for players in range(2, 7):
        state = game.new_game(players, seed=40 + players)
        rng = random.Random(players)
        while not state.is_terminal() and seen < 12 * (players - 1):
            legal = state.legal_actions() if state.current_player() != CHANCE else []
            if is_coin_decision(state) and len(legal) > 1:
                duel = _solved(state, seed=seen)
                assert duel.best_action() in legal
                assert sum(duel.mix_attacker) == pytest.approx(1.0)
                seen += 1
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(legal))
    assert seen >= 20
