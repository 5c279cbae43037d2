"""Sound effects (OGG only), off until the player switches them on; missing audio is silent."""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

from web.play.settings import Settings
from web.ui.theme import ASSETS

NAMES = ("click", "dice", "move", "battle", "fanfare")


class Sound:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._sounds: dict[str, Any] = {}
        self._ready = False
        self._failed = False

    def _init(self) -> bool:
        if self._ready or self._failed:
            return self._ready
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            for name in NAMES:
                path = ASSETS / "sounds" / f"{name}.ogg"
                if path.exists():
                    self._sounds[name] = pygame.mixer.Sound(str(path))
            self._ready = True
        except (pygame.error, OSError):
            self._failed = True
        return self._ready

    def play(self, name: str) -> None:
        if not self.settings.sound or not self._init():
            return
        sound = self._sounds.get(name)
        if sound is not None:
            with contextlib.suppress(pygame.error):
                sound.play()
