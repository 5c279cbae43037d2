"""Complete games played through the client's input layer (clicks, not engine calls) against
AIs, for 2 and 6 seats, the base rules and all patches; screenshots for people to look at."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest

pytest.importorskip("pygame")

from game import Rules
from tests.web.player import play_game
from web.play import saves
from web.play.config import AI, HUMAN, MatchConfig, SeatConfig

if TYPE_CHECKING:
    from web.app import App
    from web.scenes.match import MatchScene

BASE = Rules(coins=False, battle_dice=False, quests=False)
ALL = Rules()

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def _start(app: App, seats: int, rules: Rules, seed: int, humans: int = 1) -> MatchScene:
    from web.scenes.title import TitleScene

    config = MatchConfig(
        [SeatConfig(HUMAN if s < humans else AI, "easy") for s in range(seats)], rules, seed
    )
    app.push(TitleScene(app))
    scene = app.nav.open_match(saves.new_session(app, config))
    scene.animator.enabled = False  # whole games quickly; animations have their own tests
    return scene


# Six seats with every patch are played on the phones below: the desktop plays them under the
# base rules.
@pytest.mark.parametrize(
    ("seats", "rules", "seed"),
    [(2, ALL, 3), (2, BASE, 4), (6, BASE, 6)],
    ids=["2p-patches", "2p-base", "6p-base"],
)
def test_complete_game_by_clicks(
    app: App, random_ai: None, seats: int, rules: Rules, seed: int
) -> None:
    scene = _start(app, seats, rules, seed)
    stats = play_game(app, random.Random(seed))
    session = scene.session
    assert session.is_over()
    assert stats["clicked"] > 10
    # the record replays to the same end (the client played only legal actions)
    assert session.record.replay().scores() == session.state.scores()


def test_hot_seat_game_by_clicks(app: App, random_ai: None) -> None:
    scene = _start(app, 3, ALL, 11, humans=2)
    stats = play_game(app, random.Random(11))
    assert scene.session.is_over()
    assert stats["handovers"] > 0


def test_complete_game_on_a_phone_by_clicks(app: App, random_ai: None) -> None:
    """The compact layout: the drawer tabs, the menu and the "?" lie over the map's right edge,
    so a city or general under them is brought out by zooming and dragging, as a person does
    (about forty times a game: one game shows it, as the iPhone SE's below does again)."""
    app.set_screen((844, 390))
    try:
        scene = _start(app, 6, ALL, 3)
        play_game(app, random.Random(3))
        assert scene.session.is_over()
    finally:
        app.set_screen(None)


def test_complete_game_on_an_iphone_se_by_clicks(app: App, random_ai: None) -> None:
    """At 568x320 the dice stand in a column over the map's bottom left: a whole six-seat game
    is played by clicks there too (the dice picked over the map, a zoomed city under them
    brought out as one under the tabs)."""
    app.set_screen((568, 320))
    try:
        scene = _start(app, 6, ALL, 3)
        play_game(app, random.Random(3))
        assert scene.session.is_over()
    finally:
        app.set_screen(None)
