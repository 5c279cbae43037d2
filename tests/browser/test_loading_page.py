"""The loading page when the game cannot start, with the real pygbag 0.9.3 loader.

The page ``tools/build/build_web.py`` builds is served on 127.0.0.1 with the loader's small files
(``../shared/pygbag-cdn-0.9.3/``: pythons.js, cpython312/main.js, cpythonrc.py; no wasm
binary) standing in for the CDN on a second port, and opened in headless Chromium
(``harness/loading_page.mjs``). The loader then runs up to the download of the runtime, which
fails or never comes: the page must say what failed, offer Retry and point to the desktop
version, within its time limit (20 s without progress; ``?STRATEGOS_LOADER_TIMEOUT=<s>``
shortens it for these tests). The later steps (the archive, starting the game) cannot be
reached without the runtime, so the page's calls from its Python site code are made from the
test, in the order the site code makes them.

Needs node, /usr/bin/chromium and the npm package playwright-core (tests/browser/setup.sh);
without them the tests skip, or fail under STRATEGOS_REQUIRE_BROWSER=1 (CI). Without the
loader files they skip, as that folder's README asks: the project never ships them.
"""

from __future__ import annotations

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
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.tool_scripts import load_tool

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
LOADER_FILES = ROOT.parent / "shared" / "pygbag-cdn-0.9.3"
LOADER = LOADER_FILES / "0.9.3"
NODE_MODULES = Path(
    os.environ.get("STRATEGOS_NODE_MODULES", ROOT / "build" / "node" / "node_modules")
)
CHROMIUM = os.environ.get("STRATEGOS_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("STRATEGOS_REQUIRE_BROWSER") == "1"
ARTIFACTS = ROOT / "artifacts" / "browser"
DRIVER = HERE / "harness" / "loading_page.mjs"
CDN_PATH = "/cdn/0.9.3/"
APP = "strategos"

pytestmark = pytest.mark.browser

EN = {
    "runtime": "The Python runtime could not be loaded.",
    "archive": "The game archive could not be loaded.",
    "start": "The game could not start.",
}
RU = {
    "runtime": "Не удалось загрузить среду Python.",
    "archive": "Не удалось загрузить архив игры.",
    "start": "Не удалось запустить игру.",
}

build_web = load_tool("build/build_web", "_strategos_build_web_for_loading_page")


def _unavailable(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"{reason} (STRATEGOS_REQUIRE_BROWSER=1: the browser tests must run)")
    pytest.skip(f"{reason}; tests/browser/setup.sh installs what they need")


def _need_loader_files() -> None:
    """The real loader's files are a fixture from outside the project (its README): the tests
    that serve or read them skip where it is absent. The page without any runtime host at all
    needs none of them, so that case runs everywhere."""
    if not (LOADER / "pythons.js").is_file():
        pytest.skip(f"the pygbag 0.9.3 loader files are not in {LOADER_FILES} (see its README)")


@pytest.fixture(scope="module", autouse=True)
def _tools() -> None:
    missing = []
    if shutil.which("node") is None:
        missing.append("node")
    if not os.access(CHROMIUM, os.X_OK):
        missing.append(f"chromium ({CHROMIUM})")
    if not (NODE_MODULES / "playwright-core" / "package.json").is_file():
        missing.append(f"npm playwright-core in {NODE_MODULES}")
    if missing:
        _unavailable("missing " + ", ".join(missing))


# --- the servers ------------------------------------------------------------------------------


@dataclass
class Cdn:
    """The runtime's host: the loader's files at /cdn/0.9.3/. ``hang`` holds the files (paths
    below /cdn/0.9.3/, or "*" for all) that are answered never: the connection is accepted and
    then nothing comes; ``trickle`` the files that arrive a chunk at a time and then stall.
    Files absent from the folder get 404, as main.wasm and main.data do."""

    hang: set[str] = field(default_factory=set)
    trickle: dict[str, tuple[int, float, int]] = field(default_factory=dict)  # bytes, s, chunks
    requests: Counter[str] = field(default_factory=Counter)
    bytes_trickled: int = 0
    stop: threading.Event = field(default_factory=threading.Event)


class _CdnHandler(http.server.SimpleHTTPRequestHandler):
    cdn: Cdn
    extensions_map = {  # noqa: RUF012  (the base class's attribute, extended)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }

    def end_headers(self) -> None:
        # pythons.js is a module script, fetched in CORS mode (the public CDN sends this too).
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def translate_path(self, path: str) -> str:
        name = path.split("?", 1)[0].split("#", 1)[0]
        if not name.startswith(CDN_PATH) or ".." in name:
            return str(LOADER / "not-here")
        return str(LOADER / name[len(CDN_PATH) :])

    def do_GET(self) -> None:
        name = self.path.split("?", 1)[0].removeprefix(CDN_PATH)
        self.cdn.requests[name] += 1
        if "*" in self.cdn.hang or name in self.cdn.hang:
            self.cdn.stop.wait(120)
            return
        if name in self.cdn.trickle:
            size, every_s, chunks = self.cdn.trickle[name]
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(size * chunks * 10))
            self.end_headers()
            for _ in range(chunks):
                if self.cdn.stop.wait(every_s):
                    return
                self.wfile.write(b"\0" * size)
                self.wfile.flush()
                self.cdn.bytes_trickled += size
            self.cdn.stop.wait(120)
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _SiteHandler(http.server.SimpleHTTPRequestHandler):
    requests: Counter[str]

    def do_GET(self) -> None:
        self.requests[self.path.split("?", 1)[0]] += 1
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def _serve(handler: Any) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def _closed_port() -> int:
    """A port on which nothing listens: connections to it are refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _python() -> str:
    venv = ROOT / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


STAND_IN_MAIN = "async def main():\n    pass\n"


def _build(tmp: Path, cdn_url: str) -> Path:
    """The page as ./build.sh web builds it (tools/build/build_web.py, pygbag, our template), for a
    runtime at ``cdn_url``. The archive holds a stand-in client: without the runtime the
    page never runs it."""
    tree = tmp / "tree"
    for rel in (build_web.TEMPLATE, build_web.ICON):
        (tree / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, tree / rel)
    (tree / "web" / "main.py").write_text(STAND_IN_MAIN, encoding="utf-8")
    done = subprocess.run(
        [_python(), "-c", "import pygbag"], capture_output=True, text=True, timeout=60
    )
    if done.returncode != 0:
        _unavailable("pygbag 0.9.3 is not installed in .venv (./build.sh web installs it)")
    build_web.build(root=tree, out=tmp / "out", cdn=cdn_url, python=_python(), timeout_s=120)
    return tmp / "out" / "web"


@dataclass
class Site:
    url: str
    web: Path
    cdn: Cdn
    requests: Counter[str]
    origin: str

    def on_pages(self) -> str:
        """The page's address as GitHub Pages would give it (a project site:
        <owner>.github.io/<repository>/), for a browser that resolves PAGES_HOST here."""
        port = self.origin.rsplit(":", 1)[1]
        return f"http://{PAGES_HOST}:{port}/{PAGES_REPOSITORY}/index.html"


# The README's section on the desktop version, as the page links to it on GitHub Pages.
PAGES_OWNER = "tester"
PAGES_HOST = f"{PAGES_OWNER}.github.io"
PAGES_REPOSITORY = "strategos"
PAGES_RULES = f"MAP {PAGES_HOST} 127.0.0.1"
PAGES_GUIDE = f"https://github.com/{PAGES_OWNER}/{PAGES_REPOSITORY}#installing-the-desktop-version"


@pytest.fixture
def site_for(tmp_path: Path) -> Iterator[Any]:
    """site_for(cdn) -> the built page served with ``cdn`` as its runtime host, or with a
    runtime host that refuses every connection when ``cdn`` is None."""
    servers: list[http.server.ThreadingHTTPServer] = []
    cdns: list[Cdn] = []

    def make(cdn: Cdn | None) -> Site:
        if cdn is None:
            cdn_url = f"http://127.0.0.1:{_closed_port()}{CDN_PATH}"
            cdn = Cdn()
        else:
            _need_loader_files()
            handler = type("Handler", (_CdnHandler,), {"cdn": cdn})
            server, origin = _serve(handler)
            servers.append(server)
            cdn_url = origin + CDN_PATH
        cdns.append(cdn)
        web = _build(tmp_path / f"site{len(cdns)}", cdn_url)
        # Served at / and, as on GitHub Pages, at /<repository>/.
        (web / PAGES_REPOSITORY).symlink_to(web, target_is_directory=True)
        requests: Counter[str] = Counter()
        handler = type("Handler", (_SiteHandler,), {"requests": requests})
        server, origin = _serve(functools.partial(handler, directory=str(web)))
        servers.append(server)
        return Site(origin + "/index.html", web, cdn, requests, origin)

    yield make
    for cdn in cdns:
        cdn.stop.set()
    for server in servers:
        server.shutdown()
        server.server_close()


# --- the browser ----------------------------------------------------------------------------------


def run_page(
    name: str,
    steps: list[dict[str, Any]],
    viewport: tuple[int, int] = (1280, 720),
    locale: str = "en-US",
    timeout_s: float = 120.0,
    host_resolver_rules: str | None = None,
) -> dict[str, Any]:
    """Runs ``steps`` in a fresh Chromium (see harness/loading_page.mjs); its console goes
    to artifacts/browser/loading-<name>.log."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    job_path = ARTIFACTS / f"loading-{name}.job.json"
    job: dict[str, Any] = {
        "viewport": {"width": viewport[0], "height": viewport[1]},
        "locale": locale,
    }
    if host_resolver_rules:
        job["host_resolver_rules"] = host_resolver_rules
    job_path.write_text(json.dumps({**job, "steps": steps}), encoding="utf-8")
    done = subprocess.run(
        ["node", str(DRIVER), CHROMIUM, str(NODE_MODULES), str(job_path)],
        capture_output=True,
        text=True,
        timeout=timeout_s,
    )
    job_path.unlink()
    lines = done.stdout.strip().splitlines()
    assert lines, f"the driver printed nothing:\n{done.stderr[-3000:]}"
    report: dict[str, Any] = json.loads(lines[-1])
    (ARTIFACTS / f"loading-{name}.log").write_text(
        "\n".join(report["console"] + ["", "page errors:", *report["page_errors"]]) + "\n",
        encoding="utf-8",
    )
    assert "error" not in report, report["error"]
    return report


