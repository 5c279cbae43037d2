"""R11: what one seat may see (``observe``) and a world consistent with it (``sample_world``).

A ``PlayerView`` holds a copy of the state with every secret of the other seats removed:
their quest hands become counts per deck, the decks become one pool of unseen cards (their order
is unknown to all anyway), and an opponent's committed coin becomes "committed, value unknown".
Determinization deals that pool back out at random, so a search never sees what a human in the
same seat would not.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

from game.core import P_BATTLE_ROLL, P_COIN_DEFENDER
from game.rules.combat import defender_seat
from game.state_writer import state_to_dict

if TYPE_CHECKING:
    from game.state import GameState

HIDDEN_COIN = -2


class PlayerView:
    __slots__ = ("_unseen", "hand_counts", "public", "seat")

    def __init__(
        self,
        seat: int,
        public: GameState,
        hand_counts: list[tuple[int, int]],
        unseen: tuple[int, ...],
    ) -> None:
        self.seat = seat
        self.public = public  # the state with other seats' secrets removed; read it, never apply
        self.hand_counts = hand_counts  # per seat: (ordinary, special) cards in hand
        self._unseen = unseen  # cards in the decks or in other seats' hands

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayerView) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(self.to_json())

    @property
    def unseen_cards(self) -> tuple[int, ...]:
        return self._unseen

    def to_dict(self) -> dict[str, Any]:
        data = state_to_dict(self.public)
        data["format"] = "strategos-view"
        data["viewer"] = self.seat
        data["hand_counts"] = [list(c) for c in self.hand_counts]
        cards = self.public.board.cards
        data["unseen"] = [cards[c].id for c in self._unseen]
        data["deck_sizes"] = [self.deck_size(0), self.deck_size(1)]
        del data["decks"]
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    def deck_size(self, deck: int) -> int:
        cards = self.public.board.cards
        in_pool = sum(1 for c in self._unseen if cards[c].deck == deck)
        in_hands = sum(counts[deck] for s, counts in enumerate(self.hand_counts) if s != self.seat)
        return in_pool - in_hands

    def sample_world(self, rng: random.Random) -> GameState:
        """A full state that this seat cannot tell from the real one (determinization)."""
        for _attempt in range(100):
            world = self._deal(rng)
            if world is not None:
                return world
        raise RuntimeError("no deal of the unseen quest cards fits this view")

    def _deal(self, rng: random.Random) -> GameState | None:
        world = self.public.clone()
        board = world.board
        cards = board.cards
        pools: list[list[int]] = [[c for c in self._unseen if cards[c].deck == d] for d in (0, 1)]
        for s, counts in enumerate(self.hand_counts):
            if s == self.seat:
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
                    return None  # an earlier seat took cards this one needs; deal again
                picked = rng.sample(allowed, counts[deck])
                for c in picked:
                    pools[deck].remove(c)
                hand.extend(picked)
            world.hands[s] = tuple(sorted(hand))
        world.decks = [tuple(sorted(pools[0])), tuple(sorted(pools[1]))]
        if world.coin_attacker == HIDDEN_COIN or world.coin_defender == HIDDEN_COIN:
            _sample_coins(world, rng)
        world._legal = None
        return world


def _sample_coins(world: GameState, rng: random.Random) -> None:
    for attr, seat in (("coin_attacker", world.active), ("coin_defender", defender_seat(world))):
        if getattr(world, attr) == HIDDEN_COIN:
            played = world.coins_played[seat]
            free = [i for i in range(5) if not played >> i & 1]
            setattr(world, attr, rng.choice(free))


def observe(state: GameState, seat: int) -> PlayerView:
    if not 0 <= seat < state.num_players:
        raise ValueError(f"no seat {seat} in a {state.num_players}-player game")
    public = state.clone()
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
    return PlayerView(seat, public, hand_counts, tuple(sorted(unseen)))
