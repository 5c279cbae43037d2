"""Legal Move actions of the action phase (R5.1-R5.5), generated fast.

This is the engine's hot path: a turn offers dozens of moves and random playouts ask for them
at every decision. A general's moves depend only on the board, the season, where it stands and
which nearby cities hold enemy generals (R5.4: a path never passes an enemy). A ``Reach`` holds
them for one such situation: the end cities per segment budget, and per die the Move actions,
made when first asked for. The reach without enemies near is kept across turns and games; one
with enemies near is made for the turn from it (the same enemies seldom stand again around the
same general, and keeping every such reach would only give the garbage collector more to walk).

Enemy generals stand still during a turn, and a general that has not acted yet still stands
where the turn found it, so ``state.turn_moves`` (shared by all states of the turn) keeps:

- ``ENEMY_KEY`` (-1): the cities holding enemy generals, as a bitmask;
- ``TOWERS_KEY - seat`` (-2 - seat): the cities of the seat's towers (see rules/turn.py);
- ``src << 5 | g``: the ``Reach`` of general ``g`` standing at ``src`` (``src`` is part of the
  key only so that the reach from another city can never be read).

Own generals move during the turn, so the ends they hold (R5.2) are cut out at each call.
"""

from __future__ import annotations

from functools import reduce
from itertools import compress
from operator import or_
from typing import Any

from game.actions import Move
from game.content import MapSpec
from game.rules import movement
from game.state import GameState

# (end-city mask, the moves to those cities in ascending city order).
Entry = tuple[int, tuple[Move, ...]]

ENEMY_KEY = -1
TOWERS_KEY = -2
_NOTHING: Entry = (0, ())
# R5.3: the segments a die buys (index = die), in summer and in winter.
_HOPS = {False: (0, 1, 2, 3, 4, 5, 6), True: (0, 0, 1, 1, 2, 2, 3)}


class Reach:
    """The moves of general ``g`` from ``src`` in one season, past one set of nearby enemies."""

    __slots__ = ("base", "entries", "g", "masks", "src", "winter")

    def __init__(
        self, g: int, src: int, winter: bool, masks: tuple[int, ...], base: Reach | None
    ) -> None:
        self.g = g
        self.src = src
        self.winter = winter
        self.masks = masks  # end cities per segment budget (index = segments)
        # A reach whose moves include these, to take them from: the one without enemies,
        # and for that one in winter the summer one (R5.3: a winter move is also a summer
        # move). None for the summer reach without enemies, which makes the Move objects.
        self.base = base
        self.entries: list[Entry | None] = [None] * 7  # per die, made when first asked for

    def entry(self, die: int) -> Entry:
        """The moves with ``die`` (R5.1: to any end within its points)."""
        found = self.entries[die]
        if found is None:
            found = self.entries[die] = self._make(die)
        return found

    def _make(self, die: int) -> Entry:
        hops = _HOPS[self.winter][die]
        if hops <= 0:
            return _NOTHING
        mask = self.masks[hops]
        base = self.base
        if base is None:
            g, src = self.g, self.src
            return (mask, tuple(Move(g, die, src, dest) for dest in movement.nodes_of(mask)))
        # The base's moves that end in a city of mask.
        entry = base.entries[die]
        if entry is None:
            entry = base.entry(die)
        listed, moves = entry
        removed = listed & ~mask
        if not removed:
            return entry
        if removed.bit_count() * 2 > len(moves):  # many cut off: test every move
            return (mask, tuple(compress(moves, [mask >> move.dest & 1 for move in moves])))
        # Only a few removed: the moves are in city order, so a move's place is the number of
        # listed cities below its own; deleting from the highest keeps the places below right.
        kept = list(moves)
        while removed:
            high = 1 << (removed.bit_length() - 1)
            del kept[(listed & (high - 1)).bit_count()]
            removed ^= high
        return (mask, tuple(kept))


# The tables below are keyed by ints built from their parts, ``_key(...)``: cheaper to make
# and to hash than tuples on this hot path.
# Reaches with no enemy near, by (start, general, winter): at most cities x 24 x 2, all kept.
_FREE: dict[int, Reach] = {}
# End-city masks by (start, winter) without enemies, and by (start, winter, nearby enemy mask)
# with them, shared by every general; and per (start, winter) the nodes within one segment less
# than the longest budget: an enemy can cut a path only there.
_FREE_MASKS: dict[tuple[int, bool], tuple[int, ...]] = {}
_MASKS: dict[int, tuple[int, ...]] = {}
_MASKS_LIMIT = 50_000  # emptied when full
_INNER: dict[tuple[int, bool], int] = {}
# The board the tables above describe (the engine plays on one board).
_BOARD: list[MapSpec] = []

# Bit i set for node i, and 0 at index -1, so that a general off the board (city -1) adds nothing.
_BITS = (*[1 << node for node in range(256)], 0)


def own_mask(state: GameState) -> int:
    """Cities holding the active player's generals, as a bitmask."""
    k = state.seat_kingdom[state.active]
    a, b, c, d = state.gen_city[k * 4 : k * 4 + 4]
    return _BITS[a] | _BITS[b] | _BITS[c] | _BITS[d]