def url_with_timeout(site: Site, seconds: float | None) -> str:
    return site.url if seconds is None else f"{site.url}?STRATEGOS_LOADER_TIMEOUT={seconds}"


# A runtime host that sends pythons.js and main.js and then stalls: nothing fails by itself
# before the time limit, so each step below starts from a quiet page.
STALLED = {"cpython312/main.wasm", "cpython312/main.data"}


def assert_failure_card(
    shown: dict[str, Any], part: str, texts: dict[str, str] = EN, guide: str | None = None
) -> None:
    """The failure card names what failed; ``guide``: the README section its desktop sentence
    links to (on GitHub Pages), None where the page cannot know one and says nothing of it."""
    assert shown["at_ms"] is not None, "the loading card never said that loading failed"
    assert shown["what"] == texts[part]
    assert shown["detail"].strip()
    assert shown["advice"].strip()
    assert shown["retry"] == ("Retry" if texts is EN else "Повторить")
    if guide is None:
        assert shown["desktop"] == "" and shown["desktop_link"] is None, shown
        return
    assert shown["desktop_link"] == guide
    desktop = shown["desktop"]
    assert desktop == (
        "Strategos also runs on a computer, without the browser: "
        "how to install the desktop version."
        if texts is EN
        else "Strategos работает и на компьютере, без браузера: как установить настольную версию."
    ), desktop


