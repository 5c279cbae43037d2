"""R9 quests (patch 03): decks, hands, draws, completing quests and their points.

Decision (R9.2): a card naming a city of the drawer's own kingdom is shown and put back in the
middle of the deck, and the player draws again. Since the deck order is unknown to all, we model
a draw as a uniform choice among the deck's cards that do not name the drawer's kingdom; if the
chosen deck holds none, the card comes from the other deck; if neither holds one, no card is
drawn. Decks are therefore multisets (sorted tuples), and no deck order is hidden in the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Action, Build, DrawCard, NoCard
from game.content import (
    QUEST_BUILD_ISLAND,
    QUEST_DEFEAT_LEVEL4,
    QUEST_DESTROY_CITY,
    QUEST_DESTROY_FLOOR,
    MapSpec,
)

if TYPE_CHECKING:
    from game.state_data import StateData

NO_CARD = NoCard()
_DRAWS: dict[int, DrawCard] = {}


def _draw_action(card: int) -> DrawCard:
    found = _DRAWS.get(card)
    if found is None:
        found = _DRAWS[card] = DrawCard(card)
    return found


def initial_decks(board: MapSpec, kingdoms_in_play: set[int]) -> list[tuple[int, ...]]:
    """R9.1: both decks, without cards naming a city of a kingdom nobody plays."""
    decks: list[list[int]] = [[], []]
    for card in board.cards:
        if card.city >= 0:
            k = board.city_kingdom[card.city]
            if k >= 0 and k not in kingdoms_in_play:
                continue
        decks[card.deck].append(card.index)
    return [tuple(sorted(d)) for d in decks]


def _eligible(state: StateData, seat: int, deck: int) -> list[int]:
    board = state.board
    kingdom = state.seat_kingdom[seat]
    out = []
    for card in state.decks[deck]:
        city = board.cards[card].city
        if city < 0 or board.city_kingdom[city] != kingdom:
            out.append(card)
    return out


def open_decks(state: StateData) -> list[int]:
    """Decks a player owed a card may name: any that is not empty (deck sizes are public)."""
    open_ = [d for d in (0, 1) if state.decks[d]]
    return open_ or [0]


def draw_outcomes(state: StateData) -> list[tuple[Action, float]]:
    seat = state.draw_queue[0]
    deck = state.draw_deck
    cards = _eligible(state, seat, deck) or _eligible(state, seat, 1 - deck)
    if not cards:
        return [(NO_CARD, 1.0)]
    p = 1.0 / len(cards)
    return [(_DRAWS.get(c) or _draw_action(c), p) for c in cards]


def apply_draw(state: StateData, action: Action) -> None:
    seat = state.draw_queue[0]
    state.draw_queue = state.draw_queue[1:]
    state.draw_deck = -1
    if isinstance(action, DrawCard):
        card = action.card
        deck = state.board.cards[card].deck
        cards = list(state.decks[deck])
        cards.remove(card)
        state.decks[deck] = tuple(cards)
        state.hands[seat] = tuple(sorted((*state.hands[seat], card)))


def _complete(state: StateData, seat: int, card: int) -> None:
    """R9.3: the card is laid open and scored; a replacement is owed."""
    hand = list(state.hands[seat])
    hand.remove(card)
    state.hands[seat] = tuple(hand)
    state.completed[seat] = (*state.completed[seat], card)
    state.points[seat] += state.board.cards[card].points
    if state.decks[0] or state.decks[1]:
        state.draw_queue = (*state.draw_queue, seat)


def _held(state: StateData, seat: int, kind: str, city: int) -> int:
    cards = state.board.cards
    for card in state.hands[seat]:
        spec = cards[card]
        if spec.type == kind and spec.city == city:
            return card
    return -1


def score_destroy(state: StateData, seat: int, victim: int, city: int) -> None:
    """R9.4 decision: a matching ordinary quest takes the floor; else the first-floor point."""
    card = _held(state, seat, QUEST_DESTROY_FLOOR, city)
    if card >= 0:
        _complete(state, seat, card)
    else:
        key = seat * state.num_players + victim
        if not state.first_floor_point[key]:
            state.first_floor_point[key] = True
            state.points[seat] += 1
    if state.floors[city] == 0:
        card = _held(state, seat, QUEST_DESTROY_CITY, city)
        if card >= 0:
            _complete(state, seat, card)


def score_level4_victory(state: StateData, seat: int) -> None:
    """R9.6: winning a battle against a level-4 general."""
    card = _held(state, seat, QUEST_DEFEAT_LEVEL4, -1)
    if card >= 0:
        _complete(state, seat, card)


def build_sources(state: StateData, seat: int, island: int) -> list[int]:
    """R9.5: own capitals that can give a floor, if the seat holds this island's card."""
    if _held(state, seat, QUEST_BUILD_ISLAND, island) < 0:
        return []
    k = state.seat_kingdom[seat]
    return [
        c
        for c in state.board.kingdoms[k].capitals
        if state.floors[c] > 0 and state.tower_owner[c] == seat
    ]


def build_on_island(state: StateData, action: Build) -> None:
    """R9.5: a floor moves from an own capital to the island; at 2 floors the quest is done."""
    seat = state.active
    state.floors[action.source] -= 1
    stack = (*state.island_stack[action.island], seat)
    state.island_stack[action.island] = stack
    state.floors[action.island] = len(stack)
    if len(stack) >= 2:
        for owner in stack:  # the tower leaves the board with the completed quest
            state.floors_off[owner] += 1
        state.island_stack[action.island] = ()
        state.floors[action.island] = 0
        _complete(state, seat, _held(state, seat, QUEST_BUILD_ISLAND, action.island))
