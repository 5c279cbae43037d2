"""Tactical puzzles with one clearly right idea; the agent plays its whole turn."""

from __future__ import annotations

import random

import pytest

import ai
from ai.agents import Agent
from game import (
    CHANCE,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    Action,
    GameState,
)
from game.actions import Build, CommitCoin, Destroy, EndTurn, Move, Return
from tests.ai.helpers import city, general, give_cards, place, setup_game, start_turn

AGENTS = ["greedy", "ismcts:normal", "ismcts:hard:iterations=400"]


def play_turn(state: GameState, agent: Agent, seed: int) -> list[Action]:
    """Let ``agent`` play the active seat's turn to its end (battles included); other seats'
    questions (Halt or Pass, coins) are answered by the greedy agent. Returns the seat's moves."""
    seat = state.active
    other = ai.make_agent("greedy")
    rng = random.Random(seed)
    mine: list[Action] = []
    while not state.is_terminal():
        who = state.current_player()
        if who == CHANCE:
            if state.active != seat:
                break  # the next turn is about to start
            state.apply_action(state.sample_chance(rng))
            continue
        if state.active != seat:
            break
        legal = state.legal_actions()
        actor = agent if who == seat else other
        action = actor.choose(state.observe(who), legal, rng) if len(legal) > 1 else legal[0]
        if who == seat:
            mine.append(action)
        state.apply_action(action)
    return mine


def two_player(seed: int = 5) -> GameState:
    """Romans against Carthaginians with the board cleared of the starting positions:
    every general far from the action (on the time track) unless a puzzle places it."""
    state = setup_game(2, ["romans", "carthaginians"], seed=seed)
    for g in range(24):
        if state.gen_city[g] >= 0:
            state.gen_city[g] = -1
            state.gen_return[g] = 99
    return state


Deployment = list[tuple[str, int | None]]


def deployed(romans: Deployment, carthaginians: Deployment) -> GameState:
    """``two_player()`` with each kingdom's generals placed slot by slot: (city, level), the
    level ``None`` to keep the general's own."""
    state = two_player()
    for kingdom, places in (("romans", romans), ("carthaginians", carthaginians)):
        for slot, (where, level) in enumerate(places):
            place(state, general(kingdom, slot), where, level=level)
    return state


@pytest.mark.parametrize("spec", AGENTS)
def test_destroys_the_floor_that_wins(spec: str) -> None:
    """R9.7: at 6 points, the first floor of an enemy (R9.4) is the seventh point."""
    state = two_player()
    place(state, general("romans", 0), "carthago", level=2)
    place(state, general("romans", 1), "roma")
    place(state, general("romans", 2), "capua")
    place(state, general("carthaginians", 0), "gades")
    place(state, general("carthaginians", 1), "lilybaeum")
    state.points = [6, 2]
    start_turn(state, 0, [1, 2, 3, 5])
    mine = play_turn(state, ai.agent_from_spec(spec), seed=1)
    assert any(isinstance(a, Destroy) and a.city == city("carthago") for a in mine), mine
    assert state.points[0] == 7


@pytest.mark.parametrize("spec", AGENTS)
def test_closes_out_a_game_already_decided(spec: str) -> None:
    """R9.7: six points to none with two years left, the game is won whatever this turn does,
    and a search whose chances all read "won" could stop telling moves apart. The destroy that
    makes the seventh point ends the game with this round: the sooner win comes first."""
    state = two_player()
    place(state, general("romans", 0), "carthago", level=3)
    place(state, general("romans", 1), "roma", level=3)
    place(state, general("romans", 2), "capua", level=3)
    place(state, general("carthaginians", 0), "gades")
    place(state, general("carthaginians", 1), "lilybaeum")
    state.points = [6, 0]
    state.round = 8
    start_turn(state, 0, [2, 3, 4, 6])
    mine = play_turn(state, ai.agent_from_spec(spec), seed=2)
    assert any(isinstance(a, Destroy) and a.city == city("carthago") for a in mine), [
        str(a) for a in mine
    ]
    assert state.points[0] == 7


def guard_puzzle() -> GameState:
    """Roma's turn: a general may come back (dice 1 1 2 5) while a level-3 enemy waits at
    Ostia, next door to Roma."""
    state = two_player()
    place(state, general("romans", 0), None, level=2)
    place(state, general("romans", 1), None, level=2)
    place(state, general("romans", 2), "capua")
    place(state, general("romans", 3), "gades")
    place(state, general("carthaginians", 0), "ostia", level=3)
    place(state, general("carthaginians", 1), "carthago")
    place(state, general("carthaginians", 2), "lilybaeum")
    start_turn(state, 0, [1, 1, 2, 5])
    return state


