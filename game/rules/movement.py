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

# Every table here is keyed by the board itself: maps differ (R2.5), and a board object, not its
# id, cannot be mistaken for a later board that reuses a freed one's address.
_BALLS: dict[tuple[MapSpec, int, int, bool], frozenset[int]] = {}
_REACH: dict[tuple[MapSpec, int, int, bool, frozenset[int], frozenset[int]], dict[int, int]] = {}
_REACH_LIMIT = 400_000


def segment_cost(winter: bool) -> int:
    return 2 if winter else 1  # R5.3


def ball(board: MapSpec, src: int, hops: int, winter: bool) -> frozenset[int]:
    """Every node within ``hops`` segments of ``src`` (ignoring generals)."""
    key = (board, src, hops, winter)
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
    key = (board, src, hops, winter, enemy, own)
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
# A set of nodes is an int with bit i for node i. Expanding a set by one segment ORs together
# the neighbour masks of its nodes, taken lowest bit first. The same layers come up again and
# again (generals stand in the same few cities), so expansions are also remembered by layer.

_NEIGHBOURS: dict[tuple[MapSpec, bool], tuple[tuple[int, ...], int, dict[int, int]]] = {}
_EXPANSIONS_LIMIT = 50_000  # emptied when full


def _neighbour_masks(board: MapSpec, winter: bool) -> tuple[tuple[int, ...], int, dict[int, int]]:
    """Each node's neighbours as a mask (R5.3: land only in winter), the mask of cities, and
    the expansions worked out so far (a set of nodes to the union of their neighbours)."""
    key = (board, winter)
    found = _NEIGHBOURS.get(key)
    if found is None:
        adj = board.land_adj if winter else board.all_adj
        neighbours = tuple(
            sum(1 << other for other in adj[node]) for node in range(board.num_nodes)
        )
        cities = sum(1 << c for c in range(board.num_nodes) if not board.is_ship[c])
        found = _NEIGHBOURS[key] = (neighbours, cities, {})
    return found


def nodes_of(mask: int) -> tuple[int, ...]:
    """The nodes of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def ball_mask(board: MapSpec, src: int, hops: int, winter: bool) -> int:
    """Every node within ``hops`` segments of ``src``, as a bitmask."""
    return sum(1 << node for node in ball(board, src, hops, winter))


_LAYERS: dict[tuple[MapSpec, int, int, bool], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _free_layers(
    board: MapSpec, src: int, hops: int, winter: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per segment budget 0..hops with no general in the way: the nodes within it, and the
    cities a move may end in (not ships, R2.3, not ``src``)."""
    key = (board, src, hops, winter)
    found = _LAYERS.get(key)
    if found is None:
        _, cities, _ = _neighbour_masks(board, winter)
        balls = tuple(ball_mask(board, src, h, winter) for h in range(hops + 1))
        ends = tuple(ball & cities & ~(1 << src) for ball in balls)
        found = _LAYERS[key] = (balls, ends)
    return found


def ball_masks(board: MapSpec, src: int, hops: int, winter: bool) -> tuple[int, ...]:
    """Every node within 0..hops segments of ``src`` (ignoring generals), as bitmasks."""
    return _free_layers(board, src, hops, winter)[0]


# What a search from one start needs, in one lookup: the free layers, the neighbour masks, the
# cities where a move may end (not ships, not the start) and the remembered expansions.
SearchTables = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, dict[int, int]]
_SEARCHES: dict[tuple[MapSpec, int, int, bool], SearchTables] = {}


def _search_tables(board: MapSpec, src: int, hops: int, winter: bool) -> SearchTables:
    key = (board, src, hops, winter)
    found = _SEARCHES.get(key)
    if found is None:
        neighbours, cities, expansions = _neighbour_masks(board, winter)
        balls, free_ends = _free_layers(board, src, hops, winter)
        found = _SEARCHES[key] = (balls, free_ends, neighbours, cities & ~(1 << src), expansions)
    return found


def reach_masks(
    board: MapSpec, src: int, hops: int, winter: bool, enemy_mask: int
) -> tuple[int, ...]:
    """End cities within 0..hops segments of ``src`` as bitmasks (index = segments allowed).

    Paths never pass through a node in ``enemy_mask`` (an enemy-held city ends the move, R5.4)
    but may end there; ships are passed but excluded from the ends (R2.3); ``src`` is excluded.
    """
    found = _SEARCHES.get((board, src, hops, winter))
    if found is None:
        found = _search_tables(board, src, hops, winter)
    balls, free_ends, neighbours, ends, expansions = found
    # Until the search reaches the nearest enemy it is the one without enemies, whose layers
    # are known: start from the layer of that enemy (or finish at once if none is passed).
    near = 0
    while near < hops and not balls[near] & enemy_mask:
        near += 1
    if near == hops:
        return free_ends
    out = list(free_ends[: near + 1])
    visited = balls[near]
    frontier = visited & ~balls[near - 1] if near else visited
    passable = ~enemy_mask
    for _ in range(near, hops):
        grow = frontier & passable
        new = expansions.get(grow)
        if new is None:
            new = 0
            rest = grow
            while rest:
                low = rest & -rest  # the lowest node of the layer
                new |= neighbours[low.bit_length() - 1]
                rest ^= low
            if len(expansions) > _EXPANSIONS_LIMIT:
                expansions.clear()
            expansions[grow] = new
        frontier = new & ~visited
        visited |= frontier
        out.append(visited & ends)
    return tuple(out)
