"""Smoke test of the built browser edition in real WebAssembly: the pygbag runtime, the
pygame-ce client, ``main.py`` and the loading page's start-up code, in headless Chromium.

Usage::

    ./build.sh web && .venv/bin/python tools/build/smoke_web.py              # the public CDN
    python tools/build/mirror_runtime.py --out build/cdn-mirror
    .venv/bin/python tools/build/smoke_web.py --runtime-mirror build/cdn-mirror   # a mirror

It serves the site (``--site``, default build/web) on 127.0.0.1, opens it in headless Chromium
(``tools/build/smoke_web.mjs``; Debian's chromium and npm playwright-core, as tests/browser/setup.sh
installs them), lets the page load the runtime from the CDN it was built for, or from
``--runtime-mirror`` (a folder laid out as the CDN: tools/build/mirror_runtime.py's output, or the
loader fixture ../shared/pygbag-cdn-0.9.3), clicks "Take command", waits for the first frame
of the title screen, starts a new game with kingdoms picked in turn and picks one by a click
(``PLAN``), reading where the buttons are from the snapshot the client publishes
(``web/probe.py``). Screenshots and a JSON report go to ``--artifacts``.

Outcome, on the last line and in the exit code:
- 0 ``PASS``: every stage, up to the action played by a click.
- 1 ``FAIL``: the page or the game went wrong with the runtime at hand, or (--require-full)
  it could not be tested.
- 3 ``SKIP``: it stopped because the Python runtime itself is not there (the CDN cannot be
  reached, or the mirror lacks a runtime file such as the wasm binary, as the loader fixture
  does) or because Chromium, node or playwright-core are missing; the line says where it
  stopped and why. Not a pass.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PASS, FAIL, USAGE, SKIP = 0, 1, 2, 3
RUNTIME_VERSION = "0.9.3"
# What the loader needs of the CDN before Python runs (tools/build/mirror_runtime.py copies them).
RUNTIME_FILES = (
    f"{RUNTIME_VERSION}/pythons.js",
    f"{RUNTIME_VERSION}/cpythonrc.py",
    f"{RUNTIME_VERSION}/cpython312/main.js",
    f"{RUNTIME_VERSION}/cpython312/main.wasm",
    f"{RUNTIME_VERSION}/cpython312/main.data",
)
STAGES = {
    "page": "the page",
    "loader": "the pygbag loader (pythons.js)",
    "runtime": "the Python runtime (CPython-wasm)",
    "archive": "the game's archive",
    "ready": 'the "Take command" button',
    "first_frame": "the game's first frame",
    "title": "the title screen",
    "new_game": "the new-game form",
    "match": "the match, waiting for the player's pick",
    "action": "an action played by a click",
}
# The player's clicks, by the tags of the buttons the client's snapshot lists (web/probe.py).
# tests/web/test_probe.py plays the same plan natively.
PICKED_IN_TURN = "Picked in turn"  # the kingdom button's label for it (web/text/i18n_ui.py)
PLAN: list[dict[str, Any]] = [
    {"do": "wait", "scene": "TitleScene", "reach": "title", "shot": "title"},
    {"do": "click", "scene": "TitleScene", "tag": "new"},
    {"do": "wait", "scene": "NewGameScene", "reach": "new_game"},
    {
        "do": "click_until_label",
        "scene": "NewGameScene",
        "tag": "kingdom0",
        "label": PICKED_IN_TURN,
        "max": 9,
    },
    {"do": "click", "scene": "NewGameScene", "tag": "start"},
    {"do": "wait", "scene": "MatchScene", "prompt": "pick", "reach": "match", "shot": "match"},
    {"do": "click_action", "scene": "MatchScene", "tag": "prompt0", "reach": "action"},
    {"do": "wait", "scene": "MatchScene", "shot": "action"},
]
PROBE_QUERY = "strategos_probe=1"  # web/probe.py publishes its snapshot when the address asks


class Unavailable(Exception):
    """What the smoke test needs is not on this machine; the message says what."""


@dataclass
class Verdict:
    code: int
    line: str


def cdn_of(index_html: str) -> str:
    """The runtime's address the page was built for (the loader's script on its first line)."""
    found = re.search(r'src="([^"]*?)pythons\.js"', index_html.split("\n", 1)[0])
    if not found:
        raise ValueError("index.html does not load pythons.js on its first line: not a pygbag page")
    return found.group(1)


def cdn_root(cdn: str) -> str:
    """``https://host/cdn/0.9.3/`` -> ``https://host/cdn/``: what a mirror's folder stands for."""
    if not cdn.rstrip("/").endswith(RUNTIME_VERSION):
        raise ValueError(f"the page's runtime address {cdn} does not end with {RUNTIME_VERSION}/")
    return cdn.rstrip("/")[: -len(RUNTIME_VERSION)]