def assert_loader_ran(report: dict[str, Any]) -> None:
    """The real pygbag loader executed (it announces the interpreter it fetches)."""
    assert any("Loading python interpreter from" in line for line in report["console"]), (
        "pythons.js did not run"
    )


def assert_loader_kept_quiet(report: dict[str, Any]) -> None:
    """Until the game runs, the page explains failures itself: no alert() from the loader
    and no crash of its error handler (pythons.js:63 reads .message of a null error)."""
    assert report["dialogs"] == []
    crashes = [e for e in report["page_errors"] if "reading 'message'" in e]
    assert crashes == [], crashes


# --- failures of the runtime ------------------------------------------------------------------


def test_missing_runtime_binary_is_reported_at_once(site_for: Any) -> None:
    site = site_for(Cdn())
    report = run_page(
        "missing-binary",
        [{"do": "goto", "url": site.url}, {"do": "wait_failure", "timeout_ms": 15000}],
    )
    shown = report["results"][1]
    print(f"\nruntime binary missing (404): message after {shown['at_ms']} ms")
    assert_failure_card(shown, "runtime")
    # The failed download itself is the signal, not the 20 s watchdog.
    assert shown["at_ms"] < 5000
    assert re.fullmatch(r"cpython312/main\.(data|wasm): HTTP 404", shown["detail"]), shown
    assert shown["advice"] == "Please try again later."
    assert_loader_ran(report)
    assert_loader_kept_quiet(report)
    assert site.cdn.requests["cpython312/main.js"] == 1


