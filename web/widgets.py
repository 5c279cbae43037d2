"""Buttons and panels drawn with pygame: big touch targets, a tooltip text for each."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from web import theme
from web.layout import Box


@dataclass
class Button:
    box: Box
    label: str
    on_tap: Callable[[], None] | None = None
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
        shown = theme.fit_text(label, self.size, self.box.w - 12, face)
        img = theme.text(shown, self.size, color, face)
        surface.blit(img, img.get_rect(center=rect.center))

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


def panel(surface: pygame.Surface, box: Box, alpha: int = 235, radius: int = 10) -> None:
    """A dark rounded panel with a light edge."""
    rect = pygame.Rect(box.tuple())
    if alpha >= 255:
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=radius)
    else:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*theme.PANEL, alpha), layer.get_rect(), border_radius=radius)
        surface.blit(layer, rect.topleft)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=1, border_radius=radius)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    layer.fill((10, 12, 16, alpha))
    surface.blit(layer, (0, 0))


def tooltip(surface: pygame.Surface, lines: list[str], x: float, y: float) -> None:
    """A tooltip near (x, y), kept on screen."""
    if not lines:
        return
    imgs = [theme.text(line, theme.small(15), theme.INK) for line in lines]
    w = max(i.get_width() for i in imgs) + 20
    h = sum(i.get_height() for i in imgs) + 14
    sw, sh = surface.get_size()
    bx = min(max(4, int(x) + 16), sw - w - 4)
    by = min(max(4, int(y) + 18), sh - h - 4)
    if by < y < by + h and bx < x < bx + w:
        by = max(4, int(y) - h - 12)
    rect = pygame.Rect(bx, by, w, h)
    pygame.draw.rect(surface, theme.PAPER, rect, border_radius=6)
    pygame.draw.rect(surface, theme.COAST, rect, width=1, border_radius=6)
    cy = by + 7
    for img in imgs:
        surface.blit(img, (bx + 10, cy))
        cy += img.get_height()


def label(
    surface: pygame.Surface,
    s: str,
    x: float,
    y: float,
    size: int = 16,
    color: tuple[int, ...] = theme.TEXT,
    face: str = "sans",
    anchor: str = "topleft",
) -> pygame.Rect:
    img = theme.text(s, size, color, face)
    rect = img.get_rect(**{anchor: (int(x), int(y))})
    surface.blit(img, rect)
    return rect
