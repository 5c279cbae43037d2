"""The game state with the rules as its methods (``GameState``), and what one seat may see of
it (``PlayerView``, R11).

The data and its ``clone`` are ``game.state_data.StateData``, which the rules take; this module
binds the rules to it, so that nothing below it names ``GameState``.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

from game import serialize, views
from game.core import (
    ALL_COINS,
    CHANCE,
    COIN_VALUES,
    NUM_ROUNDS,
    P_ACTION,
    P_BATTLE_ORDER,
    P_BATTLE_ROLL,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    P_OVER,
    P_PICK,
    P_PLACE,
    P_ROLL,
    PHASE_NAMES,
    SEASONS,
    SEED_LIMIT,
    TERMINAL,
    WINTER,
    IllegalActionError,
    Rules,
)
from game.rules import actor, flow, scoring
from game.state_data import StateData
from game.state_writer import state_to_dict

if TYPE_CHECKING:
    from game.actions import Action

# game.core's terms stay importable from here; new code takes them from ``game``.
__all__ = [
    "ALL_COINS",
    "CHANCE",
    "COIN_VALUES",
    "NUM_ROUNDS",
    "PHASE_NAMES",
    "P_ACTION",
    "P_BATTLE_ORDER",
    "P_BATTLE_ROLL",
    "P_COIN_ATTACKER",
    "P_COIN_DEFENDER",
    "P_CONTINUE",
    "P_HALT",
    "P_OVER",
    "P_PICK",
    "P_PLACE",
    "P_ROLL",
    "SEASONS",
    "SEED_LIMIT",
    "TERMINAL",
    "WINTER",
    "GameState",
    "IllegalActionError",
    "PlayerView",
    "Rules",
]


class GameState(StateData):
    __slots__ = ()

    # -- the narrow API (OpenSpiel style) ---------------------------------------------------
    # The rules' own functions, bound as methods: the calls made at every step of a search or
    # playout then cost no forwarding frame. Their documentation is in game/rules/flow.py.
    current_player = actor.current_player
    chance_outcomes = flow.chance_outcomes
    apply_action = flow.apply_action
    apply_legal_action = flow.apply_legal_action  # no check: see there
    sample_chance = flow.sample_chance  # (rng=None): drawn from ``rng`` or the game's own seed

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = flow.legal_actions(self)
        return legal[:]

    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    returns = scoring.returns
    scores = scoring.scores
    to_json = serialize.state_to_json

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        return serialize.state_from_json(text, cls)

    def observe(self, seat: int) -> PlayerView:
        """What ``seat`` may see (R11): the state with the other seats' secrets removed."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat} in a {self.num_players}-player game")
        public = self.clone()
        hand_counts, unseen = views.hide(self, public, seat)
        return PlayerView(seat, public, hand_counts, unseen)


class PlayerView:
    """A copy of the state with every secret of the other seats removed (``game.views``): their
    quest hands become counts per deck, the decks one pool of unseen cards, an opponent's
    committed coin "committed, value unknown"."""

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
            world = self.public.clone()
            if views.deal(world, self.seat, self.hand_counts, self._unseen, rng):
                return world
        raise RuntimeError("no deal of the unseen quest cards fits this view")


# ``game.observe(state, seat)``, as the engine's other functions are called.
observe = GameState.observe
