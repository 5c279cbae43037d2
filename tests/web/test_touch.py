"""Phones: finger taps press buttons once (synthetic mouse events are dropped), a held finger
shows the tooltip, two fingers pinch-zoom the map."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

pygame = pytest.importorskip("pygame")

from tests.web.player import click, find  # noqa: E402
from web.ui.layout import HEIGHT, WIDTH  # noqa: E402
from web.ui.widgets import ButtonGroup  # noqa: E402

if TYPE_CHECKING:
    from web.app import App
    from web.play.session import MatchSession

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def finger(app: App, kind: int, x: float, y: float, fid: int = 0) -> None:
    pygame.event.post(pygame.event.Event(kind, x=x / WIDTH, y=y / HEIGHT, dx=0.0, dy=0.0,
                                         finger_id=fid, touch_id=1, pressure=1.0))  # fmt: skip


def _se_problems(app: App, what: str, module: str) -> list[str]:
    """The texts of ``module`` that do not fit at 568x320 (an iPhone SE held sideways), in
    English and Russian, normal and Large."""
    from tests.web.test_text_fit import Checker

    checker = Checker(app)
    configs: list[tuple[str, bool, tuple[int, int] | None]] = [
        (lang, large, (568, 320)) for lang in ("en", "ru") for large in (False, True)
    ]
    checker.check(what, configs=configs)
    return [p for key, p in checker.problems.items() if f" {module}: " in key]


def test_finger_tap_presses_a_button_once(app: App) -> None:
    from web.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    app.frame()
    box = find(scene.buttons, "speed").box
    before = app.settings.speed
    finger(app, pygame.FINGERDOWN, *box.center)
    # the synthetic mouse events SDL adds for a touch are marked and ignored
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1, touch=True)
    )
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=box.center, button=1, touch=True)
    )
    finger(app, pygame.FINGERUP, *box.center)
    app.frame()
    assert app.settings.speed != before
    from web.play.settings import SPEEDS

    assert SPEEDS.index(app.settings.speed) == (SPEEDS.index(before) + 1) % len(SPEEDS)


def test_hold_pins_a_tooltip_and_pinch_zooms(app: App, random_ai: None) -> None:
    from tests.web.test_scenes import _match

    scene = _match(app, seed=3)
    app.run_frames(5)
    x, y = scene.camera.to_screen(*scene.board_view.g.pos[0])
    finger(app, pygame.FINGERDOWN, x, y + 3)
    app.run_frames(40)  # longer than the hold time
    assert app._pinned_tip is not None
    assert scene.tooltip_at(*app._pinned_tip)
    finger(app, pygame.FINGERUP, x, y + 3)
    app.frame()
    scale = scene.camera.scale
    finger(app, pygame.FINGERDOWN, 300, 300, fid=1)
    finger(app, pygame.FINGERDOWN, 400, 300, fid=2)
    app.frame()
    finger(app, pygame.FINGERMOTION, 500, 300, fid=2)
    app.frame()
    assert scene.camera.scale > scale
    finger(app, pygame.FINGERUP, 500, 300, fid=2)
    finger(app, pygame.FINGERUP, 300, 300, fid=1)
    app.frame()


def _all_buttons(app: App) -> Iterator[tuple[str, ButtonGroup]]:
    """Every scene a player meets, with its buttons (the match's included)."""
    from tests.web.test_scenes import _match, _own_turn
    from web.scenes.game_over import GameOverScene
    from web.scenes.how_to_play import HowToPlayScene
    from web.scenes.menu import ImportScene, MenuScene
    from web.scenes.new_game import NewGameScene
    from web.scenes.pass_device import PassDeviceScene
    from web.scenes.replace_game import ReplaceGameScene
    from web.scenes.rules import RulesScene
    from web.scenes.settings import SettingsScene
    from web.scenes.title import TitleScene

    scene = _match(app, seed=12)
    _own_turn(app, scene)
    title = app.scenes[0]
    assert isinstance(title, TitleScene)
    yield "title", title.buttons
    yield "match", scene.controls.tray
    yield "match chrome", scene.chrome.buttons
    yield "NewGameScene", NewGameScene(app).buttons
    yield "SettingsScene", SettingsScene(app).buttons
    yield "RulesScene", RulesScene(app).buttons
    yield "HowToPlayScene", HowToPlayScene(app).buttons
    yield "ImportScene", ImportScene(app).buttons
    yield "menu", MenuScene(app, scene).buttons
    yield "game over", GameOverScene(app, scene.session).buttons
    yield "pass", PassDeviceScene(app, scene.session, 0, lambda: None).buttons
    yield "replace", ReplaceGameScene(app, scene.session, lambda: None).buttons


def test_every_button_is_a_finger_wide(app: App, random_ai: None) -> None:
    from web.ui.layout import MIN_TOUCH

    for where, group in _all_buttons(app):
        assert group.buttons, where
        for b in group.buttons:
            assert b.box.w >= MIN_TOUCH and b.box.h >= MIN_TOUCH, (where, b.tag, b.box)


def test_a_tap_explains_what_a_finger_cannot_hover(app: App, random_ai: None) -> None:
    from tests.web.player import click
    from tests.web.test_scenes import _match
    from web.ui.layout import MatchLayout

    scene = _match(app, seed=3, players=2, humans=0)  # nobody's decision is ours
    app.run_frames(3)
    row = MatchLayout().player_rows(2)[0]
    click(app, *row.center)
    assert app._pinned_tip is not None and scene.tooltip_at(*app._pinned_tip)
    x, y = scene.camera.to_screen(*scene.board_view.g.pos[0])
    click(app, x, y + 3)
    assert app._pinned_tip == (int(x), int(y + 3))
    slot = MatchLayout().season_slots()[3]
    click(app, *slot.center)
    tip = scene.tooltip_at(*app._pinned_tip)
    assert tip is not None and tip[1] == "R5.3"  # the winter slot explains itself


def test_zoom_buttons_and_own_generals(app: App, random_ai: None) -> None:
    from tests.web.player import click_button
    from tests.web.test_scenes import _match

    scene = _match(app, seed=3)
    app.run_frames(3)
    cam = scene.camera
    click_button(app, scene.chrome.buttons, "zoom_in")
    assert cam.scale > cam.fit_scale
    scale = cam.scale
    click_button(app, scene.chrome.buttons, "zoom_out")
    assert cam.scale < scale
    click_button(app, scene.chrome.buttons, "zoom_in")
    click_button(app, scene.chrome.buttons, "zoom_fit")
    assert cam.scale == cam.fit_scale
    state = scene.view.public
    assert scene.marks().own == set(state.generals_of(scene.session.viewer))
    assert find(scene.chrome.buttons, "menu").tip  # every icon button says what it is


def test_large_text_persists_and_grows_the_small_texts(app: App, data_dir: Path) -> None:
    from game import default_map
    from tests.web.player import click_button
    from web.app import App
    from web.play.storage import FileStorage
    from web.render.mapart import BoardGeometry, MapArt
    from web.scenes.settings import SettingsScene
    from web.ui import theme
    from web.ui.layout import Camera, MatchLayout

    art = MapArt(BoardGeometry(default_map()))
    cam = Camera(MatchLayout().map)
    normal = art.labels(cam)
    before = art.surface(cam, False)
    scene = SettingsScene(app)
    app.push(scene)
    click_button(app, scene.buttons, "large_text")
    assert app.settings.large_text and theme.small(12) > 12
    large = art.labels(cam)
    assert art.surface(cam, False) is not before  # the board picture was redrawn
    common = set(normal) & set(large)
    assert common and all(large[c][2] > normal[c][2] for c in common)  # bigger names
    assert App(headless=True, store=FileStorage(data_dir)).settings.large_text
    click_button(app, scene.buttons, "large_text")
    assert theme.small(12) == 12


def test_map_names_do_not_collide_and_capitals_stay(app: App) -> None:
    from game import default_map
    from web.render.mapart import BoardGeometry, MapArt
    from web.ui.layout import Camera, MatchLayout, overlaps

    board = default_map()
    art = MapArt(BoardGeometry(board))
    cam = Camera(MatchLayout().map)
    labels = art.labels(cam)
    capitals = {n.index for n in board.nodes[: board.num_cities] if n.is_capital}
    assert capitals <= set(labels)
    boxes = [box for box, *_ in labels.values()]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not overlaps(a, b)
    cam.zoom_at(2.0, *MatchLayout().map.center)
    assert len(art.labels(cam)) > 0
    cam.fit()
    cam.zoom_at(1.5, 700, 250)  # the Black Sea coast: its ordinary cities get names where room is
    named = art.labels(cam)
    assert len([c for c in named if c not in capitals]) > 0


def test_an_upright_phone_is_asked_to_turn(
    app: App, random_ai: None, monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    from tests.web.player import click, phone_shot
    from web.main import build_app, parse_args
    from web.scenes.rotate import RotateScene
    from web.scenes.title import TitleScene
    from web.ui import device

    assert not device.portrait()  # the desktop is never a phone held upright
    monkeypatch.setattr(device, "portrait", lambda: True)
    upright = build_app(parse_args([]))
    assert isinstance(upright.top, RotateScene)
    upright.run_frames(40)
    assert isinstance(upright.top, RotateScene)  # still upright: it stays
    phone_shot(upright, "phone_rotate.png", (390, 844))
    click(upright, 100, 100)  # a tap anywhere goes on upright
    assert isinstance(upright.top, TitleScene)
    upright.push(RotateScene(upright))
    monkeypatch.setattr(device, "portrait", lambda: False)
    upright.run_frames(40)  # the phone was turned: the overlay leaves by itself
    assert isinstance(upright.top, TitleScene)


def test_a_phone_turned_upright_mid_game_is_asked_to_turn_back(
    app: App, random_ai: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The overlay came only at launch: a phone turned upright during a game went on with the
    board letterboxed to a third of its size, and nothing said why."""
    from web.play import saves
    from web.play.config import AI, HUMAN, MatchConfig, SeatConfig
    from web.scenes.match import MatchScene
    from web.scenes.rotate import RotateScene
    from web.ui import device

    app.nav.start_title()
    config = MatchConfig([SeatConfig(HUMAN), SeatConfig(AI, "easy")], seed=3)
    scene = app.nav.open_match(saves.new_session(app, config))
    app.run_frames(5)
    monkeypatch.setattr(device, "screen_size", lambda: (390, 844))
    monkeypatch.setattr(device, "portrait", lambda: True)
    app.run_frames(150)  # the page is read once a second
    assert isinstance(app.top, RotateScene)
    assert sum(isinstance(s, RotateScene) for s in app.scenes) == 1
    monkeypatch.setattr(device, "screen_size", lambda: (844, 390))
    monkeypatch.setattr(device, "portrait", lambda: False)
    app.run_frames(150)
    assert app.scenes[-1] is scene and isinstance(scene, MatchScene)


def test_the_desktop_laid_out_as_an_upright_phone_is_upright(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from web.ui import device

    monkeypatch.setenv("STRATEGOS_SCREEN", "390x844")
    assert device.portrait()
    monkeypatch.setenv("STRATEGOS_SCREEN", "844x390")
    assert not device.portrait()


PHONES = [(844, 390), (800, 360)]  # an iPhone and a common Android phone, held sideways


@pytest.fixture(params=PHONES, ids=lambda size: f"{size[0]}x{size[1]}")
def phone(request: pytest.FixtureRequest, data_dir: Path) -> Iterator[App]:
    from web.app import App
    from web.play.storage import FileStorage

    exports = data_dir / "exports"  # the import lists at most eight files
    exports.mkdir(parents=True)
    for i in range(8):
        (exports / f"strategos-game-{i:02}-with-a-long-name.json").write_text("{}")
    app = App(headless=True, store=FileStorage(data_dir), screen=request.param)
    yield app
    app.set_screen(None)
    pygame.quit()


def _screens(app: App) -> Iterator[str]:
    """Every screen but the match and the replay (walked by its own test), one by one on top
    of the app, with their fullest contents: yields each one's name once it is shown."""
    from tests.web.test_replay import finished_session
    from tests.web.test_scenes import _match
    from web.play import last_games
    from web.scenes.game_over import GameOverScene
    from web.scenes.how_to_play import PAGES, HowToPlayScene
    from web.scenes.last_games import LastGamesScene
    from web.scenes.menu import ImportScene, MenuScene
    from web.scenes.new_game import NewGameScene
    from web.scenes.pass_device import PassDeviceScene
    from web.scenes.replace_game import ReplaceGameScene
    from web.scenes.rules import RulesScene
    from web.scenes.settings import SettingsScene
    from web.scenes.title import TitleScene

    scene = _match(app, seed=12)  # its autosave: the title offers Continue too
    app.pop()
    title = app.top
    assert isinstance(title, TitleScene)
    title.on_enter()
    assert title.buttons.find("continue") is not None
    yield "title"
    new = NewGameScene(app)
    app.push(new)
    for n in range(2, 7):
        new._players(n)
        new.config.seats[-1].difficulty = "expert"  # the longest note under the seats
        new.on_language()
        yield f"new game, {n} seats"
    app.pop()
    for opened in (SettingsScene(app), ImportScene(app), RulesScene(app)):
        app.push(opened)
        yield type(opened).__name__
        app.pop()
    howto = HowToPlayScene(app)
    app.push(howto)
    for page in range(len(PAGES)):
        howto.go(page)
        yield f"how to play, page {page + 1}"
    app.pop()
    for seed in range(9):  # two pages
        last_games.remember(app.storage, finished_session(seed))
    games = LastGamesScene(app)
    app.push(games)
    yield "last games"
    games._turn(1)
    yield "last games, page 2"
    games._pick_file()
    assert games.files
    yield "last games, a file to watch"
    app.pop()
    app.push(scene)
    for over in (MenuScene(app, scene), PassDeviceScene(app, scene.session, 0, lambda: None),
                 ReplaceGameScene(app, scene.session, lambda: None),
                 GameOverScene(app, finished_session(3))):  # fmt: skip
        app.push(over)
        yield type(over).__name__
        if isinstance(over, GameOverScene):
            click(app, *find(over.buttons, "charts").box.center)
            yield "game over, the charts"
        app.pop()


def test_every_button_off_the_match_is_a_fingertip_on_a_phone(phone: App, random_ai: None) -> None:
    """A phone shows the canvas at about half size: there the buttons of the screens around
    the match are at least ``PHONE_TOUCH_PX`` device pixels each way, none covers another, and
    all are on the canvas (the match has its own compact layout; the replay its own test)."""
    from web.scenes.new_game import NewGameScene
    from web.ui import layout
    from web.ui.layout import Box, overlaps

    scale = layout.sideways_scale(phone.screen_px or (WIDTH, HEIGHT))
    assert layout.touch() * scale >= layout.PHONE_TOUCH_PX
    seen = []
    for where in _screens(phone):
        top = phone.top
        assert top is not None and top.touch_sized, where
        seen.append(where)
        phone.draw()
        boxes: list[tuple[str, Box]] = [
            (b.tag or b.label, b.box)
            for group in vars(top).values()
            if isinstance(group, ButtonGroup)
            for b in group.buttons
        ]
        if top.help_button:
            boxes.append(("help", phone.help_box()))
        if isinstance(top, NewGameScene):  # the note on the AI's thinking stays on screen
            from web.scenes.new_game import NOTE_LINE, NOTE_SIZE
            from web.ui import theme

            step = max(NOTE_LINE, theme.line_height(NOTE_SIZE))
            lines = top.note_lines()
            assert (top.note_y(len(lines)) or 0) + step * len(lines) <= HEIGHT, where
        assert boxes, where
        for tag, box in boxes:
            css = (round(box.w * scale, 1), round(box.h * scale, 1))
            assert min(css) >= layout.PHONE_TOUCH_PX, f"{where}: {tag} is {css} CSS px"
            inside = box.x >= 0 and box.y >= 0 and box.right <= WIDTH and box.bottom <= HEIGHT
            assert inside, f"{where}: {tag} {box} leaves the canvas"
        for i, (tag, box) in enumerate(boxes):
            for other, box2 in boxes[i + 1 :]:
                assert not overlaps(box, box2), f"{where}: {tag} {box} covers {other} {box2}"
    assert len(seen) >= 20


def test_the_matchs_help_and_menu_are_a_fingertip_on_a_phone(phone: App, random_ai: None) -> None:
    """The match's "?" (the rules) and its menu button showed at 26 CSS pixels on a phone of
    844x390: both are at least ``PHONE_TOUCH_PX`` now, on the canvas, and cover none of the
    match's other buttons, nor an open drawer."""
    from tests.web.test_scenes import _match, _own_turn
    from web.ui import layout
    from web.ui.layout import DRAWERS, MatchLayout, overlaps

    scale = layout.sideways_scale(phone.screen_px or (WIDTH, HEIGHT))
    scene = _match(phone, seed=12)
    _own_turn(phone, scene)
    corner = {"help": phone.help_box(), "menu": find(scene.chrome.buttons, "menu").box}
    for tag, box in corner.items():
        css = (round(box.w * scale, 1), round(box.h * scale, 1))
        assert min(css) >= layout.PHONE_TOUCH_PX, f"{tag} is {css} CSS px"
        assert box.x >= 0 and box.y >= 0 and box.right <= WIDTH and box.bottom <= HEIGHT
    assert not overlaps(corner["help"], corner["menu"])
    others = [b for group in (scene.chrome.buttons, scene.controls.tray) for b in group.buttons
              if b.tag != "menu"]  # fmt: skip
    for tag, box in corner.items():
        for b in others:
            assert not overlaps(box, b.box), f"{tag} {box} covers {b.tag} {b.box}"
    for name in DRAWERS:
        scene.chrome.toggle_drawer(scene, name)
        for tag, box in corner.items():
            assert not overlaps(box, MatchLayout().side), (name, tag)
        scene.chrome.toggle_drawer(scene, name)


def test_the_replay_is_a_fingertip_on_a_phone(phone: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a phone the replay's opening panel and its review dialog had buttons of 24 CSS
    pixels, its tray 30, its drawer tabs 31: every button of the replay and of its review, and
    every turning point in the charts' list, is at least ``PHONE_TOUCH_PX`` now and on the
    canvas, and none that a tap may reach covers another."""
    from ai.review import BUDGETS
    from tests.web.test_replay import SCREEN_BUDGET
    from tests.web.test_replay import _screens as replay_screens
    from web.scenes.replay import ReplayScene
    from web.ui import layout
    from web.ui.layout import Box, overlaps

    monkeypatch.setitem(BUDGETS, "quick", SCREEN_BUDGET)
    scale = layout.sideways_scale(phone.screen_px or (WIDTH, HEIGHT))
    seen = []
    for where in replay_screens(phone):
        top = phone.top
        if not isinstance(top, ReplayScene):
            continue
        assert top.touch_sized, where
        seen.append(where)
        phone.draw()
        holders = [top, top.panel]
        groups = [g for h in holders for g in vars(h).values() if isinstance(g, ButtonGroup)]
        shown = [(b.tag, b.box) for group in groups for b in group.buttons]
        targets = [("turning point", box) for box, _ in top.panel.turning_boxes if top.charts]
        corner = [("help", phone.help_box())]
        for tag, box in shown + targets + corner:
            css = (round(box.w * scale, 1), round(box.h * scale, 1))
            assert min(css) >= layout.PHONE_TOUCH_PX, f"{where}: {tag} is {css} CSS px"
            inside = box.x >= 0 and box.y >= 0 and box.right <= WIDTH and box.bottom <= HEIGHT
            assert inside, f"{where}: {tag} {box} leaves the canvas"
        live: list[tuple[str, Box]] = [(b.tag, b.box) for g in top.live_buttons()
                                       for b in g.buttons]  # fmt: skip
        live += targets + corner
        for i, (tag, box) in enumerate(live):
            for other, box2 in live[i + 1 :]:
                assert not overlaps(box, box2), f"{where}: {tag} {box} covers {other} {box2}"
    assert {"chooser", "seat", "dialog", "a review running", "charts"} <= set(seen), seen


def test_the_match_menu_fits_an_iphone_se(data_dir: Path, random_ai: None) -> None:
    """At 568x320 CSS px (an iPhone SE held sideways) the floor is 91 canvas px, and the match
    menu's seven buttons, one under another, ran off the canvas with the panel's title. There
    the menu fits: every button at least ``PHONE_TOUCH_PX``, inside the panel, the panel on the
    canvas, none covering another or the "?", and every text of the menu whole."""
    from tests.web.test_scenes import _match
    from web.app import App
    from web.play.storage import FileStorage
    from web.scenes.menu import MenuScene
    from web.ui import layout
    from web.ui.layout import Box, overlaps

    se = (568, 320)
    app = App(headless=True, store=FileStorage(data_dir), screen=se)
    try:
        scale = layout.sideways_scale(se)
        menu = MenuScene(app, _match(app, seed=12))
        app.push(menu)
        app.draw()
        panel = menu.box
        assert panel.x >= 0 and panel.y >= 0 and panel.right <= WIDTH and panel.bottom <= HEIGHT
        boxes: list[tuple[str, Box]] = [(b.tag, b.box) for b in menu.buttons.buttons]
        assert len(boxes) == 7
        for tag, box in boxes:
            css = (round(box.w * scale, 1), round(box.h * scale, 1))
            assert min(css) >= layout.PHONE_TOUCH_PX, f"{tag} is {css} CSS px"
            inside = panel.x <= box.x and box.right <= panel.right
            assert inside and panel.y <= box.y and box.bottom <= panel.bottom, (tag, box, panel)
        boxes.append(("help", app.help_box()))
        for i, (tag, box) in enumerate(boxes):
            for other, box2 in boxes[i + 1 :]:
                assert not overlaps(box, box2), f"{tag} {box} covers {other} {box2}"
        mine = _se_problems(app, "the match menu at 568x320", "web.scenes.menu")
        assert not mine, "\n".join(mine)
    finally:
        app.set_screen(None)
        pygame.quit()


def test_the_matchs_tray_zoom_and_drawer_tabs_are_a_fingertip_on_a_phone(
    phone: App, random_ai: None
) -> None:
    """At 844x390 the compact match's tray buttons showed at 34.7 CSS pixels, its dice at 31.4,
    its zoom buttons at 26 and its drawer tabs at 31.4: every one of them (and every action a
    chosen general may take) is at least ``PHONE_TOUCH_PX`` now, on the canvas, and none covers
    another, the "?" or the menu; the dice and the tray's buttons stay in the tray, the zoom
    buttons and the tabs on the map."""
    _match_controls(phone)


def test_the_matchs_controls_on_an_iphone_se(data_dir: Path, random_ai: None) -> None:
    """At 568x320 (floors of 91 canvas px for a button, 28 for a text) the zoom buttons ran
    over the tray: the map ends where the taller tray begins, and every control is at the
    floor. The dice were not: they took what the seven buttons' whole labels leave of the
    tray (48 px, 21 CSS px); they stand in a column at the map's bottom left now."""
    from web.app import App
    from web.play.storage import FileStorage

    app = App(headless=True, store=FileStorage(data_dir), screen=(568, 320))
    try:
        _match_controls(app)
    finally:
        app.set_screen(None)
        pygame.quit()


def _match_controls(phone: App) -> None:
    from tests.web.test_scenes import _match, _own_turn
    from web.ui import layout
    from web.ui.layout import MatchLayout, overlaps

    scale = layout.sideways_scale(phone.screen_px or (WIDTH, HEIGHT))
    scene = _match(phone, seed=12)
    _own_turn(phone, scene)
    L = MatchLayout()
    assert L.compact
    assert L.top.bottom == L.map.y and L.map.bottom == L.tray.y and L.tray.bottom == HEIGHT
    dice = [("die", box) for box in L.dice(4)]
    tray = [(f"tray {name}", box) for name, box in L.tray_buttons().items()]
    tray += [("action", box) for box in L.action_buttons(3)]
    shown = [
        (b.tag, b.box)
        for group in (scene.chrome.buttons, scene.controls.tray)
        for b in group.buttons
    ]
    assert {"zoom_in", "zoom_out", "zoom_fit", "drawer_players", "drawer_log"} <= {
        tag for tag, _ in shown
    }
    on_map = [(tag, box) for tag, box in shown if tag.startswith(("zoom", "drawer"))]
    corner = [("help", phone.help_box()), ("menu", L.menu_button())]
    for tag, box in dice + tray + shown + corner:
        css = (round(box.w * scale, 1), round(box.h * scale, 1))
        assert min(css) >= layout.PHONE_TOUCH_PX, f"{tag} is {css} CSS px"
        assert box.x >= 0 and box.y >= 0 and box.right <= WIDTH and box.bottom <= HEIGHT, tag
    t, m = L.tray, L.map
    if L.dice_on_map():  # the smallest phone: the tray has no room for them at the floor
        on_map += dice
    else:
        tray += dice
    for _tag, box in tray:
        assert t.x <= box.x and box.right <= t.right and t.y <= box.y and box.bottom <= t.bottom
    for _tag, box in on_map:
        assert m.x <= box.x and box.right <= m.right and m.y <= box.y and box.bottom <= m.bottom
    slots = tray + on_map + corner
    for i, (tag, box) in enumerate(slots):
        for other, box2 in slots[i + 1 :]:
            assert not overlaps(box, box2), f"{tag} {box} covers {other} {box2}"
    for (_, a), (_, b) in itertools.pairwise(dice):  # a die's frame is drawn 3 px outside it
        assert max(b.x - a.right, b.y - a.bottom) >= 6, (a, b)


def test_the_dice_on_an_iphone_se_are_tapped_over_the_map(data_dir: Path, random_ai: None) -> None:
    """At 568x320 the dice stand at the button floor in a column at the map's bottom left (at
    844x390 and 800x360 they stay in the tray). There a tap on a die picks it (R4.2: one die
    to one general) and a held finger explains it (R5.1), in English and Russian, normal and
    Large text; neither the coach's line nor the suggested moves' panel covers a die, and the
    panel, kept off the dice, does not cover the coach."""
    from tests.web.player import click
    from tests.web.test_scenes import _match, _own_turn
    from web.app import App
    from web.play.storage import FileStorage
    from web.scenes import match_chrome
    from web.ui import layout
    from web.ui.layout import MatchLayout, overlaps

    for size in PHONES:
        app = App(headless=True, store=FileStorage(data_dir), screen=size)
        try:
            assert not MatchLayout().dice_on_map(), size
        finally:
            app.set_screen(None)
            pygame.quit()
    se = (568, 320)
    app = App(headless=True, store=FileStorage(data_dir), screen=se)
    try:
        scene = _match(app, seed=12)
        _own_turn(app, scene)
        L = MatchLayout()
        assert L.dice_on_map()
        for lang, large in itertools.product(("en", "ru"), (False, True)):
            app.set_language(lang)
            app.settings.large_text = large
            app.save_settings()
            scene.selection.clear()
            scene.controls.ask_hint(scene)
            app.run_frames(60)
            assert scene.controls.hints and scene.chrome.coach_line, (lang, large)
            dice = L.dice(len(scene.view.public.dice))
            coach = match_chrome.coach_boxes(scene, scene.chrome.coach_line)[0]
            hints = scene.controls.hint_box(scene)
            assert hints is not None and not overlaps(hints, coach), (lang, large)
            covers = [coach, hints]
            for i, box in enumerate(dice):
                assert min(box.w, box.h) * layout.sideways_scale(se) >= layout.PHONE_TOUCH_PX
                assert L.map.contains(box.x, box.y) and not L.tray.contains(*box.center)
                for cover in covers:
                    assert not overlaps(box, cover), (lang, large, cover)
                value = scene.view.public.dice[i]
                tip = scene.tooltip_at(*box.center)
                assert tip is not None and tip[1] == "R5.1", tip
                scene.selection.clear()  # a tap on the chosen die's value would unpick it
                click(app, *box.center)
                assert scene.selection.die == value, (lang, large, i)
    finally:
        app.set_screen(None)
        pygame.quit()


def test_the_new_games_note_stays_on_an_iphone_se(data_dir: Path, random_ai: None) -> None:
    """At 568x320 six seats at the button floor (91 canvas px) end 20 px above the canvas's
    bottom, and the note on the AIs' thinking under them ran off it. Where it has no room it is
    not drawn, and choosing a level says it in a toast, whole."""
    from web.app import App
    from web.play.storage import FileStorage
    from web.scenes.new_game import NOTE_LINE, NOTE_SIZE, NewGameScene
    from web.text import i18n
    from web.ui import theme

    se = (568, 320)
    app = App(headless=True, store=FileStorage(data_dir), screen=se)
    try:
        new = NewGameScene(app)
        app.push(new)
        step = max(NOTE_LINE, theme.line_height(NOTE_SIZE))
        shown = []
        for n in range(2, 7):
            new._players(n)
            new.config.seats[-1].difficulty = "expert"
            new.on_language()
            lines = new.note_lines()
            assert (new.note_y(len(lines)) or 0) + step * len(lines) <= HEIGHT, n
            shown.append(bool(lines))
        assert shown[0] and not shown[-1]  # two seats leave it room, six do not
        before = new.config.seats[-1].difficulty
        click(app, *find(new.buttons, "diff5").box.center)
        assert new.config.seats[-1].difficulty != before and new.think_note()
        assert app.toast_text == i18n.t(new.think_note())
        toast = _se_problems(app, "the new game's note as a toast at 568x320", "web.app")
        assert not toast, "\n".join(toast)
    finally:
        app.set_screen(None)
        pygame.quit()


def test_the_replays_tray_holds_its_buttons_on_an_iphone_se(data_dir: Path) -> None:
    """At 568x320 the replay's tray buttons take the floor, 91 canvas px, and ran 3 px past the
    84 px tray at the canvas's bottom: the compact tray grows with the floor, and every button
    of the replay's tray lies in it, none over another, on the canvas."""
    from tests.web.test_replay import _screens as replay_screens
    from web.app import App
    from web.play.storage import FileStorage
    from web.ui.layout import MatchLayout, overlaps

    app = App(headless=True, store=FileStorage(data_dir), screen=(568, 320))
    try:
        for where in replay_screens(app):
            if where != "seat":
                continue
            app.draw()
            tray = MatchLayout().tray
            assert tray.bottom == HEIGHT
            boxes = [(b.tag, b.box) for b in app.top.buttons.buttons  # type: ignore[union-attr]
                     if not b.tag.startswith("drawer_")]  # fmt: skip
            assert len(boxes) == 11
            for tag, box in boxes:
                assert tray.x <= box.x and box.right <= tray.right, tag
                assert tray.y <= box.y and box.bottom <= tray.bottom, (tag, box, tray)
            for i, (tag, box) in enumerate(boxes):
                for other, box2 in boxes[i + 1 :]:
                    assert not overlaps(box, box2), (tag, other)
            break
        else:
            raise AssertionError("the replay's seat view was not shown")
    finally:
        app.set_screen(None)
        pygame.quit()


@pytest.fixture
def se(data_dir: Path) -> Iterator[App]:
    """The app on an iPhone SE held sideways (568x320 CSS px: floors of 28 and 91 canvas px)."""
    from web.app import App
    from web.play.storage import FileStorage

    app = App(headless=True, store=FileStorage(data_dir), screen=(568, 320))
    yield app
    app.set_screen(None)
    pygame.quit()


def test_how_to_plays_keys_fit_an_iphone_se(se: App) -> None:
    """At 568x320 the nine keys' texts had a row of 54 canvas px each, one line and a bit of
    the 28 px floor, and eight were cut («Назад: закрыть выбор, с…», «Проб…»). There the
    keycaps are as wide as their names, each text takes the lines it needs, and the list
    scrolls by a finger to its last key."""
    from tests.web.player import drag
    from web.scenes.how_to_play import ART, PAGES, HowToPlayScene
    from web.text import i18n
    from web.text.i18n_ui import KEYS
    from web.ui import theme

    scene = HowToPlayScene(se, page=len(PAGES) - 1)
    se.push(scene)
    cut = _se_problems(se, "How to play's keys at 568x320", "web.scenes.how_to_play")
    assert not cut, "\n".join(cut)
    overflow = scene._keys_overflow()
    assert overflow > 0  # nine keys at the floor are taller than the box
    drag(se, ART.center[0], ART.bottom - 20, ART.center[0], ART.y + 20)
    drag(se, ART.center[0], ART.bottom - 20, ART.center[0], ART.y + 20)
    assert scene.keys_scroll == overflow
    with theme.recording() as log:
        se.draw()
    last = next(d for d in log if d.asked == i18n.t(KEYS[-1][1]))
    assert last.rect is not None and last.rect[1] + last.rect[3] <= ART.bottom
    se.set_screen(None)  # the desktop: nine even rows, nothing to scroll
    assert scene._keys_overflow() == 0 and scene.keys_scroll == 0


def test_the_imports_empty_folder_fits_an_iphone_se(data_dir: Path) -> None:
    """The line "No save files in <folder>" was centred on the canvas: at 568x320's floor of
    28 canvas px a folder of an ordinary length ran off both sides. It goes on as many lines
    as it needs, broken after a folder's separator, every character of it shown."""
    from web.app import App
    from web.play.storage import FileStorage
    from web.scenes.menu import ImportScene
    from web.text import i18n
    from web.ui import theme

    deep = data_dir / "a-folder-with-a-rather-long-name" / "and-another-one-inside-it"
    app = App(headless=True, store=FileStorage(deep), screen=(568, 320))
    try:
        app.push(ImportScene(app))
        cut = _se_problems(app, "the import's empty folder at 568x320", "web.scenes.menu")
        assert not cut, "\n".join(cut)
        for lang in ("en", "ru"):
            app.set_language(lang)
            with theme.recording() as log:
                app.draw()
            said = i18n.t("import_none", path=f"{deep}/exports")
            shown = [d.shown for d in log if d.caller == "web.scenes.menu" and d.rect is not None
                     and 300 <= d.rect[1] < 500]  # fmt: skip
            assert "".join("".join(shown).split()) == "".join(said.split())
            folder = [line for line in shown if "/" in line]
            assert len(folder) >= 2 and all(line.endswith("/") for line in folder[:-1]), folder
    finally:
        app.set_screen(None)
        pygame.quit()


def test_the_last_games_fit_an_iphone_se(se: App) -> None:
    """At 568x320 «2026-12-05 20:03 · игроков: 6 · сезонов: 16» was cut beside five or six
    kingdoms. The date goes on a line of its own there, or, where the winners take two lines,
    the row's kingdoms count the players; every row's texts are whole, on both pages. A
    victory shared by all six, whose names took more than the row's two lines («…
    Карфагеняне, Г…»), is counted instead («общая победа: все 6»)."""
    from game import winners
    from tests.web.test_replay import finished_session, finished_where
    from web.play import last_games
    from web.scenes.last_games import LastGamesScene
    from web.text import i18n, results
    from web.ui import theme

    for seed in range(8):  # two pages, two to six players, shared victories among them
        last_games.remember(se.storage, finished_session(seed, players=2 + seed % 5))
    six = finished_where(6, lambda s: len(winners(s.state)) == 6)
    last_games.remember(se.storage, six)  # the newest: the first row
    games = LastGamesScene(se)
    se.push(games)
    cut = _se_problems(se, "the last games at 568x320", "web.scenes.last_games")
    games._turn(1)
    cut += _se_problems(se, "the last games' second page at 568x320", "web.scenes.last_games")
    assert not cut, "\n".join(cut)
    se.set_language("ru")
    games._turn(-1)
    with theme.recording() as log:
        se.draw()
    split = [d for d in log if d.caller == "web.scenes.last_games" and "\n" in d.asked]
    assert split  # the date on a line of its own, the players and seasons under it, as asked
    assert all(d.shown == d.asked for d in split), [d.shown for d in split]
    shared = i18n.t("lg_won_shared", count=results.shared_count(6, 6))
    assert any(d.asked == shared for d in log), [d.asked for d in log]


def test_the_game_over_fits_an_iphone_se(se: App) -> None:
    """At 568x320 the Russian tie-break sentences were cut at two lines beside the Charts
    button, and six players' rows ran under the buttons and off the canvas («Задания: —» at
    y 706). Below the Charts button the sentence has the whole width (R9.7's tie-break told
    whole, won or lost, by the winner and by a seat level with it on points), a victory shared
    by six is told whole, and rows taller than their room scroll under the table's heading, by
    a finger to the last one."""
    from game import winners
    from tests.web.player import drag
    from tests.web.test_replay import finished_session, finished_where
    from web.scenes.game_over import GameOverScene
    from web.text import i18n, results
    from web.ui import theme

    def tie_broken(session: MatchSession) -> bool:
        """One winner, level on points with another seat: the tie-break decided."""
        state = session.state
        won = winners(state)
        scores = state.scores()
        return len(won) == 1 and scores.count(scores[won[0]]) > 1

    tied = finished_where(5, tie_broken)
    state = tied.state
    first = winners(state)[0]
    level = next(s for s in results.standings(state)
                 if s != first and state.scores()[s] == state.scores()[first])  # fmt: skip
    for viewer, won in ((first, True), (level, False)):
        tied.viewer = viewer
        state = tied.view().public
        sentence = results.placement_sentence(state, viewer)
        assert "R9.7" in sentence and (viewer in winners(state)) == won, sentence
        se.push(GameOverScene(se, tied))
        cut = _se_problems(se, f"the game over, seat {viewer}, at 568x320", "web.scenes.game_over")
        assert not cut, "\n".join(cut)
        se.pop()
    # A victory shared by all six, more names than the line under the title holds.
    se.push(GameOverScene(se, finished_where(6, lambda s: len(winners(s.state)) == 6)))
    cut = _se_problems(se, "the game over of a victory of six at 568x320", "web.scenes.game_over")
    assert not cut, "\n".join(cut)
    se.pop()
    over = GameOverScene(se, finished_session(1, players=6))
    se.push(over)
    cut = _se_problems(se, "the game over of six at 568x320", "web.scenes.game_over")
    assert not cut, "\n".join(cut)
    for lang in ("en", "ru"):
        se.set_language(lang)
        se.draw()
        assert over._overflow > 0  # six rows are taller than the room above the buttons
        for _ in range(3):
            drag(se, 640, over.table_bottom() - 20, 640, 200)
        assert over.scroll == over._overflow
        with theme.recording() as log:
            se.draw()
        last = [d for d in log if d.caller == "web.scenes.game_over" and d.rect is not None
                and d.asked.startswith(i18n.t("col_quests"))][-1]  # fmt: skip
        assert last.rect is not None and last.rect[1] + last.rect[3] <= over.table_bottom()
        drag(se, 640, 300, 640, 700)
        assert over.scroll == 0


def _replay_taps_are_a_fingertip(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay's log rows and its turning points' marks on the charts, which a tap jumps
    to, at least ``PHONE_TOUCH_PX`` each way on ``app``'s phone."""
    from ai.review import BUDGETS
    from tests.web.test_replay import SCREEN_BUDGET
    from tests.web.test_replay import _screens as replay_screens
    from web.scenes.replay import ReplayScene
    from web.scenes.review_panel import CHANCES_BOX, Plot, mark_reach
    from web.ui import layout
    from web.ui.layout import MatchLayout, overlaps

    monkeypatch.setitem(BUDGETS, "quick", SCREEN_BUDGET)
    scale = layout.sideways_scale(app.screen_px or (WIDTH, HEIGHT))
    seen = set()
    for where in replay_screens(app):
        top = app.top
        if not isinstance(top, ReplayScene):
            continue
        app.draw()
        if where == "log drawer":
            seen.add(where)
            rows = top.log_rows
            assert len(rows) >= 4, rows  # the drawer still shows a few entries
            side = MatchLayout().side
            for box, position in rows:
                css = (round(box.w * scale, 1), round(box.h * scale, 1))
                assert min(css) >= layout.PHONE_TOUCH_PX, f"log row {position} is {css} CSS px"
                assert side.x <= box.x and box.right <= side.right, (box, side)
                assert side.y <= box.y and box.bottom <= side.bottom, (box, side)
            for i, (box, _) in enumerate(rows):
                assert all(not overlaps(box, other) for other, _ in rows[i + 1 :])
            box, position = next(r for r in rows if r[1] != top.position)
            click(app, box.x + 4, box.bottom - 4)  # a row's corner, under none of its text
            assert top.position == position
        if where == "charts":
            seen.add(where)
            marks = top.panel.marks()
            assert marks, "a random seat's game has turning points"
            reach = mark_reach()
            assert 2 * reach * scale >= layout.PHONE_TOUCH_PX
            plot = Plot(CHANCES_BOX)
            centres = [(plot.point(x, y, 1.0), position) for _n, x, y, position in marks]
            kingdoms = top.kingdoms()
            for (cx, cy), _position in centres:
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    px, py = cx + dx * (reach - 1), cy + dy * (reach - 1)
                    nearest = min(centres, key=lambda c: (c[0][0] - px) ** 2 + (c[0][1] - py) ** 2)
                    if nearest[0] != (cx, cy):
                        continue  # another mark is nearer: the tap is that one's
                    found = top.panel.overlay_tap(px, py, kingdoms)
                    assert found in {p for c, p in centres if c == (cx, cy)}, (where, dx, dy)
    assert seen == {"log drawer", "charts"}, seen


def test_the_replays_log_and_marks_are_a_fingertip_on_a_phone(
    phone: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 844x390 and 800x360 a log row of the replay was one line of text, 27 canvas px
    (15 CSS px), and a turning point's mark on the chance chart was found within 27 canvas
    px of its centre (a circle of 29 CSS px): each log entry is now a row a finger tall, and a
    tap finds the nearest mark within half the button floor (40 CSS px across)."""
    _replay_taps_are_a_fingertip(phone, monkeypatch)


def test_the_replays_log_and_marks_are_a_fingertip_on_an_iphone_se(
    se: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same at 568x320, where the floor is 91 canvas px: a log line was 37."""
    _replay_taps_are_a_fingertip(se, monkeypatch)


def test_a_drag_over_the_game_overs_charts_leaves_the_table_where_it_was(se: App) -> None:
    """Six players' rows scroll at 568x320, where the charts are shown over the table (the
    Charts button). A drag or a wheel while the charts were open scrolled the hidden table,
    and closing them put it back at the top: the player lost their place. A drag acts on
    what is shown (the charts do not scroll), and the table keeps its place behind them."""
    from tests.web.player import click_button, drag, wheel
    from tests.web.test_replay import finished_session
    from web.scenes.game_over import GameOverScene

    over = GameOverScene(se, finished_session(1, players=6))
    se.push(over)
    se.draw()
    assert over._overflow > 40
    drag(se, 640, over.table_bottom() - 20, 640, over.table_bottom() - 60)
    place = over.scroll
    assert 0 < place < over._overflow
    click_button(se, over.buttons, "charts")
    assert over.charts_open
    drag(se, 640, over.table_bottom() - 20, 640, 200)
    wheel(se, 640, 400, -3)
    assert over.scroll == place
    click_button(se, over.buttons, "charts")
    assert not over.charts_open and over.scroll == place
    se.draw()
    assert over.scroll == place


def test_last_games_export_says_where_in_words_that_fit_an_iphone_se(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Export's "Exported: {path}" names a desktop path longer than a phone's line at the
    text floor (here under a home folder's data folder, as on Linux): at 568x320 the toast
    wraps it after a folder's separator and stays whole on the screen, in English and
    Russian, normal and Large."""
    from tests.web.player import click_button
    from tests.web.test_replay import finished_session
    from tests.web.test_text_fit import Checker
    from web.app import App
    from web.play import last_games
    from web.play.storage import FileStorage
    from web.scenes.last_games import LastGamesScene
    from web.text import i18n
    from web.ui import theme

    data = tmp_path / "home" / "someone" / ".local" / "share" / "strategos"
    monkeypatch.setenv("STRATEGOS_DATA_DIR", str(data))
    app = App(headless=True, store=FileStorage(data), screen=(568, 320))
    try:
        assert last_games.remember(app.storage, finished_session(3)) is not None
        scene = LastGamesScene(app)
        app.push(scene)
        checker = Checker(app)
        for lang in ("en", "ru"):
            app.set_language(lang)
            click_button(app, scene.buttons, "export0")
            (where,) = (data / "exports").glob("*.json")
            assert app.toast_text == i18n.t("exported", path=str(where))
            assert theme.font(theme.floor()).size(str(where))[0] > 1280 - 64  # a long path
            checker.check(f"exported, {lang}", configs=[(lang, large, (568, 320))
                                                        for large in (False, True)])  # fmt: skip
            where.unlink()
        toast = [p for key, p in checker.problems.items() if " web.app: " in key]
        assert not toast, "\n".join(toast)
    finally:
        app.set_screen(None)
        pygame.quit()


def test_a_tap_on_the_title_notice_turns_its_pages(se: App) -> None:
    """Three files set aside, named by whole paths, take more lines than the card has under
    the title's buttons at 568x320: the card shows whole sentences a page at a time, and a
    tap on it (a finger tall) turns to the next page, from the last back to the first."""
    from tests.web.test_text_fit import AUTOSAVE_ASIDE, GAMES_ASIDE, SETTINGS_ASIDE
    from web.scenes.title import TitleScene
    from web.text import i18n
    from web.ui import layout

    se.notices[:] = [SETTINGS_ASIDE, AUTOSAVE_ASIDE, GAMES_ASIDE]
    title = TitleScene(se, attract_seed=3)
    se.push(title)
    se.frame()
    pages = title.notice_pages()
    assert pages > 1
    seen = []
    for _ in range(pages):
        box = title.notice_box()
        assert box.h >= layout.touch()
        seen.append(title.notice_lines())
        click(se, *box.center)
    assert title.notice_lines() == seen[0]  # round again
    text = "".join("".join(lines) for lines in seen)
    for key, values in se.notices:
        assert "".join(i18n.t(key, **values).split()) in "".join(text.split())
    se.notices[:] = [AUTOSAVE_ASIDE]  # one page: a tap there does nothing
    title.on_enter()
    lines = title.notice_lines()
    click(se, *title.notice_box().center)
    assert title.notice_lines() == lines and se.top is title


@pytest.mark.parametrize("screen", [(568, 320), (844, 390)], ids=["568x320", "844x390"])
def test_a_tap_on_a_toast_over_buttons_puts_it_away_and_presses_none(
    data_dir: Path, screen: tuple[int, int]
) -> None:
    """A phone's full page of Last games (20 kept games) and the title leave a toast no spot
    free of buttons: "Exported: {path}" or two games set aside lay over Export, Import or the
    title's buttons, and a tap on the toast pressed the button under it, unseen. The toast is
    drawn on top, so a tap on it is its own: it puts the toast away and presses nothing; the
    next tap there is the button's. In English and Russian."""
    from functools import partial

    from tests.web.test_replay import finished_session
    from tests.web.test_text_fit import DATA_DIR, GAME_ASIDE, GAMES_ASIDE
    from web.app import App
    from web.play import last_games, saves
    from web.play.storage import FileStorage
    from web.scenes.last_games import LastGamesScene
    from web.scenes.title import TitleScene
    from web.text import i18n
    from web.ui import layout
    from web.ui.gestures import UIEvent
    from web.ui.layout import Box

    app = App(headless=True, store=FileStorage(data_dir), screen=screen)
    try:
        for seed in range(20):
            last_games.remember(app.storage, finished_session(seed, players=2 + seed % 5))
        title = TitleScene(app, attract_seed=3)
        app.push(title)
        games = LastGamesScene(app)
        app.push(games)
        assert len(games.games) == 20 and len(games.shown()) == games.rows().per_page
        pressed: list[str] = []
        covered = 0
        for scene in (games, title):
            while app.top is not scene:
                app.pop()
            for lang in ("en", "ru"):
                app.set_language(lang)
                app.frame()
                for b in scene.buttons.buttons:  # a press is only noted: nothing opens
                    b.on_tap = partial(pressed.append, b.tag)
                exported = i18n.t("exported", path=f"{DATA_DIR}/exports/strategos-20261205.json")
                for message in (exported, saves.sentences([GAME_ASIDE, GAMES_ASIDE])):
                    app.toast(message, 8.0)
                    rect = Box(*app.toast_rect())
                    under = [b for b in scene.buttons.buttons if layout.overlaps(b.box, rect)]
                    for b in under:
                        app.toast(message, 8.0)
                        x = (max(b.box.x, rect.x) + min(b.box.right, rect.right)) // 2
                        y = (max(b.box.y, rect.y) + min(b.box.bottom, rect.bottom)) // 2
                        app.dispatch(UIEvent("hold", x, y))  # no tip of what it hides
                        assert app._pinned_tip is None and app.toast_shown()
                        click(app, x, y)
                        assert not app.toast_shown() and pressed == [], (lang, b.tag, pressed)
                        click(app, x, y)
                        assert pressed == [b.tag], (lang, b.tag, pressed)
                        pressed.clear()
                    covered += len(under)
        assert covered, "no toast lay over a button: this test tests nothing"
    finally:
        app.set_screen(None)
        pygame.quit()
