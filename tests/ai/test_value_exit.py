"""tools/value_exit.py: v1 is exactly a point of the learned model, the siblings' gradient is
the loss's, a position's siblings are the actions the root weighs by the evaluation, and the
fit end to end writes a model the runtime reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ai import learned_value
from ai.dominance import undominated
from ai.evaluation import Evaluator
from ai.learned_value import LearnedEvaluator
from ai.value_features import FEATURES, seat_features
from game import CHANCE, P_ACTION, GameState
from game.actions import Trade
from tests.ai.helpers import random_game_positions, small_siblings
from tests.tool_scripts import load_tool

np = pytest.importorskip("numpy")
tool = load_tool("value_exit", "_strategos_value_exit_for_tests")


def _positions(every: int = 31) -> list[GameState]:
    return random_game_positions(every, seed_offset=10)


def test_v1_is_the_learned_model_at_v1_weights() -> None:
    runtime = LearnedEvaluator(tuple(float(w) for w in tool.v1_weights()))
    v1 = Evaluator()
    checked = 0
    for state in _positions():
        if state.is_terminal():
            continue
        got, want = runtime.win_chances(state), v1.win_chances(state)
        assert max(abs(a - b) for a, b in zip(got, want, strict=True)) < 1e-12
        checked += 1
    assert checked > 40


def _turn_position() -> GameState:
    for state in _positions(7):
        if state.phase == P_ACTION and state.current_player() != CHANCE:
            legal = state.legal_actions()
            if len(legal) > 20 and any(isinstance(a, Trade) for a in legal):
                return state
    raise AssertionError("no turn position with a trade among the test games")


def test_the_siblings_are_the_actions_the_root_weighs_by_the_evaluation() -> None:
    state = _turn_position()
    legal = state.legal_actions()
    visits = [1.0 / len(legal)] * len(legal)
    sib = tool.siblings(state, visits)
    public = state.observe(state.current_player()).public
    weighed = [a for a in undominated(public, legal) if not isinstance(a, Trade)]
    assert len(sib["target"]) == len(weighed)
    assert list(sib["kind"]) == [type(a).__name__ for a in weighed]
    assert abs(sib["target"].sum() - 1.0) < 1e-12
    seat = state.current_player()
    base = Evaluator(viewer=seat)
    child = public.clone()
    child.apply_action(weighed[0])
    assert np.allclose(sib["x"][0, : state.num_players], seat_features(child, base))
    assert sib["v1"][0] == pytest.approx(base.win_chances(child)[seat], abs=1e-12)


def _small_siblings() -> dict[str, Any]:
    return small_siblings(tool)


def _with_values(sib: dict[str, Any]) -> dict[str, Any]:
    """``sib`` with a search's values after each action: some actions never tried (NaN)."""
    rng = np.random.default_rng(3)
    q = rng.uniform(0.1, 0.6, len(sib["target"]))
    q[rng.random(len(q)) < 0.2] = np.nan
    return {**sib, "q": q}


def _scaled_weights(sib: dict[str, Any]) -> Any:
    """``sib`` with its features scaled as the fit scales them, and weights near v1's."""
    scale = np.sqrt((sib["x"][sib["mask"]] ** 2).mean(axis=0)) + 1e-9
    sib["x"] = sib["x"] / scale
    return tool.v1_weights() * scale + np.random.default_rng(1).normal(0.0, 0.05, len(FEATURES))


def _check_gradient(loss: Any, w: Any, extra: float) -> None:
    """``loss(w, extra)`` returns (value, gradient in ``w``, derivative in ``extra``): both
    must match central differences, on the eight largest weights' directions."""
    _, grad, g_extra = loss(w, extra)
    h = 1e-6
    for i in np.argsort(-np.abs(grad))[:8]:
        up, down = w.copy(), w.copy()
        up[i] += h
        down[i] -= h
        numeric = (loss(up, extra)[0] - loss(down, extra)[0]) / (2 * h)
        assert numeric == pytest.approx(grad[i], rel=1e-4, abs=1e-8)
    numeric_extra = (loss(w, extra + h)[0] - loss(w, extra - h)[0]) / (2 * h)
    assert numeric_extra == pytest.approx(g_extra, rel=1e-4, abs=1e-8)


def test_the_values_gradient_is_the_loss_s() -> None:
    sib = _with_values(_small_siblings())
    w = _scaled_weights(sib)
    spread = tool.teacher_spread(sib)
    _check_gradient(lambda w, s: tool.values_loss(w, s, sib, spread), w, np.log(1.7))


