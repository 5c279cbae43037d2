"""Copy the pygbag runtime beside the site, for hosts that do not want to depend on the CDN.

Usage (at deploy time; the files are never committed)::

    python tools/build/mirror_runtime.py --out build/web/cdn
    ./build.sh web --cdn https://example.org/strategos/cdn/0.9.3/   # before or after

The page then loads CPython-wasm from ``<site>/cdn/0.9.3/`` and looks for wheels in the package
index at ``<site>/cdn/`` (``tools/build/build_web.py`` derives that address, the runtime's PYGPI).

What is copied, laid out as on the public CDN: the loader (``0.9.3/pythons.js``, its site
code ``cpythonrc.py``), CPython ``0.9.3/cpython312/main.{js,wasm,data}``, the package index
``index-0.9.3-cp312.json`` and the wheels it names for ``--package`` (pygame: pygame-ce), plus
a few small files the loader may ask for (missing ones are reported, not fatal). If the
browser's console shows a 404 under ``cdn/``, add that file with ``--also PATH``.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from pathlib import Path

PUBLIC_SOURCE = "https://pygame-web.github.io/cdn/"


def runtime_files(version: str, python: str) -> tuple[list[str], list[str]]:
    """(required, optional) paths relative to the CDN root."""
    build = f"cpython{python.replace('.', '')}"
    required = [
        f"{version}/pythons.js",
        f"{version}/cpythonrc.py",
        f"{version}/{build}/main.js",
        f"{version}/{build}/main.wasm",
        f"{version}/{build}/main.data",
    ]
    optional = [
        f"{version}/empty.html",
        f"{version}/empty.ogg",
        f"{version}/favicon.png",
        f"{version}/pythonrc.py",
        f"{version}/browserfs.min.js",
        f"{version}/vt/xterm.js",
        f"{version}/vt/xterm-addon-image.js",
        "vt.js",
        "vtx.js",
    ]
    return required, optional


def index_name(version: str, python: str) -> str:
    return f"index-{version}-cp{python.replace('.', '')}.json"


def fetch(url: str, timeout_s: float) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout_s) as response:
        data: bytes = response.read()
        return data


def save(out: Path, rel: str, data: bytes) -> None:
    target = out / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


def wheel_paths(index: dict[str, object], packages: list[str], abi: str, api: str) -> list[str]:
    """The wheels the runtime would fetch for ``packages``, relative to the index's CDN."""
    paths = []
    for package in packages:
        entry = index.get(package)
        if not isinstance(entry, str):
            raise KeyError(f"the package index has no wheel for {package!r}")
        paths.append(entry.replace("<abi>", abi).replace("<api>", api).lstrip("/"))
    return paths


def mirror(
    out: Path,
    source: str = PUBLIC_SOURCE,
    version: str = "0.9.3",
    python: str = "3.12",
    packages: tuple[str, ...] = ("pygame",),
    also: tuple[str, ...] = (),
    api: str = "wasm32_bi_emscripten",
    timeout_s: float = 120.0,
) -> dict[str, list[str]]:
    if not source.endswith("/"):
        source += "/"
    required, optional = runtime_files(version, python)
    required += list(also)
    copied: list[str] = []
    missing: list[str] = []
    for rel in required:
        save(out, rel, fetch(source + rel, timeout_s))
        copied.append(rel)
    for rel in optional:
        try:
            save(out, rel, fetch(source + rel, timeout_s))
            copied.append(rel)
        except OSError:  # urllib's HTTPError and URLError are OSErrors
            missing.append(rel)

    # The package index, kept as it is: the runtime replaces its "-CDN-" by PYGPI itself.
    name = index_name(version, python)
    raw = fetch(source + name, timeout_s)
    save(out, name, raw)
    copied.append(name)
    index = json.loads(raw.decode("utf-8"))
    wheel_base = str(index.get("-CDN-", source)).rstrip("/") + "/"
    abi = f"cp{python.replace('.', '')}"
    for rel in wheel_paths(index, list(packages), abi, api):
        save(out, rel, fetch(wheel_base + rel, timeout_s))
        copied.append(rel)
    return {"copied": copied, "missing": missing}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Mirror the pygbag runtime for self-hosting.")
    parser.add_argument("--out", type=Path, required=True, help="the site's cdn/ folder")
    parser.add_argument("--source", default=PUBLIC_SOURCE, help="CDN root to copy from")
    parser.add_argument("--version", default="0.9.3", help="pygbag runtime version")
    parser.add_argument("--python", default="3.12", help="CPython version of the runtime")
    parser.add_argument(
        "--package",
        action="append",
        default=None,
        help="package whose wheel to copy (default: pygame)",
    )
    parser.add_argument("--also", action="append", default=[], help="another file to copy")
    args = parser.parse_args(argv)
    try:
        report = mirror(
            args.out,
            args.source,
            args.version,
            args.python,
            tuple(args.package or ["pygame"]),
            tuple(args.also),
        )
    except (OSError, KeyError, ValueError) as exc:
        print(f"mirror_runtime: {exc}", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    print(f"mirrored {len(report['copied'])} files ({size / 1e6:.1f} MB) into {args.out}")
    for rel in report["missing"]:
        print(f"  not on the source (optional): {rel}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
