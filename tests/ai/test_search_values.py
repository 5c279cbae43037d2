"""tools/search_values.py: an evaluation ranked as the search's values scores 1, reversed -1,
and the search's most visited action is checked against its own best value."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ai.helpers import small_siblings
from tests.tool_scripts import load_tool

np = pytest.importorskip("numpy")
exit_tool = load_tool("value_exit", "_strategos_value_exit_for_search_values")
tool = load_tool("search_values", "_strategos_search_values_for_tests")


def _sib() -> dict[str, Any]:
    sib = small_siblings(exit_tool)
    rng = np.random.default_rng(5)
    q = rng.uniform(0.2, 0.5, len(sib["target"]))
    q[rng.random(len(q)) < 0.15] = np.nan  # actions the search never tried
    return {**sib, "q": q}


def test_the_search_s_own_values_rank_perfectly_and_their_reverse_never() -> None:
    sib = _sib()
    q = np.nan_to_num(sib["q"], nan=0.0)
    got = tool.values_agreement({"same": q + 1.0, "reverse": -q}, sib, min_share=0.0)
    assert got["positions"] == len(sib["starts"]) == 6
    assert got["evaluations"]["same"] == {"rank_correlation": 1.0, "same_best": 1.0}
    assert got["evaluations"]["reverse"] == {"rank_correlation": -1.0, "same_best": 0.0}


def test_a_search_that_visits_what_it_values_most_is_counted_so() -> None:
    sib = _sib()
    q = sib["q"]
    led = {**sib, "target": np.where(np.isnan(q), 0.0, q)}  # visits follow the values
    got = tool.values_agreement({"flat": np.zeros(len(q))}, led, min_share=0.0)
    assert got["most_visited_is_best_valued"] == 1.0
    assert got["evaluations"]["flat"]["rank_correlation"] is None  # a flat evaluation ranks none
    against = {**sib, "target": np.where(np.isnan(q), 0.0, 1.0 - q)}  # visits the worst most
    assert tool.values_agreement({}, against, min_share=0.0)["most_visited_is_best_valued"] == 0.0


def test_too_few_well_visited_actions_count_no_position() -> None:
    sib = _sib()
    got = tool.values_agreement({"v1": sib["v1"]}, sib, min_share=0.99)
    assert got["positions"] == 0
    assert got["evaluations"]["v1"] == {"rank_correlation": None, "same_best": None}


def test_equal_values_share_their_mean_rank() -> None:
    assert list(tool.ranks(np.array([0.3, 0.1, 0.3, 0.2]))) == [2.5, 0.0, 2.5, 1.0]
    assert tool.rank_correlation(np.array([1.0, 1.0, 2.0]), np.array([0.5, 0.6, 0.9])) == (
        pytest.approx(np.sqrt(3) / 2)
    )
