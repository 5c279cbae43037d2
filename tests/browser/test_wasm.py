"""The engine and the AI in real WebAssembly: Pyodide in headless Chromium.

What runs: ``game/`` and ``ai/`` are zipped with the engine tests and unpacked into Pyodide
(npm package ``pyodide``) in a page served from 127.0.0.1; ``harness/driver.mjs`` drives
Chromium (Debian ``chromium``) with ``playwright-core``. Then:
- seeded games play move for move the same as natively (random decisions; agents from ai/
  when ``ai.make_agent`` exists);
- the engine's test suite passes inside the browser (pytest from wheels);
- engine actions/s and ISMCTS iterations/s are measured in both and the ratio reported
  (``artifacts/browser/report.json``);
- the built loading page (``./build.sh web``) works in Chromium;
- ``web/play/storage.py``'s browser storage (pygbag's ``platform.window`` stood in for by the page's
  JS global, see ``wasm_storage.py``) keeps saves in the real localStorage, keeps an
  unreadable one aside under a new key, exports through a real download and imports what the
  real file chooser was given.

Needs ``node``, ``/usr/bin/chromium`` and the npm packages in ``build/node/node_modules``
(``tests/browser/setup.sh`` installs them). Without them the tests skip, except when
``STRATEGOS_REQUIRE_BROWSER=1`` (CI), where they fail.
"""

from __future__ import annotations

import functools
import http.server
import importlib.metadata
import importlib.util
import itertools
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import wasm_games  # the page imports it too, as a top-level module
from tests.source_imports import imported_modules
from tests.tool_scripts import load_tool

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

pytestmark = pytest.mark.browser

NODE_MODULES = Path(
    os.environ.get("STRATEGOS_NODE_MODULES", ROOT / "build" / "node" / "node_modules")
)
CHROMIUM = os.environ.get("STRATEGOS_CHROMIUM", "/usr/bin/chromium")
WHEEL_CACHE = ROOT / "build" / "browser-cache" / "wheels"
ARTIFACTS = ROOT / "artifacts" / "browser"
REQUIRED = os.environ.get("STRATEGOS_REQUIRE_BROWSER") == "1"
APP_DIR = "/home/pyodide/app"
# Pure-Python wheels pytest needs inside Pyodide (and hypothesis, when the tests use it).
PYTEST_WHEELS = ["pytest", "pluggy", "iniconfig", "packaging", "pygments"]
HYPOTHESIS_WHEELS = ["hypothesis", "attrs", "sortedcontainers"]
# Modules the engine tests may import in the browser besides the standard library.
BROWSER_TEST_IMPORTS = {"pytest", "hypothesis", "game", "ai"}
NOT_IN_BROWSER = {"subprocess", "multiprocessing", "concurrent", "tkinter", "curses"}
# tests/tool_scripts.py runs the scripts of tools/, and tests/source_imports.py reads the
# source of web/ and lab/ too: the bundle leaves those out.
HELPERS_NOT_IN_BROWSER = {"tests.tool_scripts", "tests.source_imports"}

REPORT: dict[str, Any] = {}
# The modules of web/ that import no pygame, shipped into the page.
WEB_WITHOUT_PYGAME = ("__init__", "ai_bridge", "play/__init__", "play/storage", "play/config",
                      "play/session", "play/chance_history", "play/timeline",
                      "play/last_games")  # fmt: skip


def _unavailable(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"{reason} (STRATEGOS_REQUIRE_BROWSER=1: the browser tests must run)")
    pytest.skip(f"{reason}; tests/browser/setup.sh installs what they need")


def _missing_tools() -> list[str]:
    missing = []
    if shutil.which("node") is None:
        missing.append("node")
    if not os.access(CHROMIUM, os.X_OK):
        missing.append(f"chromium ({CHROMIUM})")
    for package, entry in (("pyodide", "pyodide.js"), ("playwright-core", "package.json")):
        if not (NODE_MODULES / package / entry).is_file():
            missing.append(f"npm {package} in {NODE_MODULES}")
    return missing


# --- what goes into the browser -----------------------------------------------------------------


def _imports(path: Path) -> set[str]:
    """The packages ``path`` imports, but the helpers of tests/ each by name
    (``tests.scenario``): the bundle carries the top level of tests/, yet not every helper
    there works in the browser."""
    return {
        ".".join(name.split(".")[:2]) if name.startswith("tests.") else name.partition(".")[0]
        for name in imported_modules(path)
    }


