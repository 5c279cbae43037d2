"""R4 a turn: the roll, the actions a player may take with the dice, and the end of the turn.

Decision (R4.2): the turn ends by itself when no die is left or no own general can still act
(every general has acted or waits on the time track); otherwise the player ends it explicitly.
"""

from __future__ import annotations

from itertools import combinations

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
from game.rules import combat, movement, moves, quests
from game.rules.scoring import check_round_end
from game.state import (
    NUM_ROUNDS,
    P_ACTION,
    P_CONTINUE,
    P_HALT,
    P_OVER,
    P_ROLL,
    GameState,
)

END_TURN = EndTurn()


def start_actions(state: GameState, roll: Roll) -> None:
    state.dice = list(roll.dice)
    state.turn_moves = {}
    state.phase = P_ACTION
    _maybe_end_turn(state)


def _occupancy(state: GameState, seat: int) -> tuple[set[int], set[int]]:
    """Cities holding enemy generals, and cities holding own generals."""
    enemy: set[int] = set()
    own: set[int] = set()
    kingdom_seat = state.kingdom_seat
    for g, city in enumerate(state.gen_city):
        if city >= 0:
            if kingdom_seat[g >> 2] == seat:
                own.add(city)
            else:
                enemy.add(city)
    return enemy, own


def legal_turn_actions(state: GameState) -> list[Action]:
    seat = state.active
    dice = state.dice
    out: list[Action] = []
    if not dice:
        return [END_TURN]
    values = sorted(set(dice))
    high = [v for v in values if v >= 5]  # R4.4: destroy, return, train and build need 5 or 6
    own = moves.own_mask(state)
    k = state.seat_kingdom[seat]
    acted = state.acted
    gen_city = state.gen_city
    return_targets: list[int] | None = None
    for g in range(k * 4, k * 4 + 4):
        if acted >> g & 1:
            continue
        src = gen_city[g]
        if src >= 0:
            for die in values:
                out.extend(moves.moves_for(state, g, die, src, own))
            if high:
                if _can_destroy(state, seat, src):
                    out.extend(Destroy(g, die, src) for die in high)
                if _can_train(state, seat, g, src):
                    out.extend(Train(g, die) for die in high)
                if state.rules.quests and state.board.is_island[src]:
                    sources = quests.build_sources(state, seat, src)
                    out.extend(Build(g, die, c, src) for die in high for c in sources)
        elif high and 0 <= state.gen_return[g] <= state.round:
            if return_targets is None:
                return_targets = return_cities(state, seat)
            out.extend(Return(g, die, c) for die in high for c in return_targets)
    if not state.traded and len(dice) >= 3:
        trades = sorted(set(combinations(dice, 3)))
        out.extend(Trade(t) for t in trades)
    out.append(END_TURN)
    return out


def _can_destroy(state: GameState, seat: int, city: int) -> bool:
    """R6.1: an enemy tower with a floor stands in the general's city."""
    if state.floors[city] <= 0:
        return False
    owner = state.tower_owner[city]
    if owner >= 0:
        return owner != seat
    stack = state.island_stack.get(city, ())
    return any(s != seat for s in stack)


def _can_train(state: GameState, seat: int, g: int, city: int) -> bool:
    """R6.3: on an own standing capital, not already trained, no weaker own general."""
    if state.trained or state.tower_owner[city] != seat or state.floors[city] <= 0:
        return False
    level = state.gen_level[g]
    if level >= 4:
        return False
    k = g >> 2
    return all(state.gen_level[o] >= level for o in range(k * 4, k * 4 + 4))


def return_cities(state: GameState, seat: int) -> list[int]:
    """R6.2: where a general coming back from the time track may be placed."""
    board = state.board
    occupied = {c for c in state.gen_city if c >= 0}
    towers = [
        c for c in range(board.num_cities) if state.tower_owner[c] == seat and state.floors[c] > 0
    ]
    free_towers = [c for c in towers if c not in occupied]
    if free_towers:
        return free_towers
    free = [c for c in range(board.num_cities) if c not in occupied]
    if not towers:
        # Decision (R6.2): without a tower, any free city of the own kingdom.
        own = [c for c in free if board.city_kingdom[c] == state.seat_kingdom[seat]]
        if own:
            return own
        towers = list(board.kingdoms[state.seat_kingdom[seat]].capitals)
    if not free:
        return []
    dist = board.route_distance
    nearest = {c: min(dist[t][c] for t in towers) for c in free}
    best = min(nearest.values())
    return [c for c in free if nearest[c] == best]


