"""Legal Move actions of the action phase (R5.1-R5.5), generated fast.

This is the engine's hot path: a turn offers dozens of moves and random playouts ask for them
at every decision. A general's moves depend only on the board, the season, where it stands and
which nearby cities hold enemy generals (R5.4: a path never passes an enemy). A ``Reach`` holds
the moves with no enemy in the way: the end cities per segment budget, and per die the Move
actions, made when first asked for and kept across turns and games. Enemies in the way only
take ends away, so a turn notes for each general the end masks past them (shared through a
table by every general at that start with those enemies near) and each call deletes the lost
ends from the reach's moves as it copies them, as it deletes the ends held by own generals.

Enemy generals stand still during a turn, and a general that has not acted yet still stands
where the turn found it, so ``state.turn_moves`` (shared by all states of the turn) keeps:

- ``ENEMY_KEY`` (-1): the cities holding enemy generals, as a bitmask;
- ``TOWERS_KEY - seat`` (-2 - seat): the cities of the seat's towers (see rules/turn.py);
- ``src << 5 | g``: the ``Reach`` of general ``g`` standing at ``src`` and, per die, the ends
  this turn's enemies take away (all 0 if none is near; ``src`` is part of the key only so that
  the entry for another city can never be read).

Own generals move during the turn, so the ends they hold (R5.2) are cut out at each call.
"""

from __future__ import annotations

from functools import reduce
from itertools import compress
from operator import itemgetter, or_, xor
from typing import TYPE_CHECKING, Any

from game.actions import Move
from game.content import MapSpec
from game.core import NUM_ROUNDS, is_winter
from game.rules import movement

if TYPE_CHECKING:
    from game.state_data import StateData

# (end-city mask, the moves to those cities in ascending city order, and per node the number
# of end cities below it: the place in the moves of the move to that node).
Entry = tuple[int, tuple[Move, ...], tuple[int, ...]]

_NO_LOSS: tuple[int, ...] = (0,) * 7

ENEMY_KEY = -1
TOWERS_KEY = -2
_NOTHING: Entry = (0, (), ())
# R5.3: the segments a die buys (index = die), in summer and in winter.
_HOPS = {False: (0, 1, 2, 3, 4, 5, 6), True: (0, 0, 1, 1, 2, 2, 3)}


class Reach:
    """The moves of general ``g`` from ``src`` in one season with no enemy in the way."""

    __slots__ = ("base", "entries", "g", "inner", "masks", "src", "winter")

    def __init__(
        self, g: int, src: int, winter: bool, masks: tuple[int, ...], base: Reach | None
    ) -> None:
        self.g = g
        self.src = src
        self.winter = winter
        self.masks = masks  # end cities per segment budget (index = segments)
        # The nodes within one segment less than the longest budget: only an enemy there can
        # cut a path (R5.4).
        self.inner = _INNER[(src, winter)]
        # For the winter reach, the summer one, whose moves include these (R5.3: a winter move
        # is also a summer move). None for the summer reach, which makes the Move objects.
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
            moves = tuple(Move(g, die, src, dest) for dest in movement.nodes_of(mask))
        else:
            summer = base.entry(die)[1]
            moves = tuple(compress(summer, [mask >> move.dest & 1 for move in summer]))
        return (mask, moves, _ranks(mask))


# The tables below are keyed by ints built from their parts, ``_key(...)``: cheaper to make
# and to hash than tuples on this hot path.
# Reaches with no enemy near, by (start, general, winter): at most cities x 24 x 2, all kept.
_FREE: dict[int, Reach] = {}
# End-city masks by (start, winter) without enemies, and by (start, winter, nearby enemy mask)
# with them, shared by every general; and per (start, winter) the nodes within one segment less
# than the longest budget: an enemy can cut a path only there.
_FREE_MASKS: dict[tuple[int, bool], tuple[int, ...]] = {}
# Per (start, winter, nearby enemies): per die, the ends those enemies take away (R5.4). Only
# what is lost is kept (mostly nothing for the low dice): the table is large and read at random.
_LOST: dict[int, tuple[int, ...]] = {}
_LOST_LIMIT = 50_000  # emptied when full
_INNER: dict[tuple[int, bool], int] = {}
# The board the tables above describe (the engine plays on one board).
_BOARD: list[MapSpec | None] = [None]

# R5.3 for each round of a game, looked up where a call of is_winter would cost too much: once
# for every general at the start of every turn.
_WINTER_ROUNDS = tuple(map(is_winter, range(NUM_ROUNDS)))

# Bit i set for node i, and 0 at index -1, so that a general off the board (city -1) adds nothing.
_BITS = (*[1 << node for node in range(256)], 0)


def own_mask(state: StateData) -> int:
    """Cities holding the active player's generals, as a bitmask."""
    k = state.seat_kingdom[state.active]
    a, b, c, d = state.gen_city[k * 4 : k * 4 + 4]
    return _BITS[a] | _BITS[b] | _BITS[c] | _BITS[d]


