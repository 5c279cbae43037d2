"""The evaluation's named weight sets: what a spec's ``weights=`` may choose."""

from __future__ import annotations

import math
from dataclasses import fields

import pytest

import ai
from ai.evaluation import DEFAULT_WEIGHTS, WEIGHT_SETS, Evaluator, unplayed
from tests.ai.helpers import start_turn
from tests.ai.test_puzzles import two_player


def test_cycle_differs_from_the_baseline_only_in_the_coins_sum() -> None:
    cycle = WEIGHT_SETS["cycle"]
    changed = [
        f.name for f in fields(cycle) if getattr(cycle, f.name) != getattr(DEFAULT_WEIGHTS, f.name)
    ]
    assert changed == ["coin"]
    assert cycle.coin == 0.0


def test_cycle_values_a_seat_without_its_unplayed_coins() -> None:
    """R8.1: a seat that has spent its 3 loses v1's 0.15 a point of value, none under "cycle";
    every other part of the judgement is the same."""
    state = two_player(5)
    state.coins_played[0] = 0b10000  # the 3 (``COIN_VALUES`` order: 0, 1, 1, 2, 3)
    start_turn(state, 0, [1, 2, 3, 4])
    assert sorted(unplayed(state, 0)) == [0, 1, 1, 2]
    v1 = Evaluator(DEFAULT_WEIGHTS).seat_values(state)
    cycle = Evaluator(WEIGHT_SETS["cycle"]).seat_values(state)
    for seat, (a, b) in enumerate(zip(v1, cycle, strict=True)):
        coins = sum(unplayed(state, seat))
        assert math.isclose(a - b, DEFAULT_WEIGHTS.coin * coins, abs_tol=1e-12)


@pytest.mark.parametrize("name", sorted(WEIGHT_SETS))
@pytest.mark.parametrize("kind", ["ismcts", "ismcts-v1"])
def test_every_set_can_be_named_in_a_spec(name: str, kind: str) -> None:
    agent = ai.agent_from_spec(f"{kind}:normal:weights={name}")
    assert isinstance(agent, ai.IsmctsAgent)
    # Normal's fitted evaluation is made of no weights; its policy, and its threat evaluation
    # at more seats, are.
    assert agent.config_at(2).policy.weights is WEIGHT_SETS[name]  # type: ignore[attr-defined]
    assert agent.config_at(4).evaluator.weights is WEIGHT_SETS[name]  # type: ignore[attr-defined]
