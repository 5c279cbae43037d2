"""Where the offline tools' tasks run (tools/workers.py): local processes or Ray, the same
results either way; the arena and the training recipes hand their tasks over to it.

The Ray tests need the optional cluster extra; they skip without it, except with
``STRATEGOS_REQUIRE_RAY=1`` (CI, which installs it), where they fail instead.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import json
import os
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game import CURRENT_MAP, Rules
from lab import arena
from tests.tool_scripts import load_tool, usage_error

workers = load_tool("workers", "_strategos_workers_for_test")
selfplay = load_tool("selfplay", "_strategos_selfplay_for_workers")
train = load_tool("train", "_strategos_train_for_workers")
ray_arena = load_tool("ray_arena", "_strategos_ray_arena_for_workers")

RAY_REQUIRED = os.environ.get("STRATEGOS_REQUIRE_RAY") == "1"


@pytest.fixture
def ray_findable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray as the argument checks see it, installed or not: these tests are about where the
    tasks are sent, and nothing here starts Ray."""
    if "ray" not in sys.modules and importlib.util.find_spec("ray") is None:
        stand_in = types.ModuleType("ray")
        stand_in.__spec__ = importlib.machinery.ModuleSpec("ray", None)
        monkeypatch.setitem(sys.modules, "ray", stand_in)


def _square(x: int) -> int:
    return x * x


@pytest.mark.parametrize("jobs", [1, 2])
def test_local_workers_run_every_task(jobs: int) -> None:
    local = workers.Workers(jobs=jobs)
    assert sorted(local.imap_unordered(_square, [3, 1, 2])) == [1, 4, 9]
    assert local.map(_square, [3, 1, 2]) == [9, 1, 4]  # in the tasks' order
    assert list(local.imap_unordered(_square, [])) == []


def test_workers_refuse_what_cannot_run(ray_findable: None) -> None:
    with pytest.raises(ValueError, match="--jobs must be at least 1"):
        workers.Workers(jobs=0)
    with pytest.raises(ValueError, match="--ray needs an address"):
        workers.Workers(ray_address=" ")
    parser = argparse.ArgumentParser()
    workers.add_arguments(parser)
    with pytest.raises(SystemExit):
        parser.parse_args(["--jobs", "2", "--ray", "local"])  # one or the other
    args = parser.parse_args(["--ray", "auto"])
    assert workers.from_args(args, parser) == workers.Workers(ray_address="auto")


def test_ray_missing_is_a_named_error_that_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    on_ray = workers.Workers(ray_address="local")
    with pytest.raises(workers.WorkersError, match=r"cluster extra.*\./build\.sh"):
        list(on_ray.imap_unordered(_square, [1]))


