"""The "threat" evaluator: v1's judgement, less what the next enemy turn is likely to cost."""

from __future__ import annotations

import pytest

from ai.evaluation import Evaluator
from ai.threat_eval import ThreatEvaluator
from game import GameState
from tests.ai.helpers import general, place, start_turn
from tests.ai.test_puzzles import two_player


def _roman_in_carthago(enemy: str | None, enemy_level: int = 4) -> GameState:
    """A level-1 Roman standing in Carthago (R6.1: it destroys next turn if it survives),
    with a Carthaginian general of ``enemy_level`` in ``enemy`` (or none on the board)."""
    state = two_player(5)
    place(state, general("romans", 0), "carthago", level=1)
    place(state, general("romans", 1), "roma", level=1)
    if enemy is not None:
        place(state, general("carthaginians", 0), enemy, level=enemy_level)
    start_turn(state, 1, [1, 2, 3, 4])
    return state


def test_with_no_enemy_in_reach_it_judges_as_v1() -> None:
    state = _roman_in_carthago(None)
    assert ThreatEvaluator().win_chances(state) == Evaluator().win_chances(state)


def test_a_general_next_to_a_stronger_enemy_counts_for_less() -> None:
    """R7.2, R8.4: the level-4 Carthaginian one route away beats the level-1 Roman in Carthago
    before it can destroy, so the Romans' imminent floor is worth less than v1 says."""
    state = _roman_in_carthago("utica")
    v1 = Evaluator().win_chances(state)
    threat = ThreatEvaluator().win_chances(state)
    assert threat[0] < v1[0] - 0.01
    assert sum(threat) == pytest.approx(1.0)


def test_the_discount_grows_with_the_enemy_and_with_exposure() -> None:
    weak, strong = _roman_in_carthago("utica", 1), _roman_in_carthago("utica", 4)
    assert ThreatEvaluator().win_chances(strong)[0] < ThreatEvaluator().win_chances(weak)[0]
    assert (
        ThreatEvaluator(exposure=1.0).win_chances(strong)[0]
        < (ThreatEvaluator(exposure=0.5).win_chances(strong)[0])
    )
