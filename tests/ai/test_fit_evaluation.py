"""tools/fit_evaluation.py: the conditional-logit fit of the evaluation's weights."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from ai.evaluation import DEFAULT_WEIGHTS, TERMS
from tests.tool_scripts import load_tool, usage_error

fit_evaluation = load_tool("fit_evaluation", "_strategos_fit_under_test")


Sample = tuple[float, list[list[float]], list[float]]


def _synthetic(theta: list[float], count: int, rng: random.Random) -> list[Sample]:
    """Positions whose winner is drawn from the model with ``theta``."""
    samples: list[Sample] = []
    for _ in range(count):
        progress = rng.random()
        terms = [[rng.uniform(0, 4) for _ in TERMS] for _ in range(rng.choice((2, 3, 4)))]
        z = fit_evaluation._logits(theta, progress, terms)
        top = max(z)
        exps = [math.exp(v - top) for v in z]
        winner = rng.choices(range(len(terms)), weights=exps)[0]
        samples.append((progress, terms, [1.0 if s == winner else 0.0 for s in range(len(terms))]))
    return samples


def test_fit_recovers_the_constants_that_made_the_data() -> None:
    truth = [0.6, 0.5, 1.0, 0.5, 0.8, 1.3, 0.6, 0.3, -0.4, 0.25, 0.9]
    samples = _synthetic(truth, 3000, random.Random(3))
    start = fit_evaluation.initial(DEFAULT_WEIGHTS)
    theta = fit_evaluation.fit_theta(start, samples, ridge=0.01)
    assert theta[2] == 1.0  # points stay the unit
    assert fit_evaluation.log_likelihood(theta, samples) > fit_evaluation.log_likelihood(
        start, samples
    )
    for fitted, true in zip(theta, truth, strict=True):
        assert fitted == pytest.approx(true, abs=0.25)


def test_fixed_parts_keep_their_scales() -> None:
    truth = [0.6, 0.5, 1.0, 0.5, 0.8, 1.3, 0.6, 0.3, -0.4, 0.25, 0.9]
    samples = _synthetic(truth, 600, random.Random(4))
    start = fit_evaluation.initial(DEFAULT_WEIGHTS)
    theta = fit_evaluation.fit_theta(start, samples, fixed=("reach", "cards"))
    for name in ("points", "reach", "cards"):
        i = 2 + TERMS.index(name)
        assert theta[i] == start[i]
    assert theta[2 + TERMS.index("level")] != start[2 + TERMS.index("level")]


def test_the_current_weights_map_back_to_themselves() -> None:
    start = fit_evaluation.initial(DEFAULT_WEIGHTS)
    assert fit_evaluation.to_weights(start) == DEFAULT_WEIGHTS


def test_play_records_positions_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "positions.jsonl"
    argv = ["play", "--agents", "greedy,greedy", "--games", "2", "--seed", "5", "--out", str(out)]
    fit_evaluation.main(argv)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["game"] for row in rows] == [0, 1]
    progress, terms, active = rows[0]["positions"][0]
    assert progress == 0.0 and len(terms) == 2 and len(terms[0]) == len(TERMS) and active == 0
    out.write_text(out.read_text() + '{"game": 2, "agents": ["gre')  # killed while writing
    fit_evaluation.main([*argv[:4], "3", *argv[5:]])  # one more game, the first two kept
    assert [json.loads(line)["game"] for line in out.read_text().splitlines()] == [0, 1, 2]
    err = usage_error(fit_evaluation.main, [*argv[:6], "6", *argv[7:]], capsys)
    assert "another run" in err


@pytest.mark.parametrize("content", ["my notes\nmore notes\n", "[1, 2]\n", "\x00\xff"])
def test_play_leaves_another_file_as_it_was(
    tmp_path: Path, content: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Only a last line of ours cut short is dropped: a mistaken --out is not emptied.
    out = tmp_path / "notes.txt"
    out.write_bytes(content.encode("latin-1"))
    argv = ["play", "--agents", "greedy,greedy", "--games", "1", "--seed", "5", "--out", str(out)]
    assert "notes.txt" in usage_error(fit_evaluation.main, argv, capsys)
    assert out.read_bytes() == content.encode("latin-1")
    argv_seed = [*argv[:6], str(2**62), "--out", str(tmp_path / "new.jsonl")]
    assert "--seed must be" in usage_error(fit_evaluation.main, argv_seed, capsys)
    err = usage_error(fit_evaluation.main, [*argv[:-1], str(tmp_path)], capsys)  # a folder
    assert f"{tmp_path} is a folder; give a file name" in err


def test_play_refuses_an_arena_log_as_its_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # An arena log of the same agents and seed names its game as an object: that was a
    # TypeError traceback ("unhashable type: 'dict'") where a file of another kind is refused.
    out = tmp_path / "arena.jsonl"
    line = json.dumps({"agents": ["greedy", "greedy"], "seed": 5, "game": {"index": 0}}) + "\n"
    out.write_text(line, encoding="utf-8")
    argv = ["play", "--agents", "greedy,greedy", "--games", "1", "--seed", "5", "--out", str(out)]
    err = usage_error(fit_evaluation.main, argv, capsys)
    assert f"{out}:1: not a game of recorded positions; use another --out" in err
    assert out.read_text(encoding="utf-8") == line
