"""What every command line of ai/ and tools/ does off the happy path (lab/command_line.py): a
refusal is one line and exit code 2, an output that cannot be written is found before the
run, and Ctrl-C ends a run with one sentence and exit code 130, without a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lab import arena, pool
from lab.command_line import STOPPED, not_from_zero, overlap, refuse, stopping, unwritable

ROOT = Path(__file__).resolve().parents[2]


def test_a_refusal_is_one_line_named_by_the_command_and_exit_code_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as ended:
        refuse("tool.py", "games.jsonl:3: not a self-play game")
    assert ended.value.code == 2
    assert capsys.readouterr().err == "tool.py: error: games.jsonl:3: not a self-play game\n"


def test_an_output_that_cannot_be_written_is_said(tmp_path: Path) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("x", encoding="utf-8")
    assert unwritable(None) == "" and unwritable(tmp_path / "new.json") == ""
    assert unwritable(afile) == ""  # replaced: the command's own business
    assert "is a folder" in unwritable(tmp_path)
    assert "there is no folder" in unwritable(tmp_path / "missing" / "out.json")
    # A command that makes its folders: only one that cannot be made refuses.
    assert unwritable(tmp_path / "missing" / "deeper" / "out.json", make_folders=True) == ""
    says = unwritable(afile / "sub" / "out.json", make_folders=True)
    assert (
        says == f"{afile / 'sub' / 'out.json'} cannot be written: {afile} is a file, not a folder"
    )


def test_an_output_that_is_an_input_or_another_output_is_said(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    log.write_text("x", encoding="utf-8")
    assert overlap([tmp_path / "r.json", None, tmp_path / "m.json"], [log, None]) == ""
    assert overlap([str(tmp_path / "." / "games.jsonl")], [log]).endswith(
        "is also a file this command reads: writing it would replace that"
    )
    assert "given for two of the files" in overlap(["r.json", f"{tmp_path}/../x/r.json", "r.json"])


def test_a_report_over_the_log_it_reports_is_refused_and_the_log_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The arena appended its games to the log and then wrote its report over them; the pool
    # wrote its report over a log it pooled: hours of games lost either way.
    log = tmp_path / "games.jsonl"
    assert arena.main(["--agents", "random,random", "--games", "1", "--log", str(log)]) == 0
    kept = log.read_text(encoding="utf-8")
    capsys.readouterr()
    argv = ["--agents", "random,random", "--games", "2", "--log", str(log), "--json", str(log)]
    for main, args in ((arena.main, argv), (pool.main, [str(log), "--json", str(log)])):
        with pytest.raises(SystemExit) as ended:
            main(args)
        assert ended.value.code == 2
        assert f"error: {log} is " in capsys.readouterr().err
        assert log.read_text(encoding="utf-8") == kept


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes a read-only file")
def test_a_read_only_file_or_folder_is_said(tmp_path: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    kept = ro / "kept.json"
    kept.write_text("{}", encoding="utf-8")
    kept.chmod(0o444)
    ro.chmod(0o555)
    try:
        assert "is read-only" in unwritable(kept)
        assert "is read-only" in unwritable(ro / "new.json")
        assert "is read-only" in unwritable(ro / "sub" / "new.json", make_folders=True)
    finally:
        ro.chmod(0o755)


@pytest.mark.parametrize(
    ("value", "above", "says"),
    [
        (float("inf"), False, "--l2 inf is infinite: give a finite number from 0"),
        (float("-inf"), False, "--l2 -inf is infinite: give a finite number from 0"),
        (float("nan"), False, "--l2 nan is not a number: give a finite number from 0"),
        (-0.5, False, "--l2 -0.5 is below 0: give a finite number from 0"),
        (0.0, True, "--l2 0 is 0: give a finite number above 0"),
        (0.0, False, ""),
        (1e-4, True, ""),
    ],
)
def test_a_penalty_or_weight_is_refused_saying_what_is_wrong_with_it(
    value: float, above: bool, says: str
) -> None:
    # "--l2 a number from 0 (not inf)" read as if inf were not a number from 0.
    assert not_from_zero("--l2", value, above) == says


def test_ctrl_c_in_a_stopping_block_ends_with_what_was_kept(
    capsys: pytest.CaptureFixture[str],
) -> None:
    done: list[int] = []
    with pytest.raises(SystemExit) as ended, stopping("tool.py", lambda: f"{len(done)} kept"):
        done.append(1)
        raise KeyboardInterrupt
    assert ended.value.code == STOPPED == 130
    assert ended.value.__context__ is None or ended.value.__suppress_context__
    assert capsys.readouterr().err == "\ntool.py: stopped; 1 kept\n"


def test_an_arena_stopped_in_process_says_how_many_games_its_log_keeps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    played = arena.play_game

    def play(*args: object, **kwargs: object) -> arena.GameResult:
        if args[1] == 2:  # the third game: Ctrl-C while it is played
            raise KeyboardInterrupt
        return played(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(arena, "play_game", play)
    log = tmp_path / "games.jsonl"
    argv = ["--agents", "random,random", "--games", "5", "--log", str(log)]
    with pytest.raises(SystemExit) as ended:
        arena.main(argv)
    assert ended.value.code == 130
    err = capsys.readouterr().err
    assert err.endswith(f"arena: stopped; 2 games kept in {log}; the same command resumes\n")
    assert len(log.read_text(encoding="utf-8").splitlines()) == 2
    with pytest.raises(SystemExit):
        arena.main(argv[:-2])
    assert "no game is kept without --log FILE" in capsys.readouterr().err


def test_an_arena_sent_sigint_ends_without_a_traceback_from_it_or_its_workers(
    tmp_path: Path,
) -> None:
    # A real Ctrl-C reaches the worker processes too: each printed its own traceback.
    log = tmp_path / "games.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, "-m", "lab.arena", "--agents", "random,random", "--games", "100000",
            "--jobs", "2", "--log", str(log)]  # fmt: skip
    with subprocess.Popen(argv, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True,
                          start_new_session=True) as run:  # fmt: skip
        for _ in range(600):  # until a game is logged: the workers are at work
            if log.exists() and log.read_text(encoding="utf-8").count("\n") >= 1:
                break
            time.sleep(0.1)
        os.killpg(run.pid, signal.SIGINT)  # as a terminal sends it: to the whole group
        _, err = run.communicate(timeout=120)
    assert run.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    kept = sum(1 for line in log.read_text(encoding="utf-8").splitlines() if line.strip())
    assert err.strip().splitlines()[-1] == (
        f"arena: stopped; {kept} game{'' if kept == 1 else 's'} kept in {log}; the same command "
        "resumes"
    )
    for line in log.read_text(encoding="utf-8").splitlines()[:-1]:
        json.loads(line)  # whole lines: the log resumes


def test_an_arena_stopped_with_a_log_it_cannot_read_does_not_say_none_is_kept(
    tmp_path: Path,
) -> None:
    # It said "0 games kept", which the log may well hold.
    from lab import arena

    folder = tmp_path / "log.jsonl"
    folder.mkdir()
    said = arena._kept(str(folder))
    assert (
        said.startswith(f"the games kept in {folder} could not be counted (")
        and "0 games" not in said
    )
    log = tmp_path / "games.jsonl"
    log.write_text('{"game": 1}\n{"game": 2}\n', encoding="utf-8")
    assert arena._kept(str(log)) == f"2 games kept in {log}; the same command resumes"
