"""What the client may ask about the device it runs on (no pygame)."""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

log = logging.getLogger("strategos.device")

SCREEN_ENV = "STRATEGOS_SCREEN"  # "844x390": play on the desktop as on a phone of that size


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
        try:
            w, h = (int(v) for v in wanted.lower().split("x"))
        except ValueError:
            w = h = 0
        if w <= 0 or h <= 0:
            raise ValueError(f"{SCREEN_ENV} must be WIDTHxHEIGHT, such as 844x390, not {wanted!r}")
        return w, h
    if sys.platform != "emscripten":
        return None
    try:
        window = _window()
        return int(window.innerWidth), int(window.innerHeight)
    except Exception as err:  # the page's objects raise untyped errors
        _unreadable(err)
        return None


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
