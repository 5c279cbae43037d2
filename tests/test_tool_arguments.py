"""Values of the offline tools' command lines that cannot be used: refused as argparse
refuses them (one line, exit code 2) before any work, never a traceback further on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tool_scripts import ROOT, load_tool, usage_error

search_targets = load_tool("search_targets", "_strategos_search_targets_for_arguments")
train_value = load_tool("train_value", "_strategos_train_value_for_arguments")


def test_an_unknown_sampling_agent_is_refused_with_the_choices(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # agent_from_spec's ValueError ended the sampler in a traceback.
    argv = ["sample", str(tmp_path / "games.jsonl"), "--agent", "nobody",
            "--out", str(tmp_path / "samples.jsonl")]  # fmt: skip
    err = usage_error(search_targets.main, argv, capsys)
    assert err.startswith("usage:") or "search_targets.py" in err
    assert "unknown agent 'nobody'; choose from random" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("steps", "l2", "says"),
    [
        ("0", "1e-4", "--steps must be at least 1, not 0"),
        ("-3", "1e-4", "--steps must be at least 1, not -3"),
        ("10", "nan", "--l2 nan is not a number: give a finite number from 0"),
        ("10", "-1", "--l2 -1 is below 0: give a finite number from 0"),
        ("10", "inf", "--l2 inf is infinite: give a finite number from 0"),
    ],
)
def test_a_fit_of_no_steps_or_a_wrong_l2_is_refused_before_the_games_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], steps: str, l2: str, says: str
) -> None:
    # --steps 0 wrote the starting weights as a fitted model; a nan --l2 fitted to nan. Both
    # were said in one sentence that read "--l2 a number from 0 (not inf)" of an inf --l2.
    argv = [str(tmp_path / "gone.jsonl"), "--out", str(tmp_path / "m.json"),
            "--report", str(tmp_path / "r.json"), "--steps", steps, "--l2", l2]  # fmt: skip
    err = usage_error(train_value.main, argv, capsys)
    assert says in err and "gone.jsonl" not in err, err
    assert not (tmp_path / "m.json").exists()


def test_every_tool_answers_help_from_outside_the_checkout(tmp_path: Path) -> None:
    """``python tools/NAME.py --help`` from any folder: each script finds the packages it
    imports (game, ai, the lab, the other tools) on its own, the lab not being installed."""
    scripts = sorted((ROOT / "tools").glob("*.py")) + sorted(
        (ROOT / "tools" / "build").glob("*.py")
    )
    failed = {}
    for script in scripts:
        done = subprocess.run(
            [sys.executable, str(script), "--help"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        )
        if done.returncode != 0:
            failed[script.name] = done.stderr.strip().splitlines()[-1:]
    assert failed == {}
