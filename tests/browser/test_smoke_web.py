"""The smoke test of the built site in real WebAssembly (tools/build/smoke_web.py), run as far as
this machine allows: the real pygbag loader from the fixture ../shared/pygbag-cdn-0.9.3/ as
the runtime's mirror, which has no wasm binary, so the run must stop there and say so as a
SKIP (never a PASS), and --require-full must turn that into a failure, as the deploy does.
A CDN that cannot be reached is a SKIP too; a site that is no build is refused in a sentence.

Needs node, /usr/bin/chromium, the npm package playwright-core (tests/browser/setup.sh) and
pygbag in .venv; without them these skip, or fail under STRATEGOS_REQUIRE_BROWSER=1 (CI)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.tool_scripts import load_tool

ROOT = Path(__file__).resolve().parents[2]
LOADER_FILES = ROOT.parent / "shared" / "pygbag-cdn-0.9.3"
NODE_MODULES = Path(
    os.environ.get("STRATEGOS_NODE_MODULES", ROOT / "build" / "node" / "node_modules")
)
CHROMIUM = os.environ.get("STRATEGOS_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("STRATEGOS_REQUIRE_BROWSER") == "1"

pytestmark = pytest.mark.browser

smoke_web = load_tool("build/smoke_web", "_strategos_smoke_web_for_browser")
build_web = load_tool("build/build_web", "_strategos_build_web_for_smoke")


def _unavailable(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"{reason} (STRATEGOS_REQUIRE_BROWSER=1: the browser tests must run)")
    pytest.skip(f"{reason}; tests/browser/setup.sh installs what they need")


@pytest.fixture(scope="module", autouse=True)
def _tools() -> None:
    try:
        smoke_web.find_browser(CHROMIUM, NODE_MODULES)
    except smoke_web.Unavailable as err:
        _unavailable(str(err))


def _python() -> str:
    venv = ROOT / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def _build(out: Path, cdn: str = build_web.PUBLIC_CDN) -> Path:
    done = subprocess.run(
        [_python(), "-c", "import pygbag"], capture_output=True, text=True, timeout=60
    )
    if done.returncode != 0:
        _unavailable("pygbag 0.9.3 is not installed in .venv (./build.sh web installs it)")
    build_web.build(root=ROOT, out=out, cdn=cdn, python=_python(), timeout_s=300)
    return out / "web"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as ./build.sh web builds it (the real client), for the public CDN."""
    return _build(tmp_path_factory.mktemp("smoke") / "out")


def _smoke(
    site: Path, artifacts: Path, *extra: str, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, dict[str, Any]]:
    code = smoke_web.main(
        [
            "--site",
            str(site),
            "--artifacts",
            str(artifacts),
            "--chromium",
            CHROMIUM,
            "--node-modules",
            str(NODE_MODULES),
            "--timeout-s",
            "60",
            *extra,
        ]
    )
    line = capsys.readouterr().out.strip().splitlines()[-1]
    report_path = artifacts / "smoke-report.json"
    report = json.loads(report_path.read_text(encoding="utf-8")) if report_path.is_file() else {}
    return code, line, report


def test_with_the_loader_fixture_it_stops_at_the_wasm_binary_and_says_so(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if not (LOADER_FILES / "0.9.3" / "pythons.js").is_file():
        pytest.skip(f"the pygbag 0.9.3 loader files are not in {LOADER_FILES} (see its README)")
    artifacts = ROOT / "artifacts" / "browser" / "smoke-fixture"
    shutil.rmtree(artifacts, ignore_errors=True)
    code, line, report = _smoke(
        site, artifacts, "--runtime-mirror", str(LOADER_FILES), capsys=capsys
    )
    assert code == smoke_web.SKIP, line
    assert line.startswith(
        "SKIP: stopped before the Python runtime (CPython-wasm) "
        "(reached the pygbag loader (pythons.js)): "
    ), line
    assert "lacks 0.9.3/cpython312/main.wasm" in line and "never ran" in line
    assert report["reached"] == ["page", "loader"]
    assert "cpython312/main.wasm" in report["mirror_missing"] or (
        "cpython312/main.data" in str(report["mirror_missing"])
    )
    assert (artifacts / "smoke-stopped.png").is_file()

    # The deploy asks for the whole run: there a skip is a failure.
    again, line, _ = _smoke(
        site, artifacts, "--runtime-mirror", str(LOADER_FILES), "--require-full", capsys=capsys
    )
    assert again == smoke_web.FAIL
    assert line.startswith("SKIP: stopped before the Python runtime"), line


def test_a_cdn_out_of_reach_is_a_skip_that_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cdn = f"http://127.0.0.1:{port}/cdn/0.9.3/"  # nothing listens there: refused
    site = _build(tmp_path / "out", cdn)
    code, line, report = _smoke(site, tmp_path / "artifacts", capsys=capsys)
    assert code == smoke_web.SKIP, line
    assert line.startswith("SKIP: stopped before the pygbag loader (pythons.js)"), line
    assert f"pythons.js could not be fetched from {cdn}, which this machine cannot reach" in line
    assert report["reached"] == ["page"]
