"""tools/value_mlp.py: its gradients are its losses', it starts exactly at the linear model, and
the pure-Python evaluation of a model with hidden units equals the training code's to 1e-9."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ai import learned_value
from ai.evaluation import Evaluator
from ai.learned_value import LearnedEvaluator, load_hidden
from ai.model_file import DATA_DIR, ModelError
from ai.value_features import FEATURES, seat_features
from tests.ai.helpers import check_hidden_layer_gradient, random_game_positions, small_siblings
from tests.tool_scripts import load_tool

np = pytest.importorskip("numpy")
tool = load_tool("value_mlp", "_strategos_value_mlp_for_tests")
exit_tool = load_tool("value_exit", "_strategos_value_exit_for_mlp_tests")
F = len(FEATURES)


def _random_params(width: int = 3, seed: int = 1) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    return {
        "w": exit_tool.v1_weights() + rng.normal(0.0, 0.05, F),
        "V": rng.normal(0.0, 0.2, (width, F)),
        "b": rng.normal(0.0, 0.3, width),
        "a": rng.normal(0.0, 0.5, width),
    }


def _small_siblings() -> dict[str, Any]:
    """Six positions' siblings, each feature scaled as the fit sees it."""
    sib = small_siblings(exit_tool)
    scale = np.sqrt((sib["x"][sib["mask"]] ** 2).mean(axis=0)) + 1e-9
    sib["x"] = sib["x"] / scale
    return sib


def test_the_siblings_gradient_is_the_loss_s() -> None:
    sib = _small_siblings()
    p = _random_params()
    log_temp = np.log(30.0)
    _, grads, g_temp = tool.sibling_loss(p, log_temp, sib)
    check_hidden_layer_gradient(lambda q: tool.sibling_loss(q, log_temp, sib)[0], p, grads)
    h = 1e-6
    numeric = (
        tool.sibling_loss(p, log_temp + h, sib)[0] - tool.sibling_loss(p, log_temp - h, sib)[0]
    ) / (2 * h)
    assert numeric == pytest.approx(g_temp, rel=1e-4, abs=1e-8)


def test_the_results_gradient_is_the_loss_s() -> None:
    sib = _small_siblings()
    rng = np.random.default_rng(3)
    winners = rng.integers(0, 2, len(sib["x"]))
    y = np.zeros(sib["mask"].shape)
    y[np.arange(len(y)), winners] = 1.0
    data = {"x": sib["x"], "mask": sib["mask"], "y": y}
    p = _random_params(seed=2)
    _, grads = tool.outcome_loss(p, data)
    check_hidden_layer_gradient(lambda q: tool.outcome_loss(q, data)[0], p, grads)


def test_the_fit_starts_at_the_linear_model() -> None:
    """With ``out`` = 0 the hidden units add nothing: the linear model's chances exactly."""
    sib = _small_siblings()
    linear = exit_tool.v1_weights()
    p = tool.start_params(linear, 4, seed=1)
    got = tool.sibling_value(p, sib)[0]
    want = exit_tool.mover_chances(linear, sib)[0]
    assert np.array_equal(got, want)


def _write_model(directory: Path, p: dict[str, Any]) -> None:
    model = tool.model_file(p, {"command": "test"})
    (directory / "value_test.json").write_text(json.dumps(model), encoding="utf-8")


def test_the_runtime_equals_the_training_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = _random_params(width=5)
    _write_model(tmp_path, p)
    monkeypatch.setattr(learned_value, "DATA_DIR", tmp_path)
    learned_value.load_model.cache_clear()
    load_hidden.cache_clear()
    try:
        runtime = LearnedEvaluator.named("value_test")
        assert len(runtime.hidden) == 5
        base = Evaluator()
        checked = 0
        for state in random_game_positions(31, seed_offset=10):
            if state.is_terminal():
                continue
            n = state.num_players
            x = np.array(seat_features(state, base))
            want = tool.chances(p, x[None], np.ones((1, n), dtype=bool))[0][0]
            got = runtime.win_chances(state)
            assert max(abs(a - b) for a, b in zip(got, want, strict=True)) < 1e-9
            assert runtime.utilities(state) == pytest.approx(
                list(tool.utilities(p, x)[0]), abs=1e-9
            )
            checked += 1
        assert checked > 40
    finally:
        learned_value.load_model.cache_clear()
        load_hidden.cache_clear()


