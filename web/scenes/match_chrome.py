"""What stays on the match screen whatever happens: the menu button and the zoom buttons (a
phone has no Escape key and not every mouse has a wheel), and the first-game coach's line."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from web import coach, i18n, theme
from web.layout import Box, MatchLayout
from web.widgets import Button, ButtonGroup

if TYPE_CHECKING:
    from web.scenes.match import MatchScene

LAYOUT = MatchLayout()
DISMISS = 44  # the coach's close button, a finger wide


def chrome(scene: MatchScene) -> ButtonGroup:
    """The menu and zoom buttons (rebuilt when the language changes)."""
    cam = scene.camera
    mid = LAYOUT.map.center
    group = ButtonGroup()
    group.add(Button(LAYOUT.menu_button(), "", lambda: open_menu(scene), icon="☰",
                     tip=i18n.t("menu_tip"), tag="menu", size=24))  # fmt: skip
    zoom_in, zoom_out, fit = LAYOUT.zoom_buttons()
    group.add(Button(zoom_in, "", lambda: cam.zoom_at(1.4, *mid), icon="+", size=26,
                     tip=i18n.t("zoom_in"), tag="zoom_in"))  # fmt: skip
    group.add(Button(zoom_out, "", lambda: cam.zoom_at(1 / 1.4, *mid), icon="−", size=26,
                     tip=i18n.t("zoom_out"), tag="zoom_out"))  # fmt: skip
    group.add(Button(fit, "", cam.fit, icon="⌂", size=26, tip=i18n.t("zoom_fit"),
                     tag="zoom_fit"))  # fmt: skip
    return group


def open_menu(scene: MatchScene) -> None:
    from web.scenes.menu import MenuScene

    scene.app.push(MenuScene(scene.app, scene))


# -- the coach -----------------------------------------------------------------------------------
def coach_text(scene: MatchScene) -> str | None:
    """The coach's line now, or None (switched off, a spectator, an AI demo, after the opening)."""
    if scene.attract or not scene.app.settings.coach or scene.session.viewer < 0:
        return None
    if scene.session.is_over():
        return None
    sel = scene.selection
    key = coach.coach_key(scene.view.public, scene.session.legal(), sel.die, sel.general)
    return i18n.t(key) if key else None


def coach_boxes(text: str) -> tuple[Box, Box]:
    """The line's box and its close button's box."""
    size = theme.small(16)
    w = theme.font(size, "bold").size(text)[0] + 40 + DISMISS
    box = LAYOUT.coach_box(w)
    close = Box(box.right - DISMISS - 2, box.y + (box.h - DISMISS) // 2, DISMISS, DISMISS)
    return box, close


def draw_coach(surface: pygame.Surface, text: str) -> None:
    box, close = coach_boxes(text)
    rect = pygame.Rect(box.tuple())
    pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=12)
    pygame.draw.rect(surface, theme.PAPER, rect, border_radius=12)
    pygame.draw.rect(surface, theme.GOLD, rect, width=2, border_radius=12)
    size = theme.small(16)
    room = box.w - 30 - DISMISS
    shown = theme.fit_text(text, size, room, "bold")
    img = theme.text(shown, size, theme.INK, "bold")
    surface.blit(img, img.get_rect(midleft=(box.x + 16, box.center[1])))
    cx, cy = close.center
    pygame.draw.circle(surface, theme.PAPER_DARK, (cx, cy), 15)
    x = theme.text("✕", 18, theme.INK, "bold")
    surface.blit(x, x.get_rect(center=(cx, cy + 1)))


def dismiss_coach(scene: MatchScene) -> None:
    """The player closed the coach: it stays off (the setting turns it back on)."""
    scene.app.settings.coach = False
    scene.app.save_settings()
    scene.app.toast(i18n.t("coach_off_note"), 4.0)


def tap_coach(scene: MatchScene, x: float, y: float) -> bool:
    """Only the close button takes a tap: the line itself lets taps through to the map, so a
    city under it can still be chosen."""
    text = scene.coach_line
    if text is None:
        return False
    _box, close = coach_boxes(text)
    if close.contains(x, y):
        dismiss_coach(scene)
        return True
    return False
