"""``web/play/storage.py``'s ``WebStorage`` inside Pyodide, for tests/browser/test_wasm.py.

In the game, pygbag provides a ``platform`` module whose ``window`` is the page's JS global,
and ``WebStorage.__init__`` picks it up with ``import platform``. Pyodide has no such module
(its ``platform`` is the standard library's), so while the storage is created a stand-in
module whose ``window`` is Pyodide's ``js`` (the same JS global) takes its place in
``sys.modules``. Shipped into the page with the bundle; only imported there.
"""

from __future__ import annotations

import contextlib
import sys
import types
from collections.abc import Iterator
from typing import Any


def _js() -> Any:
    """Pyodide's ``js`` module, its proxy of globalThis (``window`` in a page): imported only
    when called, since it exists only in Pyodide, which gives it no type stubs."""
    import js  # type: ignore[import-not-found]

    return js


@contextlib.contextmanager
def pygbag_platform() -> Iterator[types.ModuleType]:
    """``import platform`` gives a module with ``window`` = the JS global, as under pygbag;
    the standard library's module is put back afterwards."""
    shim = types.ModuleType("platform")
    shim.__dict__["window"] = _js()
    saved = sys.modules.get("platform")
    sys.modules["platform"] = shim
    try:
        yield shim
    finally:
        if saved is None:
            del sys.modules["platform"]
        else:
            sys.modules["platform"] = saved


def open_web_storage() -> Any:
    """What the game gets in the browser: ``storage.open_storage()`` (a ``WebStorage``, since
    ``sys.platform`` is ``emscripten`` here too) with pygbag's ``platform.window``."""
    from web.play import storage

    with pygbag_platform():
        return storage.open_storage()


def raw(key: str) -> str | None:
    """The value stored under ``key`` in the page's real localStorage (None when absent)."""
    value = _js().localStorage.getItem(key)
    # Pyodide gives JS null as ``pyodide.ffi.jsnull``, which is not None; strings are str.
    return value if isinstance(value, str) else None
