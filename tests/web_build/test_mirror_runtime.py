"""tools/build/mirror_runtime.py against a stand-in CDN served on 127.0.0.1."""

from __future__ import annotations

import functools
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tool_scripts import load_tool

mirror_runtime = load_tool("build/mirror_runtime", "_strategos_mirror_under_test")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def fake_cdn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    for key in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(key, raising=False)
    root = tmp_path / "site"
    cdn = root / "cdn"
    files = {
        "0.9.3/pythons.js": b"// loader",
        "0.9.3/cpythonrc.py": b"# site",
        "0.9.3/cpython312/main.js": b"// cpython",
        "0.9.3/cpython312/main.wasm": b"\0asm",
        "0.9.3/cpython312/main.data": b"stdlib",
        "0.9.3/empty.html": b"<html></html>",
        "vt.js": b"// vt",
    }
    for rel, data in files.items():
        (cdn / rel).parent.mkdir(parents=True, exist_ok=True)
        (cdn / rel).write_bytes(data)
    wheel = "cp312/pygame_ce-2.5.7-<abi>-<abi>-<api>.whl"
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root))
    )
    base = f"http://127.0.0.1:{server.server_address[1]}/cdn/"
    index = {"-CDN-": base + "archives/repo/", "pygame": wheel}
    (cdn / "index-0.9.3-cp312.json").write_text(json.dumps(index), encoding="utf-8")
    real_wheel = cdn / "archives/repo/cp312/pygame_ce-2.5.7-cp312-cp312-wasm32_bi_emscripten.whl"
    real_wheel.parent.mkdir(parents=True)
    real_wheel.write_bytes(b"PK wheel")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield base
    finally:
        server.shutdown()
        server.server_close()


def test_mirror_copies_the_runtime_and_the_pygame_wheel(fake_cdn: str, tmp_path: Path) -> None:
    out = tmp_path / "web" / "cdn"
    report = mirror_runtime.mirror(out, source=fake_cdn, timeout_s=10)
    for rel in (
        "0.9.3/pythons.js",
        "0.9.3/cpythonrc.py",
        "0.9.3/cpython312/main.wasm",
        "0.9.3/empty.html",
        "vt.js",
        "index-0.9.3-cp312.json",
    ):
        assert (out / rel).is_file(), rel
    # Where the runtime will ask for it: PYGPI (<site>/cdn/) + the index entry.
    wheel = out / "cp312" / "pygame_ce-2.5.7-cp312-cp312-wasm32_bi_emscripten.whl"
    assert wheel.read_bytes() == b"PK wheel"
    assert "vtx.js" in report["missing"] and "0.9.3/vt/xterm.js" in report["missing"]
    assert (out / "0.9.3" / "cpython312" / "main.js").read_bytes() == b"// cpython"


def test_mirror_fails_when_a_required_file_is_missing(fake_cdn: str, tmp_path: Path) -> None:
    assert (
        mirror_runtime.main(
            ["--out", str(tmp_path / "x"), "--source", fake_cdn, "--also", "0.9.3/not-there.js"]
        )
        == 1
    )
