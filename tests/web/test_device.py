"""The screen's size from outside: ``STRATEGOS_SCREEN`` on the desktop, the page's size in the
browser. A value the client cannot lay out is refused in a sentence (the variable) or laid out
as the smallest phone (the page), never a crash in the middle of a frame."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

pygame = pytest.importorskip("pygame")

pytest_plugins = ["tests.web.support"]  # the client test fixtures


@pytest.mark.parametrize(
    "wanted",
    [
        "1x1",  # the board's viewport had no height: pygame.error in the first frame
        "99999x1",
        "1x99999",
        "2000x60",
        "9" * 400 + "x390",  # OverflowError: the width divided as a float
        "9" * 5000 + "x390",
        "١٢٣٤x٣٩٠",  # digits to int(), though no one types a screen so
        "1_000x500",
    ],
)
def test_a_screen_the_client_cannot_lay_out_is_refused_in_a_sentence(
    wanted: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from web.main import parse_args

    monkeypatch.setenv("STRATEGOS_SCREEN", wanted)
    with pytest.raises(SystemExit) as stop:
        parse_args([])
    said = capsys.readouterr().err
    assert stop.value.code == 2 and "STRATEGOS_SCREEN" in said and "Traceback" not in said


@pytest.mark.parametrize("wanted", ["568x320", "320x568", " 844 X 390 ", "100000x720"])
def test_the_screens_it_is_laid_out_for_are_taken(
    wanted: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from web.ui import device

    monkeypatch.setenv("STRATEGOS_SCREEN", wanted)
    w, h = (int(v) for v in wanted.lower().split("x"))
    assert device.screen_size() == (w, h)


@pytest.mark.parametrize("page", [(120, 68), (1, 1), (2000, 60), (60, 900), (0, 0)])
def test_a_page_smaller_than_any_phone_is_laid_out_as_the_smallest_and_plays(
    page: tuple[int, int], monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    """A browser window squeezed by its developer tools: the page's size is not the person's
    choice to refuse, so the client lays out as on the smallest phone and goes on."""
    from web.app import App
    from web.play.config import spectator_config
    from web.play.storage import FileStorage
    from web.ui import device

    monkeypatch.delenv("STRATEGOS_SCREEN", raising=False)
    monkeypatch.setattr(device, "sys", SimpleNamespace(platform="emscripten"))
    window = SimpleNamespace(innerWidth=page[0], innerHeight=page[1])
    monkeypatch.setattr(device, "_window", lambda: window)
    w, h = device.screen_size() or (0, 0)
    assert min(w, h) >= 320 and max(w, h) >= 568
    assert device.portrait() == (page[1] > page[0])
    app = App(headless=True, store=FileStorage(data_dir))
    app.nav.start_title(attract_seed=7)
    app.run_frames(3)
    app.nav.watch(spectator_config(2, 7, "beginner"))
    app.run_frames(3)
    window.innerWidth, window.innerHeight = 1, 1  # and again while it runs (read once a second)
    app.run_frames(70)
    assert app.running
