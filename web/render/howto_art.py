"""The pictures of the How-to-play pages, drawn with the game's own pieces (tokens, towers,
dice, coins, cards) so that what a newcomer learns here looks exactly like the board.

Pure drawing into a box; ``t`` (seconds) only makes lit things pulse.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game import default_map, is_winter
from web.render.hud import SEASON_SIGNS
from web.render.tokens import (
    draw_coin,
    draw_die,
    draw_ship,
    draw_token,
    draw_tower,
    kingdom_color,
)
from web.text import describe, i18n
from web.ui import theme
from web.ui.layout import Box
from web.ui.widgets import label, text_in

YOU, ENEMY, OTHER = 2, 3, 4  # Greeks, Romans, Carthaginians: the cast of the pictures
# The battle page's sums, the winner's first: (battle die, level, coin, tower bonus).
BATTLE = ((2, 2, 2, 0), (2, 1, 1, 1))
INK = theme.INK
SEA = theme.SEA


def draw_page(surface: pygame.Surface, box: Box, page: str, t: float = 0.0) -> None:
    rect = pygame.Rect(box.tuple())
    pygame.draw.rect(surface, theme.PAPER_DARK, rect, border_radius=14)
    pygame.draw.rect(surface, theme.COAST, rect, width=2, border_radius=14)
    clip = surface.get_clip()
    surface.set_clip(rect)
    PAGES.get(page, _nothing)(surface, box, t)
    surface.set_clip(clip)


def _nothing(surface: pygame.Surface, box: Box, t: float) -> None:
    pass


# -- small helpers ---------------------------------------------------------------------------
def arrow(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
          color: tuple[int, int, int] = INK, width: int = 4) -> None:  # fmt: skip
    pygame.draw.line(surface, color, a, b, width)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    head = [
        b,
        (b[0] - 16 * math.cos(ang - 0.45), b[1] - 16 * math.sin(ang - 0.45)),
        (b[0] - 16 * math.cos(ang + 0.45), b[1] - 16 * math.sin(ang + 0.45)),
    ]
    pygame.draw.polygon(surface, color, head)


def die(surface: pygame.Surface, cx: float, cy: float, value: int, size: int = 52,
        selected: bool = False) -> None:  # fmt: skip
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (int(cx), int(cy))
    draw_die(surface, rect, value, selected=selected)


def caption(surface: pygame.Surface, text: str, x: float, y: float, size: int = 17,
            anchor: str = "midtop", color: tuple[int, int, int] = INK) -> None:  # fmt: skip
    label(surface, text, x, y, size, color, "bold", anchor)


def lit(surface: pygame.Surface, x: float, y: float, cost: str, t: float) -> None:
    """A lit city with its cost, as the board draws it."""
    r = 15 + 3 * (0.5 + 0.5 * math.sin(t * 5))
    pygame.draw.circle(surface, (20, 20, 20), (x, y), r + 2, 2)
    pygame.draw.circle(surface, theme.HIGHLIGHT, (x, y), r, 4)
    if cost:
        img = theme.text(cost, 17, (20, 20, 20), "bold")
        pygame.draw.circle(surface, (20, 20, 20), (x, y), 12)
        pygame.draw.circle(surface, theme.HIGHLIGHT, (x, y), 11)
        surface.blit(img, img.get_rect(center=(int(x), int(y) + 1)))


def city(surface: pygame.Surface, x: float, y: float, k: int, capital: bool = False) -> None:
    color = kingdom_color(k)
    if capital:
        rect = pygame.Rect(0, 0, 22, 22)
        rect.center = (int(x), int(y))
        pygame.draw.rect(surface, (30, 26, 20), rect.inflate(4, 4), border_radius=3)
        pygame.draw.rect(surface, color, rect, border_radius=3)
    else:
        pygame.draw.circle(surface, (30, 26, 20), (x, y), 10)
        pygame.draw.circle(surface, theme.blend(color, (255, 255, 255), 0.25), (x, y), 9)


def general(surface: pygame.Surface, x: float, y: float, k: int, level: int, size: int = 40,
            own: bool = False) -> None:  # fmt: skip
    draw_token(surface, k, level, x, y, size, own=own)


def card(surface: pygame.Surface, box: Box, text: str, points: str, special: bool) -> None:
    rect = pygame.Rect(box.tuple())
    pygame.draw.rect(surface, (232, 206, 150) if special else (236, 222, 186), rect,
                     border_radius=8)  # fmt: skip
    pygame.draw.rect(surface, theme.GOLD if special else theme.COAST, rect, 3, border_radius=8)
    y = box.y + 10
    for line in theme.wrap(text, 16, box.w - 20)[:5]:
        label(surface, line, box.x + 10, y, 16, INK)
        y += 20
    label(surface, points, box.right - 10, box.bottom - 8, 17, (120, 60, 20), "bold",
          "bottomright")  # fmt: skip


# -- the pages -------------------------------------------------------------------------------
def goal(surface: pygame.Surface, box: Box, t: float) -> None:
    x0, y0 = box.x, box.y
    # an enemy tower losing a floor to your general
    tx, ty = x0 + 170, y0 + 330
    draw_tower(surface, [ENEMY, ENEMY], tx, ty, 5.5)
    floor = pygame.Rect(0, 0, 77, 27)
    floor.center = (tx + 6, int(y0 + 200 + 8 * math.sin(t * 3)))
    pygame.draw.rect(surface, kingdom_color(ENEMY), floor)
    pygame.draw.rect(surface, (30, 26, 20), floor, 2)
    general(surface, x0 + 78, y0 + 300, YOU, 2, 60, own=True)
    arrow(surface, (x0 + 225, y0 + 190), (x0 + 320, y0 + 150))
    # the trophy and the points
    pygame.draw.rect(surface, kingdom_color(ENEMY), (x0 + 326, y0 + 100, 40, 15))
    pygame.draw.rect(surface, (30, 26, 20), (x0 + 326, y0 + 100, 40, 15), 2)
    caption(surface, "+1", x0 + 346, y0 + 120, 24)
    cx, cy = x0 + 465, y0 + 140
    pygame.draw.circle(surface, (30, 26, 20), (cx, cy), 62)
    pygame.draw.circle(surface, theme.GOLD, (cx, cy), 58)
    img = theme.text("7", 64, INK, "serif")
    surface.blit(img, img.get_rect(center=(cx, cy - 4)))
    caption(surface, i18n.t("score"), cx, cy + 66, 18)
    # a quest card, of the map new games are played on
    board = default_map()
    first = next(c for c, spec in enumerate(board.cards) if spec.type == "destroy_floor")
    card(surface, Box(x0 + 290, y0 + 270, 230, 110), describe.card_text(board, first),
         i18n.t("q_points", n=1), False)  # fmt: skip
    arrow(surface, (x0 + 420, y0 + 266), (x0 + 450, y0 + 232), INK, 3)
    # sixteen seasons at most
    y = y0 + 440
    for i in range(16):
        r = pygame.Rect(x0 + 30 + i * 31 + (i // 4) * 6, y, 28, 28)
        winter = is_winter(i)
        fill = theme.blend(theme.WINTER, theme.PANEL, 0.55) if winter else theme.PANEL_LIGHT
        pygame.draw.rect(surface, fill, r, border_radius=4)
        if winter:
            img = theme.text("❄", 15, (225, 240, 255))
            surface.blit(img, img.get_rect(center=r.center))
    label(surface, i18n.t("bc", year=264), x0 + 30, y - 22, 15, INK, "bold")
    label(surface, i18n.t("bc", year=261), x0 + 30 + 15 * 31 + 18 + 28, y - 22, 15, INK, "bold",
          "topright")  # fmt: skip


ICON_R = 16  # the "?" and ☰ drawn on the picture of the screen


def screen_icons(top: Box) -> list[tuple[int, int]]:
    """The centres of the "?" and the ☰ in the picture's top bar, right to left."""
    return [(top.right - 22 - i * 40, top.center[1]) for i in range(2)]


