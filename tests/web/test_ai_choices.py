"""No silent AI degradation: an unknown level is refused where it is chosen, the client needs
the real ``ai`` package, and a search that fails mid-game is logged, named to the player and
replaced by a visible fallback (greedy) for that seat."""

from __future__ import annotations

import ast
import json
import logging
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.web.player import ROOT
from web import ai_bridge
from web.play import saves
from web.play.config import AI, HUMAN, MatchConfig, SeatConfig, spectator_config
from web.play.session import MatchSession
from web.text import i18n

if TYPE_CHECKING:
    from web.app import App
    from web.scenes.match import MatchScene

pytest_plugins = ["tests.web.support"]  # the client test fixtures

CHOICES = "choose from beginner, easy, normal, hard, expert"


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "STRATEGOS_DATA_DIR": str(tmp_path / "data")}  # fmt: skip


# --- an unknown level ------------------------------------------------------------------------


def test_an_unknown_difficulty_on_the_command_line_exits_with_2(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "web", "--spectate", "--difficulty", "godlike"],
        cwd=ROOT, env=_env(tmp_path), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert "--difficulty: invalid choice: 'godlike'" in result.stderr
    assert "'beginner', 'easy', 'normal', 'hard', 'expert'" in result.stderr
    assert "Traceback" not in result.stderr


def test_an_unknown_difficulty_is_refused_where_it_is_chosen() -> None:
    with pytest.raises(ValueError, match=f"unknown difficulty 'godlike'; {CHOICES}"):
        SeatConfig(AI, "godlike")
    with pytest.raises(ValueError, match="unknown difficulty 'godlike'"):
        spectator_config(2, 1, "godlike")
    with pytest.raises(ValueError, match="unknown seat kind 'robot'"):
        SeatConfig("robot")
    session = MatchSession(spectator_config(2, 1, "easy"))
    while len(session.state.legal_actions()) < 2 or session.to_act() < 0:
        session.tick(5)
    view = session.state.observe(session.to_act())
    with pytest.raises(ValueError, match=CHOICES):
        ai_bridge.begin(view, session.state.legal_actions(), "godlike", 1)


def test_a_save_with_an_unknown_difficulty_is_refused(app: App) -> None:
    session = MatchSession(MatchConfig([SeatConfig(HUMAN), SeatConfig(AI, "easy")], seed=2))
    data = json.loads(session.save_text())
    data["client"]["seats"][1]["difficulty"] = "godlike"
    found = saves.load(app, json.dumps(data))
    assert isinstance(found, str) and found.startswith("The save is damaged: ")
    assert "godlike" in found and CHOICES in found


def test_the_new_game_form_offers_only_the_levels_there_are(app: App) -> None:
    pytest.importorskip("pygame")
    from tests.web.player import click_button
    from web.scenes.new_game import NewGameScene

    form = NewGameScene(app)
    app.push(form)
    seen: set[str] = set()
    ai = next(s for s, seat in enumerate(form.config.seats) if not seat.is_human)
    for _ in range(8):
        click_button(app, form.buttons, f"diff{ai}")
        seen.add(form.config.seats[ai].difficulty)
    # Only the levels the ladder measured as steps (experiments/ladder.md).
    assert seen == set(ai_bridge.OFFERED) == {"beginner", "easy", "normal"}
    assert set(ai_bridge.OFFERED) <= set(ai_bridge.DIFFICULTIES)


# --- the client needs the real AI ------------------------------------------------------------


def test_the_bridge_imports_ai_plainly() -> None:
    tree = ast.parse((ROOT / "web" / "ai_bridge.py").read_text(encoding="utf-8"))
    top_level = [n for n in tree.body if isinstance(n, ast.Import)]
    assert any(a.name == "ai" for n in top_level for a in n.names)
    for node in ast.walk(tree):
        if isinstance(node, ast.Try):  # no import is guarded by a try
            assert not any(isinstance(n, ast.Import | ast.ImportFrom) for n in ast.walk(node))
    for gone in ("hint", "search_available", "RandomThinking", "SafeThinking"):
        assert not hasattr(ai_bridge, gone), gone