def guards_roma(state: GameState, mine: list[Action]) -> bool:
    """After the turn: a general came back and one of the seat's generals stands in Roma."""
    roma = city("roma")
    guarded = any(state.gen_city[g] == roma for g in state.generals_of(0))
    return any(isinstance(a, Return) for a in mine) and guarded


@pytest.mark.parametrize("spec", AGENTS)
def test_returns_a_general_to_guard_the_threatened_capital(spec: str) -> None:
    """R6.2: the general coming back should stand in Roma, where a strong enemy waits next
    door (R7.2: a defender on a tower fights with +1), not in quiet Tarentum. The turn's draws
    and battles differ by seed, and a search at normal's budget sometimes chases a destroy
    instead: judged on five seeded turns, at least four must guard Roma."""
    missed = []
    for seed in range(5):
        state = guard_puzzle()
        mine = play_turn(state, ai.agent_from_spec(spec), seed=seed)
        if not guards_roma(state, mine):
            missed.append(f"seed {seed}: {[str(a) for a in mine]}")
    assert len(missed) <= 1, missed


def last_floor_puzzle(dice: list[int]) -> GameState:
    """Roma down to its last floor, a Roman at level 2 on it and a level-3 Carthaginian at
    Ostia, next door; the seat's other generals and a quest card pull elsewhere."""
    state = deployed(
        [("roma", 2), ("capua", 2), ("tarentum", 2)],
        [("ostia", 3), ("carthago", None), ("lilybaeum", None)],
    )
    state.floors[city("roma")] = 1
    give_cards(state, 0, ["ord_lilybaeum_1"])
    start_turn(state, 0, dice)
    return state


@pytest.mark.parametrize("spec", AGENTS)
def test_does_not_walk_off_a_capitals_last_floor_with_an_enemy_next_door(spec: str) -> None:
    """R6.1, R9.4: an empty Roma lets the enemy at Ostia walk in and take its last floor (a
    point, and with a "destroy completely" card three). Whatever the dice, a general stays in
    Roma or another comes in. (Random play keeps it in 1 of 12 such turns.)"""
    roma = city("roma")
    for seed, dice in enumerate(([1, 2, 3, 4], [2, 3, 4, 5], [1, 1, 3, 6])):
        state = last_floor_puzzle(dice)
        mine = play_turn(state, ai.agent_from_spec(spec), seed=seed)
        assert any(state.gen_city[g] == roma for g in state.generals_of(0)), [str(a) for a in mine]


@pytest.mark.parametrize("spec", AGENTS)
def test_does_not_walk_a_level_1_general_into_a_level_4_one(spec: str) -> None:
    """R7.2: level 1 against level 4 on a tower (+1) loses almost surely."""
    state = deployed(
        [("panormus", 1), ("roma", 1), ("tarentum", 1)],
        [("lilybaeum", 4), ("carthago", 2), ("gades", 2)],
    )
    give_cards(state, 0, ["ord_lilybaeum_1"])  # a tempting target: a quest names it
    start_turn(state, 0, [1, 2, 3, 4])
    mine = play_turn(state, ai.agent_from_spec(spec), seed=3)
    lilybaeum = city("lilybaeum")
    assert not any(isinstance(a, Move) and a.dest == lilybaeum for a in mine), [
        str(a) for a in mine
    ]


SEARCHES = [spec for spec in AGENTS if spec.startswith("ismcts")]


@pytest.mark.parametrize("spec", SEARCHES)
def test_builds_the_island_floor_that_wins(spec: str) -> None:
    """R9.5, R9.7: at 4 points, the second floor on Caralis completes a special quest (3 points)
    and the 7th point. (Greedy's one-ply look at the v1 evaluation misses it: the evaluation
    does not know that the game ends with this round.)"""
    state = two_player()
    place(state, general("romans", 0), "caralis", level=2)
    place(state, general("romans", 1), "roma")
    place(state, general("romans", 2), "capua")
    place(state, general("carthaginians", 0), "gades")
    place(state, general("carthaginians", 1), "lilybaeum")
    give_cards(state, 0, ["isl_caralis_1"])
    state.island_stack[city("caralis")] = (1,)  # a Carthaginian floor counts towards the 2
    state.floors[city("caralis")] = 1
    state.points = [4, 5]
    start_turn(state, 0, [1, 2, 3, 5])
    mine = play_turn(state, ai.agent_from_spec(spec), seed=4)
    assert any(isinstance(a, Build) for a in mine), [str(a) for a in mine]
    assert state.points[0] == 7


