"""The client's files from before the map had versions (tests/data/map1/: an autosave, a kept
last game with its list, an export) open as they did, on map 1, drawn with map 1, while a new
game is played on the current map (R2.5). A current map unlike map 1 stands in the shipped
one's place (``other_current_map``), so that a file shown on the wrong map would be seen."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

pygame = pytest.importorskip("pygame")

from game import CURRENT_MAP, MapSpec, get_map  # noqa: E402
from tests.test_old_files import EXPECTED, OLD, check_state, check_texts, sha  # noqa: E402
from tests.web.matches import play_a_step  # noqa: E402
from tests.web.player import click_button, top  # noqa: E402
from web.play import last_games, saves  # noqa: E402
from web.play.config import AI, HUMAN, MatchConfig, SeatConfig  # noqa: E402
from web.play.session import MatchSession  # noqa: E402
from web.render.mapart import board_geometry  # noqa: E402
from web.scenes.last_games import LastGamesScene  # noqa: E402
from web.scenes.match import MatchScene  # noqa: E402
from web.scenes.replay import ReplayScene  # noqa: E402
from web.text import describe, i18n  # noqa: E402

if TYPE_CHECKING:
    from web.app import App

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def check_session(session: MatchSession, expected: dict[str, Any]) -> None:
    """The session is the old file's game, on map 1, its log told as the old client told it."""
    assert session.state.board is get_map(1) and session.record.map_version == 1
    assert session.humans == expected["humans"] and session.viewer == expected["viewer"]
    assert session.is_over() == expected["over"]
    check_state(session.state, expected)
    check_texts(session.record, expected)
    i18n.set_language("en")
    lines = [describe.log_line(session.state.board, e, session.viewer) for e in session.log]
    assert lines[-3:] == expected["last_log_lines"]
    assert sha("\n".join(lines)) == expected["log_sha256"]


def drawn_on_map_1(scene: MatchScene | ReplayScene) -> bool:
    return scene.board_view.g is board_geometry(get_map(1))


def test_the_old_autosave_resumes_on_map_1(
    app: App, data_dir: Path, random_ai: None, other_current_map: MapSpec
) -> None:
    from web.scenes.title import TitleScene

    data_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD / "autosave.json", data_dir / "autosave.json")
    old = (OLD / "autosave.json").read_text(encoding="utf-8")
    session = saves.resumable(app)
    assert session is not None
    check_session(session, EXPECTED["autosave.json"])
    # The game the old file holds is this one: nothing asks to replace it, nothing is lost.
    assert saves.replaced_by(app, session) is None
    title = TitleScene(app)
    app.push(title)
    click_button(app, title.buttons, "continue")
    match = top(app, MatchScene)
    assert drawn_on_map_1(match) and match.session.state.board is get_map(1)
    # Played on, it is saved as a game of map 1, a move taken back on map 1 too.
    played = match.session
    before = played.state.to_json()
    legal = [a for a in played.legal() if a.describe(played.state.board) != "End turn"]
    played.submit(legal[0])
    assert played.can_undo() and played.undo()
    assert played.state.to_json() == before and played.state.board is get_map(1)
    while len(played.record.actions) < EXPECTED["autosave.json"]["actions"] + 3:
        play_a_step(played)
    saved = json.loads(app.storage.read(saves.AUTOSAVE) or "{}")
    assert saved["map"] == 1
    assert saved["actions"][: len(json.loads(old)["actions"])] == json.loads(old)["actions"]


def test_a_new_game_is_played_and_drawn_on_the_current_map(
    app: App, random_ai: None, other_current_map: MapSpec
) -> None:
    seats = [SeatConfig(HUMAN), SeatConfig(AI, "easy")]
    session = saves.new_session(app, MatchConfig(seats, seed=4))
    assert session.state.board is other_current_map
    match = MatchScene(app, session)
    assert match.board_view.g is board_geometry(other_current_map)
    assert not drawn_on_map_1(match)
    while not app.storage.exists(saves.AUTOSAVE):
        play_a_step(session)
    assert json.loads(app.storage.read(saves.AUTOSAVE) or "{}")["map"] == CURRENT_MAP


def test_an_old_kept_game_is_listed_watched_and_kept_once(
    app: App, data_dir: Path, other_current_map: MapSpec
) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    for name in ("last-game-0.json", "last-games.json"):
        shutil.copy(OLD / name, data_dir / name)
    expected = EXPECTED["last-game-0.json"]
    (kept,) = last_games.entries(app.storage)
    assert kept.digest == expected["digest"] and kept.actions == expected["actions"]
    text = last_games.load(app.storage, kept)
    assert text is not None
    session = saves.load(app, text)
    assert isinstance(session, MatchSession)
    check_session(session, expected)
    # The same game told again (imported, watched) is found as the one kept: same digest.
    again = last_games.remember(app.storage, session)
    assert again is not None and again.slot == kept.slot and again.digest == kept.digest
    assert len(last_games.entries(app.storage)) == 1
    scene = LastGamesScene(app)
    app.push(scene)
    scene._watch(kept)
    replay = top(app, ReplayScene)
    assert replay.board is get_map(1) and drawn_on_map_1(replay)


def test_an_old_export_opens_on_map_1(app: App, other_current_map: MapSpec) -> None:
    text = (OLD / "export.json").read_text(encoding="utf-8")
    session = saves.load(app, text)
    assert isinstance(session, MatchSession)
    check_session(session, EXPECTED["export.json"])
    replay = app.nav.replay_text(text)
    assert replay is not None and replay.board is get_map(1) and drawn_on_map_1(replay)
    # A finished game watched joins the last games, as a game of map 1.
    (kept,) = last_games.entries(app.storage)
    stored = json.loads(last_games.load(app.storage, kept) or "{}")
    assert stored["map"] == 1 and stored["actions"] == json.loads(text)["actions"]