def engine_test_files() -> tuple[list[Path], dict[str, str]]:
    """The engine's test suite (the top level of tests/) that can run in the browser, and the
    files left out with the reason."""
    local = {f"tests.{p.stem}" for p in (ROOT / "tests").glob("*.py")} - HELPERS_NOT_IN_BROWSER
    allowed = set(sys.stdlib_module_names) - NOT_IN_BROWSER | BROWSER_TEST_IMPORTS | local
    chosen, left_out = [], {}
    for path in sorted((ROOT / "tests").glob("*.py")):
        extra = _imports(path) - allowed
        if extra:
            left_out[path.name] = "imports " + ", ".join(sorted(extra))
        else:
            chosen.append(path)
    return chosen, left_out


def engine_test_data() -> list[Path]:
    """Data the engine tests read (tests/golden/ …): the files of every folder of tests/ that
    holds no Python, i.e. not a test package of its own."""
    found = []
    for folder in sorted(p for p in (ROOT / "tests").iterdir() if p.is_dir()):
        files = [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
        if files and not any(p.suffix == ".py" for p in files):
            found += files
    return sorted(found)


def _wheel_specs(names: list[str]) -> list[str]:
    specs = []
    for name in names:
        try:
            specs.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            specs.append(name)
    return specs


def _cached_wheel(spec: str) -> Path | None:
    name, _, version = spec.partition("==")
    pattern = f"{name.replace('-', '_')}-{version or '*'}-*-none-any.whl"
    hits = sorted(p for p in WHEEL_CACHE.glob("*.whl") if _match(p.name, pattern))
    return hits[-1] if hits else None


def _match(filename: str, pattern: str) -> bool:
    import fnmatch

    return fnmatch.fnmatch(filename.lower(), pattern.lower())


_PURE = [
    "--only-binary=:all:",
    "--no-deps",
    "--platform",
    "any",
    "--implementation",
    "py",
    "--abi",
    "none",
    "--python-version",
    "3.14",
]


def fetch_wheels(names: list[str]) -> list[Path]:
    """Pure-Python wheels from PyPI, cached in build/: the versions installed natively, or
    the newest pure one when that version ships only compiled wheels (hypothesis does)."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    wheels = []
    for spec in _wheel_specs(names):
        name = spec.partition("==")[0]
        wheel = _cached_wheel(spec) or _cached_wheel(name)
        for attempt in (spec, name):
            if wheel is not None:
                break
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--quiet",
                    *_PURE,
                    "-d",
                    str(WHEEL_CACHE),
                    attempt,
                ],
                capture_output=True,
                timeout=300,
            )
            wheel = _cached_wheel(attempt)
        assert wheel is not None, f"no pure-Python wheel for {name} (pip download failed)"
        wheels.append(wheel)
    return wheels


def _load_build_web() -> Any:
    return load_tool("build/build_web", "_strategos_build_web_for_browser")


def write_bundle(target: Path, test_files: list[Path]) -> int:
    """game/ and ai/ exactly as the browser build ships them, plus the tests to run and
    web/play/storage.py."""
    build_web = _load_build_web()
    files = [
        ROOT / str(rel) for rel in build_web.runtime_files(ROOT) if rel.parts[0] in {"game", "ai"}
    ]
    files += [*test_files, *engine_test_data(), HERE / "wasm_games.py", ROOT / "pyproject.toml"]
    # The client's pure-Python half (web/__init__.py is empty, web/play/__init__.py a
    # docstring): storage, the match session, the last games, the replay's timeline and
    # chances; the shims for their tests. The rest of web/ needs pygame, which Pyodide does
    # not have.
    files += [ROOT / "web" / f"{name}.py" for name in WEB_WITHOUT_PYGAME]
    files += [HERE / "wasm_storage.py", HERE / "wasm_replay.py"]
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as bundle:
        for path in files:
            bundle.write(path, path.relative_to(ROOT).as_posix())
    return len(files)


# --- the server and the browser ------------------------------------------------------------------


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012  (the base class's attribute, extended)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".zip": "application/zip",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


class Browser:
    """One Chromium page with Pyodide loaded; ``run(code)`` returns the last expression."""

    def __init__(
        self, process: subprocess.Popen[str], lines: queue.Queue[str], info: dict[str, Any]
    ) -> None:
        self.process = process
        self.lines = lines
        self.info = info
        self._ids = itertools.count(1)

    def _request(self, message: dict[str, Any], timeout_s: float) -> str:
        message["id"] = str(next(self._ids))
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()
        deadline = time.monotonic() + timeout_s
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer from the browser in {timeout_s} s")
            try:
                answer = json.loads(self.lines.get(timeout=left))
            except queue.Empty:
                continue
            if answer.get("id") == message["id"]:
                if not answer["ok"]:
                    raise RuntimeError("in the browser: " + answer["error"])
                return str(answer["result"])

    def run(self, code: str, timeout_s: float = 120.0) -> str:
        return self._request({"code": code}, timeout_s)

    def run_json(self, code: str, timeout_s: float = 120.0) -> Any:
        return json.loads(self.run(code, timeout_s))

    def run_downloading(self, code: str) -> dict[str, Any]:
        """Runs ``code``, which must start a download: {"value": its last expression,
        "filename": the download's suggested name, "content": the file's text}."""
        answer: dict[str, Any] = json.loads(self._request({"code": code, "download": True}, 60.0))
        return answer

    def run_choosing(self, code: str, name: str, mime_type: str, text: str) -> dict[str, Any]:
        """Runs ``code``, which must open a file chooser, and picks a file ``name`` holding
        ``text`` there: {"value": the last expression, "multiple", "accept"}."""
        file = {"name": name, "mimeType": mime_type, "text": text}
        answer: dict[str, Any] = json.loads(self._request({"code": code, "choose": file}, 60.0))
        return answer

    def open_page(self, path: str, js: str, screenshot: Path | None = None) -> Any:
        message: dict[str, Any] = {"open": path, "eval": js}
        if screenshot is not None:
            message["screenshot"] = str(screenshot)
        return json.loads(self._request(message, 60.0))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    missing = _missing_tools()
    if missing:
        _unavailable("missing " + ", ".join(missing))
    site = tmp_path_factory.mktemp("wasm-site")
    (site / "pyodide").symlink_to(NODE_MODULES / "pyodide", target_is_directory=True)
    shutil.copy(HERE / "harness" / "page.html", site / "index.html")
    tests, left_out = engine_test_files()
    uses_hypothesis = any("hypothesis" in _imports(p) for p in tests)
    wheels = fetch_wheels(PYTEST_WHEELS + (HYPOTHESIS_WHEELS if uses_hypothesis else []))
    (site / "wheels").mkdir()
    for wheel in wheels:
        shutil.copy(wheel, site / "wheels" / wheel.name)
    bundled = write_bundle(site / "bundle.zip", tests)
    manifest = {"bundle": "bundle.zip", "wheels": [w.name for w in wheels], "app_dir": APP_DIR}
    (site / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield {
            "site": site,
            "url": f"http://127.0.0.1:{server.server_address[1]}/",
            "tests": tests,
            "left_out": left_out,
            "bundled": bundled,
        }
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser(served: dict[str, Any]) -> Iterator[Browser]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = (ARTIFACTS / "chromium.log").open("w", encoding="utf-8")
    process = subprocess.Popen(
        ["node", str(HERE / "harness" / "driver.mjs"), served["url"], CHROMIUM, str(NODE_MODULES)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    try:
        try:
            info = json.loads(lines.get(timeout=240))
        except queue.Empty:
            pytest.fail(f"Chromium did not load Pyodide in 240 s; see {ARTIFACTS / 'chromium.log'}")
        if not info.get("ready"):
            pytest.fail(f"the test page failed to load: {info.get('error')}")
        REPORT["browser"] = {k: info.get(k) for k in ("browser", "python", "pyodide", "load_ms")}
        yield Browser(process, lines, info)
    finally:
        if process.stdin:
            process.stdin.close()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        if REPORT:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            (ARTIFACTS / "report.json").write_text(
                json.dumps(REPORT, indent=2) + "\n", encoding="utf-8"
            )


def call(browser: Browser, function: str, *args: Any, timeout_s: float = 120.0) -> Any:
    """``wasm_games.<function>(*args)`` in the browser, as JSON."""
    arguments = ", ".join(repr(a) for a in args)
    code = f"import json, wasm_games\njson.dumps(wasm_games.{function}({arguments}))"
    return browser.run_json(code, timeout_s)


def assert_same_game(native: dict[str, Any], wasm: dict[str, Any], label: str) -> None:
    for index, (a, b) in enumerate(zip(native["actions"], wasm["actions"], strict=False)):
        assert a == b, f"{label}: move {index} differs: native {a!r}, browser {b!r}"
    assert len(native["actions"]) == len(wasm["actions"]), label
    assert native["final"] == wasm["final"], f"{label}: final states differ"
    assert native["returns"] == wasm["returns"], label


# --- the tests ------------------------------------------------------------------------------------


def test_runtime_packages_load_in_webassembly(browser: Browser) -> None:
    info = browser.run_json(
        "import json, sys, game, ai\n"
        "s = game.new_game(3, seed=1)\n"
        "json.dumps({'platform': sys.platform, 'version': list(sys.version_info[:2]),"
        " 'game': game.__file__, 'ai': ai.__file__, 'player': s.current_player()})"
    )
    assert info["platform"] == "emscripten"
    assert info["version"][0] == 3 and info["version"][1] >= 12
    assert info["game"].startswith(APP_DIR + "/game/")
    assert info["ai"].startswith(APP_DIR + "/ai/")
    native = game_first_player()
    assert info["player"] == native


def game_first_player() -> int:
    import game

    return int(game.new_game(3, seed=1).current_player())


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 4)])
def test_seeded_random_games_are_identical(browser: Browser, seed: int, players: int) -> None:
    native = wasm_games.play_random(seed, players)
    wasm = call(browser, "play_random", seed, players)
    assert_same_game(native, wasm, f"random game seed {seed}, {players} players")
    REPORT.setdefault("games", []).append(
        {"kind": "random", "seed": seed, "players": players, "actions": len(native["actions"])}
    )


def _agents_or_skip() -> None:
    api = wasm_games.describe_agent_api()
    if not api["ok"]:
        if api.get("error"):
            pytest.fail(f"ai.make_agent('random') failed natively: {api['why']}")
        REPORT["agents"] = f"not compared: {api['why']}"
        pytest.skip(f"agent games not compared: {api['why']}")


@pytest.mark.parametrize(
    ("seed", "names", "budget"),
    [
        (11, ["random", "greedy", "random", "greedy"], None),
        (12, ["ismcts", "random", "random"], 16),
        (13, ["ismcts", "greedy"], 24),
    ],
)
def test_agent_games_are_identical(
    browser: Browser, seed: int, names: list[str], budget: int | None
) -> None:
    _agents_or_skip()
    try:
        native = wasm_games.play_agents(seed, names, budget)
    except wasm_games.AgentApiError as exc:
        pytest.skip(f"{names}: {exc}")
    wasm = call(browser, "play_agents", seed, names, budget, timeout_s=600)
    assert_same_game(native, wasm, f"{'/'.join(names)} seed {seed}")
    REPORT.setdefault("games", []).append(
        {"kind": "/".join(names), "seed": seed, "actions": len(native["actions"])}
    )


def _count(pattern: str, text: str) -> int:
    match = re.search(rf"(\d+) {pattern}", text)
    return int(match.group(1)) if match else 0


PYTEST_ARGS = [
    "-q",
    "-p",
    "no:cacheprovider",
    "-p",
    "no:faulthandler",
    "--capture=sys",
    "-o",
    "addopts=",
]


def test_engine_test_suite_passes_in_the_browser(browser: Browser, served: dict[str, Any]) -> None:
    files = [p.relative_to(ROOT).as_posix() for p in served["tests"] if p.name.startswith("test_")]
    assert files, "no engine tests found"
    started = time.perf_counter()
    result = browser.run_json(
        "import contextlib, io, json, pytest\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):\n"
        f"    code = pytest.main({json.dumps(PYTEST_ARGS + files)})\n"
        "json.dumps({'code': int(code), 'out': out.getvalue()})",
        timeout_s=600,
    )
    browser_s = time.perf_counter() - started
    output = result["out"]
    (ARTIFACTS / "engine-tests-in-browser.txt").write_text(output, encoding="utf-8")
    tail = "\n".join(output.splitlines()[-30:])
    assert result["code"] == 0, f"pytest in the browser exited {result['code']}:\n{tail}"
    native = subprocess.run(
        [sys.executable, "-m", "pytest", *PYTEST_ARGS, "--collect-only", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    # "334 tests collected", or "331/334 tests collected (3 deselected)" when some are left out
    selected = re.search(r"(\d+)(?:/\d+)? tests? collected", native.stdout)
    collected = int(selected.group(1)) if selected else -1
    passed, skipped = _count("passed", output), _count("skipped", output)
    assert passed > 0 and passed + skipped == collected, (
        f"browser: {passed} passed, {skipped} skipped; natively {collected} collected:\n{tail}"
    )
    REPORT["engine_tests"] = {
        "files": files,
        "left_out": served["left_out"],
        "passed": passed,
        "skipped": skipped,
        "browser_s": round(browser_s, 1),
    }


def test_speed_in_the_browser_against_native(browser: Browser) -> None:
    seconds = 3.0
    wasm = call(browser, "engine_speed", seconds)
    native = wasm_games.engine_speed(seconds)
    ratio = wasm["actions_per_s"] / native["actions_per_s"]
    speed: dict[str, Any] = {
        "engine_actions_per_s": {
            "browser": round(wasm["actions_per_s"]),
            "native": round(native["actions_per_s"]),
            "ratio": round(ratio, 2),
        },
        "native_python": sys.version.split()[0],
    }
    try:
        native_mcts = wasm_games.ismcts_speed()
    except wasm_games.AgentApiError as exc:
        speed["ismcts_iterations_per_s"] = f"not measured: {exc}"
    else:
        wasm_mcts = call(browser, "ismcts_speed", timeout_s=600)
        speed["ismcts_iterations_per_s"] = {
            "browser": round(wasm_mcts["iterations_per_s"]),
            "native": round(native_mcts["iterations_per_s"]),
            "ratio": round(wasm_mcts["iterations_per_s"] / native_mcts["iterations_per_s"], 2),
        }
    REPORT["speed"] = speed
    print(f"\nbrowser/native speed: {json.dumps(speed)}")
    # Pyodide runs pure Python at roughly a half of native speed; far below means trouble.
    assert ratio > 0.1, speed


def test_loading_page_of_the_build_works(browser: Browser, served: dict[str, Any]) -> None:
    """The page ./build.sh web makes: our loading screen reacts to the loader's calls (the
    runtime itself comes from the CDN, which these machines cannot reach)."""
    # ./build.sh web installs pygbag 0.9.3 into .venv when it is missing (--help stops there).
    subprocess.run(
        ["bash", str(ROOT / "build.sh"), "web", "--help"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=600,
    )
    venv_python = ROOT / ".venv" / "bin" / "python"
    python = str(venv_python) if venv_python.exists() else sys.executable
    out = served["site"] / "build"
    root = ROOT
    if not (ROOT / "web" / "main.py").is_file():
        root = served["site"] / "tree"
        for package in ("game", "ai", "web"):
            shutil.copytree(
                ROOT / package, root / package, ignore=shutil.ignore_patterns("__pycache__")
            )
        (root / "web" / "main.py").write_text("async def main():\n    pass\n", encoding="utf-8")
    subprocess.run(
        [
            python,
            str(ROOT / "tools" / "build" / "build_web.py"),
            "--root",
            str(root),
            "--out",
            str(out),
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=300,
    )
    shutil.copytree(out / "web", served["site"] / "game-site")
    shot = ARTIFACTS / "loading-screen.png"
    state = browser.open_page(
        "game-site/index.html",
        """(() => {
            const before = document.getElementById("loader-bar").style.width;
            window.strategos_stage("Raising the towers", 0.5);
            const half = {
                width: document.getElementById("loader-bar").style.width,
                stage: document.getElementById("loader-stage").textContent,
                percent: document.getElementById("loader-percent").textContent,
                floors: document.querySelectorAll("#loader-tower .floor.built").length,
            };
            window.strategos_ready();
            const ready = getComputedStyle(document.getElementById("loader-begin")).display;
            return {before, half, ready, title: document.title,
                    canvas: !!document.getElementById("canvas")};
        })()""",
        screenshot=shot,
    )
    assert state["half"] == {
        "width": "50%",
        "stage": "Raising the towers",
        "percent": "50%",
        "floors": 1,
    }
    assert state["ready"] != "none"
    assert state["title"].startswith("Strategos")
    assert state["canvas"]
    done = browser.open_page(
        "game-site/index.html",
        """(async () => {
            window.strategos_stage("x", 0.9);
            window.strategos_done();
            await new Promise((r) => setTimeout(r, 800));
            return getComputedStyle(document.getElementById("loader")).display;
        })()""",
    )
    assert done == "none"
    assert shot.is_file()


# --- web/play/storage.py in the browser -----------------------------------------------------------
# WebStorage runs only under pygbag, against a real page. Here it runs in this page's Pyodide,
# with pygbag's ``platform.window`` stood in for by the JS global (tests/browser/wasm_storage.py),
# on the page's real localStorage, downloads and file chooser. Keys are ``test-…`` so that
# nothing the game itself stores is touched.

# A save with what a JS round trip could mangle: accents, CJK, a character beyond the BMP
# (two UTF-16 units in JS), a line break.
SAVE_TEXT = json.dumps(
    {"format": 1, "seats": ["Ærø", "東京", "🏰"], "note": "line\nbreak"}, ensure_ascii=False
)
EXPORT_NAME = re.compile(r"strategos-\d{8}-\d{6}\.json")


def storage_code(body: str, **values: Any) -> str:
    """Python for the page: ``st`` is the storage the game opens in the browser, ``values``
    are bound to their names, then ``body`` runs (its last line gives the answer)."""
    bind = "".join(f"{name} = {value!r}\n" for name, value in values.items())
    return "import json, wasm_storage\nst = wasm_storage.open_web_storage()\n" + bind + body


def local_storage(browser: Browser, key: str) -> str | None:
    """What the page's localStorage holds under ``key``, read directly."""
    value: str | None = browser.run_json(
        f"import json, wasm_storage\njson.dumps(wasm_storage.raw({key!r}))"
    )
    return value


