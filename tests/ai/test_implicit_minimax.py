"""Implicit minimax backups (``SearchConfig.minimax_weight``): besides the averaged playout
values, every node keeps the evaluation of its mover's best line through the tree."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from conftest import setup_game, start_turn

import ai
from ai.ismcts import PRESETS
from ai.search import Node, Search


def _nodes(root: Node) -> Iterator[Node]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(e.child for e in node.edges.values() if e.child is not None)
        if node.joint:
            stack.extend(node.joint.values())


def _search(weight: float, dice: list[int], seed: int = 3) -> Search:
    state = setup_game(2, ["romans", "carthaginians"])
    start_turn(state, 0, dice)
    config = replace(PRESETS["normal"], iterations=500, minimax_weight=weight)
    search = Search(state.observe(0), state.legal_actions(), random.Random(seed), config)
    while not search.step(1 << 30):
        pass
    return search


def test_each_stable_node_holds_its_movers_best_child() -> None:
    search = _search(0.3, [2, 3, 5, 6])
    checked = 0
    for node in _nodes(search.root):
        if not node.stable or node.h_edge is None:
            continue
        children = [e.child for e in node.edges.values() if e.child is not None]
        valued = [c.h for c in children if c.h is not None]
        best = max(h[node.mover] for h in valued)
        assert node.h is node.h_edge.child.h  # type: ignore[union-attr]
        assert node.h is not None and node.h[node.mover] == best
        checked += 1
    assert checked > 10
    root_h = search.root.h
    assert root_h is not None and abs(sum(root_h) - 1.0) < 1e-9  # win chances of both seats


def test_off_by_default_and_then_never_computed() -> None:
    assert PRESETS["normal"].minimax_weight == 0.0
    search = _search(0.0, [2, 3, 5, 6])
    assert all(node.h is None for node in _nodes(search.root))


def test_the_weight_changes_what_the_search_visits() -> None:
    plain = _search(0.0, [1, 4, 5, 6], seed=8)
    mixed = _search(0.5, [1, 4, 5, 6], seed=8)
    visits = lambda s: sorted((e.n for e in s.root.edges.values()), reverse=True)  # noqa: E731
    assert visits(plain) != visits(mixed)


def test_an_agent_with_minimax_backups_is_deterministic_and_legal() -> None:
    state = setup_game(2, ["romans", "carthaginians"])
    start_turn(state, 0, [1, 4, 4, 6])
    agent = ai.make_agent("ismcts", level="normal", iterations=150, minimax_weight=0.3)
    legal = state.legal_actions()
    first = agent.choose(state.observe(0), legal, random.Random(5))
    again = agent.choose(state.observe(0), state.legal_actions(), random.Random(5))
    assert first == again and first in legal
