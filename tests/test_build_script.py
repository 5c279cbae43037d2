"""build.sh: its help names every subcommand, an unknown one is an error, and --help runs
nothing else (the bench's client runs, a rewrite of constraints.txt)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "build.sh"


def _run(*args: str, script: Path = SCRIPT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(script), *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_the_help_names_every_subcommand() -> None:
    labels = re.findall(r"^    ([a-z-]+)\)$", SCRIPT.read_text(encoding="utf-8"), re.M)
    assert "play-terminal" in labels
    done = _run("help")
    assert done.returncode == 0
    for label in labels:
        assert f"./build.sh {label} " in done.stdout, label


def test_an_unknown_command_is_named_and_fails() -> None:
    done = _run("frobnicate")
    assert done.returncode == 2
    assert "build.sh: unknown command 'frobnicate'" in done.stderr
    assert "./build.sh play " in done.stderr  # with the commands there are


def test_pins_takes_no_arguments_and_its_help_rewrites_nothing(tmp_path: Path) -> None:
    # A copy, so that a pins that did run would rewrite the copy's constraints.txt only.
    for name in ("build.sh", "pyproject.toml", "constraints.txt"):
        shutil.copy2(ROOT / name, tmp_path / name)
    helped = _run("pins", "--help", script=tmp_path / "build.sh")
    assert helped.returncode == 0 and "./build.sh pins " in helped.stdout
    refused = _run("pins", "now", script=tmp_path / "build.sh")
    assert refused.returncode == 2 and "pins takes no arguments" in refused.stderr
    assert refused.stdout == ""  # the usage goes with the error, to stderr
    assert (tmp_path / "constraints.txt").read_bytes() == (ROOT / "constraints.txt").read_bytes()


def test_the_bench_help_runs_no_bench() -> None:
    done = _run("bench", "--help")
    assert done.returncode == 0, done.stderr
    assert "--compare PYTHON" in done.stdout
    assert "client frame times" not in done.stdout
