"""The rules reference, reachable from every screen, opening at the rule a tooltip cited."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from web.scene import Scene
from web.text import i18n
from web.text.rules_text import RULES, section_of
from web.ui import layout, theme
from web.ui.gestures import UIEvent
from web.ui.layout import Box
from web.ui.widgets import Button, ButtonGroup, label

if TYPE_CHECKING:
    from web.scene import Host

AREA = Box(60, 80, 1160, 620)


class RulesScene(Scene):
    help_button = False

    def __init__(self, app: Host, rule: str | None = None) -> None:
        super().__init__(app)
        self.anchor = section_of(rule)
        self.scroll = 0.0
        self.buttons = ButtonGroup()
        self.lines: list[tuple[str, str, int]] = []  # (rule id, text, y)
        self.on_language()

    def on_language(self) -> None:
        self.buttons = ButtonGroup()
        # A finger tall on a phone, and then higher, to stay above the text (y 80).
        top = Box(0, 14, 160, 48) if not layout.touch() else Box(0, 6, 160, layout.touch())
        self.buttons.add(Button(Box(1280 - 176, top.y, 160, top.h), i18n.t("close"),
                                self.app.pop, tag="close"))  # fmt: skip
        self.buttons.add(Button(Box(1280 - 346, top.y, 160, top.h), i18n.t("lang_name"),
                                self._toggle_language, tag="language"))  # fmt: skip
        ru = i18n.language() == "ru"
        y = 0
        self.lines = []
        for rid, en, rus in RULES:
            body = rus if ru else en
            if "." not in rid:
                y += 14
                self.lines.append((rid, f"{rid}  {body}", y))
                y += 34
                continue
            wrapped = theme.wrap(body, 17, AREA.w - 90)
            for i, line in enumerate(wrapped):
                self.lines.append((rid if i == 0 else "", line, y))
                y += 23
            y += 6
        self.height = y
        if self.anchor:
            for rid, _text, ly in self.lines:
                if rid == self.anchor:
                    self.scroll = max(0, min(ly - 10, self.height - AREA.h))
                    break

    def _toggle_language(self) -> None:
        self.app.set_language("ru" if i18n.language() == "en" else "en")

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "back":
            self.app.pop()
        elif ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)
        elif ev.kind == "wheel":
            self._scroll(-ev.dy * 60)
        elif ev.kind == "drag":
            self._scroll(-ev.dy)
        elif ev.kind == "key":
            if ev.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self._scroll(80 if ev.key == pygame.K_DOWN else 500)
            elif ev.key in (pygame.K_UP, pygame.K_PAGEUP):
                self._scroll(-80 if ev.key == pygame.K_UP else -500)

    def _scroll(self, d: float) -> None:
        self.scroll = max(0.0, min(max(0, self.height - AREA.h), self.scroll + d))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PAPER)
        label(surface, i18n.t("rules"), 60, 20, 32, theme.INK, "serif")
        self.buttons.draw(surface)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(AREA.tuple()))
        for rid, text, y in self.lines:
            sy = AREA.y + y - self.scroll
            if sy < AREA.y - 40 or sy > AREA.bottom:
                continue
            if rid and "." not in rid:
                label(surface, text, AREA.x, sy, 24, (120, 60, 20), "serif")
                continue
            if rid:
                color = (170, 40, 30) if rid == self.anchor else (120, 90, 50)
                label(surface, rid, AREA.x, sy, 17, color, "bold")
                if rid == self.anchor:
                    pygame.draw.rect(surface, theme.GOLD, (AREA.x - 14, sy + 2, 6, 18))
            label(surface, text, AREA.x + 80, sy, 17, theme.INK)
        surface.set_clip(clip)
