"""The AI plays on any map (R2.5): a game of map 1 replayed from an old record and a game of a
current map unlike it (``other_current_map``), decided by the same agents in one process,
each with the tables of its own board."""

from __future__ import annotations

import random

import pytest

import game
from ai.evaluation import hand_facts, tables
from ai.registry import agent_from_spec
from game import CHANCE, GameRecord, GameState, MapSpec, get_map
from tests.test_old_files import OLD

AGENTS = ("greedy", "policy:tactics", "ismcts:easy")


def old_game_mid_way() -> GameState:
    """The old 4-seat record of map 1, replayed to a decision half-way through."""
    record = GameRecord.from_json((OLD / "record_4p_picked.json").read_text(encoding="utf-8"))
    upto = len(record.actions) // 2
    while record.replay(upto).current_player() < 0:
        upto += 1
    return record.replay(upto)


def new_game_mid_way() -> GameState:
    state = game.new_game(4, seed=8)
    rng = random.Random(8)
    while state.round < 3 or state.current_player() < 0:
        who = state.current_player()
        chosen = state.sample_chance(rng) if who == CHANCE else rng.choice(state.legal_actions())
        state.apply_action(chosen)
    return state


@pytest.mark.parametrize("spec", AGENTS)
def test_an_agent_decides_on_map_1_and_on_the_current_map(
    spec: str, other_current_map: MapSpec
) -> None:
    for state in (old_game_mid_way(), new_game_mid_way(), old_game_mid_way()):
        seat = state.current_player()
        legal = state.legal_actions()
        chosen = agent_from_spec(spec).choose(state.observe(seat), legal, random.Random(1))
        assert chosen in legal, (spec, state.board.version, chosen.describe(state.board))
    assert old_game_mid_way().board is get_map(1)
    assert new_game_mid_way().board is other_current_map


def test_the_evaluation_tables_are_each_boards_own(other_current_map: MapSpec) -> None:
    first, other = tables(get_map(1)), tables(other_current_map)
    assert first is not other and first.board is get_map(1) and other.board is other_current_map
    assert tables(get_map(1)) is first  # built once per board
    # A card number is the same card on both maps, whose city has another number on the other:
    # what a hand is after is read on the hand's own board.
    changed = [
        c.index
        for c in get_map(1).cards
        if c.type == game.QUEST_BUILD_ISLAND and other_current_map.cards[c.index].city != c.city
    ]
    assert changed  # the other map numbers its islands otherwise
    on_first, on_other = hand_facts(first, (changed[0],)), hand_facts(other, (changed[0],))
    name = get_map(1).nodes[on_first[2][0]].id
    assert other_current_map.nodes[on_other[2][0]].id == name
    assert on_first != on_other
