"""Build the browser edition of Strategos with pygbag 0.9.3, offline.

Usage (normally through ``./build.sh web``)::

    python tools/build/build_web.py [--out build] [--cdn URL] [--pygpi URL] [--ume-block 0|1]

Steps:
1. Stage: copy only what runs in the browser into ``<out>/stage/strategos/``: the packages
   ``game/``, ``ai/`` and the client ``web/`` (without ``web/template/``, tests, caches,
   ``__pycache__`` and dot files), and write ``main.py``, the entry point pygbag runs.
   pygbag packs every file of the folder it is given, so the staging folder is what keeps
   tests, virtual environments and notes out of the archive.
2. Render our template (``web/template/strategos.tmpl``) with the self-hosting settings.
3. Run pygbag on the staging folder with that local template and our icon
   (``web/assets/icon.png``), which is what keeps it from waiting on the CDN.
4. Copy the result to ``<out>/web/`` (index.html, strategos.apk, strategos.tar.gz,
   favicon.png) and ``<out>/web.zip`` (the upload for itch.io).

Self-hosting the runtime: ``--cdn https://example.org/strategos/cdn/0.9.3/`` makes the page
load CPython-wasm from there; the package index (the pygame-ce wheel) is then looked up at
``https://example.org/strategos/cdn/`` unless ``--pygpi`` names another place. The runtime
files themselves are copied there at deploy time by ``tools/build/mirror_runtime.py``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path, PurePosixPath
from typing import TypedDict

ROOT = Path(__file__).resolve().parents[2]
APP_NAME = "strategos"  # pygbag names the archive after the staging folder: strategos.apk
TITLE = "Strategos"
PYGBAG_VERSION = "0.9.3"
PUBLIC_HOST = "https://pygame-web.github.io/"
PUBLIC_CDN = f"{PUBLIC_HOST}cdn/{PYGBAG_VERSION}/"
TEMPLATE = PurePosixPath("web/template/strategos.tmpl")
ICON = PurePosixPath("web/assets/icon.png")
PYGPI_PLACEHOLDER = "@STRATEGOS_PYGPI@"

# The packages that run in the browser, in dependency order (game <- ai <- web).
RUNTIME_PACKAGES = ("game", "ai", "web")
# Folders of those packages that never run: the loading-page template and test code.
EXCLUDED_SUBDIRS = {PurePosixPath("web/template")}
EXCLUDED_DIR_NAMES = {
    "__pycache__",
    "tests",
    "test",
    "node_modules",
    "build",
    "dist",
    "venv",
}
# Notes for developers (README.md) are not needed at run time; licence texts (.txt) stay.
EXCLUDED_SUFFIXES = {".pyc", ".pyo", ".pyd", ".orig", ".rej", ".swp", ".bak", ".tmp", ".md"}

MAIN_PY = '''\
"""Strategos in the browser: the program pygbag runs.