def test_web_storage_round_trips_through_local_storage(browser: Browser) -> None:
    got = browser.run_json(
        storage_code(
            "import platform\n"
            "from web.play import storage\n"
            "wrote = st.write('test-save', text)\n"
            "stored = wasm_storage.raw('strategos.test-save')\n"
            "unprefixed = wasm_storage.raw('test-save')\n"
            "back = st.read('test-save')\n"
            "as_json = storage.read_json(st, 'test-save')\n"
            "st.write('test-save', text[::-1])\n"
            "rewritten = st.read('test-save')\n"
            "st.delete('test-save')\n"
            "st.delete('test-save')  # deleting what is not there is no error\n"
            "json.dumps({'kind': type(st).__name__,\n"
            "    'stdlib_platform': not hasattr(platform, 'window'),\n"
            "    'wrote': wrote, 'stored': stored, 'unprefixed': unprefixed, 'back': back,\n"
            "    'as_json': as_json, 'rewritten': rewritten,\n"
            "    'after_delete': wasm_storage.raw('strategos.test-save')})",
            text=SAVE_TEXT,
        )
    )
    assert got["kind"] == "WebStorage"  # open_storage() chose localStorage, as under pygbag
    assert got["stdlib_platform"], "the platform shim was left in sys.modules"
    assert got["wrote"] is True
    assert got["stored"] == SAVE_TEXT, "not in localStorage under 'strategos.' + key"
    assert got["unprefixed"] is None
    assert got["back"] == SAVE_TEXT
    assert got["as_json"] == json.loads(SAVE_TEXT)
    assert got["rewritten"] == SAVE_TEXT[::-1]
    assert got["after_delete"] is None


