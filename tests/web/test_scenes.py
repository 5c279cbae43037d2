"""Every scene opens, draws and handles input, headless."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

pygame = pytest.importorskip("pygame")

from game import P_ACTION  # noqa: E402
from tests.web.player import (  # noqa: E402
    ROOT,
    click,
    click_button,
    click_prompt,
    drag,
    find,
    general_point,
    perform,
    pick_die,
    play_game,
    press_key,
    shot,
    top,
    wheel,
)
from web.play import intents, saves  # noqa: E402
from web.play.config import AI, HUMAN, MatchConfig, SeatConfig  # noqa: E402
from web.play.storage import FileStorage  # noqa: E402
from web.scenes.game_over import GameOverScene  # noqa: E402
from web.scenes.match import MatchScene  # noqa: E402
from web.scenes.menu import ImportScene, MenuScene  # noqa: E402
from web.scenes.rules import RulesScene  # noqa: E402
from web.scenes.title import TitleScene  # noqa: E402
from web.text import i18n  # noqa: E402
from web.ui.animation import Animation, Animator  # noqa: E402

if TYPE_CHECKING:
    from web.app import App

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def _match(app: App, seed: int = 3, players: int = 2, humans: int = 1) -> MatchScene:
    config = MatchConfig(
        [SeatConfig(HUMAN if s < humans else AI, "easy") for s in range(players)], seed=seed
    )
    app.push(TitleScene(app))
    return app.nav.open_match(saves.new_session(app, config))


def _until(app: App, cond: Callable[[], bool], frames: int = 3000) -> None:
    for _ in range(frames):
        if cond():
            return
        app.frame()
    raise AssertionError("condition not reached")


def _own_turn(app: App, scene: MatchScene) -> None:
    def ready() -> bool:
        s = scene.session
        st = s.state
        if s.legal() and not scene.animator.busy:
            if st.phase == P_ACTION and not st.draw_queue:
                return True
            perform(app, scene, s.legal()[0])
        return False

    _until(app, ready)
    scene._refresh()


def test_title_buttons(app: App, random_ai: None) -> None:
    from web.scene import Scene
    from web.scenes.new_game import NewGameScene
    from web.scenes.settings import SettingsScene

    title = TitleScene(app)
    app.push(title)
    app.run_frames(30)
    kinds: list[tuple[str, type[Scene]]] = [
        ("new", NewGameScene),
        ("rules", RulesScene),
        ("settings", SettingsScene),
    ]
    for tag, kind in kinds:
        click_button(app, title.buttons, tag)
        top(app, kind)
        press_key(app, pygame.K_ESCAPE)
        assert top(app, TitleScene) is title
    click_button(app, title.buttons, "spectate")
    assert top(app, MatchScene).session.spectating
    app.run_frames(60)
    assert top(app, MatchScene).session.record.actions  # the AIs play
    press_key(app, pygame.K_ESCAPE)  # the menu
    click_button(app, top(app, MenuScene).buttons, "title")
    assert top(app, TitleScene) is title
    click_button(app, title.buttons, "quit")
    assert not app.running


def test_new_game_form(app: App, random_ai: None) -> None:
    from web.scenes.new_game import NewGameScene

    scene = NewGameScene(app)
    app.push(scene)
    app.frame()
    click_button(app, scene.buttons, "players6")
    assert scene.config.num_players == 6
    click_button(app, scene.buttons, "players3")
    click_button(app, scene.buttons, "seat0")  # the person takes the first seat
    assert scene.config.humans() == [0] and not scene.config.seat_drawn
    click_button(app, scene.buttons, "kind1")
    assert scene.config.seats[1].kind == HUMAN
    click_button(app, scene.buttons, "kind1")
    assert scene.think_note() == "think_fast"
    # Only the levels measured as steps are offered (experiments/ladder.md), weakest first.
    for level in ("beginner", "easy", "normal"):
        click_button(app, scene.buttons, "diff2")
        assert scene.config.seats[2].difficulty == level
        assert scene.think_note() == "think_fast"
    for _ in i18n.LANGUAGES:  # the whole note fits under the seats in every language
        assert [what for what, _lines in scene.note_shown()] == ["order", "yours", "think"]
        click_button(app, scene.buttons, "language")
    shot(app, "new_game.png")
    click_button(app, scene.buttons, "kingdom0")
    assert scene.config.seats[0].kingdom == 0
    click_button(app, scene.buttons, "rule_quests")
    assert not scene.config.rules.quests
    click_button(app, scene.buttons, "rule_quests")
    seed = scene.config.seed
    click_button(app, scene.buttons, "seed_plus")
    assert scene.config.seed == seed + 1
    press_key(app, pygame.K_BACKSPACE)
    press_key(app, pygame.K_4, "4")
    assert str(scene.config.seed).endswith("4")
    click_button(app, scene.buttons, "language")
    assert i18n.language() == "ru"
    start = scene.buttons.find("start")
    assert start is not None and start.label == "Начать"
    app.frame()
    shot(app, "new_game_ru.png")
    click_button(app, scene.buttons, "language")
    click_button(app, scene.buttons, "start")
    assert top(app, MatchScene).session.state.seat_kingdom[0] == 0
    assert app.storage.read("autosave")


def test_the_form_lets_every_seat_pick_its_kingdom_in_turn(app: App, random_ai: None) -> None:
    """R3.1: "Picked in turn" is every seat's or none; a game started so begins with the pick,
    played by clicks (the rest of a game by clicks is tests/web/test_full_games.py's)."""
    from game import P_PICK
    from game.actions import PickKingdom
    from web.play.config import PICK_KINGDOM, RANDOM_KINGDOM
    from web.scenes.new_game import NewGameScene
    from web.scenes.pass_device import PassDeviceScene

    scene = NewGameScene(app)
    app.push(scene)
    click_button(app, scene.buttons, "players3")
    for _ in range(7):  # Random, the six kingdoms, then picked in turn
        click_button(app, scene.buttons, "kingdom1")
    assert [seat.kingdom for seat in scene.config.seats] == [PICK_KINGDOM] * 3
    assert find(scene.buttons, "kingdom0").label == i18n.t("kingdom_picked")
    click_button(app, scene.buttons, "players4")  # a seat added picks too
    assert scene.config.picks and scene.config.num_players == 4
    click_button(app, scene.buttons, "kingdom2")  # leaving it: every seat random again
    assert {seat.kingdom for seat in scene.config.seats} == {RANDOM_KINGDOM}
    click_button(app, scene.buttons, "players2")
    click_button(app, scene.buttons, "kind1")  # two players at one device
    for _ in range(7):
        click_button(app, scene.buttons, "kingdom0")
    click_button(app, scene.buttons, "start")
    match = top(app, MatchScene)
    assert match.session.state.phase == P_PICK and match.session.record.kingdoms is None
    match.animator.enabled = False
    match._refresh()
    perform(app, match, match.session.legal()[2])
    for _ in range(20):
        if isinstance(app.top, PassDeviceScene):
            break
        app.frame()
    # The device goes to seat 2, which has no kingdom yet: the screen names the seat.
    handover = top(app, PassDeviceScene)
    assert handover.name() == i18n.t("seat", n=2)
    assert find(handover.buttons, "ready").label == i18n.t("pass_ready", kingdom=handover.name())
    play_game(app, random.Random(2), until=lambda: match.session.state.phase != P_PICK)
    picks = [a for a in match.session.record.actions[:2] if isinstance(a, PickKingdom)]
    assert len(picks) == 2 and not match.session.is_over()


def test_match_turn_controls_and_explanations(app: App, random_ai: None) -> None:
    scene = _match(app, seed=12)
    _own_turn(app, scene)
    state = scene.view.public
    assert scene.controls.tray.find("end_turn") is not None
    # pick a general, then a far city: the engine says why not
    pick_die(app, scene, min(state.dice))
    g = next(g for g in state.generals_of(scene.session.viewer) if state.gen_city[g] >= 0
             and not state.acted >> g & 1)  # fmt: skip
    click(app, *general_point(app, scene, g))
    assert scene.selection.general == g
    marks = scene.marks()
    assert marks.targets and all(label for label in marks.targets.values())  # costs shown
    far = max(
        range(state.board.num_cities),
        key=lambda c: state.board.route_distance[state.gen_city[g]][c],
    )
    click(app, *scene.camera.to_screen(*scene.board_view.g.pos[far]))
    assert "R5" in app.toast_text
    assert app.last_rule and app.last_rule.startswith("R5")
    # the help button opens the rules at that rule
    click(app, 1280 - 32, 30)
    rules = top(app, RulesScene)
    assert rules.anchor is not None and rules.anchor.startswith("R5")
    assert rules.scroll > 0
    app.frame()
    shot(app, "rules_at_r5.png")
    click_button(app, rules.buttons, "close")
    # a refused context action explains itself
    for tag in ("destroy", "train"):
        b = scene.controls.tray.find(tag)
        if b is not None and not b.enabled:
            click(app, *b.box.center)
            assert intents_rule(app.toast_text)
    # wheel zoom, drag pan, keyboard
    scale = scene.camera.scale
    wheel(app, 400, 300, 3)
    assert scene.camera.scale > scale, (app.top, app.hover, scene.controls.prompt)
    ox = scene.camera.ox
    drag(app, 500, 300, 400, 300)
    assert scene.camera.ox != ox
    press_key(app, pygame.K_0)
    assert scene.camera.scale == scene.camera.fit_scale
    # tooltips on a city, a general, a die, a card
    view = scene.view
    x, y = scene.camera.to_screen(*scene.board_view.g.pos[0])
    assert scene.tooltip_at(x, y + 3)
    gx, gy = scene.board_view.general_screen(scene.camera, view)[g]
    tip = scene.tooltip_at(gx, gy)
    assert tip is not None
    lines, rule = tip
    assert rule and lines
    from web.ui.layout import MatchLayout

    die_box = MatchLayout().dice(len(view.public.dice))[0]
    die_tip = scene.tooltip_at(*die_box.center)
    assert die_tip is not None and die_tip[1] == "R5.1"
    # the hint button shows suggestions
    click_button(app, scene.controls.tray, "hint")
    _until(app, lambda: not scene.controls.hinting)
    assert scene.controls.hints
    app.frame()
    # end the turn by its button
    before = len(scene.session.record.actions)
    scene._refresh()
    click_button(app, scene.controls.tray, "end_turn")
    # dice some general could still use: asked first (R4.2)
    assert scene.controls.prompt is not None and scene.controls.prompt.tag == "confirm_end"
    assert len(scene.session.record.actions) == before
    click_prompt(app, scene, lambda label: label == i18n.t("end_turn"))
    assert len(scene.session.record.actions) > before


def intents_rule(text: str) -> bool:
    return intents.rule_of(text.split(" ", 2)[-1]) is not None or "R" in text


def test_move_now_button_and_space_cut_an_ai_think_short(app: App) -> None:
    """Expert thinks for seconds; the tray offers "Move now" (and Space) meanwhile."""
    config = MatchConfig([SeatConfig(HUMAN), SeatConfig(AI, "expert")], seed=4)
    app.push(TitleScene(app))
    scene = app.nav.open_match(saves.new_session(app, config))
    session = scene.session

    def ai_thinking() -> bool:
        if session.thinking is not None:
            return True
        if session.legal() and not scene.animator.busy:
            perform(app, scene, session.legal()[-1])
        return False

    hurries: list[Callable[[], None]] = [
        lambda: click_button(app, scene.controls.tray, "move_now"),
        lambda: press_key(app, pygame.K_SPACE),
    ]
    for hurry in hurries:
        _until(app, ai_thinking)
        app.frame()
        assert scene.controls.tray.find("move_now") is not None
        shot(app, "ai_thinking_move_now.png")
        before = len(session.record.actions)
        hurry()

        def played(before: int = before) -> bool:
            return len(session.record.actions) > before

        _until(app, played, frames=20)


def test_menu_export_import_and_corrupt_file(app: App, random_ai: None, tmp_path: Path) -> None:
    scene = _match(app, seed=13)
    app.run_frames(20)
    press_key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, MenuScene)
    app.frame()
    click_button(app, menu.buttons, "export")
    assert isinstance(app.storage, FileStorage)
    exported = list((app.storage.dir / "exports").glob("*.json"))
    assert len(exported) == 1
    # a corrupt file dropped on the window is refused and the game survives
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "strategos-record", "version": 1, "players": 2, "actions": [1]}')
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    app.frame()
    assert app.toast_text.startswith("The save is damaged: ")
    assert app.top is menu and app.scenes[1] is scene
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"hello": "world"}))
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(foreign)))
    app.frame()
    assert app.toast_text == "This file is not a Strategos save." and app.scenes[1] is scene
    # a good file opens as the match
    click_button(app, menu.buttons, "import")
    imp = top(app, ImportScene)
    assert imp.buttons.find("file0") is not None
    app.frame()
    click_button(app, imp.buttons, "file0")
    opened = top(app, MatchScene)
    assert opened is not scene and opened.session.config.humans() == [0]


