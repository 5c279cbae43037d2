"""Where settings and saves live: JSON files in the user data folder on the desktop,
``localStorage`` in the browser (``sys.platform == "emscripten"``).

Export/import: on the desktop an export is a file in ``<data>/exports`` and an import is any
``.json`` file there or dropped on the window; in the browser an export downloads a file and an
import opens the browser's file picker, whose text arrives through ``localStorage``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

log = logging.getLogger("strategos.storage")

IS_WEB = sys.platform == "emscripten"
PREFIX = "strategos."
IMPORT_KEY = PREFIX + "import"
IMPORT_ERROR_KEY = PREFIX + "import-error"  # why a picked file could not be handed over


def aside_names(key: str) -> list[str]:
    """Keys under which an unreadable ``key`` may be kept, first choice first: stamped with
    the time, so that one damaged save never takes the place of another."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    first = f"{key}.corrupt-{stamp}"
    return [first] + [f"{first}-{n}" for n in range(2, 100)]


def data_dir() -> Path:
    override = os.environ.get("STRATEGOS_DATA_DIR")
    if override:
        return Path(override)
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / "strategos"


class FileStorage:
    """Keys are files ``<dir>/<key>.json``."""

    def __init__(self, directory: Path | None = None) -> None:
        self.dir = directory or data_dir()

    def _path(self, key: str) -> Path:
        return self.dir / f"{key}.json"

    def read(self, key: str) -> str | None:
        try:
            return self._path(key).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def write(self, key: str, text: str) -> bool:
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            tmp = self._path(key).with_suffix(".tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, self._path(key))
            return True
        except OSError:
            return False

    def delete(self, key: str) -> None:
        with contextlib.suppress(OSError):
            self._path(key).unlink()

    def exists(self, key: str) -> bool:
        """True when something is stored under ``key``, even if ``read`` cannot decode it."""
        return self._path(key).exists()

    def keep_aside(self, key: str) -> str | None:
        """Rename what ``key`` holds to a new name (``aside_names``) and return where it is
        now, or None when there is nothing to move or the rename failed."""
        source = self._path(key)
        for name in aside_names(key):
            target = self._path(name)
            if target.exists():
                continue
            try:
                source.rename(target)
            except OSError:
                return None
            return str(target)
        return None

    def export(self, text: str) -> str:
        """Write ``text`` as a new file in ``exports`` and return where; a second export in
        the same second gets a name of its own, never the first one's (mode "x")."""
        folder = self.dir / "exports"
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("strategos-%Y%m%d-%H%M%S")
        for name in [stamp] + [f"{stamp}-{n}" for n in range(2, 100)]:
            path = folder / f"{name}.json"
            try:
                with path.open("x", encoding="utf-8") as out:
                    out.write(text)
            except FileExistsError:
                continue
            return str(path)
        raise OSError(f"{folder} already holds 99 exports of this second")

    def import_candidates(self) -> list[Path]:
        folder = self.dir / "exports"
        try:
            found = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        except OSError:
            return []
        return found[:8]

    def begin_web_import(self) -> None:  # the desktop imports from files
        return None

    def poll_web_import(self) -> str | None:
        return None


def _js_text(value: Any) -> str | None:
    """A string from JS as ``str``; JS ``null`` as None (pygbag gives None, Pyodide gives
    ``pyodide.ffi.jsnull``, which is not None and would read as the text "jsnull")."""
    if value is None or type(value).__name__ == "JsNull":
        return None
    return str(value)


class WebStorage:
    """``window.localStorage`` in the browser (strings, about 5 MB per site)."""

    def __init__(self) -> None:
        import platform as _platform  # pygbag's module with ``window``

        self.window: Any = getattr(_platform, "window", None)
        self.dir = Path("/localStorage")

    def read(self, key: str) -> str | None:
        try:
            return _js_text(self.window.localStorage.getItem(PREFIX + key))
        except Exception:
            return None

    def write(self, key: str, text: str) -> bool:
        try:
            self.window.localStorage.setItem(PREFIX + key, text)
            return True
        except Exception:
            return False

    def delete(self, key: str) -> None:
        with contextlib.suppress(Exception):
            self.window.localStorage.removeItem(PREFIX + key)

    def exists(self, key: str) -> bool:
        return self.read(key) is not None

    def keep_aside(self, key: str) -> str | None:
        """Move what ``key`` holds to a new key (``aside_names``) and return that key as the
        page stores it, or None when there is nothing to move or no room for it."""
        store = self.window.localStorage
        text = self.read(key)
        if text is None:
            return None
        for name in aside_names(key):
            if self.read(name) is None:
                break
        else:
            return None
        try:
            store.setItem(PREFIX + name, text)
        except Exception as err:  # the page's errors (QuotaExceededError) arrive untyped
            # No room for two copies: free the old key first, and put the text back if the
            # new one still does not fit.
            log.warning("no room to copy %s aside (%s); moving it instead", key, err)
            store.removeItem(PREFIX + key)
            try:
                store.setItem(PREFIX + name, text)
            except Exception as again:
                log.error("%s cannot be kept aside (%s); it stays where it was", key, again)
                try:
                    store.setItem(PREFIX + key, text)
                except Exception as lost:
                    log.error("%s could not be put back either (%s)", key, lost)
                return None
        else:
            store.removeItem(PREFIX + key)
        return PREFIX + name

    def export(self, text: str) -> str:
        name = time.strftime("strategos-%Y%m%d-%H%M%S.json")
        try:
            self.window.localStorage.setItem(PREFIX + "export", text)
            self.window.eval(
                "(function(){const t=localStorage.getItem('strategos.export');"
                "const a=document.createElement('a');"
                "const u=URL.createObjectURL(new Blob([t],{type:'application/json'}));a.href=u;"
                f"a.download='{name}';document.body.appendChild(a);a.click();a.remove();"
                "setTimeout(()=>URL.revokeObjectURL(u),60000);"
                "localStorage.removeItem('strategos.export');})()"
            )
        except Exception as err:  # no room for the copy (QuotaExceededError), no window …
            self.delete("export")
            raise OSError(f"the browser refused the download: {err}") from err
        return name

    def import_candidates(self) -> list[Path]:
        return []

    def begin_web_import(self) -> None:
        # A file picked earlier but never read (the player left, the page reloaded) must not
        # turn up now. The picked text comes back through localStorage; a file too big for
        # the space left there leaves the reason instead, for poll_web_import to report.
        self.delete("import")
        self.delete("import-error")
        self.window.eval(
            "(function(){const i=document.createElement('input');i.type='file';"
            "i.accept='.json,application/json';i.onchange=()=>{const f=i.files[0];if(!f)return;"
            f"f.text().then(t=>localStorage.setItem('{IMPORT_KEY}',t)).catch(e=>"
            f"localStorage.setItem('{IMPORT_ERROR_KEY}',String(e)));}};i.click();}})()"
        )

    def poll_web_import(self) -> str | None:
        """The picked file's text once it has arrived; OSError if it could not be read."""
        try:
            text = _js_text(self.window.localStorage.getItem(IMPORT_KEY))
            error = _js_text(self.window.localStorage.getItem(IMPORT_ERROR_KEY))
        except Exception:
            return None
        if error is not None:
            self.delete("import-error")
            raise OSError(f"the browser could not read the file: {error}")
        if text is not None:
            self.delete("import")
        return text


Storage = FileStorage | WebStorage


def open_storage() -> Storage:
    if IS_WEB:
        try:
            web: WebStorage | None = WebStorage()
        except Exception:
            web = None
        if web is not None and web.window is not None:
            return web
        # A WebAssembly build without pygbag's window: files, in memory only.
    return FileStorage()


def read_json(storage: Storage, key: str) -> Any:
    text = storage.read(key)
    if text is None:
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: brackets nested thousands deep
        return None