def test_web_storage_keeps_a_large_save(browser: Browser) -> None:
    got = browser.run_json(
        storage_code(
            "text = json.dumps({'log': [f'turn {i}: Ærø → 東京 🏰' for i in range(40_000)]},"
            " ensure_ascii=False)\n"
            "wrote = st.write('test-large', text)\n"
            "same = st.read('test-large') == text\n"
            "st.delete('test-large')\n"
            "json.dumps({'chars': len(text), 'wrote': wrote, 'same': same})"
        )
    )
    assert got["chars"] > 1_000_000
    assert got == {"chars": got["chars"], "wrote": True, "same": True}


def test_web_storage_write_reports_a_full_local_storage(browser: Browser) -> None:
    """Chromium holds about 5.2 million characters per site: a write beyond that gives False
    (the game then keeps going) and leaves the earlier value in place."""
    got = browser.run_json(
        storage_code(
            "small = st.write('test-save', 'kept')\n"
            "too_big = st.write('test-save', 'x' * 6_000_000)\n"
            "kept = st.read('test-save')\n"
            "st.delete('test-save')\n"
            "json.dumps([small, too_big, kept])"
        )
    )
    assert got == [True, False, "kept"]


def test_web_storage_gives_none_when_nothing_is_stored(browser: Browser) -> None:
    got = browser.run_json(
        storage_code(
            "from web.play import storage\n"
            "st.delete('test-missing')\n"
            "st.delete('import')  # nothing picked\n"
            "json.dumps({'read': st.read('test-missing'), 'poll': st.poll_web_import(),\n"
            "    'read_json': storage.read_json(st, 'test-missing')})"
        )
    )
    assert got == {"read": None, "poll": None, "read_json": None}


