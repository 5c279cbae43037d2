"""lab/engine_instructions.py: the exact A/B count of the engine's work per game."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from lab import engine_instructions
from tests.tool_scripts import ROOT

VALGRIND_TAIL = """==12924==
==12924== I   refs:      6,813,833,291
"""


def test_reads_the_total_from_valgrinds_summary() -> None:
    assert engine_instructions.instruction_count(VALGRIND_TAIL) == 6_813_833_291


def test_refuses_output_without_a_total() -> None:
    with pytest.raises(ValueError, match="I refs"):
        engine_instructions.instruction_count("==1== ERROR SUMMARY: 0 errors")


def test_the_counted_games_are_the_benchs_and_run_from_the_given_checkout() -> None:
    done = subprocess.run(
        engine_instructions.games_command(ROOT, 2), capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    missing = subprocess.run(
        engine_instructions.games_command(ROOT / "no-such-checkout", 1),
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode != 0  # nothing silently measured from somewhere else


# Two runs under valgrind (about 10 s): a check of a lab tool, not of the game, so kept out of
# the default run (pytest -m slow runs it).
@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_counts_the_same_games_the_same_every_time() -> None:
    first = engine_instructions.count(ROOT, 1)
    assert first == engine_instructions.count(ROOT, 1)
