"""Line charts for the game-over screen: score by season, the AI's estimated win chances."""

from __future__ import annotations

import pygame

from web import theme
from web.layout import Box
from web.widgets import label


def line_chart(
    surface: pygame.Surface,
    box: Box,
    title: str,
    series: list[tuple[tuple[int, int, int], list[tuple[float, float]]]],
    x_max: float,
    y_max: float,
    empty_text: str = "",
    percent: bool = False,
) -> None:
    """Each series is (colour, [(x, y), ...]); axes start at 0."""
    rect = pygame.Rect(box.tuple())
    pygame.draw.rect(surface, (30, 33, 41), rect, border_radius=8)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=8)
    label(surface, title, box.x + 12, box.y + 8, 16, theme.TEXT, "bold")
    plot = pygame.Rect(box.x + 44, box.y + 36, box.w - 60, box.h - 62)
    if not percent:
        y_max = max(4, -(-int(y_max) // 4) * 4)  # whole-number ticks
    y_max = max(y_max, 1e-9)
    x_max = max(x_max, 1e-9)
    for i in range(5):
        v = y_max * i / 4
        y = plot.bottom - plot.h * i / 4
        pygame.draw.line(surface, (52, 56, 66), (plot.x, y), (plot.right, y))
        text = f"{round(v * 100)}%" if percent else f"{v:.0f}"
        label(surface, text, plot.x - 6, y, 11, theme.TEXT_DIM, "sans", "midright")
    for year in range(4):
        x = plot.x + plot.w * (year * 4) / x_max
        label(surface, f"{264 - year}", x, plot.bottom + 4, 11, theme.TEXT_DIM)
    if not any(points for _, points in series):
        label(surface, empty_text, rect.centerx, rect.centery, 15, theme.TEXT_DIM, "sans", "center")
        return
    for color, points in series:
        pts = [
            (plot.x + plot.w * min(x, x_max) / x_max, plot.bottom - plot.h * min(y, y_max) / y_max)
            for x, y in points
        ]
        if len(pts) >= 2:
            pygame.draw.lines(surface, color, False, pts, 3)
        for p in pts:
            pygame.draw.circle(surface, color, p, 3)