def test_unreachable_cdn_is_reported_at_once(site_for: Any) -> None:
    site = site_for(None)
    report = run_page(
        "refused-cdn",
        [{"do": "goto", "url": site.url}, {"do": "wait_failure", "timeout_ms": 15000}],
    )
    shown = report["results"][1]
    print(f"\nruntime host refuses connections: message after {shown['at_ms']} ms")
    assert_failure_card(shown, "runtime")
    assert shown["at_ms"] < 5000
    assert shown["detail"] == "pythons.js: not loaded"
    assert shown["advice"] == "Check the connection, then try again."
    assert_loader_kept_quiet(report)


def test_silent_cdn_is_given_up_after_the_time_limit(site_for: Any) -> None:
    site = site_for(Cdn(hang={"*"}))
    report = run_page(
        "silent-cdn",
        [
            {"do": "goto", "url": url_with_timeout(site, 2)},
            {"do": "wait_failure", "timeout_ms": 15000},
        ],
    )
    shown = report["results"][1]
    print(f"\nruntime host never answers, limit 2 s: message after {shown['at_ms']} ms")
    assert_failure_card(shown, "runtime")
    assert 1900 <= shown["at_ms"] <= 5000
    assert shown["detail"] == "No answer for 2 s (waiting for pythons.js)."
    assert site.cdn.requests["pythons.js"] == 1


def test_the_default_time_limit_is_about_20_s(site_for: Any) -> None:
    site = site_for(Cdn(hang={"*"}))
    report = run_page(
        "default-limit",
        [{"do": "goto", "url": site.url}, {"do": "wait_failure", "timeout_ms": 40000}],
    )
    shown = report["results"][1]
    print(f"\nruntime host never answers, default limit: message after {shown['at_ms']} ms")
    assert_failure_card(shown, "runtime")
    assert 19500 <= shown["at_ms"] <= 24000
    assert shown["detail"] == "No answer for 20 s (waiting for pythons.js)."


def test_arriving_bytes_extend_the_time_limit(site_for: Any) -> None:
    # main.data arrives 2 KB every 0.4 s for 6 s, then stalls; main.wasm never answers.
    cdn = Cdn(hang={"cpython312/main.wasm"}, trickle={"cpython312/main.data": (2048, 0.4, 15)})
    site = site_for(cdn)
    report = run_page(
        "trickle",
        [
            {"do": "goto", "url": url_with_timeout(site, 2)},
            {"do": "wait_failure", "timeout_ms": 30000},
        ],
    )
    shown = report["results"][1]
    print(
        f"\n{cdn.bytes_trickled} bytes over 6 s, then silence, limit 2 s: "
        f"message after {shown['at_ms']} ms"
    )
    assert cdn.bytes_trickled == 15 * 2048
    assert_failure_card(shown, "runtime")
    # Not while the bytes came (the first came at about 0.6 s), but 2 s after the last one.
    assert 7500 <= shown["at_ms"] <= 11000
    assert shown["detail"].startswith("No answer for 2 s (waiting for cpython312/main.")
    assert_loader_ran(report)


def test_retry_reloads_the_page(site_for: Any) -> None:
    site = site_for(Cdn())
    report = run_page(
        "retry",
        [
            {"do": "goto", "url": site.url},
            {"do": "wait_failure", "timeout_ms": 15000},
            {"do": "retry"},
            {"do": "wait_failure", "timeout_ms": 15000},
        ],
    )
    first, retried, again = report["results"][1:]
    assert first["at_ms"] is not None
    assert retried == {"reloaded": True, "old_document_gone": True}
    assert_loader_kept_quiet(report)  # no "leave this page?" prompt on the way
    assert site.requests["/index.html"] == 2
    # The loader started over in the new document (its files may come from the cache).
    starts = [line for line in report["console"] if "Loading python interpreter from" in line]
    assert len(starts) == 2
    assert_failure_card(again, "runtime")


# The smallest valid WebAssembly module: the magic number and version 1.
EMPTY_WASM = b"\0asm\x01\x00\x00\x00"