def screen(surface: pygame.Surface, box: Box, t: float) -> None:
    x0, y0, w, h = box.x + 20, box.y + 20, box.w - 40, box.h - 40
    top = pygame.Rect(x0, y0, w, 58)
    side = pygame.Rect(x0 + w - 150, y0 + 62, 150, h - 62)
    tray = pygame.Rect(x0, y0 + h - 70, w - 154, 70)
    board = pygame.Rect(x0, y0 + 62, w - 154, h - 62 - 74)
    for rect in (top, side, tray):
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=8)
    pygame.draw.rect(surface, SEA, board, border_radius=8)
    pygame.draw.ellipse(surface, theme.LAND, board.inflate(-120, -90).move(-30, 10))
    pygame.draw.ellipse(surface, theme.LAND, (board.right - 130, board.y + 20, 150, 110))
    for i in range(16):  # the time track
        r = pygame.Rect(top.x + 8 + i * 19, top.y + 8, 17, 18)
        fill = theme.blend(theme.WINTER, theme.PANEL, 0.55) if is_winter(i) else theme.PANEL_LIGHT
        pygame.draw.rect(surface, fill, r, border_radius=3)
    draw_token(surface, ENEMY, 1, top.x + 8 + 3 * 19 + 8, top.y + 42, 18)
    icons = screen_icons(Box(*top))
    # The track's name between the track and the icons: «Шкала времени» ran under the ☰.
    left = top.x + 322
    room = Box(left, top.y + 4, icons[-1][0] - ICON_R - 8 - left, top.h - 8)
    text_in(surface, i18n.t("time_track"), room, 15, theme.GOLD, "bold", "left", lines=2,
            valign="top")  # fmt: skip
    for icon, c in zip(("?", "☰"), icons, strict=True):
        pygame.draw.circle(surface, theme.PANEL_LIGHT, c, ICON_R)
        pygame.draw.circle(surface, theme.GOLD, c, ICON_R, 2)
        img = theme.text(icon, 17, theme.GOLD, "bold")
        surface.blit(img, img.get_rect(center=(c[0], c[1] + 1)))
    draw_token(surface, YOU, 1, board.x + 150, board.y + 90, 30)
    draw_token(surface, ENEMY, 2, board.x + 250, board.y + 140, 30)
    lit(surface, board.x + 200, board.y + 60, "2", t)
    for i, sign in enumerate(("+", "−")):
        r = pygame.Rect(board.right - 34, board.bottom - 70 + i * 32, 28, 28)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, r, border_radius=5)
        img = theme.text(sign, 18, theme.TEXT, "bold")
        surface.blit(img, img.get_rect(center=r.center))
    caption(surface, i18n.t("howto_map"), board.centerx - 30, board.centery + 40, 20,
            color=INK)  # fmt: skip
    label(surface, i18n.t("players"), side.x + 10, side.y + 8, 14, theme.TEXT_DIM, "bold")
    for i in range(4):
        row = pygame.Rect(side.x + 8, side.y + 30 + i * 32, side.w - 16, 28)
        pygame.draw.rect(surface, theme.blend(kingdom_color(i + 1), theme.PANEL, 0.7), row,
                         border_radius=5)  # fmt: skip
        draw_token(surface, i + 1, 0, row.x + 14, row.centery, 18)
    label(surface, i18n.t("log"), side.x + 10, side.y + 166, 14, theme.TEXT_DIM, "bold")
    for i in range(5):
        pygame.draw.rect(surface, theme.PANEL_LIGHT, (side.x + 10, side.y + 190 + i * 16, 110, 8))
    for i, v in enumerate((2, 3, 5, 6)):
        die(surface, tray.x + 36 + i * 52, tray.centery, v, 42)
    end = pygame.Rect(tray.right - 130, tray.y + 14, 118, 42)
    pygame.draw.rect(surface, (142, 96, 40), end, border_radius=6)
    pygame.draw.rect(surface, theme.GOLD, end, 2, border_radius=6)
    text_in(surface, i18n.t("end_turn"), Box(*end.inflate(-8, -4)), 15, theme.TEXT, "bold",
            lines=2)  # fmt: skip