@pytest.mark.parametrize(
    "hidden",
    [
        "not a list",
        [{"weights": [0.0] * (F - 1), "bias": 0.0, "out": 1.0}],
        [{"weights": [0.0] * F, "bias": True, "out": 1.0}],
        [{"weights": [0.0] * F, "bias": 0.0}],
        [{"weights": [float("nan")] * F, "bias": 0.0, "out": 1.0}],
    ],
)
def test_a_malformed_hidden_layer_is_a_model_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hidden: object
) -> None:
    model = tool.model_file(_random_params(), {"command": "test"})
    model["hidden"] = hidden
    (tmp_path / "value_test.json").write_text(json.dumps(model), encoding="utf-8")
    monkeypatch.setattr(learned_value, "DATA_DIR", tmp_path)
    learned_value.load_model.cache_clear()
    load_hidden.cache_clear()
    try:
        with pytest.raises(ModelError, match="hidden unit"):
            LearnedEvaluator.named("value_test")
    finally:
        learned_value.load_model.cache_clear()
        load_hidden.cache_clear()


def test_the_hidden_units_tanh_is_tanh_and_never_overflows() -> None:
    """``ai.learned_value.tanh`` goes through ``exp`` (the same bits in the browser)."""
    import math

    for z in (-800.0, -21.0, -3.5, -0.25, -1e-9, 0.0, 1e-9, 0.25, 3.5, 21.0, 800.0):
        assert learned_value.tanh(z) == pytest.approx(math.tanh(z), abs=1e-15)
    assert learned_value.tanh(800.0) == 1.0 and learned_value.tanh(-800.0) == -1.0


def test_the_fit_end_to_end_writes_a_model_the_runtime_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three recorded games, a small search's visits at three decisions of each, a short fit
    from v3: the model it writes (or the report that says why none) is read back."""
    selfplay = load_tool("selfplay", "_strategos_selfplay_for_value_mlp")
    targets = load_tool("search_targets", "_strategos_search_targets_for_value_mlp")
    games, samples = tmp_path / "games.jsonl", tmp_path / "samples.jsonl"
    assert selfplay.main(["--agent", "policy:tactics", "--games", "3", "--seed", "7",
                          "--players", "2", "--out", str(games)]) == 0  # fmt: skip
    assert targets.main(["sample", str(games), "--agent", "ismcts:normal:iterations=20",
                         "--per-game", "3", "--out", str(samples)]) == 0  # fmt: skip
    model, report = tmp_path / "value_test.json", tmp_path / "report.json"
    code = tool.main([str(samples), "--games", str(games), "--outcomes", str(games),
                      "--test-outcomes", str(games), "--hidden", "2", "--steps", "3",
                      "--out", str(model), "--report", str(report)])  # fmt: skip
    measured = json.loads(report.read_text(encoding="utf-8"))
    assert measured["v3"]["siblings"]["positions"] == measured["v1"]["siblings"]["positions"]
    assert [fit["hidden"] for fit in measured["fits"]] == [2]
    if code != 0:
        assert measured["chosen"] is None and not model.exists()
        return
    monkeypatch.setattr(learned_value, "DATA_DIR", tmp_path)
    learned_value.load_model.cache_clear()
    load_hidden.cache_clear()
    try:
        assert len(LearnedEvaluator.named("value_test").hidden) == 2
    finally:
        learned_value.load_model.cache_clear()
        load_hidden.cache_clear()


@pytest.mark.parametrize("name", sorted(p.stem for p in DATA_DIR.glob("value_*.json")))
def test_every_shipped_model_is_read_as_the_training_code_reads_it(name: str) -> None:
    """Each model in ai/data (with or without hidden units) passes the checks on reading and
    judges positions of every seat count as the numpy code does, to 1e-9."""
    runtime = LearnedEvaluator.named(name)
    assert not runtime.sharpness and not runtime.lead  # the search's models are uncalibrated
    p = tool.named_params(name)
    base = Evaluator()
    checked = 0
    for state in random_game_positions(41, seed_offset=3):
        if state.is_terminal():
            continue
        x = np.array(seat_features(state, base))
        want = tool.chances(p, x[None], np.ones((1, len(x)), dtype=bool))[0][0]
        got = runtime.win_chances(state)
        assert max(abs(a - b) for a, b in zip(got, want, strict=True)) < 1e-9
        checked += 1
    assert checked > 30
