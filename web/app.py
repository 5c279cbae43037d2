"""The application: window, scene stack, input routing, tooltips, frame timing.

Scenes (``web.scene``) follow the scene-machine pattern; which scene follows which is decided
by ``app.nav`` (``web.navigation``). The app owns the one logical 1280x720 surface (scaled to
the window by SDL), turns mouse and touch into gestures, and measures each frame.

A static screen costs almost nothing: the loop still reads input ``IDLE_FPS`` times a second
(and awaits ``asyncio.sleep`` each time, which the browser needs), but draws only when
something changed: input, a scene's ``invalidate``, a tooltip or toast coming or going. A scene
that animates or whose AI thinks asks for frames (``Scene.frame_rate``) and gets them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import pygame

from game import StateFormatError, load_json
from web.navigation import Navigator
from web.play import storage
from web.play.settings import Settings
from web.scene import Scene, Tip
from web.text import i18n
from web.ui import device, layout, theme, widgets
from web.ui.gestures import Gestures, UIEvent
from web.ui.layout import HEIGHT, WIDTH, Box
from web.ui.sound import Sound
from web.ui.widgets import tooltip, wrapped

log = logging.getLogger("strategos.app")
TOOLTIP_DELAY_S = 0.35
FRAME_FPS = 60  # while something moves, an AI thinks or a finger drags
IDLE_FPS = 30  # a static screen: input is read this often, and nothing is drawn
HIDDEN_FPS = 4  # the window is hidden: nothing to draw, little to read
INPUT_LIVELY_S = 0.5  # after input, full frame rate for this long (drags and pinches stay smooth)
SCREEN_CHECK_S = 1.0  # how often the page's size (a phone turned) and visibility are read


class App:
    def __init__(
        self,
        headless: bool = False,
        fixed_step: bool | None = None,
        store: storage.Storage | None = None,
        screen: tuple[int, int] | None = None,
    ) -> None:
        """``fixed_step`` (by default when ``headless``): every frame is 1/60 s of game time,
        however long it took. ``screen``: the size in CSS pixels the canvas is shown at (by
        default the page's, ``device.screen_size``)."""
        pygame.init()
        theme.reset()
        widgets.reset()
        self.headless = headless
        self.fixed_step = headless if fixed_step is None else fixed_step
        self.screen = _open_window(headless)
        pygame.display.set_caption("Strategos")
        self.screen_px = screen if screen is not None else device.screen_size()
        self.compact = False
        self._apply_screen(self.screen_px)
        self.storage = store if store is not None else storage.open_storage()
        # What the title tells about stored files that could not be read: (i18n key, values).
        self.notices: list[tuple[str, dict[str, str]]] = []
        self.settings = self._load_settings()
        i18n.set_language(self.settings.language)
        theme.set_text_scale(self.settings.text_scale())
        self.sound = Sound(self.settings)
        self.scenes: list[Scene] = []
        self.nav = Navigator(self)
        self.gestures = Gestures()
        self.running = True
        self.frames = 0
        self.draws = 0  # frames that drew: a static screen adds none
        self.now = 0.0
        self.frame_ms: list[float] = []
        self.busy_frame_ms: list[float] = []
        self.hover: tuple[float, float] | None = None
        self._hover_t = 0.0
        self._pinned_tip: tuple[float, float] | None = None
        self.last_rule: str | None = None
        self._pointer: tuple[float, float] = (WIDTH / 2, HEIGHT / 2)
        self.toast_message: str | i18n.Phrase = ""
        self.toast_until = 0.0
        self.autosave_failing = False
        self._last_real = time.perf_counter()
        self.clock = pygame.time.Clock()
        self.focused = True  # the window has the keyboard (SDL says when it loses it)
        self.hidden = False  # minimised, or a browser tab in the background
        self._dirty = True
        self._rate = 0.0  # frames a second the top scene asks for
        self._last_draw = -1.0
        self._input_t = -1.0
        self._overlay: tuple[object, ...] = ()
        self._screen_t = 0.0

    def _load_settings(self) -> Settings:
        """The stored settings; a file that does not read is kept aside, said, and replaced
        by the defaults (only the player's next change writes a new one). On a phone, large
        text is on until the player turns it off."""
        text = self.storage.read("settings")
        if text is None and not self.storage.exists("settings"):
            return Settings(large_text=self.compact)
        try:
            if text is None:  # there, but no text to read (a folder, bytes not UTF-8)
                raise ValueError("the settings are not readable text")
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
        self._dirty = True
        scene.on_enter()

    def pop(self) -> Scene | None:
        scene = self.scenes.pop() if self.scenes else None
        self._dirty = True
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

    def invalidate(self) -> None:
        """Something on screen changed without input: draw the next frame."""
        self._dirty = True

    def paused(self) -> bool:
        """The window is hidden or has lost the focus: what only decorates (the title's
        background game) waits."""
        return self.hidden or not self.focused

    # -- the screen: desktop or phone --------------------------------------------------------
    def set_screen(self, screen: tuple[int, int] | None) -> None:
        """The canvas is shown on a screen of ``screen`` CSS pixels (None: at its own size);
        a phone-sized one switches to the compact layout and its text floor."""
        self.screen_px = screen
        if self._apply_screen(screen):
            self.screen.fill(theme.PANEL)  # nothing of the other layout stays behind
            for scene in self.scenes:
                scene.on_layout()
        self._dirty = True

    def _apply_screen(self, screen: tuple[int, int] | None) -> bool:
        """Set the layout, the text floor and the button floor for ``screen``; True when any
        changed."""
        compact = layout.small_screen(screen)
        floor = layout.text_floor(screen)
        touch = layout.touch_floor(screen)
        changed = compact != self.compact or floor != theme.floor() or touch != layout.touch()
        self.compact = compact
        layout.set_compact(compact)
        theme.set_floor(floor)
        layout.set_touch(touch)
        return changed

    def _check_device(self, dt: float) -> None:
        """A phone turned, a tab sent to the background: read the page now and then (the
        browser sends no event pygame sees for either)."""
        self._screen_t += dt
        if self._screen_t < SCREEN_CHECK_S:
            return
        self._screen_t = 0.0
        hidden = device.hidden()
        if hidden != self.hidden:
            self.hidden = hidden
            self._dirty = True
        size = device.screen_size()
        if size is not None and size != self.screen_px:
            self.set_screen(size)
            if device.portrait():  # turned upright mid-game: the board is a third of its size
                self.nav.ask_to_turn_phone()

    def toast(self, message: str | i18n.Phrase, seconds: float = 4.0) -> None:
        """A note over the screen for ``seconds``: a ``Phrase`` is said in the language of
        each frame it shows in."""
        self.toast_message = message
        self.toast_until = self.now + seconds
        self._dirty = True

    @property
    def toast_text(self) -> str:
        """The toast's text, in the current language where it is a ``Phrase``."""
        return str(self.toast_message)

    @toast_text.setter
    def toast_text(self, text: str) -> None:
        self.toast_message = text

    def toast_shown(self) -> bool:
        return bool(self.toast_text) and self.now < self.toast_until

    def _on_toast(self, x: float, y: float) -> bool:
        return self.toast_shown() and self.toast_rect().collidepoint(x, y)

    def help_box(self) -> Box:
        """The "?" (the rules) at the top right: a finger's size on a phone (the compact match
        and replay move their menu and drawer tabs aside for it)."""
        return layout.help_box()

    def toast_rect(self) -> pygame.Rect:
        """Where the toast goes: above the match's tray, or else the nearest place where it
        covers none of the buttons of the scene on top (nor the help button)."""
        w, h = _toast_size(self.toast_text)
        top = self.top
        taken = [pygame.Rect(b.tuple()) for b in top.occupied()] if top is not None else []
        if top is not None and top.help_button:
            taken.append(pygame.Rect(self.help_box().tuple()))
        m = layout.MatchLayout().map
        first = pygame.Rect(m.x + (m.w - w) // 2, m.bottom - h - 14, w, h)
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
        theme.set_text_scale(self.settings.text_scale())
        self.storage.write("settings", json.dumps(self.settings.to_dict()))
        self._dirty = True

    def set_language(self, lang: str) -> None:
        self.settings.language = lang
        i18n.set_language(lang)
        self.save_settings()
        for scene in self.scenes:
            scene.on_language()

    # -- the frame ---------------------------------------------------------------------------
    def frame(self) -> bool:
        """Read input, advance the top scene, and draw if anything changed; True if it drew."""
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
        self._check_device(dt)
        top = self.top
        if top is not None:
            top.update(dt)
        top = self.top
        rate = top.frame_rate() if top is not None else 0.0
        if top is not None and top.ai_busy:
            rate = FRAME_FPS
        self._rate = rate
        overlay = self._overlay_state()
        due = rate > 0 and self.now - self._last_draw >= 1 / rate - 1e-6
        drew = False
        if not self.hidden and (self._dirty or due or overlay != self._overlay):
            self._dirty = False
            self._overlay = overlay
            self._last_draw = self.now
            self.draw()
            self.draws += 1
            drew = True
        elapsed = (time.perf_counter() - start) * 1000
        self.frame_ms.append(elapsed)
        if top is not None and top.ai_busy:
            self.busy_frame_ms.append(elapsed)
        self.frames += 1
        return drew

    def pace(self) -> float:
        """Loop iterations a second from now: the full rate while anything moves, a few
        while the screen is static (input is still read), fewer while hidden."""
        if self._rate >= FRAME_FPS or self.now - self._input_t < INPUT_LIVELY_S:
            return FRAME_FPS
        if self.hidden:
            return HIDDEN_FPS if self._rate <= 0 else max(HIDDEN_FPS, self._rate)
        return max(IDLE_FPS, self._rate)

    def _overlay_state(self) -> tuple[object, ...]:
        """What the tooltip and the toast look like now: a change is a reason to draw."""
        pos = self._pinned_tip
        if pos is None and self.hover is not None and self.now - self._hover_t >= TOOLTIP_DELAY_S:
            pos = self.hover
        return (pos, self.toast_shown() and self.toast_text)

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
            _draw_help(surface, self.help_box())
        self._draw_tooltip(surface)
        if self.toast_shown():
            _draw_toast(surface, self.toast_text, self.toast_rect())
        if not self.headless:
            pygame.display.flip()

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        top = self.top
        if top is None:
            return
        pos = self._pinned_tip
        if pos is None and self.hover is not None and self.now - self._hover_t >= TOOLTIP_DELAY_S:
            pos = self.hover
        if pos is None or self._on_toast(*pos):  # not the tip of a button under the toast
            return
        if top.help_button and self.help_box().contains(*pos):
            found: Tip | None = ([i18n.t("rules") + " (F1)"], None)
        else:
            found = top.tooltip_at(*pos)
        if found and found[0]:
            lines, rule = found
            if rule:
                self.last_rule = rule
            tooltip(surface, lines, *pos, avoid=top.tooltip_avoid())

    def dispatch(self, ev: UIEvent) -> None:
        top = self.top
        if top is None:
            return
        if ev.kind == "move":  # nothing but the tooltip follows the pointer (_overlay_state)
            self.hover = (ev.x, ev.y)
            self._hover_t = self.now
            self._pinned_tip = None
            return
        self._dirty = True
        self._input_t = self.now
        if ev.kind in ("tap", "hold") and self._on_toast(ev.x, ev.y):
            # The toast is drawn over everything, over buttons where no spot was free (a
            # phone's full page of Last games): a tap on it is its own and puts it away, so
            # that no button hidden under it is pressed unseen; the next tap is the button's.
            self._pinned_tip = None
            if ev.kind == "tap":
                self.toast_until = self.now
            return
        if ev.kind == "hold":
            self._pinned_tip = (ev.x, ev.y)
            return
        if ev.kind == "tap":
            self._pinned_tip = None
            if top.help_button and self.help_box().contains(ev.x, ev.y):
                self.nav.open_rules()
                return
        if ev.kind == "key" and ev.key == pygame.K_F1:
            self.nav.open_rules()
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
            elif t in _WINDOW_EVENTS:
                self._window_event(t)
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

    def _window_event(self, t: int) -> None:
        if t == pygame.WINDOWFOCUSLOST:
            self.focused = False
        elif t == pygame.WINDOWFOCUSGAINED:
            self.focused = True
        elif t in (pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED):
            self.hidden = True
        elif t in (pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
            self.hidden = False
        self._dirty = True  # exposed, resized, shown: the window needs its picture again

    # -- running -----------------------------------------------------------------------------
    async def run(self, max_frames: int | None = None, screenshot: str | None = None) -> None:
        while self.running:
            self.frame()
            if max_frames is not None and self.frames >= max_frames:
                break
            pace = self.pace()
            if self.fixed_step:
                await asyncio.sleep(0)
            elif sys.platform == "emscripten":
                # The browser's next animation frame comes after sleep(0); a static screen
                # lets several go by.
                await asyncio.sleep(0 if pace >= FRAME_FPS else 1 / pace)
            else:
                self.clock.tick(pace)
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


_WINDOW_EVENTS = frozenset({
    pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWHIDDEN, pygame.WINDOWSHOWN,
    pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED, pygame.WINDOWEXPOSED,
    pygame.WINDOWSIZECHANGED,
})  # fmt: skip


def _open_window(headless: bool) -> pygame.Surface:
    if headless or sys.platform == "emscripten":
        return pygame.display.set_mode((WIDTH, HEIGHT))
    try:
        return pygame.display.set_mode((WIDTH, HEIGHT), pygame.SCALED | pygame.RESIZABLE)
    except pygame.error:
        return pygame.display.set_mode((WIDTH, HEIGHT))


def _draw_help(surface: pygame.Surface, box: Box) -> None:
    rect = pygame.Rect(box.tuple())
    pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=box.w // 2)
    pygame.draw.rect(surface, theme.GOLD, rect, width=2, border_radius=box.w // 2)
    img = theme.text("?", max(26, box.w // 2), theme.GOLD, "bold")  # grows with a phone's floor
    surface.blit(img, img.get_rect(center=rect.center))


TOAST_SIZE, TOAST_WIDTH = 17, 640


def _toast_lines(message: str) -> list[str]:
    return theme.wrap(message, theme.small(TOAST_SIZE), TOAST_WIDTH)


def _toast_size(message: str) -> tuple[int, int]:
    size = theme.ui(theme.small(TOAST_SIZE))
    lines = _toast_lines(message)
    w = max(theme.font(size).size(line)[0] for line in lines)
    return w + 32, theme.line_height(size) * len(lines) + 20


def _draw_toast(surface: pygame.Surface, message: str, rect: pygame.Rect) -> None:
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (20, 22, 28, 235), layer.get_rect(), border_radius=10)
    surface.blit(layer, rect.topleft)
    pygame.draw.rect(surface, theme.GOLD, rect, width=2, border_radius=10)
    size = theme.small(TOAST_SIZE)
    wrapped(surface, message, _toast_lines(message), rect.x + 16, rect.y + 10, size, theme.TEXT,
            width=rect.w - 32)  # fmt: skip