def test_ray_asked_for_and_missing_is_the_command_line_s_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(workers.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(SystemExit):
        selfplay.main(["--agent", "random", "--games", "1", "--out", "x", "--ray", "local"])
    assert "cluster extra" in capsys.readouterr().err


def test_a_worker_failure_ends_self_play_with_its_message(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def unreachable(self: Any, work: Any, tasks: Any) -> Iterator[Any]:
        raise selfplay.WorkersError("cannot reach Ray at 'ray://nowhere:1'")
        yield

    monkeypatch.setattr(selfplay.Workers, "imap_unordered", unreachable)
    # The address is the user's --ray: refused as argparse refuses a value, exit code 2.
    with pytest.raises(SystemExit) as ended:
        selfplay.append_as_done(tmp_path / "out.jsonl", _square, [1], selfplay.Workers())
    assert ended.value.code == 2
    assert "error: cannot reach Ray" in capsys.readouterr().err


def test_the_arena_hands_its_games_to_a_given_runner() -> None:
    """The games of a tournament run wherever ``map_tasks`` runs them, in any order, and make
    the same report as played here."""
    specs, rules = ["random", "random"], Rules()
    ran: list[int] = []

    def backwards(work: Any, tasks: Any) -> Iterator[Any]:
        for task in reversed(tasks):
            ran.append(task[1])
            yield work(task)

    here = arena.tournament(specs, 4, 7, rules)
    there = arena.tournament(specs, 4, 7, rules, map_tasks=backwards)
    assert ran == [3, 2, 1, 0]
    assert _games(here) == _games(there)


def _games(report: dict[str, Any]) -> dict[str, Any]:
    """A report without the times, which differ from run to run while the games do not."""
    report = {k: v for k, v in report.items() if k not in ("seconds", "game_seconds")}
    report["agents"] = [
        {k: v for k, v in row.items() if k not in ("mean_decision_ms", "max_decision_ms")}
        for row in report["agents"]
    ]
    return report


def test_the_arena_refuses_local_jobs_when_its_games_run_elsewhere() -> None:
    with pytest.raises(SystemExit):
        arena.main(["--agents", "random,random", "--jobs", "2"], map_tasks=lambda w, t: [])


def test_training_tells_every_step_where_its_tasks_run(
    monkeypatch: pytest.MonkeyPatch, ray_findable: None
) -> None:
    steps: list[list[str]] = []
    monkeypatch.setattr(train, "_run", steps.append)
    assert train.main(["chances", "--games", "3", "--test-games", "2", "--ray", "auto"]) == 0
    played = [s for s in steps if s[0] == "tools/selfplay.py"]
    assert len(played) == 2
    for step in played:
        assert "--jobs" not in step and step[step.index("--ray") + 1] == "auto"
    steps.clear()
    assert train.main(["chances", "--games", "3", "--test-games", "2", "--jobs", "3"]) == 0
    for step in (s for s in steps if s[0] == "tools/selfplay.py"):
        assert "--ray" not in step and step[step.index("--jobs") + 1] == "3"


@pytest.fixture(scope="module")
def ray_here() -> Iterator[None]:
    try:
        import ray
    except ImportError:
        if RAY_REQUIRED:
            pytest.fail("Ray is not installed (STRATEGOS_REQUIRE_RAY=1: the Ray tests must run)")
        pytest.skip("Ray is not installed: the optional cluster extra")
    yield
    ray.shutdown()


def test_self_play_on_ray_writes_the_games_it_writes_here(ray_here: None, tmp_path: Path) -> None:
    out = {}
    for name, where in (("here", ["--jobs", "1"]), ("ray", ["--ray", "local"])):
        out[name] = tmp_path / f"{name}.jsonl"
        argv = ["--agent", "policy:tactics", "--games", "3", "--seed", "4", *where]
        assert selfplay.main([*argv, "--out", str(out[name])]) == 0

    def games(path: Path) -> list[dict[str, Any]]:
        lines = path.read_text(encoding="utf-8").splitlines()
        return sorted((json.loads(line) for line in lines), key=lambda g: int(g["index"]))

    assert len(games(out["ray"])) == 3 and games(out["ray"]) == games(out["here"])


def test_the_arena_on_ray_reports_what_it_reports_here(
    ray_here: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--agents", "random,greedy", "--games", "2", "--seed", "3"]
    reports = {}
    for name, run in (("here", arena.main), ("ray", ray_arena.main)):
        path = tmp_path / f"{name}.json"
        extra = ["--ray", "local"] if name == "ray" else []
        assert run([*argv, *extra, "--json", str(path)]) == 0
        reports[name] = json.loads(path.read_text(encoding="utf-8"))
    capsys.readouterr()
    assert _games(reports["ray"]) == _games(reports["here"])


def test_an_ordered_map_on_ray_keeps_the_tasks_order(ray_here: None) -> None:
    """What the policy tuner's iterations use (tools/tune_policy.py)."""
    assert workers.Workers(ray_address="local").map(_square, [3, 1, 2]) == [9, 1, 4]


def test_the_kingdom_book_is_one_train_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """``./build.sh train kingdoms``: the shipped book's table, as round 18 made it."""
    steps: list[list[str]] = []
    monkeypatch.setattr(train, "_run", steps.append)
    assert train.main(["kingdoms", "--jobs", "2"]) == 0
    (step,) = steps
    assert step[0] == "tools/kingdom_table.py"
    games = step.index("--games")
    assert step[games + 1 : games + 6] == ["30000", "8000", "8000", "8000", "8000"]
    assert step[step.index("--out") + 1] == "ai/data/kingdoms_tactics.json"
    assert step[step.index("--seed") + 1] == "1" and step[-2:] == ["--jobs", "2"]
    with pytest.raises(SystemExit):
        train.main(["kingdoms", "--games", "0"])


def test_self_play_resumes_past_a_cut_line_and_refuses_another_runs_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.jsonl"
    argv = ["--agent", "random", "--games", "2", "--seed", "3", "--players", "2", "--out", str(out)]
    assert selfplay.main(argv) == 0
    whole = out.read_text(encoding="utf-8")
    out.write_text(whole + '{"index": 2, "agent": "ran', encoding="utf-8")  # killed mid-write
    assert selfplay.main([*argv[:3], "3", *argv[4:]]) == 0
    assert [json.loads(line)["index"] for line in out.read_text().splitlines()] == [0, 1, 2]
    # Another seed's games would pass for this run's: refused, the file left as it was.
    kept = out.read_text(encoding="utf-8")
    capsys.readouterr()
    assert "another run" in usage_error(selfplay.main, [*argv[:5], "4", *argv[6:]], capsys)
    # So would the games of an earlier map (R2.5): a model of the new map never learns from them.
    rows = [json.loads(line) for line in kept.splitlines()]
    rows[1]["record"]["map"] = CURRENT_MAP - 1
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    older = out.read_text(encoding="utf-8")
    err = usage_error(selfplay.main, [*argv[:3], "4", *argv[4:]], capsys)
    assert f"game 2 is of another run, played on map {CURRENT_MAP - 1}" in err
    assert out.read_text(encoding="utf-8") == older
    out.write_text(kept, encoding="utf-8")
    notes = tmp_path / "notes.jsonl"
    notes.write_text("my notes\nmore", encoding="utf-8")
    err = usage_error(selfplay.main, [*argv[:-1], str(notes)], capsys)
    assert err.startswith("selfplay.py: error: ") and f"{notes}:1: not a self-play game" in err
    assert out.read_text(encoding="utf-8") == kept
    assert notes.read_text(encoding="utf-8") == "my notes\nmore"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["kingdoms", "--test-games", "5"], "--test-games: kingdoms is not measured"),
        (["tactics", "--test-games", "5"], "--test-games: tactics is not measured"),
        (["tactics", "--games", "0"], "--games (tactics: iterations) must be at least 1"),
    ],
)
def test_training_refuses_a_value_its_model_would_ignore(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    says: str,
) -> None:
    steps: list[list[str]] = []
    monkeypatch.setattr(train, "_run", steps.append)
    with pytest.raises(SystemExit):
        train.main([*argv, "--jobs", "1"])
    assert says in capsys.readouterr().err and steps == []


