"""The quick scores corrected toward a deep search (ai.policy_correction): the runtime equals
the fitting code to 1e-9, the model file is checked when read, and a search plays with it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import ai
import game
from ai import policy_correction
from ai.model_file import ModelError
from ai.policy import QuickScorer
from ai.policy_correction import CORRECTED_KINDS, CorrectedScorer, kind_name, load_correction
from game import CHANCE, P_ACTION, P_CONTINUE, GameState
from game.actions import Trade
from game.kinds import TRADE
from tests.tool_scripts import load_tool


def _turn_positions(count: int) -> list[GameState]:
    """Own-turn decisions of a random game: where the correction applies."""
    out: list[GameState] = []
    state = game.new_game(3, seed=12)
    rng = random.Random(5)
    while not state.is_terminal() and len(out) < count:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if state.phase in (P_ACTION, P_CONTINUE) and len(legal) > 1 and rng.random() < 0.2:
            out.append(state.clone())
        state.apply_action(rng.choice(legal))
    assert len(out) == count
    return out


BENT = (4.0, -1.5, {k: (0.3 * i - 1.0, 0.7 - 0.2 * i) for i, k in enumerate(CORRECTED_KINDS)})


@pytest.mark.parametrize("source", ["shipped", "bent"])
def test_the_runtime_scores_equal_the_fitting_code_to_1e_9(source: str) -> None:
    np = pytest.importorskip("numpy")
    tool = load_tool("search_targets", "_strategos_search_targets_for_tests")
    correction = load_correction("policy_exit1") if source == "shipped" else BENT
    temp, gain, kinds = correction
    w = np.array([gain] + [v for k in CORRECTED_KINDS for v in kinds[k]])
    scorer = CorrectedScorer(correction)
    for state in _turn_positions(6):
        scores, x = tool.features(state)
        expected = (temp * scores + x @ w) / temp
        got = scorer.scores(state, state.legal_actions())
        assert max(abs(a - b) for a, b in zip(got, expected, strict=True)) < 1e-9


def test_a_trade_is_corrected_by_the_highest_die_it_gives_away() -> None:
    """R4.3: three dice for a 6; giving away a 6 is what the die slope can learn to avoid."""
    state = _turn_positions(1)[0]
    trades = [Trade((1, 2, 6)), Trade((1, 2, 3))]
    temp, kinds = 4.0, {k: (0.0, 0.0) for k in CORRECTED_KINDS}
    kinds[TRADE] = (0.0, -6.0)
    corrected = CorrectedScorer((temp, 0.0, kinds)).scores(state, trades)
    plain = QuickScorer().scores(state, trades)
    assert corrected[0] - plain[0] == pytest.approx(-6.0 / temp)
    assert corrected[1] - plain[1] == pytest.approx(-3.0 / temp)


def _kinds(**change: list[float]) -> dict[str, list[float]]:
    return {**{kind_name(k): [0.0, 0.0] for k in CORRECTED_KINDS}, **change}


def _model(**change: object) -> dict[str, object]:
    model: dict[str, object] = {"format": policy_correction.FORMAT, "version": 1}
    model.update({"prior_temp": 4.0, "score_gain": 0.0, "kinds": _kinds()}, **change)
    return model


@pytest.mark.parametrize(
    ("model", "message"),
    [
        (_model(format="strategos-value"), "is not a policy correction"),
        (_model(prior_temp=0.0), "prior_temp above 0"),
        (_model(score_gain=-5.0), "above -score_gain"),
        (_model(score_gain="1"), "finite numbers"),
        (_model(kinds={"move": [0.0, 0.0]}), "must correct exactly"),
        (_model(kinds=_kinds(build=[1.0, float("nan")])), "build needs"),
        (_model(kinds=_kinds(trade=[1.0])), "trade needs"),
    ],
)
def test_the_model_file_is_checked_when_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, model: dict[str, object], message: str
) -> None:
    monkeypatch.setattr(policy_correction, "DATA_DIR", tmp_path)
    (tmp_path / "broken.json").write_text(json.dumps(model), encoding="utf-8")
    load_correction.cache_clear()
    try:
        with pytest.raises(ModelError, match=message):
            load_correction("broken")
    finally:
        load_correction.cache_clear()


def test_a_search_with_the_corrected_prior_plays_legal_actions() -> None:
    agent = ai.agent_from_spec("ismcts:normal:policy=exit1:iterations=40")
    state = _turn_positions(1)[0]
    seat = state.current_player()
    legal = state.legal_actions()
    assert agent.choose(state.observe(seat), legal, random.Random(1)) in legal


def test_the_recipe_samples_resumes_and_fits_a_model_the_runtime_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tools/search_targets.py end to end on two recorded games: the visit shares of every
    legal action, a second run that samples nothing new, and a fit the runtime loads."""
    pytest.importorskip("numpy")
    selfplay = load_tool("selfplay", "_strategos_selfplay_for_search_targets")
    tool = load_tool("search_targets", "_strategos_search_targets_for_recipe")
    games, samples = tmp_path / "games.jsonl", tmp_path / "samples.jsonl"
    assert selfplay.main(["--agent", "policy:tactics", "--games", "2", "--seed", "7",
                          "--players", "2", "--out", str(games)]) == 0  # fmt: skip
    sample = ["sample", str(games), "--agent", "ismcts:normal:iterations=20", "--per-game", "3",
              "--out", str(samples)]  # fmt: skip
    assert tool.main(sample) == 0
    lines = [json.loads(t) for t in samples.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 6 and all(abs(sum(s["visits"]) - 1.0) < 1e-4 for s in lines)
    assert tool.main(sample) == 0
    assert len(samples.read_text(encoding="utf-8").splitlines()) == 6
    model = tmp_path / "policy_test.json"
    assert tool.main(["fit", str(samples), "--games", str(games), "--out", str(model),
                      "--report", str(tmp_path / "report.json"), "--steps", "5"]) == 0  # fmt: skip
    monkeypatch.setattr(policy_correction, "DATA_DIR", tmp_path)
    load_correction.cache_clear()
    try:
        temp, _, kinds = load_correction("policy_test")
    finally:
        load_correction.cache_clear()
    assert temp == 4.0 and set(kinds) == set(CORRECTED_KINDS)