def check_site(site: Path) -> str:
    """The page's runtime address, once ``site`` holds a built site."""
    if not site.is_dir():
        raise ValueError(f"--site {site}: no such folder (./build.sh web builds build/web)")
    for name in ("index.html", "strategos.tar.gz"):
        if not (site / name).is_file():
            raise ValueError(f"--site {site} has no {name}: not a build of ./build.sh web")
    return cdn_of((site / "index.html").read_text(encoding="utf-8"))


def check_mirror(mirror: Path) -> list[str]:
    """The runtime files the mirror lacks (the loader fixture lacks the wasm binary)."""
    if not mirror.is_dir():
        raise ValueError(f"--runtime-mirror {mirror}: no such folder")
    if not (mirror / RUNTIME_VERSION / "pythons.js").is_file():
        raise ValueError(
            f"--runtime-mirror {mirror} has no {RUNTIME_VERSION}/pythons.js: give the folder "
            "laid out as the CDN (tools/build/mirror_runtime.py --out FOLDER)"
        )
    return [rel for rel in RUNTIME_FILES if not (mirror / rel).is_file()]


def mirror_roots(cdn: str, mirror: Path) -> list[str]:
    """The addresses the mirror stands for: the page's CDN root, and the wheels' base that the
    package index names ("-CDN-"), where tools/build/mirror_runtime.py put the wheels it lists."""
    roots = [cdn_root(cdn)]
    index = mirror / f"index-{RUNTIME_VERSION}-cp312.json"
    if index.is_file():
        try:
            base = json.loads(index.read_text(encoding="utf-8")).get("-CDN-")
        except (ValueError, AttributeError) as err:
            raise ValueError(f"{index} is not the runtime's package index: {err}") from None
        if isinstance(base, str) and base.startswith(("http://", "https://")):
            base = base.rstrip("/") + "/"
            if base not in roots:
                roots.append(base)
    return roots


def find_browser(chromium: str, node_modules: Path) -> None:
    missing = []
    if shutil.which("node") is None:
        missing.append("node")
    if not os.access(chromium, os.X_OK):
        missing.append(f"chromium ({chromium})")
    if not (node_modules / "playwright-core" / "package.json").is_file():
        missing.append(f"the npm package playwright-core in {node_modules}")
    if missing:
        raise Unavailable(
            "missing " + ", ".join(missing) + " (bash tests/browser/setup.sh installs them)"
        )


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serving(site: Path) -> Iterator[str]:
    """The site on 127.0.0.1 (never ``localhost:8…``, which the runtime takes for pygbag's
    own test server), on a free port: its address."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def unreachable(url: str, timeout_s: float = 5.0) -> str:
    """Why this machine cannot open a connection to ``url``'s host, or "" when it can."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        with socket.create_connection((host, port), timeout=timeout_s):
            return ""
    except OSError as err:
        return f"{host}:{port}: {err.strerror or err}"


def judge(
    report: dict[str, Any],
    mirror_lacks: list[str],
    cdn: str,
    mirror: Path | None,
    cdn_unreachable: str = "",
) -> Verdict:
    """PASS, FAIL or SKIP from the driver's report: a SKIP only where the runtime itself was
    not to be had, and it says where the run stopped."""
    reached = report.get("reached", [])
    stopped = report.get("stopped")
    last = STAGES[reached[-1]] if reached else "nothing"
    if stopped is None and "action" in reached:
        return Verdict(PASS, f"PASS: {', '.join(STAGES[s] for s in reached)}")
    stopped = stopped or {"stage": "?", "why": "the driver stopped without saying why"}
    where = STAGES.get(stopped["stage"], stopped["stage"])
    failure = stopped.get("failure") or {}
    detail = failure.get("detail") or {}
    runtime_missing = failure.get("part") == "runtime" and detail.get("kind") == "file"
    if runtime_missing and mirror is not None and mirror_lacks:
        return Verdict(
            SKIP,
            f"SKIP: stopped before {where} (reached {last}): the runtime mirror {mirror} lacks "
            f"{', '.join(mirror_lacks)}, so the pygame-ce client never ran. A mirror made by "
            "tools/build/mirror_runtime.py (network needed) or the public CDN runs it whole.",
        )
    if runtime_missing and mirror is None and cdn_unreachable:
        return Verdict(
            SKIP,
            f"SKIP: stopped before {where} (reached {last}): {detail.get('file')} could not be "
            f"fetched from {cdn}, which this machine cannot reach ({cdn_unreachable}), so the "
            "pygame-ce client never ran.",
        )
    said = f"{stopped['why']}" + (f": {json.dumps(failure)}" if failure else "")
    return Verdict(FAIL, f"FAIL: stopped before {where} (reached {last}): {said}")


