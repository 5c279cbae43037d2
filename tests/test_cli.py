"""``python -m game.cli``: its values are refused where they are given, before a game is played,
and a record that cannot be written is said in a sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import GameRecord, cli


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
