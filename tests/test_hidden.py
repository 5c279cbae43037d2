"""R11: what each seat may see (``observe``) and worlds consistent with it (``sample_world``)."""

from __future__ import annotations

import json
import random

import pytest

import game
from game.state import GameState, Rules
from tests.playouts import midgame
from tests.scenario import romans_and_carthage

ROMANS, CARTHAGE, GREEKS = 0, 1, 2


def _with_hands() -> GameState:
    return (
        romans_and_carthage(kingdoms=["romans", "carthaginians", "greeks"])
        .general("Alexander")
        .at("larisa")
        .hand(ROMANS, ["ord_carthago_1", "isl_caralis_1"])
        .hand(CARTHAGE, ["ord_pella_2", "defeat_l4_2", "raze_roma"])
        .hand(GREEKS, ["ord_roma_1"])
        .dice(3)
        .build()
    )


def test_r11_quest_hands_are_private() -> None:
    state = _with_hands()
    view = state.observe(ROMANS)
    data = view.to_dict()
    assert [s["hand"] for s in data["seats"]] == [["ord_carthago_1", "isl_caralis_1"], [], []]
    assert data["hand_counts"] == [[1, 1], [1, 2], [1, 0]]  # (ordinary, special) per seat
    assert "decks" not in data
    text = view.to_json()
    for secret in ("ord_pella_2", "defeat_l4_2", "raze_roma", "ord_roma_1"):
        assert data["unseen"].count(secret) == 1  # only as one of the cards nobody can place
        assert text.count(secret) == 1
    assert data["deck_sizes"] == [len(state.decks[0]), len(state.decks[1])]


def test_r11_public_facts_are_in_every_view() -> None:
    state = midgame(3, 4, 400)
    full = json.loads(state.to_json())
    for seat in range(3):
        data = state.observe(seat).to_dict()
        for key in ("generals", "towers", "season", "phase", "active", "dice", "last_battle"):
            assert data[key] == full[key], key
        for mine, real in zip(data["seats"], full["seats"], strict=True):
            for key in ("coins_played", "completed", "points", "trophies", "kingdom"):
                assert mine[key] == real[key]


def test_r11_views_of_different_hands_differ_only_for_their_owner() -> None:
    a = _with_hands()
    b = a.clone()
    ids = {c.id: c.index for c in a.board.cards}
    pella, roma = ids["ord_pella_2"], ids["ord_roma_2"]  # Carthage swaps a card with the deck
    b.hands[CARTHAGE] = tuple(sorted(roma if c == pella else c for c in a.hands[CARTHAGE]))
    b.decks[0] = tuple(sorted(pella if c == roma else c for c in a.decks[0]))
    assert a.hands[CARTHAGE] != b.hands[CARTHAGE]
    assert a.observe(ROMANS) == b.observe(ROMANS)
    assert a.observe(GREEKS) == b.observe(GREEKS)
    assert a.observe(CARTHAGE) != b.observe(CARTHAGE)


def test_r11_the_view_does_not_carry_the_seed_of_the_chance_draws() -> None:
    """With the seed, ``sample_chance()`` would tell the coming dice and cards to a bot."""
    a = _with_hands()
    b = a.clone()
    b.seed = a.seed + 12345
    for seat in range(3):
        assert a.observe(seat) == b.observe(seat)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r11_sampled_worlds_look_the_same_from_the_seat(seed: int) -> None:
    state = midgame(4, seed, 300)
    rng = random.Random(seed)
    for seat in range(4):
        view = state.observe(seat)
        for _ in range(5):
            world = view.sample_world(rng)
            assert world.observe(seat) == view
            assert world.hands[seat] == state.hands[seat]
            assert world.scores() == state.scores()
            _check_deal(world)


def _check_deal(world: GameState) -> None:
    """Every card is in one place, and nobody holds a card of the own kingdom (R9.2)."""
    board = world.board
    placed = list(world.decks[0]) + list(world.decks[1])
    for seat in range(world.num_players):
        placed += list(world.hands[seat]) + list(world.completed[seat])
        for c in world.hands[seat]:
            spec = board.cards[c]
            assert spec.city < 0 or board.city_kingdom[spec.city] != world.seat_kingdom[seat]
    assert len(placed) == len(set(placed))


def test_r11_sampling_really_redeals_the_unseen_cards() -> None:
    state = _with_hands()
    view = state.observe(ROMANS)
    rng = random.Random(0)
    seen = {view.sample_world(rng).hands[CARTHAGE] for _ in range(30)}
    assert len(seen) > 5
    for hand in seen:
        counts = sum(1 for c in hand if state.board.cards[c].deck == 1)
        assert len(hand) == 3 and counts == 2  # one ordinary and two special cards


def test_r11_a_committed_coin_is_resampled_for_the_other_seats() -> None:
    state = (
        romans_and_carthage(Rules(quests=False))
        .general("Messalla")
        .at("beneventum")
        .general("Hanno")
        .at("antium")
        .dice(1)
        .build()
    )
    state.apply_action(game.parse_action(state, "Move Caudex Roma→Antium (die 1)"))
    state.apply_action(game.parse_action(state, "Commit coin 3"))
    view = state.observe(CARTHAGE)
    rng = random.Random(1)
    coins = set()
    for _ in range(40):
        world = view.sample_world(rng)
        assert world.observe(CARTHAGE) == view
        coins.add(world.coin_attacker)
    assert len(coins) > 1  # the real coin is not leaked into every sample
    assert state.current_player() == CARTHAGE
    assert state.observe(ROMANS).to_dict()["committed_coins"]["attacker"] == state.coin_attacker


def test_r11_observe_refuses_a_seat_not_in_the_game() -> None:
    state = game.new_game(2)
    with pytest.raises(ValueError, match="no seat 2"):
        state.observe(2)
