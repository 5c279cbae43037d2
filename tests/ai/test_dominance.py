"""The dominated actions the search leaves out (ai.dominance): each one left out has a kept
action that reaches the same position with dice at least as high (R4.3, R4.4, R5.1, R5.4)."""

from __future__ import annotations

import random

import pytest

import ai
import game
from ai.dominance import undominated
from game import CHANCE, P_ACTION, Action, GameState
from game.actions import Destroy, Move, Trade
from tests.ai.helpers import city, general, place, start_turn
from tests.ai.test_puzzles import play_turn, two_player


def _action_phases(games: int) -> list[GameState]:
    out = []
    for seed in range(games):
        state = game.new_game(2 + seed % 5, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if state.phase == P_ACTION and not state.draw_queue and rng.random() < 0.3:
                out.append(state.clone())
            state.apply_action(rng.choice(legal))
    return out


def _after(state: GameState, action: Action) -> GameState:
    world = state.clone()
    world.apply_action(action)
    return world


def _same_but_dice(a: GameState, b: GameState) -> bool:
    """Everything but the dice in hand equal, and ``b``'s dice, sorted, each at least ``a``'s."""
    if len(a.dice) != len(b.dice) or any(x > y for x, y in zip(a.dice, b.dice, strict=True)):
        return False
    fields = ("gen_city", "gen_level", "gen_return", "acted", "floors", "points", "traded",
              "trained", "phase", "island_stack", "pend_general", "pend_points")  # fmt: skip
    return all(getattr(a, f) == getattr(b, f) for f in fields)


def test_every_action_left_out_has_a_kept_one_at_least_as_good() -> None:
    positions = _action_phases(12)
    dropped_kinds: set[str] = set()
    for state in positions:
        legal = state.legal_actions()
        kept = undominated(state, legal)
        assert kept and all(a in legal for a in kept)
        assert [a for a in legal if a in kept] == kept  # the order is kept
        after_kept: list[GameState] = []  # each kept action played, once per position
        for a in legal:
            if a in kept:
                continue
            dropped_kinds.add(type(a).__name__)
            if isinstance(a, Trade):
                assert 6 in a.dice and 6 in state.dice  # keep the 6 and the trade instead
                continue
            worse = _after(state, a)
            after_kept = after_kept or [_after(state, b) for b in kept]
            found = any(_same_but_dice(worse, better) for better in after_kept)
            assert found, (str(a), state.dice)
    assert len(positions) > 200
    assert {"Move", "Trade"} <= dropped_kinds


def test_the_order_of_the_list_does_not_change_what_is_kept() -> None:
    """One pass serves the engine's die-by-die order; any other order is judged alike."""
    shuffled_once = False
    for i, state in enumerate(_action_phases(6)):
        legal = state.legal_actions()
        kept = undominated(state, legal)
        mixed = legal[:]
        random.Random(i).shuffle(mixed)
        shuffled_once |= mixed != legal
        assert undominated(state, mixed) == [a for a in mixed if a in kept]
        assert undominated(state, legal[::-1]) == kept[::-1]
    assert shuffled_once


def test_a_move_onto_an_enemy_keeps_every_die() -> None:
    """R5.4: after the owner's Pass the mover goes on with what its die has left."""
    state = two_player()
    place(state, general("romans", 0), "messana", level=2)
    place(state, general("carthaginians", 0), "panormus")
    start_turn(state, 0, [2, 3, 5, 6])
    legal = state.legal_actions()
    onto = [a for a in legal if isinstance(a, Move) and a.dest == city("panormus")]
    assert len(onto) > 1
    assert all(a in undominated(state, legal) for a in onto)
    quiet = [a for a in undominated(state, legal) if isinstance(a, Move)
             and a.general == general("romans", 0) and a.dest == city("syracusae")]  # fmt: skip
    assert [a.die for a in quiet] == [min(a.die for a in legal if isinstance(a, Move)
                                          and a.dest == city("syracusae"))]  # fmt: skip


def test_a_six_is_kept_for_what_only_a_six_does() -> None:
    state = two_player()
    place(state, general("romans", 0), "carthago", level=2)
    start_turn(state, 0, [1, 2, 5, 6])
    kept = undominated(state, state.legal_actions())
    destroys = [a for a in kept if isinstance(a, Destroy)]
    assert [a.die for a in destroys] == [5]
    assert not any(isinstance(a, Trade) and 6 in a.dice for a in kept)
    assert any(isinstance(a, Trade) and a.dice == (1, 2, 5) for a in kept)


@pytest.mark.parametrize("spec", ["ismcts:normal", "ismcts:easy", "ismcts:hard:iterations=300"])
def test_the_search_trades_no_six_for_a_six(spec: str) -> None:
    """R4.3: with a 6 in hand, three dice that include it buy nothing (late in a turn, three
    dice left, the search without pruning traded 1 2 6 for a 6 at every seed tried). Every
    level prunes (experiments/dominance.md, D1)."""
    state = two_player()
    place(state, general("romans", 0), "roma", level=2)
    place(state, general("romans", 1), "capua")
    place(state, general("romans", 2), "tarentum")
    place(state, general("carthaginians", 0), "gades")
    place(state, general("carthaginians", 1), "carthago")
    start_turn(state, 0, [1, 2, 6])
    mine = play_turn(state, ai.agent_from_spec(spec), seed=4)
    assert not any(isinstance(a, Trade) and 6 in a.dice for a in mine), [str(a) for a in mine]
