"""Sequential halving at the root (``ai.halving``, option ``root_halving``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from ai.halving import SequentialHalving
from ai.presets import preset
from ai.tree import Edge
from game.actions import EndTurn, Trade
from tests.ai.helpers import searched_mid_game


def _edges(count: int) -> list[Edge]:
    return [Edge(Trade((i, i, i)) if i else EndTurn(), 0.0, 2) for i in range(count)]


def test_halving_spends_equal_visits_a_phase_and_keeps_the_better_half() -> None:
    """Eight candidates and 160 iterations: 6 visits each, then 13 each for the best four,
    then the best two share the remaining 60; the best by the ranking is chosen."""
    edges = _edges(8)
    worth = {id(e): i for i, e in enumerate(edges)}  # the last edge is the best

    def rank(es: Sequence[Edge]) -> list[Edge]:
        return sorted(es, key=lambda e: -worth[id(e)])

    halving = SequentialHalving(edges, 160, rank)
    drawn = [halving.next_edge() for _ in range(160)]
    phase1, phase2, phase3 = Counter(drawn[:48]), Counter(drawn[48:100]), Counter(drawn[100:])
    assert sorted(phase1.values()) == [6] * 8
    assert {worth[id(e)] for e in phase2} == {4, 5, 6, 7}
    assert sorted(phase2.values()) == [13] * 4
    assert {worth[id(e)]: n for e, n in phase3.items()} == {6: 30, 7: 30}
    assert halving.choice() is edges[7]
    # Round robin within a phase: a search cut short has spread its visits evenly.
    assert len(set(map(id, drawn[:8]))) == 8


def test_halving_of_one_candidate_spends_everything_on_it() -> None:
    (edge,) = _edges(1)
    halving = SequentialHalving([edge], 10, lambda es: list(es))
    assert all(halving.next_edge() is edge for _ in range(10))
    assert halving.choice() is edge


def test_the_search_halves_over_the_root_s_best_ranked_actions() -> None:
    """Only the prior's best ``root_halving`` actions are visited, all of the budget is spent,
    and the choice is the best mean among the last two, which need not be the most visited."""
    search = searched_mid_game(iterations=160, root_halving=8)
    root = search.tree.root
    visited = [e for e in root.order if e.n]
    assert visited == root.order[: len(visited)] and len(visited) == 8
    assert search.iterations == 160 and root.visits == 160
    finalists = sorted(visited, key=lambda e: -e.n)[:2]
    assert sum(e.n for e in finalists) == 6 + 6 + 13 + 13 + 60
    seat = search.seat
    bias = search.config.bias_visits
    base = root.w[seat] / root.visits

    def mean(e: Edge) -> float:
        return (e.w[seat] + bias * (base + e.v0)) / (e.n + bias)

    best = max(finalists, key=mean)
    assert search.best_action() == best.action
    assert search.explain()[0].action == best.action


def test_root_halving_off_is_the_search_as_before() -> None:
    a, b = searched_mid_game(iterations=60), searched_mid_game(iterations=60, root_halving=0)
    assert a.best_action() == b.best_action()
    assert [e.n for e in a.tree.root.order] == [e.n for e in b.tree.root.order]


def test_root_halving_needs_an_iteration_budget() -> None:
    with pytest.raises(ValueError, match="root_halving"):
        preset("normal", root_halving=8, time_ms=100.0)
    with pytest.raises(ValueError, match="whole number"):
        preset("normal", root_halving=2.5)
