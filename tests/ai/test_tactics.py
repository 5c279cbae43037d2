"""Tactical sense: positions built by hand where one choice is plainly wrong or plainly right
(the mistakes people notice most). Every search level from normal up must get them right."""

from __future__ import annotations

import random

import pytest

from game.actions import CommitCoin, Move, Trade
from game.kinds import COMMIT_COIN
from lab.baselines import agent_from_spec
from tests.ai.helpers import city, general, give_cards, place, start_turn
from tests.ai.test_puzzles import play_turn, two_player

AGENTS = ["ismcts:normal", "ismcts-v1:normal", "ismcts:hard:iterations=400", "policy:tactics"]


@pytest.mark.parametrize("spec", AGENTS)
def test_never_trades_away_a_6_for_a_6(spec: str) -> None:
    """R4.3: three dice that include a 6 traded for one 6 lose two dice for nothing."""
    state = two_player(5)
    place(state, general("romans", 0), "roma")
    place(state, general("romans", 1), "capua")
    place(state, general("romans", 2), "tarentum")
    place(state, general("carthaginians", 0), "carthago")
    place(state, general("carthaginians", 1), "gades")
    for seed, dice in enumerate(([1, 2, 6, 6], [1, 1, 1, 6], [2, 3, 4, 6])):
        trial = state.clone()
        start_turn(trial, 0, dice)
        mine = play_turn(trial, agent_from_spec(spec), seed=seed)
        bad = [a for a in mine if isinstance(a, Trade) and 6 in a.dice]
        assert not bad, [str(a) for a in mine]


@pytest.mark.parametrize("spec", AGENTS)
def test_keeps_the_guard_on_the_last_floor(spec: str) -> None:
    """R6.1: Roma holds the Romans' last floor, and a Carthaginian general two routes away
    would destroy it unopposed; the Roman general standing in Roma stays there."""
    state = two_player(6)
    roma = city("roma")
    for capital in ("capua", "tarentum"):
        c = city(capital)
        state.trophies[1 * 2 + 0] += state.floors[c]
        state.floors[c] = 0
    state.trophies[1 * 2 + 0] += state.floors[roma] - 1
    state.floors[roma] = 1
    guard = general("romans", 0)
    place(state, guard, "roma", level=2)
    place(state, general("romans", 1), "tarentum")
    place(state, general("carthaginians", 0), "antium", level=2)
    place(state, general("carthaginians", 1), "carthago")
    start_turn(state, 0, [2, 3, 4, 5])
    mine = play_turn(state, agent_from_spec(spec), seed=4)
    assert state.gen_city[guard] == roma, [str(a) for a in mine]


@pytest.mark.parametrize("spec", AGENTS)
def test_walks_to_the_quest_one_move_away(spec: str) -> None:
    """R9.4: a card asks for a floor of Carthago, undefended and one move from a Roman
    general; standing there now is the destroy next turn (R6.1)."""
    state = two_player(7)
    give_cards(state, 0, ["ord_carthago_1"])
    place(state, general("romans", 0), "utica", level=2)
    place(state, general("romans", 1), "roma")
    place(state, general("romans", 2), "capua")
    place(state, general("carthaginians", 0), "gades")
    place(state, general("carthaginians", 1), "lilybaeum")
    start_turn(state, 0, [1, 2, 3, 4])
    mine = play_turn(state, agent_from_spec(spec), seed=5)
    carthago = city("carthago")
    assert any(isinstance(a, Move) and a.dest == carthago for a in mine), [str(a) for a in mine]


@pytest.mark.parametrize("spec", AGENTS)
def test_keeps_the_3_coin_out_of_a_decided_battle(spec: str) -> None:
    """R8.3: a level-4 attacker against a level-1 defender without a tower, who has only its
    blank coin left, leads by 3, more than the battle dice (0-2) can undo: spending the 3 on
    a battle already won wastes it."""
    state = two_player(8)
    attacker = general("romans", 0)
    defender = general("carthaginians", 0)
    place(state, attacker, "neapolis", level=4)
    place(state, defender, "rhegium", level=1)
    place(state, general("carthaginians", 1), "carthago")
    place(state, general("romans", 1), "roma")
    state.coins_played[1] = 0b11110  # the defender has only its blank coin left
    start_turn(state, 0, [1, 2, 3, 4])
    move = next(
        a
        for a in state.legal_actions()
        if isinstance(a, Move) and a.general == attacker and a.dest == city("rhegium")
    )
    state.apply_action(move)
    rng = random.Random(1)
    agent = agent_from_spec(spec)
    while state.current_player() == 0 and state.legal_actions()[0].kind != COMMIT_COIN:
        legal = state.legal_actions()
        state.apply_action(next((a for a in legal if str(a) == "End turn"), legal[0]))
    assert state.legal_actions()[0].kind == COMMIT_COIN
    coin = agent.choose(state.observe(0), state.legal_actions(), rng)
    assert isinstance(coin, CommitCoin) and coin.value == 0, coin
