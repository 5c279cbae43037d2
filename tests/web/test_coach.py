"""The first-game coach: its line follows the legal actions and the selection (pure), it shows
in the match during the first seasons, and once dismissed it stays off (persisted)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game import P_ACTION
from game.actions import EndTurn, Move
from web.play.coach import COACH_ROUNDS, coach_key
from web.play.config import AI, HUMAN, MatchConfig, SeatConfig
from web.play.session import MatchSession

if TYPE_CHECKING:
    from web.app import App

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def _session(seed: int = 3, players: int = 2) -> MatchSession:
    seats = [SeatConfig(HUMAN if s == 0 else AI, "easy") for s in range(players)]
    return MatchSession(MatchConfig(seats, seed=seed))


def _until(session: MatchSession, cond: Callable[[], bool], limit: int = 5000) -> None:
    for _ in range(limit):
        if cond():
            return
        if session.human_to_act() >= 0 and session.legal():
            session.submit(session.legal()[0])
        else:
            session.tick(5)
    raise AssertionError("never reached")


def _own_action_phase(session: MatchSession) -> None:
    _until(session, lambda: bool(session.legal()) and session.state.phase == P_ACTION
           and not session.state.draw_queue and len(session.state.dice) == 4)  # fmt: skip


def test_the_coach_walks_a_first_turn(random_ai: None) -> None:
    session = _session()
    _until(session, lambda: bool(session.legal()))
    assert coach_key(session.state, session.legal(), None, None) == "coach_place"
    _own_action_phase(session)
    state, legal = session.state, session.legal()
    assert coach_key(state, legal, None, None) in ("coach_die", "coach_trade")
    move = next(a for a in legal if isinstance(a, Move))
    assert coach_key(state, legal, move.die, None) == "coach_general"
    assert coach_key(state, legal, move.die, move.general) == "coach_targets"
    assert coach_key(state, [a for a in legal if isinstance(a, EndTurn)], None, None) == (
        "coach_end"
    )
    assert coach_key(state, [], None, None) == "coach_wait"  # someone else decides


def test_the_coach_is_quiet_after_the_opening(random_ai: None) -> None:
    session = _session(seed=4)
    _until(session, lambda: session.state.round >= COACH_ROUNDS)
    assert coach_key(session.state, session.legal(), None, None) is None


def test_the_match_shows_the_coach_and_a_dismissal_persists(
    app: App, random_ai: None, data_dir: Path
) -> None:
    from tests.web.player import click
    from tests.web.test_scenes import _match, _own_turn
    from web.app import App
    from web.play.storage import FileStorage
    from web.scenes import match_chrome

    assert app.settings.coach  # on for a newcomer
    scene = _match(app, seed=12)
    _own_turn(app, scene)
    assert scene.chrome.coach_line
    app.frame()
    _box, close = match_chrome.coach_boxes(scene, scene.chrome.coach_line)
    assert close.w >= 44 and close.h >= 44
    tip = scene.tooltip_at(*close.center)
    assert tip is not None and tip[0]  # the close button says what it does
    click(app, *close.center)
    assert not app.settings.coach
    scene._refresh()
    assert scene.chrome.coach_line is None
    assert not App(headless=True, store=FileStorage(data_dir)).settings.coach
    # the settings turn it back on
    from web.scenes.settings import SettingsScene

    settings = SettingsScene(app)
    app.push(settings)
    from tests.web.player import click_button

    click_button(app, settings.buttons, "coach")
    assert app.settings.coach
    app.pop()
    scene._refresh()
    assert scene.chrome.coach_line


def test_no_coach_for_spectators_and_after_a_whole_game(app: App, random_ai: None) -> None:
    from tests.web.test_scenes import _match

    scene = _match(app, seed=5, humans=0)
    app.run_frames(3)
    assert scene.chrome.coach_line is None
    scene2 = _match(app, seed=6)
    app.run_frames(3)
    assert app.settings.coach and scene2.chrome.coach_line
    scene2._game_over()  # a first game played to its end: no longer a newcomer
    assert not app.settings.coach


def test_the_coach_asks_for_continue_while_a_battle_result_waits(app: App, random_ai: None) -> None:
    """A held result waits on the player's tap: the coach said "The other kingdoms are
    playing" then, while the game was waiting on the player."""
    from tests.web.test_scenes import _match, _own_turn
    from web.scenes.match_events import Held
    from web.text import i18n

    scene = _match(app, seed=12)
    _own_turn(app, scene)
    scene.events.held = Held(battle=(), tower=0)
    scene._refresh()
    assert scene.chrome.coach_line == i18n.t("coach_result")
    scene.events.release()
    scene._refresh()
    assert scene.chrome.coach_line and scene.chrome.coach_line != i18n.t("coach_result")
