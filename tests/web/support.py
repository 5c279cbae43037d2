"""Fixtures of the client tests: SDL's dummy drivers, a private data folder, a headless app.

Test modules load them with ``pytest_plugins = ["tests.web.support"]``: a conftest.py in this
folder would shadow the one in tests/ for modules that import ``conftest`` by name.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from web.app import App

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("STRATEGOS_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def random_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """AI seats, and the hint, play uniform-random moves: fast games that test the client, not
    the search."""
    import ai
    from web import ai_bridge

    monkeypatch.setattr(ai_bridge, "_agent", lambda difficulty: ai.make_agent("random"))
    monkeypatch.setattr(ai_bridge, "_hint_agent", lambda: ai.make_agent("random"))


@pytest.fixture
def app(data_dir: Path) -> Iterator[App]:
    pytest.importorskip("pygame")
    from web.app import App
    from web.play.storage import FileStorage

    # The new-game form draws its seed from the module-level generator: seeded, a test plays the
    # same game whatever ran before it.
    random.seed(0)
    from web.scenes import review_panel

    # The review dialog's estimate follows the pace the last review measured: none yet.
    review_panel.MEASURED.per_unit = None
    application = App(headless=True, store=FileStorage(data_dir))
    yield application
    review_panel.MEASURED.per_unit = None
    import pygame

    pygame.quit()
