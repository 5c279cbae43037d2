"""What the screen shows, as data, for a script that plays the client from outside.

The smoke test of the browser build (``tools/build/smoke_web.py``) cannot see inside the canvas: it
reads this snapshot, which the client publishes to the page as ``window.strategos_probe`` (a
JSON string) when the page's address asks for it (``?strategos_probe=1``), and clicks where it
says a button is, as a player would. The same snapshot drives the same plan natively in
``tests/web/test_probe.py``. Only reads the scenes; never changes what it looks at.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import TYPE_CHECKING, Any

from web.ui.layout import HEIGHT, WIDTH
from web.ui.widgets import ButtonGroup

if TYPE_CHECKING:
    from web.scene import Host

QUERY_FLAG = "strategos_probe=1"  # in the page's address: publish the snapshot
PUBLISH_EVERY_S = 0.2
# The scenes' groups of buttons a player can press, in the order they lie over each other:
# a scene's own, and the match's chrome, tray and prompt (held by its parts).
BUTTON_GROUPS = ("buttons", "chrome.buttons", "controls.tray", "controls.prompt_buttons")


def snapshot(app: Host) -> dict[str, Any]:
    """The top scene's name, the frames drawn, every enabled tagged button (its centre in
    canvas pixels and its label) and, in a match, the actions played so far, the seat to act,
    the viewer's seat and the open prompt's tag."""
    top = app.top
    buttons: dict[str, dict[str, Any]] = {}
    for name in BUTTON_GROUPS:
        group = _read(top, name)
        if not isinstance(group, ButtonGroup):
            continue
        for button in group.buttons:
            if button.enabled and button.tag:
                x, y = button.box.center
                buttons[button.tag] = {"x": round(x), "y": round(y), "label": button.label}
    shot: dict[str, Any] = {
        "scene": type(top).__name__ if top is not None else None,
        "frames": app.frames,
        "canvas": [WIDTH, HEIGHT],
        "buttons": buttons,
    }
    session = getattr(top, "session", None)
    if session is not None and not getattr(top, "attract", False):
        prompt = _read(top, "controls.prompt")
        shot["match"] = {
            "actions": len(session.record.actions),
            "to_act": session.to_act(),
            "viewer": session.viewer,
            "prompt": prompt.tag if prompt is not None else None,
        }
    return shot


def _read(obj: object, path: str) -> Any:
    """The attribute at the dotted ``path`` of ``obj``, or None where there is none."""
    for name in path.split("."):
        obj = getattr(obj, name, None)
    return obj


def wanted() -> bool:
    """In the browser, whether the page's address asks for the snapshot."""
    if sys.platform != "emscripten":
        return False
    import platform  # pygbag's module in the browser: the page's window

    search = str(getattr(platform, "window").location.search)  # noqa: B009
    return QUERY_FLAG in search


async def publish(app: Host) -> None:
    """Keeps ``window.strategos_probe`` up to date while the client runs (browser only)."""
    import platform

    window = getattr(platform, "window")  # noqa: B009  (absent from the desktop's module)
    while app.running:
        window.strategos_probe = json.dumps(snapshot(app))
        await asyncio.sleep(PUBLISH_EVERY_S)
