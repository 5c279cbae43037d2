"""A search's win chance shown as a probability (ai.chances.search_chance): the runtime map
equals the fitting code's to 1e-9, never reorders, keeps a table's chances summing to 1, and
its model file is checked when read."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

import game
from ai import chances, review
from ai.chances import search_chance, search_chances
from ai.ismcts import IsmctsAgent
from ai.model_file import ModelError
from ai.presets import HINT, REVIEW
from ai.registry import HINT_ITERATIONS, hint, hint_agent, hint_search
from game import CHANCE
from tests.ai.helpers import mid_game
from tests.tool_scripts import load_tool

GRID = [0.0, 1e-6, 0.01, 0.1, 0.25, 0.5, 0.62, 0.9, 0.999, 1.0]


def test_the_runtime_map_equals_the_fitting_code_to_1e_9(monkeypatch: pytest.MonkeyPatch) -> None:
    np = pytest.importorskip("numpy")
    tool = load_tool("calibrate_search", "_strategos_calibrate_search_for_tests")
    shipped = chances._search_map()
    bent = {n: (1.3, 0.2, 0.7) for n in range(2, 7)}  # both slopes, whatever the file holds
    for table in (shipped, bent):
        monkeypatch.setattr(chances, "_search_map", lambda table=table: table)
        for n in range(2, 7):
            a, b, c = table[n]
            expected = tool.calibrated(np.array(GRID), [a, b, c], n)
            got = [search_chance(p, n) for p in GRID]
            assert max(abs(x - y) for x, y in zip(got, expected, strict=True)) < 1e-9


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_map_keeps_the_order_and_a_table_sums_to_one(players: int) -> None:
    mapped = [search_chance(p, players) for p in GRID]
    assert all(0.0 < m < 1.0 for m in mapped)
    assert mapped == sorted(mapped)
    table = search_chances([0.7] + [0.3 / (players - 1)] * (players - 1))
    assert abs(sum(table) - 1.0) < 1e-12 and table[0] == max(table)


def test_the_model_file_is_checked_when_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    maps: dict[str, list[float]] = {str(n): [1.0, 0.0] for n in range(2, 7)}
    good = {"format": "strategos-search-chances", "version": 1, "map": maps}
    monkeypatch.setattr(chances, "DATA_DIR", tmp_path)
    bad = [
        {**good, "map": {"2": [1.0, 0.0]}},  # a seat count missing
        {**good, "map": {**maps, "4": [-1.0, 0.0]}},  # would reorder the actions
        {**good, "map": {**maps, "3": [1.0]}},
        {**good, "map": {**maps, "5": [1.0, 0.0, -1.5]}},  # reorders above the even chance
        {**good, "map": {**maps, "6": [1.0, 0.0, 0.5, 0.1]}},
        {**good, "format": "strategos-value"},
    ]
    try:
        for model in bad:
            chances._search_map.cache_clear()
            (tmp_path / f"{chances.SEARCH_MODEL}.json").write_text(json.dumps(model))
            with pytest.raises(ModelError):
                search_chance(0.5, 2)
        chances._search_map.cache_clear()
        (tmp_path / f"{chances.SEARCH_MODEL}.json").write_text(json.dumps(good))
        assert abs(search_chance(0.3, 4) - 0.3) < 1e-12
        # A second slope bends the map above the even chance only (1/3 of three seats).
        maps["3"] = [1.0, 0.0, 1.0]
        chances._search_map.cache_clear()
        (tmp_path / f"{chances.SEARCH_MODEL}.json").write_text(json.dumps(good))
        assert abs(search_chance(0.2, 3) - 0.2) < 1e-12
        assert abs(search_chance(0.5, 3) - 2 / 3) < 1e-12  # z = 0 + (0 - logit(1/3)) = ln 2
    finally:
        chances._search_map.cache_clear()


def test_the_hint_shows_the_search_chances_mapped() -> None:
    """What the hint button shows is the search's chance through the map, action by action
    (past the kingdom pick, whose chances are the book's: tests/ai/test_kingdom_book.py)."""
    state = game.new_game(3, seed=4)
    rng = random.Random(4)
    while (
        state.current_player() == CHANCE
        or len(state.legal_actions()) < 5
        or state.phase == game.P_PICK
    ):
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    view = state.observe(state.current_player())
    legal = state.legal_actions()
    raw = hint_search(view, legal, iterations=40, seed=2).explain(3)
    shown = hint(view, legal, iterations=40, seed=2, top=3)
    assert [i.action for i in shown] == [i.action for i in raw]
    for got, searched in zip(shown, raw, strict=True):
        assert searched.win_chance is not None and got.win_chance is not None
        assert got.win_chance == search_chance(searched.win_chance, 3)


@pytest.mark.parametrize("players", [2, 4])
def test_the_hint_and_the_review_search_as_the_map_was_measured(players: int) -> None:
    """The map was fitted on the search of ``ai.presets.HINT``; the hint and the review search
    with it (the review with its own budget) at every seat count, whatever the normal preset
    plays with (tests/ai/test_components.py holds the preset to what was measured)."""
    agent = hint_agent()
    assert isinstance(agent, IsmctsAgent) and agent.preset == HINT
    assert agent.config_at(players) == HINT.at(players)
    assert HINT.at(players).iterations == HINT_ITERATIONS
    state = mid_game(5, players=players)
    legal = state.legal_actions()
    job = review._Job(index=0, seat=state.active, state=state, action=legal[0])
    owner = SimpleNamespace(seed=0)  # all a review's search takes from its review
    search = review.Review._new_search(owner, job, legal, 50, 0)  # type: ignore[arg-type]
    assert search.config == replace(REVIEW.at(players), iterations=50)


def test_sampling_resumes_where_it_stopped(tmp_path: Path) -> None:
    """Self-play and the sampling append each finished game at once; run again, they play
    and sample only what is missing (a stopped run loses nothing)."""
    selfplay = load_tool("selfplay", "_strategos_selfplay_for_search_chances")
    tool = load_tool("calibrate_search", "_strategos_calibrate_search_for_resume")
    games, samples = tmp_path / "games.jsonl", tmp_path / "samples.jsonl"
    assert selfplay.main(["--agent", "policy:tactics", "--games", "2", "--seed", "5",
                          "--out", str(games)]) == 0  # fmt: skip
    sample = ["sample", str(games), "--per-game", "1", "--iterations", "20", "--out", str(samples)]
    assert tool.main([*sample, "--games", "1"]) == 0
    first = samples.read_text(encoding="utf-8").splitlines()
    assert len(first) == 1
    assert tool.main(sample) == 0
    rows = [json.loads(t) for t in samples.read_text(encoding="utf-8").splitlines()]
    assert samples.read_text(encoding="utf-8").splitlines()[:1] == first
    assert sorted(r["game"] for r in rows) == [0, 1]
    assert all(0.0 <= r["chance"] <= 1.0 and 0.0 <= r["won"] <= 1.0 for r in rows)


def test_a_resumed_run_with_nothing_left_to_play_ends(tmp_path: Path) -> None:
    """Over several processes, a run whose games are all played already used to wait forever
    (the recipe of ``./build.sh train`` hung at its second step)."""
    import subprocess
    import sys

    games = tmp_path / "games.jsonl"
    command = [sys.executable, "tools/selfplay.py", "--agent", "policy:tactics", "--games", "1",
               "--seed", "5", "--out", str(games)]  # fmt: skip
    root = Path(__file__).resolve().parents[2]
    subprocess.run([*command, "--jobs", "1"], cwd=root, check=True, timeout=120)
    done = subprocess.run([*command, "--jobs", "2"], cwd=root, timeout=120, capture_output=True)
    assert done.returncode == 0 and b"0 to play" in done.stderr
    assert len(games.read_text(encoding="utf-8").splitlines()) == 1