def turn(surface: pygame.Surface, box: Box, t: float) -> None:
    y0 = box.y
    cx = box.center[0]
    values = (2, 3, 5, 1)
    for i, v in enumerate(values):
        die(surface, cx - 135 + i * 90, y0 + 70, v, 64, selected=i == 2)
    caption(surface, "4 ×", cx - 215, y0 + 56, 22)
    arrow(surface, (cx + 45, y0 + 110), (cx + 45, y0 + 170))
    general(surface, cx + 45, y0 + 205, YOU, 1, 48, own=True)
    pygame.draw.circle(surface, theme.HIGHLIGHT, (cx + 45, y0 + 205), 32, 4)
    # the trade: three dice for a six
    y = y0 + 330
    for i, v in enumerate((1, 1, 2)):
        die(surface, cx - 190 + i * 58, y, v, 48)
    arrow(surface, (cx - 30, y), (cx + 40, y))
    die(surface, cx + 90, y, 6, 56, selected=True)
    caption(surface, i18n.t("trade"), cx - 40, y + 40, 18)


def move(surface: pygame.Surface, box: Box, t: float) -> None:
    x0, y0 = box.x, box.y
    pygame.draw.ellipse(surface, SEA, (x0 + 290, y0 + 20, 190, 290))
    nodes = {
        "a": (x0 + 100, y0 + 200),
        "b": (x0 + 190, y0 + 120),
        "c": (x0 + 260, y0 + 250),
        "d": (x0 + 190, y0 + 290),
        "ship": (x0 + 385, y0 + 140),
        "e": (x0 + 515, y0 + 120),
    }
    for a, b in (("a", "b"), ("a", "d"), ("d", "c")):
        pygame.draw.line(surface, theme.LAND_ROUTE, nodes[a], nodes[b], 4)
    for a, b in (("b", "ship"), ("ship", "e")):
        _dashes(surface, nodes[a], nodes[b])
    draw_ship(surface, *nodes["ship"], 2.0, (236, 240, 244))
    for name in ("a", "b", "c", "d", "e"):
        city(surface, *nodes[name], YOU if name != "e" else OTHER, capital=name == "a")
    for name, cost in (("b", "1"), ("c", "2"), ("d", "1"), ("e", "3")):
        lit(surface, *nodes[name], cost, t)
    ax, ay = nodes["a"]
    general(surface, ax, ay - 24, YOU, 1, 40, own=True)
    pygame.draw.circle(surface, theme.HIGHLIGHT, (ax, ay - 24), 28, 4)
    die(surface, x0 + 60, y0 + 60, 3, 54, selected=True)
    # winter
    wbox = pygame.Rect(x0 + 40, y0 + 330, box.w - 80, 100)
    pygame.draw.rect(surface, theme.blend(theme.WINTER, theme.PAPER, 0.45), wbox, border_radius=10)
    caption(surface, "❄", wbox.x + 40, wbox.centery, 40, "center", (40, 80, 120))
    sx = wbox.x + 110
    _dashes(surface, (sx, wbox.y + 34), (sx + 90, wbox.y + 34), SEA)
    pygame.draw.line(surface, theme.RED, (sx + 30, wbox.y + 22), (sx + 60, wbox.y + 46), 5)
    pygame.draw.line(surface, theme.RED, (sx + 60, wbox.y + 22), (sx + 30, wbox.y + 46), 5)
    pygame.draw.line(surface, theme.LAND_ROUTE, (sx + 150, wbox.y + 34), (sx + 240, wbox.y + 34), 4)
    caption(surface, "× 2", sx + 290, wbox.y + 20, 24)
    caption(surface, i18n.t("season_3"), wbox.centerx + 20, wbox.bottom - 34, 18)


