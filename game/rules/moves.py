"""Legal Move actions of the action phase (R5.1-R5.5), generated fast.

This is the engine's hot path: a turn offers hundreds of moves and random playouts ask for them
at every decision. Enemy generals stand still during a turn, so each general's reachable cities
are searched once per turn (a bitmask breadth-first search for the longest budget; a shorter
budget is a prefix of it) and kept in ``state.turn_moves``, shared by all states of the turn.
Move tuples are memoised per (general, die, start, season, reachable set), so most lookups return
an existing tuple. Own generals only remove their cities from the ends (R5.2), checked per call.
"""

from __future__ import annotations

from game.actions import Move
from game.content import MapSpec
from game.rules import movement
from game.state import GameState

# Moves with no enemy in the way, their end cities, and the ends left once enemies cut paths.
Entry = tuple[tuple[Move, ...], int, int]

_INTERNED: dict[tuple[int, int, int, int], Move] = {}
_FREE: dict[tuple[int, int, int, bool], tuple[tuple[Move, ...], int]] = {}
_CUT: dict[tuple[int, int, int, int], tuple[Move, ...]] = {}
_CUT_LIMIT = 200_000
_FREE_REACH: dict[tuple[int, bool], tuple[int, ...]] = {}
_INNER: dict[tuple[int, bool], int] = {}
_CUT_REACH: dict[tuple[int, bool, int], tuple[int, ...]] = {}
_ENEMY_KEY = (-1, 0, 0)
_NOTHING: Entry = ((), 0, 0)


def own_mask(state: GameState) -> int:
    k = state.seat_kingdom[state.active]
    mask = 0
    for city in state.gen_city[k * 4 : k * 4 + 4]:
        if city >= 0:
            mask |= 1 << city
    return mask


def _enemy_mask(state: GameState) -> int:
    found = state.turn_moves.get(_ENEMY_KEY)
    if found is None:
        seat = state.active
        kingdom_seat = state.kingdom_seat
        mask = 0
        for g, city in enumerate(state.gen_city):
            if city >= 0 and kingdom_seat[g >> 2] != seat:
                mask |= 1 << city
        state.turn_moves[_ENEMY_KEY] = found = mask
    return found


def moves_for(state: GameState, g: int, die: int, src: int, own: int) -> tuple[Move, ...]:
    """The Move actions of general ``g`` at ``src`` with a die showing ``die``."""
    entry = state.turn_moves.get((g, die, src))
    if entry is None:
        entry = _compute(state, g, die, src)
    free_moves, free_mask, mask = entry
    ends = mask & ~own  # R5.2: not where an own general already stands
    if ends == free_mask:
        return free_moves
    key = (g, die, src, ends)
    moves = _CUT.get(key)
    if moves is None:
        if len(_CUT) > _CUT_LIMIT:
            _CUT.clear()
        moves = _CUT[key] = tuple(m for m in free_moves if ends >> m.dest & 1)
    return moves


def is_legal_move(state: GameState, action: Move) -> bool:
    g = action.general
    if state.kingdom_seat[g >> 2] != state.active or state.acted >> g & 1:
        return False
    if action.die not in state.dice or state.gen_city[g] != action.src:
        return False
    entry = state.turn_moves.get((g, action.die, action.src))
    if entry is None:
        entry = _compute(state, g, action.die, action.src)
    return bool(entry[2] >> action.dest & 1) and not own_mask(state) >> action.dest & 1


def _compute(state: GameState, g: int, die: int, src: int) -> Entry:
    """Moves with no enemy in the way, and the end cities left once enemies cut paths (R5.4)."""
    board = state.board
    winter = state.round % 4 == 3
    cost = movement.segment_cost(winter)  # R5.3
    hops = die // cost
    if hops <= 0:
        state.turn_moves[(g, die, src)] = _NOTHING
        return _NOTHING
    masks = state.turn_moves.get((g, 0, src))
    if masks is None:
        masks = state.turn_moves[(g, 0, src)] = _reach(board, src, winter, _enemy_mask(state))
    free_moves, free_mask = _free_moves(board, g, die, src, winter, hops)
    entry = (free_moves, free_mask, masks[hops])
    state.turn_moves[(g, die, src)] = entry
    return entry


def _reach(board: MapSpec, src: int, winter: bool, enemy: int) -> tuple[int, ...]:
    """End-city masks per budget; only enemies closer than the longest budget can cut paths."""
    longest = 6 // movement.segment_cost(winter)
    free = _FREE_REACH.get((src, winter))
    if free is None:
        free = _FREE_REACH[(src, winter)] = movement.reach_masks(board, src, longest, winter, 0)
        _INNER[(src, winter)] = movement.ball_mask(board, src, longest - 1, winter)
    blockers = enemy & _INNER[(src, winter)]
    if not blockers:
        return free
    key = (src, winter, blockers)
    found = _CUT_REACH.get(key)
    if found is None:
        if len(_CUT_REACH) > _CUT_LIMIT:
            _CUT_REACH.clear()
        found = _CUT_REACH[key] = movement.reach_masks(board, src, longest, winter, blockers)
    return found


def _free_moves(
    board: MapSpec, g: int, die: int, src: int, winter: bool, hops: int
) -> tuple[tuple[Move, ...], int]:
    """Moves when no enemy general stands in the way."""
    key = (g, die, src, winter)
    found = _FREE.get(key)
    if found is None:
        mask = movement.reach_masks(board, src, hops, winter, 0)[hops]
        ends = [dest for dest in range(board.num_nodes) if mask >> dest & 1]
        moves = tuple(_move(g, die, src, dest) for dest in ends)
        found = _FREE[key] = (moves, mask)
    return found


def _move(g: int, die: int, src: int, dest: int) -> Move:
    key = (g, die, src, dest)
    found = _INTERNED.get(key)
    if found is None:
        found = _INTERNED[key] = Move(g, die, src, dest)
    return found
