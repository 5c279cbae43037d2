"""The in-match menu (over the board) and the import dialog."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from web.play import saves, storage
from web.scene import Scene
from web.text import i18n
from web.ui import layout, theme
from web.ui.gestures import UIEvent
from web.ui.layout import HEIGHT, Box, centered, grid
from web.ui.widgets import Button, ButtonGroup, dim, label, panel

if TYPE_CHECKING:
    from web.scene import Host
    from web.scenes.match import MatchScene

# Up to eight files (FileStorage.import_candidates) above the Back button at y 640 (on a phone
# in two columns, ``layout.grid``).
FILE_H, FILE_STEP = 48, 54
MENU_BUTTON_W = 340
NONE_SIZE, NONE_W = 16, 1200  # "No save files in <folder>": its size and widest line


class _DropTarget(Scene):
    """A scene of buttons that also opens a save file dropped on the window."""

    buttons: ButtonGroup

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "back":
            self.app.pop()
        elif ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)
        elif ev.kind == "drop":
            self.app.nav.import_file(ev.text)


class MenuScene(_DropTarget):
    opaque = False

    def __init__(self, app: Host, match: MatchScene) -> None:
        super().__init__(app)
        self.match = match
        self.buttons = ButtonGroup()
        self.on_language()

    def on_language(self) -> None:
        items = [
            ("resume", i18n.t("resume"), self.app.pop),
            ("export", i18n.t("export"), lambda: saves.export(self.app, self.match.session)),
            ("import", i18n.t("import"), self.app.nav.open_import),
            ("howto", i18n.t("howto"), self.app.nav.open_how_to_play),
            ("rules", i18n.t("rules"), self.app.nav.open_rules),
            ("settings", i18n.t("settings"), self.app.nav.open_settings),
            ("title", i18n.t("to_title"), self.app.nav.open_title),
        ]
        h = max(54, layout.touch())  # a finger tall on a phone: the panel grows to hold them
        # Where one column of them would be taller than the screen (568x320, an iPhone SE held
        # sideways), two side by side.
        cols = 1 if 70 + len(items) * (h + 8) + 14 <= HEIGHT - 16 else 2
        rows = -(-len(items) // cols)
        w = MENU_BUTTON_W
        self.box = centered(cols * w + (cols - 1) * 16 + 80, 70 + rows * (h + 8) + 14)
        boxes = grid(self.box.x + 40, self.box.y + 70, w, h, len(items), cols, gap=16)
        self.buttons = ButtonGroup(
            [
                Button(b, text, fn, tag=tag, size=19)
                for b, (tag, text, fn) in zip(boxes, items, strict=True)
            ]
        )

    def occupied(self) -> list[Box]:
        return [self.box, *super().occupied()]

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        panel(surface, self.box)
        label(
            surface,
            i18n.t("menu"),
            self.box.center[0],
            self.box.y + 18,
            28,
            theme.GOLD,
            "serif",
            "midtop",
        )
        self.buttons.draw(surface)


class ImportScene(_DropTarget):
    """Pick a save file (desktop: the exports folder or a dropped file; browser: file picker)."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.files: list[Path] = app.storage.import_candidates()
        self.buttons = ButtonGroup()
        self.on_language()

    def on_language(self) -> None:
        b = ButtonGroup()
        touch = layout.touch()
        y = 176 if touch else 200
        if storage.IS_WEB:
            pick = self.app.storage.begin_web_import
            b.add(Button(Box(440, y, 400, max(56, touch)), i18n.t("import_web"), pick, tag="web"))
            if touch:  # the files (none in a browser, but a desktop laid out as a phone) below
                y += touch + 8
        if touch:  # a phone: finger-tall files, two columns so that eight fit above Back
            boxes = grid(72, y, 560, touch, len(self.files), 2)
        else:
            boxes = [Box(340, y + i * FILE_STEP, 600, FILE_H) for i in range(len(self.files))]
        for i, (box, path) in enumerate(zip(boxes, self.files, strict=True)):
            b.add(Button(box, path.name, partial(self.app.nav.import_file, str(path)),
                         tag=f"file{i}"))  # fmt: skip
        h = max(56, touch)
        b.add(Button(Box(540, HEIGHT - 24 - h, 200, h), i18n.t("back"), self.app.pop, tag="back"))
        self.buttons = b

    def update(self, dt: float) -> None:
        try:
            text = self.app.storage.poll_web_import()
        except OSError as err:
            self.app.toast(i18n.phrase("file_unreadable", reason=err.strerror or str(err)), 7.0)
            return
        if text is not None:
            self.app.nav.import_text(text)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL)
        label(surface, i18n.t("import_title"), 640, 60, 36, theme.GOLD, "serif", "midtop")
        label(surface, i18n.t("import_hint"), 640, 130, 18, theme.TEXT_DIM, "sans", "midtop")
        if not self.files and not self.app.storage.import_candidates():
            where = str(getattr(self.app.storage, "dir", "")) + "/exports"
            # The folder may be longer than the canvas is wide at a phone's text floor: it goes
            # on as many lines as it needs, broken after a folder's separator.
            text = i18n.t("import_none", path=where)
            step = theme.line_height(NONE_SIZE)
            for i, line in enumerate(theme.wrap(text, NONE_SIZE, NONE_W)):
                label(surface, line, 640, 300 + i * step, NONE_SIZE, theme.TEXT_DIM, "sans",
                      "midtop", width=NONE_W)  # fmt: skip
        self.buttons.draw(surface)
