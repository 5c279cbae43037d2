"""Settings: language, sound (off by default), reduced motion, AI move speed, large text,
first-game tips."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from web.play.settings import SPEEDS
from web.scene import Scene
from web.text import i18n
from web.ui import layout, theme
from web.ui.gestures import UIEvent
from web.ui.layout import HEIGHT, Box
from web.ui.widgets import Button, ButtonGroup, label, text_in

if TYPE_CHECKING:
    from web.scene import Host


ROWS = 9


def places(touch: int) -> list[tuple[Box, Box]]:
    """Each row's name (its room, right-aligned) and button: nine rows above Back, or on a
    phone (``touch``: its smallest button) a finger tall, in two columns, the names on two
    lines where they need them."""
    if not touch:
        return [(Box(36, y, 640, 54), Box(700, y, 300, 54))
                for y in range(100, 100 + ROWS * 58, 58)]  # fmt: skip
    return [_place(i, touch) for i in range(ROWS)]


def _place(i: int, touch: int) -> tuple[Box, Box]:
    """The name's room and the button of a phone's ``i``-th row (two columns of five)."""
    per_column = (ROWS + 1) // 2
    gap = 16
    # Over 24 px of text floor (568x320: 28) the names take more of the row: «несыгранных
    # кубиках», a line of its own, is 326 px there; the longest value goes on two lines.
    name_w = 336 if layout.touch_text(touch) > 24 else 300
    x = 24 + (i // per_column) * 632
    y = 96 + (i % per_column) * (touch + gap)
    return Box(x, y, name_w, touch), Box(x + name_w + 12, y, 600 - name_w, touch)


def back_box(touch: int) -> Box:
    """Back: at the bottom centre, or, where a phone's rows reach down to it (568x320: the
    fifth row, Large text, ran under it), in the free place after the right column's rows."""
    t = max(touch, 60)
    bottom = Box(540, HEIGHT - 24 - t, 200, t)
    if touch and any(box.bottom + 8 > bottom.y for _room, box in places(touch)):
        return _place(ROWS, touch)[1]
    return bottom


def on_off(flag: bool) -> str:
    return i18n.t("on") if flag else i18n.t("off")


class SettingsScene(Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.buttons = ButtonGroup()
        self.on_language()

    def on_language(self) -> None:
        s = self.app.settings
        b = ButtonGroup()
        rows = [
            ("language", i18n.t("language"), i18n.t("lang_name"), self._language),
            ("sound", i18n.t("sound"), on_off(s.sound), self._sound),
            ("motion", i18n.t("reduced_motion"), on_off(s.reduced_motion), self._motion),
            ("speed", i18n.t("anim_speed"), i18n.t("speed_" + s.speed), self._speed),
            ("large_text", i18n.t("large_text"), on_off(s.large_text), self._large_text),
            ("coach", i18n.t("coach_setting"), on_off(s.coach), self._coach),
            ("confirm_end", i18n.t("confirm_end_setting"), on_off(s.confirm_end_turn),
             self._confirm_end),
            ("hold_battles", i18n.t("hold_battles_setting"),
             i18n.t("hold_on" if s.hold_battles else "hold_off"), self._hold_battles),
            ("show_chances", i18n.t("show_chances_setting"), on_off(s.show_chances),
             self._show_chances),
        ]  # fmt: skip
        self.labels: list[tuple[str, Box]] = []  # each row's name and its room, left of it
        for (tag, name, value, action), (room, box) in zip(rows, places(layout.touch()),
                                                           strict=True):  # fmt: skip
            self.labels.append((name, room))
            b.add(Button(box, value, action, tag=tag, size=20))
        b.add(Button(back_box(layout.touch()), i18n.t("back"), self.app.pop, tag="back"))
        self.buttons = b

    def _language(self) -> None:
        self.app.set_language("ru" if i18n.language() == "en" else "en")

    def _sound(self) -> None:
        self.app.settings.sound = not self.app.settings.sound
        self._changed()
        self.app.sound.play("click")

    def _motion(self) -> None:
        self.app.settings.reduced_motion = not self.app.settings.reduced_motion
        self._changed()

    def _speed(self) -> None:
        s = self.app.settings
        s.speed = SPEEDS[(SPEEDS.index(s.speed) + 1) % len(SPEEDS)]
        self._changed()

    def _large_text(self) -> None:
        self.app.settings.large_text = not self.app.settings.large_text
        self._changed()

    def _coach(self) -> None:
        self.app.settings.coach = not self.app.settings.coach
        self._changed()

    def _confirm_end(self) -> None:
        self.app.settings.confirm_end_turn = not self.app.settings.confirm_end_turn
        self._changed()

    def _hold_battles(self) -> None:
        self.app.settings.hold_battles = not self.app.settings.hold_battles
        self._changed()

    def _show_chances(self) -> None:
        self.app.settings.show_chances = not self.app.settings.show_chances
        self._changed()

    def _changed(self) -> None:
        self.app.save_settings()
        self.on_language()

    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "back":
            self.app.pop()
        elif ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL)
        label(surface, i18n.t("settings"), 640, 40, 40, theme.GOLD, "serif", "midtop")
        for name, room in self.labels:
            if layout.touch():
                text_in(surface, name, room, 22, theme.TEXT, "sans", "right", lines=2)
            else:
                label(surface, name, room.right, room.center[1], 22, theme.TEXT, "sans",
                      "midright", width=room.w)  # fmt: skip
        self.buttons.draw(surface)

    def tooltip_at(self, x: float, y: float) -> tuple[list[str], str | None] | None:
        b = self.buttons.at(x, y)
        return ([b.label], None) if b is not None else None