def test_watched_downloads_arrive_intact(site_for: Any) -> None:
    """The page reads a copy of every download to see bytes arrive: the loader's own reads
    (streaming wasm compilation, whole bodies) must get exactly what was sent."""
    site = site_for(Cdn(hang=STALLED))
    (site.web / "tiny.wasm").write_bytes(EMPTY_WASM)
    archive_size = (site.web / f"{APP}.tar.gz").stat().st_size
    report = run_page(
        "intact",
        [
            {"do": "goto", "url": site.url},
            {
                "do": "eval",
                "js": "(async () => {"
                " const wasm = await WebAssembly.instantiateStreaming(fetch('tiny.wasm'));"
                f" const archive = await (await fetch('{APP}.tar.gz')).arrayBuffer();"
                " return {module: wasm.module instanceof WebAssembly.Module,"
                " archive: archive.byteLength,"
                " watched: !/\\[native code\\]/.test(String(window.fetch))}; })()",
            },
        ],
    )
    assert report["results"][1] == {"module": True, "archive": archive_size, "watched": True}


# --- the card on a phone and on a desktop -----------------------------------------------------


CARD_BOX = (
    "(() => { const r = document.querySelector('#loader .loader-card').getBoundingClientRect();"
    " return {top: r.top, bottom: r.bottom}; })()"
)


@pytest.mark.parametrize(
    ("width", "height", "locale"),
    [
        (844, 390, "en-US"),
        (844, 390, "ru-RU"),
        (390, 844, "ru-RU"),
        (1280, 720, "en-US"),
        (1280, 720, "ru-RU"),
    ],
)
def test_failure_card_fits_the_screen(site_for: Any, width: int, height: int, locale: str) -> None:
    # The longest message: a time-out while two runtime files are on their way, on GitHub
    # Pages, where the card also links to the README's desktop section.
    site = site_for(Cdn(hang={"cpython312/main.wasm", "cpython312/main.data"}))
    shot = ARTIFACTS / f"loading-failure-{width}x{height}-{locale[:2]}.png"
    report = run_page(
        f"fit-{width}x{height}-{locale[:2]}",
        [
            {"do": "goto", "url": f"{site.on_pages()}?STRATEGOS_LOADER_TIMEOUT=1"},
            {"do": "eval", "js": CARD_BOX},
            {"do": "wait_failure", "timeout_ms": 15000},
            {"do": "screenshot", "path": str(shot)},
            {"do": "layout"},
        ],
        viewport=(width, height),
        locale=locale,
        host_resolver_rules=PAGES_RULES,
    )
    loading, shown, _, layout = report["results"][1:]
    # While it loads, too, the whole card is on the screen.
    assert loading["top"] >= 0 and loading["bottom"] <= height, loading
    texts = RU if locale.startswith("ru") else EN
    assert_failure_card(shown, "runtime", texts, guide=PAGES_GUIDE)
    assert shown["lang"] == locale[:2]
    files = "cpython312/main.data, cpython312/main.wasm"
    waiting = f"(ждём {files})" if texts is RU else f"(waiting for {files})"
    assert waiting in shown["detail"], shown["detail"]
    card = layout["card"]
    assert card["left"] >= 0 and card["top"] >= 0, layout
    assert card["right"] <= width and card["bottom"] <= height, layout
    assert layout["card_overflow_y"] <= 0, layout
    assert layout["page_scroll"] == {"x": 0, "y": 0}, layout
    for name, part in layout["parts"].items():
        assert part["visible"], name
        assert part["overflow_x"] <= 0, (name, part)
        assert card["left"] <= part["left"] and part["right"] <= card["right"], (name, layout)
        assert card["top"] <= part["top"] and part["bottom"] <= card["bottom"], (name, layout)
        assert part["font_px"] >= 12, (name, part)
    assert layout["parts"]["loader-retry"]["height"] >= 44  # a finger's width (web/README)
    assert shot.is_file()


# --- the later steps: the calls of the page's Python site code --------------------------------


def test_each_step_is_named_when_it_times_out(site_for: Any) -> None:
    site = site_for(Cdn(hang=STALLED))
    steps: list[dict[str, Any]] = []
    for call in (
        'strategos_stage("Unrolling the map of Europe", 0.62, "archive")',
        'strategos_stage("Raising the towers", 0.72, "start")',
    ):
        steps += [
            {"do": "goto", "url": url_with_timeout(site, 1.5)},
            {"do": "eval", "js": f"{call}, performance.now()"},
            {"do": "wait_failure", "timeout_ms": 15000},
        ]
    report = run_page("steps", steps)
    for index, part in enumerate(("archive", "start")):
        called_at, shown = report["results"][3 * index + 1 : 3 * index + 3]
        assert_failure_card(shown, part)
        assert shown["detail"].startswith("No answer for 1.5 s")
        assert shown["at_ms"] - called_at >= 1400, (called_at, shown)


