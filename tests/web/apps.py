"""A headless client laid out for a given screen, for the tests that change the screen (the
fixtures of ``tests.web.support`` give the desktop's)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from web.app import App


@contextmanager
def app_on(data_dir: Path, screen: tuple[int, int] | None) -> Iterator[App]:
    """A headless app laid out for ``screen`` (a phone's CSS pixels; None: the desktop), the
    layout put back to the desktop's after it, for the tests that follow."""
    import pygame

    from web.app import App
    from web.play.storage import FileStorage

    application = App(headless=True, store=FileStorage(data_dir), screen=screen)
    try:
        yield application
    finally:
        application.set_screen(None)
        pygame.quit()
