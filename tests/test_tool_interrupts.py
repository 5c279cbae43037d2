"""Ctrl-C in the offline tools that play or measure for long: one sentence saying what was
kept, exit code 130, no traceback (lab.command_line.stopping); tools/train.py, which runs the
others as steps, adds its sentence to the step's and never reports the stopped step as a
failure of its own."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.tool_scripts import ROOT, load_tool

train = load_tool("train", "_strategos_train_for_interrupts")
kingdom_table = load_tool("kingdom_table", "_strategos_kingdom_table_for_interrupts")

TRAIN_STOPPED = (
    "train.py: stopped; the games, samples and checkpoints finished are kept; "
    "the same command resumes"
)
CHANCES = ["chances", "--games", "1", "--test-games", "1", "--jobs", "1"]


def lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.strip()]


def fake_steps(root: Path, body: str) -> None:
    """A checkout at ``root`` whose every step of the chances recipe is the script ``body``."""
    (root / "tools").mkdir()
    for name in ("selfplay.py", "train_value.py"):
        (root / "tools" / name).write_text(textwrap.dedent(body), encoding="utf-8")


def test_a_step_stopped_by_ctrl_c_stops_the_recipe_with_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    # Ctrl-C reached the step first: it said what it kept and ended with 130, and the recipe
    # raised CalledProcessError, a traceback under the step's sentence.
    fake_steps(tmp_path, """
        import sys
        print("selfplay.py: stopped; 3 games kept", file=sys.stderr)
        sys.exit(130)
    """)  # fmt: skip
    monkeypatch.setattr(train, "ROOT", tmp_path)
    with pytest.raises(SystemExit) as ended:
        train.main(CHANCES)
    assert ended.value.code == 130
    err = capfd.readouterr().err
    assert "Traceback" not in err and "CalledProcessError" not in err, err
    assert lines(err)[-2:] == ["selfplay.py: stopped; 3 games kept", TRAIN_STOPPED]
    assert err.count("tools/selfplay.py") == 1  # the recipe went no further


def test_a_step_that_fails_ends_the_recipe_with_its_code_and_no_second_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    fake_steps(tmp_path, """
        import sys
        print("selfplay.py: error: build/selfplay/x.jsonl:3: not a self-play game", file=sys.stderr)
        sys.exit(2)
    """)  # fmt: skip
    monkeypatch.setattr(train, "ROOT", tmp_path)
    with pytest.raises(SystemExit) as ended:
        train.main(CHANCES)
    assert ended.value.code == 2
    err = capfd.readouterr().err
    assert "Traceback" not in err and "train.py" not in err, err
    assert lines(err)[-1].startswith("selfplay.py: error: ")


def test_ctrl_c_at_the_terminal_ends_the_recipe_after_its_step(tmp_path: Path) -> None:
    # The terminal sends SIGINT to the whole group: the recipe and its step. The step is left
    # to end as its own Ctrl-C ends it (never killed mid-write); then the recipe's sentence.
    fake_steps(tmp_path, """
        import os, signal, sys
        try:
            os.killpg(0, signal.SIGINT)  # Ctrl-C, to the recipe and this step alike
            signal.pause()
        except KeyboardInterrupt:
            print("selfplay.py: stopped; 3 games kept", file=sys.stderr)
            sys.exit(130)
    """)  # fmt: skip
    script = (
        "import sys; from pathlib import Path; from tests.tool_scripts import load_tool; "
        "train = load_tool('train', '_train'); train.ROOT = Path(sys.argv[1]); "
        "sys.exit(train.main(sys.argv[2:]))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path), *CHANCES],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, start_new_session=True,
    )  # fmt: skip
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr
    assert lines(done.stderr)[-2:] == [
        "selfplay.py: stopped; 3 games kept",
        TRAIN_STOPPED,
    ]


def test_the_kingdom_table_stopped_says_how_many_games_its_chunks_keep_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[Any] = []

    def play(task: Any) -> list[tuple[list[int], list[float]]]:
        calls.append(task)
        if len(calls) == 3 and stop:  # Ctrl-C while the third chunk is played
            raise KeyboardInterrupt
        _, players, first, count, seed = task
        return [(kingdom_table.kingdoms_of(players, i, seed), [1.0] + [0.0] * (players - 1))
                for i in range(first, first + count)]  # fmt: skip

    monkeypatch.setattr(kingdom_table, "play", play)
    chunks, out = tmp_path / "chunks.jsonl", tmp_path / "book.json"
    argv = ["--agent", "random", "--games", "60", "1", "1", "1", "1", "--out", str(out),
            "--chunks", str(chunks)]  # fmt: skip
    stop = True
    with pytest.raises(SystemExit) as ended:
        kingdom_table.main(argv)
    assert ended.value.code == 130
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.endswith(
        f"kingdom_table.py: stopped; 60 games kept in {chunks}; the same command resumes\n"
    )
    assert not out.exists() and len(chunks.read_text(encoding="utf-8").splitlines()) == 2
    stop, calls[:] = False, []
    book = kingdom_table.main(argv)
    assert len(calls) == 4 and sum(book["seats"]["2"]["games"]) == 2 * 60
