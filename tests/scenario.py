"""A readable builder for test positions, and small helpers that play actions by their text.

    state = (
        Scenario(players=3, kingdoms=["romans", "carthaginians", "greeks"])
        .general("Hanno").at("utica").level(3)
        .off_board("Duilius", returns=5)
        .tower("roma", floors=1, taken_by="carthaginians")
        .dice(6, 5, 3)
        .season("261 BC Hiemis")
        .build(active="carthaginians")
    )
    act(state, "Move Hanno Utica→Carthago (die 3)")

The builder starts from a real game (kingdoms assigned, towers and the three capital generals
placed by the engine, each fourth general on its first legal city, R3.2-R3.3), skips the quest
draws (hands start empty, decks full, R9.1) and then writes the requested facts into the state.
``build`` returns a fresh state in the action phase of the chosen seat (R4.1: after the roll).

Floors removed with ``tower`` go to the trophies of ``taken_by`` when given; any floors still
unaccounted for are marked as having left the board (``floors_off``), so the conservation of the
9 floors of every player (R1.2) always holds. ``build`` refuses positions no game can reach: two
own generals in one city (R5.2), a general on a ship (R2.3), more than 9 floors of one player.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import game
from game.actions import Action, Move
from game.content import KINGDOM_IDS, MapSpec, get_map
from game.state import (
    COIN_VALUES,
    NUM_ROUNDS,
    P_ACTION,
    P_PLACE,
    SEASONS,
    GameState,
    Rules,
)

# The board these positions are written for: map 1, whose routes the rules' tests name (a rule
# is the same on every map, and a position names its cities and lanes).
BOARD_VERSION = 1


def scenario_board() -> MapSpec:
    return get_map(BOARD_VERSION)


DEFAULT_KINGDOMS = ("romans", "carthaginians", "greeks", "barbarians", "eastern", "sarmatians")
SeatRef = int | str


def city(city_id: str) -> int:
    """The node index of a city id of the board the positions are written for."""
    return scenario_board().city(city_id)


def general_id(name: str) -> int:
    """The global index of a general by its English name (e.g. "Hanno")."""
    for spec in scenario_board().generals:
        if spec.name_en == name:
            return spec.index
    raise KeyError(f"no general named {name!r}")


def season_index(season: int | str) -> int:
    """A round index 0-15 from itself or from a name such as "261 BC Hiemis" (R3.4)."""
    if isinstance(season, int):
        if not 0 <= season < NUM_ROUNDS:
            raise ValueError(f"season index {season} is outside 0..{NUM_ROUNDS - 1}")
        return season
    year, bc, name = season.split()
    if bc != "BC" or name not in SEASONS or not 261 <= int(year) <= 264:
        raise ValueError(f"not a season of the game: {season!r}")
    return (264 - int(year)) * 4 + SEASONS.index(name)


class Scenario:
    """Builds a ``GameState`` in the action phase from a few readable facts."""

    def __init__(
        self,
        players: int = 2,
        kingdoms: Sequence[str] | None = None,
        rules: Rules | None = None,
        seed: int = 0,
    ) -> None:
        if kingdoms is None:
            kingdoms = DEFAULT_KINGDOMS[:players]
        state = game.new_game(
            players, seed=seed, rules=rules or Rules(), kingdoms=list(kingdoms),
            board=scenario_board(),
        )  # fmt: skip
        while state.phase == P_PLACE:  # R3.3: each fourth general on its first legal city
            state.apply_action(state.legal_actions()[0])
        state.draw_queue = ()  # the builder deals hands itself (``hand``)
        state.draw_deck = -1
        self._state = state
        self._general = -1

    # -- references ---------------------------------------------------------------------
    @property
    def board(self) -> MapSpec:
        return self._state.board

    def seat(self, ref: SeatRef) -> int:
        """A seat from its number or its kingdom id."""
        if isinstance(ref, int):
            if not 0 <= ref < self._state.num_players:
                raise ValueError(f"no seat {ref}")
            return ref
        k = KINGDOM_IDS.index(ref)
        seat = self._state.kingdom_seat[k]
        if seat < 0:
            raise ValueError(f"nobody plays the {ref}")
        return seat

    def _current(self) -> int:
        if self._general < 0:
            raise ValueError("name a general first: .general('Hanno')")
        return self._general

    # -- generals ------------------------------------------------------------------------
    def general(self, name: str) -> Scenario:
        g = general_id(name)
        if self._state.kingdom_seat[g >> 2] < 0:
            raise ValueError(f"{name}'s kingdom is not in play")
        self._general = g
        return self

    def at(self, city_id: str) -> Scenario:
        g = self._current()
        self._state.gen_city[g] = city(city_id)
        self._state.gen_return[g] = -1
        return self

    def level(self, level: int) -> Scenario:
        if not 1 <= level <= 4:
            raise ValueError("R1.2: levels are 1-4")
        self._state.gen_level[self._current()] = level
        return self

    def acted(self) -> Scenario:
        """The current general has already taken its action this turn (R4.2)."""
        self._state.acted |= 1 << self._current()
        return self

    def off_board(self, name: str, returns: int | str = 0) -> Scenario:
        """The general waits on the time track and may come back from season ``returns``."""
        self.general(name)
        g = self._general
        self._state.gen_city[g] = -1
        # NUM_ROUNDS (16) means "after the last season": the general will not come back.
        back = returns if returns == NUM_ROUNDS else season_index(returns)
        self._state.gen_return[g] = back
        return self

    # -- towers, trophies ----------------------------------------------------------------
    def tower(self, city_id: str, floors: int, taken_by: SeatRef | None = None) -> Scenario:
        """Set a capital's tower height; floors removed go to ``taken_by``'s trophies."""
        state = self._state
        c = city(city_id)
        owner = state.tower_owner[c]
        if owner < 0:
            raise ValueError(f"{city_id} has no tower of a player")
        if not 0 <= floors <= 3:
            raise ValueError("a capital tower has 0-3 floors")
        removed = state.floors[c] - floors
        state.floors[c] = floors
        if taken_by is not None and removed > 0:
            destroyer = self.seat(taken_by)
            state.trophies[destroyer * state.num_players + owner] += removed
        return self

    def island(self, city_id: str, stack: Iterable[SeatRef]) -> Scenario:
        """Floors on an island city, bottom first, by owner (R9.5)."""
        state = self._state
        c = city(city_id)
        if not state.board.is_island[c]:
            raise ValueError(f"{city_id} is not an island")
        seats = tuple(self.seat(s) for s in stack)
        state.island_stack[c] = seats
        state.floors[c] = len(seats)
        return self

    def trophies(self, destroyer: SeatRef, victim: SeatRef, floors: int) -> Scenario:
        state = self._state
        state.trophies[self.seat(destroyer) * state.num_players + self.seat(victim)] = floors
        return self

    def first_floor_point(self, seat: SeatRef, victim: SeatRef) -> Scenario:
        state = self._state
        state.first_floor_point[self.seat(seat) * state.num_players + self.seat(victim)] = True
        return self

    def points(self, seat: SeatRef, points: int) -> Scenario:
        self._state.points[self.seat(seat)] = points
        return self

    # -- the turn ------------------------------------------------------------------------
    def dice(self, *dice: int) -> Scenario:
        if len(dice) > 4 or not all(1 <= d <= 6 for d in dice):
            raise ValueError("R4.1: up to 4 dice of 1-6")
        self._state.dice = sorted(dice)
        return self

    def season(self, season: int | str) -> Scenario:
        self._state.round = season_index(season)
        return self

    def traded(self) -> Scenario:
        self._state.traded = True
        return self

    def trained(self) -> Scenario:
        self._state.trained = True
        return self

    # -- coins and quests ----------------------------------------------------------------
    def coins_played(self, seat: SeatRef, values: Iterable[int]) -> Scenario:
        mask = 0
        for value in values:
            free = [i for i, v in enumerate(COIN_VALUES) if v == value and not mask >> i & 1]
            if not free:
                raise ValueError(f"R8.1: no second unplayed coin {value}")
            mask |= 1 << free[0]
        self._state.coins_played[self.seat(seat)] = mask
        return self

    def _card(self, card_id: str) -> int:
        for spec in self.board.cards:
            if spec.id == card_id:
                return spec.index
        raise KeyError(f"no quest card {card_id!r}")

    def hand(self, seat: SeatRef, cards: Iterable[str]) -> Scenario:
        """Deal these cards from the decks into the seat's hand (R9.2)."""
        state = self._state
        if not state.rules.quests:
            raise ValueError("hands exist only with the quest rules (R9)")
        s = self.seat(seat)
        for card_id in cards:
            card = self._card(card_id)
            deck = self.board.cards[card].deck
            cards_left = list(state.decks[deck])
            if card not in cards_left:
                raise ValueError(f"{card_id} is not in a deck")
            cards_left.remove(card)
            state.decks[deck] = tuple(cards_left)
            state.hands[s] = tuple(sorted((*state.hands[s], card)))
        return self

    def decks(self, ordinary: Iterable[str], special: Iterable[str]) -> Scenario:
        """Set the decks' contents exactly (cards left out are removed from the game)."""
        state = self._state
        state.decks = [
            tuple(sorted(self._card(c) for c in ordinary)),
            tuple(sorted(self._card(c) for c in special)),
        ]
        return self

    def completed(self, seat: SeatRef, cards: Iterable[str]) -> Scenario:
        self._state.completed[self.seat(seat)] = tuple(self._card(c) for c in cards)
        return self

    # -- result --------------------------------------------------------------------------
    def build(self, active: SeatRef = 0, allow_contact: bool = False) -> GameState:
        """The position, in the action phase of ``active`` (dice as set, default none).

        Generals of two players share a city only in the middle of a turn (R7.1: the battles
        at its end leave one player per city), so that needs ``allow_contact=True``.
        """
        state = self._state.clone()
        state.active = self.seat(active)
        state.phase = P_ACTION
        state.setup_seat = 0
        state.turn_moves = {}
        state._legal = None
        n = state.num_players
        for s in range(n):
            standing = state.floors_standing(s)
            lost = sum(state.trophies[d * n + s] for d in range(n))
            off = 9 - standing - lost
            if off < 0:
                raise ValueError(
                    f"seat {s} would have {standing + lost} floors, more than 9: lower one of "
                    "its towers (.tower) for each floor put on an island"
                )
            state.floors_off[s] = off
            cities = [state.gen_city[g] for g in state.generals_of(s) if state.gen_city[g] >= 0]
            if len(cities) != len(set(cities)):
                raise ValueError(f"R5.2: two generals of seat {s} share a city")
        holders: dict[int, set[int]] = {}
        for g, c in enumerate(state.gen_city):
            if c >= 0:
                holders.setdefault(c, set()).add(state.kingdom_seat[g >> 2])
        shared = [state.board.nodes[c].id for c, seats in holders.items() if len(seats) > 1]
        if shared and not allow_contact:
            raise ValueError(f"R7.1: generals of two players share {shared}")
        if any(c >= 0 and state.board.is_ship[c] for c in state.gen_city):
            raise ValueError("R2.3: a general stands on a ship")
        return state


