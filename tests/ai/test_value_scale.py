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
targets = load_tool("search_targets", "_strategos_search_targets_for_scale_tests")


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


@pytest.fixture(scope="module")
def one_game(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A self-play file of one game (``games``) and a sample file of it (``samples``)."""
    folder = tmp_path_factory.mktemp("one_game")
    line = selfplay.play("random", 1, 0, (2,))
    games, samples = folder / "games.jsonl", folder / "samples.jsonl"
    games.write_text(json.dumps(line) + "\n", encoding="utf-8")
    sampled = targets.sample_game(line, 2, "ismcts:easy:iterations=8")
    samples.write_text("".join(json.dumps(s) + "\n" for s in sampled), encoding="utf-8")
    empty = folder / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    return {"games": games, "samples": samples, "empty": empty}


def _argv(tmp_path: Path, data: Path, siblings: Path, outcomes: Path, *more: str) -> list[str]:
    outputs = ["--out", str(tmp_path / "m.json"), "--report", str(tmp_path / "r.json")]
    return [str(data), "--siblings", str(siblings), "--sibling-games", str(data),
            "--test-outcomes", str(outcomes), "--hidden", "0", "--steps", "5", "--compare",
            *more, *outputs]  # fmt: skip


@pytest.mark.parametrize("choose", ["ranking", "forecast"])
def test_games_too_few_to_hold_one_out_are_refused_before_the_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], choose: str, one_game: dict[str, Path]
) -> None:
    # One game, none held out: the report's held-out scores were NaN, and the forecast rule
    # wrote a model with exit code 0. Known from the games' indices, it is refused before any
    # feature is extracted: the features cache of the games and of the searched games was
    # written by the run it refused.
    games = tmp_path / "games.jsonl"  # with no cache beside it yet
    games.write_bytes(one_game["games"].read_bytes())
    argv = _argv(tmp_path, games, one_game["samples"], games, "--choose", choose)
    err = usage_error(tool.main, argv, capsys)
    assert "the data holds 1 game, 0 of them held out" in err
    assert "so give at least 12 games" in err
    assert not (tmp_path / "m.json").exists() and not (tmp_path / "r.json").exists()
    assert not games.with_suffix(".features.npz").exists()


@pytest.mark.parametrize(
    ("more", "says"),
    [
        (["--l2-hidden", "nan"], "--l2-hidden nan is not a number: give a finite number from 0"),
        (["--l2-hidden", "-1"], "--l2-hidden -1 is below 0: give a finite number from 0"),
        (["--l2-hidden", "inf"], "--l2-hidden inf is infinite: give a finite number from 0"),
        (["--hidden", "0", "8", "0"], "--hidden 0 is given twice"),
        (["--compare", "value_nosuch"], "'value_nosuch' cannot be read"),
    ],
)
def test_a_value_that_cannot_be_fitted_is_refused_before_the_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], more: list[str], says: str
) -> None:
    # A nan --l2-hidden fitted a nan model, which --choose forecast wrote with exit code 0; a
    # width twice was fitted twice, the second replacing the first; an unknown model to
    # compare with was found only once the training games' features were made.
    gone = tmp_path / "gone.jsonl"
    err = usage_error(tool.main, _argv(tmp_path, gone, gone, gone, *more), capsys)
    assert says in err and "gone.jsonl" not in err


@pytest.mark.parametrize("empty", ["siblings", "outcomes", "data"])
def test_an_empty_input_is_named_not_a_numpy_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], empty: str, one_game: dict[str, Path]
) -> None:
    # numpy's "need at least one array to concatenate", a traceback.
    files = {"data": one_game["games"], "siblings": one_game["samples"],
             "outcomes": one_game["games"], empty: one_game["empty"]}  # fmt: skip
    argv = _argv(tmp_path, files["data"], files["siblings"], files["outcomes"])
    if empty == "data":  # the sibling games are the data file: the samples' games, apart
        argv[argv.index("--sibling-games") + 1] = str(one_game["games"])
    says = "no sampled position with actions to rank" if empty == "siblings" else "no self-play"
    err = usage_error(tool.main, argv, capsys)
    assert f"{one_game['empty']}" in err and says in err and "Traceback" not in err, err


def test_a_fit_gone_astray_is_never_written() -> None:
    # A NaN compared "not worse" than every figure, so the rules chose it.
    nan = float("nan")
    v1 = _row(1.06, 2.70, 0.88)
    fitted: dict[int, tuple[dict[str, Any], Any]] = {0: ({}, _row(nan, nan, nan))}
    assert tool.forecast_width(fitted, v1) is None
    fitted[8] = ({}, _row(nan, nan, nan))
    fitted[0] = ({}, _row(0.9, 3.0, 0.8))
    assert tool.chosen_width(fitted, v1) is None
