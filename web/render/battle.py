"""The battle panel: strength = die + level + tower + coin for each side (R7.2, R8.1).

It shows ``state.last_battle`` (public once rolled). Dice tumble first, then settle on the
rolled faces; with reduced motion they show the result at once.
"""

from __future__ import annotations

import random

import pygame

from game import PlayerView
from web import i18n, theme
from web.layout import MatchLayout, centered
from web.render.tokens import draw_coin, draw_die, draw_token
from web.widgets import label, panel

BOX = centered(560, 300, MatchLayout().map)


def draw_battle(
    surface: pygame.Surface, view: PlayerView, battle: tuple[int, ...], progress: float,
    reduced_motion: bool, patched_dice: bool,
) -> None:  # fmt: skip
    state = view.public
    board = state.board
    city, att, dfn, die_a, die_d, coin_a, coin_d, sa, sd, winner = battle
    panel(surface, BOX, alpha=240)
    label(surface, i18n.t("battle", city=i18n.name(board.nodes[city])), BOX.center[0], BOX.y + 12,
          22, theme.GOLD, "serif", "midtop")  # fmt: skip
    settled = reduced_motion or progress > 0.45
    tower = 1 if state.floors[city] > 0 else 0
    rows = (i18n.t("die"), i18n.t("level"), i18n.t("tower"), i18n.t("coin"))
    for side, (g, die, coin, strength) in enumerate(
        ((att, die_a, coin_a, sa), (dfn, die_d, coin_d, sd))
    ):
        cx = BOX.x + 140 + side * 280
        level = strength - die - coin - (tower if side == 1 else 0)
        draw_token(surface, g >> 2, level, cx, BOX.y + 76, 40)
        label(
            surface, i18n.name(board.generals[g]), cx, BOX.y + 102, 15, theme.TEXT, "bold", "midtop"
        )
        shown = (
            die
            if settled
            else random.Random(int(progress * 40) * 7 + side).choice(
                (0, 1, 2) if patched_dice else (1, 2, 3, 4, 5, 6)
            )
        )
        rect = pygame.Rect(0, 0, 46, 46)
        rect.center = (cx - 60, BOX.y + 160)
        draw_die(surface, rect, shown, color=(246, 240, 226) if side == 0 else (232, 226, 246))
        values = (shown, level, tower if side == 1 else 0, coin)
        y = BOX.y + 128
        for name, value in zip(rows, values, strict=True):
            if name == i18n.t("tower") and side == 0:
                y += 20
                continue
            label(surface, f"{name}: {value}", cx - 24, y, 14, theme.TEXT_DIM)
            y += 20
        if settled:
            draw_coin(surface, cx + 90, BOX.y + 150, coin, 14)
            color = theme.GOLD if g == winner else theme.TEXT
            label(
                surface,
                f"{i18n.t('strength')} {strength}",
                cx,
                BOX.y + 220,
                20,
                color,
                "bold",
                "midtop",
            )
    label(surface, "⚔", BOX.center[0], BOX.y + 80, 34, theme.RED, "sans", "center")
    if settled:
        if winner < 0:
            text = i18n.t("tie")
        else:
            text = i18n.t("wins", name=i18n.name(board.generals[winner]))
        label(surface, text, BOX.center[0], BOX.bottom - 36, 20, theme.GOLD, "bold", "midtop")
