"""tools/value_scale.py: its minibatch gradient is the results' log loss's, a fit lowers that
loss, and only a hidden layer that beats the plain fit and v1's ranking is written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.ai.helpers import check_hidden_layer_gradient, small_siblings
from tests.tool_scripts import load_tool, usage_error

np = pytest.importorskip("numpy")
tool = load_tool("value_scale", "_strategos_value_scale_for_tests")
exit_tool = load_tool("value_exit", "_strategos_value_exit_for_scale_tests")
mlp_tool = load_tool("value_mlp", "_strategos_value_mlp_for_scale_tests")
selfplay = load_tool("selfplay", "_strategos_selfplay_for_scale_tests")


def _results() -> dict[str, Any]:
    """Positions of the random test games with a random winner each, features on one scale."""
    sib = small_siblings(exit_tool)
    x, mask = sib["x"].astype(float), sib["mask"]
    scale = np.sqrt((x[mask] ** 2).mean(axis=0)) + 1e-9
    rng = np.random.default_rng(5)
    y = np.zeros(mask.shape)
    y[np.arange(len(y)), rng.integers(0, 2, len(y))] = 1.0
    return {"x": x / scale, "mask": mask, "y": y, "scale": scale}


def _loss(p: dict[str, Any], data: dict[str, Any]) -> float:
    return float(mlp_tool.outcome_loss(p, data)[0])


@pytest.mark.parametrize("width", [0, 3])
def test_the_batch_gradient_is_the_loss_s(width: int) -> None:
    data = _results()
    p = tool.start_params(exit_tool.v1_weights() * data["scale"], width, np.random.default_rng(1))
    p["a"] = p["a"] + 0.3  # hidden units that matter, so their weights have a gradient
    grads = tool.batch_gradient(p, data["x"], data["y"], data["mask"])
    check_hidden_layer_gradient(lambda q: _loss(q, data), p, grads)


def test_a_fit_lowers_the_training_loss() -> None:
    data = _results()
    start = tool.start_params(exit_tool.v1_weights() * data["scale"], 2, np.random.default_rng(1))
    fitted = tool.fit(start, data, steps=300, batch=16, lr=0.01, l2_hidden=0.0, seed=1,
                      label="test")  # fmt: skip
    assert _loss(fitted, data) < _loss(start, data) - 0.01


def _row(log_loss: float, cross_entropy: float, searched: float = 0.8) -> dict[str, Any]:
    return {
        "held_out": {"log_loss": log_loss},
        "siblings": {"cross_entropy": cross_entropy},
        "search_games": {"log_loss": searched},
    }


@pytest.mark.parametrize(
    ("rows", "chosen"),
    [
        ({0: _row(0.80, 2.9), 8: _row(0.78, 2.6), 16: _row(0.77, 2.65)}, 16),
        ({0: _row(0.80, 2.9), 8: _row(0.78, 2.6), 16: _row(0.77, 2.75)}, None),  # ranks worse
        ({0: _row(0.80, 2.9), 8: _row(0.81, 2.5)}, None),  # forecasts no better than width 0
        ({8: _row(0.78, 2.6)}, None),  # nothing to compare with
    ],
)
def test_the_written_width_follows_the_rule(rows: dict[int, Any], chosen: int | None) -> None:
    v1 = _row(0.88, 2.70)
    fitted: dict[int, tuple[dict[str, Any], Any]] = {w: ({}, row) for w, row in rows.items()}
    assert tool.chosen_width(fitted, v1) == chosen


@pytest.mark.parametrize(
    ("rows", "chosen"),
    [
        ({0: _row(0.9, 3.1, 0.75), 8: _row(0.86, 3.2, 0.72)}, 8),  # ranking ignored
        ({0: _row(0.9, 3.1, 0.70), 8: _row(0.86, 3.2, 0.72)}, 0),
        ({0: _row(0.9, 3.1, 0.89), 8: _row(0.86, 3.2, 0.90)}, None),  # v1 forecasts better
    ],
)
def test_the_forecast_rule_goes_by_the_searched_games(
    rows: dict[int, Any], chosen: int | None
) -> None:
    v1 = _row(1.06, 2.70, 0.88)
    fitted: dict[int, tuple[dict[str, Any], Any]] = {w: ({}, row) for w, row in rows.items()}
    assert tool.forecast_width(fitted, v1) == chosen


@pytest.mark.parametrize("choose", ["ranking", "forecast"])
def test_games_too_few_to_hold_one_out_are_refused_before_the_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], choose: str
) -> None:
    # One game, none held out: the report's held-out scores were NaN, and the forecast rule
    # wrote a model with exit code 0.
    data = tmp_path / "one.jsonl"
    data.write_text(json.dumps(selfplay.play("random", 1, 0, (2,))) + "\n", encoding="utf-8")
    gone = str(tmp_path / "gone.jsonl")  # read after the check: the refusal comes first
    argv = [str(data), "--siblings", gone, "--sibling-games", gone, "--test-outcomes", gone,
            "--hidden", "0", "--steps", "5", "--compare", "--choose", choose,
            "--out", str(tmp_path / "m.json"), "--report", str(tmp_path / "r.json")]  # fmt: skip
    err = usage_error(tool.main, argv, capsys)
    assert "the data holds 1 game, 0 of them held out" in err
    assert "so give at least 12 games" in err and "gone.jsonl" not in err
    assert not (tmp_path / "m.json").exists() and not (tmp_path / "r.json").exists()