def test_settings_persist(app: App, data_dir: Path) -> None:
    from web.app import App
    from web.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    app.frame()
    assert app.settings.sound is False  # off on first load
    for tag in ("sound", "motion", "speed", "language"):
        click_button(app, scene.buttons, tag)
    app.frame()
    shot(app, "settings_ru.png")
    again = App(headless=True, store=FileStorage(data_dir))
    s = again.settings
    assert s.sound and s.reduced_motion and s.speed == "fast" and s.language == "ru"
    again.set_language("en")


def test_rules_scene_scrolls_and_switches_language(app: App) -> None:
    from web.scenes.rules import RulesScene

    scene = RulesScene(app, "R8.3")
    app.push(scene)
    app.frame()
    assert scene.anchor == "R8.3" and scene.scroll > 0
    scroll = scene.scroll
    wheel(app, 600, 400, 2)
    assert scene.scroll < scroll
    click_button(app, scene.buttons, "language")
    assert i18n.language() == "ru"
    app.frame()
    click_button(app, scene.buttons, "language")
    assert RulesScene(app, "R99").anchor is None
    assert RulesScene(app, "R9.4").anchor == "R9.4"


def test_game_over_and_play_again(app: App, random_ai: None) -> None:
    scene = _match(app, seed=14, players=2, humans=0)
    scene.animator.enabled = False
    _until(app, lambda: isinstance(app.top, GameOverScene), frames=20_000)
    over = top(app, GameOverScene)
    app.frame()
    assert over.standings()
    assert app.storage.read("autosave") is None  # a finished game is not resumed
    click_button(app, over.buttons, "again")
    assert top(app, MatchScene).session.config.seed == scene.session.config.seed + 1


