"""General tokens, tower stacks, dice and coins: small pure drawings, cached by appearance.

A kingdom is told apart by colour AND by shape and letter (colour-blind safe).
"""

from __future__ import annotations

import math
from functools import cache

import pygame

from game import default_map
from web.ui import theme

# One shape per kingdom, in R1.1 order.
SHAPES = ("hexagon", "triangle", "circle", "square", "diamond", "pentagon")


def kingdom_color(k: int) -> tuple[int, int, int]:
    # Every map has the same six kingdoms, colours and letters included (tests/test_maps.py),
    # so the current map's tell them for a game on any map.
    if k < 0:
        return theme.NEUTRAL
    return theme.hex_color(default_map().kingdoms[k].color)


def swatch(surface: pygame.Surface, k: int, rect: tuple[int, int, int, int] | pygame.Rect,
           radius: int = 0, ground: tuple[int, int, int] = theme.PANEL) -> None:  # fmt: skip
    """A kingdom's colour as a small mark (a trophy, a log chip, a legend) on a panel: with a
    light rim when its colour would vanish into the panel (the Sarmatians' near-black)."""
    color = kingdom_color(k)
    pygame.draw.rect(surface, color, rect, border_radius=radius)
    edge = theme.rim(color, ground)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, 1, border_radius=radius)


def kingdom_letter(k: int) -> str:
    return default_map().kingdoms[k].letter if k >= 0 else "?"


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if shape == "square":
        r *= 0.88
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    sides = {"triangle": 3, "diamond": 4, "pentagon": 5, "hexagon": 6}.get(shape, 24)
    start = -math.pi / 2
    if shape == "triangle":
        r *= 1.2
        cy += r * 0.18
    return [
        (cx + r * math.cos(start + 2 * math.pi * i / sides),
         cy + r * math.sin(start + 2 * math.pi * i / sides))
        for i in range(sides)
    ]  # fmt: skip


@cache
def token(kingdom: int, level: int, size: int, faded: bool = False) -> pygame.Surface:
    """A general: the kingdom's shape in its colour, its letter, and a level badge."""
    pad = 6
    surf = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    c = size / 2 + pad
    r = size / 2
    color = kingdom_color(kingdom)
    if faded:
        color = theme.blend(color, (128, 128, 128), 0.55)
    pts = shape_points(SHAPES[kingdom], c, c, r)
    shadow = [(x + 1.5, y + 2) for x, y in pts]
    pygame.draw.polygon(surf, (0, 0, 0, 110), shadow)
    pygame.draw.polygon(surf, color, pts)
    pygame.draw.polygon(surf, (250, 248, 240), pts, width=2)
    ink = (255, 255, 255) if sum(color) < 420 else (20, 20, 20)
    letter = theme.text(kingdom_letter(kingdom), max(10, int(size * 0.5)), ink, "bold")
    surf.blit(letter, letter.get_rect(center=(c, c + 1)))
    if level <= 0:
        return surf
    # level badge, bottom right
    draw_badge(surf, level, c + r * 0.72, c + r * 0.72, size)
    return surf


