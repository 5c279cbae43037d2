"""Where the results fits take their samples (tools/train_value.py): the turn starts, or a
seeded share of every position where a seat decides, the same on one process or two, and kept
in a cache of its own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ai.chances import is_turn_start
from game import CHANCE, GameRecord
from tests.tool_scripts import load_tool

np = pytest.importorskip("numpy")
train_value = load_tool("train_value", "_strategos_train_value_for_samples")
selfplay = load_tool("selfplay", "_strategos_selfplay_for_samples")


@pytest.fixture(scope="module")
def games() -> list[dict[str, Any]]:
    return [selfplay.play("policy:tactics", 5, index, (2, 3)) for index in range(3)]


def _fingerprints(states: list[Any]) -> list[str]:
    return [s.to_json() for s in states]


def test_every_share_samples_turn_starts_and_decisions_only(games: list[dict[str, Any]]) -> None:
    record = GameRecord.from_dict(games[0]["record"])
    everything = train_value.decisions(record, 1.0, seed=1)
    assert everything and all(is_turn_start(s) or s.current_player() != CHANCE for s in everything)
    assert set(_fingerprints(train_value.turn_starts(record))) <= set(_fingerprints(everything))
    some = train_value.decisions(record, 0.3, seed=1)
    assert _fingerprints(some) == _fingerprints(train_value.decisions(record, 0.3, seed=1))
    assert set(_fingerprints(some)) <= set(_fingerprints(everything))
    assert 0 < len(some) < 0.6 * len(everything)
    assert _fingerprints(some) != _fingerprints(train_value.decisions(record, 0.3, seed=2))


def test_sampled_decisions_load_alike_on_two_processes_and_from_the_cache(
    tmp_path: Path, games: list[dict[str, Any]]
) -> None:
    data = tmp_path / "games.jsonl"
    data.write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")
    two = train_value.load(data, share=0.25, jobs=2)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "games.decisions0.25.features.npz", "games.jsonl"
    ]  # fmt: skip
    cached = train_value.load(data, share=0.25)
    uncached = data.rename(tmp_path / "same.jsonl")  # the same games, read anew on one process
    one = train_value.load(uncached, share=0.25, jobs=1)
    starts = train_value.load(uncached)
    for name in ("game", "x", "v1", "y", "mask"):
        assert np.array_equal(two[name], one[name]) and np.array_equal(two[name], cached[name])
    assert len(starts["x"]) != len(two["x"])
    with pytest.raises(ValueError, match="share"):
        train_value.load(uncached, share=1.5)


def test_exploring_self_play_departs_from_the_policy_among_its_best_five(
    games: list[dict[str, Any]],
) -> None:
    """``--explore``: the same game with a share of its decisions drawn among the tactics
    policy's five best differs from the policy's own game, is the same again for the same seed
    and index, and says how it was played; at 0 it is the policy's game exactly."""
    plain = games[0]
    assert selfplay.play("policy:tactics", 5, 0, (2, 3), explore=0.0) == plain
    explored = selfplay.play("policy:tactics", 5, 0, (2, 3), explore=0.3)
    assert explored == selfplay.play("policy:tactics", 5, 0, (2, 3), explore=0.3)
    assert explored["explore"] == 0.3 and "explore" not in plain
    assert explored["record"]["actions"] != plain["record"]["actions"]
    GameRecord.from_dict(explored["record"]).replay()  # every action legal where it was played
    with pytest.raises(SystemExit):
        selfplay.main(["--agent", "policy:tactics", "--games", "1", "--out", "x", "--explore", "2"])
