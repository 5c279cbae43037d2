"""What a Python file imports, read from its source without running it: for the tests that
keep each part to what runs where it goes (tests/test_dependencies.py, the browser bundle)."""

from __future__ import annotations

import ast
from pathlib import Path


def imported_modules(path: Path) -> set[str]:
    """The full names of the modules ``path`` imports by absolute name, anywhere in the file
    (a function's own imports run too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def top_level(modules: set[str]) -> set[str]:
    return {name.partition(".")[0] for name in modules}
