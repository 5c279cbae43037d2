"""Independent, slow reference implementations the engine is checked against.

They follow docs/rules.md literally and share no code with ``game/rules``.
"""

from __future__ import annotations

from collections import deque

from game.content import MapSpec
from game.state import GameState


def land_distance(board: MapSpec, src: int, dest: int) -> int | None:
    """Segments of the shortest path over land routes only (None if there is none)."""
    seen = {src: 0}
    queue = deque([src])
    while queue:
        node = queue.popleft()
        if node == dest:
            return seen[node]
        for other in board.land_adj[node]:
            if other not in seen:
                seen[other] = seen[node] + 1
                queue.append(other)
    return None


def move_ends(
    board: MapSpec,
    src: int,
    points: int,
    winter: bool,
    enemy: set[int],
    own: set[int],
) -> dict[int, int]:
    """R5: cities a general at ``src`` may end a move on, with the segments used.

    Segments cost 1 (2 in winter, when sea routes are closed: R5.3). A path may pass ships and
    own generals but not enemy-held cities (R5.4: entering one interrupts the move, so it ends
    the action there). It ends on a city (R2.3) without an own general (R5.2), not on ``src``.
    """
    cost = 2 if winter else 1
    hops = points // cost
    dist = {src: 0}
    queue = deque([src])
    while queue:
        node = queue.popleft()
        if dist[node] == hops or (node != src and node in enemy):
            continue
        for other, sea in _segments(board, node):
            if winter and sea:
                continue
            if other not in dist:
                dist[other] = dist[node] + 1
                queue.append(other)
    return {c: d for c, d in dist.items() if c != src and not board.is_ship[c] and c not in own}


_SEGMENTS: dict[MapSpec, list[list[tuple[int, bool]]]] = {}


def _segments(board: MapSpec, node: int) -> list[tuple[int, bool]]:
    """(neighbour, is a sea segment) for each route from ``node``, read from the route list."""
    table = _SEGMENTS.get(board)
    if table is None:
        table = [[] for _ in range(board.num_nodes)]
        for route in board.routes:
            table[route.a].append((route.b, route.sea))
            table[route.b].append((route.a, route.sea))
        _SEGMENTS[board] = table
    return table[node]


def occupancy(state: GameState, seat: int) -> tuple[set[int], set[int]]:
    """(cities with an enemy general, cities with an own general) for ``seat``."""
    enemy: set[int] = set()
    own: set[int] = set()
    for g, c in enumerate(state.gen_city):
        if c >= 0:
            (own if state.kingdom_seat[g >> 2] == seat else enemy).add(c)
    return enemy, own


def expected_moves(state: GameState) -> set[tuple[int, int, int, int]]:
    """Every (general, die, src, dest) Move the active player may make (R5.1-R5.5)."""
    seat = state.active
    enemy, own = occupancy(state, seat)
    out: set[tuple[int, int, int, int]] = set()
    for g in state.generals_of(seat):
        src = state.gen_city[g]
        if src < 0 or state.acted >> g & 1:
            continue
        for die in set(state.dice):
            ends = move_ends(state.board, src, die, state.is_winter(), enemy, own)
            out.update((g, die, src, dest) for dest in ends)
    return out


def floor_total(state: GameState, seat: int) -> int:
    """R1.2: floors standing + floors in others' trophies + floors gone with island quests."""
    n = state.num_players
    lost = sum(state.trophies[d * n + seat] for d in range(n))
    standing = 0
    for c in range(state.board.num_cities):
        if state.board.is_island[c]:
            standing += state.island_stack[c].count(seat)
        elif state.tower_owner[c] == seat:
            standing += state.floors[c]
    return standing + lost + state.floors_off[seat]