@pytest.mark.parametrize("spec", AGENTS)
def test_completes_the_quest_its_general_stands_on(spec: str) -> None:
    """R9.3, R9.4: a general in Lilybaeum since the turn began, a card naming it, a 6."""
    state = two_player()
    place(state, general("romans", 0), "lilybaeum", level=2)
    place(state, general("romans", 1), "roma")
    place(state, general("romans", 2), "capua")
    place(state, general("carthaginians", 0), "gades")
    place(state, general("carthaginians", 1), "carthago")
    give_cards(state, 0, ["ord_lilybaeum_1"])
    state.points = [2, 2]
    start_turn(state, 0, [2, 3, 4, 6])
    mine = play_turn(state, ai.agent_from_spec(spec), seed=5)
    assert any(isinstance(a, Destroy) and a.city == city("lilybaeum") for a in mine), mine
    assert state.points[0] == 3


@pytest.mark.parametrize("spec", AGENTS)
def test_steps_onto_the_city_its_quest_names(spec: str) -> None:
    """R6.1, R9.4: a card to destroy a floor of Lilybaeum, a level-3 Roman one move away at
    Panormus, no enemy there: standing in Lilybaeum when the next turn starts is what lets a 5
    or 6 complete the quest then, so the general steps in now. (Random play does in 1 of 9
    such turns.)"""
    lilybaeum = city("lilybaeum")
    for seed, dice in enumerate(([1, 2, 3, 4], [2, 3, 4, 5], [1, 1, 3, 6])):
        state = deployed(
            [("panormus", 3), ("roma", 2), ("capua", 2)], [("gades", 2), ("carthago", 1)]
        )
        give_cards(state, 0, ["ord_lilybaeum_1"])
        state.points = [2, 2]
        start_turn(state, 0, dice)
        mine = play_turn(state, ai.agent_from_spec(spec), seed=seed)
        assert any(state.gen_city[g] == lilybaeum for g in state.generals_of(0)), [
            str(a) for a in mine
        ]


def _battle_at_panormus(
    attacker_level: int, defender_level: int, defender_played: int
) -> GameState:
    """A Roman at Messana has moved onto a Carthaginian at Panormus (no tower) and ended the
    turn: the attacker is to commit its coin (R8.1); the defender has played the coins of
    ``defender_played`` (a bitmask over ``game.core.COIN_VALUES``)."""
    state = two_player()
    attacker = general("romans", 0)
    place(state, attacker, "messana", level=attacker_level)
    place(state, general("carthaginians", 0), "panormus", level=defender_level)
    place(state, general("romans", 1), "roma")
    place(state, general("carthaginians", 1), "carthago")
    state.coins_played = [0, defender_played]
    start_turn(state, 0, [1, 2, 3, 4])
    state.apply_action(next(a for a in state.legal_actions()
                            if isinstance(a, Move) and a.general == attacker
                            and a.dest == city("panormus")))  # fmt: skip
    while state.phase in (P_HALT, P_CONTINUE):
        state.apply_action(state.legal_actions()[0])  # Halt, or stop there
    state.apply_action(next(a for a in state.legal_actions() if isinstance(a, EndTurn)))
    assert state.phase == P_COIN_ATTACKER
    return state


@pytest.mark.parametrize("spec", AGENTS)
def test_keeps_its_3_coin_when_the_battle_is_won_before_the_roll(spec: str) -> None:
    """R7.2, R8.1, R8.3: level 4 against level 1 with only the blank left: at least 4 against
    at most 3 whatever the dice, so the blank is the coin to spend."""
    state = _battle_at_panormus(4, 1, defender_played=0b11110)
    action = ai.agent_from_spec(spec).choose(state.observe(0), state.legal_actions(),
                                             random.Random(6))  # fmt: skip
    assert action == CommitCoin(0)


@pytest.mark.parametrize("spec", AGENTS)
def test_keeps_its_3_coin_when_the_battle_is_lost_before_the_roll(spec: str) -> None:
    """R8.1, R8.3: the defender at level 1 (at most 1 + 2 + 3) against level 4 and its 3 coin
    (at least 7) loses whatever it plays."""
    state = _battle_at_panormus(4, 1, defender_played=0)
    state.apply_action(CommitCoin(3))
    assert state.phase == P_COIN_DEFENDER
    action = ai.agent_from_spec(spec).choose(state.observe(1), state.legal_actions(),
                                             random.Random(7))  # fmt: skip
    assert action == CommitCoin(0)
