"""The search is given its evaluation and policy as objects (``ai.components``); command lines
name them (``ai.registry``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

import pytest

import ai
from ai.components import Evaluator, Fitted, HandBuilt, Policy, Tactics, Threat
from ai.evaluation import DEFAULT_WEIGHTS
from ai.playout import PlayoutParams
from ai.presets import HINT, PRESETS, REVIEW
from ai.registry import EVALUATORS, POLICIES, register_evaluator, register_policy
from ai.tree import TreeParams
from game import Action, GameState
from game.kinds import END_TURN
from lab.baselines import V1_PRESETS
from tests.ai.helpers import mid_game


class EvenEvaluator:
    """Every seat as likely to win as any other, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def win_chances(self, state: GameState) -> list[float]:
        self.calls += 1
        if state.is_terminal():
            return state.returns()
        return [1.0 / state.num_players] * state.num_players


@dataclass(frozen=True)
class Even:
    """An evaluation that judges every position even, and records who it was made for."""

    name: ClassVar[str] = "test-even"
    viewers: ClassVar[list[int]] = []

    def evaluator(self, viewer: int) -> Evaluator:
        Even.viewers.append(viewer)
        return EvenEvaluator()


class EndTurnScores:
    """Ending the turn over anything else, in no unit of win chance."""

    def scores(self, state: GameState, actions: Sequence[Action]) -> list[float]:
        return [1.0 if a.kind == END_TURN else 0.0 for a in actions]

    def value_scale(self, state: GameState) -> float:
        return 0.0


@dataclass(frozen=True)
class EndTurnFirst:
    name: ClassVar[str] = "test-end-turn"

    def policy(self, viewer: int) -> Policy:
        return EndTurnScores()


register_evaluator(Even())
register_policy(EndTurnFirst())


def test_the_frozen_presets_search_with_the_hand_built_components_only() -> None:
    frozen = [c for p in V1_PRESETS.values() for c in (p.two_seats, p.more_seats)]
    hand_built = HandBuilt(DEFAULT_WEIGHTS)
    assert all(c.evaluator == hand_built and c.policy == hand_built for c in frozen)
    assert all(p.two_seats == p.more_seats and not p.kingdom_book for p in V1_PRESETS.values())
    assert EVALUATORS["hand-built"] == HandBuilt() and POLICIES["hand-built"] == HandBuilt()


def test_the_presets_differ_from_the_frozen_ones_as_measured() -> None:
    """Every preset leaves out dominated actions (experiments/dominance.md, D1); normal, hard
    and expert pick the kingdom from the book (exit.md, round 18); normal searches at two seats
    with the fitted evaluation (exit.md, V1) and the root's one-ply differences at a tenth at
    160 iterations (G1), at more with the threat evaluator (round 8) and playouts that end with
    the mover's turn at 260 iterations (Z7')."""
    pruned = TreeParams(prune=True)
    for level, preset in PRESETS.items():
        frozen = V1_PRESETS[level].two_seats
        if level == "normal":
            assert preset.two_seats == replace(
                frozen, iterations=160, evaluator=Fitted(), root_scale=0.1, tree=pruned
            )
            assert preset.more_seats == replace(
                frozen, iterations=260, evaluator=Threat(), tree=pruned,
                playout=PlayoutParams(turns=0),
            )  # fmt: skip
        else:
            assert preset.two_seats == preset.more_seats == replace(frozen, tree=pruned), level
    assert {level: p.kingdom_book for level, p in PRESETS.items()} == {
        "easy": "",
        "normal": "tactics",
        "hard": "tactics",
        "expert": "tactics",
    }


