"""The scripts of tools/ loaded as modules, for the tests of the offline tools."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_tool(name: str, alias: str) -> ModuleType:
    """``tools/<name>.py`` as the module ``alias``: a name of the loading test's own, so that
    two test files never share one tool's module state."""
    spec = importlib.util.spec_from_file_location(alias, ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[alias] = module
    spec.loader.exec_module(module)
    return module
