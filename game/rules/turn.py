"""R4 a turn: the roll, the actions a player may take with the dice, and the end of the turn.

Decision (R4.2): the turn ends by itself when no die is left or no own general can still act
(every general has acted or waits on the time track); otherwise the player ends it explicitly.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any

from game.actions import (
    Action,
    Build,
    Continue,
    Destroy,
    EndTurn,
    Move,
    Return,
    Roll,
    StopMove,
    Trade,
    Train,
)
from game.content import MapSpec
from game.core import P_ACTION, P_CONTINUE, P_HALT, is_winter
from game.rules import combat, movement, moves, quests
from game.rules.rounds import next_turn

if TYPE_CHECKING:
    from game.state_data import StateData

END_TURN_ACTION = EndTurn()


def start_actions(state: StateData, roll: Roll) -> None:
    state.dice = list(roll.dice)
    state.turn_moves = {}
    state.phase = P_ACTION
    _maybe_end_turn(state)


# A hand of dice: its distinct values, those of them that are 5 or 6, and its trades.
DiceFacts = tuple[tuple[int, ...], tuple[int, ...], tuple[Trade, ...]]


def _dice_table() -> dict[tuple[int, ...], DiceFacts]:
    """For every sorted hand of 0-4 dice: its distinct values, those of 5 or 6, and its trades.

    Built once, so a legal-action call looks these up instead of sorting and combining dice.
    """
    table = {}
    for count in range(5):
        for dice in combinations_with_replacement(range(1, 7), count):
            values = tuple(sorted(set(dice)))
            high = tuple(v for v in values if v >= 5)  # R4.4: 5 or 6 for the other actions
            trades = tuple(Trade(t) for t in sorted(set(combinations(dice, 3))))  # R4.3
            table[dice] = (values, high, trades)
    return table


DICE = _dice_table()


def legal_turn_actions(state: StateData) -> list[Action]:
    seat = state.active
    dice = state.dice
    if not dice:
        return [END_TURN_ACTION]
    values, high, trades = DICE[tuple(dice)]  # the dice are kept sorted
    own = moves.own_mask(state)
    k = state.seat_kingdom[seat]
    acted = state.acted
    gen_city = state.gen_city
    floors = state.floors
    is_island = state.board.is_island
    out: list[Action] = []
    return_targets: tuple[int, ...] | None = None
    for g in range(k * 4, k * 4 + 4):
        if acted >> g & 1:
            continue
        src = gen_city[g]
        if src >= 0:
            moves.extend_moves(out, state, g, src, values, own)
            # Destroy and train need floors where the general stands, build an island (R6, R9.5).
            if high and (floors[src] > 0 or is_island[src]):
                if _can_destroy(state, seat, src):
                    out += _per_die(Destroy, g, high, (src,))
                if _can_train(state, seat, g, src):
                    out += _per_die(Train, g, high, ())
                if state.rules.quests and is_island[src]:
                    sources = tuple(quests.build_sources(state, seat, src))
                    out += _per_die(Build, g, high, sources, src)
        elif high and 0 <= state.gen_return[g] <= state.round:
            if return_targets is None:
                return_targets = tuple(return_cities(state, seat))
            out += _per_die(Return, g, high, return_targets)
    if not state.traded:
        out += trades  # none with fewer than 3 dice
    out.append(END_TURN_ACTION)
    return out


_PER_DIE: dict[tuple[Any, ...], tuple[Action, ...]] = {}


def _per_die(
    cls: type[Destroy | Return | Train | Build],
    g: int,
    high: tuple[int, ...],
    cities: tuple[int, ...],
    island: int = -1,
) -> tuple[Action, ...]:
    """The actions of ``cls`` for general ``g``, per die of 5 or 6 and then per city, in that
    order (a build takes its floor from the city to the ``island``), made once for all turns."""
    key = (cls, g, high, cities, island)
    found = _PER_DIE.get(key)
    if found is None:
        if issubclass(cls, Train):
            found = tuple(Train(g, die) for die in high)
        elif issubclass(cls, Build):
            found = tuple(Build(g, die, c, island) for die in high for c in cities)
        else:  # Destroy, Return
            found = tuple(cls(g, die, c) for die in high for c in cities)
        _PER_DIE[key] = found
    return found


MADE: dict[tuple[Any, ...], Action] = {}


def made(cls: type[Action], *fields: int) -> Action:
    """The one ``cls(*fields)`` action, made the first time it is offered.

    Offering the same objects again saves building them at each call (a frozen dataclass is
    slow to build) and lets apply_action find them by identity. There are a few thousand.
    """
    key = (cls, *fields)
    found = MADE.get(key)
    if found is None:
        found = MADE[key] = cls(*fields)
    return found


def _can_destroy(state: StateData, seat: int, city: int) -> bool:
    """R6.1: an enemy tower with a floor stands in the general's city."""
    if state.floors[city] <= 0:
        return False
    owner = state.tower_owner[city]
    if owner >= 0:
        return owner != seat
    stack = state.island_stack.get(city, ())
    return any(s != seat for s in stack)


