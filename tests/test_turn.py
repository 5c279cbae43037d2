"""R4: a turn: four dice, one action per general, the trade of three dice for a 6, lost dice."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product
from math import isclose

import pytest

import game
from game.actions import Destroy, EndTurn, Move, Roll, Trade
from game.state import CHANCE, P_ACTION, P_ROLL
from tests.playouts import random_action
from tests.scenario import Scenario, act, general_id, texts


def _two_player() -> Scenario:
    """Romans (seat 0) and Carthaginians (seat 1), generals on their capitals, spring."""
    return (
        Scenario(players=2, kingdoms=["romans", "carthaginians"], rules=game.Rules(quests=False))
        .general("Duilius")
        .at("ostia")
        .general("Hasdrubal")
        .at("utica")
    )


def test_r4_1_the_roll_is_four_d6_as_a_multiset() -> None:
    state = _two_player().build()
    state.phase = P_ROLL
    state.dice = []
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 126  # multisets of 4 values out of 6
    assert isclose(sum(p for _, p in outcomes), 1.0)
    by_dice = {a.dice: p for a, p in outcomes if isinstance(a, Roll)}
    assert len(by_dice) == len(outcomes)  # each outcome a roll of its own
    expected = Counter(tuple(sorted(d)) for d in product(range(1, 7), repeat=4))
    for dice, ways in expected.items():
        assert isclose(by_dice[dice], ways / 6**4)
    state.apply_action(Roll((2, 3, 5, 6)))
    assert state.phase == P_ACTION and state.dice == [2, 3, 5, 6]


def test_r4_2_a_general_takes_at_most_one_action_per_turn() -> None:
    state = _two_player().dice(1, 2, 3, 4).build()
    act(state, "Move Caudex Roma→Antium (die 1)")
    caudex = general_id("Caudex")
    assert not [a for a in state.legal_actions() if getattr(a, "general", -1) == caudex]
    with pytest.raises(game.IllegalActionError, match=r"^R4\.2"):
        state.apply_action(Move(caudex, 2, state.board.city("antium"), state.board.city("roma")))
    assert state.dice == [2, 3, 4]  # the die is used up


def test_r4_2_dice_may_be_used_in_any_order_and_generals_may_rest() -> None:
    state = _two_player().dice(1, 6).build()
    act(state, "Move Messalla Capua→Antium (die 6)")
    act(state, "Move Caudex Roma→Cosa (die 1)")
    assert state.active == 1 and state.phase == P_ROLL  # no die left: the turn ended


def test_r4_2_unused_dice_are_lost_at_the_end_of_the_turn() -> None:
    state = _two_player().dice(3, 4, 5, 6).build()
    act(state, "Move Caudex Roma→Cosa (die 3)")
    state.apply_action(EndTurn())
    assert state.active == 1 and state.phase == P_ROLL and state.dice == []
    state.apply_action(Roll((1, 1, 2, 2)))
    assert state.dice == [1, 1, 2, 2]  # nothing carried over from seat 0


def test_r4_2_the_turn_ends_by_itself_when_no_general_can_act() -> None:
    state = (
        _two_player()
        .off_board("Caudex", returns=3)
        .off_board("Messalla", returns=3)
        .off_board("Postumius", returns=3)
        .general("Duilius")
        .at("ostia")
        .dice(1, 2, 3, 4)
        .build()
    )
    act(state, "Move Duilius Ostia→Roma (die 4)")
    assert state.active == 1 and state.phase == P_ROLL


def test_r4_3_three_dice_become_one_six_once_per_turn() -> None:
    state = _two_player().dice(1, 1, 2, 4).build()
    trades = {a.dice for a in state.legal_actions() if isinstance(a, Trade)}
    assert trades == {(1, 1, 2), (1, 1, 4), (1, 2, 4)}
    act(state, "Trade 1 1 2 for a 6")
    assert state.dice == [4, 6] and state.traded
    assert not [a for a in state.legal_actions() if isinstance(a, Trade)]
    state.dice = [1, 1, 1, 4]  # even with enough dice again, no second trade
    state._legal = None
    assert not [a for a in state.legal_actions() if isinstance(a, Trade)]
    with pytest.raises(game.IllegalActionError, match=r"^R4\.3"):
        state.apply_action(Trade((1, 1, 1)))


def test_r4_3_a_trade_needs_three_unused_dice() -> None:
    state = _two_player().dice(2, 5).build()
    assert not [a for a in state.legal_actions() if isinstance(a, Trade)]
    with pytest.raises(game.IllegalActionError, match=r"^R4\.3"):
        state.apply_action(Trade((2, 5, 5)))


def test_r4_4_destroy_return_and_train_need_a_5_or_6() -> None:
    state = (
        _two_player()
        .general("Hanno")
        .at("roma")
        .general("Caudex")
        .at("cosa")
        .off_board("Hannibal", returns=0)
        .dice(1, 2, 3, 4)
        .build(active="carthaginians")
    )
    kinds = {type(a).__name__ for a in state.legal_actions()}
    assert kinds == {"Move", "Trade", "EndTurn"}
    with pytest.raises(game.IllegalActionError, match=r"^R4\.4"):
        state.apply_action(Destroy(general_id("Hanno"), 4, state.board.city("roma")))
    state.dice = [5]
    state._legal = None
    listed = texts(state)
    assert "Destroy a floor at Roma with Hanno (die 5)" in listed
    assert "Return Hannibal to Gades (die 5)" in listed
    assert "Train Hamilcar (die 5)" in listed


@pytest.mark.parametrize("players", [2, 5])
def test_r1_3_every_seat_plays_one_turn_per_round_in_seat_order(players: int) -> None:
    rng = random.Random(players)
    state = game.new_game(players, seed=players, rules=game.Rules(quests=False))
    turns = []
    while not state.is_terminal():
        if state.phase == P_ROLL and not state.draw_queue:
            turns.append((state.round, state.active))
        state.apply_action(random_action(state, rng))
    assert turns == [(r, s) for r in range(16) for s in range(players)]  # 16 rounds (R3.4)
