"""The AI stays a library a reader can hold: at most 5,000 lines of runtime code in ai/, counted
as ``wc -l`` counts them (every line of every module, blank lines and comments included). What
only measures or trains the AI belongs in lab/ or tools/, which the client never ships."""

from __future__ import annotations

from tests.source_imports import ROOT

LIMIT = 5000


def test_ai_holds_at_most_five_thousand_lines() -> None:
    modules = sorted((ROOT / "ai").rglob("*.py"))
    lines = {path.name: path.read_bytes().count(b"\n") for path in modules}
    assert {"search.py", "tree.py", "review.py"} <= set(lines)
    assert sum(lines.values()) <= LIMIT, sorted(lines.items(), key=lambda kv: -kv[1])[:5]
