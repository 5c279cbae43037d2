"""Screens that players met crowded or cut (issue 51, items 4-9): the AI's progress bar and the
winter notice, a crowded season of the time track, How to play's page 2 in Russian, Settings
and the Log drawer on phones, the lit cities' costs and the hint's chances on the smallest
phone, and what a spectator is shown. Each is checked in English and Russian, normal and
large text, on the desktop and on phones (568x320, 844x390 CSS px)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

pygame = pytest.importorskip("pygame")

from game import P_ACTION, P_PLACE, GameState  # noqa: E402
from game.actions import Move, PlaceGeneral  # noqa: E402
from tests.web import positions  # noqa: E402
from tests.web.apps import app_on  # noqa: E402
from tests.web.player import click, general_point, pick_die  # noqa: E402
from web.play.session import MatchSession  # noqa: E402
from web.render import hud  # noqa: E402
from web.render.tokens import track_badge_center  # noqa: E402
from web.text import i18n  # noqa: E402
from web.ui import layout, theme  # noqa: E402
from web.ui.layout import HEIGHT, WIDTH, Box, MatchLayout  # noqa: E402

if TYPE_CHECKING:
    from web.app import App
    from web.scenes.match import MatchScene

pytest_plugins = ["tests.web.support"]  # the client test fixtures
L = MatchLayout()
SCREENS = [None, (844, 390), (568, 320)]
LANGS = [("en", False), ("ru", False), ("en", True), ("ru", True)]


def _each_language(app: App) -> Iterator[tuple[str, bool]]:
    """The app in each of ``LANGS`` in turn, its text scale with it; English, normal text after."""
    try:
        for lang, large in LANGS:
            app.settings.large_text = large
            app.set_language(lang)
            theme.set_text_scale(app.settings.text_scale())
            yield lang, large
    finally:
        app.settings.large_text = False
        app.set_language("en")
        theme.set_text_scale(1.0)


def _state(round_index: int) -> GameState:
    state = MatchSession(positions.config(1, players=4)).state
    while state.is_terminal() or not all(k >= 0 for k in state.seat_kingdom):
        state.apply_action(state.sample_chance() if state.current_player() < 0
                           else state.legal_actions()[0])  # fmt: skip
    state.round = round_index
    return state


def _texts(lang: str, large: bool) -> None:
    i18n.set_language(lang)
    theme.set_text_scale(1.25 if large else 1.0)


# -- 4. the AI's progress in winter --------------------------------------------------------------
@pytest.mark.parametrize("screen", SCREENS)
def test_the_ai_progress_bar_keeps_off_the_winter_notice(
    data_dir: Path, screen: tuple[int, int] | None
) -> None:
    """While an AI thinks in winter its progress bar was drawn over the winter notice (R5.3)."""
    state = _state(3)  # Hiemis 264 BC
    assert state.is_winter()
    view = state.observe(0)
    with app_on(data_dir, screen) as app:
        try:
            for lang, large in LANGS:
                _texts(lang, large)
                status = i18n.t("thinking", the_kingdom="The Romans", pct=45)
                with theme.recording() as drawn:
                    bar = hud.draw_top(app.screen, view, status, 0.45, None)
                assert bar is not None and bar.w >= hud.MIN_BAR_W
                assert L.top.contains(bar.x, bar.y) and bar.bottom <= L.top.bottom
                for d in drawn:
                    if d.rect is None or d.caller != "web.render.hud":
                        continue
                    assert not d.cut, (lang, large, d.asked)
                    assert not pygame.Rect(d.rect).colliderect(bar), (lang, large, d.asked)
                if screen is None:  # the desktop says the rule on the line
                    assert i18n.t("winter_note") in [d.asked for d in drawn]
        finally:
            _texts("en", False)


# -- 5. a crowded season on the time track -------------------------------------------------------
def _disc_hits(a: tuple[float, float, float], b: tuple[float, float, float]) -> bool:
    return math.dist(a[:2], b[:2]) < a[2] + b[2] - 0.5


@pytest.mark.parametrize("screen", SCREENS)
def test_five_generals_on_one_season_are_all_seen(
    data_dir: Path, screen: tuple[int, int] | None
) -> None:
    """Five generals on one season overlapped, their levels were cut by the top bar's edge and
    a level badge hid the kingdom's letter ("R"): each token, its letter and its level stand
    clear of the others, inside the top bar."""
    with app_on(data_dir, screen):
        top = L.top
        for counts in ({6: 5}, {5: 2, 6: 5}, {2: 1, 3: 5, 4: 3}):
            boxes = [b for s in sorted(counts) for b in L.track_tokens(counts)[s]]
            bodies, badges, letters = [], [], []
            for b in boxes:
                size = b.w - 2
                cx, cy = b.center
                bodies.append((cx, cy, size / 2))
                bx, by = track_badge_center(cx, cy, size)
                badges.append((bx, by, max(6, size // 4) + 1))
                letters.append((cx, cy, size * 0.3))
                assert by + badges[-1][2] <= top.bottom - 1  # inside the bar, not cut
                assert cy + size / 2 <= top.bottom - 1
            for i, j in itertools.permutations(range(len(boxes)), 2):
                assert not _disc_hits(bodies[i], bodies[j]), (counts, i, j)
                assert not _disc_hits(badges[i], bodies[j]), (counts, i, j)
                assert not _disc_hits(badges[i], badges[j]), (counts, i, j)
            for badge, letter in zip(badges, letters, strict=True):
                assert not _disc_hits(badge, letter)  # the letter whole
            assert boxes[-1].right + 14 <= L.track_right()


# -- 9. a spectator ------------------------------------------------------------------------------
def test_a_spectator_is_not_shown_hint_or_undo(app: App, random_ai: None) -> None:
    """Every seat an AI: Hint and Undo were shown greyed; a spectator can use neither, so
    neither is shown, and H and Z say nothing."""
    from tests.web.test_scenes import _match

    scene = _match(app, seed=5, humans=0)
    assert scene.session.viewer < 0
    seen: set[str] = set()
    for _ in range(60):
        app.frame()
        seen |= {b.tag for b in scene.controls.tray.buttons}
    assert not seen & {"hint", "undo"}, seen
    for key in (pygame.K_h, pygame.K_z):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        app.frame()
        assert not app.toast_text
    assert not scene.controls.hinting
    player = _match(app, seed=6)  # with a person at the table both are there
    app.run_frames(3)
    assert {"hint", "undo"} <= {b.tag for b in player.controls.tray.buttons}


# -- 6. How to play, page 2 ----------------------------------------------------------------------
@pytest.mark.parametrize("screen", SCREENS)
def test_the_time_tracks_name_on_how_to_play_keeps_clear_of_the_menu_icon(
    data_dir: Path, screen: tuple[int, int] | None
) -> None:
    """«Шкала времени» on the picture of the screen (page 2) ran under its ☰."""
    from web.render.howto_art import ICON_R, screen_icons
    from web.scenes.how_to_play import ART, PAGES, HowToPlayScene

    with app_on(data_dir, screen) as app:
        for lang, large in _each_language(app):
            scene = HowToPlayScene(app)
            app.push(scene)
            scene.page = [name for name, _rule in PAGES].index("screen")
            with theme.recording() as drawn:
                app.draw()
            found = [d for d in drawn if d.asked == i18n.t("time_track") and d.rect]
            assert found, lang
            rect = pygame.Rect(found[0].rect)
            assert not found[0].cut, (lang, large, found[0].shown)
            top = pygame.Rect(ART.x + 20, ART.y + 20, ART.w - 40, 58)
            for cx, cy in screen_icons(Box(*top)):
                icon = pygame.Rect(cx - ICON_R, cy - ICON_R, 2 * ICON_R, 2 * ICON_R)
                assert not rect.colliderect(icon), (lang, large, rect, icon)
            assert top.contains(rect)
            app.pop()


# -- 7. Settings on the smallest phone, the Log drawer at the end ----------------------------------
@pytest.mark.parametrize("screen", SCREENS)
def test_settings_back_overlaps_no_row(data_dir: Path, screen: tuple[int, int] | None) -> None:
    """At 568x320 Back lay over «Large text: off»."""
    from web.scenes.settings import SettingsScene

    with app_on(data_dir, screen) as app:
        for lang, large in _each_language(app):
            scene = SettingsScene(app)
            app.push(scene)
            back = next(b.box for b in scene.buttons.buttons if b.tag == "back")
            others = [b.box for b in scene.buttons.buttons if b.tag != "back"]
            others += [room for _name, room in scene.labels]
            hit = [o for o in others if layout.overlaps(back, o)]
            assert not hit, (lang, large, back, hit)
            assert back.right <= WIDTH and back.bottom <= HEIGHT
            with theme.recording() as drawn:
                app.draw()
            assert not [d.asked for d in drawn if d.cut], lang
            app.pop()


def test_a_drawer_opened_at_the_end_is_above_the_summary(data_dir: Path, random_ai: None) -> None:
    """At 844x390 the Log drawer opened under the game-over summary."""
    from web.scenes.title import TitleScene

    with app_on(data_dir, (844, 390)) as app:
        cfg = positions.config(2, players=3)
        app.push(TitleScene(app))
        scene = app.nav.open_match(MatchSession(cfg, positions.played_out(cfg)))
        for _ in range(2000):
            if scene.events.summary_shown():
                break
            app.frame()
        assert scene.events.summary_shown()
        over = i18n.t("see_results")  # the summary's button
        log_tab = next(b for b in scene.chrome.buttons.buttons if b.tag == "drawer_log")
        click(app, *log_tab.box.center)
        assert scene.chrome.drawers.open == "log"
        with theme.recording() as drawn:
            app.draw()
        asked = [d.asked for d in drawn]
        assert i18n.t("log") in asked and over not in asked  # the drawer, not under the box
        side = hud.side_box(scene.chrome.drawers)
        assert side is not None
        click(app, side.x + side.w // 2, side.bottom - 20)  # a tap in the drawer is its own
        assert scene.chrome.drawers.open == "log" and app.top is scene
        scene.chrome.toggle_drawer(scene, "log")
        with theme.recording() as drawn:
            app.draw()
        assert over in [d.asked for d in drawn]  # shut, the summary is back


# -- 8. the lit cities' costs, placing a general, the hint's chances on the smallest phone ---------
def _own_turn_with_a_six(s: GameState, a: object) -> bool:
    return (s.current_player() == 0 and s.phase == P_ACTION and not s.draw_queue
            and len(s.dice) == 4 and max(s.dice) >= 5 and s.round >= 1)  # fmt: skip


def _open_at(app: App, stop: positions.Stop) -> MatchScene:
    from web.scenes.title import TitleScene

    cfg, record, _a = positions.search(stop)
    app.push(TitleScene(app))
    scene = app.nav.open_match(MatchSession(cfg, record))
    for _ in range(300):
        if scene.session.legal() and not scene.animator.busy:
            break
        app.frame()
    scene._refresh()
    return scene


def _disc_overlaps(discs: list[Box]) -> list[tuple[Box, Box]]:
    return [(a, b) for a, b in itertools.combinations(discs, 2)
            if math.dist(a.center, b.center) < (a.w + b.w) / 2 - 1]  # fmt: skip


@pytest.mark.parametrize("screen", SCREENS)
def test_lit_cities_costs_are_readable_and_apart(
    data_dir: Path, random_ai: None, screen: tuple[int, int] | None
) -> None:
    """At 568x320 the costs were about 9 CSS px and overlapped where cities crowd: at the text
    floor, each disc clear of the others and of the generals' tokens, a tap on one its city."""
    from web.render.board import cost_size

    with app_on(data_dir, screen) as app:
        scene = _open_at(app, _own_turn_with_a_six)
        legal = scene.session.legal()
        die = max(scene.view.public.dice)
        counts: dict[int, int] = {}
        for a in legal:
            if isinstance(a, Move) and a.die == die:
                counts[a.general] = counts.get(a.general, 0) + 1
        g = max(counts, key=lambda k: counts[k])  # the general with the most lit cities
        pick_die(app, scene, die)
        click(app, *general_point(app, scene, g))
        app.frame()
        marks = scene.marks()
        assert len(marks.targets) >= 10
        discs = scene.board_view.cost_discs(scene.camera, scene.view, marks)
        assert len(discs) == len(marks.targets)
        assert cost_size() >= theme.floor() and cost_size() >= theme.small(13)
        assert not _disc_overlaps(list(discs.values()))
        tokens = scene.board_view.token_boxes(scene.camera, scene.view, marks)
        covered = [c for c, d in discs.items() if any(layout.overlaps(d, t) for t in tokens)]
        assert len(covered) <= 1, covered  # a general's token hides no cost (one may be boxed in)
        # a tap on a disc moved off its city plays the move to that city
        moved = [(c, d) for c, d in discs.items()
                 if d.center != tuple(round(v) for v in scene.camera.to_screen(
                     *scene.board_view.g.pos[c]))]  # fmt: skip
        if screen == (568, 320):
            assert moved  # the crowded ones did move
        if moved:
            c, d = moved[0]
            before = len(scene.session.record.actions)
            click(app, *d.center)
            done = scene.session.record.actions[before:]
            assert done and isinstance(done[0], Move) and done[0].dest == c