def test_web_storage_export_downloads_the_save(browser: Browser) -> None:
    got = browser.run_downloading(
        storage_code(
            "import time\n"
            "before = time.strftime('strategos-%Y%m%d-%H%M%S.json')\n"
            "name = st.export(text)\n"
            "json.dumps([before, name, time.strftime('strategos-%Y%m%d-%H%M%S.json')])",
            text=SAVE_TEXT,
        )
    )
    before, name, after = json.loads(got["value"])
    assert EXPORT_NAME.fullmatch(name), name
    assert before <= name <= after  # the page's clock at the time of the export
    assert got["filename"] == name
    assert got["content"] == SAVE_TEXT  # the downloaded bytes, read as UTF-8
    # The save went through localStorage on its way to the download; it must not stay there.
    assert local_storage(browser, "strategos.export") is None


def test_web_storage_export_fails_with_an_oserror(browser: Browser) -> None:
    outcome = browser.run_json(
        storage_code(
            "assert st.write('test-fill', 'y' * 5_000_000)  # leaves room for ~240,000\n"
            "try:\n"
            "    st.export('z' * 400_000)\n"
            "    outcome = 'downloaded'\n"
            "except OSError:\n"
            "    outcome = 'OSError'\n"
            "except Exception as error:\n"
            "    outcome = type(error).__name__\n"
            "finally:\n"
            "    st.delete('test-fill')\n"
            "    st.delete('export')\n"
            "json.dumps(outcome)"
        )
    )
    assert outcome in ("downloaded", "OSError")


