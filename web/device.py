"""What the client may ask about the device it runs on (no pygame)."""

from __future__ import annotations

import os
import sys
from typing import Any

SCREEN_ENV = "STRATEGOS_SCREEN"  # "844x390": play on the desktop as on a phone of that size


def _window() -> Any:
    import platform

    return vars(platform)["window"]  # pygbag's own platform module holds the page's window


def portrait() -> bool:
    """True in a browser whose page is taller than wide (a phone held upright): the 16:9 board
    is then letterboxed small, and the player is told to turn the phone."""
    if sys.platform != "emscripten":
        return False
    try:
        window = _window()
        return bool(int(window.innerHeight) > int(window.innerWidth))
    except Exception:  # no window object: not a phone page
        return False


def screen_size() -> tuple[int, int] | None:
    """The page's size in CSS pixels, which the canvas is scaled to fit, or None where the
    canvas shows at its own size (the desktop window). ``STRATEGOS_SCREEN`` overrides it."""
    wanted = os.environ.get(SCREEN_ENV, "")
    if wanted:
        try:
            w, h = (int(v) for v in wanted.lower().split("x"))
        except ValueError:
            return None
        return (w, h) if w > 0 and h > 0 else None
    if sys.platform != "emscripten":
        return None
    try:
        window = _window()
        return int(window.innerWidth), int(window.innerHeight)
    except Exception:  # no window object: take the canvas as shown at its size
        return None


def hidden() -> bool:
    """True while the browser tab is in the background (nothing on screen to draw)."""
    if sys.platform != "emscripten":
        return False
    try:
        return bool(_window().document.hidden)
    except Exception:
        return False
