"""Scenario builders for the AI tests: games set up to a chosen position."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import pytest

import ai
import game
from ai.agents import Agent, Thinking
from game import (
    CHANCE,
    P_ACTION,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    P_PLACE,
    GameState,
    Rules,
)
from game.actions import CommitCoin
from lab.bench import mid_game_state
from tests.scenario import scenario_board


def setup_game(
    players: int, kingdoms: list[str], rules: Rules | None = None, seed: int = 0
) -> GameState:
    """A game past setup (fourth generals placed, quest cards dealt), seat 0 about to roll."""
    state = game.new_game(
        players, seed=seed, rules=rules or Rules(), kingdoms=kingdoms, board=scenario_board()
    )  # the board the positions of the tests are written on
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


def unplayed_indices(state: GameState, seat: int) -> list[int]:
    played = state.coins_played[seat]
    return [i for i in range(5) if not played >> i & 1]


def coin_duel_position(attacker_to_move: bool = False) -> GameState:
    """A battle about to be fought, a Roman level 2 against a Carthaginian level 2 at Panormus
    (R8.1): the attacker to commit its coin, or (by default) the defender, the attacker's 2
    committed and hidden from it."""
    state = setup_game(2, ["romans", "carthaginians"], seed=3)
    start_turn(state, 0, [1, 2, 3, 4])
    attacker = general("romans", 3)
    defender = general("carthaginians", 3)
    place(state, defender, "panormus", level=2)
    place(state, attacker, "messana", level=2)
    move = next(
        a
        for a in state.legal_actions()
        if getattr(a, "general", -1) == attacker
        and getattr(a, "dest", -1) == state.gen_city[defender]
    )
    state.apply_action(move)
    while state.phase == P_HALT or state.phase == P_CONTINUE:
        state.apply_action(state.legal_actions()[0])  # Halt, or stop there
    state.apply_action(next(a for a in state.legal_actions() if str(a) == "End turn"))
    assert state.phase == P_COIN_ATTACKER, state
    if not attacker_to_move:
        state.apply_action(CommitCoin(2))
        assert state.phase == P_COIN_DEFENDER
    return state


def mid_game(seed: int = 11, players: int = 4) -> GameState:
    """A random game at an action phase of round 5 or later."""
    return mid_game_state(seed, rounds=5, players=players)


def searched_mid_game(players: int = 2, /, **options: object) -> ai.Search:
    """Normal's search (with ``options``) of seed 5's mid-game position, run to its end."""
    state = mid_game(5, players=players)
    agent = ai.make_agent("ismcts", level="normal", **options)
    search = agent.begin(state.observe(state.active), state.legal_actions(), random.Random(3))
    assert isinstance(search, ai.Search)
    while not search.step(1 << 20):
        pass
    return search


def random_game_positions(every: int, seed_offset: int = 0) -> list[GameState]:
    """Every ``every``-th position of one random game for each seat count from 2 to 6."""
    out = []
    for players in range(2, 7):
        state = game.new_game(players, seed=players + seed_offset)
        rng = random.Random(players)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                out.append(state.clone())
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    return out


def small_siblings(value_exit: Any) -> dict[str, Any]:
    """Six decisions of the random test games as ``tools/value_exit.py``'s siblings (its module
    is ``value_exit``), each action with a random share of a search's visits."""
    parts: list[dict[str, Any]] = []
    for state in random_game_positions(7, seed_offset=10):
        if state.phase == P_ACTION and state.current_player() != CHANCE:
            legal = state.legal_actions()
            if len(legal) > 3:
                rng = random.Random(len(parts))
                part = value_exit.siblings(state, [rng.random() for _ in legal])
                if part is not None:
                    parts.append(part)
        if len(parts) == 6:
            break
    sib: dict[str, Any] = value_exit.flatten(parts)
    sib["x"] = sib["x"].astype(float)
    return sib


