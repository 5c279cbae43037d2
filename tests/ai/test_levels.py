"""The levels a player picks (ai.levels) are what the ladder measured (experiments/ladder.md).

Each offered level must have beaten the one below it in at least 0.60 of at least 200
two-player games, lower Wilson bound above 0.5, as the agent it is today: the arena report's
recorded settings must equal what the level's spec resolves to now, so retuning a level
without measuring it again fails here.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import ai
import game
from ai.levels import LEVELS, OFFERED, check_level, level_agent
from game import GameState
from lab.settings import agent_settings, at_two_seats, from_log, with_kingdoms_dealt

ROOT = Path(__file__).resolve().parents[2]

# The arena report that made each offered level a step above the one below it.
STEPS = {
    ("easy", "beginner"): "ladder_tactics_vs_greedy.json",
    ("normal", "easy"): "ladder_normal_rs_vs_easy.json",
}


def _position() -> GameState:
    """A decision with a few legal actions, early in a two-player game."""
    state = game.new_game(2, seed=5)
    rng = random.Random(5)
    while len(state.legal_actions()) < 3:
        if state.current_player() == game.CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def test_every_level_is_an_agent_that_plays() -> None:
    state = _position()
    view = state.observe(state.current_player())
    legal = state.legal_actions()
    for level in LEVELS:
        assert isinstance(level_agent(level), ai.Agent), level
    for level in OFFERED:
        assert level_agent(level).choose(view, legal, random.Random(1)) in legal, level


def test_an_unknown_level_is_refused_with_the_levels_there_are() -> None:
    with pytest.raises(ValueError, match="'godlike'; choose from beginner, easy, normal"):
        check_level("godlike")
    with pytest.raises(ValueError, match="unknown difficulty"):
        level_agent("ismcts:hard")  # a level, not an agent spec


def test_the_offered_levels_are_in_order_weakest_first() -> None:
    assert set(OFFERED) <= set(LEVELS)
    order = list(LEVELS)
    assert [order.index(level) for level in OFFERED] == sorted(order.index(x) for x in OFFERED)
    # The search's budgets keep their own names; a level need not be one of them.
    assert set(ai.DIFFICULTIES) <= set(LEVELS)


@pytest.mark.parametrize("pair", list(zip(OFFERED[1:], OFFERED[:-1], strict=True)))
def test_each_offered_level_was_measured_a_step_above_the_one_below(
    pair: tuple[str, str],
) -> None:
    assert pair in STEPS, f"no ladder run shows {pair[0]} above {pair[1]}"
    report = json.loads((ROOT / "experiments" / "arena" / STEPS[pair]).read_text("utf-8"))
    upper, lower = report["agents"]
    assert report["players"] == 2 and report["games"] >= 200
    assert upper["win_share"] >= 0.60 and upper["wilson_low"] > 0.5
    # A ladder run deals the kingdoms unless it says it picked them: no pick to make there.
    played = (lambda s: s) if report.get("pick") else with_kingdoms_dealt
    for row, level in ((upper, pair[0]), (lower, pair[1])):
        spec = LEVELS[level]
        # The agent as measured: its settings, whichever spec spelt them (a spec may name an
        # option the measured preset had by default), as they play at two seats.
        measured = played(at_two_seats(from_log(spec, row["settings"])))
        assert measured == played(at_two_seats(agent_settings(spec))), level


def test_the_bench_reports_each_levels_decision_time() -> None:
    from lab.bench_search import level_times

    times = level_times([_position()], levels=OFFERED)
    assert list(times) == list(OFFERED)
    assert all(t is not None and t >= 0.0 for t in times.values())
