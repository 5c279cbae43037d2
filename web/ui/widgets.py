"""Buttons and panels drawn with pygame: big touch targets, a tooltip text for each."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from web.ui import theme
from web.ui.layout import Box
from web.ui.placement import place_tooltip


@dataclass
class Button:
    box: Box
    label: str
    on_tap: Callable[[], object] | None = None  # what it returns is not read
    enabled: bool = True
    tip: str = ""
    rule: str | None = None  # the rule the tooltip cites; the rules page opens there
    selected: bool = False
    size: int = 18
    icon: str = ""
    on_refused: Callable[[], None] | None = None  # tapped while disabled: explain why
    tag: str = ""
    style: str = "normal"  # normal, primary, ghost

    def draw(self, surface: pygame.Surface) -> None:
        rect = pygame.Rect(self.box.tuple())
        if self.style == "primary" and self.enabled:
            fill, edge = (142, 96, 40), theme.GOLD
        elif self.selected:
            fill, edge = (92, 86, 56), theme.GOLD
        else:
            fill, edge = theme.PANEL_LIGHT, theme.PANEL_EDGE
        if not self.enabled:
            fill = theme.blend(fill, theme.PANEL, 0.55)
        pygame.draw.rect(surface, fill, rect, border_radius=8)
        pygame.draw.rect(surface, edge, rect, width=2, border_radius=8)
        color = theme.TEXT if self.enabled else theme.TEXT_DIM
        label = self.label
        if self.icon:
            label = f"{self.icon} {label}" if label else self.icon
        face = "bold" if self.style == "primary" else "sans"
        text_in(surface, label, self.box.inset_xy(6, 3), self.size, color, face, lines=2)

    def hit(self, x: float, y: float) -> bool:
        return self.box.contains(x, y)

    def tap(self) -> bool:
        if self.enabled:
            if self.on_tap:
                self.on_tap()
            return True
        if self.on_refused:
            self.on_refused()
            return True
        return False


@dataclass
class ButtonGroup:
    buttons: list[Button] = field(default_factory=list)

    def add(self, button: Button) -> Button:
        self.buttons.append(button)
        return button

    def clear(self) -> None:
        self.buttons.clear()

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)

    def at(self, x: float, y: float) -> Button | None:
        for b in reversed(self.buttons):
            if b.hit(x, y):
                return b
        return None

    def tap(self, x: float, y: float) -> bool:
        b = self.at(x, y)
        return b.tap() if b is not None else False

    def find(self, tag: str) -> Button | None:
        for b in self.buttons:
            if b.tag == tag:
                return b
        return None


_layers: dict[tuple[int, int, int, int], pygame.Surface] = {}


def _layer(w: int, h: int, alpha: int, radius: int) -> pygame.Surface:
    """A translucent panel or veil of this size, made once: a static screen draws it again
    and again, and a fresh full-screen alpha surface each time is what made it costly."""
    key = (w, h, alpha, radius)
    found = _layers.get(key)
    if found is None:
        if len(_layers) > 64:
            _layers.clear()
        found = pygame.Surface((w, h), pygame.SRCALPHA)
        if radius < 0:
            found.fill((10, 12, 16, alpha))
        else:
            pygame.draw.rect(found, (*theme.PANEL, alpha), found.get_rect(), border_radius=radius)
        _layers[key] = found
    return found


def panel(surface: pygame.Surface, box: Box, alpha: int = 235, radius: int = 10) -> None:
    """A dark rounded panel with a light edge."""
    rect = pygame.Rect(box.tuple())
    if alpha >= 255:
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=radius)
    else:
        surface.blit(_layer(rect.w, rect.h, alpha, radius), rect.topleft)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=radius)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    w, h = surface.get_size()
    surface.blit(_layer(w, h, alpha, -1), (0, 0))


TIP_WIDTH = 560  # a tooltip's longest line, so that a long one wraps instead of leaving the screen


def tooltip(
    surface: pygame.Surface, lines: list[str], x: float, y: float, avoid: Sequence[Box] = ()
) -> pygame.Rect | None:
    """A tooltip near (x, y), kept on screen and off ``avoid`` (the lit cities a player is
    about to tap) wherever there is room; returns where it was drawn."""
    if not lines:
        return None
    size = theme.small(15)
    sw, sh = surface.get_size()
    room = min(TIP_WIDTH, sw - 28)
    wraps = [theme.wrap(line, size, room) for line in lines]
    rows = [row for rows in wraps for row in rows]
    step = theme.line_height(size)
    widths = [theme.font(theme.ui(size)).size(row)[0] for row in rows]
    w = max(widths) + 20
    h = step * len(rows) + 14
    bx, by = place_tooltip(w, h, x, y, (sw, sh), avoid).tuple()[:2]
    rect = pygame.Rect(bx, by, w, h)
    pygame.draw.rect(surface, theme.PAPER, rect, border_radius=6)
    pygame.draw.rect(surface, theme.COAST, rect, width=1, border_radius=6)
    cy = by + 7
    for line, line_rows in zip(lines, wraps, strict=True):
        wrapped(surface, line, line_rows, bx + 10, cy, size, theme.INK, width=w - 20, step=step)
        cy += step * len(line_rows)
    return rect


def _quad(r: pygame.Rect) -> tuple[int, int, int, int]:
    return (r.x, r.y, r.w, r.h)


def label(
    surface: pygame.Surface,
    s: str,
    x: float,
    y: float,
    size: int = 16,
    color: tuple[int, ...] = theme.TEXT,
    face: str = "sans",
    anchor: str = "topleft",
    width: int | None = None,
) -> pygame.Rect:
    """One line of text placed by ``anchor``; with ``width``, the room it has: a text too long
    shrinks a little, and only past that is cut (which the text-fit test reports)."""
    size = theme.ui(size)
    shown = s
    if width is not None:
        found = theme.fit(s, size, width, face)
        shown, size = found.lines[0], found.size
    img = theme.text(shown, size, color, face)
    rect = img.get_rect(**{anchor: (int(x), int(y))})
    surface.blit(img, rect)
    if theme.recording_now():
        room = None
        if width is not None:
            space = pygame.Rect(0, 0, width, rect.h)
            setattr(space, anchor, (int(x), int(y)))
            room = _quad(space)
        theme.note(theme.Drawn(s, shown, size, face, theme.caller(), _quad(rect), room,
                               _quad(surface.get_clip()), shown != s))  # fmt: skip
    return rect


def wrapped(
    surface: pygame.Surface,
    s: str,
    rows: list[str],
    x: float,
    y: float,
    size: int,
    color: tuple[int, ...] = theme.TEXT,
    width: int | None = None,
    step: int | None = None,
) -> pygame.Rect:
    """``rows``, the lines ``theme.wrap`` made of ``s``, one under the other from (x, y),
    ``step`` apart (by default the line height). Each row is a ``label``; the text-fit check
    also sees them as one text, ``s`` shown as ``rows``, so that a word broken between two
    rows is found as one broken within a label is."""
    step = theme.line_height(size) if step is None else step
    out = pygame.Rect(int(x), int(y), 0, 0)
    for i, row in enumerate(rows):
        r = label(surface, row, x, y + i * step, size, color, width=width)
        out = r if i == 0 else out.union(r)
    if theme.recording_now():
        theme.note(theme.Drawn(s, "\n".join(rows), theme.ui(size), "sans", theme.caller()))
    return out


def text_in(
    surface: pygame.Surface,
    s: str,
    box: Box,
    size: int,
    color: tuple[int, ...] = theme.TEXT,
    face: str = "sans",
    align: str = "center",
    lines: int = 1,
    valign: str = "middle",
    least: int | None = None,
) -> pygame.Rect:
    """``s`` fitted into ``box`` (``theme.fit``: shrink a little, wrap onto up to ``lines``
    lines, cut only as the last resort), aligned left, center or right, and top, middle or
    bottom."""
    found = theme.fit(s, size, box.w, face, lines, box.h, least)
    step = theme.font(found.size, face).get_linesize()
    imgs = [theme.text(line, found.size, color, face) for line in found.lines]
    total = step * (len(imgs) - 1) + imgs[-1].get_height()
    if valign == "top":
        y = box.y
    elif valign == "bottom":
        y = box.bottom - total
    else:
        y = box.y + (box.h - total) // 2
    out = pygame.Rect(box.x, y, 0, 0)
    for i, img in enumerate(imgs):
        if align == "left":
            x = box.x
        elif align == "right":
            x = box.right - img.get_width()
        else:
            x = box.x + (box.w - img.get_width()) // 2
        surface.blit(img, (x, y + i * step))
        r = img.get_rect(topleft=(x, y + i * step))  # unclipped: an overflow must show
        out = r if i == 0 else out.union(r)
    if theme.recording_now():
        theme.note(theme.Drawn(s, "\n".join(found.lines), found.size, face, theme.caller(),
                               _quad(out), box.tuple(), _quad(surface.get_clip()),
                               found.cut))  # fmt: skip
    return out


def reset() -> None:
    """Forget the panels made once (after ``pygame.quit``)."""
    _layers.clear()