def _dashes(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
            color: tuple[int, int, int] = theme.SEA_ROUTE) -> None:  # fmt: skip
    dx, dy = b[0] - a[0], b[1] - a[1]
    steps = max(2, int(math.hypot(dx, dy) / 10))
    for i in range(0, steps, 2):
        t0, t1 = i / steps, (i + 1) / steps
        pygame.draw.line(surface, color, (a[0] + dx * t0, a[1] + dy * t0),
                         (a[0] + dx * t1, a[1] + dy * t1), 3)  # fmt: skip


def battle(surface: pygame.Surface, box: Box, t: float) -> None:
    x0, y0 = box.x, box.y
    cx = box.center[0]
    y0 += 30
    left, right = cx - 140, cx + 140
    general(surface, left, y0 + 80, YOU, 2, 64, own=True)
    draw_tower(surface, [ENEMY] * 2, right + 52, y0 + 104, 2.0)
    general(surface, right, y0 + 80, ENEMY, 1, 64)
    for sign in (-1, 1):
        pygame.draw.line(surface, (20, 20, 20), (cx - 26, y0 + 80 - 26 * sign),
                         (cx + 26, y0 + 80 + 26 * sign), 9)  # fmt: skip
        pygame.draw.line(surface, theme.RED, (cx - 26, y0 + 80 - 26 * sign),
                         (cx + 26, y0 + 80 + 26 * sign), 5)  # fmt: skip
    # The attacker must come out stronger: a tie is no win, both sides roll again (R7.2, R8.2).
    for x, dv, lv, coin, tower in ((left, *BATTLE[0]), (right, *BATTLE[1])):
        die(surface, x - 50, y0 + 170, dv, 46)
        draw_coin(surface, x + 40, y0 + 170, coin, 20)
        parts = f"{dv} + {lv} + {coin}" + (" + 1" if tower else "")
        caption(surface, f"{parts} = {dv + lv + coin + tower}", x, y0 + 205, 22)
    caption(surface, i18n.t("wins", name="").strip() + " ✓", left, y0 + 238, 18, "midtop",
            theme.GREEN)  # fmt: skip
    # the battle die and the coins
    y = y0 + 320
    for i, v in enumerate((0, 0, 1, 1, 1, 2)):
        die(surface, x0 + 60 + i * 50, y, v, 40)
    caption(surface, i18n.t("die"), x0 + 185, y + 28, 16)
    for i, v in enumerate((0, 1, 1, 2, 3)):
        draw_coin(surface, x0 + 380 + i * 34, y, v, 15)
    caption(surface, i18n.t("coin"), x0 + 448, y + 28, 16)