def test_the_values_fit_scores_the_teacher_itself_one_and_a_flat_evaluation_zero() -> None:
    """Only differences within a position count: the teacher's values shifted per position and
    scaled are explained entirely, at that scale; an evaluation that tells nothing apart
    explains nothing and its spread loss is 1 by construction."""
    sib = _with_values(_small_siblings())
    q = np.nan_to_num(sib["q"], nan=0.3)
    shifted = (q + 0.05 * sib["pos"]) / 2.0  # the level moves from position to position
    got = tool.values_fit(shifted, sib)
    assert got["values_r2"] == pytest.approx(1.0, abs=1e-12)
    assert got["values_scale"] == pytest.approx(2.0, rel=1e-9)
    flat = np.full(len(q), 0.4)
    assert tool.values_fit(flat, sib)["values_r2"] == pytest.approx(0.0, abs=1e-12)
    spread = tool.teacher_spread(sib)
    assert spread > 0
    assert tool.spread_loss(flat, 0.0, sib, spread)[0] == pytest.approx(1.0, rel=1e-9)


def test_the_siblings_gradient_is_the_loss_s() -> None:
    sib = _small_siblings()
    w = _scaled_weights(sib)
    _check_gradient(lambda w, t: tool.sibling_loss(w, t, sib), w, np.log(30.0))


def test_the_fit_end_to_end_writes_a_model_the_runtime_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three recorded games, a small search's visits at three decisions of each (sampled into
    two files, the second from the second game on), the fit from v1: the model it writes (or
    the report that says why none) is read back."""
    selfplay = load_tool("selfplay", "_strategos_selfplay_for_value_exit")
    targets = load_tool("search_targets", "_strategos_search_targets_for_value_exit")
    games, samples, more = (tmp_path / f"{n}.jsonl" for n in ("games", "samples", "more"))
    assert selfplay.main(["--agent", "policy:tactics", "--games", "3", "--seed", "7",
                          "--players", "2", "--out", str(games)]) == 0  # fmt: skip
    for out, part in ((samples, ["--games", "1"]), (more, ["--first", "1"])):
        assert targets.main(["sample", str(games), "--agent", "ismcts:normal:iterations=20",
                             "--per-game", "3", "--out", str(out), *part]) == 0  # fmt: skip
    sampled = [{json.loads(t)["game"] for t in f.read_text().splitlines()} for f in (samples, more)]
    assert sampled == [{0}, {1, 2}]
    model, report = tmp_path / "value_test.json", tmp_path / "report.json"
    code = tool.main([str(samples), str(more), "--games", str(games), "--outcomes", str(games),
                      "--test-outcomes", str(games), "--out", str(model), "--report",
                      str(report), "--steps", "3", "--weights", "1",
                      "--compare", "value_v3"])  # fmt: skip
    measured = json.loads(report.read_text(encoding="utf-8"))
    assert measured["v1"]["siblings"]["positions"] >= 1
    assert measured["v3"]["siblings"]["positions"] == measured["v1"]["siblings"]["positions"]
    assert "v2" not in measured
    assert len(measured["fits"]) == 1
    if code != 0:
        assert measured["chosen"] is None and not model.exists()
        return
    monkeypatch.setattr(learned_value, "DATA_DIR", tmp_path)
    learned_value.load_model.cache_clear()
    try:
        assert len(LearnedEvaluator.named("value_test").weights) == len(FEATURES)
    finally:
        learned_value.load_model.cache_clear()


def test_a_search_seed_searches_the_same_positions_anew(tmp_path: Path) -> None:
    """Samples with the default seed twice and with ``--search-seed 1`` once: the same positions
    each time, the default seed's visits repeated exactly, another seed's not all the same."""
    selfplay = load_tool("selfplay", "_strategos_selfplay_for_search_seeds")
    targets = load_tool("search_targets", "_strategos_search_targets_for_search_seeds")
    games = tmp_path / "games.jsonl"
    assert selfplay.main(["--agent", "policy:tactics", "--games", "2", "--seed", "8",
                          "--players", "2", "--out", str(games)]) == 0  # fmt: skip
    files = [tmp_path / f"{name}.jsonl" for name in ("seed0", "seed0_again", "seed1")]
    for out, seed in zip(files, ("0", "0", "1"), strict=True):
        assert targets.main(["sample", str(games), "--agent", "ismcts:normal:iterations=40",
                             "--per-game", "3", "--search-seed", seed, "--out",
                             str(out)]) == 0  # fmt: skip
    lines = [[json.loads(t) for t in f.read_text().splitlines()] for f in files]
    where = [[(s["game"], s["action"]) for s in rows] for rows in lines]
    assert where[0] == where[1] == where[2] and len(where[0]) == 6
    assert [s["visits"] for s in lines[0]] == [s["visits"] for s in lines[1]]
    assert [s["visits"] for s in lines[0]] != [s["visits"] for s in lines[2]]
    for s in lines[0]:
        assert len(s["values"]) == len(s["visits"])
        assert all(v is None or 0.0 <= v <= 1.0 for v in s["values"])
        assert any(v is not None for v in s["values"])
    with pytest.raises(SystemExit):
        targets.main(["sample", str(games), "--out", str(files[0]), "--search-seed", "-1"])
