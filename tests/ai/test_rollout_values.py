"""Action values by rollouts with common random numbers (tools/rollout_values.py): one line per
sampled position, a value for each action the root weighs and none for the others, the same
again for the same seed, resumable, and measured against the search's choice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game import GameRecord
from tests.tool_scripts import load_tool

selfplay = load_tool("selfplay", "_strategos_selfplay_for_rollout_values")
targets = load_tool("search_targets", "_strategos_search_targets_for_rollout_values")
tool = load_tool("rollout_values", "_strategos_rollout_values_for_tests")


@pytest.fixture(scope="module")
def sampled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("rollouts")
    games, samples = folder / "games.jsonl", folder / "samples.jsonl"
    assert selfplay.main(["--agent", "policy:tactics", "--games", "2", "--seed", "7",
                          "--players", "2", "--out", str(games)]) == 0  # fmt: skip
    assert targets.main(["sample", str(games), "--agent", "ismcts:normal:iterations=20",
                         "--per-game", "2", "--out", str(samples)]) == 0  # fmt: skip
    return games, samples


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(t) for t in path.read_text(encoding="utf-8").splitlines() if t.strip()]


def test_every_weighed_action_gets_a_win_chance_and_the_run_resumes(
    tmp_path: Path, sampled: tuple[Path, Path]
) -> None:
    games, samples = sampled
    out = tmp_path / "rollouts.jsonl"
    argv = [str(samples), "--games", str(games), "--rollouts", "2", "--turns", "0",
            "--out", str(out)]  # fmt: skip
    assert tool.main(argv) == 0
    rolled = _lines(out)
    wanted = [s for s in _lines(samples) if "visits" in s]
    assert len(rolled) == len(wanted) > 0
    records = {int(d["index"]): GameRecord.from_dict(d["record"]) for d in _lines(games)}
    for line in rolled:
        sample = next(
            s for s in wanted if (s["game"], s["action"]) == (line["game"], line["action"])
        )
        values = line["values"]
        assert isinstance(values, list) and len(values) == len(sample["visits"])
        state = targets.positions(records[int(line["game"])], [int(line["action"])])[0]
        assert [v is not None for v in values] == tool.weighed(state)
        assert all(0.0 <= v <= 1.0 for v in values if v is not None)
    assert tool.main(argv) == 0 and _lines(out) == rolled  # nothing left to do: nothing added
    measured = tool.measure(samples, games, out)
    assert measured["positions"] == sum(
        sum(v is not None for v in line["values"]) >= 2 for line in rolled
    )


def test_the_same_seed_gives_the_same_values_and_bad_options_are_refused(
    sampled: tuple[Path, Path],
) -> None:
    games, samples = sampled
    sample = next(s for s in _lines(samples) if "visits" in s)
    line = next(d for d in _lines(games) if d["index"] == sample["game"])
    record = GameRecord.from_dict(line["record"])
    state = targets.positions(record, [int(sample["action"])])[0]
    first = tool.action_values(state, 2, 0, "s")
    assert first == tool.action_values(state, 2, 0, "s")
    with pytest.raises(SystemExit):
        tool.main([str(samples), "--games", str(games), "--rollouts", "0", "--out", "x"])
