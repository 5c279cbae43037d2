"""tools/speed_rule.py: the cost of a decision for each agent, on the same positions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tool_scripts import load_tool, usage_error

speed_rule = load_tool("speed_rule", "_strategos_speed_rule_under_test")


def test_the_positions_are_the_same_every_time_and_each_is_a_choice() -> None:
    first = speed_rule.positions(1, 7, 40)
    again = speed_rule.positions(1, 7, 40)
    assert first and [s.to_json() for s in first] == [s.to_json() for s in again]
    assert all(s.num_players == 2 and len(s.legal_actions()) > 1 for s in first)
    assert len(speed_rule.positions(1, 3, 40)) > len(first)


def test_every_agent_is_timed_on_the_positions_and_reported(tmp_path: Path) -> None:
    out = tmp_path / "speed.json"
    specs = ["random", "ismcts:easy:iterations=5"]
    report = speed_rule.main([*specs, "--games", "1", "--every", "25", "--json", str(out)])
    assert json.loads(out.read_text()) == report
    assert list(report["mean_ms"]) == specs and report["decisions"] > 0
    assert all(ms >= 0 for ms in report["mean_ms"].values())


def test_an_unknown_agent_is_refused_before_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        speed_rule.main(["nope:normal"])
    assert "nope" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "says"),
    [(["--seed", str(2**63 - 1), "--games", "2"], "--seed must be"), (["--json", "."], "folder")],
)
def test_a_seed_or_report_path_that_cannot_work_is_refused_first(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        speed_rule.main(["greedy", *argv])
    assert says in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["greedy", "--every", "100000"], "--every 100000: the games held fewer decisions"),
        (["greedy", "greedy"], "greedy is given twice"),
    ],
)
def test_nothing_to_time_or_an_agent_twice_is_refused(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # No decision was timed and each agent reported at 0.0 ms, with exit code 0; an agent
    # given twice was timed twice and reported once.
    err = usage_error(speed_rule.main, [*argv, "--games", "1"], capsys)
    assert says in err
