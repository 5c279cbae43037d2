"""The offline tools check the files they write before their work (lab.command_line): a folder
given for a file, or a path under a file, is refused with exit code 2 before an input is read
or a game played, not found when the report or the first finished game is written; a file of
another tool's lines given to a tool that appends is refused, and left as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tool_scripts import load_tool, usage_error

GONE = "gone.jsonl"  # an input that is not there: read first, it would be the error named

# The tool, its arguments with OUT where the file it writes goes, and whether it makes the
# folders on the way (a path under a file is then "a file, not a folder").
CASES = {
    "selfplay": (["--agent", "random", "--games", "1", "--out", "OUT"], True),
    "search_targets": (["sample", GONE, "--agent", "random", "--out", "OUT"], True),
    "calibrate_search": (["sample", GONE, "--out", "OUT"], True),
    "kingdom_table": (
        ["--games", "1", "1", "1", "1", "1", "--out", "book.json", "--chunks", "OUT"],
        True,
    ),
    "prepare_territories": (["--map", GONE, "--output", "OUT"], False),
}


@pytest.mark.parametrize("tool", sorted(CASES))
def test_an_output_that_cannot_be_written_is_refused_before_the_work(
    tool: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # GONE and book.json: in a folder of the test's own
    where = f"build/{tool}" if tool == "prepare_territories" else tool  # tools/build/
    main = load_tool(where, f"_strategos_{tool}_for_outputs_first").main
    afile = tmp_path / "notes.txt"
    afile.write_text("x", encoding="utf-8")
    argv, makes_folders = CASES[tool]
    under_a_file = "is a file, not a folder" if makes_folders else "there is no folder"
    for out, says in ((tmp_path, "is a folder"), (afile / "sub" / "out.json", under_a_file)):
        err = usage_error(main, [str(out) if a == "OUT" else a for a in argv], capsys)
        assert says in err and "Traceback" not in err, err
        assert GONE not in err  # refused before any input was read
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]  # nothing written


# A line each tool writes that holds "game" as the samplers' lines do.
POSITIONS = '{"game": 5, "agents": ["random", "random"], "seed": 1, "returns": [1, 0]}\n'
SAMPLE = '{"game": 5, "seed": 1, "action": 3, "visits": [0.5, 0.5], "values": [0.4, 0.6]}\n'
SAMPLERS = {  # the tool, its arguments (GAMES and SAMPLES: inputs), another tool's line
    "search_targets": (["sample", "GAMES", "--agent", "random", "--per-game", "1"], POSITIONS),
    "calibrate_search": (["sample", "GAMES", "--iterations", "1"], SAMPLE),
}


@pytest.mark.parametrize("tool", sorted(SAMPLERS))
def test_another_tool_s_file_given_as_the_output_is_refused_not_appended_to(
    tool: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Only the first key of a line was checked: another tool's recorded positions passed for
    # search samples ("1 games already in …") and the samples were appended to them.
    selfplay = load_tool("selfplay", f"_strategos_selfplay_for_{tool}_outputs")
    games, samples, out = tmp_path / "games.jsonl", tmp_path / "samples.jsonl", tmp_path / "o"
    games.write_text(json.dumps(selfplay.play("random", 1, 0, (2,))) + "\n", encoding="utf-8")
    samples.write_text(SAMPLE.replace('"game": 5', '"game": 0'), encoding="utf-8")
    argv, line = SAMPLERS[tool]
    out.write_text(line, encoding="utf-8")
    named = {"GAMES": str(games), "SAMPLES": str(samples)}
    main = load_tool(tool, f"_strategos_{tool}_for_foreign_outputs").main
    err = usage_error(main, [*(named.get(a, a) for a in argv), "--out", str(out)], capsys)
    assert f"{out}:1: not a " in err and "is it the file meant?" in err, err
    assert out.read_text(encoding="utf-8") == line


# DATA: a file the tool reads, given again as one it writes; each wrote over it at its end.
OVERLAPS = {
    "train_value": [GONE, "--test", "DATA", "--out", "m.json", "--report", "DATA"],
    "value_exit": [
        GONE, "--games", "DATA", "--outcomes", GONE, "--test-outcomes", GONE,
        "--out", "DATA", "--report", "r.json",
    ],
    "kingdom_table": ["--games", "1", "1", "1", "1", "1", "--out", "DATA", "--chunks", "DATA"],
}  # fmt: skip


@pytest.mark.parametrize("tool", sorted(OVERLAPS))
def test_an_output_that_is_an_input_or_another_output_is_refused_before_the_work(
    tool: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("numpy")
    monkeypatch.chdir(tmp_path)
    data = tmp_path / "data.jsonl"
    data.write_text("kept\n", encoding="utf-8")
    main = load_tool(tool, f"_strategos_{tool}_for_overlaps").main
    argv = [str(data) if a == "DATA" else a for a in OVERLAPS[tool]]
    err = usage_error(main, argv, capsys)
    assert f"{data} is " in err and "Traceback" not in err and GONE not in err, err
    assert "this command reads" in err or "two of the files this command writes" in err
    assert data.read_text(encoding="utf-8") == "kept\n"
