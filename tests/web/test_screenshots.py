"""Screenshots of the title, the first-turn coach, the board mid-game (also as a phone shows it),
a tooltip, a battle and the game-over screen, written to artifacts/screenshots/ for people to
look at (the test checks that they were made)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest

pygame = pytest.importorskip("pygame")

from game import P_ACTION, Action, PlayerView  # noqa: E402
from tests.web import greedy  # noqa: E402
from tests.web.player import (  # noqa: E402
    click,
    general_point,
    phone_shot,
    pick_die,
    play_game,
    press_key,
    shot,
)
from web.play import saves  # noqa: E402
from web.play.config import AI, HUMAN, MatchConfig, SeatConfig  # noqa: E402

if TYPE_CHECKING:
    from web.app import App

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def _greedy_choice(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    return greedy.GreedyThinking(view, legal, rng).best_action()


def test_screenshots(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    greedy.install(monkeypatch)
    from web.scenes.match import MatchScene
    from web.scenes.title import TitleScene

    title = TitleScene(app, attract_seed=3)
    app.push(title)
    title.attract.animator.enabled = False
    app.run_frames(240)
    title.attract.animator.enabled = True
    app.run_frames(20)
    assert shot(app, "title.png").stat().st_size > 10_000

    config = MatchConfig(
        [SeatConfig(HUMAN)] + [SeatConfig(AI, "normal") for _ in range(3)], seed=21
    )
    scene = app.nav.open_match(saves.new_session(app, config))
    scene.animator.enabled = False
    taken: set[str] = set()

    def watch(app_: App) -> None:
        s = app_.top
        if not isinstance(s, MatchScene):
            return
        state = s.view.public
        if (
            "coach" not in taken
            and s.chrome.coach_line
            and s.session.legal()
            and state.phase == P_ACTION
            and len(state.dice) == 4
            and not state.draw_queue
        ):
            app_.hover = None
            pick_die(app_, s, max(state.dice))
            s._refresh()
            shot(app_, "coach.png")
            s.selection.clear()
            taken.add("coach")
        if (
            "board" not in taken
            and state.round >= 5
            and s.session.legal()
            and state.phase == P_ACTION
            and not state.draw_queue
            and len(state.dice) == 4
        ):
            app_.hover = None
            press_key(app_, pygame.K_0)  # the whole board
            pick_die(app_, s, max(state.dice))
            own = [
                g
                for g in state.generals_of(s.session.viewer)
                if state.gen_city[g] >= 0 and not state.acted >> g & 1
            ]
            if own:
                click(app_, *general_point(app_, s, own[0]))
            shot(app_, "board_midgame.png")
            app_.settings.large_text = True  # a phone's default
            app_.save_settings()
            app_.set_screen((844, 390))  # the compact layout, as the phone shows it
            phone_shot(app_, "phone_landscape.png", (844, 390))
            app_.set_screen((390, 844))
            phone_shot(app_, "phone_portrait.png", (390, 844))
            app_.set_screen(None)
            app_.settings.large_text = False
            app_.save_settings()
            city = state.gen_city[own[0]] if own else 0
            x, y = s.camera.to_screen(*s.board_view.g.pos[city])
            app_.hover = (x, y + 2)
            app_._hover_t = app_.now - 1
            shot(app_, "tooltip.png")
            app_.hover = None
            s.selection.clear()
            taken.add("board")
            s.animator.enabled = True
        anim = s.animator.current
        if (
            "battle" not in taken
            and anim is not None
            and anim.kind == "battle"
            and anim.progress > 0.6
        ):
            app_.hover = None
            press_key(app_, pygame.K_0)
            shot(app_, "battle.png")
            taken.add("battle")
            s.animator.enabled = False
            s.animator.skip()

    play_game(app, random.Random(5), on_frame=watch, choose=_greedy_choice)
    assert scene.session.is_over()
    assert shot(app, "game_over.png").stat().st_size > 10_000
    assert {"board", "coach"} <= taken