def test_web_storage_import_reads_the_picked_file(browser: Browser) -> None:
    chosen = browser.run_choosing(
        storage_code(
            "st.delete('import')  # no earlier import waiting\n"
            "st.begin_web_import()\n"
            "json.dumps(wasm_storage.raw('strategos.import'))"
        ),
        "match.json",
        "application/json",
        SAVE_TEXT,
    )
    assert json.loads(chosen["value"]) is None  # nothing arrives before a file is picked
    assert chosen["accept"] == ".json,application/json"
    assert chosen["multiple"] is False
    # The text is stored by f.text().then(...), once the page's event loop has run, which it
    # cannot while Python runs: poll as the import scene does each frame, a request a poll.
    poll = storage_code("json.dumps(st.poll_web_import())")
    polls: list[Any] = []
    deadline = time.monotonic() + 10.0
    while time.monotonic() < deadline and SAVE_TEXT not in polls:
        polls.append(browser.run_json(poll))
        time.sleep(0.05)
    assert polls[-1] == SAVE_TEXT, f"the picked file did not arrive in 10 s: {set(polls)}"
    assert browser.run_json(poll) is None, "the import was handed over twice"
    assert local_storage(browser, "strategos.import") is None


def test_web_storage_import_drops_a_stale_file_and_reports_one_too_big(browser: Browser) -> None:
    """A file picked in an earlier visit is not imported now; a file the space left in
    localStorage cannot hold is reported (OSError, shown as a message), not lost in silence."""
    chosen = browser.run_choosing(
        storage_code(
            "import js\n"
            "js.localStorage.setItem('strategos.import', 'left over')\n"
            "assert st.write('test-fill', 'y' * 5_000_000)  # leaves room for ~240,000\n"
            "st.begin_web_import()\n"
            "json.dumps(wasm_storage.raw('strategos.import'))"
        ),
        "big.json",
        "application/json",
        "z" * 400_000,
    )
    assert json.loads(chosen["value"]) is None  # the stale file is gone
    poll = storage_code(
        "try:\n"
        "    got = st.poll_web_import()\n"
        "except OSError as error:\n"
        "    got = 'OSError: ' + str(error)\n"
        "json.dumps(got)"
    )
    polls: list[Any] = []
    deadline = time.monotonic() + 10.0
    while time.monotonic() < deadline and not any(str(p).startswith("OSError") for p in polls):
        polls.append(browser.run_json(poll))
        time.sleep(0.05)
    browser.run_json(storage_code("st.delete('test-fill')\njson.dumps(None)"))
    assert str(polls[-1]).startswith("OSError"), f"no error reported in 10 s: {set(polls)}"
    assert browser.run_json(poll) is None  # reported once


