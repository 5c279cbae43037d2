"""The match and the replay move the map and scroll the log alike (web/scenes/board_common.py),
on the desktop and on a phone, whose side panel is a drawer over the map."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

pygame = pytest.importorskip("pygame")

from tests.web.test_replay import golden_text, open_replay, seats  # noqa: E402
from web.play import saves  # noqa: E402
from web.play.config import spectator_config  # noqa: E402
from web.scenes.board_common import DRAG_ROW_PX, LAYOUT  # noqa: E402
from web.scenes.match import MatchScene  # noqa: E402
from web.scenes.replay import ReplayScene  # noqa: E402
from web.scenes.title import TitleScene  # noqa: E402
from web.ui.gestures import UIEvent  # noqa: E402

if TYPE_CHECKING:
    from web.app import App

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def _scenes(app: App) -> list[MatchScene | ReplayScene]:
    app.push(TitleScene(app))
    match = app.nav.open_match(saves.new_session(app, spectator_config(2, seed=3)))
    app.frame()
    app.scenes.clear()
    return [match, open_replay(app, golden_text("2p_base", seats(2, (0,))), view=0)]


@pytest.mark.parametrize("screen", [None, (844, 390)])
def test_a_wheel_over_the_drawers_place_zooms_until_a_drawer_is_open(
    app: App, screen: tuple[int, int] | None
) -> None:
    """On a phone the replay's wheel over the map, where a drawer would open, scrolled the log
    of the closed drawer; the match zoomed the map there, and now both do. Over the side panel
    (the desktop's column, a phone's open drawer) both scroll the log."""
    app.set_screen(screen)
    try:
        for scene in _scenes(app):
            x, y = LAYOUT.side.center
            before = scene.camera.key()
            scene.handle(UIEvent("wheel", x, y, dy=1))
            if LAYOUT.compact:
                assert scene.camera.key() != before and scene.log_scroll == 0, type(scene)
                drawers = scene.chrome.drawers if isinstance(scene, MatchScene) else scene.drawers
                drawers.toggle("log")
                before = scene.camera.key()
                scene.handle(UIEvent("wheel", x, y, dy=1))
            assert scene.camera.key() == before and scene.log_scroll == 1, type(scene)
            # A drag that starts on the side panel scrolls its log, on a phone too, where the
            # open drawer lies over the map: a finger has no wheel.
            scene.handle(UIEvent("drag", x, y, dy=-40, x0=x, y0=y))  # up, not below 0
            assert scene.camera.key() == before and scene.log_scroll == 0, type(scene)
            scene.handle(UIEvent("drag", x, y, dy=2 * DRAG_ROW_PX, x0=x, y0=y))
            assert scene.camera.key() == before and scene.log_scroll == 2, type(scene)
    finally:
        app.set_screen(None)
