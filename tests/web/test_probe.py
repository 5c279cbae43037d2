"""The browser smoke test's plan, played natively: tools/build/smoke_web.py clicks through the built
site in real WebAssembly where it can (the CDN, or a mirror of the runtime), reading where the
buttons are from the client's snapshot (web/probe.py). Here the same plan, the same snapshot
and clicks at the same places go through the same client under SDL's dummy driver, so the
plan is known to reach an action by clicks wherever the browser run cannot be made."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pygame = pytest.importorskip("pygame")

from tests.tool_scripts import load_tool  # noqa: E402
from tests.web.player import SHOTS, click, shot  # noqa: E402
from web import probe  # noqa: E402
from web.app import App  # noqa: E402
from web.main import build_app, parse_args  # noqa: E402
from web.text import i18n  # noqa: E402

pytest_plugins = ["tests.web.support"]

smoke_web = load_tool("build/smoke_web", "_strategos_smoke_web_for_probe")
FRAMES_PER_STEP = 3000  # AI seats pick in slices of a frame each; generous


def _until(app: App, what: str, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    for _ in range(FRAMES_PER_STEP):
        shown = probe.snapshot(app)
        if test(shown):
            return shown
        app.frame()
    raise AssertionError(f"{what} did not come in {FRAMES_PER_STEP} frames: {probe.snapshot(app)}")


def _press(app: App, shown: dict[str, Any], tag: str) -> None:
    button = shown["buttons"][tag]
    click(app, button["x"], button["y"])


Test = Callable[[dict[str, Any]], bool]


def _on(scene: str, tag: str | None = None, in_match: bool = False) -> Test:
    """The snapshot shows ``scene`` (with the button ``tag``, in a player's match)."""

    def test(shown: dict[str, Any]) -> bool:
        if shown["scene"] != scene or (in_match and "match" not in shown):
            return False
        return tag is None or tag in shown["buttons"]

    return test


def _asks(scene: str, prompt: str) -> Test:
    """The viewer is to act in the match on ``scene``, asked by the prompt ``prompt``."""

    def test(shown: dict[str, Any]) -> bool:
        match = shown.get("match")
        return bool(
            shown["scene"] == scene
            and match
            and match["prompt"] == prompt
            and match["to_act"] == match["viewer"]
        )

    return test


def _more_actions_than(count: int) -> Test:
    return lambda shown: "match" in shown and shown["match"]["actions"] > count


def play_plan(app: App) -> list[str]:
    """Runs smoke_web.PLAN as tools/build/smoke_web.mjs does, but natively: the stages reached."""
    reached: list[str] = []
    for step in smoke_web.PLAN:
        scene, tag = step["scene"], step.get("tag")
        if step["do"] == "wait":
            prompt = step.get("prompt")
            _until(app, scene, _asks(scene, prompt) if prompt else _on(scene))
        elif step["do"] == "click":
            _press(app, _until(app, tag, _on(scene, tag)), tag)
        elif step["do"] == "click_until_label":
            for _ in range(step["max"] + 1):
                shown = _until(app, tag, _on(scene, tag))
                if shown["buttons"][tag]["label"] == step["label"]:
                    break
                _press(app, shown, tag)
            else:
                raise AssertionError(f"{tag} never read {step['label']!r}")
        elif step["do"] == "click_action":
            shown = _until(app, tag, _on(scene, tag, in_match=True))
            _press(app, shown, tag)
            _until(app, "the action", _more_actions_than(shown["match"]["actions"]))
        else:
            raise AssertionError(f"unknown step {step}")
        if "reach" in step:
            reached.append(step["reach"])
        if "shot" in step:
            shot(app, f"smoke_plan_{step['shot']}.png")
    return reached


def test_the_smoke_plan_plays_an_action_by_clicks(data_dir: Path) -> None:
    # As the browser starts it: web/main.py's defaults, a fresh storage, English.
    app = build_app(parse_args([]))
    try:
        assert play_plan(app) == ["title", "new_game", "match", "action"]
    finally:
        pygame.quit()
    assert (SHOTS / "smoke_plan_action.png").is_file()


def test_the_plan_names_the_label_the_client_shows() -> None:
    assert i18n.t("kingdom_picked") == smoke_web.PICKED_IN_TURN


def test_the_snapshot_is_json_and_lists_what_a_player_can_press(data_dir: Path) -> None:
    app = build_app(parse_args([]))
    try:
        app.frame()
        shown = json.loads(json.dumps(probe.snapshot(app)))
        assert shown["scene"] == "TitleScene"
        assert shown["canvas"] == [1280, 720]
        assert shown["buttons"]["new"]["label"] == i18n.t("new_game")
        assert "match" not in shown  # the title's background game is nobody's match
    finally:
        pygame.quit()


def test_the_snapshot_is_published_only_in_the_browser_when_asked() -> None:
    assert probe.wanted() is False  # the desktop has no page to publish to
