"""The title screen, with an AI-only game playing behind it (attract mode).

The game behind the title is decoration: its seats play ``greedy`` (a decision costs a fraction
of a millisecond), one move at a calm pace, its animations at ``ATTRACT_FPS``, and it waits
while the window is hidden or has lost the focus, so the title costs little more than a still
picture.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from web import ai_bridge
from web.play import saves, storage
from web.play.config import MatchConfig, spectator_config
from web.play.session import Applied, MatchSession
from web.scene import Scene, Tip
from web.scenes.match import MatchScene
from web.scenes.title_notice import NOTICE_SIZE, Block, lines_of, pager_height
from web.scenes.title_notice import pager as notice_pager
from web.scenes.title_notice import pages as notice_pages
from web.text import i18n
from web.ui import layout, theme
from web.ui.gestures import UIEvent
from web.ui.layout import HEIGHT, WIDTH, Box, column, grid
from web.ui.widgets import Button, ButtonGroup, dim, label, panel, wrapped

if TYPE_CHECKING:
    from web.scene import Host

ATTRACT_SEATS, ATTRACT_LEVEL = 4, "easy"
ATTRACT_FPS = 20.0  # the background game's slides and battles: smooth enough behind a veil
ATTRACT_REST_S = 0.7  # between two of its moves
NOTICE_X, NOTICE_W = 40, 390  # a card left of the buttons, as tall as its lines
NOTICE_MARGIN = 8  # kept under the card, above the screen's bottom edge


class PacedSession(MatchSession):
    """The background game's session: after each action it rests ``ATTRACT_REST_S`` (counted
    down by the title while nothing moves) before the next."""

    def __init__(self, config: MatchConfig) -> None:
        super().__init__(config)
        self.rest = 0.0

    def tick(self, slice_ms: float) -> Applied | None:
        if self.rest > 0:
            return None
        applied = super().tick(slice_ms)
        if applied is not None:
            self.rest = ATTRACT_REST_S
        return applied


class TitleScene(Scene):
    def __init__(self, app: Host, attract_seed: int = 7) -> None:
        super().__init__(app)
        self.attract_seed = attract_seed
        self.attract = self._new_attract()
        self._band: pygame.Surface | None = None
        self.buttons = ButtonGroup()
        self.resume: MatchSession | None = None
        self.notice_page = 0  # of the notice, where it takes several (a tap turns them)
        self.on_enter()

    def _new_attract(self) -> MatchScene:
        session = PacedSession(spectator_config(ATTRACT_SEATS, self.attract_seed, ATTRACT_LEVEL))
        session.agents.update(ai_bridge.quick_agents(ATTRACT_SEATS, ATTRACT_LEVEL))
        return MatchScene(self.app, session, attract=True)

    def on_enter(self) -> None:
        self.resume = saves.resumable(self.app)
        self.on_language()

    def on_language(self) -> None:
        nav = self.app.nav
        items: list[tuple[str, str, Callable[[], object]]] = []
        if self.resume is not None:
            items.append(("continue", i18n.t("continue"), self._continue))
        items += [
            ("new", i18n.t("new_game"), nav.open_new_game),
            ("howto", i18n.t("howto"), self._how_to_play),
            ("spectate", i18n.t("spectate"), self._spectate),
            ("import", i18n.t("import"), nav.open_import),
            ("last_games", i18n.t("lg_button"), nav.open_last_games),
            ("rules", i18n.t("rules"), nav.open_rules),
            ("settings", i18n.t("settings"), nav.open_settings),
        ]
        if not storage.IS_WEB:
            items.append(("quit", i18n.t("quit"), self._quit))
        touch = layout.touch()
        if touch:  # a phone: finger-tall buttons in two columns (three for nine), row by row
            # Two columns where they leave room under them for the notice's longest sentence
            # (and its pager), and at least two lines (at 568x320 they do not: three columns
            # there).
            w, gap = 300, 16
            pairs = (len(items) + 1) // 2
            tall = 220 + pairs * touch + (pairs - 1) * (gap // 2) + 36  # two columns' panel
            line = theme.line_height(theme.small(NOTICE_SIZE))
            below = (HEIGHT - NOTICE_MARGIN - (tall + 12) - 16) // line
            columns = 2 if len(items) <= 8 and self._notice_need() <= below else 3
            x = 640 - (columns * w + (columns - 1) * gap) // 2
            boxes = grid(x, 238, w, touch, len(items), columns, gap)
            rows = (len(items) + columns - 1) // columns
            self.panel_box = Box(x - 30, 220, columns * w + (columns - 1) * gap + 60,
                                 rows * touch + (rows - 1) * (gap // 2) + 36)  # fmt: skip
        else:
            h, gap = (52, 10) if len(items) <= 6 else (48, 8) if len(items) <= 8 else (44, 6)
            boxes = column(490, 238, 300, [h] * len(items), gap)
            self.panel_box = Box(460, 220, 360, h * len(items) + gap * (len(items) - 1) + 36)
        self.buttons = ButtonGroup([
            Button(b, text, fn, tag=tag, size=19, style="primary" if i == 0 else "normal")
            for i, (b, (tag, text, fn)) in enumerate(zip(boxes, items, strict=True))
        ])  # fmt: skip

    def _continue(self) -> None:
        if self.resume is not None:
            self.app.nav.open_match(self.resume)

    def _how_to_play(self) -> None:
        """From the title, the last page of How to play leads on to a new game."""
        self.app.nav.open_how_to_play(on_done=self.app.nav.open_new_game)

    def _spectate(self) -> None:
        self.app.nav.watch(spectator_config(4, self.attract_seed + 1, "normal"))

    def _quit(self) -> None:
        self.app.running = False

    def update(self, dt: float) -> None:
        if self.app.paused():
            return
        scene = self.attract
        session = scene.session
        if isinstance(session, PacedSession) and not scene.animator.busy:
            session.rest = max(0.0, session.rest - dt)  # the rest begins once a move is seen
        scene.update(dt)
        if scene.session.is_over() and not scene.animator.busy:
            self.attract_seed += 1
            self.attract = self._new_attract()
            self.app.invalidate()

    def frame_rate(self) -> float:
        if self.app.paused():
            return 0.0
        return min(ATTRACT_FPS, self.attract.frame_rate())

    def on_layout(self) -> None:
        self.attract.on_layout()
        self.on_language()

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "tap":
            if self.notice_pages() > 1 and self.notice_box().contains(ev.x, ev.y):
                self.notice_page += 1
                self.app.invalidate()
            else:
                self.buttons.tap(ev.x, ev.y)
        elif ev.kind == "drop":
            self.app.nav.import_file(ev.text)
        elif ev.kind == "back" and self.resume is not None:
            self._continue()

    def draw(self, surface: pygame.Surface) -> None:
        # The background game draws no tray: on a phone the band under its map kept what was
        # drawn there before (another page of the notice, a scene closed).
        surface.fill(theme.PANEL)
        self.attract.draw(surface)
        dim(surface, 120)
        if self._band is None:
            self._band = pygame.Surface((1280, 150), pygame.SRCALPHA)
            self._band.fill((14, 16, 22, 190))
        surface.blit(self._band, (0, 58))
        label(surface, i18n.t("title"), 640, 70, 76, theme.GOLD, "serif", "midtop")
        label(surface, i18n.t("subtitle"), 640, 168, 22, theme.TEXT, "sans", "midtop", width=1200)
        panel(surface, self.panel_box, alpha=220)
        self.buttons.draw(surface)
        text = saves.notice(self.app)
        if text:
            box = self.notice_box()
            panel(surface, box, alpha=235)
            size = theme.small(NOTICE_SIZE)
            step = theme.line_height(size)
            y = box.y + 8
            for said, lines in self.notice_blocks():  # a sentence a text: a word whole
                wrapped(surface, said, lines, box.x + 16, y, size, theme.GOLD, box.w - 32, step)
                y += step * len(lines)

    def notice_place(self) -> tuple[int, int, int]:
        """The notice card's x, y and width: left of the buttons, or on a phone, whose buttons
        take the middle's width, under them, as wide as the screen so that it stays short."""
        if layout.touch():
            return NOTICE_X, self.panel_box.bottom + 12, WIDTH - 2 * NOTICE_X
        return NOTICE_X, self.panel_box.y, NOTICE_W

    def notice_room(self) -> int:
        """The lines the card has room for, down to the screen's bottom edge."""
        step = theme.line_height(theme.small(NOTICE_SIZE))
        return max(1, (HEIGHT - NOTICE_MARGIN - self.notice_place()[1] - 16) // step)

    def _notice_pages(self) -> list[list[Block]]:
        width = self.notice_place()[2] - 32
        return notice_pages(self.app.notices, width, self.notice_room())

    def notice_pages(self) -> int:
        return len(self._notice_pages())

    def _notice_need(self) -> int:
        """The lines the notice's longest sentence takes on a phone's card, with the pager's
        where there are several sentences; at least two."""
        width = WIDTH - 2 * NOTICE_X - 32
        notices = self.app.notices
        longest = max((lines_of(p) for n in notices for p in notice_pages([n], width, 99)),
                      default=0)  # fmt: skip
        if len(notices) > 1:
            longest += pager_height(width)
        return max(2, longest)

    def notice_blocks(self) -> list[Block]:
        """The sentences of the notice's page on show and their lines (the last the pager's,
        on a page of several)."""
        found = self._notice_pages()
        if not found:
            return []
        page = self.notice_page % len(found)
        if len(found) == 1:
            return found[0]
        return [*found[page], notice_pager(page, len(found), self.notice_place()[2] - 32)]

    def notice_lines(self) -> list[str]:
        return [line for _, lines in self.notice_blocks() for line in lines]

    def notice_box(self) -> Box:
        step = theme.line_height(theme.small(NOTICE_SIZE))
        h = 16 + step * max(1, len(self.notice_lines()))
        x, y, w = self.notice_place()
        if self.notice_pages() > 1:  # a tap turns its pages: a finger tall on a phone
            h = max(h, layout.touch())
        return Box(x, y, w, h)

    def tooltip_at(self, x: float, y: float) -> Tip | None:
        return None