def test_the_hint_and_the_review_search_as_the_map_of_chances_was_measured() -> None:
    """The map (``ai.chances.search_chance``) was fitted on a search with the fitted evaluation,
    the root at full scale and one playout turn (experiments/chances.md, C6), at every seat
    count; the review searches so too, each decision anew."""
    measured = replace(V1_PRESETS["normal"].two_seats, iterations=300, evaluator=Fitted(),
                       tree=TreeParams(prune=True))  # fmt: skip
    assert HINT.two_seats == HINT.more_seats == measured
    assert REVIEW.two_seats == REVIEW.more_seats == replace(measured, reuse=False)
    assert HINT.kingdom_book == REVIEW.kingdom_book == PRESETS["normal"].kingdom_book


def _searched(state: GameState, spec: str = "", **options: object) -> ai.Search:
    """The search an ``ismcts`` agent makes at ``state``, run to its end."""
    seat = state.current_player()
    agent = ai.agent_from_spec(spec, **options) if spec else ai.make_agent("ismcts", **options)
    search = agent.begin(state.observe(seat), state.legal_actions(), random.Random(1))
    assert isinstance(search, ai.Search)
    while not search.step(1 << 30):
        pass
    return search


def test_a_spec_names_the_components_the_search_uses() -> None:
    """With every position even, only the policy's priors tell actions apart: the search
    spends its visits on what the named policy likes, and asks the named evaluation for an
    evaluator of both viewpoints (determinized worlds and the seat's own public state)."""
    state = mid_game()
    seat = state.current_player()
    spec = "ismcts:normal:iterations=60:evaluator=test-even:policy=test-end-turn:root_eval=false"
    Even.viewers.clear()
    search = _searched(state, spec)
    assert search.best_action().kind == END_TURN
    assert sorted(Even.viewers) == [-1, seat]
    assert isinstance(search.evaluator, EvenEvaluator)
    assert search.evaluator.calls == search.iterations
    plain = _searched(state, "ismcts:normal:iterations=60:root_eval=false")
    assert plain.best_action().kind != END_TURN  # the hand-built scores would not end it now


def test_a_component_is_given_as_an_object_without_a_name() -> None:
    state = mid_game()
    by_name = _searched(state, "ismcts:normal:iterations=40:policy=test-end-turn:root_eval=false")
    given = _searched(state, level="normal", iterations=40, policy=EndTurnFirst(), root_eval=False)
    assert given.best_action() == by_name.best_action()
    assert given.explain(100) == by_name.explain(100)


def test_each_component_makes_new_evaluators_and_policies_every_time() -> None:
    """Nothing one search caches (a policy keeps its turn's scores) reaches another."""
    for evaluation in EVALUATORS.values():
        assert evaluation.evaluator(-1) is not evaluation.evaluator(-1)
    for scoring in POLICIES.values():
        assert scoring.policy(-1) is not scoring.policy(-1)
    assert isinstance(Tactics().policy(0), type(POLICIES["tactics"].policy(0)))


def test_a_name_is_registered_once_and_must_fit_in_a_spec() -> None:
    with pytest.raises(ValueError, match="registered already"):
        register_evaluator(HandBuilt())
    with pytest.raises(ValueError, match="registered already"):
        register_policy(Tactics())

    @dataclass(frozen=True)
    class Colon(Even):
        name: ClassVar[str] = "a:b"

    with pytest.raises(ValueError, match="cannot be written in an agent spec"):
        register_evaluator(Colon())


def test_an_unknown_name_or_an_object_that_is_no_component_is_refused() -> None:
    with pytest.raises(ValueError, match=r"unknown evaluator 'v1'; choose from .*\bhand-built\b"):
        ai.agent_from_spec("ismcts:normal:evaluator=v1")
    with pytest.raises(ValueError, match=r"unknown policy 'nope'; choose from .*\btactics\b"):
        ai.agent_from_spec("ismcts:normal:policy=nope")
    with pytest.raises(ValueError, match="search option evaluator takes an evaluation"):
        ai.make_agent("ismcts", evaluator=Tactics())
    with pytest.raises(ValueError, match="search option policy takes a policy"):
        ai.make_agent("ismcts", policy=Fitted())
    with pytest.raises(ValueError, match="agent 'policy' plays a policy"):
        ai.make_agent("policy", policy=Fitted())
