"""A pytest plugin (``python -m pytest -p tests.cpu_time``) that writes each test's CPU seconds,
its own and those of the processes it waited for, beside its wall seconds, to
artifacts/test_cpu.jsonl, one line a test.

Wall seconds (``--durations``) move with whatever else the machine runs; CPU seconds hardly
do, so two runs on a shared machine are compared by them (docs/test-time.md).
"""

from __future__ import annotations

import json
import resource
import time
from collections.abc import Generator
from pathlib import Path

import pytest

OUT = Path(__file__).resolve().parents[1] / "artifacts" / "test_cpu.jsonl"


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def pytest_sessionstart(session: pytest.Session) -> None:
    # Under pytest-xdist every worker starts a session too; only the controller, which starts
    # before them, empties the file, and each worker appends its own lines.
    if hasattr(session.config, "workerinput"):
        return
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("", encoding="utf-8")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(
    item: pytest.Item, nextitem: pytest.Item | None
) -> Generator[None, None, None]:
    cpu, wall = _cpu_seconds(), time.perf_counter()
    yield
    line = {"id": item.nodeid, "cpu": _cpu_seconds() - cpu, "wall": time.perf_counter() - wall}
    with OUT.open("a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
