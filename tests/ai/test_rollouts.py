"""The ``rollouts`` agent (``ai/rollouts.py``): flat Monte Carlo with common random numbers,
the player of round 16's ranking targets (experiments/exit.md, round 20)."""

from __future__ import annotations

import random

import pytest

import ai
from ai.config import SearchConfig
from ai.rollouts import RolloutsAgent, RolloutValues
from ai.search import Search
from game.actions import Destroy
from tests.ai.helpers import coin_duel_position, general, mid_game, place, start_turn
from tests.ai.test_puzzles import play_turn, two_player

CONFIG = SearchConfig(policy="tactics", evaluator="v1", playout_turns=1, playout_epsilon=0.0)


def test_every_action_meets_the_same_worlds_and_dice() -> None:
    """The r-th rollout of each action is dealt the same world and dice: an action listed
    twice gets the same mean to the last bit, where fresh luck would part them."""
    state = mid_game()
    view = state.observe(state.active)
    action = state.legal_actions()[0]
    values = RolloutValues(view, [action, action], 6, CONFIG, "seed")
    assert values.step(1 << 30)
    first, second = values.means()
    assert first == second
    other = RolloutValues(view, [action], 6, CONFIG, "another seed")
    other.step(1 << 30)
    assert other.means()[0] != first  # the seed is what the luck hangs on


def test_rollouts_run_in_slices_an_action_at_a_time() -> None:
    state = mid_game()
    view = state.observe(state.active)
    actions = state.legal_actions()[:5]
    values = RolloutValues(view, actions, 3, CONFIG, "s")
    assert values.best_action() == actions[0]  # valid before any rollout
    assert not values.step(7)
    assert values.progress() == pytest.approx(7 / 15)
    shares = [insight.visit_share for insight in values.explain(top=5)]
    assert sorted(shares) == pytest.approx([1 / 7, 1 / 7, 1 / 7, 2 / 7, 2 / 7])
    assert values.step(8) and values.done
    insights = values.explain(top=5)
    chances = [i.win_chance for i in insights]
    assert chances == sorted(chances, reverse=True)
    assert insights[0].action == values.best_action()


def test_plays_the_destroy_that_wins() -> None:
    """R9.7: at 6 points, the first floor of an enemy (R9.4) is the seventh point."""
    state = two_player()
    place(state, general("romans", 0), "carthago", level=2)
    place(state, general("romans", 1), "roma")
    place(state, general("carthaginians", 0), "gades")
    state.points = [6, 2]
    start_turn(state, 0, [1, 2, 3, 5])
    mine = play_turn(state, ai.agent_from_spec("rollouts:rollouts=2:turns=0"), seed=1)
    assert any(isinstance(a, Destroy) for a in mine), mine
    assert state.points[0] == 7


def test_a_coin_is_the_searchs_decision() -> None:
    state = coin_duel_position()
    seat = state.current_player()
    agent = RolloutsAgent(rollouts=2, turns=0)
    thinking = agent.begin(state.observe(seat), state.legal_actions(), random.Random(1))
    assert isinstance(thinking, Search)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rollouts:rollouts=0", "rollouts must be a whole number of at least 1"),
        ("rollouts:rollouts=true", "rollouts must be a whole number of at least 1"),
        ("rollouts:turns=11", "turns must be a whole number from 0 to 10"),
        ("rollouts:turns=1.5", "turns must be a whole number from 0 to 10"),
        ("rollouts:depth=3", "has no option 'depth'"),
        ("rollouts:bogus", "unknown difficulty"),
    ],
)
def test_a_bad_option_is_refused_where_it_is_given(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ai.agent_from_spec(spec)
