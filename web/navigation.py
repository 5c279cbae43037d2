"""Which scene comes next: every move from one screen to another is made here.

The App holds one ``Navigator`` (``app.nav``). Scenes call it instead of importing each other,
so that this module is the only one that knows the scene classes and the scenes import none of
it: the modules of the client stack without a cycle (tests/test_import_graph.py).
``web.play.saves`` only loads and stores; what the player sees after a load is decided here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game import GameRecord
from web.play import last_games, saves
from web.play.config import MatchConfig
from web.play.session import MatchSession
from web.scenes.game_over import GameOverScene
from web.scenes.how_to_play import HowToPlayScene
from web.scenes.last_games import LastGamesScene
from web.scenes.match import MatchScene
from web.scenes.menu import ImportScene, MenuScene
from web.scenes.new_game import NewGameScene
from web.scenes.pass_device import PassDeviceScene
from web.scenes.replace_game import ReplaceGameScene
from web.scenes.replay import ReplayScene
from web.scenes.rotate import RotateScene
from web.scenes.rules import RulesScene
from web.scenes.settings import SettingsScene
from web.scenes.title import TitleScene
from web.text import i18n

if TYPE_CHECKING:
    from web.scene import Host


class Navigator:
    def __init__(self, app: Host) -> None:
        self.app = app

    # -- the title, at the bottom of the stack -------------------------------------------------
    def start_title(self, attract_seed: int = 7) -> None:
        """The title goes at the bottom of the stack; every other scene goes above it."""
        self.app.push(TitleScene(self.app, attract_seed=attract_seed))

    def open_title(self) -> None:
        """Back to the title: every scene above it goes."""
        app = self.app
        del app.scenes[1:]
        if app.top is not None:
            app.top.on_enter()

    # -- a match -------------------------------------------------------------------------------
    def open_match(self, session: MatchSession) -> MatchScene:
        """``session`` becomes the current match, above the title (a game a person plays that
        is not over becomes the autosave)."""
        saves.adopt(self.app, session)
        scene = MatchScene(self.app, session)
        self.app.reset_to(scene)
        return scene

    def offer_match(self, session: MatchSession) -> None:
        """Like ``open_match``, but asks first when it would replace an unfinished game of the
        player's (the dialog can keep it, export it, or replace it)."""
        existing = saves.replaced_by(self.app, session)
        if existing is None:
            self.open_match(session)
        else:
            self.app.push(ReplaceGameScene(self.app, existing, lambda: self.open_match(session)))

    def watch(self, config: MatchConfig) -> MatchScene:
        """A game the AIs play alone (it never touches the autosave)."""
        return self.open_match(MatchSession(config))

    def open_game_over(self, session: MatchSession) -> None:
        last_games.remember(self.app.storage, session, self.app.notices)
        self.app.push(GameOverScene(self.app, session))

    def pass_device(self, session: MatchSession, seat: int, done: Callable[[], None]) -> None:
        """Hot-seat: the board hides until ``seat``'s player holds the device."""
        self.app.push(PassDeviceScene(self.app, session, seat, done))

    def open_menu(self, match: MatchScene) -> None:
        self.app.push(MenuScene(self.app, match))

    # -- importing a save ----------------------------------------------------------------------
    def open_import(self) -> None:
        self.app.push(ImportScene(self.app))

    def import_text(self, text: str | bytes) -> bool:
        """Open an imported file as the match (asking first if it replaces an unfinished game);
        False, with the reason shown, when it is refused."""
        found = saves.load(self.app, text)
        if isinstance(found, str):
            self.app.toast(found, 7.0)
            return False
        self.offer_match(found)
        return True

    def import_file(self, path: str) -> None:
        """A file picked or dropped on the window, imported as ``import_text`` does."""
        data = self._read(path)
        if data is not None:
            self.import_text(data)

    def _read(self, path: str) -> bytes | None:
        """A file from outside, or None with the reason shown. A byte past ``IMPORT_LIMIT``
        is read so that a larger file is told as that, not cut and told as a garbled save."""
        try:
            with open(path, "rb") as f:
                data = f.read(saves.IMPORT_LIMIT + 1)
        except OSError as err:
            self.app.toast(i18n.phrase("file_unreadable", reason=err.strerror or str(err)), 7.0)
            return None
        if len(data) > saves.IMPORT_LIMIT:
            self.app.toast(i18n.phrase("file_too_large", path=path), 7.0)
            return None
        return data

    # -- watching a game again -------------------------------------------------------------------
    def open_replay(
        self, record: GameRecord, config: MatchConfig, viewer: int = -1, review: bool = False
    ) -> ReplayScene:
        """A played game to watch again, above the current screen (closing it comes back)."""
        scene = ReplayScene(self.app, record, config, viewer, review=review)
        self.app.push(scene)
        return scene

    def replay_session(self, session: MatchSession) -> ReplayScene:
        record = session.record.with_actions(session.record.actions)
        return self.open_replay(record, session.config, session.viewer)

    def open_last_games(self) -> None:
        self.app.push(LastGamesScene(self.app))

    def replay_text(
        self, text: str | bytes, review: bool = False, remember: bool = True
    ) -> ReplayScene | None:
        """Watch a record or save from outside; None, with the reason shown, if refused. A
        finished game joins the last games."""
        found = saves.load(self.app, text)
        if isinstance(found, str):
            self.app.toast(found, 7.0)
            return None
        found.on_commit = None  # a game watched is never the autosave
        if remember and found.is_over():
            last_games.remember(self.app.storage, found, self.app.notices)
        scene = self.replay_session(found)
        scene.review_first = review
        return scene

    def replay_file(self, path: str) -> None:
        data = self._read(path)
        if data is not None:
            self.replay_text(data)

    # -- screens over any other ----------------------------------------------------------------
    def open_new_game(self) -> None:
        self.app.push(NewGameScene(self.app))

    def open_how_to_play(self, on_done: Callable[[], None] | None = None) -> None:
        self.app.push(HowToPlayScene(self.app, on_done=on_done))

    def open_settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def open_rules(self, rule: str | None = None) -> None:
        """The rules reference at ``rule`` (or the last rule a tooltip cited); never twice."""
        if isinstance(self.app.top, RulesScene):
            return
        self.app.push(RulesScene(self.app, rule or self.app.last_rule))

    def ask_to_turn_phone(self) -> None:
        if not isinstance(self.app.top, RotateScene):  # asked once, however often it turns
            self.app.push(RotateScene(self.app))