def test_without_the_ai_package_the_client_does_not_start(tmp_path: Path) -> None:
    code = "import sys; sys.modules['ai'] = None; import web.ai_bridge"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(tmp_path),
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    assert result.returncode != 0
    assert "ModuleNotFoundError" in result.stderr or "ImportError" in result.stderr


def test_a_single_legal_action_needs_no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_agent(difficulty: str) -> None:
        raise AssertionError("no agent is needed for a forced action")

    monkeypatch.setattr(ai_bridge, "_agent", no_agent)
    session = MatchSession(spectator_config(2, 1, "easy"))
    view = session.state.observe(0)
    thinking = ai_bridge.begin(view, ["only"], "hard", 1)
    assert thinking.step_ms(1) and thinking.best_action() == "only" and thinking.failure is None


def test_the_hint_is_the_search_its_chances_were_fitted_on() -> None:
    # ai.chances.search_chance maps the chances of ai.registry.hint_search (tools/
    # calibrate_search.py); shown beside another search's suggestions they would not be
    # probabilities.
    import ai

    session = MatchSession(spectator_config(2, 1, "easy"))
    while len(session.state.legal_actions()) < 3 or session.to_act() < 0:
        session.tick(5)
    view = session.state.observe(session.to_act())
    legal = session.state.legal_actions()
    thinking = ai_bridge.begin_hint(view, legal, 7)
    while not thinking.step_ms(8):
        pass
    shown = [(i.action, i.visit_share, i.win_chance) for i in thinking.explain(3)]
    assert shown == [tuple(i) for i in ai.hint(view, legal, seed=7, top=3)]


def test_the_hint_at_the_kingdom_pick_shows_the_books_shares() -> None:
    """At the pick the hint's chances are the kingdom book's, shown unmapped, as ``ai.hint``
    gives them."""
    import ai
    import game

    state = game.new_game(2, seed=3)
    view, legal = state.observe(0), state.legal_actions()
    thinking = ai_bridge.begin_hint(view, legal, 7)
    while not thinking.step_ms(8):
        pass
    shown = [(i.action, i.visit_share, i.win_chance) for i in thinking.explain(3)]
    assert shown == [tuple(i) for i in ai.hint(view, legal, seed=7, top=3)]
    book = ai.kingdom_book.kingdom_book("tactics").values(state, legal, 0)
    assert shown[0][2] == max(book)


# --- a search that fails mid-game -------------------------------------------------------------


class _Broken:
    """A search that fails in one of three ways."""

    def __init__(self, how: str, legal: list[Any]) -> None:
        self.how = how
        self.legal = legal
        self.done = False

    def step_ms(self, ms: float) -> bool:
        if self.how == "step":
            raise RuntimeError("the search broke")
        self.done = True
        return True

    def progress(self) -> float:
        return 0.5

    def best_action(self) -> Any:
        return "not an action" if self.how == "illegal" else self.legal[0]

    def explain(self, top: int = 3) -> list[ai_bridge.Insight]:
        return []


class _BrokenAgent:
    def __init__(self, how: str) -> None:
        self.how = how
        self.begun = 0

    def begin(self, view: Any, legal: list[Any], rng: random.Random) -> _Broken:
        self.begun += 1
        if self.how == "begin":
            raise RuntimeError("the search broke")
        return _Broken(self.how, legal)


def _play_until(
    app: App, scene: MatchScene, cond: Callable[[], bool], frames: int = 20_000
) -> None:
    """Frames, the human seat playing its first legal action, until ``cond()``."""
    from tests.web.player import perform

    session = scene.session
    for _ in range(frames):
        if cond():
            return
        if session.legal() and not scene.animator.busy:
            perform(app, scene, session.legal()[0])
        else:
            app.frame()
    raise AssertionError("condition not reached")


