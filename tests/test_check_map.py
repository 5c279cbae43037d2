"""tools/build/check_map.py: the board's balance report, and a named error for a file it
cannot read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tool_scripts import load_tool

check_map = load_tool("build/check_map", "_strategos_check_map_under_test")


def test_reports_the_shipped_map(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_map.main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("== Counts\n")
    assert "closest enemy capitals:" in out


@pytest.mark.parametrize("text", [None, "not json"])
def test_a_file_it_cannot_read_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None
) -> None:
    path = tmp_path / "map.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        check_map.main([str(path)])
    assert stop.value.code == 2
    assert f"{path} cannot be read as JSON" in capsys.readouterr().err