def _own_placement(s: GameState, a: object) -> bool:
    return s.phase == P_PLACE and s.current_player() == 0


@pytest.mark.parametrize("screen", [(568, 320), (844, 390)])
def test_placing_a_general_on_a_phone_shows_the_own_kingdom(
    data_dir: Path, random_ai: None, screen: tuple[int, int]
) -> None:
    """Placing generals (R3.3) at 568x320 the view stayed on the whole board, centred on
    Italy: it turns to the player's kingdom, every city they may choose in sight, and the
    hint's chances ("45%") stand apart."""
    with app_on(data_dir, screen) as app:
        scene = _open_at(app, _own_placement)
        legal = scene.session.legal()
        assert legal and all(isinstance(a, PlaceGeneral) for a in legal)
        cam = scene.camera
        assert cam.scale > cam.fit_scale * 1.2  # zoomed in on the kingdom
        pos = scene.board_view.g.pos
        for a in legal:
            assert isinstance(a, PlaceGeneral) and cam.visible(*cam.to_screen(*pos[a.city])), a
        scene.controls.hints = [(a, 0.45) for a in legal[:4]]
        scene._version = ()
        scene._refresh()
        assert cam.scale > cam.fit_scale * 1.2  # the framing is once, not undone
        for zoom in ("framed", "whole"):
            tags = scene.board_view.hint_tags(cam, scene.marks())
            assert len(tags) == len(scene.controls.hints)
            boxes = list(tags.values())
            hit = [(a, b) for a, b in itertools.combinations(boxes, 2) if layout.overlaps(a, b)]
            assert not hit, (zoom, hit)
            cam.fit()
