"""Colours, fonts (the bundled DejaVu TTFs, never SysFont) and cached text surfaces."""

from __future__ import annotations

from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent / "assets"
FONT_FILES = {
    "sans": ASSETS / "fonts" / "DejaVuSans.ttf",
    "bold": ASSETS / "fonts" / "DejaVuSans-Bold.ttf",
    "serif": ASSETS / "fonts" / "DejaVuSerif-Bold.ttf",
}

INK = (33, 28, 22)
PAPER = (240, 231, 208)
PAPER_DARK = (222, 208, 176)
PANEL = (38, 42, 52)
PANEL_LIGHT = (58, 64, 78)
PANEL_EDGE = (96, 104, 122)
TEXT = (238, 236, 228)
TEXT_DIM = (168, 170, 178)
GOLD = (226, 182, 74)
RED = (206, 72, 60)
GREEN = (86, 170, 104)
SEA = (44, 74, 100)
SEA_DEEP = (52, 82, 104)
LAND = (226, 214, 182)
COAST = (70, 58, 40)
LAND_ROUTE = (120, 88, 52)
SEA_ROUTE = (214, 232, 240)
WINTER = (150, 196, 230)
HIGHLIGHT = (255, 236, 120)
NEUTRAL = (150, 150, 150)


def hex_color(text: str) -> tuple[int, int, int]:
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def blend(a: tuple[int, ...], b: tuple[int, ...], f: float) -> tuple[int, int, int]:
    return (
        int(a[0] + (b[0] - a[0]) * f),
        int(a[1] + (b[1] - a[1]) * f),
        int(a[2] + (b[2] - a[2]) * f),
    )


_fonts: dict[tuple[str, int], pygame.font.Font] = {}
_texts: dict[tuple[str, str, int, tuple[int, ...]], pygame.Surface] = {}
_small_scale = 1.0  # the "large text" setting: small texts grow, buttons and titles stay


def set_text_scale(scale: float) -> None:
    global _small_scale
    _small_scale = scale


def text_scale() -> float:
    return _small_scale


def small(size: int) -> int:
    """The size of a small text (map names, log, tooltips) under the large-text setting."""
    return round(size * _small_scale)


def reset() -> None:
    """Forget fonts and rendered texts (after ``pygame.quit``)."""
    _fonts.clear()
    _texts.clear()


def font(size: int, face: str = "sans") -> pygame.font.Font:
    key = (face, size)
    found = _fonts.get(key)
    if found is None:
        found = _fonts[key] = pygame.font.Font(str(FONT_FILES[face]), size)
    return found


def text(s: str, size: int, color: tuple[int, ...] = TEXT, face: str = "sans") -> pygame.Surface:
    """A rendered line of text, cached (labels are drawn every frame)."""
    key = (s, face, size, tuple(color))
    found = _texts.get(key)
    if found is None:
        if len(_texts) > 3000:
            _texts.clear()
        found = _texts[key] = font(size, face).render(s, True, color)
    return found


def wrap(s: str, size: int, width: int, face: str = "sans") -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels."""
    f = font(size, face)
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            candidate = f"{line} {w}" if line else w
            if f.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = w
            while f.size(line)[0] > width and len(line) > 1:
                # A word wider than the line (a file path): cut it where the width ends.
                cut = len(line) - 1
                while cut > 1 and f.size(line[:cut])[0] > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def fit_text(s: str, size: int, width: int, face: str = "sans") -> str:
    """``s`` shortened with an ellipsis to fit ``width`` pixels."""
    f = font(size, face)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s + "…"