def _can_train(state: StateData, seat: int, g: int, city: int) -> bool:
    """R6.3: on an own standing capital, not already trained, no weaker own general."""
    if state.trained or state.tower_owner[city] != seat or state.floors[city] <= 0:
        return False
    level = state.gen_level[g]
    if level >= 4:
        return False
    k = g >> 2
    return min(state.gen_level[k * 4 : k * 4 + 4]) >= level


def return_cities(state: StateData, seat: int) -> list[int]:
    """R6.2: where a general coming back from the time track may be placed."""
    board = state.board
    floors = state.floors
    gen_city = state.gen_city
    standing = [c for c in _towers_of(state, seat) if floors[c] > 0]
    free_towers = [c for c in standing if c not in gen_city]
    if free_towers:
        return free_towers
    occupied = set(gen_city)
    towers = tuple(standing)
    if not towers:
        # Decision (R6.2): without a tower, any free city of the own kingdom.
        kingdom = state.seat_kingdom[seat]
        own = [c for c in board.kingdoms[kingdom].cities if c not in occupied]
        if own:
            return own
        towers = board.kingdoms[kingdom].capitals
    # The free cities nearest to a tower.
    for ring in _rings(board, towers):
        found = [c for c in ring if c not in occupied]
        if found:
            return found
    return []


_RINGS: dict[tuple[MapSpec, tuple[int, ...]], tuple[tuple[int, ...], ...]] = {}


