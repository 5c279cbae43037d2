"""Phones: finger taps press buttons once (synthetic mouse events are dropped), a held finger
shows the tooltip, two fingers pinch-zoom the map."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from web.layout import HEIGHT, WIDTH  # noqa: E402

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def finger(app, kind, x, y, fid=0):
    pygame.event.post(pygame.event.Event(kind, x=x / WIDTH, y=y / HEIGHT, dx=0.0, dy=0.0,
                                         finger_id=fid, touch_id=1, pressure=1.0))  # fmt: skip


def test_finger_tap_presses_a_button_once(app):
    from web.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    app.frame()
    box = scene.buttons.find("speed").box
    before = app.settings.speed
    finger(app, pygame.FINGERDOWN, *box.center)
    # the synthetic mouse events SDL adds for a touch are marked and ignored
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1, touch=True)
    )
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=box.center, button=1, touch=True)
    )
    finger(app, pygame.FINGERUP, *box.center)
    app.frame()
    assert app.settings.speed != before
    from web.settings import SPEEDS

    assert SPEEDS.index(app.settings.speed) == (SPEEDS.index(before) + 1) % len(SPEEDS)


def test_hold_pins_a_tooltip_and_pinch_zooms(app, random_ai):
    from tests.web.test_scenes import _match

    scene = _match(app, seed=3)
    app.run_frames(5)
    x, y = scene.camera.to_screen(*scene.board_view.g.pos[0])
    finger(app, pygame.FINGERDOWN, x, y + 3)
    app.run_frames(40)  # longer than the hold time
    assert app._pinned_tip is not None
    assert scene.tooltip_at(*app._pinned_tip)
    finger(app, pygame.FINGERUP, x, y + 3)
    app.frame()
    scale = scene.camera.scale
    finger(app, pygame.FINGERDOWN, 300, 300, fid=1)
    finger(app, pygame.FINGERDOWN, 400, 300, fid=2)
    app.frame()
    finger(app, pygame.FINGERMOTION, 500, 300, fid=2)
    app.frame()
    assert scene.camera.scale > scale
    finger(app, pygame.FINGERUP, 500, 300, fid=2)
    finger(app, pygame.FINGERUP, 300, 300, fid=1)
    app.frame()
