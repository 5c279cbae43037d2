"""tools/decision_agreement.py: how often a search picks what a bigger one picks."""

from __future__ import annotations

import pytest

from tests.tool_scripts import load_tool, stopped_by_ctrl_c, usage_error

agreement = load_tool("decision_agreement", "_strategos_decision_agreement_under_test")


def test_a_search_agrees_with_itself_on_every_position(capsys: pytest.CaptureFixture[str]) -> None:
    tallies = agreement.main(
        ["easy", "easy:iterations=5", "--reference", "easy", "--reference-seed", "3",
         "--seeds", "3", "--positions", "2"]
    )  # fmt: skip
    same = tallies["easy"]
    assert (same.agree, same.decisions) == (2, 2)  # same settings, same seed: same choice
    assert 0.0 < same.share <= 2.0
    assert same.iterations <= 2 * 30
    assert tallies["easy:iterations=5"].iterations <= 2 * 5
    out = capsys.readouterr().out
    assert "position 0 (round " in out and "position 1 (round " in out
    assert "agreement with easy (seed 3):" in out
    assert "  easy: 2/2," in out


def test_specs_name_a_preset_and_its_options() -> None:
    config = agreement.search_config("expert:c_puct=1.0")
    assert (config.iterations, config.tree.c_puct) == (10000, 1.0)
    assert agreement.search_config("hard:iterations=800").iterations == 800
    with pytest.raises(ValueError, match="unknown search option"):
        agreement.search_config("hard:speed=2")


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["hard:speed=2", "--reference", "expert"], "unknown search option(s): speed"),
        (["easy", "--reference", "beginner"], "unknown difficulty 'beginner'"),
        (["easy", "--reference", "hard", "--seeds", "1,x"], "--seeds takes whole numbers"),
        # A seed or search twice counted its decisions twice (or once as if twice).
        (["easy", "--reference", "hard", "--seeds", "1,1"], "--seeds: 1 is given twice"),
        (["easy", "easy", "--reference", "hard"], "the searches: easy is given twice"),
        # Refused as 'ismcts:ismcts:hard', a spec nobody wrote.
        (["ismcts:hard", "--reference", "expert"], "'ismcts:hard': every search here is ismcts"),
        # Backwards: a traceback from randrange; past the game's end: a minute of greedy games
        # and 0/0; not a number: int()'s own words.
        (["easy", "--reference", "hard", "--rounds", "8-2"], "--rounds takes a round or a range"),
        (["easy", "--reference", "hard", "--rounds", "500"], "from 0 to 15 (R1.3)"),
        (["easy", "--reference", "hard", "--rounds", "x"], "the first not after the last; not 'x'"),
    ],
)
def test_what_names_no_search_is_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert says in usage_error(agreement.main, [*argv, "--positions", "1"], capsys)


@pytest.mark.parametrize("positions", ["0", "-1"])
def test_no_position_to_compare_is_refused(
    capsys: pytest.CaptureFixture[str], positions: str
) -> None:
    # It compared nothing and printed 0/0, with exit code 0.
    argv = ["easy", "--reference", "hard", "--positions", positions]
    assert f"--positions must be at least 1, not {positions}" in usage_error(
        agreement.main, argv, capsys
    )


def test_ctrl_c_ends_with_one_sentence_and_code_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A traceback, where the other tools say what was kept.
    argv = ["easy", "--reference", "hard", "--positions", "1"]
    assert stopped_by_ctrl_c(monkeypatch, agreement, "decide", agreement.main, argv, capsys) == (
        "\ndecision_agreement.py: stopped; nothing is kept but the positions printed\n"
    )
