"""The speed report's plumbing (the figures themselves are measured by ``./build.sh bench``)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from ai import bench

CATANATRON_REPORT = {
    "catanatron": "3.2.1",
    "games": 3,
    "games_per_cpu_s": 1.5,
    "actions_per_cpu_s": 1000,
}


def _stand_in_python(tmp_path: Path, body: str) -> str:
    """An 'interpreter' that runs ``body`` whatever it is asked: no Catanatron needed."""
    script = tmp_path / "python"
    script.write_text(f"#!/bin/sh\n{body}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script)


def test_compare_reports_the_ratio_to_catanatron(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    # Answers as tools/bench_catanatron.py would.
    python = _stand_in_python(tmp_path, f"echo '{json.dumps(CATANATRON_REPORT)}'")
    argv = ["--compare", python, "--games", "2", "--warmup", "0"]
    assert bench.main([*argv, "--no-ai", "--out", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["catanatron"] == CATANATRON_REPORT
    ours = report["engine"]["actions_per_s"]
    assert report["actions_per_s_vs_catanatron"] == round(ours / 1000, 2)
    # The engine was pinned to one core beside Catanatron only for the measurement.
    if cores is not None:
        assert os.sched_getaffinity(0) == cores


def test_a_failed_catanatron_run_is_reported(tmp_path: Path) -> None:
    broken = _stand_in_python(tmp_path, "exit 3")
    with pytest.raises(RuntimeError, match="exit 3"), bench.catanatron_beside(broken) as run:
        bench.catanatron_report(run)
