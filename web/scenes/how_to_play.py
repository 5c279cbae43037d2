"""How to play: seven short illustrated pages for someone who never read the rules, each
linking to the full rule in the rules reference. Reachable from the title and the match menu.

Swipe, arrow keys, the page dots or the buttons turn the pages.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from web import i18n, theme
from web.app import App, Scene
from web.gestures import UIEvent
from web.i18n_help import HOWTO_LINES, HOWTO_PAGES
from web.layout import Box, row
from web.render.howto_art import draw_page
from web.widgets import Button, ButtonGroup, label

ART = Box(40, 86, 560, 510)
TEXT = Box(640, 86, 600, 420)
SWIPE_PX = 90  # a horizontal drag this long turns the page


def page_lines(page: str) -> list[str]:
    out = []
    for i in range(1, HOWTO_LINES + 1):
        key = f"howto_{page}_{i}"
        if key in i18n.TEXT:
            out.append(i18n.t(key))
    return out


class HowToPlayScene(Scene):
    help_button = False

    def __init__(self, app: App, page: int = 0, on_done: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.page = max(0, min(len(HOWTO_PAGES) - 1, page))
        self.on_done = on_done
        self.t = 0.0
        self.buttons = ButtonGroup()
        self._stroke: tuple[float, float] | None = None
        self._swipe_dx = 0.0
        self._turned = False
        self.on_language()

    # -- building ------------------------------------------------------------------------------
    def on_language(self) -> None:
        n = len(HOWTO_PAGES)
        rule = HOWTO_PAGES[self.page][1]
        b = ButtonGroup()
        b.add(Button(Box(1280 - 176, 14, 160, 52), i18n.t("close"), self.app.pop, tag="close"))
        b.add(Button(Box(1280 - 346, 14, 160, 52), i18n.t("lang_name"), self._toggle_language,
                     tag="language"))  # fmt: skip
        b.add(Button(Box(TEXT.x, TEXT.bottom + 24, 380, 56), i18n.t("howto_rule", rule=rule),
                     lambda: self.app.open_rules(rule), tag="rule", size=18))  # fmt: skip
        b.add(Button(Box(40, 626, 220, 64), i18n.t("prev"), lambda: self.turn(-1),
                     enabled=self.page > 0, tag="prev", size=20))  # fmt: skip
        last = self.page == n - 1
        b.add(Button(Box(1020, 626, 220, 64), i18n.t("done") if last else i18n.t("next"),
                     self._done if last else lambda: self.turn(1), tag="next",
                     style="primary", size=20))  # fmt: skip
        dots = row(640 - (n * 48 - 4) // 2, 636, [44] * n, 44, gap=4)
        for i, box in enumerate(dots):
            b.add(Button(box, str(i + 1), lambda i=i: self.go(i), selected=i == self.page,
                         tag=f"page{i}", size=17))  # fmt: skip
        self.buttons = b

    def go(self, page: int) -> None:
        self.page = max(0, min(len(HOWTO_PAGES) - 1, page))
        self.on_language()

    def turn(self, step: int) -> None:
        self.go(self.page + step)

    def _done(self) -> None:
        self.app.pop()
        if self.on_done is not None:
            self.on_done()

    def _toggle_language(self) -> None:
        self.app.set_language("ru" if i18n.language() == "en" else "en")

    # -- events --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "back":
            self.app.pop()
        elif ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)
        elif ev.kind == "drag":
            self._drag(ev)
        elif ev.kind == "key":
            if ev.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_RETURN):
                if self.page == len(HOWTO_PAGES) - 1 and ev.key == pygame.K_RETURN:
                    self._done()
                else:
                    self.turn(1)
            elif ev.key in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_BACKSPACE):
                self.turn(-1)

    def _drag(self, ev: UIEvent) -> None:
        """A horizontal swipe turns one page per stroke (a stroke is known by where it began)."""
        start = (ev.x0, ev.y0)
        if start != self._stroke:
            self._stroke = start
            self._swipe_dx = 0.0
            self._turned = False
        if self._turned:
            return
        self._swipe_dx += ev.dx
        if abs(self._swipe_dx) >= SWIPE_PX:
            self._turned = True
            self.turn(-1 if self._swipe_dx > 0 else 1)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PAPER)
        label(surface, i18n.t("howto"), 40, 22, 32, theme.INK, "serif")
        name, _rule = HOWTO_PAGES[self.page]
        draw_page(surface, ART, name, self.t)
        total = len(HOWTO_PAGES)
        label(surface, i18n.t("howto_page", n=self.page + 1, total=total), TEXT.x, TEXT.y,
              15, (120, 90, 50), "bold")  # fmt: skip
        label(surface, i18n.t(f"howto_{name}_title"), TEXT.x, TEXT.y + 22, 30, (120, 60, 20),
              "serif")  # fmt: skip
        self._draw_lines(surface, page_lines(name), TEXT.y + 76)
        self.buttons.draw(surface)

    def _draw_lines(self, surface: pygame.Surface, lines: list[str], top: int) -> None:
        room = TEXT.bottom - top
        size = theme.small(19)
        while True:
            wrapped = [theme.wrap(text, size, TEXT.w - 28) for text in lines]
            height = sum(len(w) * (size + 6) + 14 for w in wrapped)
            if height <= room or size <= 14:
                break
            size -= 1
        y = top
        for chunk in wrapped:
            pygame.draw.circle(surface, theme.GOLD, (TEXT.x + 7, y + size // 2 + 3), 5)
            for line in chunk:
                label(surface, line, TEXT.x + 24, y, size, theme.INK)
                y += size + 6
            y += 14
