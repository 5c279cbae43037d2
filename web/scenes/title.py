"""The title screen, with an AI-only game playing behind it (attract mode)."""

from __future__ import annotations

import pygame

from web import i18n, saves, theme
from web.app import App, Scene
from web.config import spectator_config
from web.gestures import UIEvent
from web.layout import Box, column
from web.session import MatchSession
from web.widgets import Button, ButtonGroup, dim, label, panel

NOTICE_SIZE = 16  # a small text: it grows with the large-text setting
NOTICE_X, NOTICE_W = 40, 390  # a card left of the buttons, as tall as its lines


class TitleScene(Scene):
    def __init__(self, app: App, attract_seed: int = 7) -> None:
        super().__init__(app)
        self.attract_seed = attract_seed
        self.attract = self._new_attract()
        self.buttons = ButtonGroup()
        self.resume: MatchSession | None = None
        self.on_enter()

    def _new_attract(self) -> object:
        from web.scenes.match import MatchScene

        session = MatchSession(spectator_config(4, self.attract_seed, "easy"))
        scene = MatchScene(self.app, session, attract=True)
        return scene

    def on_enter(self) -> None:
        self.resume = saves.resumable(self.app)
        self.on_language()

    def on_language(self) -> None:
        items: list[tuple[str, str, object]] = []
        if self.resume is not None:
            items.append(("continue", i18n.t("continue"), self._continue))
        items += [
            ("new", i18n.t("new_game"), self._new_game),
            ("howto", i18n.t("howto"), self._how_to_play),
            ("spectate", i18n.t("spectate"), self._spectate),
            ("import", i18n.t("import"), self._import),
            ("rules", i18n.t("rules"), lambda: self.app.open_rules()),
            ("settings", i18n.t("settings"), self._settings),
        ]
        from web import storage

        if not storage.IS_WEB:
            items.append(("quit", i18n.t("quit"), self._quit))
        h, gap = (52, 10) if len(items) <= 6 else (48, 8)
        boxes = column(490, 238, 300, [h] * len(items), gap)
        self.buttons = ButtonGroup([
            Button(b, text, fn, tag=tag, size=19, style="primary" if i == 0 else "normal")  # type: ignore[arg-type]
            for i, (b, (tag, text, fn)) in enumerate(zip(boxes, items, strict=True))
        ])  # fmt: skip
        self.panel_box = Box(460, 220, 360, h * len(items) + gap * (len(items) - 1) + 36)

    def _continue(self) -> None:
        if self.resume is not None:
            saves.start(self.app, self.resume)

    def _new_game(self) -> None:
        from web.scenes.new_game import NewGameScene

        self.app.push(NewGameScene(self.app))

    def _how_to_play(self) -> None:
        from web.scenes.how_to_play import HowToPlayScene

        self.app.push(HowToPlayScene(self.app, on_done=self._new_game))

    def _spectate(self) -> None:
        from web.scenes.match import MatchScene

        session = MatchSession(spectator_config(4, self.attract_seed + 1, "normal"))
        self.app.push(MatchScene(self.app, session))

    def _import(self) -> None:
        from web.scenes.menu import ImportScene

        self.app.push(ImportScene(self.app))

    def _settings(self) -> None:
        from web.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def _quit(self) -> None:
        self.app.running = False

    def update(self, dt: float) -> None:
        scene = self.attract
        scene.update(dt)  # type: ignore[attr-defined]
        self.ai_busy = scene.ai_busy  # type: ignore[attr-defined]
        if scene.session.is_over() and not scene.animator.busy:  # type: ignore[attr-defined]
            self.attract_seed += 1
            self.attract = self._new_attract()

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)
        elif ev.kind == "drop":
            from web.scenes.menu import _import_file

            _import_file(self.app, ev.text)
        elif ev.kind == "back" and self.resume is not None:
            self._continue()

    def draw(self, surface: pygame.Surface) -> None:
        self.attract.draw(surface)  # type: ignore[attr-defined]
        dim(surface, 120)
        band = pygame.Surface((1280, 150), pygame.SRCALPHA)
        band.fill((14, 16, 22, 190))
        surface.blit(band, (0, 58))
        label(surface, i18n.t("title"), 640, 70, 76, theme.GOLD, "serif", "midtop")
        label(surface, i18n.t("subtitle"), 640, 168, 22, theme.TEXT, "sans", "midtop")
        panel(surface, self.panel_box, alpha=220)
        self.buttons.draw(surface)
        text = saves.notice(self.app)
        if text:
            box = self.notice_box()
            panel(surface, box, alpha=235)
            size = theme.small(NOTICE_SIZE)
            step = theme.font(size).get_linesize()
            for i, line in enumerate(self.notice_lines()):
                label(surface, line, box.x + 16, box.y + 8 + i * step, size, theme.GOLD)

    def notice_lines(self) -> list[str]:
        return theme.wrap(saves.notice(self.app), theme.small(NOTICE_SIZE), NOTICE_W - 32)

    def notice_box(self) -> Box:
        step = theme.font(theme.small(NOTICE_SIZE)).get_linesize()
        h = 16 + step * max(1, len(self.notice_lines()))
        return Box(NOTICE_X, self.panel_box.y, NOTICE_W, h)

    def tooltip_at(self, x: float, y: float) -> tuple[list[str], str | None] | None:
        return None
