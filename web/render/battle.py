"""The battle's two pictures: before the roll, what each side is known to bring (``Matchup``:
level, tower +1, the coins still unplayed, and whether the battle is decided before the roll,
R8.3); after it, strength = die + level + tower + coin for each side (R7.2, R8.1).

The result shows ``state.last_battle`` (public once rolled). Dice tumble first, then settle on
the rolled faces; with reduced motion they show the result at once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from game import PlayerView
from web.render.tokens import draw_coin, draw_die, draw_own_star, draw_token
from web.text import i18n
from web.ui import theme
from web.ui.layout import Box, MatchLayout, centered
from web.ui.widgets import label, panel, text_in

SIZE = (560, 340)
CONTINUE_H = 48  # the Continue button under a held result (a finger wide)
BOX = centered(*SIZE, MatchLayout().map)  # where the result goes when nothing else says


@dataclass(frozen=True)
class Side:
    general: int
    level: int
    tower: int  # +1 for a defender in a city with a tower (R7.2)
    coins: tuple[int, ...] | None  # unplayed coin values; None without the coin patch
    committed: bool = False  # has already (secretly) committed this roll's coin


@dataclass(frozen=True)
class Matchup:
    """A battle before its roll, as the public view knows it."""

    city: int
    attacker: Side
    defender: Side
    dice: tuple[int, int]  # the lowest and highest face of a battle die (R8.3)
    decided: int = -1  # the general sure to win whatever is played (R8.3), or -1
    viewer_side: int = -1  # 0 attacker, 1 defender, -1 neither

    def known(self, side: Side) -> tuple[int, int]:
        """Strength before the dice: from the weakest to the strongest coin it could play."""
        base = side.level + side.tower
        if not side.coins:
            return base, base
        return base + min(side.coins), base + max(side.coins)


# The matchup's rows: (text size, face) of the role, the name, the level, the coins, the
# strength before the dice; their heights follow the size the screen draws them at.
ROWS = ((12, "sans"), (16, "bold"), (15, "sans"), (13, "sans"), (15, "bold"))
NOTE_SIZE = 14


def _row_heights() -> list[int]:
    heights = [theme.line_height(size, face) + 2 for size, face in ROWS]
    heights[3] = max(heights[3], 26)  # the coins are drawn beside the label
    return heights


def matchup_height() -> int:
    """The matchup's height: the two columns, then the line of what can still change."""
    return sum(_row_heights()) + 6 + 2 * theme.line_height(NOTE_SIZE) + 4


def token_gap(token: int) -> int:
    """px between a side's token column and its names: the level badge reaches past the
    token's edge, more the larger the phone's floor draws it."""
    return 8 + token // 8


def draw_matchup(surface: pygame.Surface, box: Box, view: PlayerView, m: Matchup) -> None:
    """Both sides of the coming battle in two columns, and what the dice and coins can still
    change in a line below."""
    board = view.public.board
    heights = _row_heights()
    half = (box.w - 40) // 2
    token = heights[0] + heights[1] - 4
    for i, side in enumerate((m.attacker, m.defender)):
        x = box.x + i * (half + 40)
        k = side.general >> 2
        cx, cy = x + token // 2, box.y + token // 2 + 2
        draw_token(surface, k, side.level, cx, cy, token - 6)
        if i == m.viewer_side:
            # The star alone marks the viewer's side (its role line says "you" too): the map's
            # halo is 1.6 tokens across and ran over the names beside it and, at the phone's
            # floor, past the prompt's edge.
            draw_own_star(surface, cx, cy, token - 6)
        role = i18n.t("mu_attacker" if i == 0 else "mu_defender")
        if i == m.viewer_side:
            role = i18n.t("mu_you", role=role)
        gap = token_gap(token)
        inner = Box(x + token + gap, box.y, half - token - gap, heights[0])
        text_in(surface, role, inner, ROWS[0][0], theme.TEXT_DIM, ROWS[0][1], "left")
        who = f"{i18n.name(board.generals[side.general])} ({i18n.name(board.kingdoms[k])})"
        if theme.font(theme.ui(ROWS[1][0]), ROWS[1][1]).size(who)[0] > inner.w:
            who = i18n.name(board.generals[side.general])  # the token's letter names the kingdom
        y = box.y + heights[0]
        text_in(surface, who, Box(inner.x, y, inner.w, heights[1]), ROWS[1][0], theme.TEXT,
                ROWS[1][1], "left")  # fmt: skip
        y += heights[1]
        parts = [i18n.t("part_level", n=side.level)]
        if side.tower:
            parts.append(i18n.t("part_tower", n=side.tower))
        text_in(surface, " + ".join(parts), Box(x, y, half, heights[2]), ROWS[2][0], theme.TEXT,
                ROWS[2][1], "left")  # fmt: skip
        y += heights[2]
        _draw_coins(surface, Box(x, y, half, heights[3]), side)
        y += heights[3]
        low, high = m.known(side)
        span = str(low) if low == high else f"{low}–{high}"
        text_in(surface, i18n.t("mu_known", span=span), Box(x, y, half, heights[4]),
                ROWS[4][0], theme.GOLD, ROWS[4][1], "left")  # fmt: skip
    label(surface, "⚔", box.center[0], box.y + sum(heights[:3]), 28, theme.RED, "sans",
          "center")  # fmt: skip
    low, high = m.dice
    if m.decided >= 0:
        text = i18n.t("mu_decided", name=i18n.name(board.generals[m.decided]))
    elif m.attacker.coins is not None:
        text = i18n.t("mu_open_coins", low=low, high=high)
    else:
        text = i18n.t("mu_open", low=low, high=high)
    y = box.y + sum(heights) + 6
    text_in(surface, text, Box(box.x, y, box.w, box.bottom - y), NOTE_SIZE,
            theme.GOLD if m.decided >= 0 else theme.TEXT, "sans", "left", lines=2,
            valign="top")  # fmt: skip