def test_halt_and_coin_prompts_have_controls(app: App, random_ai: None) -> None:
    """Every choice the engine offers a human has a control (prompts built from legal actions)."""
    from game.actions import ChooseDeck, CommitCoin, Halt, Pass

    scene = _match(app, seed=15, players=2)
    seen: set[str] = set()
    for _ in range(20_000):
        if scene.session.is_over():
            break
        legal = scene.session.legal()
        if legal and not scene.animator.busy:
            scene._refresh()
            if isinstance(legal[0], Halt | Pass | CommitCoin | ChooseDeck):
                _group, prompt = scene.controls.build(scene)
                assert prompt is not None and len(prompt.options) >= len({type(a) for a in legal})
                seen.add(type(legal[0]).__name__)
            perform(app, scene, legal[-1] if len(legal) < 4 else legal[0])
        else:
            app.frame()
        if {"ChooseDeck", "CommitCoin"} <= seen:
            break
    assert "ChooseDeck" in seen


def test_resume_on_start(app: App, random_ai: None, data_dir: Path) -> None:
    from web.main import build_app, parse_args

    scene = _match(app, seed=16)
    app.run_frames(40)
    saved = scene.session.save_text()
    assert json.loads(app.storage.read("autosave") or "null") == json.loads(saved)
    resumed = top(build_app(parse_args([])), MatchScene)
    assert resumed.session.state.to_json() == scene.session.state.to_json()