def romans_and_carthage(
    rules: Rules | None = None, kingdoms: Sequence[str] = ("romans", "carthaginians")
) -> Scenario:
    """Romans (seat 0) against Carthage (seat 1), and any kingdoms after them, with the two
    fourth generals (R3.3) at home, Duilius in Venusia and Hasdrubal in Utica: out of the way
    of the generals a test places on the fronts, which then meet only whom it means."""
    return (
        Scenario(players=len(kingdoms), kingdoms=kingdoms, rules=rules)
        .general("Duilius")
        .at("venusia")
        .general("Hasdrubal")
        .at("utica")
    )


# -- playing by text ---------------------------------------------------------------------


def act(state: GameState, text: str) -> Action:
    """Play the legal action whose ``str`` is ``text`` (chance outcomes too) and return it."""
    action = game.parse_action(state, text)
    state.apply_action(action)
    return action


def texts(state: GameState) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in state.legal_actions()]


def move_dests(state: GameState, general: str, die: int | None = None) -> set[str]:
    """City ids a general may end a Move action on (with one die value, or any)."""
    g = general_id(general)
    board = state.board
    return {
        board.nodes[a.dest].id
        for a in state.legal_actions()
        if isinstance(a, Move) and a.general == g and (die is None or a.die == die)
    }
