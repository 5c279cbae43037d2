"""A static screen draws nothing: the frame loop draws on input or change, and at full rate only
while something moves or an AI thinks (frames counted in game time, so the test is exact; the
share of a core each screen uses is a figure of ``python -m lab.client_bench --idle``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

pygame = pytest.importorskip("pygame")

from game import Action, PlayerView  # noqa: E402
from lab.client_bench import play_to_human_turn  # noqa: E402
from web import ai_bridge  # noqa: E402
from web.play import intents, saves  # noqa: E402
from web.play.config import AI, HUMAN, MatchConfig, SeatConfig  # noqa: E402

if TYPE_CHECKING:
    from web.app import App
    from web.scenes.match import MatchScene

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def _draws(app: App, frames: int) -> int:
    before = app.draws
    app.run_frames(frames)
    return app.draws - before


def _human_turn(app: App) -> MatchScene:
    from web.scenes.title import TitleScene

    app.push(TitleScene(app))
    config = MatchConfig([SeatConfig(HUMAN), SeatConfig(AI, "easy")], seed=3)
    scene = app.nav.open_match(saves.new_session(app, config))
    play_to_human_turn(app, scene, 5000)
    scene.animator.enabled = True
    app.run_frames(30)  # the map's other season is drawn ahead, the coach settles
    return scene


def test_a_player_thinking_costs_no_frames(app: App, random_ai: None) -> None:
    scene = _human_turn(app)
    assert _draws(app, 120) == 0  # two seconds with nothing chosen: nothing drawn
    assert app.pace() == 30
    scene.selection.die = max(scene.view.public.dice)
    scene.selection.general = min(intents.actable_generals(scene.session.legal()))
    app.frame()
    lit = _draws(app, 120)  # lit cities pulse, gently
    assert 0 < lit <= 2 * 12 + 1
    scene.selection.clear()
    app.frame()
    assert _draws(app, 60) == 0


def test_input_and_changes_draw(app: App, random_ai: None) -> None:
    from tests.web.player import click, press_key

    scene = _human_turn(app)
    before = app.draws
    press_key(app, pygame.K_PLUS)  # zoom: the picture changed
    assert app.draws == before + 1
    from web.ui.layout import MatchLayout

    click(app, *MatchLayout().dice(len(scene.view.public.dice))[0].center)  # a die chosen
    assert app.draws == before + 2
    app.toast("hello", 0.5)
    assert _draws(app, 60) == 2  # the toast comes, and goes
    before = app.draws
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0))
    )
    app.frame()
    assert app.draws == before  # a pointer moving over nothing draws nothing
    assert _draws(app, 40) == 1  # ... until its tooltip (or its absence) is due


def test_the_game_over_screen_is_still(app: App, random_ai: None) -> None:
    from web.play.config import spectator_config
    from web.play.session import MatchSession

    session = MatchSession(spectator_config(2, 5, "easy"))
    session.agents.update(ai_bridge.quick_agents(2, "easy"))
    while not session.is_over():
        session.tick(5.0)
    app.nav.start_title()
    app.nav.open_game_over(session)
    app.frame()
    assert _draws(app, 180) == 0


class _SlowThinking:
    """An AI that needs 40 frames to decide (the first legal action)."""

    failure: str | None = None

    def __init__(self, legal: list[Action]) -> None:
        self.action = legal[0]
        self.steps = 0
        self.done = False

    def step_ms(self, ms: float) -> bool:
        self.steps += 1
        self.done = self.steps >= 40
        return self.done

    def progress(self) -> float:
        return min(1.0, self.steps / 40)

    def best_action(self) -> Action:
        return self.action

    def explain(self, top: int = 3) -> list[ai_bridge.Insight]:
        return []


def test_an_ai_thinking_keeps_the_full_frame_rate(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    def begin(view: PlayerView, legal: list[Action], *args: Any, **kwargs: Any) -> _SlowThinking:
        return _SlowThinking(legal)

    monkeypatch.setattr(ai_bridge, "begin", begin)
    scene = app.nav.watch(MatchConfig([SeatConfig(AI, "easy"), SeatConfig(AI, "easy")], seed=4))
    scene.animator.enabled = False
    for _ in range(400):
        app.frame()
        if scene.session.thinking is not None:
            break
    assert scene.session.thinking is not None
    assert _draws(app, 20) == 20
    assert app.pace() == 60


def test_the_title_game_is_calm_and_waits_while_unfocused(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.web import greedy
    from web.scenes.title import ATTRACT_FPS, TitleScene

    greedy.install(monkeypatch)
    title = TitleScene(app, attract_seed=3)
    app.push(title)
    app.run_frames(60)
    record = title.attract.session.record
    played = len(record.actions)
    draws = _draws(app, 600)  # ten seconds of the background game
    moves = len(record.actions) - played
    assert 4 <= moves <= 10 / 0.7 + 1  # one move at a time, with a rest after each
    assert draws <= 600 * ATTRACT_FPS / 60 + moves + 2
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.frame()
    assert app.paused()
    played = len(record.actions)
    assert _draws(app, 300) == 0
    assert len(record.actions) == played  # it waited
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    app.run_frames(300)
    assert len(record.actions) > played


def test_the_title_game_says_which_ai_plays_it(app: App) -> None:
    """Its seats play greedy (ai_bridge.quick_agents), so their panels say greedy, not a level."""
    import ai
    from web.scenes.title import TitleScene
    from web.text import i18n

    title = TitleScene(app, attract_seed=3)
    kinds = title.attract.seat_kinds()
    assert kinds == [f"{i18n.t('ai')} · {i18n.t('agent_greedy')}"] * len(kinds)
    agents = title.attract.session.agents.values()
    assert {type(agent) for agent in agents} == {type(ai.make_agent("greedy"))}


def test_a_phone_starts_with_large_text_and_the_compact_layout(data_dir: Path) -> None:
    from web.app import App
    from web.play.storage import FileStorage
    from web.ui import layout, theme

    phone = App(headless=True, store=FileStorage(data_dir), screen=(844, 390))
    try:
        assert phone.compact and layout.compact()
        assert phone.settings.large_text  # nothing stored yet: a phone's default
        assert theme.floor() == 23  # 12 device pixels at 390/720 of the canvas
        phone.settings.large_text = False
        phone.save_settings()
    finally:
        pygame.quit()
    again = App(headless=True, store=FileStorage(data_dir), screen=(844, 390))
    try:
        assert not again.settings.large_text  # the player's choice stays
        again.set_screen(None)
        assert not again.compact and not layout.compact() and theme.floor() == 0
    finally:
        pygame.quit()