def towers(surface: pygame.Surface, box: Box, t: float) -> None:
    x0, y0 = box.x, box.y
    rows = [("destroy", 5), ("return", 6), ("train", 5)]
    for i, (name, value) in enumerate(rows):
        y = y0 + 75 + i * 135
        die(surface, x0 + 50, y, value, 50)
        caption(surface, i18n.t(name), x0 + 50, y + 32, 16)
        if name == "destroy":
            draw_tower(surface, [ENEMY] * 2, x0 + 190, y + 30, 2.4)
            general(surface, x0 + 150, y + 10, YOU, 2, 40, own=True)
            floor = pygame.Rect(x0 + 250, y - 30 + int(6 * math.sin(t * 3)), 34, 12)
            pygame.draw.rect(surface, kingdom_color(ENEMY), floor)
            pygame.draw.rect(surface, (30, 26, 20), floor, 2)
            arrow(surface, (x0 + 300, y - 24), (x0 + 370, y - 24), INK, 3)
            caption(surface, "+1", x0 + 400, y - 40, 22)
            arrow(surface, (x0 + 200, y + 40), (x0 + 310, y + 40), INK, 3)
            slot = pygame.Rect(x0 + 322, y + 18, 40, 26)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, slot, border_radius=5)
            img = theme.text(SEASON_SIGNS[2], 16, theme.TEXT, "bold")  # as the track shows it
            surface.blit(img, img.get_rect(center=slot.center))
            draw_token(surface, YOU, 2, x0 + 342, y + 60, 26)
        elif name == "return":
            slot = pygame.Rect(x0 + 130, y - 34, 46, 30)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, slot, border_radius=5)
            pygame.draw.rect(surface, theme.GOLD, slot, 3, border_radius=5)
            img = theme.text(SEASON_SIGNS[1], 17, theme.TEXT, "bold")
            surface.blit(img, img.get_rect(center=slot.center))
            general(surface, x0 + 153, y + 20, YOU, 2, 34, own=True)
            arrow(surface, (x0 + 185, y + 20), (x0 + 330, y + 20))
            draw_tower(surface, [YOU] * 3, x0 + 390, y + 40, 2.4)
            general(surface, x0 + 360, y + 6, YOU, 2, 34, own=True)
        else:
            city(surface, x0 + 200, y + 30, YOU, capital=True)
            draw_tower(surface, [YOU] * 3, x0 + 232, y + 36, 2.0)
            general(surface, x0 + 196, y + 2, YOU, 1, 40, own=True)
            arrow(surface, (x0 + 260, y + 4), (x0 + 340, y + 4))
            general(surface, x0 + 380, y + 2, YOU, 2, 48, own=True)


def quests(surface: pygame.Surface, box: Box, t: float) -> None:
    board = default_map()  # the cards of the map new games are played on
    picks = []
    for kind in ("destroy_floor", "build_island", "defeat_level4"):
        found = next(c for c, spec in enumerate(board.cards) if spec.type == kind)
        picks.append(found)
    w = (box.w - 4 * 20) // 3
    for i, c in enumerate(picks):
        spec = board.cards[c]
        cbox = Box(box.x + 20 + i * (w + 20), box.y + 70 + (i % 2) * 24, w, 190)
        card(surface, cbox, describe.card_text(board, c), i18n.t("q_points", n=spec.points),
             spec.deck == 1)  # fmt: skip
    caption(surface, i18n.t("deck_name_0"), box.x + 20 + w // 2, box.y + 30, 18)
    caption(surface, i18n.t("deck_name_1"), box.x + 40 + w + w, box.y + 30, 18)
    # the first floor of each enemy
    y = box.y + 360
    for i, k in enumerate((ENEMY, OTHER, 0)):
        x = box.x + 110 + i * 170
        draw_tower(surface, [k] * 2, x, y + 50, 4.0)
        pygame.draw.rect(surface, kingdom_color(k), (x + 34, y - 6, 40, 15))
        pygame.draw.rect(surface, (30, 26, 20), (x + 34, y - 6, 40, 15), 2)
        caption(surface, "+1", x + 54, y + 16, 22)


PAGES: dict[str, Callable[[pygame.Surface, Box, float], None]] = {
    "goal": goal,
    "screen": screen,
    "turn": turn,
    "move": move,
    "battle": battle,
    "towers": towers,
    "quests": quests,
}
