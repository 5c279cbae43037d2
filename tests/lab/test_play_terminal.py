"""``python -m lab.play_terminal``: its values are refused where they are given, before a game is
played, and a record that cannot be written is said in a sentence."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from game import GameRecord
from lab import play_terminal as cli


@pytest.mark.parametrize("rules", ["", " , ", "none,coins"])
def test_rules_that_do_not_say_which_game_are_refused(
    rules: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--quiet", "--players", "2", "--rules", rules])
    assert "not clear" in capsys.readouterr().err


def test_a_record_goes_where_it_can_be_written_or_is_refused_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for where in (tmp_path, tmp_path / "missing" / "game.json"):
        with pytest.raises(SystemExit):
            cli.main(["--quiet", "--players", "2", "--save", str(where)])
        err = capsys.readouterr().err
        assert "Traceback" not in err and ("folder" in err), err
    # An empty name was taken for no --save: the game played, and no record went anywhere.
    with pytest.raises(SystemExit):
        cli.main(["--quiet", "--players", "2", "--save", ""])
    assert "--save takes a file name" in capsys.readouterr().err
    out = tmp_path / "game.json"
    assert cli.main(["--quiet", "--players", "2", "--rules", "none", "--save", str(out)]) == 0
    assert GameRecord.from_json(out.read_text(encoding="utf-8")).replay().is_terminal()
    assert json.loads(out.read_text(encoding="utf-8"))["rules"]["coins"] is False
    assert capsys.readouterr().out.rstrip().endswith(f"Record saved to {out}")
    # A file named explicitly is replaced, as most tools do, and the output says so.
    assert cli.main(["--quiet", "--players", "3", "--save", str(out)]) == 0
    said = capsys.readouterr().out.rstrip()
    assert said.endswith(f"Record saved to {out}, replacing the file there")
    assert GameRecord.from_json(out.read_text(encoding="utf-8")).num_players == 3
    assert "replaced" in cli_help(capsys)


def cli_help(capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    return " ".join(capsys.readouterr().out.split())


# Emscripten's /proc (the engine tests also run in the browser) is an ordinary folder that
# takes new files.
@pytest.mark.skipif(
    sys.platform == "emscripten" or not os.path.isdir("/proc/self"), reason="needs Linux's /proc"
)
def test_a_folder_that_cannot_be_written_is_refused_before_the_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """/proc/self takes no new file, even from root (whom a folder's mode bits do not stop):
    the record was found unwritable only after the whole game had played."""
    with pytest.raises(SystemExit):
        cli.main(["--players", "2", "--save", "/proc/self/game.json"])
    out, err = capsys.readouterr()
    assert "/proc/self/game.json cannot be written" in err and "Traceback" not in err
    assert "Game over" not in out and not out
