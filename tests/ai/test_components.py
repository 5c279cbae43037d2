"""The search takes its evaluator and policy by name from the registry (``ai.components``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

import pytest

import ai
from ai.components import (
    TWO_SEAT_EVALUATORS,
    evaluator_names,
    make_evaluator,
    make_policy,
    policy_names,
    register_evaluator,
    register_policy,
)
from ai.config import SearchConfig
from ai.presets import PRESETS, V1_PRESETS
from game import Action, GameState
from game.kinds import END_TURN
from tests.ai.helpers import mid_game


class Even:
    """Every seat as likely to win as any other, and a record of who asked."""

    viewers: ClassVar[list[int]] = []

    def __init__(self, viewer: int) -> None:
        Even.viewers.append(viewer)
        self.calls = 0

    def win_chances(self, state: GameState) -> list[float]:
        self.calls += 1
        if state.is_terminal():
            return state.returns()
        return [1.0 / state.num_players] * state.num_players


class EndTurnFirst:
    """Ending the turn over anything else, in no unit of win chance."""

    def scores(self, state: GameState, actions: Sequence[Action]) -> list[float]:
        return [1.0 if a.kind == END_TURN else 0.0 for a in actions]

    def value_scale(self, state: GameState) -> float:
        return 0.0


class Where(Even):
    """Even, keeping every position it judged."""

    judged: ClassVar[list[GameState]] = []

    def win_chances(self, state: GameState) -> list[float]:
        Where.judged.append(state.clone())
        return super().win_chances(state)


register_evaluator("test-even", lambda config, viewer: Even(viewer))
register_evaluator("test-where", lambda config, viewer: Where(viewer))
register_policy("test-end-turn", lambda config, viewer: EndTurnFirst())


def test_v1_is_registered_and_the_frozen_presets_name_it() -> None:
    assert "v1" in evaluator_names() and "v1" in policy_names()
    assert all(c.evaluator == "v1" and c.policy == "v1" for c in V1_PRESETS.values())
    # The presets differ from the frozen ones by leaving out dominated actions (experiments/
    # dominance.md, D1) and, at normal only, by the v3 evaluation (experiments/exit.md, V1)
    # and the root's one-ply differences at a tenth at 160 iterations (exit.md, G1), at two
    # seats; at more, by "threat" at full scale (exit.md, round 8) and by playouts that end
    # with the mover's turn at 260 iterations (exit.md, Z7'); at normal, hard and expert by
    # picking the kingdom from the book (exit.md, round 18).
    assert {level: c.evaluator for level, c in PRESETS.items()} == {
        "easy": "v1",
        "normal": "v3-or-threat",
        "hard": "v1",
        "expert": "v1",
    }
    assert {
        level: (
            c.iterations,
            c.root_scale,
            c.root_scale_many,
            c.playout_turns_many,
            c.iterations_many,
        )
        for level, c in PRESETS.items()
    } == {
        "easy": (30, 1.0, -1.0, -1, -1),
        "normal": (160, 0.1, 1.0, 0, 260),
        "hard": (1400, 1.0, -1.0, -1, -1),
        "expert": (10000, 1.0, -1.0, -1, -1),
    }
    assert {
        level: replace(
            c,
            prune=False,
            evaluator="v1",
            root_scale=1.0,
            root_scale_many=-1.0,
            playout_turns_many=-1,
            iterations_many=-1,
            iterations=V1_PRESETS[level].iterations,
            kingdom_book="",
        )
        for level, c in PRESETS.items()
    } == V1_PRESETS
    assert all(c.prune for c in PRESETS.values()) and not any(c.prune for c in V1_PRESETS.values())
    # The search levels pick their kingdom from the book (exit.md, round 18); easy searches it.
    assert {level: c.kingdom_book for level, c in PRESETS.items()} == {
        "easy": "",
        "normal": "tactics",
        "hard": "tactics",
        "expert": "tactics",
    }


def _searched(spec: str, state: GameState) -> ai.Search:
    """The search ``spec`` makes at ``state``, run to its end."""
    seat = state.current_player()
    search = ai.agent_from_spec(spec).begin(
        state.observe(seat), state.legal_actions(), random.Random(1)
    )
    assert isinstance(search, ai.Search)
    while not search.step(1 << 30):
        pass
    return search


def test_a_spec_names_the_components_the_search_uses() -> None:
    """With every position even, only the policy's priors tell actions apart: the search
    spends its visits on what the named policy likes, and asks the named evaluator from both
    viewpoints (determinized worlds and the seat's own public state)."""
    state = mid_game()
    seat = state.current_player()
    spec = "ismcts:normal:iterations=60:evaluator=test-even:policy=test-end-turn:root_eval=false"
    Even.viewers.clear()
    search = _searched(spec, state)
    assert search.best_action().kind == END_TURN
    assert sorted(Even.viewers) == [-1, seat]
    assert isinstance(search.evaluator, Even) and search.evaluator.calls == search.iterations
    plain = ai.agent_from_spec("ismcts:normal:iterations=60:root_eval=false").choose(
        state.observe(seat), state.legal_actions(), random.Random(1)
    )
    assert plain.kind != END_TURN  # the "v1" policy would not end this turn at once


def test_a_name_is_registered_once_and_must_fit_in_a_spec() -> None:
    with pytest.raises(ValueError, match="registered already"):
        register_evaluator("v1", lambda config, viewer: Even(viewer))
    with pytest.raises(ValueError, match="registered already"):
        register_policy("v1", lambda config, viewer: EndTurnFirst())
    with pytest.raises(ValueError, match="cannot be written in an agent spec"):
        register_evaluator("a:b", lambda config, viewer: Even(viewer))


def test_an_unknown_name_lists_the_choices() -> None:
    with pytest.raises(ValueError, match=r"unknown evaluator 'nope'; choose from .*\bv1\b"):
        make_evaluator(SearchConfig(evaluator="nope"), -1)
    with pytest.raises(ValueError, match=r"unknown policy 'nope'; choose from .*\bv1\b"):
        make_policy(SearchConfig(policy="nope"), -1)


def test_v3_or_threat_is_v3_at_two_seats_and_threat_at_more() -> None:
    for players, same, other_name in ((2, "v3", "threat"), (4, "threat", "v3")):
        state = mid_game(5, players=players)
        seat = state.current_player()
        for viewer in (-1, seat):
            both = make_evaluator(SearchConfig(evaluator="v3-or-threat"), viewer)
            one = make_evaluator(SearchConfig(evaluator=same), viewer)
            other = make_evaluator(SearchConfig(evaluator=other_name), viewer)
            world = state if viewer == -1 else state.observe(seat).public
            assert both.win_chances(world) == one.win_chances(world)
            assert both.win_chances(world) != other.win_chances(world)


def test_each_by_seats_evaluator_is_its_named_two_seat_one_at_two_seats() -> None:
    """``TWO_SEAT_EVALUATORS`` lets a two-seat measurement stand for a by-seats evaluator."""
    state = mid_game(5, players=2)
    for by_seats, two in TWO_SEAT_EVALUATORS.items():
        for viewer in (-1, state.current_player()):
            a = make_evaluator(SearchConfig(evaluator=by_seats), viewer)
            b = make_evaluator(SearchConfig(evaluator=two), viewer)
            world = state if viewer == -1 else state.observe(viewer).public
            assert a.win_chances(world) == b.win_chances(world), by_seats
