"""How to play: seven short illustrated pages for someone who never read the rules, each
linking to the full rule in the rules reference, and a last page of the keyboard's keys.
Reachable from the title and the match menu.

Swipe, arrow keys, the page dots or the buttons turn the pages. A page's text that does not
fit its column (large text on a phone) scrolls there, by wheel, arrow keys or a finger; so does
the list of keys where its texts need more lines than its box holds (the smallest phone).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from web.render.howto_art import draw_page
from web.scene import Scene
from web.text import i18n
from web.text.i18n_help import HOWTO_LINES, HOWTO_PAGES
from web.text.i18n_ui import KEYS
from web.ui import layout, theme
from web.ui.gestures import UIEvent
from web.ui.layout import HEIGHT, Box, row
from web.ui.widgets import Button, ButtonGroup, label, text_in

if TYPE_CHECKING:
    from web.scene import Host

ART = Box(40, 86, 560, 510)
TEXT = Box(640, 86, 600, 420)
SWIPE_PX = 90  # a horizontal drag this long turns the page
PAGES = [*HOWTO_PAGES, ("keys", "R4")]  # the illustrated pages, then the keys
KEYCAP_W = 150
KEY_SIZE, KEYCAP_SIZE = 17, 18


def page_lines(page: str) -> list[str]:
    out = []
    for i in range(1, HOWTO_LINES + 1):
        key = f"howto_{page}_{i}"
        if key in i18n.TEXT:
            out.append(i18n.t(key))
    return out


class HowToPlayScene(Scene):
    help_button = False

    def __init__(self, app: Host, page: int = 0, on_done: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.page = max(0, min(len(PAGES) - 1, page))
        self.on_done = on_done
        self.t = 0.0
        self.buttons = ButtonGroup()
        self._stroke: tuple[float, float] | None = None
        self._swipe_dx = 0.0
        self._turned = False
        self.scroll = 0.0  # of the page's text, when it is taller than its column
        self._text_h = 0
        self.keys_scroll = 0.0  # of the list of keys, when it is taller than its box
        self.on_language()

    # -- building ------------------------------------------------------------------------------
    def on_language(self) -> None:
        n = len(PAGES)
        rule = PAGES[self.page][1]
        b = ButtonGroup()
        # On a phone every button is a finger tall (``touch``): the top ones keep above the
        # page (y 86), the bottom row grows down, the page dots grow as wide.
        touch = layout.touch()
        top = Box(0, 14, 160, 52) if not touch else Box(0, 6, 160, touch)
        b.add(Button(Box(1280 - 176, top.y, 160, top.h), i18n.t("close"), self.app.pop,
                     tag="close"))  # fmt: skip
        b.add(Button(Box(1280 - 346, top.y, 160, top.h), i18n.t("lang_name"),
                     self._toggle_language, tag="language"))  # fmt: skip
        b.add(Button(Box(TEXT.x, TEXT.bottom + 24, 380, max(56, touch)),
                     i18n.t("howto_rule", rule=rule), lambda: self.app.nav.open_rules(rule),
                     tag="rule", size=18))  # fmt: skip
        h = max(64, touch)
        y = 626 if h == 64 else HEIGHT - 8 - h
        b.add(Button(Box(40, y, 220, h), i18n.t("prev"), lambda: self.turn(-1),
                     enabled=self.page > 0, tag="prev", size=20))  # fmt: skip
        last = self.page == n - 1
        b.add(Button(Box(1020, y, 220, h), i18n.t("done") if last else i18n.t("next"),
                     self._done if last else partial(self.turn, 1), tag="next",
                     style="primary", size=20))  # fmt: skip
        dot = max(44, touch)
        dots = row(640 - (n * (dot + 4) - 4) // 2, 636 if dot == 44 else y, [dot] * n, dot, gap=4)
        for i, box in enumerate(dots):
            b.add(Button(box, str(i + 1), partial(self.go, i), selected=i == self.page,
                         tag=f"page{i}", size=17))  # fmt: skip
        self.buttons = b

    def on_layout(self) -> None:
        self.scroll = self.keys_scroll = 0.0  # what overflowed on one screen may fit another
        self.on_language()

    def go(self, page: int) -> None:
        self.page = max(0, min(len(PAGES) - 1, page))
        self.scroll = self.keys_scroll = 0.0
        self.on_language()

    def _scroll(self, d: float) -> None:
        if self._keys_overflow() > 0:  # the keys' page: its list is what is too tall
            self._scroll_keys(d)
        else:
            self._scroll_text(d)

    def _scroll_text(self, d: float) -> None:
        room = TEXT.bottom - self._text_top()
        self.scroll = max(0.0, min(float(max(0, self._text_h - room)), self.scroll + d))

    def _scroll_keys(self, d: float) -> None:
        self.keys_scroll = max(0.0, min(float(self._keys_overflow()), self.keys_scroll + d))

    def _keys_overflow(self) -> int:
        """How much taller than its box the list of keys is (0 where it fits, or on another
        page)."""
        if PAGES[self.page][0] != "keys":
            return 0
        _cap_w, heights = key_rows()
        return max(0, sum(heights) - (ART.h - 20))

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

    def frame_rate(self) -> float:
        """The pictures' lit things pulse; the keys' page stands still."""
        return 0.0 if PAGES[self.page][0] == "keys" else 30.0

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "back":
            self.app.pop()
        elif ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)
        elif ev.kind == "drag":
            self._drag(ev)
        elif ev.kind == "wheel":
            self._scroll(-ev.dy * 40)
        elif ev.kind == "key" and ev.key in (pygame.K_UP, pygame.K_DOWN):
            self._scroll(60 if ev.key == pygame.K_DOWN else -60)
        elif ev.kind == "key":
            if ev.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_RETURN):
                if self.page == len(PAGES) - 1 and ev.key == pygame.K_RETURN:
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
        if abs(ev.dy) > abs(ev.dx):
            if TEXT.contains(ev.x0, ev.y0):  # up and down in the text column: the text scrolls
                self._scroll_text(-ev.dy)
                return
            if ART.contains(ev.x0, ev.y0) and self._keys_overflow() > 0:
                self._scroll_keys(-ev.dy)
                return
        if self._turned:
            return
        self._swipe_dx += ev.dx
        if abs(self._swipe_dx) >= SWIPE_PX:
            self._turned = True
            self.turn(-1 if self._swipe_dx > 0 else 1)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PAPER)
        label(surface, i18n.t("howto"), 40, 22, 32, theme.INK, "serif", width=ART.w)
        name, _rule = PAGES[self.page]
        if name == "keys":
            self._draw_keys(surface)
        else:
            with theme.unfloored():  # a picture of the game at its own scale, like the map
                draw_page(surface, ART, name, self.t)
        total = len(PAGES)
        label(surface, i18n.t("howto_page", n=self.page + 1, total=total), TEXT.x, TEXT.y,
              15, (120, 90, 50), "bold", width=TEXT.w)  # fmt: skip
        title_y = TEXT.y + theme.line_height(15, "bold") + 2
        label(surface, i18n.t(f"howto_{name}_title"), TEXT.x, title_y, 30, (120, 60, 20),
              "serif", width=TEXT.w)  # fmt: skip
        self._draw_lines(surface, page_lines(name), self._text_top())
        self.buttons.draw(surface)

    def _text_top(self) -> int:
        return TEXT.y + theme.line_height(15, "bold") + 2 + theme.line_height(30, "serif") + 14

    def _draw_lines(self, surface: pygame.Surface, lines: list[str], top: int) -> None:
        """The page's paragraphs, as large as fits the column down to the smallest size; on a
        phone, where the floor is higher than that, the column scrolls instead."""
        room = TEXT.bottom - top
        size = theme.small(19)
        while True:
            step = theme.line_height(size) + 2
            wrapped = [theme.wrap(text, size, TEXT.w - 40) for text in lines]
            height = sum(len(w) * step + 14 for w in wrapped)
            if height <= room or theme.ui(size) <= max(14, theme.floor()):
                break
            size -= 1
        self._text_h = height
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(TEXT.x, top, TEXT.w, room))
        y = top - round(self.scroll)
        for chunk in wrapped:
            pygame.draw.circle(surface, theme.GOLD, (TEXT.x + 7, y + step // 2), 5)
            for line in chunk:
                label(surface, line, TEXT.x + 24, y, size, theme.INK, width=TEXT.w - 36)
                y += step
            y += 14
        surface.set_clip(clip)
        if height > room:  # more below (or above): a thin bar tells where the text is
            bar = pygame.Rect(TEXT.right - 6, top, 4, room)
            pygame.draw.rect(surface, theme.PAPER_DARK, bar, border_radius=2)
            thumb_h = max(24, room * room // height)
            thumb_y = top + round((room - thumb_h) * self.scroll / max(1, height - room))
            pygame.draw.rect(surface, theme.COAST, (bar.x, thumb_y, 4, thumb_h), border_radius=2)

    def _draw_keys(self, surface: pygame.Surface) -> None:
        """The Keys page's picture: each key as a keycap, what it does beside it; where the
        texts need more lines than the box holds (the smallest phone), the list scrolls."""
        rect = pygame.Rect(ART.tuple())
        pygame.draw.rect(surface, theme.PAPER_DARK, rect, border_radius=14)
        pygame.draw.rect(surface, theme.COAST, rect, width=2, border_radius=14)
        cap_w, heights = key_rows()
        clip = surface.get_clip()
        inner = pygame.Rect(ART.x + 2, ART.y + 2, ART.w - 4, ART.h - 4)
        surface.set_clip(inner)
        y = ART.y + 10 - round(self.keys_scroll)
        for (keys, what), step in zip(KEYS, heights, strict=True):
            cap_h = min(step, 54) - 8
            cap = Box(ART.x + 14, y + (step - cap_h) // 2, cap_w - 20, cap_h)
            pygame.draw.rect(surface, (250, 246, 236), cap.tuple(), border_radius=8)
            pygame.draw.rect(surface, theme.COAST, cap.tuple(), width=2, border_radius=8)
            name = i18n.t(keys) if keys.startswith("keycap_") else keys
            text_in(surface, name, cap.inset_xy(6, 2), KEYCAP_SIZE, theme.INK, "bold")
            room = Box(ART.x + cap_w + 6, y, ART.w - cap_w - 20, step)
            text_in(surface, i18n.t(what), room, KEY_SIZE, theme.INK, "sans", "left",
                    lines=key_lines())  # fmt: skip
            y += step
        surface.set_clip(clip)
        overflow = self._keys_overflow()
        if overflow > 0:  # more below (or above): a thin bar, as beside the text column
            room_h = inner.h - 16
            bar = pygame.Rect(ART.right - 8, inner.y + 8, 4, room_h)
            pygame.draw.rect(surface, theme.PAPER, bar, border_radius=2)
            thumb_h = max(24, room_h * room_h // (room_h + overflow))
            thumb_y = bar.y + round((room_h - thumb_h) * self.keys_scroll / overflow)
            pygame.draw.rect(surface, theme.COAST, (bar.x, thumb_y, 4, thumb_h), border_radius=2)


def key_lines() -> int:
    """Two lines on the desktop; three where the text floor is higher (a phone), which
    «Назад: закрыть выбор, снять выделение или открыть меню» takes on the smallest one."""
    return 3 if theme.floor() else 2


def key_rows() -> tuple[int, list[int]]:
    """The keycaps' width and each key's row height: on the desktop nine even rows of the
    box; where the text floor is higher (a phone), the keycaps as wide as their names and each
    row as tall as its text's lines, so that a text is never cut (the list scrolls instead)."""
    even = (ART.h - 20) // len(KEYS)
    if not theme.floor():
        return KEYCAP_W, [even] * len(KEYS)
    bold = theme.font(theme.ui(KEYCAP_SIZE), "bold")
    names = [i18n.t(k) if k.startswith("keycap_") else k for k, _ in KEYS]
    cap_w = max([KEYCAP_W] + [bold.size(n)[0] + 34 for n in names])
    width = ART.w - cap_w - 20
    heights = []
    for _keys, what in KEYS:
        found = theme.fit(i18n.t(what), KEY_SIZE, width, lines=key_lines())
        step = theme.font(found.size).get_linesize()
        heights.append(max(even, step * len(found.lines) + 8))
    return cap_w, heights
