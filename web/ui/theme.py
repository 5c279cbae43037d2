"""Colours, fonts (the bundled DejaVu TTFs, never SysFont), cached text surfaces, and how a
text fits the room it is given.

Every interface text is fitted by ``fit``: at its size on one line, else a little smaller, else
wrapped onto the lines allowed, and only when nothing else fits, cut with an ellipsis. A test
can record every text drawn (``recording``), with the room it had and what was cut, so that a
label too long in one language or at one text size fails a test instead of reaching a player.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import pygame

ASSETS = Path(__file__).resolve().parents[1] / "assets"
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
LAND = (226, 214, 182)
COAST = (70, 58, 40)
LAND_ROUTE = (120, 88, 52)
SEA_ROUTE = (214, 232, 240)
WINTER = (150, 196, 230)
HIGHLIGHT = (255, 236, 120)
NEUTRAL = (150, 150, 150)
CHART = (30, 33, 41)  # a chart's plotting ground
# A light edge round a kingdom's mark whose colour all but vanishes on a dark panel (the
# Sarmatians' near-black): below MARK_CONTRAST (WCAG's contrast ratio) a mark gets the rim.
RIM = (150, 150, 160)
MARK_CONTRAST = 2.0


def luminance(rgb: tuple[int, ...]) -> float:
    """Relative luminance (WCAG 2), from sRGB."""

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG's contrast ratio of two colours, 1 (the same) to 21 (black on white)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def rim(color: tuple[int, ...], ground: tuple[int, ...] = PANEL) -> tuple[int, int, int] | None:
    """The edge a mark of ``color`` needs to show on ``ground``, or None."""
    return RIM if contrast(color, ground) < MARK_CONTRAST else None


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
# The smallest interface text, in canvas pixels: 0 on a screen that shows the canvas near its
# size; on a phone, the size that the canvas's scaling leaves readable (``layout.text_floor``).
_floor = 0
MIN_SIZE = 11  # a text shrunk to fit never goes below this (nor below 72% of its size)
SHRINK = 0.85  # on one line a text may shrink this far before it wraps instead


def set_text_scale(scale: float) -> None:
    global _small_scale
    _small_scale = scale


def text_scale() -> float:
    return _small_scale


def set_floor(size: int) -> None:
    global _floor
    _floor = size


def floor() -> int:
    return _floor


@contextmanager
def unfloored() -> Iterator[None]:
    """Inside, no floor: a picture drawn at its own scale (How to play's illustrations, which
    show the interface small), like the map."""
    global _floor
    before, _floor = _floor, 0
    try:
        yield
    finally:
        _floor = before


def small(size: int) -> int:
    """The size of a small text (map names, log, tooltips) under the large-text setting."""
    return round(size * _small_scale)


def ui(size: int) -> int:
    """The size an interface text is drawn at: never under the screen's floor."""
    return max(size, _floor)


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


def line_height(size: int, face: str = "sans") -> int:
    """The step from one line of an interface text to the next."""
    return font(ui(size), face).get_linesize()


# -- what a test sees ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Drawn:
    """One text as it reached the screen (``rect``) or was only rendered (``rect`` None):
    what was asked, what was shown (lines joined by a newline), the room it was given."""

    asked: str
    shown: str
    size: int
    face: str
    caller: str  # the module that asked for it
    rect: tuple[int, int, int, int] | None = None
    room: tuple[int, int, int, int] | None = None
    bounds: tuple[int, int, int, int] | None = None  # the surface (its clip) drawn on
    cut: bool = False


_log: list[Drawn] | None = None
_QUIET = {__name__, "web.ui.widgets"}  # the helpers: the caller is the module that used them


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Every text rendered or drawn while inside, in order (tests only)."""
    global _log
    before, _log = _log, []
    try:
        yield _log
    finally:
        _log = before


def recording_now() -> bool:
    return _log is not None


def note(entry: Drawn) -> None:
    if _log is not None:
        _log.append(entry)


def caller() -> str:
    """The module that asked for a text: the first frame outside the text helpers."""
    f: FrameType | None = sys._getframe(1)
    while f is not None and f.f_globals.get("__name__") in _QUIET:
        f = f.f_back
    return str(f.f_globals.get("__name__", "?")) if f is not None else "?"


def text(s: str, size: int, color: tuple[int, ...] = TEXT, face: str = "sans") -> pygame.Surface:
    """A rendered line of text, cached (labels are drawn every frame)."""
    if _log is not None:
        _log.append(Drawn(s, s, size, face, caller()))
    key = (s, face, size, tuple(color))
    found = _texts.get(key)
    if found is None:
        if len(_texts) > 3000:
            _texts.clear()
        found = _texts[key] = font(size, face).render(s, True, color)
    return found


# -- fitting -------------------------------------------------------------------------------------
def _words(para: str) -> list[str]:
    """The words of a paragraph; a dash goes with the word before it, since a line must not
    start with one («горизонтально — карта»: the dash ends the first line)."""
    out: list[str] = []
    for w in para.split(" "):
        if w in ("—", "–") and out:
            out[-1] += " " + w
        else:
            out.append(w)
    return out


def _wrap(s: str, size: int, width: int, face: str, split_words: bool) -> list[str] | None:
    """``s`` in lines no wider than ``width``; a word wider than a line is split when
    ``split_words``, else the answer is None."""
    f = font(size, face)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for w in _words(para):
            candidate = f"{line} {w}" if line else w
            if f.size(candidate)[0] <= width or not line:
                line = candidate
            elif split_words and f.size(w)[0] > width and _head_fits(f, line, w, width):
                line = candidate  # a path wider than any line starts beside the words before
            else:
                lines.append(line)
                line = w
            while f.size(line)[0] > width and len(line) > 1:
                if not split_words:
                    return None
                # A word wider than the line (a file path): cut it where the width ends, or
                # after the last folder's separator before that, so that names stay whole.
                cut = len(line) - 1
                while cut > 1 and f.size(line[:cut])[0] > width:
                    cut -= 1
                sep = max(line.rfind("/", 0, cut), line.rfind("\\", 0, cut))
                if sep <= 0:  # in a file's name: after a dash or a dot, so that the name's
                    # last part ("2038,") does not leave its comma alone on the next line
                    sep = max(line.rfind(c, 0, cut) for c in "-._")
                if sep > 0:
                    cut = sep + 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def _head_fits(f: pygame.font.Font, line: str, word: str, width: int) -> bool:
    """Some of ``word`` up to a folder's separator fits on ``line`` after a space."""
    return any(f.size(f"{line} {word[: i + 1]}")[0] <= width
               for i, c in enumerate(word) if c in "/\\")  # fmt: skip