def _rings(board: MapSpec, towers: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The cities by route distance to the nearest of ``towers``, nearest first, each ring in
    city order. A seat has a handful of tower sets in a game, so they are kept per board."""
    key = (board, towers)  # the board, not its id: see game.rules.movement
    found = _RINGS.get(key)
    if found is None:
        dist = board.route_distance
        nearest = [min(dist[t][c] for t in towers) for c in range(board.num_cities)]
        found = _RINGS[key] = tuple(
            tuple(c for c in range(board.num_cities) if nearest[c] == d)
            for d in sorted(set(nearest))
        )
    return found


def _towers_of(state: StateData, seat: int) -> tuple[int, ...]:
    """Cities (ascending) whose tower belongs to ``seat``, standing or not.

    Owners never change in a game, so the answer is kept for the turn (a player owns at most
    three towers: ``list.index`` jumps from one to the next at C speed).
    """
    key = moves.TOWERS_KEY - seat
    found: tuple[int, ...] | None = state.turn_moves.get(key)
    if found is None:
        owners = state.tower_owner
        out: list[int] = []
        city = -1
        while True:
            try:
                city = owners.index(seat, city + 1, state.board.num_cities)
            except ValueError:
                break
            out.append(city)
        found = state.turn_moves[key] = tuple(out)
    return found


# The actions of R6 and R9.5: a general uses a die showing 5 or 6 (R4.4).
_GENERAL_ACTIONS = (Destroy, Return, Train, Build)


def apply_turn_action(state: StateData, action: Action) -> None:
    # Moves first: they are most of the actions of a game.
    if isinstance(action, Move):
        g = action.general
        state.dice.remove(action.die)
        state.acted |= 1 << g
        _arrive(state, g, action.src, action.dest, action.die)
    elif isinstance(action, EndTurn):
        end_turn(state)
        return
    elif isinstance(action, Continue):
        _apply_continue(state, action)
    elif isinstance(action, StopMove):
        state.phase = P_ACTION  # stay in the city the mover was let through
        state.pend_general = -1  # R5.4: the interrupted move is over
        state.pend_points = 0
    elif isinstance(action, Trade):
        dice = state.dice
        for d in action.dice:
            dice.remove(d)
        dice.append(6)  # R4.3; 6 is the highest value, so the list stays sorted
        state.traded = True
    elif isinstance(action, _GENERAL_ACTIONS):
        _use_die(state, action.die)
        g = action.general
        state.acted |= 1 << g
        if isinstance(action, Destroy):
            combat.destroy_floor(state, g, action.city)
        elif isinstance(action, Return):
            state.gen_city[g] = action.city
            state.gen_return[g] = -1
        elif isinstance(action, Train):
            state.gen_level[g] += 1  # R6.3
            state.trained = True
        else:
            quests.build_on_island(state, action)
    if state.phase == P_ACTION:
        _maybe_end_turn(state)


def _use_die(state: StateData, die: int) -> None:
    state.dice.remove(die)


def _apply_continue(state: StateData, action: Continue) -> None:
    state.phase = P_ACTION
    points = state.pend_points
    # R5.4: this interruption is settled; _arrive records a new one if the mover is stopped again.
    state.pend_general = -1
    state.pend_points = 0
    _arrive(state, action.general, action.src, action.dest, points)


def _arrive(state: StateData, g: int, src: int, dest: int, points: int) -> None:
    """Put the mover on ``dest``; if an enemy general is there, ask its owner (R5.4).

    Decision (R5.4): the mover "could not go on" when no city where a move may end (not a ship,
    R2.3, nor a city held by an own general, R5.2) lies within the points left; a segment that
    only leads to a ship or to an own general's city is no way on, and nobody is asked.
    """
    state.gen_city[g] = dest
    enemy = moves.enemy_mask(state)
    if not enemy >> dest & 1:
        return  # no enemy general there: nobody to ask
    seat = state.active
    defender = -1
    kingdom_seat = state.kingdom_seat
    for other, city in enumerate(state.gen_city):
        if city == dest and other != g and kingdom_seat[other >> 2] != seat:
            defender = other
            break
    board = state.board
    winter = is_winter(state.round)
    cost = movement.segment_cost(winter)
    # R5.5: the segments of the shortest legal path from src (own generals may be passed, and
    # enemies stand still during the turn, so this is the board the move was made on). A
    # continuation starts from a city the mover was let through: its enemy does not stop it.
    reach = moves.end_masks(board, src, winter, enemy & ~(1 << src))[: points // cost + 1]
    used = next((hops for hops, ends in enumerate(reach) if ends >> dest & 1), 0)
    left = (points - used * cost) // cost
    # The enemy met here does not stop the mover from leaving: only others can cut paths.
    if left <= 0 or not (
        moves.end_masks(board, dest, winter, enemy & ~(1 << dest))[left] & ~moves.own_mask(state)
    ):
        return  # R5.4: the mover could not go on anyway, so nobody is asked
    state.pend_general = g
    state.pend_points = points - used * cost
    state.halt_seat = kingdom_seat[defender >> 2]
    state.phase = P_HALT


def apply_halt_decision(state: StateData, halt: bool) -> None:
    state.halt_seat = -1
    if halt:
        state.pend_general = -1
        state.pend_points = 0
        state.phase = P_ACTION
        _maybe_end_turn(state)
    else:
        state.phase = P_CONTINUE


def legal_continuations(state: StateData) -> list[Action]:
    g = state.pend_general
    here = state.gen_city[g]
    winter = is_winter(state.round)
    hops = state.pend_points // movement.segment_cost(winter)
    out: list[Action] = [made(StopMove, g, here)]
    if hops > 0:
        # Paths leave the city the mover was let through (its enemy no longer stops them).
        enemy = moves.enemy_mask(state) & ~(1 << here)
        ends = moves.end_masks(state.board, here, winter, enemy)[hops] & ~moves.own_mask(state)
        out.extend(made(Continue, g, here, dest) for dest in movement.nodes_of(ends))
    return out


def _maybe_end_turn(state: StateData) -> None:
    if not state.dice:
        end_turn(state)
        return
    k = state.seat_kingdom[state.active]
    acted = state.acted
    gen_city = state.gen_city
    gen_return = state.gen_return
    now = state.round
    for g in range(k * 4, k * 4 + 4):
        if not acted >> g & 1 and (gen_city[g] >= 0 or 0 <= gen_return[g] <= now):
            return  # this general can still act
    end_turn(state)


def end_turn(state: StateData) -> None:
    """R4.1, R7.1: after the actions, the battles of the turn, then the next seat."""
    state.dice = []
    state.pend_general = -1
    state.pend_points = 0
    battles = combat.battle_cities(state)
    if battles:
        combat.begin_battles(state, battles)
    else:
        next_turn(state)
