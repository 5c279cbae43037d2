"""What the client may ask about the device it runs on (no pygame)."""

from __future__ import annotations

import sys


def portrait() -> bool:
    """True in a browser whose page is taller than wide (a phone held upright): the 16:9 board
    is then letterboxed small, and the player is told to turn the phone."""
    if sys.platform != "emscripten":
        return False
    try:
        import platform

        window = platform.window  # type: ignore[attr-defined]
        return bool(int(window.innerHeight) > int(window.innerWidth))
    except Exception:  # no window object: not a phone page
        return False
