"""The files the value fits read (tools/train_value.py, tools/value_scale.py): games too few to
hold some out are refused before the fit, and several self-play files are read as one, each
file's games apart from the others' though their indices restart at 0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tool_scripts import load_tool, usage_error

np = pytest.importorskip("numpy")
train_value = load_tool("train_value", "_strategos_train_value_for_inputs")
selfplay = load_tool("selfplay", "_strategos_selfplay_for_value_inputs")


def _games(path: Path, count: int) -> Path:
    """A self-play file of ``count`` random two-seat games, numbered from 0 as selfplay's are."""
    lines = (json.dumps(selfplay.play("random", 1, index, (2,))) for index in range(count))
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def test_train_value_refuses_games_too_few_to_hold_one_out_before_the_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One game, none held out: the report measured nothing, and the model was written with
    # exit code 0.
    games = _games(tmp_path / "games.jsonl", 1)
    model, report = tmp_path / "m.json", tmp_path / "r.json"
    argv = [str(games), "--out", str(model), "--report", str(report), "--steps", "2"]
    err = usage_error(train_value.main, argv, capsys)
    assert "the data holds 1 game, 0 of them held out" in err, err
    assert "so give at least 12 games" in err
    assert not model.exists() and not report.exists()
