"""Fixtures of the engine tests. Helpers live in scenario.py (positions), playouts.py (random
games) and rules_reference.py (plain reimplementations to compare the engine with)."""

from __future__ import annotations

import pytest

from game.content import MapSpec
from tests.other_map import other_current_map
from tests.scenario import scenario_board

__all__ = ["board", "other_current_map"]  # other_current_map: a fixture for every test here


@pytest.fixture(scope="session")
def board() -> MapSpec:
    """The board the positions of the tests are written on (``tests.scenario``)."""
    return scenario_board()
