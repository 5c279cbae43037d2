"""The search's model of a hidden attacker coin (R8.2a) and its playouts' turn plans (R4.2)."""

from __future__ import annotations

import random

import pytest
from test_agents import _coin_defender_position, _unplayed_indices

import ai
import game
from ai.search import Search, _first_valid
from game import CHANCE, IllegalActionError
from game.actions import Return
from game.state import COIN_VALUES, P_ACTION


def _defender_search(state: game.GameState) -> Search:
    seat = state.current_player()
    search = ai.make_agent("ismcts", iterations=10).begin(
        state.observe(seat), state.legal_actions(), random.Random(1)
    )
    assert isinstance(search, Search)
    return search


def test_coin_model_is_a_distribution_over_the_attackers_unplayed_coins() -> None:
    state = _coin_defender_position()
    model = _defender_search(state)._coin_model
    assert model, "a defender facing a hidden coin models it"
    assert sum(p for _, p in model) == pytest.approx(1.0)
    unplayed = set(_unplayed_indices(state, state.active))
    assert {i for i, _ in model} <= unplayed
    # One index per coin value: equal coins are one choice.
    values = [COIN_VALUES[i] for i, _ in model]
    assert len(values) == len(set(values)) == len({COIN_VALUES[i] for i in unplayed})


def test_coin_model_reads_only_public_facts() -> None:
    """R11: the model is the same whatever the attacker really committed."""
    state = _coin_defender_position()
    models = []
    for coin in _unplayed_indices(state, state.active):
        world = state.clone()
        world.coin_attacker = coin
        models.append(_defender_search(world)._coin_model)
    assert all(m == models[0] for m in models)


def test_coin_model_is_off_without_a_hidden_coin() -> None:
    state = _coin_defender_position(attacker_to_move=True)  # the attacker decides: nothing hidden
    assert _defender_search(state)._coin_model == []


def _turn_positions(count: int) -> list[tuple[game.GameState, Search]]:
    """Mid-turn positions of random games, each with a search to make plans."""
    out = []
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
        plan = search._plan(state)
        assert plan
        assert all(a.kind != 16 for a in plan[:-1]), "nothing is planned after End turn"
        world = state.clone()
        # A completed quest (R9.3) hands the turn to the card draw: the plan waits for it.
        while (
            world.phase == P_ACTION
            and world.current_player() == state.active
            and not world.draw_queue
        ):
            action = _first_valid(world, plan)
            if action is None:
                break
            legal = world.legal_actions()
            if isinstance(action, Return) and action not in legal:
                with pytest.raises(IllegalActionError):
                    world.apply_action(action)
                break
            assert action in legal, f"{action} planned but not legal in\n{world}"
            checked += 1
            if action.kind == 16:
                break
            world.apply_action(action)
            plan = [a for a in plan if a is not action]
    assert checked > 40