ASIDE_KEY = re.compile(r"strategos\.test-aside\.corrupt-\d{8}-\d{6}(-\d+)?")


def test_web_storage_keeps_an_unreadable_save_aside(browser: Browser) -> None:
    """A save the game cannot read is moved to a new key stamped with the time, never dropped;
    a second one in the same second gets a key of its own."""
    got = browser.run_json(
        storage_code(
            "st.write('test-aside', text)\n"
            "first = st.keep_aside('test-aside')\n"
            "st.write('test-aside', 'second damaged save')\n"
            "second = st.keep_aside('test-aside')\n"
            "out = {'first': first, 'second': second, 'missing': st.keep_aside('test-aside'),\n"
            "    'first_text': wasm_storage.raw(first), 'second_text': wasm_storage.raw(second),\n"
            "    'left': wasm_storage.raw('strategos.test-aside'),\n"
            "    'exists': st.exists('test-aside')}\n"
            "for key in (first, second):\n"
            "    st.delete(key.removeprefix('strategos.'))\n"
            "json.dumps(out)",
            text=SAVE_TEXT,
        )
    )
    assert ASIDE_KEY.fullmatch(got["first"]) and ASIDE_KEY.fullmatch(got["second"]), got
    assert got["first"] != got["second"]
    assert got["first_text"] == SAVE_TEXT and got["second_text"] == "second damaged save"
    assert got["left"] is None and got["exists"] is False
    assert got["missing"] is None  # nothing left to move