def wrap(s: str, size: int, width: int, face: str = "sans") -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels (at the size it is drawn at)."""
    return _wrap(s, ui(size), width, face, split_words=True) or [""]


@dataclass(frozen=True)
class Fit:
    lines: list[str]
    size: int
    cut: bool  # nothing fitted: the last line ends in an ellipsis


_fits: dict[tuple[object, ...], Fit] = {}  # labels are fitted every frame: once is enough


def shrink_floor(size: int) -> int:
    return max(_floor, min(size, max(MIN_SIZE, math.ceil(size * 0.72))))


def fit(s: str, size: int, width: int, face: str = "sans", lines: int = 1,
        height: int | None = None, least: int | None = None) -> Fit:  # fmt: skip
    """How ``s`` goes into a box ``width`` wide (and ``height`` tall, when given): on one line
    at its size or a little smaller; else on up to ``lines`` lines, words whole, as large as
    fits; else on one line down to the smallest size (``least``, by default ``shrink_floor``);
    else cut there, with an ellipsis."""
    key = (s, size, width, face, lines, height, least, _floor)
    found = _fits.get(key)
    if found is None:
        if len(_fits) > 4000:
            _fits.clear()
        found = _fits[key] = _fit(s, size, width, face, lines, height, least)
    return found


def _fit(s: str, size: int, width: int, face: str, lines: int, height: int | None,
         least: int | None) -> Fit:  # fmt: skip
    size = ui(size)
    low = max(_floor, least if least is not None else shrink_floor(size))
    low = min(low, size)

    def tall_enough(n: int, z: int) -> bool:
        return height is None or n * font(z, face).get_linesize() <= height + 2

    def one_line(z: int) -> bool:
        return font(z, face).size(s)[0] <= width and tall_enough(1, z) and "\n" not in s

    for z in range(size, max(low, math.ceil(size * SHRINK)) - 1, -1):
        if one_line(z):
            return Fit([s], z, False)
    if lines > 1:
        for z in range(size, low - 1, -1):
            found = _wrap(s, z, width, face, split_words=False)
            if found is not None and len(found) <= lines and tall_enough(len(found), z):
                return Fit(_balanced(found, z, face), z, False)
    for z in range(max(low, math.ceil(size * SHRINK)) - 1, low - 1, -1):
        if one_line(z):
            return Fit([s], z, False)
    rows = lines
    while rows > 1 and not tall_enough(rows, low):
        rows -= 1
    found = _wrap(s, low, width, face, split_words=True) or [s]
    kept = found[:rows]
    rest = " ".join(found[rows - 1 :]).replace("\n", " ")
    kept[-1] = _ellipsize(rest, low, width, face)
    return Fit(kept, low, kept[-1] != rest or len(found) > rows)


def _balanced(lines: list[str], size: int, face: str) -> list[str]:
    """Two lines split where they come out most even ("Trade" / "3 → 6", not "Trade 3" / "→ 6");
    other counts as wrapped."""
    if len(lines) != 2:
        return lines
    words = " ".join(lines).split(" ")
    f = font(size, face)
    best = lines
    widest = max(f.size(line)[0] for line in lines)
    for k in range(1, len(words)):
        a, b = " ".join(words[:k]), " ".join(words[k:])
        w = max(f.size(a)[0], f.size(b)[0])
        if w < widest:
            best, widest = [a, b], w
    return best


def _ellipsize(s: str, size: int, width: int, face: str) -> str:
    f = font(size, face)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s + "…"


def fit_text(s: str, size: int, width: int, face: str = "sans") -> str:
    """``s`` shortened with an ellipsis to fit ``width`` pixels (the fallback of ``fit``: a
    cut text is noted for the tests that look for one)."""
    shown = _ellipsize(s, ui(size), width, face)
    if shown != s and _log is not None:
        _log.append(Drawn(s, shown, ui(size), face, caller(), cut=True))
    return shown