def draw_badge(surface: pygame.Surface, level: int, x: float, y: float, size: int) -> None:
    """A general's level: a gold disc with the number, for a token ``size`` across."""
    br = max(6, size // 4)
    bx, by = int(x), int(y)
    pygame.draw.circle(surface, (24, 24, 28), (bx, by), br + 1)
    pygame.draw.circle(surface, theme.GOLD, (bx, by), br)
    num = theme.text(str(level), max(9, int(br * 1.5)), (20, 20, 20), "bold")
    surface.blit(num, num.get_rect(center=(bx, by + 1)))


def badge_reach(size: int) -> int:
    """How far right of a token's centre its level badge reaches on the time track's row."""
    return size // 2 + 1 + 2 * (max(6, size // 4) + 1)


def track_badge_center(x: float, y: float, size: int) -> tuple[float, float]:
    """Where a token on the time track's row has its level: right of the token, clear of its
    letter (on the token's corner it hid the letter at this size), a little low."""
    return (x + size / 2 + 1 + max(6, size // 4) + 1, y + 3)


def draw_token(
    surface: pygame.Surface, kingdom: int, level: int, x: float, y: float, size: int,
    faded: bool = False, own: bool = False,
) -> pygame.Rect:  # fmt: skip
    """A general; ``own`` marks the viewer's own generals (halo and star)."""
    if own:
        draw_own_halo(surface, x, y, size)
    img = token(kingdom, level, size, faded)
    rect = img.get_rect(center=(int(x), int(y)))
    surface.blit(img, rect)
    if own:
        draw_own_star(surface, x, y, size)
    return rect


@cache
def _halo(size: int) -> pygame.Surface:
    r = int(size * 0.8)
    surf = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    c = (r + 2, r + 2)
    pygame.draw.circle(surf, (255, 255, 255, 120), c, r)
    pygame.draw.circle(surf, (20, 20, 20, 230), c, r, 2)
    return surf


@cache
def _star(size: int) -> pygame.Surface:
    br = max(6, size // 4)
    surf = pygame.Surface((2 * br + 4, 2 * br + 4), pygame.SRCALPHA)
    c = (br + 2, br + 2)
    pygame.draw.circle(surf, (24, 24, 28), c, br + 1)
    pygame.draw.circle(surf, (250, 248, 240), c, br, 1)
    star = theme.text("★", max(9, int(br * 1.6)), theme.GOLD, "bold")
    surf.blit(star, star.get_rect(center=(c[0], c[1] + 1)))
    return surf


def draw_own_halo(surface: pygame.Surface, x: float, y: float, size: int) -> None:
    """A light disc with a dark rim behind a token of the player's own kingdom: it stands out
    on land and sea whatever the kingdom's colour."""
    img = _halo(size)
    surface.blit(img, img.get_rect(center=(int(x), int(y))))


def draw_own_star(surface: pygame.Surface, x: float, y: float, size: int) -> None:
    """A gold star on the token's top-left corner (the level badge is bottom-right): "yours"."""
    img = _star(size)
    off = size / 2 * 0.72
    surface.blit(img, img.get_rect(center=(int(x - off), int(y - off))))


def tower_size(floors: int, scale: float = 1.0) -> tuple[int, int]:
    """The width and height ``draw_tower`` covers above its anchor, battlements included."""
    return (int(14 * scale), max(4, int(5 * scale)) * floors + 3)


def draw_tower(
    surface: pygame.Surface, owners: list[int], x: float, y: float, scale: float = 1.0
) -> pygame.Rect:
    """A stack of floors from the bottom up, each in its owner's kingdom colour."""
    w = int(14 * scale)
    h = max(4, int(5 * scale))
    top = int(y) - h * len(owners)
    rect = pygame.Rect(int(x) - w // 2, top, w, h * len(owners))
    for i, k in enumerate(owners):
        fy = int(y) - h * (i + 1)
        r = pygame.Rect(int(x) - w // 2, fy, w, h)
        pygame.draw.rect(surface, kingdom_color(k), r)
        pygame.draw.rect(surface, (30, 26, 20), r, width=1)
    if owners:  # battlements
        for j in range(3):
            bx = int(x) - w // 2 + j * (w // 2) - (1 if j == 2 else 0)
            pygame.draw.rect(surface, (30, 26, 20), (bx, top - 3, max(2, w // 5), 3))
    return rect


PIPS = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}  # fmt: skip


def draw_die(
    surface: pygame.Surface, rect: pygame.Rect, value: int, selected: bool = False,
    used: bool = False, color: tuple[int, int, int] = (246, 240, 226),
) -> None:  # fmt: skip
    fill = theme.blend(color, (90, 90, 90), 0.6) if used else color
    pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=10)
    pygame.draw.rect(surface, fill, rect, border_radius=10)
    edge = theme.GOLD if selected else (80, 70, 56)
    pygame.draw.rect(surface, edge, rect, width=4 if selected else 2, border_radius=10)
    step = rect.w * 0.26
    pr = max(3, rect.w // 11)
    for dx, dy in PIPS.get(value, []):
        pygame.draw.circle(
            surface, (30, 26, 22), (rect.centerx + dx * step, rect.centery + dy * step), pr
        )
    if value == 0:
        img = theme.text("0", rect.h // 2, (30, 26, 22), "bold")
        surface.blit(img, img.get_rect(center=rect.center))


def draw_coin(
    surface: pygame.Surface, x: float, y: float, value: int | str, r: int = 14,
    played: bool = False,
) -> None:  # fmt: skip
    fill = (120, 110, 90) if played else (214, 170, 64)
    pygame.draw.circle(surface, (40, 30, 10), (int(x) + 1, int(y) + 2), r)
    pygame.draw.circle(surface, fill, (int(x), int(y)), r)
    pygame.draw.circle(surface, (250, 226, 140) if not played else (150, 140, 120),
                       (int(x), int(y)), r, width=2)  # fmt: skip
    img = theme.text(str(value), int(r * 1.2), (40, 28, 8), "bold")
    surface.blit(img, img.get_rect(center=(int(x), int(y) + 1)))


def draw_ship(
    surface: pygame.Surface, x: float, y: float, s: float, color: tuple[int, ...]
) -> None:
    hull = [(x - 8 * s, y), (x + 8 * s, y), (x + 5 * s, y + 4 * s), (x - 5 * s, y + 4 * s)]
    pygame.draw.polygon(surface, color, hull)
    pygame.draw.line(surface, color, (x, y), (x, y - 10 * s), max(1, int(s)))
    sail = [(x + 1 * s, y - 10 * s), (x + 7 * s, y - 3 * s), (x + 1 * s, y - 2 * s)]
    pygame.draw.polygon(surface, color, sail)
