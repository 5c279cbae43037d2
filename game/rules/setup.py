"""R3 setup: kingdom choice, towers and generals on the capitals, the fourth general, quests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import Action, PlaceGeneral
from game.core import P_PLACE, P_ROLL
from game.rules.quests import initial_decks

if TYPE_CHECKING:
    from game.state_data import StateData


def pick_kingdom(state: StateData, kingdom: int) -> None:
    """R3.1: in seat order, each player takes a kingdom nobody has taken."""
    seat = state.setup_seat
    state.seat_kingdom[seat] = kingdom
    state.kingdom_seat[kingdom] = seat
    state.setup_seat += 1
    if state.setup_seat == state.num_players:
        place_towers_and_generals(state)


def place_towers_and_generals(state: StateData) -> None:
    """R3.2, R3.3: a 3-floor tower and a level-1 general on each own capital."""
    board = state.board
    for seat, k in enumerate(state.seat_kingdom):
        for slot, capital in enumerate(board.kingdoms[k].capitals):
            state.floors[capital] = 3
            state.tower_owner[capital] = seat
            state.gen_city[k * 4 + slot] = capital
        state.gen_return[k * 4 + 3] = -1
    state.setup_seat = 0
    state.phase = P_PLACE


def legal_placements(state: StateData) -> list[Action]:
    """R3.3: the fourth general goes to a free city next to an own capital.

    Decision (R3.3): "next to" («по соседству») is one route segment, by land or by sea, as
    the original names no kind of route; a ship is no city (R2.3), and a city beyond a ship is
    two segments away. So Tingis and Lixus, one sea route from Gades, are next to it.
    """
    board = state.board
    seat = state.setup_seat
    k = state.seat_kingdom[seat]
    occupied = {c for c in state.gen_city if c >= 0}
    cities = {
        c
        for capital in board.kingdoms[k].capitals
        for c in board.all_adj[capital]
        if not board.is_ship[c] and c not in occupied
    }
    return [PlaceGeneral(k * 4 + 3, c) for c in sorted(cities)]


def place_general(state: StateData, action: PlaceGeneral) -> None:
    state.gen_city[action.general] = action.city
    state.setup_seat += 1
    if state.setup_seat == state.num_players:
        start_play(state)


def start_play(state: StateData) -> None:
    """R3.4, R3.5: the time marker on 264 BC Veris; with quests, 3 cards each in seat order."""
    state.setup_seat = 0
    state.round = 0
    state.active = 0
    state.phase = P_ROLL
    if state.rules.quests:
        state.decks = initial_decks(state.board, set(state.seat_kingdom))
        state.draw_queue = tuple(seat for seat in range(state.num_players) for _ in range(3))
    else:
        state.decks = [(), ()]