def test_a_missing_archive_is_reported_at_once(site_for: Any) -> None:
    site = site_for(Cdn(hang=STALLED))
    (site.web / f"{APP}.tar.gz").unlink()
    report = run_page(
        "missing-archive",
        [
            {"do": "goto", "url": site.url},
            {"do": "wait_failure", "timeout_ms": 1500},
            {"do": "eval", "js": 'strategos_stage("Unrolling the map of Europe", 0.62, "archive")'},
            # What the site code's platform.fopen("strategos.tar.gz") does in the loader.
            {"do": "eval", "js": f'window.cross_file("{APP}.tar.gz", "/tmp/a").next(), null'},
            {"do": "wait_failure", "timeout_ms": 5000},
        ],
    )
    quiet, _, _, shown = report["results"][1:]
    assert quiet["at_ms"] is None
    assert_failure_card(shown, "archive")
    assert shown["detail"] == f"{APP}.tar.gz: HTTP 404"
    assert site.requests[f"/{APP}.tar.gz"] == 1


def test_an_error_from_the_site_code_is_shown(site_for: Any) -> None:
    site = site_for(Cdn(hang=STALLED))
    error = "ModuleNotFoundError: No module named 'pygame'"
    report = run_page(
        "site-code-error",
        [
            {"do": "goto", "url": site.url},
            {"do": "eval", "js": 'strategos_stage("Raising the towers", 0.72, "start")'},
            {"do": "eval", "js": f"strategos_fail('start', {json.dumps(error)})"},
            {"do": "wait_failure", "timeout_ms": 3000},
        ],
    )
    shown = report["results"][3]
    assert_failure_card(shown, "start")
    assert shown["detail"] == error


def test_waiting_for_the_click_is_not_a_failure(site_for: Any) -> None:
    site = site_for(Cdn(hang=STALLED))
    report = run_page(
        "click",
        [
            {"do": "goto", "url": url_with_timeout(site, 1)},
            {"do": "eval", "js": 'strategos_stage("Raising the towers", 0.72, "start")'},
            {"do": "eval", "js": "strategos_ready()"},
            {"do": "wait_failure", "timeout_ms": 4000},
            {"do": "click", "selector": "#loader-begin"},
            {"do": "eval", "js": "performance.now()"},
            {"do": "wait_failure", "timeout_ms": 5000},
        ],
    )
    waiting, _, clicked_at, shown = report["results"][3:]
    assert waiting["at_ms"] is None, "the page gave up while the player had not clicked yet"
    assert_failure_card(shown, "start")
    assert shown["at_ms"] - clicked_at >= 900


def test_the_first_frame_ends_the_watch(site_for: Any) -> None:
    site = site_for(Cdn(hang=STALLED))
    report = run_page(
        "first-frame",
        [
            {"do": "goto", "url": url_with_timeout(site, 1)},
            {"do": "eval", "js": 'strategos_stage("Raising the towers", 0.72, "start")'},
            {"do": "eval", "js": "strategos_ready()"},
            {"do": "click", "selector": "#loader-begin"},
            {"do": "eval", "js": 'strategos_stage("Mustering the generals", 0.90)'},
            {"do": "eval", "js": "strategos_started()"},
            # pygame.display.set_mode((1280, 720)) in main.py sizes the canvas.
            {
                "do": "eval",
                "js": "(() => { const c = document.getElementById('canvas');"
                " c.width = 1280; c.height = 720; })()",
            },
            {"do": "wait_gone", "timeout_ms": 3000},
            {"do": "wait_failure", "timeout_ms": 3000},
        ],
    )
    gone, failed = report["results"][7:]
    assert gone["at_ms"] is not None, "the loading card stayed after the game's first frame"
    assert failed["at_ms"] is None, "the page reported a failure after the game started"


