"""Line charts for the game-over screen: score by season, the AI's estimated win chances.

Each line is a kingdom's, in its colour; the legend under the title names them (the colour
alone is no name), and the viewer's own line is drawn thicker.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from web.ui import theme
from web.ui.layout import Box
from web.ui.widgets import label, text_in


@dataclass(frozen=True)
class Series:
    color: tuple[int, int, int]
    name: str
    points: list[tuple[float, float]]
    own: bool = False  # the viewer's: drawn thicker, named so in the legend


LEGEND_COLS = 2  # "Eastern Kingdom", «Восточное Царство» need half the width
LEGEND_SIZE, TITLE_SIZE, AXIS_SIZE = 12, 16, 11


def axis_left() -> int:
    """Room left of a plot for its value labels ("100%"): a phone's text floor doubles them."""
    return max(44, theme.font(theme.ui(AXIS_SIZE)).size("100%")[0] + 14)


def axis_below() -> int:
    """Room under a plot for its year labels."""
    return max(24, theme.line_height(theme.ui(AXIS_SIZE)) + 6)


def year_labels(plot_w: int, x_max: float, long: Callable[[int], str]) -> list[str]:
    """The years under a plot: ``long`` ("264 BC") where they fit between the ticks, else the
    number alone, so that neighbours never run into each other."""
    step = plot_w * 4 / max(x_max, 1e-9)
    f = theme.font(theme.ui(AXIS_SIZE))
    years = [264 - year for year in range(4)]
    if all(f.size(long(y))[0] + 8 <= step for y in years):
        return [long(y) for y in years]
    return [str(y) for y in years]


def legend_row() -> int:
    return max(18, theme.line_height(LEGEND_SIZE) + 2)


def legend_height(count: int) -> int:
    rows = -(-count // LEGEND_COLS)
    return rows * legend_row() + 4


def line_chart(
    surface: pygame.Surface,
    box: Box,
    title: str,
    series: list[Series],
    x_max: float,
    y_max: float,
    empty_text: str = "",
    percent: bool = False,
) -> None:
    """Axes start at 0; the x axis is the season (four to a year, from 264 BC)."""
    rect = pygame.Rect(box.tuple())
    pygame.draw.rect(surface, theme.CHART, rect, border_radius=8)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=8)
    title_h = theme.line_height(TITLE_SIZE, "bold") + 2
    text_in(surface, title, Box(box.x + 12, box.y + 6, box.w - 24, title_h), TITLE_SIZE,
            theme.TEXT, "bold", "left")  # fmt: skip
    top = box.y + 8 + title_h
    _legend(surface, Box(box.x + 12, top, box.w - 24, legend_height(len(series))), series)
    top += legend_height(len(series)) + 6
    left = axis_left()
    plot = pygame.Rect(box.x + left, top, box.w - left - 16, box.bottom - axis_below() - top)
    if not percent:
        y_max = max(4, -(-int(y_max) // 4) * 4)  # whole-number ticks
    y_max = max(y_max, 1e-9)
    x_max = max(x_max, 1e-9)
    for i in range(5):
        v = y_max * i / 4
        y = plot.bottom - plot.h * i / 4
        pygame.draw.line(surface, (52, 56, 66), (plot.x, y), (plot.right, y))
        text = f"{round(v * 100)}%" if percent else f"{v:.0f}"
        label(surface, text, plot.x - 6, y, AXIS_SIZE, theme.TEXT_DIM, "sans", "midright")
    for year, text in enumerate(year_labels(plot.w, x_max, str)):
        x = plot.x + plot.w * (year * 4) / x_max
        label(surface, text, x, plot.bottom + 2, AXIS_SIZE, theme.TEXT_DIM)
    if not any(s.points for s in series):
        label(surface, empty_text, plot.centerx, plot.centery, 15, theme.TEXT_DIM, "sans",
              "center", width=plot.w)  # fmt: skip
        return
    for s in sorted(series, key=lambda s: s.own):  # the viewer's line on top
        pts = [
            (plot.x + plot.w * min(x, x_max) / x_max, plot.bottom - plot.h * min(y, y_max) / y_max)
            for x, y in s.points
        ]
        draw_series(surface, s.color, pts, 5 if s.own else 3, 4 if s.own else 3)


def draw_series(surface: pygame.Surface, color: tuple[int, int, int],
                pts: list[tuple[float, float]], width: int, dot: int) -> None:  # fmt: skip
    """A kingdom's line and its dots; a colour that would vanish into the chart's dark ground
    (the Sarmatians') is drawn over a light casing."""
    edge = theme.rim(color, theme.CHART)
    for c, grow in ([(edge, 2)] if edge is not None else []) + [(color, 0)]:
        if len(pts) >= 2:
            pygame.draw.lines(surface, c, False, pts, width + grow)
        if dot:
            for p in pts:
                pygame.draw.circle(surface, c, p, dot + grow // 2)


def flow_places(
    x: int, y: int, width: int, names: list[str], size: int,
) -> tuple[list[Box], int]:  # fmt: skip
    """Where ``flow_legend`` puts each name's entry (its line and name), and the y under the
    last row: a column that scrolls knows its height before it draws."""
    step = theme.line_height(size) + 4
    f = theme.font(theme.ui(size))
    cx = x
    places = []
    for name in names:
        w = min(22 + f.size(name)[0] + 2, width)
        if cx > x and cx + w > x + width:
            cx, y = x, y + step
        places.append(Box(cx, y, w, step))
        cx += w + 14
    return places, y + step


def flow_legend(
    surface: pygame.Surface, x: int, y: int, width: int,
    entries: list[tuple[tuple[int, int, int], str]], size: int,
) -> int:  # fmt: skip
    """Each line's colour and name, run on like words in a line of text and wrapped at
    ``width`` (a column too narrow for a row per kingdom at a phone's text size); the y under
    it."""
    places, bottom = flow_places(x, y, width, [name for _, name in entries], size)
    for (color, name), box in zip(entries, places, strict=True):
        mid = box.y + box.h // 2
        draw_series(surface, color, [(box.x, mid), (box.x + 14, mid)], 3, 0)
        text_in(surface, name, Box(box.x + 20, box.y, box.w - 20, box.h), size, theme.TEXT,
                "sans", "left")  # fmt: skip
    return bottom


def _legend(surface: pygame.Surface, box: Box, series: list[Series]) -> None:
    w = box.w // LEGEND_COLS
    step = legend_row()
    for i, s in enumerate(series):
        row, col = divmod(i, LEGEND_COLS)
        x, y = box.x + col * w, box.y + row * step
        mid = y + step // 2
        draw_series(surface, s.color, [(x, mid), (x + 14, mid)], 5 if s.own else 3, 0)
        text_in(surface, s.name, Box(x + 18, y, w - 22, step), LEGEND_SIZE,
                theme.TEXT if s.own else theme.TEXT_DIM, "bold" if s.own else "sans",
                "left")  # fmt: skip
