"""The scripts of tools/ loaded as modules, for the tests of the offline tools."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

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


def usage_error(
    main: Callable[[list[str]], Any], argv: list[str], capsys: pytest.CaptureFixture[str]
) -> str:
    """What a tool's ``main`` says on stderr when it refuses ``argv`` as argparse refuses a
    wrong argument: with exit code 2, before any work."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    return capsys.readouterr().err


def stopped_by_ctrl_c(
    monkeypatch: pytest.MonkeyPatch,
    owner: object,
    name: str,
    main: Callable[[list[str]], Any],
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
) -> str:
    """What a command's ``main`` says on stderr when Ctrl-C comes in ``owner.name`` (its work):
    it must end with exit code 130, a KeyboardInterrupt escaping it would stop the tests."""

    def stopped(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(owner, name, stopped)
    with pytest.raises(BaseException) as ended:
        main(argv)
    assert isinstance(ended.value, SystemExit) and ended.value.code == 130
    return capsys.readouterr().err
