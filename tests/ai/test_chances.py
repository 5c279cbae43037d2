"""The win chances shown to players (ai.chances): one per seat, summing to 1 for every seat
count, read from public facts only (the same from every seat's view and whatever the hidden
hands hold, R11), equal to the training code's to 1e-9, and from a model fitted to them."""

from __future__ import annotations

import random

import pytest

import game
from ai import chances
from ai.chances import is_turn_start, table_chances
from ai.evaluation import PUBLIC_READING, Evaluator
from ai.learned_value import load_model, model_lead, model_reading, model_sharpness
from ai.value_features import FEATURES, seat_features
from game import CHANCE, GameState
from tests.tool_scripts import load_tool


def _turn_starts(players: int, seed: int) -> list[GameState]:
    state = game.new_game(players, seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal():
        if is_turn_start(state):
            out.append(state.clone())
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    out.append(state)
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_chances_sum_to_one_and_a_finished_game_gives_its_result(players: int) -> None:
    positions = _turn_starts(players, 40 + players)
    assert len(positions) > 10
    for state in positions[:-1]:
        p = table_chances(state)
        assert len(p) == players
        assert all(0.0 < v < 1.0 for v in p)
        assert abs(sum(p) - 1.0) < 1e-12
    final = positions[-1]
    assert table_chances(final) == final.returns()


def test_every_seat_sees_the_same_chances_whatever_the_hands_hold() -> None:
    """Only public facts count: each seat's view gives the true state's answer, and dealing
    the hidden cards anew changes nothing (the chart may be shown to everyone, R11)."""
    checked = 0
    for state in _turn_starts(4, 7)[5:-1:4]:
        truth = table_chances(state)
        for seat in range(state.num_players):
            view = state.observe(seat)
            assert table_chances(view) == truth
            world = view.sample_world(random.Random(seat))
            assert table_chances(world) == pytest.approx(truth, abs=1e-12)
        checked += 1
    assert checked >= 5


def test_the_shipped_model_reads_public_facts() -> None:
    assert model_reading(chances.MODEL) == "public"
    assert len(load_model(chances.MODEL)) == len(FEATURES)


def test_runtime_chances_equal_the_training_code_to_1e_9() -> None:
    np = pytest.importorskip("numpy")
    train_value = load_tool("train_value", "_strategos_train_value_for_tests")
    weights = np.array(load_model(chances.MODEL))
    public = Evaluator(viewer=PUBLIC_READING)
    checked = 0
    for players in (2, 4, 6):
        for state in _turn_starts(players, players)[:-1:3]:
            n = state.num_players
            x = np.zeros((1, train_value.MAX_SEATS, len(FEATURES)))
            x[0, :n] = seat_features(state, public)
            mask = np.zeros((1, train_value.MAX_SEATS), dtype=bool)
            mask[0, :n] = True
            sharpness = model_sharpness(chances.MODEL)
            lead = model_lead(chances.MODEL)
            expected = train_value.chances(weights, x, mask, sharpness, lead)[0, :n]
            got = table_chances(state)
            assert max(abs(a - b) for a, b in zip(got, expected, strict=True)) < 1e-9
            checked += 1
    assert checked > 20
