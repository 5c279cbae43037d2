"""The last finished games (``web.last_games``): when, who, who won, how long; each opens in the
replay, each exports to a file; a record or save from a file opens in the replay too."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import default_map
from web import i18n, last_games, storage, theme
from web.gestures import UIEvent
from web.last_games import LastGame
from web.layout import Box
from web.render.tokens import draw_token
from web.scene import Scene
from web.widgets import Button, ButtonGroup, label, text_in

if TYPE_CHECKING:
    from web.app import App

PER_PAGE = 7
ROW_Y, ROW_H, ROW_STEP = 118, 62, 70
ROW_X, ROW_W = 60, 1160
TEXT_SIZE = 16  # a small text: it grows with the large-text setting


class LastGamesScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games: list[LastGame] = []
        self.page = 0
        self.files: list[Path] | None = None  # the exports folder's files, when picking one
        self.buttons = ButtonGroup()
        self.on_enter()

    def on_enter(self) -> None:
        self.games = last_games.entries(self.app.storage)
        self.page = min(self.page, max(0, (len(self.games) - 1) // PER_PAGE))
        self.on_language()

    def on_language(self) -> None:
        b = ButtonGroup()
        if self.files is not None:
            for i, path in enumerate(self.files):
                b.add(Button(Box(340, ROW_Y + i * 58, 600, 48), path.name,
                             partial(self._open_file, path), tag=f"file{i}", size=16))  # fmt: skip
            b.add(Button(Box(540, 640, 200, 56), i18n.t("back"), self._close_files, tag="back"))
            self.buttons = b
            return
        for i, game in enumerate(self.shown()):
            y = ROW_Y + i * ROW_STEP + (ROW_H - 48) // 2
            b.add(Button(Box(ROW_X + ROW_W - 150, y, 140, 48), i18n.t("lg_watch"),
                         partial(self._watch, game), style="primary", tag=f"watch{i}",
                         size=17))  # fmt: skip
            b.add(Button(Box(ROW_X + ROW_W - 300, y, 140, 48), i18n.t("lg_export"),
                         partial(self._export, game), tag=f"export{i}", size=17))  # fmt: skip
        b.add(Button(Box(60, 640, 220, 56), i18n.t("back"), self.app.pop, tag="back"))
        b.add(Button(Box(300, 640, 300, 56), i18n.t("lg_import"), self._pick_file, tag="import",
                     size=17))  # fmt: skip
        pages = (len(self.games) + PER_PAGE - 1) // PER_PAGE
        if pages > 1:
            b.add(Button(Box(1040, 640, 80, 56), "‹", partial(self._turn, -1), tag="page_prev",
                         enabled=self.page > 0, size=24))  # fmt: skip
            b.add(Button(Box(1140, 640, 80, 56), "›", partial(self._turn, 1), tag="page_next",
                         enabled=self.page < pages - 1, size=24))  # fmt: skip
        self.buttons = b

    def shown(self) -> list[LastGame]:
        return self.games[self.page * PER_PAGE : (self.page + 1) * PER_PAGE]

    def _turn(self, step: int) -> None:
        self.page += step
        self.on_language()

    def _watch(self, game: LastGame) -> None:
        text = last_games.load(self.app.storage, game)
        if text is None or self.app.nav.replay_text(text, remember=False) is None:
            last_games.forget(self.app.storage, game)
            self.app.toast(i18n.t("lg_gone"), 5.0)
            self.on_enter()

    def _export(self, game: LastGame) -> None:
        text = last_games.load(self.app.storage, game)
        if text is None:
            self.app.toast(i18n.t("lg_gone"), 5.0)
            return
        try:
            where = self.app.storage.export(text)
        except OSError as err:
            self.app.toast(i18n.t("export_failed", reason=err.strerror or str(err)), 7.0)
            return
        self.app.toast(i18n.t("exported", path=where), 6.0)

    def _pick_file(self) -> None:
        if storage.IS_WEB:
            self.app.storage.begin_web_import()
            return
        self.files = self.app.storage.import_candidates()
        if not self.files:
            self.files = None
            self.app.toast(i18n.t("lg_import_hint"), 5.0)
            return
        self.on_language()

    def _close_files(self) -> None:
        self.files = None
        self.on_language()

    def _open_file(self, path: Path) -> None:
        self.files = None
        self.on_language()
        self.app.nav.replay_file(str(path))

    def update(self, dt: float) -> None:
        try:
            text = self.app.storage.poll_web_import()
        except OSError as err:
            self.app.toast(i18n.t("file_unreadable", reason=err.strerror or str(err)), 7.0)
            return
        if text is not None:
            self.app.nav.replay_text(text)

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "back":
            if self.files is not None:
                self._close_files()
            else:
                self.app.pop()
        elif ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)
        elif ev.kind == "drop":
            self.app.nav.replay_file(ev.text)

    def row_lines(self, game: LastGame) -> tuple[str, str]:
        """When and how long; who won."""
        board = default_map()
        names = ", ".join(i18n.name(board.kingdoms[game.kingdoms[s]]) for s in game.winners
                          if 0 <= s < len(game.kingdoms) and game.kingdoms[s] >= 0)  # fmt: skip
        won = i18n.t("lg_won", names=names) if names else i18n.t("lg_nobody")
        parts = [game.saved, i18n.t("lg_players", n=game.players),
                 i18n.t("lg_seasons", n=game.rounds)]  # fmt: skip
        return " · ".join(parts), won

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL)
        label(surface, i18n.t("lg_title"), 640, 40, 34, theme.GOLD, "serif", "midtop")
        size = theme.small(TEXT_SIZE)
        if self.files is not None:
            self.buttons.draw(surface)
            return
        if not self.games:
            text_in(surface, i18n.t("lg_empty"), Box(240, 200, 800, 120), size, theme.TEXT_DIM,
                    lines=3, valign="top")  # fmt: skip
        for i, game in enumerate(self.shown()):
            y = ROW_Y + i * ROW_STEP
            pygame.draw.rect(surface, (34, 38, 47), (ROW_X, y, ROW_W, ROW_H), border_radius=8)
            x = ROW_X + 26
            for seat, k in enumerate(game.kingdoms):
                if k >= 0:
                    draw_token(surface, k, 0, x, y + ROW_H // 2, 26, own=seat in game.humans)
                x += 32
            width = ROW_X + ROW_W - 310 - (x + 8)
            first, second = self.row_lines(game)
            mid = y + ROW_H // 2
            label(surface, first, x + 8, mid, size, theme.TEXT, "sans", "bottomleft", width=width)
            label(surface, second, x + 8, mid, size, theme.TEXT_DIM, "sans", "topleft",
                  width=width)  # fmt: skip
        self.buttons.draw(surface)
