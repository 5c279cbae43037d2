"""The last finished games (``web.play.last_games``): when, who, who won, how long; each opens
in the replay, each exports to a file; a record or save from a file opens in the replay too."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import default_map
from web.play import last_games, saves, storage
from web.play.last_games import LastGame
from web.render.tokens import draw_token
from web.scene import Scene
from web.text import i18n, results
from web.ui import layout, theme
from web.ui.gestures import UIEvent
from web.ui.layout import HEIGHT, Box, grid
from web.ui.widgets import Button, ButtonGroup, label, text_in

if TYPE_CHECKING:
    from web.scene import Host

PER_PAGE = 7
ROW_Y, ROW_H, ROW_STEP = 118, 62, 70
ROW_X, ROW_W = 60, 1160
BUTTON_W, BUTTON_H = 140, 48  # Watch and Export, at each row's right end
TEXT_SIZE = 16  # a small text: it grows with the large-text setting


@dataclass(frozen=True)
class Rows:
    """The list's rows: where the first is, how tall, the step to the next, how many a page
    holds, and the bottom buttons' top and height."""

    y: int
    h: int
    step: int
    per_page: int
    bottom_y: int
    bottom_h: int


def rows(touch: int) -> Rows:
    """The desktop's seven rows, or on a phone (``touch``: its smallest button) rows with
    finger-tall buttons and three lines of text (a long list of winners takes two), as many
    as fit above the bottom buttons."""
    if not touch:
        return Rows(ROW_Y, ROW_H, ROW_STEP, PER_PAGE, 640, 56)
    h = max(touch + 4, 3 * theme.line_height(theme.small(TEXT_SIZE)) + 6)
    step, top = h + 8, 96
    bottom_y = HEIGHT - 24 - touch
    return Rows(top, h, step, (bottom_y - 8 - top - h) // step + 1, bottom_y, touch)


def button_w() -> int:
    """Watch's and Export's width: a finger wide on a phone, and wide enough for their labels
    at its text floor («Смотреть», 130 px at 800x360's, had 128 px of a 140 px button)."""
    watch = theme.font(theme.ui(17), "bold").size(i18n.t("lg_watch"))[0]
    export = theme.font(theme.ui(17)).size(i18n.t("lg_export"))[0]
    return max(BUTTON_W, layout.touch(), watch + 16, export + 16)


class LastGamesScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.games: list[LastGame] = []
        self.page = 0
        self.files: list[Path] | None = None  # the exports folder's files, when picking one
        self.buttons = ButtonGroup()
        self.on_enter()

    def on_enter(self) -> None:
        said = len(self.app.notices)  # the title says it too, until a game is started
        self.games = last_games.entries(self.app.storage, self.app.notices)
        if len(self.app.notices) > said:  # games that no longer load were set aside
            self.app.toast(saves.sentences(self.app.notices[said:]), 8.0)
        self.on_language()

    def rows(self) -> Rows:
        return rows(layout.touch())

    def on_language(self) -> None:
        b = ButtonGroup()
        r = self.rows()
        touch = layout.touch()
        # Here, as a phone's page holds fewer rows than the desktop's.
        self.page = min(self.page, max(0, (len(self.games) - 1) // r.per_page))
        if self.files is not None:
            if touch:  # a phone: finger-tall files, two columns so that eight fit above Back
                boxes = grid(72, r.y, 560, touch, len(self.files), 2)
            else:
                boxes = [Box(340, ROW_Y + i * 58, 600, 48) for i in range(len(self.files))]
            for i, (box, path) in enumerate(zip(boxes, self.files, strict=True)):
                b.add(Button(box, path.name, partial(self._open_file, path), tag=f"file{i}",
                             size=16))  # fmt: skip
            b.add(Button(Box(540, r.bottom_y, 200, r.bottom_h), i18n.t("back"), self._close_files,
                         tag="back"))  # fmt: skip
            self.buttons = b
            return
        w, h = button_w(), max(BUTTON_H, touch)
        for i, game in enumerate(self.shown()):
            y = r.y + i * r.step + (r.h - h) // 2
            b.add(Button(Box(ROW_X + ROW_W - 10 - w, y, w, h), i18n.t("lg_watch"),
                         partial(self._watch, game), style="primary", tag=f"watch{i}",
                         size=17))  # fmt: skip
            b.add(Button(Box(ROW_X + ROW_W - 20 - 2 * w, y, w, h), i18n.t("lg_export"),
                         partial(self._export, game), tag=f"export{i}", size=17))  # fmt: skip
        y, h = r.bottom_y, r.bottom_h
        b.add(Button(Box(60, y, 220, h), i18n.t("back"), self.app.pop, tag="back"))
        b.add(Button(Box(300, y, 300, h), i18n.t("lg_import"), self._pick_file, tag="import",
                     size=17))  # fmt: skip
        pages = (len(self.games) + r.per_page - 1) // r.per_page
        if pages > 1:
            b.add(Button(Box(1040, y, 80, h), "‹", partial(self._turn, -1), tag="page_prev",
                         enabled=self.page > 0, size=24))  # fmt: skip
            b.add(Button(Box(1140, y, 80, h), "›", partial(self._turn, 1), tag="page_next",
                         enabled=self.page < pages - 1, size=24))  # fmt: skip
        self.buttons = b

    def shown(self) -> list[LastGame]:
        n = self.rows().per_page
        return self.games[self.page * n : (self.page + 1) * n]

    def _turn(self, step: int) -> None:
        self.page += step
        self.on_language()

    def _watch(self, game: LastGame) -> None:
        text = last_games.load(self.app.storage, game)
        if text is None or self.app.nav.replay_text(text, remember=False) is None:
            self._set_aside(game)

    def _set_aside(self, game: LastGame) -> None:
        """``game`` no longer loads: it leaves the list, its file kept aside, and the player
        is told where it went."""
        said: list[last_games.Notice] = []
        last_games.set_aside(self.app.storage, game, said)
        self.app.toast(saves.sentences(said), 8.0)
        self.on_enter()

    def _export(self, game: LastGame) -> None:
        """As Watch: a game that no longer loads is set aside, not written out as a file that
        would not import."""
        text = last_games.load(self.app.storage, game)
        if text is None or isinstance(saves.load(self.app, text), str):
            self._set_aside(game)
            return
        try:
            where = self.app.storage.export(text)
        except OSError as err:
            self.app.toast(i18n.phrase("export_failed", reason=err.strerror or str(err)), 7.0)
            return
        self.app.toast(i18n.phrase("exported", path=where), 6.0)

    def _pick_file(self) -> None:
        if storage.IS_WEB:
            self.app.storage.begin_web_import()
            return
        self.files = self.app.storage.import_candidates()
        if not self.files:
            self.files = None
            self.app.toast(i18n.phrase("lg_import_hint"), 5.0)
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
            self.app.toast(i18n.phrase("file_unreadable", reason=err.strerror or str(err)), 7.0)
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

    def row_lines(self, game: LastGame, split: bool = False, players: bool = True,
                  short: bool = False) -> tuple[str, str]:  # fmt: skip
        """When and how long; who won. ``split``: the date on a line of its own; without
        ``players``, the number of players left to the row's kingdoms, which count them;
        ``short``: a shared victory counted ("victory shared by all 6"), not named, where the
        names do not fit."""
        board = default_map()  # the kingdoms' names are the same on every map
        named = [i18n.name(board.kingdoms[game.kingdoms[s]]) for s in game.winners
                 if 0 <= s < len(game.kingdoms) and game.kingdoms[s] >= 0]  # fmt: skip
        if short and len(named) > 1:
            count = results.shared_count(len(named), game.players)
            won = i18n.t("lg_won_shared", count=count)
        elif named:
            won = i18n.t("lg_won", names=", ".join(named))
        else:
            won = i18n.t("lg_nobody")
        parts = [i18n.t("lg_seasons", n=game.rounds)]
        if players:
            parts.insert(0, i18n.t("lg_players", n=game.players))
        length = " · ".join(parts)
        return f"{game.saved}\n{length}" if split else f"{game.saved} · {length}", won

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
        r = self.rows()
        buttons_w = 2 * button_w() + 30  # Watch and Export, with margins
        for i, game in enumerate(self.shown()):
            y = r.y + i * r.step
            pygame.draw.rect(surface, (34, 38, 47), (ROW_X, y, ROW_W, r.h), border_radius=8)
            x = ROW_X + 26
            for seat, k in enumerate(game.kingdoms):
                if k >= 0:
                    draw_token(surface, k, 0, x, y + r.h // 2, 26, own=seat in game.humans)
                x += 32
            width = ROW_X + ROW_W - buttons_w - (x + 8)
            first, second = self.row_lines(game)
            touch = layout.touch()
            if theme.fit(second, size, width, lines=2 if touch else 1).cut:
                # Six kingdoms sharing a victory are more names than the row has room for
                # (two lines at 568x320's floor, «…Карфагеняне, Греки» cut): they are counted.
                second = self.row_lines(game, short=True)[1]
            if touch:  # three lines: the winners may take two, or the date one
                step = theme.line_height(size)
                below = len(theme.fit(second, size, width, lines=2).lines)
                above = 1
                if theme.fit(first, size, width).cut:
                    # «2026-12-05 20:03 · игроков: 6 · сезонов: 16» is wider than a row beside
                    # five or six kingdoms at 568x320's floor: the date goes above the rest,
                    # or where the winners take two lines, the kingdoms count the players.
                    if below == 1:
                        first, above = self.row_lines(game, split=True)[0], 2
                    else:
                        first = self.row_lines(game, players=False)[0]
                top = y + (r.h - step * (above + below)) // 2
                text_in(surface, first, Box(x + 8, top, width, step * above), size, theme.TEXT,
                        "sans", "left", lines=above, valign="top")  # fmt: skip
                text_in(surface, second, Box(x + 8, top + step * above, width, step * below),
                        size, theme.TEXT_DIM, "sans", "left", lines=2, valign="top")  # fmt: skip
                continue
            mid = y + r.h // 2
            label(surface, first, x + 8, mid, size, theme.TEXT, "sans", "bottomleft", width=width)
            label(surface, second, x + 8, mid, size, theme.TEXT_DIM, "sans", "topleft",
                  width=width)  # fmt: skip
        self.buttons.draw(surface)