def enemy_mask(state: GameState) -> int:
    """Cities holding generals of the other players, as a bitmask (fixed for the turn)."""
    table: dict[int, Any] = state.turn_moves
    found: int | None = table.get(ENEMY_KEY)
    if found is None:
        # Every general but the active player's four (off the board adds nothing), OR-ed at
        # C speed.
        k = state.seat_kingdom[state.active]
        others = state.gen_city[: k * 4] + state.gen_city[k * 4 + 4 :]
        found = table[ENEMY_KEY] = reduce(or_, map(_BITS.__getitem__, others), 0)
    return found


def extend_moves(
    out: list[Any], state: GameState, g: int, src: int, values: tuple[int, ...], own: int
) -> None:
    """Append the Move actions of general ``g`` at ``src`` for each die value, in order.

    ``own`` is the mask of cities holding the mover's own generals (R5.2: no end there).
    """
    reach = state.turn_moves.get(src << 5 | g)
    if reach is None:
        reach = turn_reach(state, g, src)
    entries = reach.entries
    for die in values:
        entry = entries[die]
        if entry is None:
            entry = reach.entry(die)
        mask = entry[0]
        hit = mask & own
        out += entry[1]
        if hit:  # delete the few moves onto own generals, highest first (as in Reach._make)
            base = len(out) - len(entry[1])
            while hit:
                high = 1 << (hit.bit_length() - 1)
                del out[base + (mask & (high - 1)).bit_count()]
                hit ^= high


def is_legal_move(state: GameState, action: Move) -> bool:
    """Whether ``action`` is one of the moves ``extend_moves`` offers here (R5)."""
    g = action.general
    die = action.die
    src = action.src
    if state.kingdom_seat[g >> 2] != state.active or state.acted >> g & 1:
        return False
    if die not in state.dice or state.gen_city[g] != src:
        return False
    reach = state.turn_moves.get(src << 5 | g)
    if reach is None:
        reach = turn_reach(state, g, src)
    dest = action.dest
    return bool(reach.entry(die)[0] >> dest & 1) and not own_mask(state) >> dest & 1


def turn_reach(state: GameState, g: int, src: int) -> Reach:
    """The reach of ``g`` at ``src`` past this turn's enemies, noted in ``state.turn_moves``."""
    board = state.board
    _use_board(board)
    winter = state.round % 4 == 3
    reach = _free_reach(g, src, winter)  # also notes _INNER for src
    blockers = enemy_mask(state) & _INNER[(src, winter)]
    if blockers:
        reach = Reach(g, src, winter, _cut_masks(board, src, winter, blockers), reach)
    state.turn_moves[src << 5 | g] = reach
    return reach


def end_masks(board: MapSpec, src: int, winter: bool, enemy: int) -> tuple[int, ...]:
    """End-city masks from ``src`` per segment budget, up to a 6's, past the cities of ``enemy``.

    As ``movement.reach_masks``, kept across turns and games.
    """
    _use_board(board)
    free = _free_masks(src, winter)
    blockers = enemy & _INNER[(src, winter)]
    return _cut_masks(board, src, winter, blockers) if blockers else free


def _key(high: int, src: int, winter: bool) -> int:
    """``high``, then 8 bits for the start city, then 1 for winter (R5.3), as one int."""
    return (high << 8 | src) << 1 | winter


def _cut_masks(board: MapSpec, src: int, winter: bool, blockers: int) -> tuple[int, ...]:
    """End-city masks past ``blockers``, enemies near enough to cut a path."""
    key = _key(blockers, src, winter)
    found = _MASKS.get(key)
    if found is None:
        if len(_MASKS) > _MASKS_LIMIT:
            _MASKS.clear()
        longest = _HOPS[winter][6]
        found = _MASKS[key] = movement.reach_masks(board, src, longest, winter, blockers)
    return found


def _use_board(board: MapSpec) -> None:
    """Empty the tables if a state on another board comes by (tests may load their own map)."""
    if not _BOARD or _BOARD[0] is not board:
        if board.num_nodes > 256:  # _BITS and _key hold a node in 8 bits
            raise ValueError("the move tables take boards of at most 256 nodes")
        _FREE.clear()
        _FREE_MASKS.clear()
        _MASKS.clear()
        _INNER.clear()
        _BOARD[:] = [board]


def _free_masks(src: int, winter: bool) -> tuple[int, ...]:
    key = (src, winter)
    found = _FREE_MASKS.get(key)
    if found is None:
        board = _BOARD[0]
        longest = _HOPS[winter][6]
        found = _FREE_MASKS[key] = movement.reach_masks(board, src, longest, winter, 0)
        _INNER[key] = movement.ball_masks(board, src, longest, winter)[longest - 1]
    return found


def _free_reach(g: int, src: int, winter: bool) -> Reach:
    key = _key(g, src, winter)
    found = _FREE.get(key)
    if found is None:
        summer = _free_reach(g, src, False) if winter else None
        found = _FREE[key] = Reach(g, src, winter, _free_masks(src, winter), summer)
    return found
