"""The compact layout of a phone held sideways (844×390 CSS pixels): a map as wide as the screen,
the players, the quests and the log as drawers over it, and no interface text under 12 device
pixels. Screenshots as the phone shows them go to artifacts/screenshots/phone_*.png."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

pygame = pytest.importorskip("pygame")

from game import P_ACTION  # noqa: E402
from tests.web.apps import app_on  # noqa: E402
from tests.web.player import click, click_button, find, phone_shot  # noqa: E402
from web.play import intents, saves  # noqa: E402
from web.play.config import AI, HUMAN, MatchConfig, SeatConfig  # noqa: E402
from web.ui import layout, theme  # noqa: E402
from web.ui.layout import DRAWERS, HEIGHT, WIDTH, MatchLayout  # noqa: E402

if TYPE_CHECKING:
    from web.app import App
    from web.scenes.match import MatchScene

pytest_plugins = ["tests.web.support"]  # the client test fixtures

PHONE = (844, 390)
ART = {"web.render.tokens", "web.render.board", "web.render.mapart"}  # zoomed with the map
L = MatchLayout()


@pytest.fixture
def phone(data_dir: Path) -> Iterator[App]:
    with app_on(data_dir, PHONE) as app:
        yield app


def _turn(app: App) -> MatchScene:
    from web.scenes.title import TitleScene

    app.push(TitleScene(app))
    config = MatchConfig([SeatConfig(HUMAN)] + [SeatConfig(AI, "easy")] * 3, seed=21)
    scene = app.nav.open_match(saves.new_session(app, config))
    scene.animator.enabled = False
    for _ in range(6000):
        s = scene.session
        legal = s.legal()
        if legal and s.state.phase == P_ACTION and not s.state.draw_queue and s.state.round >= 2:
            break
        if legal:
            scene.submit(legal[0])
        app.frame()
    scene.animator.enabled = True
    app.run_frames(5)
    return scene


def _smallest(app: App) -> dict[str, int]:
    with theme.recording() as log:
        app.draw()
    out: dict[str, int] = {}
    for d in log:
        if d.caller not in ART:
            out[d.caller] = min(out.get(d.caller, 99), d.size)
    return out


def test_the_compact_layout_tiles_the_screen() -> None:
    layout.set_compact(True)
    try:
        assert L.top.w == WIDTH and L.map.w == WIDTH and L.tray.w == WIDTH
        assert L.top.bottom == L.map.y and L.map.bottom == L.tray.y and L.tray.bottom == HEIGHT
        tabs = L.drawer_tabs()
        assert len(tabs) == len(DRAWERS)
        for tab in tabs:
            assert L.map.contains(tab.x, tab.y) and tab.right <= L.map.right
            assert tab.h >= layout.MIN_TOUCH and tab.right <= L.zoom_buttons()[0].right
            assert tab.bottom < L.zoom_buttons()[0].y
        assert L.side.right < tabs[0].x and L.map.contains(L.side.x, L.side.bottom - 1)
        boxes = [*L.dice(4), *L.tray_buttons().values(), *L.action_buttons(3)]
        for a in boxes:
            assert L.tray.x <= a.x and a.right <= L.tray.right and a.bottom <= L.tray.bottom
            assert a.h >= layout.MIN_TOUCH
            for b in boxes:
                assert a is b or not layout.overlaps(a, b), (a, b)
        rows = L.player_rows(6)
        assert rows[-1].bottom <= L.side.bottom
    finally:
        layout.set_compact(False)


def test_a_phone_reads_every_drawer(phone: App, random_ai: None) -> None:
    scene = _turn(phone)
    assert phone.settings.large_text  # a phone's default
    assert scene.camera.viewport == L.map and L.map.w == WIDTH
    floor = theme.floor()
    assert floor * 390 / HEIGHT >= 12  # the floor is 12 device pixels
    for name in (None, *DRAWERS):
        if name is not None:
            click_button(phone, scene.chrome.buttons, f"drawer_{name}")
            assert scene.chrome.drawers.open == name
            assert find(scene.chrome.buttons, f"drawer_{name}").selected
        small = {k: v for k, v in _smallest(phone).items() if v < floor}
        assert not small, f"{name}: texts under {floor}px: {small}"
        phone_shot(phone, f"phone_{name or 'map'}.png", PHONE)
        if name is not None:
            click_button(phone, scene.chrome.buttons, f"drawer_{name}")  # the tab again closes it
            assert scene.chrome.drawers.open is None
    # A tap on the map beside an open drawer closes it and does nothing else.
    click_button(phone, scene.chrome.buttons, "drawer_log")
    before = scene.selection.general
    click(phone, L.map.x + 60, L.map.y + 200)
    assert scene.chrome.drawers.open is None and scene.selection.general == before


def test_a_general_chosen_on_the_phone_and_its_tray(phone: App, random_ai: None) -> None:
    from tests.web.player import shot

    scene = _turn(phone)
    state = scene.view.public
    scene.selection.die = max(state.dice)
    # One standing in a city: a general on the time track may only return (R6.2), and the
    # tray offers it no Destroy or Train.
    scene.selection.general = min(g for g in intents.actable_generals(scene.session.legal())
                                  if state.gen_city[g] >= 0)  # fmt: skip
    scene._refresh()
    for tag in ("end_turn", "hint", "undo", "destroy", "train"):
        b = find(scene.controls.tray, tag)
        assert L.tray.contains(b.box.x, b.box.y)
    small = {k: v for k, v in _smallest(phone).items() if v < theme.floor()}
    assert not small, small
    phone_shot(phone, "phone_general_chosen.png", PHONE)
    shot(phone, "phone_canvas.png")  # the canvas itself, 1280x720


def test_turning_to_a_big_screen_restores_the_desktop(phone: App, random_ai: None) -> None:
    scene = _turn(phone)
    click_button(phone, scene.chrome.buttons, "drawer_players")
    phone.set_screen(None)
    assert not layout.compact() and theme.floor() == 0
    assert scene.camera.viewport == L.map and L.side.x == WIDTH - layout.SIDE_WIDTH
    assert scene.chrome.buttons.find("drawer_players") is None  # the side panel is back
    phone.set_screen(PHONE)
    assert layout.compact() and scene.chrome.buttons.find("drawer_log") is not None


def test_city_names_on_the_phone_are_12_device_pixels(phone: App, random_ai: None) -> None:
    """The map's names too (they are drawn with the map, not the interface): at the phone's
    scale none is under 12 device pixels, and the capitals keep theirs."""
    scene = _turn(phone)
    art = scene.board_view.art
    camera = scene.camera
    for zoom in (1.0, 2.0, 3.0):
        camera.fit()
        camera.zoom_at(zoom, *camera.viewport.center)
        placed = art.labels(scene.camera)
        assert placed
        assert min(size for _box, _text, size, _face in placed.values()) * 390 / HEIGHT >= 12
    board = scene.view.public.board
    camera.fit()
    shown = {c for c, _x, _y in art._shown(camera)}
    capitals = {c for c in shown if board.nodes[c].is_capital}
    assert capitals <= set(art.labels(camera))
    phone_shot(phone, "phone_map_names.png", PHONE)


def test_a_scoring_banner_waits_for_the_phones_coin_prompt(phone: App, random_ai: None) -> None:
    """R8.1: the coin prompt fills a phone's map, so a scoring banner (a first floor won in the
    turn's earlier battle) has no room above or below it. Drawn over the prompt it hid the
    coins and took the tap meant for them; it waits now, and shows once the coin is in."""
    from game import P_COIN_ATTACKER, Action, GameState
    from game.actions import CommitCoin
    from tests.web import positions
    from tests.web.player import perform
    from web.play.session import MatchSession
    from web.scenes.match_events import Banner
    from web.scenes.title import TitleScene

    def coin(s: GameState, a: Action) -> bool:
        return s.phase == P_COIN_ATTACKER and s.active == 0

    cfg, record, action = positions.search(coin)
    assert isinstance(action, CommitCoin)
    phone.push(TitleScene(phone))
    scene = phone.nav.open_match(MatchSession(cfg, record))
    scene.animator.enabled = False
    phone.run_frames(3)
    prompt = scene.controls.prompt
    assert prompt is not None and prompt.tag == "coin"
    scene.events.banners.append(Banner("+1", "a first floor (R9.4)", 1, 0))
    phone.run_frames(600)  # ten seconds: it neither shows nor runs out
    assert scene.events.banners and scene.events.banner_box(scene) is None
    before = len(scene.session.record.actions)
    perform(phone, scene, action)
    assert scene.session.record.actions[before] == action
    assert scene.events.banner_box(scene) is not None  # the prompt gone, the banner shows


SIZES = [(844, 390), (800, 360), (568, 320), None]  # three phones held sideways, the desktop


@pytest.mark.parametrize("screen", SIZES, ids=lambda s: f"{s[0]}x{s[1]}" if s else "desktop")
def test_every_city_and_general_is_tapped_at_the_whole_map_scale(
    screen: tuple[int, int] | None, data_dir: Path, random_ai: None
) -> None:
    """At the default camera (the whole map) no control over the map takes the tap meant for a
    city or a general: neither the drawer tabs, the menu, the "?" and the zoom buttons at the
    right nor the dice. Every city of the map, and every token of a stack of one general per
    kingdom on it (the most a city can hold, R5.2), is tapped on the map where it is drawn, so
    a player never has to zoom and drag to reach one."""
    from game import PlayerView
    from tests.web.test_scenes import _match
    from web.ui.layout import Camera

    with app_on(data_dir, screen) as app:
        scene = _match(app, seed=12, players=6)
        app.run_frames(3)
        cam = Camera(L.map)
        # On a phone the opening placement turns the camera to the player's kingdom (R3.3);
        # the whole map is a tap on ⌂ away.
        click_button(app, scene.chrome.buttons, "zoom_fit")
        assert scene.camera.key() == cam.key()
        assert layout.compact() == (screen is not None)
        takers = [
            b.box for group in (scene.chrome.buttons, scene.controls.tray) for b in group.buttons
        ]
        takers += [app.help_box(), *L.dice(4), *(L.drawer_tabs() if screen else [])]
        bv = scene.board_view
        view = scene.view
        board = view.public.board

        def on_the_map(x: float, y: float) -> bool:
            free = not any(b.contains(x, y) for b in takers)
            return free and L.map.contains(x, y) and not L.tray.contains(x, y)

        for c in range(board.num_cities):
            x, y = cam.to_screen(*bv.g.pos[c])
            assert on_the_map(x, y), f"{board.nodes[c].name_en} at {x:.0f},{y:.0f}"
            assert bv.city_at(cam, x, y) == c, board.nodes[c].name_en
            state = view.public.clone()
            state.gen_city = [c if g % 4 == 0 else -1 for g in range(len(state.gen_city))]
            stacked = PlayerView(view.seat, state, view.hand_counts, ())
            tokens = bv.general_screen(cam, stacked)
            assert len(tokens) == len(board.kingdoms)
            for g, (gx, gy) in tokens.items():
                where = f"{board.nodes[c].name_en}, general {g} at {gx:.0f},{gy:.0f}"
                assert on_the_map(gx, gy), where
                assert bv.general_at(cam, stacked, gx, gy) == g, where


@pytest.mark.parametrize("screen", SIZES, ids=lambda s: f"{s[0]}x{s[1]}" if s else "desktop")
def test_the_coachs_close_button_lies_over_no_city_nor_general(
    screen: tuple[int, int] | None, data_dir: Path, random_ai: None
) -> None:
    """The coach's line lets taps through to the map, but its ✕ takes them: at 800x360 in
    Russian the kingdom pick's ✕ (R3.1) lay on Gelonus, and at every phone size the ✕ of some
    line lay on a general of a stack there. At the whole-map view, for every coach line in
    both languages and text sizes, no point of the ✕ is within a city's hit radius
    (``BoardView.city_at``) nor within a general's (``general_at``) of a stack of one general
    per kingdom (R5.2) on any city."""
    from game import PlayerView
    from tests.web.test_scenes import _match
    from web.scenes.match_chrome import coach_boxes
    from web.text import i18n
    from web.text.i18n_help import HELP_TEXT
    from web.ui.layout import Camera

    keys = sorted(k for k in HELP_TEXT if k.startswith("coach_")
                  and k not in ("coach_dismiss", "coach_off_note", "coach_setting"))  # fmt: skip
    assert "coach_pick" in keys and len(keys) >= 15
    with app_on(data_dir, screen) as app:
        scene = _match(app, seed=12, players=6)
        app.run_frames(3)
        cam = Camera(L.map)
        bv, view = scene.board_view, scene.view
        board = view.public.board
        covered: list[str] = []
        for lang in ("en", "ru"):
            app.set_language(lang)
            for large in (False, True):
                app.settings.large_text = large
                app.save_settings()
                reach = layout.hit_radius(cam.scale, cam.fit_scale)
                token_reach = bv.token_size(cam) * 0.6
                closes = {coach_boxes(scene, i18n.t(key))[1]: key for key in keys}
                for c in range(board.num_cities):
                    state = view.public.clone()
                    state.gen_city = [c if g % 4 == 0 else -1 for g in range(len(state.gen_city))]
                    stacked = PlayerView(view.seat, state, view.hand_counts, ())
                    tokens = bv.general_screen(cam, stacked).values()
                    assert len(tokens) == len(board.kingdoms)
                    city = cam.to_screen(*bv.g.pos[c])
                    for close, key in closes.items():
                        hit = [p for p, r in [(city, reach), *((t, token_reach) for t in tokens)]
                               if _distance(close, *p) < r]  # fmt: skip
                        if hit:
                            covered.append(f"{lang} large={large} {key}: {close} over "
                                           f"{board.nodes[c].name_en} {hit}")  # fmt: skip
        assert not covered, "\n".join(covered[:20])


def _distance(box: layout.Box, x: float, y: float) -> float:
    """From (x, y) to the nearest point of ``box`` (0 inside it)."""
    dx = max(box.x - x, 0.0, x - box.right)
    dy = max(box.y - y, 0.0, y - box.bottom)
    return float((dx * dx + dy * dy) ** 0.5)


@pytest.mark.parametrize("screen", SIZES, ids=lambda s: f"{s[0]}x{s[1]}" if s else "desktop")
def test_no_city_name_lies_under_a_control_over_the_map(
    screen: tuple[int, int] | None, data_dir: Path, random_ai: None
) -> None:
    """The city names are laid round the controls drawn over the map as round its tokens: at
    the whole map a phone's drawer tabs covered half of «Неаполь Скифский» (Neapolis
    Scythica), whose place left of its city was free."""
    from tests.web.test_scenes import _match
    from web.text import i18n

    with app_on(data_dir, screen) as app:
        scene = _match(app, seed=12, players=6)
        for lang in ("en", "ru"):
            app.set_language(lang)
            app.run_frames(3)
            app.draw()
            over = scene.over_map()
            assert over, "no control over the map: this test tests nothing"
            names = scene.board_view._names
            assert len(names) >= 18, len(names)  # every capital and island is named
            for img, (x, y) in names:
                box = layout.Box(x, y, img.get_width(), img.get_height())
                hidden = [b for b in over if layout.overlaps(box, b)]
                assert not hidden, (i18n.language(), box, hidden)


@pytest.mark.parametrize("screen", [(844, 390), (568, 320)], ids=["844x390", "568x320"])
def test_no_city_name_of_the_replay_lies_under_its_drawer_tabs(
    screen: tuple[int, int], data_dir: Path
) -> None:
    """The replay draws a phone's drawer tabs over the map as the match does: the names keep
    clear of them there too."""
    from tests.web.test_replay import golden_text, open_replay

    with app_on(data_dir, screen) as app:
        scene = open_replay(app, golden_text("4p_all_patches"))
        app.draw()
        over = scene.board_view.overlays
        assert any(layout.overlaps(b, t) for b in over for t in L.drawer_tabs()), over
        for img, (x, y) in scene.board_view._names:
            box = layout.Box(x, y, img.get_width(), img.get_height())
            assert not [b for b in over if layout.overlaps(box, b)], box
