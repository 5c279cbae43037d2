"""The application: window, scene stack, input routing, tooltips, frame timing.

Scenes follow the scene-machine pattern: ``handle(event)``, ``update(dt)``, ``draw(surface)``;
drawing never changes game state. The app owns the one logical 1280x720 surface (scaled to the
window by SDL), turns mouse and touch into gestures, and measures each frame.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import pygame

from game import StateFormatError
from game.jsontext import load_json
from web import i18n, storage, theme
from web.gestures import Gestures, UIEvent
from web.layout import HEIGHT, WIDTH, Box
from web.settings import Settings
from web.sound import Sound

log = logging.getLogger("strategos.app")
HELP_BOX = Box(WIDTH - 56, 6, 48, 48)
TOOLTIP_DELAY_S = 0.35


class Scene:
    """Base of all scenes. ``opaque`` scenes hide the ones below them."""

    opaque = True
    help_button = True
    ai_busy = False  # a scene sets this while an AI search runs (for the frame-time figure)

    def __init__(self, app: App) -> None:
        self.app = app

    def handle(self, ev: UIEvent) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def tooltip_at(self, x: float, y: float) -> tuple[list[str], str | None] | None:
        return None

    def on_enter(self) -> None:
        pass

    def on_language(self) -> None:
        """The language changed: rebuild labels."""

    def occupied(self) -> list[Box]:
        """What a toast must not cover: every button the scene holds."""
        from web.widgets import ButtonGroup

        return [
            b.box
            for group in vars(self).values()
            if isinstance(group, ButtonGroup)
            for b in group.buttons
        ]


class App:
    def __init__(
        self,
        headless: bool = False,
        fixed_step: bool = False,
        store: storage.Storage | None = None,
    ) -> None:
        pygame.init()
        theme.reset()
        self.headless = headless
        self.fixed_step = fixed_step or headless
        self.screen = _open_window(headless)
        pygame.display.set_caption("Strategos")
        self.storage = store if store is not None else storage.open_storage()
        # What the title tells about stored files that could not be read: (i18n key, values).
        self.notices: list[tuple[str, dict[str, str]]] = []
        self.settings = self._load_settings()
        i18n.set_language(self.settings.language)
        theme.set_text_scale(self.settings.text_scale())
        self.sound = Sound(self.settings)
        self.scenes: list[Scene] = []
        self.gestures = Gestures()
        self.running = True
        self.frames = 0
        self.now = 0.0
        self.frame_ms: list[float] = []
        self.busy_frame_ms: list[float] = []
        self.hover: tuple[float, float] | None = None
        self._hover_t = 0.0
        self._pinned_tip: tuple[float, float] | None = None
        self.last_rule: str | None = None
        self._pointer: tuple[float, float] = (WIDTH / 2, HEIGHT / 2)
        self.toast_text = ""
        self.toast_until = 0.0
        self.autosave_failing = False
        self._last_real = time.perf_counter()
        self.clock = pygame.time.Clock()

    def _load_settings(self) -> Settings:
        """The stored settings; a file that does not read is kept aside, said, and replaced
        by the defaults (only the player's next change writes a new one)."""
        text = self.storage.read("settings")
        if text is None:
            return Settings()
        try:
            return Settings.from_dict(load_json(text, "settings file", max_bytes=100_000))
        except (StateFormatError, ValueError) as err:
            where = self.storage.keep_aside("settings")
            log.warning("the settings do not read (%s); kept aside as %s", err, where)
            if where is None:
                self.notices.append(("settings_unreadable", {}))
            else:
                self.notices.append(("settings_set_aside", {"name": where}))
            return Settings()

    # -- scenes ------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        scene = self.scenes.pop() if self.scenes else None
        if self.top is not None:
            self.top.on_enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def reset_to(self, scene: Scene) -> None:
        """Everything above the bottom scene goes; ``scene`` goes on top of it."""
        del self.scenes[1:]
        self.push(scene)

    def open_rules(self, rule: str | None = None) -> None:
        from web.scenes.rules import RulesScene

        if isinstance(self.top, RulesScene):
            return
        self.push(RulesScene(self, rule or self.last_rule))

    def toast(self, message: str, seconds: float = 4.0) -> None:
        self.toast_text = message
        self.toast_until = self.now + seconds

    def toast_rect(self) -> pygame.Rect:
        """Where the toast goes: above the match's tray, or else the nearest place where it
        covers none of the buttons of the scene on top (nor the help button)."""
        w, h = _toast_size(self.toast_text)
        top = self.top
        taken = [pygame.Rect(b.tuple()) for b in top.occupied()] if top is not None else []
        if top is not None and top.help_button:
            taken.append(pygame.Rect(HELP_BOX.tuple()))
        first = pygame.Rect((WIDTH - 280 - w) // 2, HEIGHT - 92 - h - 14, w, h)
        if first.inflate(12, 12).collidelist(taken) < 0:
            return first
        for dy in range(0, HEIGHT, 6):
            for y in (first.y - dy, first.y + dy):
                for x in (first.x, (WIDTH - w) // 2):
                    rect = pygame.Rect(x, y, w, h)
                    if 4 <= y <= HEIGHT - h - 4 and rect.inflate(12, 12).collidelist(taken) < 0:
                        return rect
        return first

    def pin_tooltip(self, x: float, y: float) -> None:
        """Show the tooltip of (x, y) until the next tap: a tap on a phone explains things too."""
        self._pinned_tip = (x, y)

    def save_settings(self) -> None:
        import json

        theme.set_text_scale(self.settings.text_scale())
        self.storage.write("settings", json.dumps(self.settings.to_dict()))

    def set_language(self, lang: str) -> None:
        self.settings.language = lang
        i18n.set_language(lang)
        self.save_settings()
        for scene in self.scenes:
            scene.on_language()

    # -- the frame ---------------------------------------------------------------------------
    def frame(self) -> None:
        start = time.perf_counter()
        if self.fixed_step:
            dt = 1 / 60
        else:
            dt = min(0.1, start - self._last_real)
        self._last_real = start
        self.now += dt
        for ev in self._events():
            self.dispatch(ev)
        for ev in self.gestures.tick(self.now):
            self.dispatch(ev)
        top = self.top
        if top is not None:
            top.update(dt)
        self.draw()
        elapsed = (time.perf_counter() - start) * 1000
        self.frame_ms.append(elapsed)
        if top is not None and top.ai_busy:
            self.busy_frame_ms.append(elapsed)
        self.frames += 1

    def draw(self) -> None:
        surface = self.screen
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        if not self.scenes:
            surface.fill(theme.PANEL)
        for scene in self.scenes[first:]:
            scene.draw(surface)
        top = self.top
        if top is not None and top.help_button:
            _draw_help(surface)
        self._draw_tooltip(surface)
        if self.toast_text and self.now < self.toast_until:
            _draw_toast(surface, self.toast_text, self.toast_rect())
        if not self.headless:
            pygame.display.flip()

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        from web.widgets import tooltip

        top = self.top
        if top is None:
            return
        pos = self._pinned_tip
        if pos is None and self.hover is not None and self.now - self._hover_t >= TOOLTIP_DELAY_S:
            pos = self.hover
        if pos is None:
            return
        if top.help_button and HELP_BOX.contains(*pos):
            found: tuple[list[str], str | None] | None = ([i18n.t("rules") + " (F1)"], None)
        else:
            found = top.tooltip_at(*pos)
        if found and found[0]:
            lines, rule = found
            if rule:
                self.last_rule = rule
            tooltip(surface, lines, *pos)

    def dispatch(self, ev: UIEvent) -> None:
        top = self.top
        if top is None:
            return
        if ev.kind == "move":
            self.hover = (ev.x, ev.y)
            self._hover_t = self.now
            self._pinned_tip = None
            return
        if ev.kind == "hold":
            self._pinned_tip = (ev.x, ev.y)
            return
        if ev.kind == "tap":
            self._pinned_tip = None
            if top.help_button and HELP_BOX.contains(ev.x, ev.y):
                self.open_rules()
                return
        if ev.kind == "key" and ev.key == pygame.K_F1:
            self.open_rules()
            return
        top.handle(ev)

    def _events(self) -> list[UIEvent]:
        out: list[UIEvent] = []
        g = self.gestures
        now = self.now
        for e in pygame.event.get():
            t = e.type
            if t == pygame.QUIT:
                self.running = False
            elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
                if getattr(e, "touch", False):
                    continue  # the finger events carry this touch
                x, y = e.pos
                self._pointer = (x, y)
                if t == pygame.MOUSEBUTTONDOWN and e.button in (1, 3):
                    out += g.down(0, x, y, now, e.button)
                elif t == pygame.MOUSEBUTTONUP and e.button in (1, 3):
                    out += g.up(0, x, y, now)
                elif t == pygame.MOUSEMOTION:
                    out += g.move(0, x, y, now)
            elif t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
                x, y = e.x * WIDTH, e.y * HEIGHT
                pid = 1000 + int(e.finger_id)
                if t == pygame.FINGERDOWN:
                    out += g.down(pid, x, y, now)
                elif t == pygame.FINGERUP:
                    out += g.up(pid, x, y, now)
                else:
                    out += g.move(pid, x, y, now)
            elif t == pygame.MOUSEWHEEL:
                mx, my = self._pointer
                out.append(UIEvent("wheel", mx, my, dy=float(e.precise_y or e.y)))
            elif t == pygame.KEYDOWN:
                if e.key == pygame.K_ESCAPE or e.key == pygame.K_AC_BACK:
                    out.append(UIEvent("back"))
                else:
                    out.append(UIEvent("key", key=e.key, text=e.unicode or ""))
            elif t == pygame.DROPFILE:
                out.append(UIEvent("drop", text=e.file))
        return out

    # -- running -----------------------------------------------------------------------------
    async def run(self, max_frames: int | None = None, screenshot: str | None = None) -> None:
        import asyncio

        while self.running:
            self.frame()
            if max_frames is not None and self.frames >= max_frames:
                break
            if not self.fixed_step and sys.platform != "emscripten":
                self.clock.tick(60)
            await asyncio.sleep(0)
        if screenshot:
            self.screenshot(screenshot)

    def run_frames(self, count: int, until: Callable[[], bool] | None = None) -> None:
        """Synchronous frames (tests and tools)."""
        for _ in range(count):
            self.frame()
            if until is not None and until():
                return

    def screenshot(self, path: str) -> None:
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        pygame.image.save(self.screen, path)

    def frame_report(self) -> dict[str, Any]:
        def stats(values: list[float]) -> dict[str, float]:
            if not values:
                return {"frames": 0}
            ordered = sorted(values)
            return {
                "frames": len(values),
                "mean_ms": round(sum(values) / len(values), 2),
                "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1], 2),
                "max_ms": round(ordered[-1], 2),
            }

        return {"all": stats(self.frame_ms), "ai_thinking": stats(self.busy_frame_ms)}


def _open_window(headless: bool) -> pygame.Surface:
    if headless or sys.platform == "emscripten":
        return pygame.display.set_mode((WIDTH, HEIGHT))
    try:
        return pygame.display.set_mode((WIDTH, HEIGHT), pygame.SCALED | pygame.RESIZABLE)
    except pygame.error:
        return pygame.display.set_mode((WIDTH, HEIGHT))


def _draw_help(surface: pygame.Surface) -> None:
    rect = pygame.Rect(HELP_BOX.tuple())
    pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=24)
    pygame.draw.rect(surface, theme.GOLD, rect, width=2, border_radius=24)
    img = theme.text("?", 26, theme.GOLD, "bold")
    surface.blit(img, img.get_rect(center=rect.center))


TOAST_SIZE, TOAST_WIDTH = 17, 640


def _toast_lines(message: str) -> list[pygame.Surface]:
    size = theme.small(TOAST_SIZE)
    return [theme.text(line, size, theme.TEXT) for line in theme.wrap(message, size, TOAST_WIDTH)]


def _toast_size(message: str) -> tuple[int, int]:
    imgs = _toast_lines(message)
    return max(i.get_width() for i in imgs) + 32, sum(i.get_height() for i in imgs) + 20


def _draw_toast(surface: pygame.Surface, message: str, rect: pygame.Rect) -> None:
    imgs = _toast_lines(message)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (20, 22, 28, 235), layer.get_rect(), border_radius=10)
    surface.blit(layer, rect.topleft)
    pygame.draw.rect(surface, theme.GOLD, rect, width=2, border_radius=10)
    y = rect.y + 10
    for img in imgs:
        surface.blit(img, (rect.x + 16, y))
        y += img.get_height()