def enemy_mask(state: StateData) -> int:
    """Cities holding generals of the other players, as a bitmask (fixed for the turn)."""
    table: dict[int, Any] = state.turn_moves
    found: int | None = table.get(ENEMY_KEY)
    if found is None:
        # Every general but the active player's four (off the board adds nothing), OR-ed at
        # C speed (itemgetter: a bound __getitem__ of a tuple is a slow call per item).
        k = state.seat_kingdom[state.active]
        others = state.gen_city[: k * 4] + state.gen_city[k * 4 + 4 :]
        found = table[ENEMY_KEY] = reduce(or_, itemgetter(*others)(_BITS), 0)
    return found


def extend_moves(
    out: list[Any], state: StateData, g: int, src: int, values: tuple[int, ...], own: int
) -> None:
    """Append the Move actions of general ``g`` at ``src`` for each die value, in order.

    ``own`` is the mask of cities holding the mover's own generals (R5.2: no end there).
    """
    found = state.turn_moves.get(src << 5 | g)
    if found is None:
        found = turn_reach(state, g, src)
    reach, lost = found
    entries = reach.entries
    for die in values:
        listed, listed_moves, ranks = entries[die] or reach.entry(die)
        # The ends lost to enemies in the way (R5.4) or held by own generals (R5.2), deleted
        # from the highest down so that the places of those below stay right.
        drop = listed & own | lost[die]
        if drop:
            base = len(out)
            out += listed_moves
            while drop:
                top = drop.bit_length() - 1
                del out[base + ranks[top]]
                drop ^= _BITS[top]
        else:
            out += listed_moves


def is_legal_move(state: StateData, action: Move) -> bool:
    """Whether ``action`` is one of the moves ``extend_moves`` offers here (R5)."""
    g = action.general
    die = action.die
    src = action.src
    if state.kingdom_seat[g >> 2] != state.active or state.acted >> g & 1:
        return False
    if die not in state.dice or state.gen_city[g] != src:
        return False
    found = state.turn_moves.get(src << 5 | g)
    if found is None:
        found = turn_reach(state, g, src)
    reach, lost = found
    ends = reach.entry(die)[0] & ~lost[die]
    return bool(ends >> action.dest & 1) and not own_mask(state) >> action.dest & 1


def turn_reach(state: StateData, g: int, src: int) -> tuple[Reach, tuple[int, ...]]:
    """The reach of ``g`` at ``src`` and per die the ends lost to enemies in the way this turn;
    noted in ``state.turn_moves``."""
    board = state.board
    if _BOARD[0] is not board:
        _use_board(board)
    winter = _WINTER_ROUNDS[state.round]
    # The table lookups of _free_reach, enemy_mask and _cut_masks (and _key) written out:
    # this runs for every general at the start of every turn.
    reach = _FREE.get((g << 8 | src) << 1 | winter) or _free_reach(g, src, winter)
    table = state.turn_moves
    enemy = table.get(ENEMY_KEY)
    if enemy is None:
        enemy = enemy_mask(state)
    blockers = enemy & reach.inner
    lost = _NO_LOSS
    if blockers:
        key = (blockers << 8 | src) << 1 | winter
        lost = _LOST.get(key) or _search_past(key, board, src, winter, blockers)
    found = table[src << 5 | g] = (reach, lost)
    return found


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
    lost = _LOST.get(key) or _search_past(key, board, src, winter, blockers)
    if winter:
        lost = lost[::2]  # the dice 0, 2, 4 and 6 buy 0 to 3 segments
    return tuple(map(xor, _free_masks(src, winter), lost))


def _search_past(
    key: int, board: MapSpec, src: int, winter: bool, blockers: int
) -> tuple[int, ...]:
    """On a miss of ``_LOST``: search past ``blockers`` and keep, per die, the ends lost."""
    if len(_LOST) > _LOST_LIMIT:
        _LOST.clear()
    hops = _HOPS[winter]
    cut = movement.reach_masks(board, src, hops[6], winter, blockers)
    # Past enemies the ends are a subset of the free ones, so XOR leaves those lost (at C
    # speed: this runs on every miss).
    lost = tuple(map(xor, _free_masks(src, winter), cut))
    if winter:
        lost = itemgetter(*hops)(lost)
    found = _LOST[key] = lost
    return found


_RANKS: dict[int, tuple[int, ...]] = {}


def _ranks(mask: int) -> tuple[int, ...]:
    """Per node, the number of nodes of ``mask`` below it; shared by every reach with these
    ends (a few thousand masks, kept with the reaches)."""
    found = _RANKS.get(mask)
    if found is None:
        below = []
        count = 0
        for node in range(mask.bit_length()):
            below.append(count)
            count += mask >> node & 1
        found = _RANKS[mask] = tuple(below)
    return found


def _use_board(board: MapSpec) -> None:
    """Empty the tables if a state on another board comes by (tests may load their own map)."""
    if _BOARD[0] is not board:
        if board.num_nodes > 256:  # _BITS and _key hold a node in 8 bits
            raise ValueError("the move tables take boards of at most 256 nodes")
        _FREE.clear()
        _FREE_MASKS.clear()
        _LOST.clear()
        _INNER.clear()
        _RANKS.clear()
        _BOARD[:] = [board]


def _free_masks(src: int, winter: bool) -> tuple[int, ...]:
    key = (src, winter)
    found = _FREE_MASKS.get(key)
    if found is None:
        board = _BOARD[0]
        assert board is not None  # set by _use_board before any table is filled
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
