"""Values of the offline tools' command lines that cannot be used: refused as argparse
refuses them (one line, exit code 2) before any work, never a traceback further on."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tool_scripts import load_tool, usage_error

search_targets = load_tool("search_targets", "_strategos_search_targets_for_arguments")


def test_an_unknown_sampling_agent_is_refused_with_the_choices(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # agent_from_spec's ValueError ended the sampler in a traceback.
    argv = ["sample", str(tmp_path / "games.jsonl"), "--agent", "nobody",
            "--out", str(tmp_path / "samples.jsonl")]  # fmt: skip
    err = usage_error(search_targets.main, argv, capsys)
    assert err.startswith("usage:") or "search_targets.py" in err
    assert "unknown agent 'nobody'; choose from random" in err and "Traceback" not in err
