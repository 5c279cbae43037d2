"""The match's prompts on a phone: what is drawn on top takes the tap.

Positions come from games the engine plays (``tests.web.positions``), opened like a save.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

pygame = pytest.importorskip("pygame")

from game import P_COIN_ATTACKER, Action, GameState  # noqa: E402
from game.actions import CommitCoin  # noqa: E402
from tests.web import positions  # noqa: E402
from tests.web.player import click  # noqa: E402
from web.layout import Box, overlaps  # noqa: E402

if TYPE_CHECKING:
    from web.app import App
    from web.scenes.match import MatchScene

pytest_plugins = ["tests.web.support"]  # the client test fixtures

SE = (568, 320)  # an iPhone SE held sideways: a button floor of 91 canvas px


@pytest.fixture
def se(data_dir: Path) -> Iterator[App]:
    from web.app import App
    from web.storage import FileStorage

    app = App(headless=True, store=FileStorage(data_dir), screen=SE)
    yield app
    app.set_screen(None)
    pygame.quit()


def _coin_attack(s: GameState, a: Action) -> bool:
    return s.phase == P_COIN_ATTACKER and s.active == 0


def _open(app: App, stop: positions.Stop, players: int = 2) -> MatchScene:
    """The match at the first position ``stop`` picks, once the player's decision shows."""
    from web.scenes.title import TitleScene
    from web.session import MatchSession

    cfg, record, _action = positions.search(stop, players=players)
    app.push(TitleScene(app))
    scene = app.nav.open_match(MatchSession(cfg, record))
    scene.animator.enabled = False
    app.hover = None
    for _ in range(400):
        if scene.session.legal() and scene.shown_prompt() is not None:
            break
        app.frame()
    scene._refresh()
    return scene


def _overlap(a: Box, b: Box) -> Box:
    x, y = max(a.x, b.x), max(a.y, b.y)
    return Box(x, y, min(a.right, b.right) - x, min(a.bottom, b.bottom) - y)


def test_a_tap_on_the_prompt_over_the_zoom_buttons_is_the_prompts(se: App, random_ai: None) -> None:
    """At 568x320 the coin prompt (R8.1) fills the map and its last coin lay over the zoom-in
    button; the chrome was asked first, so a tap on the visible coin's right end zoomed the
    map. The prompt is drawn on top: a tap there commits the coin, the tooltip a finger's hold
    shows is the coin's, and a tap on the prompt's panel over a chrome button does nothing."""
    scene = _open(se, _coin_attack)
    prompt = scene.shown_prompt()
    assert prompt is not None and prompt.tag == "coin"
    chrome = [b for b in scene.chrome.buttons if overlaps(b.box, prompt.box)]
    assert chrome, "no chrome button under the coin prompt: this test tests nothing"
    under = [(coin, b) for coin in scene.prompt_buttons.buttons for b in chrome
             if overlaps(coin.box, b.box)]  # fmt: skip
    assert under, "no coin over a chrome button"
    coin, hidden = under[-1]
    x, y = _overlap(coin.box, hidden.box).center
    tip = scene.tooltip_at(x, y)
    assert tip is not None and tip[0] == [coin.tip], (hidden.tag, tip)
    scale = scene.camera.key()
    before = len(scene.session.record.actions)
    click(se, x, y)
    assert scene.camera.key() == scale, f"the tap went to {hidden.tag} under the coin"
    played = scene.session.record.actions[before]
    assert isinstance(played, CommitCoin) and coin.label.endswith(f" {played.value}")


def test_a_tap_on_the_prompts_panel_over_a_chrome_button_does_nothing(
    se: App, random_ai: None
) -> None:
    """The panel of the prompt hides what lies under it: a tap on the panel (off its buttons)
    over a chrome button neither zooms nor opens a drawer nor plays anything."""
    scene = _open(se, _coin_attack)
    prompt = scene.shown_prompt()
    assert prompt is not None
    buttons = [b.box for g in (scene.prompt_buttons, scene.prompt_extra) for b in g.buttons]
    spots = []
    for b in scene.chrome.buttons:
        if not overlaps(b.box, prompt.box):
            continue
        part = _overlap(b.box, prompt.box)
        for i in range(1, 8):
            for j in range(1, 8):
                x, y = part.x + part.w * i // 8, part.y + part.h * j // 8
                if not any(box.contains(x, y) for box in buttons):
                    spots.append((b.tag, x, y))
    assert spots, "no chrome button under the coin prompt's panel: this test tests nothing"
    tag, x, y = spots[0]
    key, drawer = scene.camera.key(), scene.drawers.open
    before = len(scene.session.record.actions)
    click(se, x, y)
    assert (scene.camera.key(), scene.drawers.open) == (key, drawer), tag
    assert len(scene.session.record.actions) == before
    assert scene.shown_prompt() is prompt
