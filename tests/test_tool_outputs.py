"""The offline tools check the files they write before their work (ai.command_line): a folder
given for a file, or a path under a file, is refused with exit code 2 before an input is read
or a game played, not found when the report or the first finished game is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tool_scripts import load_tool, usage_error

GONE = "gone.jsonl"  # an input that is not there: read first, it would be the error named

# The tool, its arguments with OUT where the file it writes goes, and whether it makes the
# folders on the way (a path under a file is then "a file, not a folder").
CASES = {
    "sibling_kinds": ([GONE, "--games", GONE, "--report", "OUT"], True),
    "search_values": ([GONE, "--games", GONE, "--report", "OUT"], True),
    "search_repeat": ([GONE, GONE, "--games", GONE, "--report", "OUT"], True),
    "prior_scales": (["--positions", "1", "--report", "OUT"], True),
    "speed_rule": (["random", "--games", "1", "--json", "OUT"], True),
    "selfplay": (["--agent", "random", "--games", "1", "--out", "OUT"], True),
    "search_targets": (["sample", GONE, "--agent", "random", "--out", "OUT"], True),
    "calibrate_search": (["sample", GONE, "--out", "OUT"], True),
    "rollout_values": ([GONE, "--games", GONE, "--out", "OUT"], True),
    "kingdom_table": (
        ["--games", "1", "1", "1", "1", "1", "--out", "book.json", "--chunks", "OUT"],
        True,
    ),
    "fit_evaluation": (
        ["play", "--agents", "random,random", "--games", "1", "--out", "OUT"],
        False,
    ),
    "prepare_territories": (["--map", GONE, "--output", "OUT"], False),
}


@pytest.mark.parametrize("tool", sorted(CASES))
def test_an_output_that_cannot_be_written_is_refused_before_the_work(
    tool: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    if tool in ("sibling_kinds", "search_values", "search_repeat", "prior_scales"):
        pytest.importorskip("numpy")
    monkeypatch.chdir(tmp_path)  # GONE and book.json: in a folder of the test's own
    main = load_tool(tool, f"_strategos_{tool}_for_outputs_first").main
    afile = tmp_path / "notes.txt"
    afile.write_text("x", encoding="utf-8")
    argv, makes_folders = CASES[tool]
    under_a_file = "is a file, not a folder" if makes_folders else "there is no folder"
    for out, says in ((tmp_path, "is a folder"), (afile / "sub" / "out.json", under_a_file)):
        err = usage_error(main, [str(out) if a == "OUT" else a for a in argv], capsys)
        assert says in err and "Traceback" not in err, err
        assert GONE not in err  # refused before any input was read
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]  # nothing written
