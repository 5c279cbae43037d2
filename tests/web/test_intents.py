"""From pointing to legal actions (pure): selections filter the engine's legal actions, and a
refused choice is explained with the engine's rule sentence."""

from __future__ import annotations

import random

import game
from game import P_ACTION, GameState
from game.actions import Destroy, EndTurn, Move, Train
from web.play import intents


def _action_phase(seed: int = 1, players: int = 2, winter: bool = False) -> GameState:
    state = game.new_game(players, seed=seed, kingdoms=list(range(players)))
    rng = random.Random(seed)
    while True:
        ready = state.phase == P_ACTION and not state.draw_queue
        if ready and (state.is_winter() or not winter) and (state.current_player() == 0 or winter):
            return state
        if state.current_player() == game.CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            ends = [a for a in legal if isinstance(a, EndTurn)]
            state.apply_action(
                ends[0] if ends and state.round < 3 and winter else rng.choice(legal)
            )


def test_moves_for_filters_by_general_and_die() -> None:
    state = _action_phase()
    legal = state.legal_actions()
    g = next(a.general for a in legal if isinstance(a, Move))
    die = next(a.die for a in legal if isinstance(a, Move) and a.general == g)
    found = intents.moves_for(legal, g, die)
    assert found and all(m.general == g and m.die == die for m in found.values())
    assert set(found) == {
        a.dest for a in legal if isinstance(a, Move) and a.general == g and a.die == die
    }
    cheapest = intents.moves_for(legal, g, None)
    for dest, move in cheapest.items():
        assert move.die == min(
            a.die for a in legal if isinstance(a, Move) and a.general == g and a.dest == dest
        )


def test_move_costs_are_engine_distances() -> None:
    state = _action_phase()
    view = state.observe(state.active)
    legal = state.legal_actions()
    g = next(a.general for a in legal if isinstance(a, Move))
    dests = list(intents.moves_for(legal, g, None))
    costs = intents.move_costs(view, g, dests)
    assert set(costs) == set(dests)
    for dest, cost in costs.items():
        assert 1 <= cost <= intents.moves_for(legal, g, None)[dest].die


def test_refused_move_is_explained_by_the_engine() -> None:
    state = _action_phase()
    view = state.observe(state.active)
    g = next(g for g in state.generals_of(state.active) if state.gen_city[g] >= 0)
    far = max(
        range(state.board.num_cities),
        key=lambda c: state.board.route_distance[state.gen_city[g]][c],
    )
    meant = intents.intended_move(view, g, min(state.dice), far)
    assert meant is not None
    text = intents.why_not(view.public, meant)
    rule = intents.rule_of(text)
    assert text.startswith("R5") and rule is not None and rule.startswith("R5")


def test_context_actions_and_refusals() -> None:
    state = _action_phase(seed=4)
    view = state.observe(state.active)
    legal = state.legal_actions()
    g = next(g for g in state.generals_of(state.active) if state.gen_city[g] >= 0)
    found = intents.context_actions(legal, g, None)
    assert set(found) == {"destroy", "train", "build"}
    for name, action in found.items():
        if action is None:
            meant = intents.intended_context(view, name, g, None)
            assert intents.rule_of(intents.why_not(view.public, meant)) is not None
        else:
            assert action in legal
    assert isinstance(intents.intended_context(view, "destroy", g, 6), Destroy)
    assert isinstance(intents.intended_context(view, "train", g, 6), Train)


def test_rule_of() -> None:
    assert intents.rule_of("R5.3: no sea routes in winter") == "R5.3"
    assert intents.rule_of("R9.7/R10.1: the game is over") == "R9.7"
    assert intents.rule_of("nothing cited") is None


def test_trade_for_prefers_small_dice() -> None:
    state = _action_phase()
    legal = state.legal_actions()
    best = intents.trade_for(legal)
    if best is not None:
        assert sum(best.dice) == min(sum(t.dice) for t in intents.trades(legal))
