"""The learned evaluation in the runtime (standard library) equals the training code's (numpy)
to 1e-9, its chances sum to 1 for every seat count, and a model file is checked when read."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ai import learned_value
from ai.learned_value import LearnedEvaluator
from ai.model_file import ModelError
from ai.value_features import FEATURES, seat_features
from game import GameState
from tests.ai.helpers import random_game_positions
from tests.tool_scripts import load_tool

np = pytest.importorskip("numpy")
train_value = load_tool("train_value", "_strategos_train_value_for_tests")


def _positions() -> list[GameState]:
    return random_game_positions(37)


def test_runtime_chances_equal_the_training_code_to_1e_9() -> None:
    rng = random.Random(7)
    weights = tuple(rng.gauss(0.0, 0.3) for _ in FEATURES)
    runtime = LearnedEvaluator(weights)
    checked = 0
    for state in _positions():
        n = state.num_players
        x = np.zeros((1, train_value.MAX_SEATS, len(FEATURES)))
        x[0, :n] = seat_features(state, runtime.base)
        mask = np.zeros((1, train_value.MAX_SEATS), dtype=bool)
        mask[0, :n] = True
        expected = train_value.chances(np.array(weights), x, mask)[0, :n]
        got = runtime.win_chances(state)
        if state.is_terminal():
            assert got == state.returns()
            continue
        assert max(abs(a - b) for a, b in zip(got, expected, strict=True)) < 1e-9
        assert abs(sum(got) - 1.0) < 1e-12
        checked += 1
    assert checked > 40


def test_a_model_file_is_checked_when_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(learned_value, "DATA_DIR", tmp_path)
    learned_value.load_model.cache_clear()
    good = {"format": "strategos-value", "version": 1, "features": list(FEATURES),
            "weights": [0.0] * len(FEATURES)}  # fmt: skip
    (tmp_path / "good.json").write_text(json.dumps(good))
    assert LearnedEvaluator.named("good").weights == (0.0,) * len(FEATURES)
    for name, change in (
        ("other", {"features": ["points"]}),
        ("short", {"weights": [0.0]}),
        ("nan", {"weights": [float("nan")] * len(FEATURES)}),
        ("foreign", {"format": "chess"}),
    ):
        (tmp_path / f"{name}.json").write_text(json.dumps({**good, **change}))
        with pytest.raises(ModelError):
            learned_value.load_model(name)
    with pytest.raises(ModelError):
        learned_value.load_model("absent")
    # The calibration per seat count: a sharpness above 0 and a lead within (-10, 10), each
    # for a seat count of 2 to 6.
    calibrations: list[tuple[str, dict[str, object]]] = [
        ("blunt", {"sharpness": {"2": 0.0}}),
        ("seven", {"sharpness": {"7": 1.0}}),
        ("lead", {"lead": {"4": 12.0}}),
        ("leads", {"lead": [0.5]}),
    ]
    for name, calibration in calibrations:
        (tmp_path / f"{name}.json").write_text(json.dumps({**good, **calibration}))
        with pytest.raises(ModelError):
            LearnedEvaluator.named(name)
    (tmp_path / "calibrated.json").write_text(
        json.dumps({**good, "sharpness": {"2": 0.6}, "lead": {"2": 1.0, "4": -0.6}})
    )
    evaluator = LearnedEvaluator.named("calibrated")
    assert evaluator.sharpness == {2: 0.6} and evaluator.lead == {2: 1.0, 4: -0.6}
    learned_value.load_model.cache_clear()