Written into the staging folder by tools/build/build_web.py. The loader reads the imports of this
file to choose the wheels to fetch: pygame (pygame-ce) is the only one; game/, ai/ and web/
are ours and travel in the archive.
"""

import asyncio

import pygame  # noqa: F401  (tells the loader to fetch pygame-ce; the client imports it too)

from web.main import main

asyncio.run(main())
'''


class BuildError(RuntimeError):
    """A build step failed; the message says which and what to do."""


def is_runtime_file(rel: PurePosixPath) -> bool:
    """True when the file at ``rel`` (relative to the repository) runs in the browser."""
    if not rel.parts or rel.parts[0] not in RUNTIME_PACKAGES:
        return False
    if any(part.startswith(".") for part in rel.parts):
        return False
    if any(part in EXCLUDED_DIR_NAMES for part in rel.parts[:-1]):
        return False
    if any(rel.is_relative_to(sub) for sub in EXCLUDED_SUBDIRS):
        return False
    name = rel.name
    if name == "conftest.py" or name.startswith("test_") or name.endswith("_test.py"):
        return False
    return not (rel.suffix in EXCLUDED_SUFFIXES or name.endswith("~"))


def runtime_files(root: Path = ROOT) -> list[PurePosixPath]:
    """Every file of the runtime packages that the browser build ships, sorted."""
    found: list[PurePosixPath] = []
    for package in RUNTIME_PACKAGES:
        base = root / package
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            rel_dir = PurePosixPath(Path(dirpath).relative_to(root).as_posix())
            dirnames[:] = sorted(
                d
                for d in dirnames
                if not d.startswith(".")
                and d not in EXCLUDED_DIR_NAMES
                and rel_dir / d not in EXCLUDED_SUBDIRS
            )
            for filename in filenames:
                rel = rel_dir / filename
                if is_runtime_file(rel) and (root / rel).is_file():
                    found.append(rel)
    return sorted(found)


def stage(root: Path, stage_dir: Path) -> list[PurePosixPath]:
    """Fill ``stage_dir`` with main.py and the runtime files; return the staged paths."""
    if not (root / "web" / "main.py").is_file():
        raise BuildError(
            "web/main.py is missing: the browser build runs the client's `async def main()` "
            "from web/main.py, and the client is not there yet."
        )
    if stage_dir.exists():
        shutil.rmtree(stage_dir)
    stage_dir.mkdir(parents=True)
    files = runtime_files(root)
    for rel in files:
        target = stage_dir / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, target)
    (stage_dir / "main.py").write_text(MAIN_PY, encoding="utf-8")
    return [PurePosixPath("main.py"), *files]


def pygpi_for(cdn: str) -> str:
    """The package index that goes with a self-hosted runtime: ``<site>/cdn/0.9.3/`` ->
    ``<site>/cdn/``. Empty for the public CDN, whose own index and wheel locations the
    runtime already knows."""
    if cdn.startswith(PUBLIC_HOST):
        return ""
    trimmed = cdn.rstrip("/")
    if "/" not in trimmed:
        return ""
    return trimmed.rsplit("/", 1)[0] + "/"


def render_template(source: Path, target: Path, pygpi: str) -> None:
    text = source.read_text(encoding="utf-8")
    if PYGPI_PLACEHOLDER not in text:
        raise BuildError(f"{source} lacks the {PYGPI_PLACEHOLDER} placeholder")
    target.write_text(text.replace(PYGPI_PLACEHOLDER, pygpi), encoding="utf-8")


# pygbag reformats every .py file of the app folder with black when black is importable;
# blocking the import keeps the staged sources byte for byte what we wrote.
_PYGBAG_BOOT = (
    "import runpy, sys; sys.modules['black'] = None; "
    "sys.argv = ['pygbag', *sys.argv[1:]]; "
    "runpy.run_module('pygbag', run_name='__main__', alter_sys=True)"
)


def run_pygbag(
    stage_dir: Path,
    template: Path,
    icon: Path,
    cdn: str,
    ume_block: int,
    python: str,
    timeout_s: float,
) -> None:
    command = [
        python,
        "-c",
        _PYGBAG_BOOT,
        "--build",
        "--archive",
        "--no_opt",
        "--title",
        TITLE,
        "--template",
        str(template),
        "--icon",
        str(icon),
        "--cdn",
        cdn,
        "--ume_block",
        str(ume_block),
        str(stage_dir),
    ]
    log_path = stage_dir.parent / "pygbag.log"
    with log_path.open("w", encoding="utf-8") as log:
        try:
            # The working directory matters: pygbag reads pygbag.ini from it. The staging
            # parent holds none, so no stray configuration changes the build.
            done = subprocess.run(
                command,
                cwd=stage_dir.parent,
                stdout=log,
                stderr=subprocess.STDOUT,
                timeout=timeout_s,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise BuildError(
                f"pygbag did not finish in {timeout_s:.0f} s (is it waiting for the CDN?); "
                f"see {log_path}"
            ) from exc
    if done.returncode != 0:
        tail = log_path.read_text(encoding="utf-8", errors="replace").splitlines()[-20:]
        raise BuildError(
            f"pygbag failed with exit code {done.returncode}; see {log_path}:\n" + "\n".join(tail)
        )


class BuildReport(TypedDict):
    web: str  # the folder to serve
    zip: str
    files_staged: int
    web_bytes: int
    zip_bytes: int
    apk_bytes: int
    cdn: str
    pygpi: str
    seconds: float


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build(
    root: Path = ROOT,
    out: Path | None = None,
    cdn: str = PUBLIC_CDN,
    pygpi: str | None = None,
    ume_block: int = 1,
    python: str = sys.executable,
    timeout_s: float = 600.0,
) -> BuildReport:
    out = (out or root / "build").resolve()
    if not cdn.endswith("/"):
        cdn += "/"
    pygpi = pygpi_for(cdn) if pygpi is None else pygpi
    icon = root / ICON
    template_src = root / TEMPLATE
    for needed in (icon, template_src):
        if not needed.is_file():
            raise BuildError(f"{needed.relative_to(root)} is missing")
    started = time.perf_counter()
    stage_root = out / "stage"
    stage_dir = stage_root / APP_NAME
    staged = stage(root, stage_dir)
    template = stage_root / f"{APP_NAME}.tmpl"
    render_template(template_src, template, pygpi)
    run_pygbag(stage_dir, template, icon, cdn, ume_block, python, timeout_s)

    produced = stage_dir / "build" / "web"
    produced_zip = stage_dir / "build" / "web.zip"
    expected = ["index.html", "favicon.png", f"{APP_NAME}.apk", f"{APP_NAME}.tar.gz"]
    missing = [name for name in expected if not (produced / name).is_file()]
    if missing or not produced_zip.is_file():
        raise BuildError(f"pygbag did not produce {missing or ['web.zip']} in {produced}")
    web_dir = out / "web"
    if web_dir.exists():
        shutil.rmtree(web_dir)
    web_dir.mkdir(parents=True)
    for name in expected:
        shutil.copy2(produced / name, web_dir / name)
    shutil.copy2(produced_zip, out / "web.zip")
    return {
        "web": str(web_dir),
        "zip": str(out / "web.zip"),
        "files_staged": len(staged),
        "web_bytes": dir_size(web_dir),
        "zip_bytes": (out / "web.zip").stat().st_size,
        "apk_bytes": (web_dir / f"{APP_NAME}.apk").stat().st_size,
        "cdn": cdn,
        "pygpi": pygpi,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the browser edition with pygbag.")
    parser.add_argument("--out", type=Path, default=ROOT / "build", help="output folder")
    parser.add_argument("--root", type=Path, default=ROOT, help="source tree (default: here)")
    parser.add_argument(
        "--cdn",
        default=os.environ.get("STRATEGOS_CDN", PUBLIC_CDN),
        help=f"where the page loads the runtime from (default {PUBLIC_CDN}; env STRATEGOS_CDN)",
    )
    parser.add_argument(
        "--pygpi",
        default=os.environ.get("PYGPI"),
        help="package index for the wheels (default: the folder above --cdn; env PYGPI)",
    )
    parser.add_argument(
        "--ume-block",
        type=int,
        choices=(0, 1),
        default=1,
        help="1: wait for a click or tap before starting (lets the game play sound)",
    )
    parser.add_argument(
        "--stage-only", action="store_true", help="only fill the staging folder and stop"
    )
    args = parser.parse_args(argv)
    root = args.root.resolve()
    try:
        if args.stage_only:
            stage_dir = args.out.resolve() / "stage" / APP_NAME
            staged = stage(root, stage_dir)
            print(f"staged {len(staged)} files in {stage_dir}")
            return 0
        report = build(root, args.out, args.cdn, args.pygpi, args.ume_block)
    except BuildError as exc:
        print(f"build_web: {exc}", file=sys.stderr)
        return 1
    print(
        f"built {report['web']} ({report['web_bytes'] / 1024:.0f} KiB; "
        f"archive {report['apk_bytes'] / 1024:.0f} KiB, {report['files_staged']} files) "
        f"and {report['zip']} ({report['zip_bytes'] / 1024:.0f} KiB) "
        f"in {report['seconds']} s; runtime from {report['cdn']}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
