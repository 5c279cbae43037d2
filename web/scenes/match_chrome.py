"""What stays on the match screen whatever happens: the menu button and the zoom buttons (a
phone has no Escape key and not every mouse has a wheel), the drawer tabs of the compact
layout, and the first-game coach's line; ``Chrome`` holds them."""

from __future__ import annotations

from functools import partial

import pygame

from web.play import coach
from web.render import hud
from web.scenes.match_host import MatchHost
from web.text import i18n
from web.ui import layout, theme
from web.ui.layout import DRAWERS, Box, Camera, MatchLayout
from web.ui.widgets import Button, ButtonGroup, text_in

LAYOUT = MatchLayout()
DISMISS = 44  # the coach's close button, a finger wide


class Chrome:
    """The match's chrome: its buttons, the compact layout's drawers they open and close, and
    the coach's line (with its close button)."""

    def __init__(self) -> None:
        self.buttons = ButtonGroup()  # menu, zoom, drawer tabs; none behind the title
        self.drawers = hud.Drawers()  # the compact layout's side panel
        self.coach_line: str | None = None  # what the coach says now (``coach_text``)

    def rebuild(self, scene: MatchHost) -> None:
        """The menu and zoom buttons (rebuilt when the language changes); the title's
        background game has none."""
        self.buttons = ButtonGroup() if scene.attract else self._buttons(scene)

    def _buttons(self, scene: MatchHost) -> ButtonGroup:
        cam = scene.camera
        mid = LAYOUT.map.center
        group = ButtonGroup()
        group.add(Button(LAYOUT.menu_button(), "", scene.open_menu, icon="☰",
                         tip=i18n.t("menu_tip"), tag="menu", size=24))  # fmt: skip
        zoom_in, zoom_out, fit = LAYOUT.zoom_buttons()
        group.add(Button(zoom_in, "", lambda: cam.zoom_at(1.4, *mid), icon="+", size=26,
                         tip=i18n.t("zoom_in"), tag="zoom_in"))  # fmt: skip
        group.add(Button(zoom_out, "", lambda: cam.zoom_at(1 / 1.4, *mid), icon="−", size=26,
                         tip=i18n.t("zoom_out"), tag="zoom_out"))  # fmt: skip
        group.add(Button(fit, "", cam.fit, icon="⌂", size=26, tip=i18n.t("zoom_fit"),
                         tag="zoom_fit"))  # fmt: skip
        if LAYOUT.compact:
            for box, name in zip(LAYOUT.drawer_tabs(), DRAWERS, strict=True):
                if name == "quests" and not scene.hand_visible():
                    continue
                group.add(Button(box, i18n.t(f"drawer_{name}"),
                                 partial(self.toggle_drawer, scene, name),
                                 selected=self.drawers.open == name, tip=i18n.t("drawer_tip"),
                                 tag=f"drawer_{name}"))  # fmt: skip
        return group

    def toggle_drawer(self, scene: MatchHost, name: str) -> None:
        """Open the drawer ``name`` of the compact layout, or close it if it is open."""
        self.drawers.toggle(name)
        self.coach_line = self.coach_text(scene)
        for b in self.buttons.buttons:
            if b.tag.startswith("drawer_"):
                b.selected = b.tag == f"drawer_{self.drawers.open}"

    # -- the coach -------------------------------------------------------------------------------
    def update_coach(self, scene: MatchHost) -> None:
        """The coach's line for the position and the selection now."""
        self.coach_line = self.coach_text(scene)

    def coach_text(self, scene: MatchHost) -> str | None:
        """The coach's line now, or None (switched off, a spectator, an AI demo, after the
        opening)."""
        if scene.attract or not scene.app.settings.coach or scene.session.viewer < 0:
            return None
        if scene.session.is_over() or self.drawers.open is not None:
            return None  # a drawer open on a phone: the player is reading it
        held = scene.events.held is not None
        if held and scene.view.public.round < coach.COACH_ROUNDS:
            return i18n.t("coach_result")  # the game waits on the player's tap, not the others
        sel = scene.selection
        key = coach.coach_key(scene.view.public, scene.session.legal(), sel.die, sel.general)
        return i18n.t(key) if key else None

    def coach_place(self, scene: MatchHost) -> tuple[Box, Box] | None:
        """The coach's line's box and its close button's (``coach_boxes``), or None when the
        coach is silent: what a prompt, a banner and the suggestions keep clear of."""
        if not self.coach_line:
            return None
        return coach_boxes(scene, self.coach_line)

    def draw_coach(self, surface: pygame.Surface, scene: MatchHost) -> None:
        text = self.coach_line
        if not text:
            return
        box, close = coach_boxes(scene, text)
        rect = pygame.Rect(box.tuple())
        pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=12)
        pygame.draw.rect(surface, theme.PAPER, rect, border_radius=12)
        pygame.draw.rect(surface, theme.GOLD, rect, width=2, border_radius=12)
        left = box.x + 16 if close.x > box.x + 2 else close.right + 12  # the ✕ at either end
        room = Box(left, box.y + 4, box.w - 30 - DISMISS, box.h - 8)
        lines = _coach_lines(text)
        text_in(surface, text, room, theme.small(16), theme.INK, "bold", "left", lines=lines)
        cx, cy = close.center
        x = theme.text("✕", theme.ui(18), theme.INK, "bold")
        pygame.draw.circle(surface, theme.PAPER_DARK, (cx, cy), max(15, x.get_height() // 2 + 2))
        surface.blit(x, x.get_rect(center=(cx, cy + 1)))

    def dismiss_coach(self, scene: MatchHost) -> None:
        """The player closed the coach: it stays off (the setting turns it back on); the line
        goes with the next refresh."""
        scene.app.settings.coach = False
        scene.app.save_settings()
        scene.app.toast(i18n.t("coach_off_note"), 4.0)

    def tap_coach(self, scene: MatchHost, x: float, y: float) -> bool:
        """Only the close button takes a tap: the line itself lets taps through to the map, so
        a city under it can still be chosen."""
        text = self.coach_line
        if text is None:
            return False
        _box, close = coach_boxes(scene, text)
        if close.contains(x, y):
            self.dismiss_coach(scene)
            return True
        return False


def _coach_room() -> int:
    """The width the coach's text has: the widest box the map allows, less the ✕."""
    return LAYOUT.coach_box(10_000).w - 40 - DISMISS


def _coach_lines(text: str) -> int:
    """Two lines at most, three where two would cut it (the kingdom pick's line at 568x320's
    text floor, 28 px): tried in turn, as three allowed at once would take three lines where
    two a little smaller hold it."""
    return 3 if theme.fit(text, theme.small(16), _coach_room(), "bold", lines=2).cut else 2


def _coach_fit(text: str) -> theme.Fit:
    """The line on one line, or two when the map is too narrow for it (Russian, large text),
    three on the smallest phone."""
    return theme.fit(text, theme.small(16), _coach_room(), "bold", lines=_coach_lines(text))


def coach_boxes(scene: MatchHost, text: str) -> tuple[Box, Box]:
    """The line's box and its close button's box: the ✕ at the line's right end, or at its
    left, or the line moved along the map's top until one end is clear of every city and
    general at the whole-map view. The line lets taps through to the map, but the ✕ takes
    them: at 800x360 in Russian it lay on Gelonus, whose generals it hid at every phone
    size."""
    found = _coach_fit(text)
    f = theme.font(found.size, "bold")
    w = max(f.size(line)[0] for line in found.lines) + 40 + DISMISS
    h = max(48, len(found.lines) * f.get_linesize() + 14)
    box = LAYOUT.coach_box(w, h)
    widest = LAYOUT.coach_box(10_000, h)
    # R5.2: a city holds one general of each kingdom at most.
    taps = scene.board_view.tap_areas(Camera(LAYOUT.map), len(scene.view.public.board.kingdoms))
    for step in range(0, widest.w - box.w + 1, 8):
        for x in (box.x - step, box.x + step) if step else (box.x,):
            if widest.x <= x <= widest.right - box.w:
                moved = Box(x, box.y, box.w, box.h)
                for close in (_close_at(moved, right=True), _close_at(moved, right=False)):
                    if not any(layout.overlaps(close, t) for t in taps):
                        return moved, close
    return box, _close_at(box, right=True)  # nowhere clear (none on this map's screens)


def _close_at(box: Box, right: bool) -> Box:
    x = box.right - DISMISS - 2 if right else box.x + 2
    return Box(x, box.y + (box.h - DISMISS) // 2, DISMISS, DISMISS)
