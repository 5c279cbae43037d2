"""The "tactics" policy: what it charges a move, its model file, and the tuner's mapping."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ai
from ai import tactics
from ai.evaluation import DEFAULT_WEIGHTS, tables
from ai.policy import QuickScorer
from ai.tactics import KNOBS, ModelError, TacticsScorer, load_model
from game.actions import Move
from tests.ai.helpers import city, general, place, start_turn
from tests.ai.test_puzzles import two_player
from tests.tool_scripts import load_tool, usage_error

tune_policy = load_tool("tune_policy", "_strategos_tune_policy_for_tests")


def _exposure_of_moves(enemy_level: int) -> dict[int, float]:
    """What the exposure charge adds to each of a Roman general's moves (by its end city),
    with a Carthaginian general of ``enemy_level`` standing in Carthago."""
    state = two_player(5)
    mover = general("romans", 0)
    place(state, mover, "roma", level=1)
    place(state, general("carthaginians", 0), "carthago", level=enemy_level)
    start_turn(state, 0, [6, 6, 6, 6])
    moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.general == mover]
    plain = QuickScorer(DEFAULT_WEIGHTS, viewer=0).scores(state, moves)
    charged = TacticsScorer(DEFAULT_WEIGHTS, viewer=0, knobs={"exposure": 1.0}).scores(state, moves)
    out: dict[int, float] = {}
    for a, p, c in zip(moves, plain, charged, strict=True):
        out[a.dest] = min(out.get(a.dest, c - p), c - p)
    return out


def test_a_move_next_to_a_stronger_enemy_is_charged_and_one_out_of_reach_is_not() -> None:
    """R7.2, R8.4: a level-1 general ending one route from a level-4 enemy is likely beaten
    next turn; beyond a turn's dice (more than 6 routes) nobody can reach it. Every move is
    also credited with leaving Roma, which the enemy can reach: the same for all of them."""
    charge = _exposure_of_moves(enemy_level=4)
    dist = tables(two_player().board).dist[city("carthago")]
    near = [c for c in charge if 0 < dist[c] <= 2]
    far = [c for c in charge if dist[c] > 6]
    assert near and far
    leaving_roma = charge[far[0]]
    assert leaving_roma > 0.0
    assert all(charge[c] == pytest.approx(leaving_roma) for c in far)
    # An open city (no tower bonus) next to a level-4 enemy: lost for sure, track and levels.
    assert all(charge[c] < leaving_roma - 0.3 for c in near)


def test_the_charge_grows_with_the_enemys_strength() -> None:
    """Against the credit every move gets for leaving Roma (a city out of reach shows it)."""
    dist = tables(two_player().board).dist[city("carthago")]
    weak, strong = _exposure_of_moves(1), _exposure_of_moves(4)
    far = next(c for c in weak if dist[c] > 6)
    near = [c for c in weak if 0 < dist[c] <= 2]
    assert near
    assert all(strong[c] - strong[far] < weak[c] - weak[far] - 0.1 for c in near)


def test_the_shipped_model_loads_and_plays() -> None:
    weights, knobs = load_model("tactics_v1")
    assert set(knobs) <= set(KNOBS) and weights != DEFAULT_WEIGHTS
    agent = ai.agent_from_spec("policy:tactics")
    assert agent.name == "policy:tactics"


def _write(tmp: Path, data: object) -> None:
    (tmp / "broken.json").write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": "strategos-value", "version": 1}, "is not a tactics model"),
        ({"format": "strategos-tactics", "version": 1, "weights": {}}, '"knobs"'),
        (
            {"format": "strategos-tactics", "version": 1, "weights": {"bogus": 1}, "knobs": {}},
            "bogus",
        ),
        (
            {"format": "strategos-tactics", "version": 1, "weights": {"reach": [1]}, "knobs": {}},
            "reach must be 5 numbers",
        ),
        (
            {"format": "strategos-tactics", "version": 1, "weights": {}, "knobs": {"hurt": "x"}},
            "hurt must be a finite number",
        ),
    ],
)
def test_a_malformed_model_is_refused_with_a_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: object, message: str
) -> None:
    monkeypatch.setattr(tactics, "DATA_DIR", tmp_path)
    load_model.cache_clear()
    _write(tmp_path, data)
    try:
        with pytest.raises(ModelError, match=message):
            load_model("broken")
        with pytest.raises(ModelError, match="cannot be read"):
            load_model("missing")
    finally:
        load_model.cache_clear()


def test_an_unknown_knob_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown tactics knob 'bogus'"):
        TacticsScorer(knobs={"bogus": 1.0})


def test_the_tuners_starting_point_is_v1_with_the_exposure_charge() -> None:
    start = [p.start for p in tune_policy.PARAMETERS]
    weights, knobs = tune_policy.scorer_factory(start)
    assert weights == DEFAULT_WEIGHTS
    scorer = QuickScorer()
    for name, value in knobs.items():
        expected = tactics.EXPOSURE if name == "exposure" else getattr(scorer, name)
        assert value == pytest.approx(expected), name
    # The guard's stakes came after the tuning run: they keep the policy's defaults.
    assert set(knobs) == set(KNOBS) - {"guard", "guard_last"}


@pytest.mark.parametrize("stop", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_checkpoint_cut_short_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop: BaseException
) -> None:
    # The temporary file was left beside the state when the rename failed or Ctrl-C came
    # between the write and the rename.
    state = tmp_path / "state.json"
    tune_policy._save(state, {"model": "m"}, [0.0], [])
    before = state.read_bytes()

    def cut(*args: object) -> None:
        raise stop

    monkeypatch.setattr(tune_policy.os, "replace", cut)
    with pytest.raises(type(stop)):
        tune_policy._save(state, {"model": "m"}, [1.0], [{"units": [1.0]}])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.json"]
    assert state.read_bytes() == before


def test_tuning_stopped_by_ctrl_c_says_what_its_checkpoint_keeps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[int] = []

    def games(self: object, work: object, tasks: list[object]) -> list[int]:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return [1] * len(tasks)

    monkeypatch.setattr(tune_policy.Workers, "map", games)
    state = tmp_path / "state.json"
    # A model name of its own: stopped before its end, the run writes no model file.
    argv = ["--model", "stopped_test", "--games", "2", "--iterations", "5", "--jobs", "1",
            "--state", str(state)]  # fmt: skip
    with pytest.raises(SystemExit) as ended:
        tune_policy.main(argv)
    assert ended.value.code == 130
    err = capsys.readouterr().err
    assert err.endswith(f"tune_policy.py: stopped; {state} keeps 2 iterations; the same "
                        "command resumes\n")  # fmt: skip
    assert len(json.loads(state.read_text(encoding="utf-8"))["history"]) == 2
    saved = json.loads(state.read_text(encoding="utf-8"))
    saved["units"] = "abc"
    state.write_text(json.dumps(saved), encoding="utf-8")
    err = usage_error(tune_policy.main, argv, capsys)
    assert f"{state}: not a tuning state (its units or history are damaged)" in err
    err = usage_error(tune_policy.main, [*argv[:-1], str(tmp_path)], capsys)
    assert f"{tmp_path} is a folder" in err


def test_tuning_names_its_model_so_a_bare_run_replaces_no_shipped_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Without --model it tuned for hours and ended by writing ai/data/tactics_v1.json. Were
    # the refusal gone, this test must not play or write either.
    def no_games(self: object, work: object, tasks: object) -> None:
        raise AssertionError("a run without --model started its games")

    monkeypatch.setattr(tune_policy.Workers, "map", no_games)
    err = usage_error(tune_policy.main, ["--games", "2", "--state", "/nonexistent/s.json"], capsys)
    assert "the following arguments are required: --model" in err


def test_a_temporary_checkpoint_that_cannot_be_removed_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The write failed and so did the cleanup: the file left behind is named, and the write's
    # own error still ends the run.
    state = tmp_path / "state.json"

    def fail(*args: object) -> None:
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(tune_policy.os, "replace", fail)
    monkeypatch.setattr(tune_policy.os, "unlink", fail)
    with pytest.raises(OSError):
        tune_policy._save(state, {"model": "m"}, [0.0], [])
    err = capsys.readouterr().err
    assert "could not be removed: Permission denied" in err and ".state.json." in err