def run(args: argparse.Namespace) -> Verdict:
    site = args.site.resolve()
    cdn = check_site(site)
    mirror = args.runtime_mirror.resolve() if args.runtime_mirror else None
    lacks = check_mirror(mirror) if mirror else []
    find_browser(args.chromium, args.node_modules)
    args.artifacts.mkdir(parents=True, exist_ok=True)
    with serving(site) as origin:
        job = {
            "chromium": args.chromium,
            "node_modules": str(args.node_modules.resolve()),
            "url": f"{origin}index.html?{PROBE_QUERY}",
            "timeout_ms": int(args.timeout_s * 1000),
            "step_timeout_ms": int(args.step_timeout_s * 1000),
            "artifacts": str(args.artifacts.resolve()),
            "mirror_roots": mirror_roots(cdn, mirror) if mirror else [],
            "mirror": str(mirror) if mirror else None,
            "plan": PLAN,
        }
        job_path = args.artifacts / "smoke-job.json"
        job_path.write_text(json.dumps(job, indent=1), encoding="utf-8")
        done = subprocess.run(
            ["node", str(ROOT / "tools" / "build" / "smoke_web.mjs"), str(job_path)],
            capture_output=True,
            text=True,
            timeout=args.timeout_s + len(PLAN) * args.step_timeout_s + 60,
            check=False,
        )
    lines = done.stdout.strip().splitlines()
    if not lines:
        return Verdict(FAIL, f"FAIL: the browser driver printed nothing:\n{done.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(lines[-1])
    (args.artifacts / "smoke-report.json").write_text(json.dumps(report, indent=1), "utf-8")
    failure = (report.get("stopped") or {}).get("failure") or {}
    # Only asked when the runtime did not come: a CDN out of reach is a skip, not a failure.
    offline = unreachable(cdn) if mirror is None and failure.get("part") == "runtime" else ""
    return judge(report, lacks, cdn, mirror, offline)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Play the built site in headless Chromium with the real pygbag runtime."
    )
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "web", help="built site")
    parser.add_argument(
        "--runtime-mirror",
        type=Path,
        default=None,
        help="answer the page's runtime requests from this folder, laid out as the CDN "
        "(tools/build/mirror_runtime.py --out); default: the CDN the page was built for",
    )
    parser.add_argument(
        "--chromium", default=os.environ.get("STRATEGOS_CHROMIUM", "/usr/bin/chromium")
    )
    parser.add_argument(
        "--node-modules",
        type=Path,
        default=Path(
            os.environ.get("STRATEGOS_NODE_MODULES", ROOT / "build" / "node" / "node_modules")
        ),
    )
    parser.add_argument(
        "--timeout-s", type=float, default=180.0, help="for the page up to the first frame"
    )
    parser.add_argument("--step-timeout-s", type=float, default=60.0, help="for each click")
    parser.add_argument(
        "--artifacts", type=Path, default=ROOT / "artifacts" / "smoke", help="report, screenshots"
    )
    parser.add_argument(
        "--require-full",
        action="store_true",
        help="a SKIP fails (exit 1): for the deploy, where the runtime must be there",
    )
    args = parser.parse_args(argv)
    for name in ("timeout_s", "step_timeout_s"):
        if not 1 <= getattr(args, name) <= 3600:
            parser.error(f"--{name.replace('_', '-')} must be from 1 to 3600 seconds")
    try:
        verdict = run(args)
    except ValueError as err:
        parser.error(str(err))
    except Unavailable as err:
        verdict = Verdict(SKIP, f"SKIP: not run: {err}")
    print(verdict.line, flush=True)
    if verdict.code == SKIP and args.require_full:
        print("smoke_web: --require-full: a skip is a failure", file=sys.stderr)
        return FAIL
    return verdict.code


if __name__ == "__main__":
    raise SystemExit(main())
