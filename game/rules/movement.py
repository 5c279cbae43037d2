"""R5 movement: which cities a general can reach with a die, and where a move is interrupted.

Costs are uniform within a season (R5.3: 1 per segment; in Hiemis no sea and 2 per land
segment), so a die of n points is a breadth-first search of n // cost segments. A city holding an
enemy general may be the end of a move but is never passed (R5.4, R5.5: the move action ends at
the interruption); a city holding an own general may be passed but not ended in (R5.2); ships may
be passed, never ended on (R2.3).

Reachable sets depend only on the board, the start, the segment budget and which nearby cities
hold generals, so they are memoised across all states (the board is shared and immutable).
"""

from __future__ import annotations

from game.content import MapSpec

_BALLS: dict[tuple[int, int, bool], frozenset[int]] = {}
_REACH: dict[tuple[int, int, bool, frozenset[int], frozenset[int]], dict[int, int]] = {}
_REACH_LIMIT = 400_000


def segment_cost(winter: bool) -> int:
    return 2 if winter else 1  # R5.3


def ball(board: MapSpec, src: int, hops: int, winter: bool) -> frozenset[int]:
    """Every node within ``hops`` segments of ``src`` (ignoring generals)."""
    key = (src, hops, winter)
    found = _BALLS.get(key)
    if found is None:
        adj = board.land_adj if winter else board.all_adj  # R5.3: no sea in winter
        seen = {src}
        frontier = [src]
        for _ in range(hops):
            nxt = []
            for node in frontier:
                for other in adj[node]:
                    if other not in seen:
                        seen.add(other)
                        nxt.append(other)
            frontier = nxt
        found = _BALLS[key] = frozenset(seen)
    return found


def reachable(
    board: MapSpec,
    src: int,
    hops: int,
    winter: bool,
    enemy: frozenset[int],
    own: frozenset[int],
) -> dict[int, int]:
    """End cities a general at ``src`` may reach within ``hops`` segments, with the segment count.

    ``enemy`` and ``own`` are the cities near ``src`` holding enemy and own generals.
    """
    key = (src, hops, winter, enemy, own)
    found = _REACH.get(key)
    if found is not None:
        return found
    adj = board.land_adj if winter else board.all_adj
    is_ship = board.is_ship
    dist = {src: 0}
    frontier = [src]
    for step in range(1, hops + 1):
        nxt = []
        for node in frontier:
            for other in adj[node]:
                if other not in dist:
                    dist[other] = step
                    if other not in enemy:  # R5.4: an enemy-held city stops the path
                        nxt.append(other)
        frontier = nxt
    found = {
        node: d
        for node, d in sorted(dist.items())
        if node != src and not is_ship[node] and node not in own  # R2.3, R5.2
    }
    if len(_REACH) > _REACH_LIMIT:
        _REACH.clear()
    _REACH[key] = found
    return found


def destinations(
    board: MapSpec,
    src: int,
    points: int,
    winter: bool,
    enemy_cities: set[int],
    own_cities: set[int],
) -> dict[int, int]:
    """End cities for a general at ``src`` with ``points`` movement points (R5.1)."""
    hops = points // segment_cost(winter)
    if hops <= 0:
        return {}
    near = ball(board, src, hops, winter)
    return reachable(
        board,
        src,
        hops,
        winter,
        frozenset(near.intersection(enemy_cities)),
        frozenset(near.intersection(own_cities)),
    )


# -- bitmask search, for the hot path of legal move generation --------------------------------
# A set of nodes is an int with bit i for node i. Expanding a set by one segment looks up each
# 8-bit chunk of the set in a table of neighbour masks built once per board and season.

_TABLES: dict[tuple[int, bool], tuple[tuple[tuple[int, ...], ...], int]] = {}


def _expansion_table(board: MapSpec, winter: bool) -> tuple[tuple[tuple[int, ...], ...], int]:
    key = (id(board), winter)
    found = _TABLES.get(key)
    if found is None:
        adj = board.land_adj if winter else board.all_adj
        neighbours = [sum(1 << other for other in adj[node]) for node in range(board.num_nodes)]
        chunks = []
        for base in range(0, board.num_nodes, 8):
            row = []
            for byte in range(256):
                mask = 0
                for bit in range(8):
                    if byte >> bit & 1 and base + bit < board.num_nodes:
                        mask |= neighbours[base + bit]
                row.append(mask)
            chunks.append(tuple(row))
        cities = sum(1 << c for c in range(board.num_nodes) if not board.is_ship[c])
        found = _TABLES[key] = (tuple(chunks), cities)
    return found


def ball_mask(board: MapSpec, src: int, hops: int, winter: bool) -> int:
    """Every node within ``hops`` segments of ``src``, as a bitmask."""
    return sum(1 << node for node in ball(board, src, hops, winter))


def reach_masks(
    board: MapSpec, src: int, hops: int, winter: bool, enemy_mask: int
) -> tuple[int, ...]:
    """End cities within 0..hops segments of ``src`` as bitmasks (index = segments allowed).

    Paths never pass through a node in ``enemy_mask`` (an enemy-held city ends the move, R5.4)
    but may end there; ships are passed but excluded from the ends (R2.3); ``src`` is excluded.
    """
    table, cities = _expansion_table(board, winter)
    start = 1 << src
    visited = start
    frontier = start
    out = [0]
    for _ in range(hops):
        grow = frontier & ~enemy_mask
        new = 0
        i = 0
        while grow:
            byte = grow & 255
            if byte:
                new |= table[i][byte]
            grow >>= 8
            i += 1
        frontier = new & ~visited
        visited |= frontier
        out.append(visited & cities & ~start)
    return tuple(out)
