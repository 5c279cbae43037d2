"""Scenario builders for the AI tests: games set up to a chosen position."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

import game
from game import CHANCE, GameState, Rules
from game.state import P_ACTION, P_PLACE


def setup_game(
    players: int, kingdoms: list[str], rules: Rules | None = None, seed: int = 0
) -> GameState:
    """A game past setup (fourth generals placed, quest cards dealt), seat 0 about to roll."""
    state = game.new_game(players, seed=seed, rules=rules or Rules(), kingdoms=kingdoms)
    rng = random.Random(seed)
    while state.phase == P_PLACE or state.draw_queue or state.draw_deck >= 0:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def city(name: str) -> int:
    return game.default_map().city(name)


def general(kingdom: str, slot: int) -> int:
    k = [kg.id for kg in game.default_map().kingdoms].index(kingdom)
    return k * 4 + slot


def place(state: GameState, g: int, where: str | None, level: int | None = None) -> None:
    """Put general ``g`` on a city (or on the time track, returnable now, with ``None``)."""
    if where is None:
        state.gen_city[g] = -1
        state.gen_return[g] = state.round
    else:
        state.gen_city[g] = city(where)
        state.gen_return[g] = -1
    if level is not None:
        state.gen_level[g] = level
    state._legal = None
    state.turn_moves = {}


def give_cards(state: GameState, seat: int, card_ids: Iterable[str]) -> None:
    """Replace the seat's quest hand with these cards (taken out of the decks)."""
    board = state.board
    ids = [c.id for c in board.cards]
    decks = [list(d) for d in state.decks]
    for c in state.hands[seat]:
        decks[board.cards[c].deck].append(c)
    hand = []
    for cid in card_ids:
        c = ids.index(cid)
        for deck in decks:
            if c in deck:
                deck.remove(c)
        hand.append(c)
    state.hands[seat] = tuple(sorted(hand))
    state.decks = [tuple(sorted(d)) for d in decks]


def start_turn(state: GameState, seat: int, dice: list[int]) -> None:
    """The seat is in its action phase with these dice (R4.1)."""
    state.active = seat
    state.phase = P_ACTION
    state.dice = sorted(dice)
    state.acted = 0
    state.traded = False
    state.trained = False
    state.turn_moves = {}
    state._legal = None


@pytest.fixture
def rng() -> random.Random:
    return random.Random(7)
