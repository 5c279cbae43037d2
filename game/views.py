"""R11: the secrets a seat's view hides (``hide``) and a deal of them consistent with it
(``deal``), for ``game.state.PlayerView``.

A view holds a copy of the state with every secret of the other seats removed: their quest
hands become counts per deck, the decks become one pool of unseen cards (their order is unknown
to all anyway), and an opponent's committed coin becomes "committed, value unknown".
Determinization deals that pool back out at random, so a search never sees what a human in the
same seat would not.
"""

from __future__ import annotations

import random

from game.core import P_BATTLE_ROLL, P_COIN_DEFENDER
from game.rules.combat import defender_seat
from game.state_data import StateData

HIDDEN_COIN = -2


def hide(
    state: StateData, public: StateData, seat: int
) -> tuple[list[tuple[int, int]], tuple[int, ...]]:
    """Remove from ``public``, a copy of ``state``, what ``seat`` may not see; return the cards
    each seat holds (ordinary, special) and the cards ``seat`` cannot see."""
    public._legal = None
    # R11: the seed drives sample_chance(); with it a seat could foretell the coming dice and
    # cards, and replay the draws that dealt the other hands. A view never carries it.
    public.seed = 0
    cards = state.board.cards
    hand_counts: list[tuple[int, int]] = []
    unseen: list[int] = list(state.decks[0]) + list(state.decks[1])
    for s in range(state.num_players):
        hand = state.hands[s]
        ordinary = sum(1 for c in hand if cards[c].deck == 0)
        hand_counts.append((ordinary, len(hand) - ordinary))
        if s != seat:
            unseen.extend(hand)
            public.hands[s] = ()
    public.decks = [(), ()]
    # R8.2a: an opponent's commitment is secret until the roll; that it exists is public.
    if state.phase in (P_COIN_DEFENDER, P_BATTLE_ROLL):
        if state.active != seat and state.coin_attacker >= 0:
            public.coin_attacker = HIDDEN_COIN
        defender_committed = state.phase == P_BATTLE_ROLL and state.coin_defender >= 0
        if defender_committed and defender_seat(state) != seat:
            public.coin_defender = HIDDEN_COIN
    return hand_counts, tuple(sorted(unseen))


def deal(
    world: StateData,
    seat: int,
    hand_counts: list[tuple[int, int]],
    unseen: tuple[int, ...],
    rng: random.Random,
) -> bool:
    """Deal the ``unseen`` cards and hidden coins of a copy of a view's public state into
    ``world``; False when an earlier seat took cards a later one needs (deal again)."""
    board = world.board
    cards = board.cards
    pools: list[list[int]] = [[c for c in unseen if cards[c].deck == d] for d in (0, 1)]
    for s, counts in enumerate(hand_counts):
        if s == seat:
            continue
        kingdom = world.seat_kingdom[s]
        hand: list[int] = []
        for deck in (0, 1):
            # R9.2: nobody keeps a card naming a city of the own kingdom.
            allowed = [
                c
                for c in pools[deck]
                if cards[c].city < 0 or board.city_kingdom[cards[c].city] != kingdom
            ]
            if len(allowed) < counts[deck]:
                return False
            picked = rng.sample(allowed, counts[deck])
            for c in picked:
                pools[deck].remove(c)
            hand.extend(picked)
        world.hands[s] = tuple(sorted(hand))
    world.decks = [tuple(sorted(pools[0])), tuple(sorted(pools[1]))]
    if world.coin_attacker == HIDDEN_COIN or world.coin_defender == HIDDEN_COIN:
        _sample_coins(world, rng)
    world._legal = None
    return True


def _sample_coins(world: StateData, rng: random.Random) -> None:
    for attr, seat in (("coin_attacker", world.active), ("coin_defender", defender_seat(world))):
        if getattr(world, attr) == HIDDEN_COIN:
            played = world.coins_played[seat]
            free = [i for i in range(5) if not played >> i & 1]
            setattr(world, attr, rng.choice(free))


__all__ = ["HIDDEN_COIN", "deal", "hide"]