def test_web_storage_keeps_aside_a_save_too_big_for_two_copies(browser: Browser) -> None:
    """Chromium holds about 5.2 million characters per site: a 3-million-character save is
    still moved (the old key is freed first), whole."""
    got = browser.run_json(
        storage_code(
            "big = 'x' * 3_000_000\n"
            "assert st.write('test-aside', big)\n"
            "moved = st.keep_aside('test-aside')\n"
            "whole = moved is not None and wasm_storage.raw(moved) == big\n"
            "out = {'moved': moved, 'whole': whole,\n"
            "    'left': wasm_storage.raw('strategos.test-aside')}\n"
            "if moved:\n"
            "    st.delete(moved.removeprefix('strategos.'))\n"
            "st.delete('test-aside')\n"
            "json.dumps(out)"
        )
    )
    assert got["moved"] and ASIDE_KEY.fullmatch(got["moved"]), got
    assert got["whole"] is True and got["left"] is None


def test_a_game_is_kept_replayed_and_reviewed_in_the_browser(
    browser: Browser, tmp_path: Path
) -> None:
    """Issue 21 in WebAssembly: a finished game goes into the real localStorage among the last
    games, is read back, replayed to exactly its final state with the match's chances, and
    reviewed, in the browser's own run."""
    from tests.browser import wasm_replay
    from web.play.storage import FileStorage

    native = wasm_replay.kept_replayed_reviewed(FileStorage(tmp_path), 5, 2)
    wasm = browser.run_json(
        storage_code(
            "import wasm_replay\n"
            "for game in __import__('web.play.last_games').play.last_games.entries(st):\n"
            "    __import__('web.play.last_games').play.last_games.forget(st, game)\n"
            "json.dumps(wasm_replay.kept_replayed_reviewed(st, 5, 2))"
        ),
        timeout_s=600,
    )
    assert native["same_as_played"] and wasm["same_as_played"]
    assert wasm["replay_slices"] > 0  # built in slices, as the client does it
    assert wasm["chances"] == wasm["match_chances"] and len(wasm["chances"]) > 10
    (ARTIFACTS / "replay_native.json").write_text(json.dumps(native, indent=1))
    (ARTIFACTS / "replay_wasm.json").write_text(json.dumps(wasm, indent=1))
    # The game itself may differ from the native one: greedy's ties fall by the last bits of
    # its evaluation, which the browser's maths library may round otherwise. What must hold in
    # the browser is that the kept game is the game played, replayed and reviewed whole.
    assert wasm["listed"][0][0] == 2 and len(wasm["listed"]) == 1
    assert wasm["review"]["complete"] and wasm["review"]["decisions"]
    assert wasm["review"]["chart"][-1]["chances"] == [float(v) for v in wasm["review"]["result"]]
    REPORT["replay_review_same_game_as_native"] = wasm["final"] == native["final"]
    REPORT["replay_review"] = {
        "actions": native["listed"][0][4],
        "decisions": len(native["review"]["decisions"]),
    }
