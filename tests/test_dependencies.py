"""The engine keeps no hidden global state: no global random generator, no deepcopy or pickle in
its clone. (What each package may import: tests/test_import_graph.py.)"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_game_has_no_global_random() -> None:
    """No hidden global RNG: every random thing is a chance action or an explicit generator."""
    for path in (ROOT / "game").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for banned in ("random.random(", "random.choice(", "random.shuffle(", "random.seed("):
            assert banned not in text, f"{path}: uses the global random generator ({banned})"


def test_clone_uses_no_deepcopy_or_pickle() -> None:
    text = (ROOT / "game" / "state.py").read_text(encoding="utf-8")
    assert "import copy" not in text and "pickle" not in text