def _sampled(args: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    return [{"game": args[0]["index"], "seed": args[0]["seed"]}]


SAMPLED = {"game": selfplay.WHOLE, "seed": selfplay.WHOLE}  # the keys of _sampled's lines


def _sample(data: Path, out: Path) -> None:
    selfplay.sample_records(data, out, 10, _sampled, (), selfplay.Workers(), keys=SAMPLED)


def test_sampling_reads_a_killed_run_s_files_and_refuses_another_file(tmp_path: Path) -> None:
    played = tmp_path / "games.jsonl"
    argv = ["--agent", "random", "--games", "2", "--seed", "3", "--players", "2"]
    assert selfplay.main([*argv, "--out", str(played)]) == 0
    played.write_text(played.read_text() + '{"index": 2, "ag', encoding="utf-8")  # killed
    out = tmp_path / "samples.jsonl"
    out.write_text('{"game": 0, "seed": 3}\n{"game": 1, "se', encoding="utf-8")  # killed
    _sample(played, out)
    assert [json.loads(line)["game"] for line in out.read_text().splitlines()] == [0, 1]
    notes = tmp_path / "notes.jsonl"
    notes.write_text("my notes\n", encoding="utf-8")
    gone = tmp_path / "gone.jsonl"
    for data, into, says in ((notes, out, "notes.jsonl:1: not a self-play game"),
                             (played, notes, "notes.jsonl:1: not a sampled game"),
                             (gone, out, "gone.jsonl does not exist")):  # fmt: skip
        with pytest.raises(selfplay.DataFileError, match=says):
            _sample(data, into)
    assert notes.read_text(encoding="utf-8") == "my notes\n"


def test_sampling_appends_past_a_whole_last_line_without_its_newline(tmp_path: Path) -> None:
    # The first line appended joined it: two objects on one line, and the file unreadable.
    played = tmp_path / "games.jsonl"
    argv = ["--agent", "random", "--games", "2", "--seed", "3", "--players", "2"]
    assert selfplay.main([*argv, "--out", str(played)]) == 0
    out = tmp_path / "samples.jsonl"
    out.write_text('{"game": 0, "seed": 3}', encoding="utf-8")  # edited by hand, say
    _sample(played, out)
    assert [json.loads(line)["game"] for line in out.read_text().splitlines()] == [0, 1]


def test_sampling_with_no_game_to_sample_is_refused(tmp_path: Path) -> None:
    # "0 games already in …, 0 to sample" and exit code 0, as if the work were done.
    played, out = tmp_path / "games.jsonl", tmp_path / "samples.jsonl"
    played.write_text("", encoding="utf-8")
    with pytest.raises(selfplay.DataFileError, match=r"games\.jsonl holds 0 self-play games: none"):
        _sample(played, out)
    argv = ["--agent", "random", "--games", "2", "--seed", "3", "--players", "2"]
    assert selfplay.main([*argv, "--out", str(played)]) == 0
    with pytest.raises(selfplay.DataFileError, match="holds 2 self-play games, none past its fi"):
        selfplay.sample_records(played, out, 10, _sampled, (), selfplay.Workers(), 2, keys=SAMPLED)
    assert not out.exists()


def test_sampling_refuses_a_line_of_another_shape_and_leaves_the_file(tmp_path: Path) -> None:
    # Only the first key was checked: a file of another tool's lines with "game" passed for
    # samples, and this tool's lines were appended to it.
    played = tmp_path / "games.jsonl"
    argv = ["--agent", "random", "--games", "2", "--seed", "3", "--players", "2"]
    assert selfplay.main([*argv, "--out", str(played)]) == 0
    other = tmp_path / "positions.jsonl"
    line = '{"game": 0, "seats": [0, 1], "positions": []}\n'
    cases = [(line, "(it has no 'seed')"), (line[:-1], "(it has no 'seed')"),
             ('{"game": 0, "seed": "3"}\n', "its 'seed' is not a whole number")]  # fmt: skip
    for content, says in cases:
        other.write_text(content, encoding="utf-8")
        with pytest.raises(selfplay.DataFileError) as refused:
            _sample(played, other)
        assert f"{other}:1: not a sampled game" in str(refused.value) and says in str(refused.value)
        assert other.read_text(encoding="utf-8") == content


def test_the_arena_on_ray_answers_help_without_an_address(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        ray_arena.main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "--ray ADDRESS" in out and "--agents AGENTS" in out
    with pytest.raises(SystemExit) as stop:
        ray_arena.main(["--agents", "random,random"])
    assert stop.value.code == 2
    assert "required: --ray" in capsys.readouterr().err


def test_self_play_stopped_by_ctrl_c_says_what_it_kept_and_exits_130(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = selfplay.Workers.imap_unordered

    def interrupted(self: Any, work: Any, tasks: Any) -> Iterator[Any]:
        yield from real(self, work, tasks[:1])
        raise KeyboardInterrupt  # Ctrl-C while the second game is played

    out = tmp_path / "games.jsonl"
    argv = ["--agent", "random", "--games", "3", "--seed", "3", "--players", "2", "--out", str(out)]
    assert selfplay.main([*argv[:3], "1", *argv[4:]]) == 0  # a game of an earlier sitting
    monkeypatch.setattr(selfplay.Workers, "imap_unordered", interrupted)
    with pytest.raises(SystemExit) as ended:
        selfplay.main(argv)
    assert ended.value.code == 130
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.endswith(f": stopped; 2 games kept in {out}; the same command resumes\n")
    assert [json.loads(line)["index"] for line in out.read_text().splitlines()] == [0, 1]
