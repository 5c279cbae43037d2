"""Dependencies point one way: game <- ai <- web. game/ and ai/ use the standard library only,
because they run unchanged in the browser; web/ may add pygame."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.source_imports import imported_modules, top_level

ROOT = Path(__file__).resolve().parents[1]
ALLOWED = {
    "game": {"game"},
    "ai": {"game", "ai"},
    "web": {"game", "ai", "web", "pygame", "platform"},  # platform: pygbag's window, in the browser
}


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_package_imports_only_what_runs_in_the_browser(package: str) -> None:
    stdlib = set(sys.stdlib_module_names)
    offenders = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        extra = top_level(imported_modules(path)) - stdlib - ALLOWED[package]
        if extra:
            offenders[str(path.relative_to(ROOT))] = sorted(extra)
    assert offenders == {}


def test_game_has_no_global_random() -> None:
    """No hidden global RNG: every random thing is a chance action or an explicit generator."""
    for path in (ROOT / "game").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for banned in ("random.random(", "random.choice(", "random.shuffle(", "random.seed("):
            assert banned not in text, f"{path}: uses the global random generator ({banned})"


def test_clone_uses_no_deepcopy_or_pickle() -> None:
    text = (ROOT / "game" / "state.py").read_text(encoding="utf-8")
    assert "import copy" not in text and "pickle" not in text
