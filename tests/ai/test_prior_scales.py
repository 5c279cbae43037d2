"""tools/prior_scales.py: offsets twice as far apart give a ratio and a slope of 2, and a
flat position is left out of the ratio, not counted as one."""

from __future__ import annotations

import pytest

from tests.tool_scripts import load_tool

np = pytest.importorskip("numpy")
tool = load_tool("prior_scales", "_strategos_prior_scales_for_tests")


def test_one_ply_offsets_twice_the_policy_s_give_a_ratio_and_slope_of_two() -> None:
    tree = [np.array([0.0, -0.1, -0.3]), np.array([0.0, -0.05, -0.2, -0.4])]
    got = tool.compare([(t, 2.0 * t) for t in tree] + [(np.zeros(3), np.zeros(3))])
    assert got["positions"] == 3 and got["compared"] == 2
    assert got["median_spread_ratio"] == 2.0
    assert got["median_correlation"] == 1.0
    assert got["slope"] == 2.0


def test_the_offsets_of_a_real_position_start_at_zero_and_lie_below_it() -> None:
    from ai.bench_search import typical_positions

    (state,) = typical_positions(1, rounds=(2, 10), players=2)
    tree, root = tool.offsets(state, "normal")
    assert len(tree) == len(root) == len(state.legal_actions())
    assert tree.max() == root.max() == 0.0
    assert tree.min() < 0.0 and root.min() < 0.0