def apply_turn_action(state: GameState, action: Action) -> None:
    kind = action.kind
    if kind == 6:
        _apply_move(state, action)  # type: ignore[arg-type]
    elif kind == 16:
        end_turn(state)
        return
    elif kind == 7:
        _apply_continue(state, action)  # type: ignore[arg-type]
    elif kind == 8:
        state.phase = P_ACTION  # StopMove: stay in the city the mover was let through
        state.pend_general = -1  # R5.4: the interrupted move is over
        state.pend_points = 0
    elif kind == 15:
        dice = state.dice
        for d in action.dice:  # type: ignore[attr-defined]
            dice.remove(d)
        dice.append(6)  # R4.3; 6 is the highest value, so the list stays sorted
        state.traded = True
    else:
        _use_die(state, action.die)  # type: ignore[attr-defined]
        g = action.general  # type: ignore[attr-defined]
        state.acted |= 1 << g
        if kind == 11:
            combat.destroy_floor(state, g, action.city)  # type: ignore[attr-defined]
        elif kind == 12:
            state.gen_city[g] = action.city  # type: ignore[attr-defined]
            state.gen_return[g] = -1
        elif kind == 13:
            state.gen_level[g] += 1  # R6.3
            state.trained = True
        else:
            quests.build_on_island(state, action)  # type: ignore[arg-type]
    if state.phase == P_ACTION:
        _maybe_end_turn(state)


def _use_die(state: GameState, die: int) -> None:
    state.dice.remove(die)


def _apply_move(state: GameState, action: Move) -> None:
    g = action.general
    state.dice.remove(action.die)
    state.acted |= 1 << g
    _arrive(state, g, action.src, action.dest, action.die)


def _apply_continue(state: GameState, action: Continue) -> None:
    state.phase = P_ACTION
    points = state.pend_points
    # R5.4: this interruption is settled; _arrive records a new one if the mover is stopped again.
    state.pend_general = -1
    state.pend_points = 0
    _arrive(state, action.general, action.src, action.dest, points)


def _arrive(state: GameState, g: int, src: int, dest: int, points: int) -> None:
    """Put the mover on ``dest``; if an enemy general is there, ask its owner (R5.4).

    Decision (R5.4): the mover "could not go on" when no city where a move may end (not a ship,
    R2.3, nor a city held by an own general, R5.2) lies within the points left; a segment that
    only leads to a ship or to an own general's city is no way on, and nobody is asked.
    """
    state.gen_city[g] = dest
    seat = state.active
    defender = -1
    kingdom_seat = state.kingdom_seat
    for other, city in enumerate(state.gen_city):
        if city == dest and other != g and kingdom_seat[other >> 2] != seat:
            defender = other
            break
    if defender < 0:
        return
    winter = state.round % 4 == 3
    enemy, own = _occupancy(state, seat)
    used = _hops_between(state, src, dest, points, winter, enemy, own, g)
    left = points - used * movement.segment_cost(winter)
    own.discard(dest)
    if not movement.destinations(state.board, dest, left, winter, enemy - {dest}, own):
        return  # R5.4: the mover could not go on anyway, so nobody is asked
    state.pend_general = g
    state.pend_points = left
    state.halt_seat = kingdom_seat[defender >> 2]
    state.phase = P_HALT


def _hops_between(
    state: GameState,
    src: int,
    dest: int,
    points: int,
    winter: bool,
    enemy: set[int],
    own: set[int],
    g: int,
) -> int:
    """Segments used by the shortest legal path from ``src`` to ``dest`` (R5.5)."""
    # The mover already stands on dest; look at the board as it was before the move.
    own_before = (own - {dest}) | {src}
    own_before.discard(src)
    reach = movement.destinations(state.board, src, points, winter, enemy, own_before)
    return reach.get(dest, 0)


def apply_halt_decision(state: GameState, halt: bool) -> None:
    state.halt_seat = -1
    if halt:
        state.pend_general = -1
        state.pend_points = 0
        state.phase = P_ACTION
        _maybe_end_turn(state)
    else:
        state.phase = P_CONTINUE


def legal_continuations(state: GameState) -> list[Action]:
    g = state.pend_general
    here = state.gen_city[g]
    enemy, own = _occupancy(state, state.active)
    own.discard(here)
    enemy.discard(here)
    winter = state.round % 4 == 3
    reach = movement.destinations(state.board, here, state.pend_points, winter, enemy, own)
    out: list[Action] = [StopMove(g, here)]
    out.extend(Continue(g, here, dest) for dest in reach)
    return out


def _maybe_end_turn(state: GameState) -> None:
    if not state.dice:
        end_turn(state)
        return
    seat = state.active
    k = state.seat_kingdom[seat]
    for g in range(k * 4, k * 4 + 4):
        if state.acted >> g & 1:
            continue
        if state.gen_city[g] >= 0 or 0 <= state.gen_return[g] <= state.round:
            return
    end_turn(state)


def end_turn(state: GameState) -> None:
    """R4.1, R7.1: after the actions, the battles of the turn, then the next seat."""
    state.dice = []
    state.pend_general = -1
    state.pend_points = 0
    battles = combat.battle_cities(state)
    if battles:
        combat.begin_battles(state, battles)
    else:
        next_turn(state)


def next_turn(state: GameState) -> None:
    state.battles = ()
    state.battle_city = -1
    state.acted = 0
    state.traded = False
    state.trained = False
    state.dice = []
    state.active = (state.active + 1) % state.num_players
    if state.active == 0:
        if check_round_end(state) or state.round + 1 >= NUM_ROUNDS:
            state.phase = P_OVER
            return
        state.round += 1
    state.phase = P_ROLL


__all__ = ["P_CONTINUE", "legal_turn_actions", "next_turn", "return_cities"]
