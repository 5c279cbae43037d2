"""What the client may ask about the device it runs on (no pygame)."""

from __future__ import annotations

import logging
import os
import re
import sys
from typing import Any

log = logging.getLogger("strategos.device")

SCREEN_ENV = "STRATEGOS_SCREEN"  # "844x390": play on the desktop as on a phone of that size
# The smallest screen the client is laid out for, held sideways (an iPhone SE, in CSS pixels).
# Below it the text and button floors grow with the shrinking scale until the map has no room
# left: a page of 120x68 gave the board a viewport of no height, and pygame raised mid-frame.
SMALLEST = (568, 320)
LARGEST = 100_000  # CSS pixels a side; far more than any screen, and a float to divide by


def _window() -> Any:
    import platform

    return vars(platform)["window"]  # pygbag's own platform module holds the page's window


def portrait() -> bool:
    """True in a browser whose page is taller than wide (a phone held upright): the 16:9 board
    is then letterboxed small, and the player is told to turn the phone."""
    if os.environ.get(SCREEN_ENV, ""):  # the desktop laid out as a phone: held as it says
        w, h = screen_size() or (1, 0)
        return h > w
    if sys.platform != "emscripten":
        return False
    try:
        window = _window()
        return bool(int(window.innerHeight) > int(window.innerWidth))
    except Exception as err:  # no window object: not a phone page
        _unreadable(err)
        return False


def screen_size() -> tuple[int, int] | None:
    """The page's size in CSS pixels, which the canvas is scaled to fit, or None where the
    canvas shows at its own size (the desktop window). ``STRATEGOS_SCREEN`` overrides it."""
    wanted = os.environ.get(SCREEN_ENV, "")
    if wanted:
        return _wanted_size(wanted)
    if sys.platform != "emscripten":
        return None
    try:
        window = _window()
        page = int(window.innerWidth), int(window.innerHeight)
    except Exception as err:  # the page's objects raise untyped errors
        _unreadable(err)
        return None
    return at_least_smallest(page)


def _wanted_size(wanted: str) -> tuple[int, int]:
    """``STRATEGOS_SCREEN`` read, or ValueError saying in a sentence what it must be."""
    found = re.fullmatch(r"\s*([0-9]{1,9})\s*x\s*([0-9]{1,9})\s*", wanted, re.IGNORECASE)
    w, h = (int(found[1]), int(found[2])) if found else (0, 0)
    if not (w and h):
        raise ValueError(f"{SCREEN_ENV} must be WIDTHxHEIGHT, such as 844x390, not {wanted!r}")
    small, large = SMALLEST
    if min(w, h) < large or max(w, h) < small or max(w, h) > LARGEST:
        raise ValueError(
            f"{SCREEN_ENV}={wanted} is no screen the client is laid out for: from {small}x"
            f"{large} (or {large}x{small} upright) to {LARGEST} pixels a side"
        )
    return w, h


def at_least_smallest(page: tuple[int, int]) -> tuple[int, int]:
    """The page's size, each side grown to the smallest screen's, held as the page is. A page
    smaller still (a browser window squeezed by its developer tools) shows the canvas smaller
    than a phone would, but laid out as on the smallest phone rather than not at all."""
    w, h = page
    small, large = SMALLEST
    if h > w:
        small, large = large, small
    return max(w, small), max(h, large)


def hidden() -> bool:
    """True while the browser tab is in the background (nothing on screen to draw)."""
    if sys.platform != "emscripten":
        return False
    try:
        return bool(_window().document.hidden)
    except Exception as err:
        _unreadable(err)
        return False


_told: list[str] = []


def _unreadable(err: BaseException) -> None:
    """Said once: without the page's window the client plays at the canvas's own size."""
    if not _told:
        _told.append(str(err))
        log.warning("the page's window cannot be read (%s); the canvas keeps its size", err)