def test_reduced_motion_and_battle_animation(app: App, random_ai: None) -> None:
    from game import default_map
    from game.actions import BattleRoll, Move
    from web.play.session import Applied
    from web.ui.animation import route

    board = default_map()
    path = route(board, 0, 5, winter=False)
    assert path[0] == 0 and path[-1] == 5
    pos = [(float(i), float(i)) for i in range(board.num_nodes)]
    anim = Animator(board, pos)
    anim.add(Applied(0, 1, Move(0, 3, 0, 5), 0, 1), winter=False, watched=True)
    assert _current(anim).kind == "move"
    anim.update(_current(anim).duration + 0.01)
    assert not anim.busy
    anim.reduced_motion = True
    anim.add(Applied(0, 1, Move(0, 3, 0, 5), 0, 1), winter=False, watched=True)
    assert _current(anim).kind == "pause" and _current(anim).duration >= 0.12
    anim.skip()
    battle = (0, 0, 4, 1, 2, 1, 0, 3, 4, 4)
    anim.add(Applied(0, -1, BattleRoll(1, 2), 0, 0, battle=battle), winter=False, watched=True)
    assert _current(anim).kind == "battle"


def _current(anim: Animator) -> Animation:
    assert anim.current is not None, "an animation was expected"
    return anim.current


def test_spectate_command_line(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "STRATEGOS_DATA_DIR": str(tmp_path / "data")}  # fmt: skip
    result = subprocess.run(
        [sys.executable, "-m", "web", "--spectate", "--players", "4", "--seed", "7",
         "--max-frames", "600", "--screenshot", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    assert out.exists() and out.stat().st_size > 10_000
