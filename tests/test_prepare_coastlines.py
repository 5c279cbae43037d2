"""tools/build/prepare_coastlines.py: an input that is not a world-atlas land topology, or an output
that cannot be written, is refused in one line with exit code 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tool_scripts import load_tool, usage_error

coastlines = load_tool("build/prepare_coastlines", "_strategos_prepare_coastlines_for_tests")

NO_LAND = {"type": "Topology", "objects": {}, "arcs": []}
BAD_ARCS = {
    "type": "Topology",
    "objects": {"land": {"type": "GeometryCollection", "geometries": [
        {"type": "Polygon", "arcs": [[0]]}]}},
    "arcs": "x",
}  # fmt: skip


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"", "not a TopoJSON topology: the file is empty"),
        (b'{"type": "Topology", "arcs": [', "its text is not JSON"),
        (b"\x00\xff\xfe", "is not text"),
        (b"[1, 2]", "not a TopoJSON topology (not a JSON object)"),
        (json.dumps(NO_LAND).encode(), "has no object named 'land'"),
        (json.dumps(BAD_ARCS).encode(), "is not a world-atlas land topology"),
    ],
    ids=["empty", "cut_short", "binary", "array", "no_land", "bad_arcs"],
)
def test_an_input_that_is_not_a_land_topology_is_refused(
    tmp_path: Path, content: bytes, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    land = tmp_path / "land-50m.json"
    land.write_bytes(content)
    out = tmp_path / "coast.py"
    err = usage_error(coastlines.main, [str(land), str(out)], capsys)
    assert says in err and "Traceback" not in err
    assert not out.exists()


def test_a_missing_input_a_folder_or_an_unwritable_output_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "coast.py"
    gone = tmp_path / "gone.json"
    assert "cannot be read" in usage_error(coastlines.main, [str(gone), str(out)], capsys)
    assert "cannot be read" in usage_error(coastlines.main, [str(tmp_path), str(out)], capsys)
    land = tmp_path / "land.json"
    land.write_text(json.dumps(NO_LAND), encoding="utf-8")
    err = usage_error(coastlines.main, [str(land), str(tmp_path / "no" / "c.py")], capsys)
    assert "there is no folder" in err
    err = usage_error(coastlines.main, [str(land), str(out), "--tolerance", "-1"], capsys)
    assert "--tolerance and --min-area must be 0 or more" in err