@pytest.mark.parametrize("how", ["step", "begin", "illegal"])
def test_a_failing_search_is_logged_named_and_replaced_by_greedy(
    app: App, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, how: str
) -> None:
    pytest.importorskip("pygame")
    from tests.web.test_scenes import _match

    agent = _BrokenAgent(how)
    monkeypatch.setattr(ai_bridge, "_agent", lambda difficulty: agent)
    scene = _match(app, seed=3)
    session = scene.session
    with caplog.at_level(logging.ERROR, logger="strategos.ai"):
        _play_until(app, scene, lambda: bool(session.fallbacks))
    assert list(session.fallbacks) == [1]
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert errors and "greedy decides instead" in errors[0].getMessage()
    if how != "illegal":
        assert errors[0].exc_info is not None  # the traceback is in the log
    kingdom = scene.kingdom_name(1)
    assert app.toast_text == i18n.t("ai_fallback", kingdom=kingdom)
    assert "fallback" in app.toast_text
    assert scene.seat_kinds()[1] == "greedy (fallback)"
    # From now on the seat plays greedy without asking the broken search again.
    begun = agent.begun
    start = len(session.record.actions)
    _play_until(app, scene, lambda: sum(e.actor == 1 for e in session.log[start:]) >= 5)
    assert agent.begun == begun
    assert len([r for r in caplog.records if r.levelno == logging.ERROR]) == len(errors)


def test_a_failing_hint_search_says_so(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pygame")
    import ai
    from tests.web.player import click_button
    from tests.web.test_scenes import _match, _own_turn, _until

    monkeypatch.setattr(ai_bridge, "_agent", lambda difficulty: ai.make_agent("random"))
    scene = _match(app, seed=12)
    _own_turn(app, scene)
    monkeypatch.setattr(ai_bridge, "_hint_agent", lambda: _BrokenAgent("step"))
    click_button(app, scene.controls.tray, "hint")
    _until(app, lambda: not scene.controls.hinting)
    assert app.toast_text == i18n.t("hint_fallback")
    assert scene.controls.hints and all(a in scene.session.legal() for a, _ in scene.controls.hints)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("large", [False, True])
def test_the_fallback_texts_fit(app: App, lang: str, large: bool) -> None:
    pytest.importorskip("pygame")
    from web.app import TOAST_SIZE, TOAST_WIDTH
    from web.render.hud import LAYOUT
    from web.ui import theme

    app.set_language(lang)
    app.settings.large_text = large
    theme.set_text_scale(app.settings.text_scale())
    from game import default_map

    longest = max((i18n.name(k) for k in default_map().kingdoms), key=len)
    kind = i18n.t("agent_fallback")  # what the seat's panel shows
    row = LAYOUT.player_rows(6)[0]
    size = theme.small(12)
    assert theme.fit_text(kind, size, row.w - 90) == kind  # the panel's width for it
    for key in ("ai_fallback", "hint_fallback"):
        text = i18n.t(key, kingdom=longest)
        lines = theme.wrap(text, theme.small(TOAST_SIZE), TOAST_WIDTH)
        assert len(lines) <= 3 and all(
            theme.font(theme.small(TOAST_SIZE)).size(line)[0] <= TOAST_WIDTH for line in lines
        )
    app.set_language("en")


def test_a_game_with_a_real_search_needs_no_fallback() -> None:
    session = MatchSession(spectator_config(2, 5, "easy"))
    rng = random.Random(1)
    while len(session.record.actions) < 40 and not session.is_over():
        session.tick(50.0 + rng.random())
    assert session.fallbacks == {}


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--seed", str(2**70)], "64-bit"),
        (["--spectate", "--players", "9"], "2 to 6"),
        (["--players", "3"], "go with --spectate"),  # it would shape no game
        (["--max-frames", "0"], "at least 1"),
    ],
)
def test_command_line_values_out_of_range_are_refused_where_given(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from web.main import parse_args

    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    assert stop.value.code == 2 and words in capsys.readouterr().err


def test_a_screen_size_that_is_not_width_x_height_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from web.main import parse_args

    monkeypatch.setenv("STRATEGOS_SCREEN", "phone")
    with pytest.raises(SystemExit) as stop:
        parse_args([])
    assert stop.value.code == 2 and "WIDTHxHEIGHT" in capsys.readouterr().err
