"""Pairs of the root's best actions (``ai.pairs``, the ``root_pairs`` search option)."""

from __future__ import annotations

import random
from typing import ClassVar

import ai
from ai.components import register_evaluator
from ai.pairs import RootPairs
from game import Action, GameState
from game.actions import Move
from game.kinds import END_TURN
from tests.ai.helpers import mid_game


class Wants:
    """Worth 0.1 to the seat for each of two target moves found made, 0.65 once its dice
    are gone (spent, or the turn ended): the best single action ends the turn, the best pair
    makes both moves."""

    targets: ClassVar[list[Move]] = []

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def win_chances(self, state: GameState) -> list[float]:
        if not state.dice:
            mine = 0.65
        else:
            made = [m for m in Wants.targets if state.gen_city[m.general] == m.dest]
            mine = 0.5 + 0.1 * len(made)
        return [mine if s == self.seat else 1.0 - mine for s in range(state.num_players)]


register_evaluator("test-wants", lambda config, viewer: Wants(0))


def _two_moves(state: GameState) -> tuple[Move, Move]:
    """Moves of two generals with the two highest dice, to empty cities, playable in either
    order."""
    moves = [a for a in state.legal_actions() if isinstance(a, Move)]
    held = set(state.gen_city)
    high, second = state.dice[-1], state.dice[-2]
    for a in moves:
        for b in moves:
            dice = (a.die, b.die) == (high, second)
            apart = a.general != b.general and a.dest != b.dest
            if dice and apart and a.dest not in held and b.dest not in held:
                return a, b
    raise AssertionError("no two such moves")


def _pairs(state: GameState, m: int) -> tuple[list[Action], list[float], RootPairs]:
    legal = state.legal_actions()
    evaluator = Wants(state.active)
    values = []
    for a in legal:
        world = state.clone()
        world.apply_action(a)
        values.append(evaluator.win_chances(world)[state.active])
    pairs = RootPairs(state, legal, values, state.active, evaluator, m)
    while not pairs.step(None):
        pass
    return legal, values, pairs


def test_the_two_actions_of_the_best_pair_take_its_value() -> None:
    state = mid_game(5, players=2)
    Wants.targets = list(_two_moves(state))
    legal, one_ply, pairs = _pairs(state, 12)
    a, b = (legal.index(m) for m in Wants.targets)
    assert one_ply[a] == one_ply[b] == 0.6
    assert abs(pairs.values[a] - 0.7) < 1e-12 and abs(pairs.values[b] - 0.7) < 1e-12
    # Ending the turn is the best single action and stays as it was: it spends no die.
    end = next(i for i, x in enumerate(legal) if x.kind == END_TURN)
    assert one_ply[end] == pairs.values[end] == 0.65
    assert 0 < pairs.judged <= 12 * 11 // 2


def test_pairs_only_raise_values_and_only_among_the_best() -> None:
    state = mid_game(5, players=2)
    Wants.targets = list(_two_moves(state))
    legal, one_ply, pairs = _pairs(state, 4)
    assert all(p >= v for p, v in zip(pairs.values, one_ply, strict=True))
    ranked = sorted(range(len(legal)), key=lambda i: -one_ply[i])
    paired = [i for i in ranked if legal[i].kind != END_TURN][:4]
    assert all(pairs.values[i] == one_ply[i] for i in range(len(legal)) if i not in paired)
    assert pairs.judged <= 4 * 3 // 2


def test_without_dice_to_follow_nothing_is_paired() -> None:
    """On the turn's last die no action leaves the seat another to pair it with."""
    state = mid_game(5, players=2)
    while len(state.dice) > 1:
        state.apply_action(next(a for a in state.legal_actions() if isinstance(a, Move)))
    Wants.targets = []
    _, one_ply, pairs = _pairs(state, 12)
    assert pairs.judged == 0 and pairs.values == one_ply


def test_the_search_ranks_its_root_by_the_pairs() -> None:
    """With ``root_pairs`` the root's first prior goes to a move of the best pair, without it
    to ending the turn, the best single action."""
    state = mid_game(5, players=2)
    assert state.active == 0  # ``Wants`` is registered for seat 0
    Wants.targets = list(_two_moves(state))
    firsts = []
    for pairs in (0, 12):
        agent = ai.agent_from_spec(f"ismcts:normal:evaluator=test-wants:root_pairs={pairs}")
        search = agent.begin(state.observe(0), state.legal_actions(), random.Random(1))
        assert isinstance(search, ai.Search)
        search.step(1)
        firsts.append(search.root.order[0].action)
    assert firsts[0].kind == END_TURN
    first = firsts[1]
    assert isinstance(first, Move)
    assert any((first.general, first.dest) == (m.general, m.dest) for m in Wants.targets)


def test_sliced_pairs_prime_the_root_as_one_step_does() -> None:
    """The browser's slices (``step_ms``) may stop the pairs anywhere; the root they prime is
    the one a single step primes."""
    state = mid_game(5, players=2)
    orders = []
    for sliced in (False, True):
        agent = ai.agent_from_spec("ismcts:normal:root_pairs=16:iterations=1")
        search = agent.begin(state.observe(0), state.legal_actions(), random.Random(1))
        assert isinstance(search, ai.Search)
        if sliced:
            slices = 0
            while not search.root.order:
                search.step_ms(0.0)
                slices += 1
            assert slices > 2
        else:
            search.step(1)
        orders.append([(e.action, e.p, e.v0) for e in search.root.order])
    assert orders[0] == orders[1]