def _draw_coins(surface: pygame.Surface, box: Box, side: Side) -> None:
    if side.coins is None:
        return
    size = ROWS[3][0]
    words = theme.font(theme.ui(size)).size(i18n.t("mu_coins"))[0] + 4
    room = text_in(surface, i18n.t("mu_coins"), Box(box.x, box.y, words, box.h), size,
                   theme.TEXT_DIM, "sans", "left")  # fmt: skip
    r = max(11, box.h // 2 - 2)
    x = room.right + r + 6
    for value in side.coins:
        draw_coin(surface, x, box.center[1], value, r)
        x += 2 * r + 4
    if side.committed:
        x += 4 - r
        note = i18n.t("mu_committed")
        need = theme.font(theme.ui(12)).size(note)[0] + 2
        text_in(surface, note, Box(x, box.y, max(need, box.right - x), box.h), 12,
                theme.TEXT_DIM, "sans", "left")  # fmt: skip


def result_size() -> tuple[int, int]:
    """The result panel: the desktop's 560 x 340, larger with the phone's text floor."""
    grow = max(1.0, theme.ui(14) / 14)
    w = min(MatchLayout().map.w - 20, round(SIZE[0] * grow**0.8))
    h = (12 + theme.line_height(22, "serif") + 4 + 48 + theme.line_height(15, "bold") + 8
         + 4 * (theme.line_height(14) + 2) + 8 + theme.line_height(20, "bold") + 6
         + theme.line_height(20, "bold") + 10 + CONTINUE_H + 12)  # fmt: skip
    return w, max(SIZE[1], h)


def draw_battle(
    surface: pygame.Surface, view: PlayerView, battle: tuple[int, ...], progress: float,
    reduced_motion: bool, patched_dice: bool, tower: int | None = None, box: Box = BOX,
) -> None:  # fmt: skip
    """The rolled battle. ``tower``: the defender's tower bonus at the roll (by default read
    off the view, which still shows it unless the floor has gone since)."""
    state = view.public
    board = state.board
    city, att, dfn, die_a, die_d, coin_a, coin_d, sa, sd, winner = battle[:10]
    panel(surface, box, alpha=240)
    y = box.y + 12
    title_h = theme.line_height(22, "serif") + 4
    text_in(surface, i18n.t("battle", city=i18n.name(board.nodes[city])),
            Box(box.x + 16, y, box.w - 32, title_h), 22, theme.GOLD, "serif")  # fmt: skip
    y += title_h
    settled = reduced_motion or progress > 0.45
    if tower is None:
        tower = 1 if state.floors[city] > 0 else 0
    rows = (i18n.t("die"), i18n.t("level"), i18n.t("tower"), i18n.t("coin"))
    row_h = theme.line_height(14) + 2
    name_h = theme.line_height(15, "bold") + 8
    big_h = theme.line_height(20, "bold") + 6
    quarter = box.w // 4
    for side, (g, die, coin, strength) in enumerate(
        ((att, die_a, coin_a, sa), (dfn, die_d, coin_d, sd))
    ):
        cx = box.x + quarter + side * 2 * quarter
        bonus = tower if side == 1 else 0
        level = strength - die - coin - bonus
        draw_token(surface, g >> 2, level, cx, y + 24, 40)
        ny = y + 48
        text_in(surface, i18n.name(board.generals[g]), Box(cx - quarter + 12, ny,
                                                           2 * quarter - 24, name_h),
                15, theme.TEXT, "bold")  # fmt: skip
        ry = ny + name_h
        shown = (
            die
            if settled
            else random.Random(int(progress * 40) * 7 + side).choice(
                (0, 1, 2) if patched_dice else (1, 2, 3, 4, 5, 6)
            )
        )
        rect = pygame.Rect(0, 0, 46, 46)
        rect.center = (cx - quarter + 40, ry + 2 * row_h)
        draw_die(surface, rect, shown, color=(246, 240, 226) if side == 0 else (232, 226, 246))
        values = (shown, level, bonus, coin)
        text_x = rect.right + 10
        text_w = cx + quarter - 50 - text_x
        for i, (name, value) in enumerate(zip(rows, values, strict=True)):
            if i == 2 and side == 0:  # the tower helps only the defender (R7.2)
                continue
            text_in(surface, f"{name}: {value}", Box(text_x, ry + i * row_h, text_w, row_h), 14,
                    theme.TEXT_DIM, "sans", "left")  # fmt: skip
        sy = ry + 4 * row_h + 8
        if settled:
            draw_coin(surface, cx + quarter - 32, ry + 2 * row_h, coin, 14)
            color = theme.GOLD if g == winner else theme.TEXT
            text_in(surface, f"{i18n.t('strength')} {strength}",
                    Box(cx - quarter + 12, sy, 2 * quarter - 24, big_h), 20, color,
                    "bold")  # fmt: skip
    label(surface, "⚔", box.center[0], y + 24, 34, theme.RED, "sans", "center")
    if settled:
        if winner < 0:
            text = i18n.t("tie")
        else:
            text = i18n.t("wins", name=i18n.name(board.generals[winner]))
        ry = y + 48 + name_h + 4 * row_h + 8 + big_h
        text_in(surface, text, Box(box.x + 16, ry, box.w - 32, big_h), 20, theme.GOLD, "bold")


def continue_box(box: Box) -> Box:
    """The Continue button of a result that stays until dismissed."""
    return Box(box.center[0] - 110, box.bottom - CONTINUE_H - 12, 220, CONTINUE_H)
