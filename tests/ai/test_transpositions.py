"""Transpositions (``SearchConfig.transpositions``): one node for one position of a turn,
whatever the order of the actions that led to it (R4.2: each general acts once, each die once)."""

from __future__ import annotations

import random
from dataclasses import replace

from conftest import setup_game, start_turn

import ai
from ai.ismcts import PRESETS
from ai.search import Node, Search, position_key
from game.actions import Move


def _two_moves(dice: list[int]) -> tuple[Move, Move, object]:
    state = setup_game(2, ["romans", "carthaginians"])
    start_turn(state, 0, dice)
    moves = [a for a in state.legal_actions() if isinstance(a, Move)]
    first = moves[0]
    # A move of another general with another die, possible before and after the first.
    second = next(
        m
        for m in moves
        if m.general != first.general and m.die != first.die and m.dest != first.dest
    )
    return first, second, state


def test_two_orders_of_a_turns_moves_reach_one_key() -> None:
    first, second, state = _two_moves([2, 3, 5, 6])
    a, b = state.clone(), state.clone()
    a.apply_action(first)
    a.apply_action(second)
    b.apply_action(second)
    b.apply_action(first)
    assert position_key(a, 0) == position_key(b, 0)
    c = state.clone()
    c.apply_action(first)
    assert position_key(c, 0) != position_key(a, 0)


def test_other_seats_hands_do_not_split_a_position() -> None:
    """R11: the key holds only what the searching seat may see."""
    _, _, state = _two_moves([1, 2, 3, 4])
    other = state.clone()
    other.hands[1] = ()
    assert position_key(other, 0) == position_key(state, 0)
    other.hands[0] = ()
    assert position_key(other, 0) != position_key(state, 0)


def _shared_nodes(root: Node) -> int:
    """Nodes with more than one edge leading to them."""
    parents: dict[int, int] = {}
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        for edge in node.edges.values():
            child = edge.child
            if child is None:
                continue
            parents[id(child)] = parents.get(id(child), 0) + 1
            if id(child) not in seen:
                seen.add(id(child))
                stack.append(child)
    return sum(1 for count in parents.values() if count > 1)


def test_the_search_merges_orders_only_when_asked() -> None:
    _, _, state = _two_moves([2, 3, 5, 6])
    view = state.observe(0)
    for on in (False, True):
        config = replace(PRESETS["normal"], iterations=600, transpositions=on)
        search = Search(view, state.legal_actions(), random.Random(3), config)
        while not search.step(1 << 30):
            pass
        assert (_shared_nodes(search.root) > 0) == on
        assert search.best_action() in state.legal_actions()


def test_an_agent_with_transpositions_is_deterministic_and_legal() -> None:
    _, _, state = _two_moves([1, 4, 4, 6])
    agent = ai.make_agent("ismcts", level="normal", iterations=150, transpositions=True)
    legal = state.legal_actions()
    first = agent.choose(state.observe(0), legal, random.Random(5))
    again = agent.choose(state.observe(0), state.legal_actions(), random.Random(5))
    assert first == again and first in legal