def test_a_later_step_clears_an_early_verdict(site_for: Any) -> None:
    """Python answering proves the runtime arrived, whatever an earlier error suggested."""
    site = site_for(None)
    report = run_page(
        "revive",
        [
            {"do": "goto", "url": site.url},
            {"do": "wait_failure", "timeout_ms": 15000},
            {"do": "eval", "js": 'strategos_stage("Unrolling the map of Europe", 0.62, "archive")'},
            {"do": "eval", "js": 'document.getElementById("loader").classList.contains("failed")'},
        ],
    )
    first, _, still_failed = report["results"][1:]
    assert first["at_ms"] is not None
    assert still_failed is False


# --- the template against 0.9.3's default.tmpl ------------------------------------------------

# The steps of default.tmpl's custom_site that the loader relies on, in their order, and how
# our site code takes each (ours unpacks the archive in a function of its own).
DEFAULT_STEPS = [
    ('Path(f"/data/data/', 'Path(f"/data/data/'),
    (".itch.zone", "await fetch_archive(appdir)"),
    ("platform.run_main(PyConfig, loaderhome=", "platform.run_main(PyConfig, loaderhome="),
    ("embed.counter()", "embed.counter()"),
    ("__import__(__name__).__file__ = main", "__import__(__name__).__file__ = str(main)"),
    ("platform.window.MM.UME", "platform.window.MM.UME"),
    ("TopLevel_async_handler.start_toplevel(", "TopLevel_async_handler.start_toplevel("),
    ("__import__(__name__).__file__ = main", "__import__(__name__).__file__ = str(main)"),
    ("await shell.source(main, callback=ui_callback)", "await shell.source(main, callback="),
    ("platform.window.config.gui_divider = 1", "platform.window.config.gui_divider = 1"),
    ("platform.window.window_resize()", "platform.window.window_resize()"),
    ("shell.interactive()", "shell.interactive()"),
]
ARCHIVE_STEPS = [
    ".itch.zone",
    'platform.fopen("{{cookiecutter.archive}}.apk", "rb")',
    ".extractall(appdir.as_posix())",
    'platform.fopen("{{cookiecutter.archive}}.tar.gz", "rb")',
    "filter=",
]
# Elements of default.tmpl our page leaves out (the template says why: the xterm.js console
# and its debug panel, which the page does not open).
LEFT_OUT_IDS = {
    "crt",
    "box",
    "info",
    "iframe",
    "load_min",
    "load_avg",
    "load_max",
    "load_rst",
    "level",
    "stateBattery",
    "pygame_mixer_music_pause",
}


def _in_order(text: str, steps: list[str]) -> list[str]:
    """The steps not found in ``text`` after the previous one."""
    missing, at = [], 0
    for step in steps:
        found = text.find(step, at)
        if found < 0:
            missing.append(step)
        else:
            at = found + len(step)
    return missing


def _site_code(path: Path) -> str:
    """The Python of a template (before the comment that closes its first script), without
    comments and with runs of blanks made one."""
    code = path.read_text(encoding="utf-8").split("# --></script>", 1)[0]
    code = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith("#"))
    return re.sub(r"\s+", " ", code).replace("( ", "(").replace(" )", ")")


def test_the_site_code_takes_every_step_of_default_tmpl() -> None:
    _need_loader_files()
    default = _site_code(LOADER / "default.tmpl")
    ours = _site_code(ROOT / build_web.TEMPLATE)
    assert _in_order(default, [theirs for theirs, _ in DEFAULT_STEPS]) == []  # 0.9.3's order
    assert _in_order(default, ARCHIVE_STEPS) == []
    assert _in_order(ours, [mine for _, mine in DEFAULT_STEPS]) == []
    fetch_archive = ours.split("async def fetch_archive(", 1)[1].split("async def ", 1)[0]
    assert _in_order(fetch_archive, ARCHIVE_STEPS) == []


def test_the_page_has_the_elements_of_default_tmpl() -> None:
    _need_loader_files()
    ids = re.compile(r"""\bid=["']?([\w-]+)""")

    def page(path: Path) -> str:
        html = path.read_text(encoding="utf-8").split("# --></script>", 1)[1]
        return re.sub(r"<!--.*?-->", "", html, flags=re.S)

    default = page(LOADER / "default.tmpl")
    ours = page(ROOT / build_web.TEMPLATE)
    missing = set(ids.findall(default)) - set(ids.findall(ours)) - LEFT_OUT_IDS
    assert missing == set()
    assert LEFT_OUT_IDS.isdisjoint(ids.findall(ours))
