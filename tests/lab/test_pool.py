"""Pooling arena logs of one matchup played with different seeds (``python -m lab.pool``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import CURRENT_MAP, Rules
from lab import arena, pool
from lab.settings import agent_settings

SPECS = ["policy", "random"]  # the tactics policy: a few milliseconds a game
LOGS = Path(__file__).resolve().parents[2] / "experiments" / "arena" / "logs"


def _run(tmp_path: Path, name: str, seed: int, games: int, specs: list[str] = SPECS) -> str:
    log = str(tmp_path / name)
    arena.tournament(specs, games, seed=seed, rules=Rules(), log=log)
    return log


def test_pooled_report_counts_every_game_of_every_log(tmp_path: Path) -> None:
    a = _run(tmp_path, "a.jsonl", 9, 2)
    b = _run(tmp_path, "b.jsonl", 10, 4)
    report = pool.pool([a, b])
    assert report["games"] == 6 and report["seed"] == [9, 10]
    # The same figures as one summary over both runs' games.
    games = pool.read_log(a)[1] + pool.read_log(b)[1]
    settings = [agent_settings(spec) for spec in SPECS]
    expected = arena.summarize(SPECS, games, 0, Rules(), 2, 0.0, settings)
    assert report["agents"] == expected["agents"]
    wins = sum(agent["win_share"] * agent["games"] for agent in report["agents"])
    assert wins == pytest.approx(6 - report["games_nobody_won"], abs=0.01)


def test_the_same_seed_twice_or_another_matchup_is_refused(tmp_path: Path) -> None:
    a = _run(tmp_path, "a.jsonl", 9, 2)
    again = _run(tmp_path, "again.jsonl", 9, 2)
    other = _run(tmp_path, "other.jsonl", 11, 2, ["random", "policy"])
    with pytest.raises(ValueError, match="seed 9 again"):
        pool.pool([a, again])
    with pytest.raises(ValueError, match="another matchup"):
        pool.pool([a, other])
    assert pool.main([a, other]) == 2


def test_games_of_two_maps_are_not_pooled(tmp_path: Path) -> None:
    """A log written before maps had versions names none: its games are of map 1 (R2.5)."""
    now = _run(tmp_path, "now.jsonl", 9, 2)
    before = tmp_path / "before.jsonl"
    lines = Path(_run(tmp_path, "b.jsonl", 10, 2)).read_text(encoding="utf-8").splitlines()
    entries = [{k: v for k, v in json.loads(line).items() if k != "map"} for line in lines]
    before.write_text("".join(json.dumps(e) + "\n" for e in entries), encoding="utf-8")
    assert pool.pool([str(before)])["map"] == 1 and pool.pool([now])["map"] == CURRENT_MAP
    with pytest.raises(ValueError, match=r"another matchup than .* \(map\)"):
        pool.pool([now, str(before)])


def test_a_cut_last_line_is_left_out_and_a_bad_line_refused(tmp_path: Path) -> None:
    a = _run(tmp_path, "a.jsonl", 9, 2)
    with open(a, "a", encoding="utf-8") as handle:
        handle.write('{"agents": ["policy", "rand')  # a run killed while writing
    assert pool.pool([a])["games"] == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n" + Path(a).read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad\.jsonl:1"):
        pool.pool([str(bad)])
    # A whole last line of something else is no cut write: it is refused, not left out.
    games = Path(a).read_text(encoding="utf-8").rsplit("\n", 1)[0]  # not the cut line
    bad.write_text(games + '\n{"hello": 1}', encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad\.jsonl:\d+: not a game"):
        pool.pool([str(bad)])


def test_command_line_writes_the_json_report(tmp_path: Path) -> None:
    a = _run(tmp_path, "a.jsonl", 9, 2)
    b = _run(tmp_path, "b.jsonl", 10, 2)
    out = tmp_path / "pooled.json"
    assert pool.main([a, b, "--json", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["games"] == 4 and report["logs"] == [a, b]
    assert {agent["agent"] for agent in report["agents"]} == set(SPECS)


def test_logs_of_repr_settings_still_pool() -> None:
    """The expert-vs-hard runs of experiments/README.md, logged with ``repr()`` settings before
    the options ``transpositions`` and ``minimax_weight`` existed (and on the first log's
    part, before one of them did), pool into the 195 games reported there."""
    report = pool.pool(
        [str(LOGS / "expert_vs_hard.jsonl"), str(LOGS / "expert_vs_hard_more.jsonl")]
    )
    assert report["games"] == 195 and report["seed"] == [3, 101]
    expert = report["agents"][0]
    assert expert["agent"] == "ismcts:expert" and expert["win_share"] == 0.5564
    search = expert["settings"]["two_seats"]
    assert search == expert["settings"]["more_seats"] and search["iterations"] == 10000
    assert search["evaluator"]["name"] == "hand-built" and "tree_chance" not in search
    resumed = pool.pool([str(LOGS / "expert_transpositions_vs_hard.jsonl")])
    search = resumed["agents"][0]["settings"]["two_seats"]
    assert resumed["games"] == 53 and search["transpositions"] is True


def test_a_log_that_cannot_be_read_is_named_in_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    picture = tmp_path / "picture.jsonl"
    picture.write_bytes(bytes(range(128, 256)))
    for path, says in ((picture, "is not an arena log (it is not text)"),
                       (tmp_path, "cannot be read: Is a directory"),
                       (tmp_path / "gone.jsonl", "cannot be read: No such file")):  # fmt: skip
        assert pool.main([str(path)]) == 2
        assert capsys.readouterr().err.startswith(f"pool: {path} {says}")
