"""The search's model of a hidden attacker coin (R8.2a) and its playouts' turn plans (R4.2)."""

from __future__ import annotations

import random

import pytest

import ai
import game
from ai.playout import first_valid
from ai.search import Search
from ai.worlds import attacker_coin_model
from game import CHANCE, COIN_VALUES, P_ACTION, IllegalActionError
from game.actions import Return
from game.kinds import END_TURN
from tests.ai.helpers import coin_duel_position, unplayed_indices


def _defender_model(state: game.GameState) -> list[tuple[int, float]]:
    """The coin model of the seat to move, from its own view."""
    return attacker_coin_model(state.observe(state.current_player()).public)


def test_coin_model_is_a_distribution_over_the_attackers_unplayed_coins() -> None:
    state = coin_duel_position()
    model = _defender_model(state)
    assert model, "a defender facing a hidden coin models it"
    assert sum(p for _, p in model) == pytest.approx(1.0)
    unplayed = set(unplayed_indices(state, state.active))
    assert {i for i, _ in model} <= unplayed
    # One index per coin value: equal coins are one choice.
    values = [COIN_VALUES[i] for i, _ in model]
    assert len(values) == len(set(values)) == len({COIN_VALUES[i] for i in unplayed})


def test_coin_model_reads_only_public_facts() -> None:
    """R11: the model is the same whatever the attacker really committed."""
    state = coin_duel_position()
    models = []
    for coin in unplayed_indices(state, state.active):
        world = state.clone()
        world.coin_attacker = coin
        models.append(_defender_model(world))
    assert all(m == models[0] for m in models)


def test_the_defenders_search_deals_the_hidden_coin_from_the_model() -> None:
    state = coin_duel_position()
    seat = state.current_player()
    search = ai.make_agent("ismcts", iterations=10).begin(
        state.observe(seat), state.legal_actions(), random.Random(1)
    )
    assert isinstance(search, Search)
    assert search.worlds.coin_model == _defender_model(state)
    dealt = {search.worlds.sample().coin_attacker for _ in range(200)}
    assert dealt <= {i for i, _ in search.worlds.coin_model} and len(dealt) > 1


def test_coin_model_is_off_without_a_hidden_coin() -> None:
    state = coin_duel_position(attacker_to_move=True)  # the attacker decides: nothing hidden
    assert _defender_model(state) == []


def _turn_positions(count: int) -> list[tuple[game.GameState, Search]]:
    """Mid-turn positions of random games, each with a search to make plans."""
    out: list[tuple[game.GameState, Search]] = []
    rng = random.Random(5)
    seed = 0
    while len(out) < count:
        seed += 1
        state = game.new_game(4, seed=seed)
        while not state.is_terminal() and len(out) < count:
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            turn = state.phase == P_ACTION and not state.draw_queue
            if turn and len(legal) > 3 and rng.random() < 0.2:
                seat = state.current_player()
                search = ai.make_agent("ismcts", iterations=5).begin(
                    state.observe(seat), legal, random.Random(seed)
                )
                assert isinstance(search, Search)
                out.append((state.clone(), search))
            state.apply_action(rng.choice(legal))
    return out


def test_a_turn_plan_offers_only_actions_still_legal() -> None:
    """Played down after other actions of the turn, a plan's next action is still legal (a
    Return may have lost its city to another general's return: the engine refuses that)."""
    checked = 0
    for state, search in _turn_positions(40):
        plan = search.playout.plan(state)
        assert plan
        assert all(a.kind != END_TURN for a in plan[:-1]), "nothing is planned after End turn"
        world = state.clone()
        # A completed quest (R9.3) hands the turn to the card draw: the plan waits for it.
        while (
            world.phase == P_ACTION
            and world.current_player() == state.active
            and not world.draw_queue
        ):
            action = first_valid(world, plan)
            if action is None:
                break
            legal = world.legal_actions()
            if isinstance(action, Return) and action not in legal:
                with pytest.raises(IllegalActionError):
                    world.apply_action(action)
                break
            assert action in legal, f"{action} planned but not legal in\n{world}"
            checked += 1
            if action.kind == END_TURN:
                break
            world.apply_action(action)
            plan = [a for a in plan if a is not action]
    assert checked > 40