def check_hidden_layer_gradient(loss: Any, p: dict[str, Any], grads: dict[str, Any]) -> None:
    """Each parameter array of a model with a hidden layer (``w``, ``V``, ``b``, ``a``, numpy):
    its four largest gradients equal the central differences of ``loss``."""
    h = 1e-6
    for key in ("w", "V", "b", "a"):
        flat = grads[key].reshape(-1)
        for i in sorted(range(len(flat)), key=lambda j: -abs(flat[j]))[:4]:
            up = {k: v.copy() for k, v in p.items()}
            down = {k: v.copy() for k, v in p.items()}
            up[key].reshape(-1)[i] += h
            down[key].reshape(-1)[i] -= h
            numeric = (loss(up) - loss(down)) / (2 * h)
            assert numeric == pytest.approx(flat[i], rel=1e-4, abs=1e-8), key


def seat(kind: str, difficulty: str = "easy", kingdom: int = -1) -> dict[str, Any]:
    """A seat of a client save, as the client writes it (every key)."""
    return {"kind": kind, "difficulty": difficulty, "kingdom": kingdom}


# Client parts of a two-player save whose seats the client refuses (ai.save_seats): so must
# the review of a save (tests/ai/test_review.py, tests/web/test_session.py). Each seat has
# every key the client writes, but for the cases about a missing one.
GARBLED_CLIENTS: dict[str, Any] = {
    "number": 5,
    "text": "seats",
    "list": [],
    "empty": {},
    "no_seats": {"seed": 1},
    "null_seats": {"seats": None},
    "seats_text": {"seats": "x"},
    "viewer": {"seats": [seat("ai"), seat("human")], "viewer": "me"},
    # The viewer is the seat whose screen the save shows: a person's (-1 with none).
    "viewer_ai": {"seats": [seat("ai"), seat("human")], "viewer": 0},
    "viewer_huge": {"seats": [seat("ai"), seat("human")], "viewer": 2**80},
    "viewer_none": {"seats": [seat("ai"), seat("human")], "viewer": -1},
    "one_seat": {"seats": [seat("human")]},
    "three_seats": {"seats": [seat("human"), seat("ai"), seat("ai")]},
    "seat_text": {"seats": ["human", seat("ai")]},
    "unknown_kind": {"seats": [seat("robot"), seat("human")]},
    "unknown_level": {"seats": [seat("ai", "godlike"), seat("human")]},
    "bad_kingdom": {"seats": [seat("human", kingdom=9), seat("ai")]},
    "kingdom_twice": {"seats": [seat("human", kingdom=2), seat("ai", kingdom=2)]},
    "pick_mixed": {"seats": [seat("human", kingdom=-2), seat("ai", kingdom=2)]},
    # A seat that lost a key was filled in: without "kind" an AI, so no person's seat.
    "no_kind": {"seats": [{"difficulty": "easy", "kingdom": -1}, seat("ai")]},
    "no_level": {"seats": [seat("human"), {"kind": "ai", "kingdom": -1}]},
    "no_kingdom": {"seats": [{"kind": "human", "difficulty": "easy"}, seat("ai")]},
    "empty_seat": {"seats": [{}, seat("human")]},
    # A person alone against AIs may sit where the seed drew: true or false, and only then.
    "drawn_text": {"seats": [seat("ai"), seat("human")], "seat_drawn": "yes"},
    "drawn_number": {"seats": [seat("ai"), seat("human")], "seat_drawn": 1},
    "drawn_two_people": {"seats": [seat("human"), seat("human")], "seat_drawn": True},
    "drawn_no_person": {"seats": [seat("ai"), seat("ai")], "seat_drawn": True},
}


T = TypeVar("T")


def run_to_end(thinking: Thinking) -> Thinking:
    """A search stepped until it has spent its whole budget."""
    while not thinking.step(1 << 30):
        pass
    return thinking


def turn_decisions(
    agent: Agent, state: GameState, seed: int, fingerprint: Callable[[Thinking], T]
) -> list[T]:
    """The seat's decisions through the rest of its turn, each as ``fingerprint`` records it:
    each search after the first starts from the subtree the previous one kept (``reuse``)."""
    state = state.clone()
    seat = state.current_player()
    rng = random.Random(seed)
    chance = random.Random(seed + 1)
    out: list[T] = []
    while not state.is_terminal() and len(out) < 6:
        mover = state.current_player()
        if mover == CHANCE:
            state.apply_action(state.sample_chance(chance))
            continue
        if mover != seat:
            break
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        thinking = run_to_end(agent.begin(state.observe(seat), legal, rng))
        out.append(fingerprint(thinking))
        state.apply_action(thinking.best_action())
    return out
