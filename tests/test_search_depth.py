"""tools/search_depth.py: where a search's iterations go, by depth of the tree."""

from __future__ import annotations

import argparse

import pytest

from tests.tool_scripts import load_tool, stopped_by_ctrl_c, usage_error

search_depth = load_tool("search_depth", "_strategos_search_depth_under_test")


def test_reports_the_share_reaching_each_depth(capsys: pytest.CaptureFixture[str]) -> None:
    search_depth.main(["--level", "easy", "--positions", "1"])
    out = capsys.readouterr().out
    assert out.startswith("position 0: root visits 30,")  # easy searches 30 iterations
    shares = [float(part.split(":")[1]) for part in out.split("depth: ")[1].split()]
    assert shares[0] == 1.0
    assert shares == sorted(shares, reverse=True)  # a deeper node was reached through one above
    assert len(shares) > 2


def test_options_are_read_as_numbers_where_they_are() -> None:
    assert search_depth.parse_option("c_puct=0.25") == ("c_puct", 0.25)
    assert search_depth.parse_option("iterations=500") == ("iterations", 500)
    assert search_depth.parse_option("weights=default") == ("weights", "default")
    assert search_depth.parse_option("transpositions=false") == ("transpositions", False)
    with pytest.raises(argparse.ArgumentTypeError):
        search_depth.parse_option("c_puct")


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--level", "beginner"], "unknown difficulty 'beginner'"),
        (["--option", "speed=2"], "unknown search option(s): speed"),
        # preset()'s TypeError, a traceback; the last of two searched with, unsaid.
        (["--option", "level=hard"], "--option level=...: the preset is --level"),
        (["--option", "c_puct=1", "--option", "c_puct=2"], "--option c_puct is given twice"),
    ],
)
def test_an_unknown_level_or_option_is_named(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert says in usage_error(search_depth.main, [*argv, "--positions", "1"], capsys)


@pytest.mark.parametrize("positions", ["0", "-2"])
def test_no_position_is_refused(capsys: pytest.CaptureFixture[str], positions: str) -> None:
    # It searched nothing, printed nothing and ended with exit code 0.
    err = usage_error(search_depth.main, ["--level", "easy", "--positions", positions], capsys)
    assert f"--positions must be at least 1, not {positions}" in err


def test_ctrl_c_ends_with_one_sentence_and_code_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--level", "easy", "--positions", "1"]
    err = stopped_by_ctrl_c(
        monkeypatch, search_depth, "typical_positions", search_depth.main, argv, capsys
    )
    assert err == ("\nsearch_depth.py: stopped; nothing is kept but the positions printed\n")
