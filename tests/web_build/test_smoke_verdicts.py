"""The verdicts and arguments of tools/build/smoke_web.py, with no browser: a PASS when every stage
up to the action came; a SKIP only when the runtime itself was not there (a mirror without the
wasm binary, a CDN out of reach), saying where it stopped; anything else a FAIL; a wrong
--site or --runtime-mirror refused in a sentence. tests/browser/test_smoke_web.py runs it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tool_scripts import load_tool, usage_error

smoke_web = load_tool("build/smoke_web", "_strategos_smoke_web_for_verdicts")

CDN = "https://pygame-web.github.io/cdn/0.9.3/"
ALL = ["page", "loader", "runtime", "archive", "ready", "first_frame", "title", "new_game",
       "match", "action"]  # fmt: skip


def _report(reached: list[str], stage: str | None = None, **failure: Any) -> dict[str, Any]:
    stopped = None
    if stage is not None:
        stopped = {"stage": stage, "why": "the loading page reports a failure",
                   "failure": failure or None}  # fmt: skip
    return {"reached": reached, "stopped": stopped}


WASM_404 = {"part": "runtime", "detail": {"kind": "file", "file": "cpython312/main.wasm",
                                          "why": {"http": 404}}}  # fmt: skip


def test_every_stage_is_a_pass() -> None:
    verdict = smoke_web.judge(_report(ALL), [], CDN, None)
    assert verdict.code == smoke_web.PASS
    assert verdict.line.startswith("PASS: the page, the pygbag loader")
    assert verdict.line.endswith("an action played by a click")


def test_a_run_that_stops_short_without_saying_why_is_no_pass() -> None:
    verdict = smoke_web.judge(_report(ALL[:-1]), [], CDN, None)
    assert verdict.code == smoke_web.FAIL


def test_a_mirror_without_the_wasm_binary_is_a_skip_that_says_where() -> None:
    mirror = Path("/mirror")
    verdict = smoke_web.judge(
        _report(["page", "loader"], "runtime", **WASM_404),
        ["0.9.3/cpython312/main.wasm"],
        CDN,
        mirror,
    )
    assert verdict.code == smoke_web.SKIP
    assert verdict.line.startswith(
        "SKIP: stopped before the Python runtime (CPython-wasm) "
        "(reached the pygbag loader (pythons.js)): the runtime mirror /mirror lacks "
        "0.9.3/cpython312/main.wasm"
    )


def test_a_whole_mirror_that_fails_is_a_failure() -> None:
    verdict = smoke_web.judge(
        _report(["page", "loader"], "runtime", **WASM_404), [], CDN, Path("/m")
    )
    assert verdict.code == smoke_web.FAIL


def test_the_cdn_out_of_reach_is_a_skip_and_a_reachable_one_that_fails_is_not() -> None:
    failure = {"part": "runtime", "detail": {"kind": "file", "file": "pythons.js",
                                             "why": {"script": True}}}  # fmt: skip
    report = _report(["page"], "loader", **failure)
    offline = smoke_web.judge(report, [], CDN, None, "pygame-web.github.io:443: no such name")
    assert offline.code == smoke_web.SKIP
    assert (
        "which this machine cannot reach (pygame-web.github.io:443: no such name)" in offline.line
    )
    assert smoke_web.judge(report, [], CDN, None, "").code == smoke_web.FAIL


def test_the_game_failing_after_the_runtime_came_is_a_failure() -> None:
    report = {"reached": ALL[:6], "stopped": {"stage": "title", "why": "TitleScene did not come "
              "within 60 s (last seen: no snapshot from the client)", "failure": None}}  # fmt: skip
    verdict = smoke_web.judge(report, [], CDN, None, "")
    assert verdict.code == smoke_web.FAIL
    assert verdict.line.startswith(
        "FAIL: stopped before the title screen (reached the game's first frame): TitleScene"
    )


def test_the_page_names_its_runtime_and_a_mirror_stands_for_the_cdn_root() -> None:
    first = f'<html lang="en"><script src="{CDN}pythons.js" type=module id="site">#<!--\n'
    assert smoke_web.cdn_of(first) == CDN
    assert smoke_web.cdn_root(CDN) == "https://pygame-web.github.io/cdn/"
    with pytest.raises(ValueError, match="not a pygbag page"):
        smoke_web.cdn_of("<html><body>hello</body></html>")


def test_a_folder_that_is_no_build_is_refused_in_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = usage_error(smoke_web.main, ["--site", str(tmp_path / "nowhere")], capsys)
    assert "no such folder (./build.sh web builds build/web)" in err
    err = usage_error(smoke_web.main, ["--site", str(tmp_path)], capsys)
    assert "has no index.html: not a build of ./build.sh web" in err
    (tmp_path / "index.html").write_text("<html></html>", encoding="utf-8")
    (tmp_path / "strategos.tar.gz").write_bytes(b"")
    err = usage_error(smoke_web.main, ["--site", str(tmp_path)], capsys)
    assert "not a pygbag page" in err
    site = tmp_path
    (site / "index.html").write_text(f'<html><script src="{CDN}pythons.js">\n', "utf-8")
    err = usage_error(
        smoke_web.main, ["--site", str(site), "--runtime-mirror", str(tmp_path)], capsys
    )
    assert "has no 0.9.3/pythons.js: give the folder laid out as the CDN" in err
    err = usage_error(smoke_web.main, ["--site", str(site), "--timeout-s", "0"], capsys)
    assert "--timeout-s must be from 1 to 3600 seconds" in err


def test_the_pages_workflow_deploys_only_a_site_that_passed_the_smoke_test() -> None:
    """In .github/workflows/pages.yml, the job the deploy needs runs the smoke test on the
    site it built, with --require-full (a skip fails), before it hands the site over."""
    workflow = (smoke_web.ROOT / ".github" / "workflows" / "pages.yml").read_text("utf-8")
    jobs = workflow.split("\njobs:\n", 1)[1]
    build = jobs.split("\n  build:\n", 1)[1].split("\n  deploy:\n", 1)[0]
    deploy = jobs.split("\n  deploy:\n", 1)[1]
    assert "needs: build" in deploy
    smoke = build.index("tools/build/smoke_web.py --site build/web --require-full")
    assert build.index("./build.sh web") < smoke < build.index("upload-pages-artifact")
    assert "--runtime-mirror build/web/cdn" in build  # the self-hosted runtime, as deployed
    assert "bash tests/browser/setup.sh" in build


def test_a_mirror_stands_for_the_cdn_and_for_the_wheels_base_its_index_names(
    tmp_path: Path,
) -> None:
    assert smoke_web.mirror_roots(CDN, tmp_path) == ["https://pygame-web.github.io/cdn/"]
    index = tmp_path / "index-0.9.3-cp312.json"
    index.write_text('{"-CDN-": "https://pygame-web.github.io/archives/repo"}', "utf-8")
    assert smoke_web.mirror_roots(CDN, tmp_path) == [
        "https://pygame-web.github.io/cdn/",
        "https://pygame-web.github.io/archives/repo/",
    ]
    index.write_text("[1, 2]", "utf-8")
    with pytest.raises(ValueError, match="is not the runtime's package index"):
        smoke_web.mirror_roots(CDN, tmp_path)
