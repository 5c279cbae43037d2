"""Where things go on the board so that nothing hides what a player must see or tap: generals
of neighbouring cities pushed apart, city names beside the tokens rather than under them, a
tooltip beside the lit cities rather than on them. Pure Python (no pygame), unit-tested.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from web.ui.layout import Box, overlaps

Point = tuple[float, float]


def overlap_area(a: Box, b: Box) -> int:
    w = min(a.right, b.right) - max(a.x, b.x)
    h = min(a.bottom, b.bottom) - max(a.y, b.y)
    return w * h if w > 0 and h > 0 else 0


def box_around(x: float, y: float, w: float, h: float) -> Box:
    return Box(round(x - w / 2), round(y - h / 2), round(w), round(h))


# -- the lit cities' costs --------------------------------------------------------------------
MARK_DIRECTIONS = 12  # places tried round a city, on each ring farther out


def place_marks(
    points: Sequence[tuple[int, float, float]], d: float, avoid: Sequence[Box] = ()
) -> dict[int, Point]:
    """Where each lit city's cost disc (``d`` across) goes: on its city where it covers no
    other disc, no other lit city and nothing of ``avoid`` (the generals' tokens, drawn over
    it), else at the nearest such place round it (rings half a disc apart, out to three
    discs), else where it overlaps least. Isolated cities keep their own place; crowded ones
    move off in turn, so a crowded coast (Greece, Sicily) stays readable."""
    placed: dict[int, Point] = {}
    where = {c: (x, y) for c, x, y in points}
    keep_off = d / 2 + 4  # a disc's edge from another lit city's centre

    def clash(c: int, p: Point) -> float:
        hit = sum(max(0.0, d + 1 - math.dist(p, q)) for q in placed.values())
        hit += sum(max(0.0, keep_off - math.dist(p, o)) for o2, o in where.items() if o2 != c)
        disc = box_around(p[0], p[1], d, d)
        return hit + sum(overlap_area(disc, b) for b in avoid) / d

    # The most crowded cities last: an isolated one keeps its disc on itself.
    def crowd(item: tuple[int, float, float]) -> tuple[int, int]:
        c, x, y = item
        return (sum(1 for _c, ox, oy in points if math.dist((x, y), (ox, oy)) < 2 * d), c)

    for c, x, y in sorted(points, key=crowd):
        options: list[Point] = [(x, y)]
        for ring in (1.0, 1.5, 2.0, 2.5, 3.0):
            for k in range(MARK_DIRECTIONS):
                a = 2 * math.pi * k / MARK_DIRECTIONS + math.pi / 2  # below first, as names
                options.append((x + ring * d * math.cos(a), y + ring * d * math.sin(a)))
        best = next((p for p in options if clash(c, p) == 0), None)
        placed[c] = best if best is not None else min(options, key=lambda p: clash(c, p))
    return placed


# -- generals -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stack:
    """The generals standing in one city: drawn as a row centred on ``anchor``."""

    city: int
    anchor: Point
    count: int


def fan_tokens(
    stacks: Sequence[Stack], size: float, spread: float, gap: float = 2.0, rounds: int = 60
) -> dict[int, list[Point]]:
    """The centre of every token, city by city, in the order of each city's generals.

    A city's generals sit side by side (``spread`` apart) over the city. Where the rows of two
    cities would overlap they are pushed apart, each by half the least distance that parts
    them, again and again until no two touch (or ``rounds`` run out): a row moves no farther
    than it must, so the board stays recognisable and each row stays near its city.
    """
    n = len(stacks)
    cx = [s.anchor[0] for s in stacks]
    cy = [s.anchor[1] for s in stacks]
    half_w = [(size + (s.count - 1) * spread) / 2 + gap / 2 for s in stacks]
    half_h = size / 2 + gap / 2
    order = sorted(range(n), key=lambda i: (stacks[i].anchor, stacks[i].city))
    for _ in range(rounds):
        moved = False
        for a_pos, i in enumerate(order):
            for j in order[a_pos + 1 :]:
                dx, dy = cx[j] - cx[i], cy[j] - cy[i]
                px = half_w[i] + half_w[j] - abs(dx)
                py = 2 * half_h - abs(dy)
                if px <= 0.01 or py <= 0.01:
                    continue
                moved = True
                # Part along the shorter way out; rows side by side part sideways.
                if px < py:
                    push = px / 2 * (1 if dx > 0 or (dx == 0 and i < j) else -1)
                    cx[i] -= push
                    cx[j] += push
                else:
                    push = py / 2 * (1 if dy > 0 or (dy == 0 and i < j) else -1)
                    cy[i] -= push
                    cy[j] += push
        if not moved:
            break
    out: dict[int, list[Point]] = {}
    for i, s in enumerate(stacks):
        first = cx[i] - (s.count - 1) * spread / 2
        out[s.city] = [(first + k * spread, cy[i]) for k in range(s.count)]
    return out


# -- names ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Name:
    """A name wanted beside a point (a city marker of radius ``gap`` - 3)."""

    ident: int
    x: float
    y: float
    w: int
    h: int
    gap: int
    priority: int = 0
    keep: bool = False  # shown even where every place is taken (a capital)


def name_options(n: Name) -> list[Box]:
    """Below, above, right, left, then the four corners: the first places a reader looks."""
    x, y, w, h, g = int(n.x), int(n.y), n.w, n.h, n.gap
    d = int(g * 0.7)
    return [
        Box(x - w // 2, y + g, w, h),
        Box(x - w // 2, y - g - h, w, h),
        Box(x + g, y - h // 2, w, h),
        Box(x - g - w, y - h // 2, w, h),
        Box(x + d, y + d, w, h),
        Box(x + d, y - d - h, w, h),
        Box(x - d - w, y + d, w, h),
        Box(x - d - w, y - d - h, w, h),
    ]


def place_names(
    names: Iterable[Name],
    markers: Iterable[tuple[int, Box]] = (),
    tokens: Sequence[Box] = (),
) -> dict[int, Box]:
    """Where each name goes: never over another name, another city's marker or a token.

    Higher priority first, so where cities crowd, capitals keep their names. A name with no
    free place is left out, unless ``keep``: then it takes the place that a token covers
    least (tokens are drawn over names; a marker or a name under it still reads around it).
    """
    cell = 64
    grid: dict[tuple[int, int], list[tuple[int, Box]]] = {}

    def cells(b: Box) -> list[tuple[int, int]]:
        return [
            (cx, cy)
            for cx in range(b.x // cell, (b.right - 1) // cell + 1)
            for cy in range(b.y // cell, (b.bottom - 1) // cell + 1)
        ]

    def add(owner: int, b: Box) -> None:
        for c in cells(b):
            grid.setdefault(c, []).append((owner, b))

    def clashes(owner: int, b: Box) -> bool:
        return any(
            other != owner and overlaps(b, ob) for c in cells(b) for other, ob in grid.get(c, ())
        )

    def crowding(owner: int, b: Box) -> int:
        """How much of ``b`` other names and markers cover (each counted once)."""
        seen = {
            (other, ob)
            for c in cells(b)
            for other, ob in grid.get(c, ())
            if other not in (owner, token_owner)
        }
        return sum(overlap_area(b, ob) for _, ob in seen)

    token_owner = -(10**9)
    for box in tokens:
        add(token_owner, box)
    for ident, box in markers:
        add(ident, box)
    out: dict[int, Box] = {}
    for n in sorted(names, key=lambda n: (-n.priority, n.ident)):
        options = name_options(n)
        if n.keep:  # a capital may stand off its city (the board draws a line to it)
            for farther in (n.h, 2 * n.h):
                options += name_options(Name(n.ident, n.x, n.y, n.w, n.h, n.gap + farther))
        chosen = next((b for b in options if not clashes(n.ident, b)), None)
        if chosen is None and n.keep:
            chosen = min(
                options,
                key=lambda b: (
                    sum(overlap_area(b, t) for t in tokens),
                    crowding(n.ident, b),
                    options.index(b),
                ),
            )
        if chosen is not None:
            out[n.ident] = chosen
            add(-1 - n.ident, chosen)  # a name blocks everyone, its own city included
    return out


# -- tooltips ---------------------------------------------------------------------------------


def place_tooltip(
    w: int, h: int, x: float, y: float, screen: tuple[int, int], avoid: Sequence[Box] = ()
) -> Box:
    """Where a w x h tooltip for the pointer at (x, y) goes: beside the pointer, on screen,
    never under the pointer, and off ``avoid`` (the lit cities a player is about to tap)
    where any place allows; otherwise wherever it covers least of them."""
    sw, sh = screen
    px, py = int(x), int(y)
    # The city under the pointer is the one being explained: the tooltip keeps off the pointer
    # itself, and off the others.
    avoid = [a for a in avoid if not a.contains(x, y)]
    places = [
        (px + 16, py + 18),  # below right, where a tooltip is expected
        (px - 16 - w, py + 18),
        (px + 16, py - 12 - h),
        (px - 16 - w, py - 12 - h),
        (px + 28, py - h // 2),
        (px - 28 - w, py - h // 2),
    ]
    # Farther off, for a pointer in the middle of a crowd of lit cities.
    for reach in (60, 110, 170):
        places += [(px - w // 2, py + reach), (px - w // 2, py - reach - h),
                   (px + reach, py - h // 2), (px - reach - w, py - h // 2)]  # fmt: skip
    best: tuple[int, int, Box] | None = None
    for rank, (bx, by) in enumerate(places):
        box = Box(min(max(4, bx), sw - w - 4), min(max(4, by), sh - h - 4), w, h)
        if box.contains(x, y):
            continue
        covered = sum(overlap_area(box, a) for a in avoid)
        if covered == 0:
            return box
        if best is None or (covered, rank) < best[:2]:
            best = (covered, rank, box)
    if best is not None:
        return best[2]
    return Box(min(max(4, px + 16), sw - w - 4), min(max(4, py + 18), sh - h - 4), w, h)


# -- panels -----------------------------------------------------------------------------------


def quiet_corner(
    w: int, h: int, area: Box, points: Iterable[Point], margin: int = 10,
    keep_clear: Sequence[Box] = (),
) -> Box:  # fmt: skip
    """The corner of ``area`` where a w x h panel covers fewest of ``points`` (the cities a
    player may want to tap), clear of ``keep_clear`` (buttons) where possible; bottom left
    first, where the panel used to be, when corners tie."""
    pts = list(points)
    corners = [
        Box(area.x + margin, area.bottom - margin - h, w, h),
        Box(area.x + margin, area.y + margin, w, h),
        Box(area.right - margin - w, area.y + margin, w, h),
        Box(area.right - margin - w, area.bottom - margin - h, w, h),
    ]

    def cost(box: Box) -> tuple[int, int]:
        grown = Box(box.x - 12, box.y - 12, box.w + 24, box.h + 24)
        blocked = sum(1 for b in keep_clear if overlaps(grown, b))
        return (blocked, sum(1 for x, y in pts if grown.contains(x, y)))

    return min(corners, key=lambda b: (cost(b), corners.index(b)))
