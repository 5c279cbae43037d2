"""The replay viewer, the review inside it and the last games, headless: a replay reaches
exactly the recorded positions however it is stepped; a seat's replay draws only that seat's
view; a review runs without a frame over 25 ms; the last games keep to their count and budget
and never take the autosave's place; every text fits; screenshots go to artifacts/replay/."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

pygame = pytest.importorskip("pygame")

from ai.review import BUDGETS, Budget  # noqa: E402
from game import (  # noqa: E402
    CHANCE,
    HIDDEN_COIN,
    P_BATTLE_ROLL,
    P_COIN_DEFENDER,
    GameRecord,
    PlayerView,
    Rules,
    new_game,
)
from game.actions import CommitCoin, DrawCard  # noqa: E402
from tests.web.matches import play_a_step  # noqa: E402
from tests.web.player import ROOT, click, click_button  # noqa: E402
from tests.web.test_text_fit import broken_word  # noqa: E402
from web.play import last_games, saves  # noqa: E402
from web.play.config import AI, HUMAN, MatchConfig, SeatConfig  # noqa: E402
from web.play.session import MatchSession  # noqa: E402
from web.play.storage import FileStorage  # noqa: E402
from web.play.timeline import OPEN, SNAPSHOT_EVERY, Timeline  # noqa: E402
from web.render import battle as battle_render  # noqa: E402
from web.render import hud  # noqa: E402
from web.render.board import BoardView  # noqa: E402
from web.scenes.game_over import GameOverScene  # noqa: E402
from web.scenes.last_games import LastGamesScene  # noqa: E402
from web.scenes.replay import ReplayScene  # noqa: E402
from web.scenes.review_panel import CHANCES_BOX, Plot, ReviewPanel  # noqa: E402
from web.scenes.title import TitleScene  # noqa: E402
from web.text import describe, i18n  # noqa: E402
from web.ui import theme  # noqa: E402
from web.ui.widgets import ButtonGroup  # noqa: E402

if TYPE_CHECKING:
    from web.app import App

pytest_plugins = ["tests.web.support"]  # the client test fixtures

GOLDEN = ROOT / "tests" / "golden"
SHOTS = ROOT / "artifacts" / "replay"
# The toast is drawn by the app (web.app): it says why a review seat cannot be chosen.
MINE = {"web.scenes.replay", "web.scenes.review_panel", "web.scenes.last_games", "web.app"}


def golden_text(name: str, client: dict[str, Any] | None = None) -> str:
    data = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    if client is not None:
        data["client"] = client
    return json.dumps(data)


def golden_final(name: str) -> Any:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["final_state"]


def seats(players: int, humans: tuple[int, ...] = (0,)) -> dict[str, Any]:
    kinds = [{"kind": HUMAN if s in humans else AI, "difficulty": "easy", "kingdom": -1}
             for s in range(players)]  # fmt: skip
    return {"seats": kinds, "seed": 0, "viewer": humans[0] if humans else -1}


def open_replay(app: App, text: str, view: int | None = None) -> ReplayScene:
    if not app.scenes:
        app.push(TitleScene(app))
    scene = app.nav.replay_text(text)
    assert scene is not None
    for _ in range(400):
        app.frame()
        if scene.timeline.built and scene._prepared >= 2:
            break
    assert scene.timeline.built
    scene.start_watching(view)
    app.frame()
    return scene


def shot(app: App, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    app.draw()
    app.screenshot(str(path))
    return path


def state_json(record: GameRecord, position: int) -> str:
    return record.replay(position).to_json()


# -- the positions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["2p_base", "3p_quests_battle_dice", "4p_all_patches", "6p_coins_only"]
)
def test_a_replay_reaches_the_recorded_positions_every_way(app: App, name: str) -> None:
    scene = open_replay(app, golden_text(name), view=OPEN)
    scene.animator.enabled = False
    tl = scene.timeline
    record = tl.record
    end = tl.length
    # Forward, one action at a time, to exactly the recorded final state.
    while scene.position < end:
        scene.next_step()
    assert json.loads(tl.state_at(scene.position).to_json()) == golden_final(name)
    assert scene.view == tl.view_at(end, OPEN)
    # Backward to the start, each position as a replay from the start gives it.
    checked = 0
    while scene.position > 0:
        scene.previous_step()
        if scene.position % 5 == 0 or scene.position < SNAPSHOT_EVERY + 2:
            assert tl.state_at(scene.position).to_json() == state_json(record, scene.position)
            checked += 1
    assert scene.position == 0 and checked > end // 6
    # By turns and seasons, and jumps anywhere, both ways.
    rng = random.Random(5)
    moves: list[Callable[[], None]] = [scene.next_turn, scene.next_season, scene.previous_turn,
                                       scene.previous_season]  # fmt: skip
    for _ in range(30):
        rng.choice(moves)()
        assert tl.state_at(scene.position).to_json() == state_json(record, scene.position)
        target = rng.randrange(end + 1)
        scene.jump(target)
        assert scene.position == target
        assert scene.view.public.to_json() == tl.view_at(target, OPEN).public.to_json()
        assert tl.state_at(target).to_json() == state_json(record, target)
    scene.jump(end)
    assert json.loads(tl.state_at(end).to_json()) == golden_final(name)
    # Turns begin where the active seat changes; seasons where the round does.
    assert all(tl.actives[k] != tl.actives[k - 1] or tl.rounds[k] != tl.rounds[k - 1]
               for k in tl.turn_starts[1:])  # fmt: skip
    assert [tl.rounds[k] for k in tl.season_starts] == sorted(set(tl.rounds))


def test_the_timeline_builds_in_slices() -> None:
    record = GameRecord.from_json(golden_text("6p_coins_only"))
    tl = Timeline(record)
    slices = 0
    while not tl.build_ms(0.5):
        slices += 1
        assert 0.0 <= tl.progress() < 1.0
    assert slices > 1 and tl.is_over() and len(tl.entries) == len(record.actions)


# -- hidden information ----------------------------------------------------------------------


def _capture(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """Every view the renderers are handed, by renderer."""
    seen: list[tuple[str, Any]] = []

    def spy(name: str, original: Callable[..., Any], view_at: int) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            seen.append((name, args[view_at]))
            return original(*args, **kwargs)

        return wrapper

    for name in ("draw_top", "draw_players", "draw_hand", "draw_track_tokens"):
        monkeypatch.setattr(hud, name, spy(name, getattr(hud, name), 1))
    monkeypatch.setattr(BoardView, "draw", spy("board", BoardView.draw, 3))
    monkeypatch.setattr(battle_render, "draw_battle", spy("battle", battle_render.draw_battle, 1))
    return seen


def test_a_seat_replay_shows_only_that_seats_view(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _capture(monkeypatch)
    scene = open_replay(app, golden_text("4p_all_patches", seats(4, (1,))), view=1)
    assert scene.seat == 1
    monkeypatch.setattr(scene, "_draw_open_hands", lambda *a: pytest.fail("hands drawn open"))
    tl = scene.timeline
    secrets_checked = coins_checked = 0
    seen.clear()
    while scene.position < tl.length:
        scene.next_step()
        for _ in range(3):  # the step's animation, the battle panel among them
            app.frame()
        app.draw()
        truth = tl.state_at(scene.position)
        expected = truth.observe(1).to_dict()
        for name, view in seen:
            assert isinstance(view, PlayerView), name
            assert view.seat == 1, name
            assert view.to_dict() == expected, name
            public = view.public
            assert public.decks == [(), ()]
            assert all(public.hands[s] == () for s in range(4) if s != 1)
            secrets_checked += sum(1 for s in range(4) if s != 1 and truth.hands[s])
            committed = truth.coin_attacker >= 0 and truth.active != 1
            if truth.phase in (P_COIN_DEFENDER, P_BATTLE_ROLL) and committed:
                assert public.coin_attacker == HIDDEN_COIN
                coins_checked += 1
        seen.clear()
    assert secrets_checked > 100 and coins_checked > 0
    # The log says what seat 1 saw, as the match did (the kingdom first): another seat's card
    # and coin stay unnamed.
    for entry in tl.entries:
        text = " ".join(scene._log_lines(entry, 12, 1000))
        who = f"{scene.kingdom_name(entry.subject)}: "
        if isinstance(entry.action, DrawCard) and entry.drawer != 1:
            assert text == who + i18n.t("log_draw")
        if isinstance(entry.action, CommitCoin) and entry.actor != 1:
            assert text == who + i18n.t("log_coin")


def test_an_unfinished_game_is_never_shown_open(app: App) -> None:
    data = json.loads(golden_text("4p_all_patches", seats(4, (2,))))
    data["actions"] = data["actions"][:150]
    scene = open_replay(app, json.dumps(data))
    assert not scene.timeline.is_over()
    assert scene.allowed_seats() == [2]
    assert scene.seat == 2
    scene.choose_view_again()
    assert scene.chooser.find(f"view{OPEN}") is None and scene.chooser.find("view0") is None
    scene.start_watching(OPEN)
    assert scene.seat == 2 and scene.view.seat == 2
    with pytest.raises(ValueError):
        scene.timeline.view_at(10, OPEN)


def test_an_unfinished_game_reviews_only_the_persons_own_decisions(app: App) -> None:
    """R11: a review prints what a seat preferred and played, its coins included; while the
    game goes on, an AI seat's would show the person what they may not see."""
    data = json.loads(golden_text("4p_all_patches", seats(4, (2,))))
    data["actions"] = data["actions"][:150]
    scene = open_replay(app, json.dumps(data))
    scene.open_review()
    buttons = scene.panel.buttons
    for seat in (0, 1, 3):
        button = buttons.find(f"review_seat{seat}")
        assert button is not None and not button.enabled and not button.selected
    own = buttons.find("review_seat2")
    assert own is not None and own.enabled
    scene.panel.start(seats=[0, 1, 3], budget="quick")
    assert scene.panel.review is None  # nothing of the AI seats is searched
    scene.panel.start(seats=[0, 2], budget="quick")
    assert scene.panel.review is not None and scene.panel.review.seats == [2]


def test_open_view_shows_every_hand_once_over(app: App) -> None:
    scene = open_replay(app, golden_text("4p_all_patches", seats(4, (0,))), view=OPEN)
    tl = scene.timeline
    k = next(k for k in range(tl.length) if sum(len(h) for h in tl.state_at(k).hands) >= 8)
    scene.jump(k)
    assert [len(h) for h in scene.view.public.hands] == [len(h) for h in tl.state_at(k).hands]
    shot(app, "replay_open.png")


# -- the review in the replay, and its frames ------------------------------------------------

# The review's budget where only its screens are under test: a few iterations a decision still
# find turning points and every class of decision, and review a six-seat game in a second where
# ``fast_review``'s took several (the screens are drawn in twelve settings).
SCREEN_BUDGET = Budget(8, 4, 0.02)


@pytest.fixture
def fast_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small search budget: the review's slices and pace are under test, not the search's
    strength (enough iterations that a review takes more than a hundred frames)."""
    monkeypatch.setitem(BUDGETS, "quick", Budget(40, 20, 0.02))


@pytest.fixture
def screen_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review at ``SCREEN_BUDGET``: what it shows is under test, not how it slices."""
    monkeypatch.setitem(BUDGETS, "quick", SCREEN_BUDGET)


def test_a_review_runs_a_slice_a_frame_while_the_replay_plays(app: App, fast_review: None) -> None:
    """The review never takes a frame whole: it advances over many frames while the replay
    keeps playing, at a small budget (a slice is a slice at any budget). (The frame times are
    the bench's to judge: ``lab.client_bench --review``; this writes what it saw as an
    artefact.)"""
    scene = open_replay(app, golden_text("2p_base", seats(2, (0,))), view=0)
    scene.panel.chosen = {0}
    scene.panel.start(budget="quick")
    scene.toggle_play()
    scene.speed = 3  # four times as fast: many steps, animations and seasons in the run
    app.frame_ms.clear()
    app.busy_frame_ms.clear()
    advanced = 0
    moved = 0
    for _ in range(20_000):
        review = scene.panel.review
        before = review.progress() if review is not None else 0.0
        position = scene.position
        app.frame()
        review = scene.panel.review
        if review is not None and review.progress() > before:
            advanced += 1
            moved += scene.position != position
        if scene.panel.finished:
            break
        if not scene.playing:
            scene.jump(0)
            scene.toggle_play()
    assert scene.panel.finished and scene.panel.review is not None
    review = scene.panel.review
    frames = app.busy_frame_ms
    report = {
        "frames": len(frames),
        "max_ms": round(max(frames), 2),
        "mean_ms": round(sum(frames) / len(frames), 2),
        "over_25ms": sum(1 for ms in frames if ms > 25.0),
        "review_seconds": round(review.elapsed, 1),
        "decisions": len(review.decisions),
        "longest_slice_ms": round(review.longest_slice_ms, 2),
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "review_frame_times.json").write_text(json.dumps(report, indent=2))
    print("\nframes while a review runs:", json.dumps(report))
    assert advanced > 100 and moved > 10, (advanced, moved)


def test_the_review_tells_the_time_left_from_its_measured_pace(app: App, fast_review: None) -> None:
    """Issue 50, item 4: the running review's line tells the time left once a decision has
    been searched (a pace measured, not assumed), and the next dialog's estimate is told from
    the pace the review measured on this device rather than from ``Budget.seconds``."""
    from web.scenes import review_panel

    scene = open_replay(app, golden_text("2p_base", seats(2, (0,))), view=0)
    panel = scene.panel
    panel.chosen = {0}
    assumed = panel.seconds("quick")
    panel.start(budget="quick")
    review = panel.review
    assert review is not None
    told = False
    while not panel.step(20.0):
        if review.pace.per_unit() is not None:
            left = review.seconds_left()
            assert left is not None
            pct = round(review.progress() * 100)
            expected = i18n.t("rv_running", pct=pct, left=review_panel._duration(left))
            assert panel.status_text() == expected
            told = True
    assert told and review_panel.MEASURED.per_unit == review.pace.per_unit()
    decisions = scene.timeline.decisions_of([0])
    measured = panel.seconds("quick")
    assert measured == pytest.approx(BUDGETS["quick"].estimate(decisions, review.pace.per_unit()))
    assert measured != pytest.approx(assumed)


def test_the_review_chart_marks_turning_points_that_open_them(
    app: App, screen_review: None
) -> None:
    scene = open_replay(app, golden_text("4p_all_patches", seats(4, (0,))), view=0)
    click_button(app, scene.buttons, "review")
    assert scene.panel.dialog_open
    shot(app, "review_dialog.png")
    click_button(app, scene.panel.buttons, "review_start")
    for _ in range(20_000):
        app.frame()
        if scene.panel.finished:
            break
    assert scene.panel.finished and scene.charts, "the charts open when the review is done"
    points = scene.panel.turning_points()
    assert points, "a random player's game has drops of its chance"
    # Issue 50, item 2: every turning point shown is a drop of the reviewed seat's chance.
    assert all(w.seat == 0 and w.amount <= -0.01 for w in points)
    app.frame()
    shot(app, "review_chart.png")
    # A turning point in the list opens the board before that decision, with its line.
    box, position = scene.panel.turning_boxes[0]
    click(app, *box.center)
    assert not scene.charts and scene.position == position == points[0].position
    assert scene.banner_lines()
    shot(app, "turning_point.png")
    # At a decision of its own, the better action is an arrow on the board, and in words.
    decision = next((w for w in points if w.decision is not None), None)
    if decision is not None and decision.decision is not None:
        scene.jump(decision.position)
        best = decision.decision.best
        if getattr(best, "dest", getattr(best, "city", -1)) >= 0:
            assert any(text == "★" for _src, _dest, text in scene.marks().hints)
        assert describe.action_text(scene.board, best) in " ".join(scene.banner_lines())
    # Its mark on the chance chart does too.
    scene.toggle_charts()
    app.frame()
    _number, x, y, target = scene.panel.marks()[-1]
    px, py = Plot(CHANCES_BOX).point(x, y, 1.0)
    click(app, px, py)
    assert scene.position == target
    # A tap on the chart's curve goes to that turn.
    scene.toggle_charts()
    app.frame()
    area = Plot(CHANCES_BOX).area
    click(app, area.x + area.w * 0.5, area.centery)
    assert not scene.charts and scene.timeline.rounds[scene.position] in (7, 8)


def test_a_tap_on_marks_in_one_spot_opens_the_one_drawn_on_top(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two decisions of one turn put their marks on the same spot of the chance chart: the tap
    goes to the one the player sees (drawn last), and a nearer mark beats a farther one."""
    scene = open_replay(app, golden_text("4p_all_patches"), view=0)
    panel = scene.panel
    marks = [(1, 0.5, 0.5, 338), (2, 0.5, 0.5, 339), (3, 0.52, 0.5, 400)]
    monkeypatch.setattr(panel, "marks", lambda: marks)
    plot = Plot(CHANCES_BOX)
    assert panel.overlay_tap(*plot.point(0.5, 0.5, 1.0), [0, 1, 2, 3]) == 339
    assert panel.overlay_tap(*plot.point(0.52, 0.5, 1.0), [0, 1, 2, 3]) == 400


def _reviewed(app: App) -> ReplayScene:
    """A six-seat game's replay, everything open, with two seats reviewed (at once, not a
    slice a frame: the screens are under test)."""
    scene = open_replay(app, golden_text("6p_coins_only", seats(6, (0, 3))), view=OPEN)
    scene.panel.start(seats=[0, 3], budget="quick")
    while not scene.panel.step(1000.0):
        pass
    app.frame()
    assert scene.panel.turning_points()
    return scene


def test_the_review_column_scrolls_by_a_finger_and_the_wheel(app: App, fast_review: None) -> None:
    """On a phone the seats' paragraphs fill the column right of the charts and the turning
    points were left off under them. The column scrolls now: a drag begun on it (a finger has
    no wheel) and the wheel over it move its text, no further than its ends, and a turning
    point brought into view opens the board there like any other."""
    from tests.web.player import drag, wheel
    from web.scenes.review_panel import COLUMN

    app.set_screen((844, 390))
    try:
        scene = _reviewed(app)
        scene.charts = True
        app.draw()
        panel = scene.panel
        points = panel.turning_points()
        last = points[-1].position
        assert panel.column_h > panel.column_view().h, "six kingdoms' legend, two paragraphs"
        assert last not in [position for _box, position in panel.turning_boxes]
        x = COLUMN.center[0]
        drag(app, x, COLUMN.bottom - 20, x, COLUMN.y + 20)
        assert panel.scroll == pytest.approx(COLUMN.h - 40)
        wheel(app, x, COLUMN.center[1], -1)
        assert panel.scroll > COLUMN.h - 40
        for _ in range(100):
            wheel(app, x, COLUMN.center[1], -5)
        end = panel.column_h - panel.column_view().h
        assert panel.scroll == end, "no further than its end"
        app.draw()
        box = next(b for b, p in panel.turning_boxes if p == last)
        click(app, *box.center)
        assert not scene.charts and scene.position == last
        # Back to the charts, the column is where it was left: the next point is at hand.
        scene.toggle_charts()
        app.draw()
        assert panel.scroll == end
        drag(app, x, COLUMN.y + 20, x, COLUMN.bottom + 400)
        assert panel.scroll == 0.0, "no further than its top"
    finally:
        app.set_screen(None)


def test_the_turning_points_banner_keeps_clear_of_the_buttons(app: App, fast_review: None) -> None:
    """The banner of a turning point at the top of the map ran under the phone's right column
    of buttons (close, "?", the drawer tabs), its words hidden there. Its lines stop before
    them now, wrapping onto more lines: in English and Russian, normal and large text, on the
    desktop and at 844x390, every word of the longest line is drawn and no line's text lies
    over a button."""
    from tests.web.test_text_fit import Checker
    from web.scenes.replay import banner_box

    scene = _reviewed(app)
    panel = scene.panel
    longest = max(panel.turning_points(), key=lambda w: len(panel.line(scene.board, w)))
    scene.jump(longest.position)
    checker = Checker(app)
    try:
        for lang in ("en", "ru"):
            for large in (False, True):
                for screen in (None, (844, 390)):
                    checker.configure(lang, large, screen)
                    where = (lang, large, screen)
                    lines = scene.banner_lines()
                    assert " ".join(lines) == " ".join(panel.line(scene.board, longest).split())
                    with theme.recording() as drawn:
                        app.draw()
                    texts = [pygame.Rect(d.rect) for d in drawn
                             if d.caller == "web.scenes.replay" and d.asked in lines
                             and d.rect is not None and not d.cut]  # fmt: skip
                    assert len(texts) == len(lines), where
                    buttons = [b.box for g in (scene.top, scene.buttons) for b in g.buttons]
                    for box in [*buttons, app.help_box()]:
                        button = pygame.Rect(box.tuple())
                        assert not pygame.Rect(banner_box(len(lines)).tuple()).colliderect(
                            button
                        ), (where, box)
                        for text in texts:
                            assert not text.colliderect(button), (where, text, box)
    finally:
        checker.configure("en", False, None)


def test_a_toast_is_said_in_the_language_the_player_switches_to(
    app: App, fast_review: None
) -> None:
    """ "Review done" stayed in English when the player switched to Russian while it showed: a
    toast keeps its key and values now, and each frame says it in the current language."""
    scene = open_replay(app, golden_text("2p_base", seats(2, (0,))), view=0)
    scene.panel.start(seats=[0], budget="quick")
    while not scene.panel.step(1000.0):
        pass
    count = len(scene.panel.turning_points())
    english = i18n.t("rv_done", n=count)
    assert app.toast_shown() and app.toast_text == english
    app.set_language("ru")
    try:
        russian = i18n.t("rv_done", n=count)
        assert russian != english and app.toast_text == russian
        with theme.recording() as drawn:
            app.draw()
        said = [d.asked for d in drawn if d.caller == "web.app"]
        assert russian in said and english not in said
    finally:
        app.set_language("en")


def test_a_review_can_be_stopped(app: App) -> None:
    scene = open_replay(app, golden_text("4p_all_patches"), view=0)
    scene.panel.start(seats=[0, 1, 2, 3], budget="thorough")
    for _ in range(30):
        app.frame()
    assert scene.panel.running
    app.frame()
    click_button(app, scene.panel.stop_button, "review_stop")
    assert not scene.panel.running and scene.panel.review is not None
    assert scene.panel.review.cancelled


def test_the_budget_picked_in_the_dialog_is_the_next_reviews_default(app: App) -> None:
    assert app.settings.review_budget == "quick"  # a first review is the short one
    scene = open_replay(app, golden_text("2p_base", seats(2, (0,))), view=0)
    scene.open_review()
    quick = scene.panel.buttons.find("review_quick")
    assert quick is not None and quick.selected
    click_button(app, scene.panel.buttons, "review_thorough")
    assert scene.panel.review is None  # picked, not started
    stored = json.loads(app.storage.read("settings") or "{}")
    assert stored["review_budget"] == "thorough"
    # The next start of the client reads it back, and the dialog offers it.
    app.settings = app._load_settings()
    assert app.settings.review_budget == "thorough"
    scene.close()
    again = open_replay(app, golden_text("2p_base", seats(2, (0,))), view=0)
    again.open_review()
    thorough = again.panel.buttons.find("review_thorough")
    assert again.panel.budget == "thorough" and thorough is not None and thorough.selected


# -- the last games --------------------------------------------------------------------------


def finished_session(seed: int, players: int = 2, rules: Rules | None = None) -> MatchSession:
    """A whole game of random moves, as the match would hold it at its end."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules or Rules())
    record = GameRecord.for_state(state)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        record.append(action)
    config = MatchConfig([SeatConfig(HUMAN)] + [SeatConfig(AI, "easy")] * (players - 1),
                         record.rules, seed)  # fmt: skip
    return MatchSession(config, record)


def finished_where(players: int, wanted: Callable[[MatchSession], bool]) -> MatchSession:
    """The first of ``finished_session``'s seeded games of ``players`` that ends as ``wanted``
    (a victory shared by all, a tie on points): found on the board new games are played on,
    whichever that is, not pinned to a seed that reached it on one board."""
    for seed in range(500):
        session = finished_session(seed, players)
        if wanted(session):
            return session
    raise AssertionError(f"no game of {players} random players in 500 seeds ends as wanted")


class QuotaStorage(FileStorage):
    """Files with a browser's limit: a write past ``quota`` characters in all is refused."""

    def __init__(self, directory: Path, quota: int) -> None:
        super().__init__(directory)
        self.quota = quota

    def used(self, but: str = "") -> int:
        return sum(len(p.read_text(encoding="utf-8")) for p in self.dir.glob("*.json")
                   if p.stem != but)  # fmt: skip

    def write(self, key: str, text: str) -> bool:
        if self.dir.exists() and self.used(but=key) + len(text) > self.quota:
            return False
        return super().write(key, text)


def test_the_last_20_games_are_kept_newest_first(tmp_path: Path) -> None:
    store = FileStorage(tmp_path)
    store.write("autosave", "the player's game")
    sessions = [finished_session(seed) for seed in range(24)]
    for session in sessions:
        assert last_games.remember(store, session) is not None
    kept = last_games.entries(store)
    assert len(kept) == last_games.KEEP
    assert [g.digest for g in kept] == [
        last_games._digest(json.loads(s.save_text())) for s in reversed(sessions[4:])
    ]
    assert len(list(tmp_path.glob("last-game-*.json"))) == last_games.KEEP
    assert store.read("autosave") == "the player's game"
    # The same game again is one entry, now the newest.
    again = last_games.remember(store, sessions[10])
    assert again is not None and last_games.entries(store)[0] == again
    assert len(last_games.entries(store)) == last_games.KEEP
    # Each reads back as the save it was.
    text = last_games.load(store, again)
    assert text is not None and MatchSession.from_save(text).is_over()
    # A lost index is rebuilt from the games themselves.
    store.write(last_games.INDEX_KEY, "{not json")
    assert len(last_games.entries(store)) == last_games.KEEP


@pytest.mark.parametrize(
    "bad",
    [
        {"kingdoms": [99, 1]},
        {"kingdoms": ["x", 1]},
        {"kingdoms": [0]},
        {"saved": 5},
        {"winners": [0.5]},
        {"winners": [{"a": 1}]},
        {"winners": [7]},
        {"humans": 5},
        {"players": "many"},
        {"rounds": None},
        # Numbers and texts of a kind the summary holds, but no game's: drawn, they ran out
        # of their boxes.
        {"rounds": 10**300},
        {"rounds": 0},
        {"saved": "9" * 300},
        {"saved": "2025-03-01 18:04 and on"},
        {"digest": "x" * 300},
        {"actions": 10**300},
        {"size": 10**300},
        {"winners": [0] * 300},
    ],
    ids=lambda bad: repr(bad)[:40],
)
def test_a_damaged_index_row_is_rebuilt_from_the_games_and_the_screen_draws(
    app: App, bad: dict[str, Any]
) -> None:
    store = app.storage
    kept = last_games.remember(store, finished_session(3))
    assert kept is not None
    row = {**asdict(kept), **bad}
    store.write(last_games.INDEX_KEY, json.dumps([row]))
    app.push(TitleScene(app))
    app.push(LastGamesScene(app))
    app.frame()  # the screen draws the rows: each number is a kingdom or a seat it can show
    assert last_games.entries(store) == [kept]  # the game's own summary, not the bad row


def test_a_game_whose_own_summary_is_damaged_is_kept_with_its_summary_made_again(
    tmp_path: Path,
) -> None:
    """Index and slot summary both damaged: the finished game in the slot still loads, so it
    stays listed (its summary made from the game again); a slot that holds no game that
    loads leaves the list, its file kept aside (never deleted) and the player told."""
    store = FileStorage(tmp_path)
    kept = last_games.remember(store, finished_session(3))
    assert kept is not None
    slot = json.loads(store.read(kept.key) or "")
    slot["last_game"]["kingdoms"] = [99, 1]
    store.write(kept.key, json.dumps(slot))
    junk = '{"players": 2, "junk": true}'
    store.write(f"{last_games.SLOT_PREFIX}5", junk)
    store.write(last_games.INDEX_KEY, "[{}]")
    notices: list[last_games.Notice] = []
    again = last_games.entries(store, notices)
    assert [(g.slot, g.kingdoms, g.winners, g.digest) for g in again] == [
        (kept.slot, kept.kingdoms, kept.winners, kept.digest)
    ]
    assert json.loads(store.read(kept.key) or "")["last_game"]["kingdoms"] == kept.kingdoms
    assert not store.exists(f"{last_games.SLOT_PREFIX}5")
    (aside,) = tmp_path.glob("last-game-5.corrupt-*.json")
    assert aside.read_text(encoding="utf-8") == junk
    assert notices == [("lg_set_aside", {"name": str(aside)})]
    # Several at once are told in one sentence, naming the first.
    for n in (6, 7):
        store.write(f"{last_games.SLOT_PREFIX}{n}", junk)
    store.delete(last_games.INDEX_KEY)
    notices.clear()
    assert last_games.entries(store, notices) == again
    assert len(list(tmp_path.glob("last-game-*.corrupt-*.json"))) == 3
    assert [(key, values["n"]) for key, values in notices] == [("lg_set_aside_many", "2")]


def test_a_kept_game_that_cannot_be_set_aside_stays_and_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder that refuses the rename: the file stays where it is, off the list, and the
    next finished game takes another slot rather than its place."""
    store = FileStorage(tmp_path)
    monkeypatch.setattr(store, "keep_aside", lambda key: None)
    store.write(f"{last_games.SLOT_PREFIX}0", "not a game")
    notices: list[last_games.Notice] = []
    kept = last_games.remember(store, finished_session(3), notices)
    assert notices == [("lg_stuck", {"name": f"{last_games.SLOT_PREFIX}0"})]
    assert kept is not None and kept.slot != 0
    assert store.read(f"{last_games.SLOT_PREFIX}0") == "not a game"
    assert last_games.entries(store) == [kept]


def _newest_kept_game_damaged(
    app: App, data_dir: Path, content: bytes
) -> tuple[LastGamesScene, last_games.LastGame, last_games.LastGame]:
    """Last games open on two kept games, the newer's file replaced by ``content``: the
    screen, the older and the newer."""
    store = app.storage
    older = last_games.remember(store, finished_session(4))
    newer = last_games.remember(store, finished_session(3))
    assert older is not None and newer is not None
    (data_dir / f"{newer.key}.json").write_bytes(content)
    app.push(TitleScene(app))
    app.nav.open_last_games()
    scene = app.top
    assert isinstance(scene, LastGamesScene) and scene.games == [newer, older]
    return scene, older, newer


@pytest.mark.parametrize("content", [b"{cut short", bytes(range(128, 256))], ids=["json", "bytes"])
def test_watch_on_a_kept_game_that_no_longer_loads_sets_it_aside_and_says_so(
    app: App, data_dir: Path, content: bytes
) -> None:
    scene, older, newer = _newest_kept_game_damaged(app, data_dir, content)
    store = app.storage
    click_button(app, scene.buttons, "watch0")
    assert app.top is scene and scene.games == [older]  # the screen goes on, without it
    (aside,) = data_dir.glob(f"{newer.key}.corrupt-*.json")
    assert aside.read_bytes() == content and not (data_dir / f"{newer.key}.json").exists()
    assert app.toast_text == i18n.t("lg_set_aside", name=str(aside))
    app.frame()
    # A game listed whose file is gone is only taken off the list.
    (data_dir / f"{older.key}.json").unlink()
    click_button(app, scene.buttons, "watch0")
    assert scene.games == [] and app.toast_text == i18n.t("lg_gone")
    assert last_games.entries(store) == []
    assert aside.read_bytes() == content
    # One found as the list is rebuilt (the index lost) is told on this screen and the title.
    (data_dir / f"{older.key}.json").write_bytes(content)
    (data_dir / f"{last_games.INDEX_KEY}.json").unlink()
    scene.on_enter()
    (second,) = data_dir.glob(f"{older.key}.corrupt-*.json")
    assert app.toast_text == saves.notice(app) == i18n.t("lg_set_aside", name=str(second))


@pytest.mark.parametrize("content", [b"{cut short", bytes(range(128, 256))], ids=["json", "bytes"])
def test_export_of_a_kept_game_that_no_longer_loads_sets_it_aside_as_watch_does(
    app: App, data_dir: Path, content: bytes
) -> None:
    """Export wrote a damaged kept game out as if it were one (or, its file gone, only said
    so), and left it listed; Watch sets it aside and takes it off the list. Export does the
    same now: nothing is exported, the file is kept aside and the player told where."""
    scene, older, newer = _newest_kept_game_damaged(app, data_dir, content)
    store = app.storage
    click_button(app, scene.buttons, "export0")
    assert not list(data_dir.glob("exports/*.json"))
    assert app.top is scene and scene.games == [older]
    (aside,) = data_dir.glob(f"{newer.key}.corrupt-*.json")
    assert aside.read_bytes() == content and not (data_dir / f"{newer.key}.json").exists()
    assert app.toast_text == i18n.t("lg_set_aside", name=str(aside))
    assert last_games.entries(store) == [older]
    app.frame()
    (data_dir / f"{older.key}.json").unlink()
    click_button(app, scene.buttons, "export0")
    assert scene.games == [] and app.toast_text == i18n.t("lg_gone")
    assert last_games.entries(store) == []


def test_the_games_keep_within_their_budget_and_never_push_out_the_autosave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sessions = [finished_session(seed, players=3) for seed in range(8)]
    size = max(len(s.save_text()) for s in sessions) + 400
    monkeypatch.setattr(last_games, "BUDGET", 3 * size)
    store = FileStorage(tmp_path / "budget")
    for session in sessions:
        last_games.remember(store, session)
    assert 1 <= len(last_games.entries(store)) <= 3
    assert sum(g.size for g in last_games.entries(store)) <= 3 * size
    # A full browser storage: older games make room, the autosave stays.
    autosave = "x" * 5000
    tight = QuotaStorage(tmp_path / "quota", quota=len(autosave) + 4 * size)
    tight.write("autosave", autosave)
    monkeypatch.setattr(last_games, "BUDGET", 100 * size)
    for session in sessions:
        assert last_games.remember(tight, session) is not None
        assert tight.read("autosave") == autosave
    assert 1 <= len(last_games.entries(tight)) < len(sessions)
    # No room at all: the game is not kept, and nothing of the player's goes.
    full = QuotaStorage(tmp_path / "full", quota=len(autosave) + 100)
    full.write("autosave", autosave)
    assert last_games.remember(full, sessions[0]) is None
    assert full.read("autosave") == autosave and last_games.entries(full) == []


def test_a_full_storage_drops_the_oldest_kept_games_for_the_autosave(
    app: App, data_dir: Path, random_ai: None, caplog: pytest.LogCaptureFixture
) -> None:
    store = QuotaStorage(data_dir, quota=10**9)
    app.storage = store
    for seed in range(3):
        assert last_games.remember(store, finished_session(seed)) is not None
    kept = last_games.entries(store)  # newest first
    session = saves.new_session(app, MatchConfig([SeatConfig(HUMAN), SeatConfig(AI, "easy")],
                                                 seed=21))  # fmt: skip

    def play_until_the_save_grows() -> str:
        before = session.save_text()
        while session.save_text() == before:
            play_a_step(session)
        return before

    play_until_the_save_grows()
    assert store.read(saves.AUTOSAVE) == session.save_text()
    # Full to the last character: the next autosave needs the oldest kept game's room.
    store.quota = store.used()
    with caplog.at_level("WARNING", logger="strategos.saves"):
        play_until_the_save_grows()
    assert store.read(saves.AUTOSAVE) == session.save_text()
    assert last_games.entries(store) == kept[:2]
    assert kept[2].key in caplog.text
    assert all(game.key not in caplog.text for game in kept[:2])
    assert not app.autosave_failing and app.toast_text != i18n.t("autosave_failed")
    # Room for the autosave as it is and no more: every kept game goes, and when even that
    # is not enough, the save stored before stays, and the player is told.
    store.quota = len(store.read(saves.AUTOSAVE) or "")
    caplog.clear()
    with caplog.at_level("WARNING", logger="strategos.saves"):
        saved = play_until_the_save_grows()
    assert last_games.entries(store) == []
    assert all(game.key in caplog.text for game in kept[:2])
    assert store.read(saves.AUTOSAVE) == saved
    assert app.autosave_failing and app.toast_text == i18n.t("autosave_failed")


def test_a_finished_game_joins_the_list_and_opens_in_the_replay(app: App, data_dir: Path) -> None:
    app.push(TitleScene(app))
    title = app.top
    assert isinstance(title, TitleScene) and title.buttons.find("last_games") is not None
    session = finished_session(3)
    app.nav.open_game_over(session)
    over = app.top
    assert isinstance(over, GameOverScene)
    assert len(last_games.entries(app.storage)) == 1
    click_button(app, over.buttons, "replay")
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.timeline.record.actions == session.record.actions
    app.pop()
    app.nav.open_title()
    click_button(app, title.buttons, "last_games")
    scene = app.top
    assert isinstance(scene, LastGamesScene) and len(scene.games) == 1
    shot(app, "last_games.png")
    click_button(app, scene.buttons, "export0")
    exported = list((data_dir / "exports").glob("*.json"))
    assert len(exported) == 1
    click_button(app, scene.buttons, "watch0")
    assert isinstance(app.top, ReplayScene)
    app.pop()
    # A file from outside: refused in words, or watched (and kept, once over).
    bad = data_dir / "bad.json"
    bad.write_text('{"format": "strategos-record", "version": 1, "players": 9}')
    app.nav.replay_file(str(bad))
    shown: object = app.top
    assert shown is scene and app.toast_text
    other = data_dir / "other.json"
    other.write_text(golden_text("2p_base"))
    app.nav.replay_file(str(other))
    assert isinstance(app.top, ReplayScene)
    assert len(last_games.entries(app.storage)) == 2


# -- texts, fingers, screenshots -------------------------------------------------------------


def _screens(app: App) -> Iterator[str]:
    """The replay's screens in turn; each yields once it is on show."""
    app.scenes.clear()
    app.push(TitleScene(app))
    last_games.remember(app.storage, finished_session(4, players=6))
    scene = app.nav.replay_text(golden_text("6p_coins_only", seats(6, (0, 3))))
    assert scene is not None
    for _ in range(400):
        app.frame()
        if scene.timeline.built and scene._prepared >= 2:
            break
    yield "chooser"
    scene.start_watching(0)
    scene.jump(scene.timeline.length // 2)
    yield "seat"
    if scene.buttons.find("drawer_log") is not None:
        scene.toggle_drawer("log")
        yield "log drawer"
        scene.toggle_drawer("log")
    scene.start_watching(OPEN)
    yield "open"
    scene.open_review()
    yield "dialog"
    scene.panel.close_dialog()
    scene.panel.start(seats=[0], budget="quick")
    app.frame()
    assert scene.panel.running
    yield "a review running"
    scene.charts = True
    yield "charts, a review running"
    # The rest of the review at once, not a slice a frame (that is the test above's): each
    # frame drew the screen again, the most of this test's time.
    while not scene.panel.step(1000.0):
        pass
    app.frame()
    assert scene.panel.finished
    scene.charts = True
    yield "charts"
    points = scene.panel.turning_points()
    if points:
        scene.charts = False
        scene.jump(points[0].position)
        yield "turning"
    app.pop()
    unfinished = json.loads(golden_text("6p_coins_only", seats(6, (0, 3))))
    unfinished["actions"] = unfinished["actions"][:150]
    scene = app.nav.replay_text(json.dumps(unfinished))
    assert scene is not None
    for _ in range(400):
        app.frame()
        if scene.timeline.built and scene._prepared >= 2:
            break
    scene.start_watching(0)
    scene.open_review()
    hidden = scene.panel.buttons.find("review_seat1")
    assert hidden is not None and not hidden.enabled and hidden.on_refused is not None
    hidden.on_refused()  # a tap on another seat's decisions: the toast says why not
    assert app.toast_text == i18n.t("rv_seat_hidden")
    yield "review of a game not over"
    app.pop()
    app.nav.open_last_games()
    yield "last games"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("screen", [None, (844, 390), (800, 360)], ids=["desktop", "844", "800"])
def test_every_text_fits_and_every_button_is_a_finger_wide(
    app: App, screen_review: None, lang: str, large: bool, screen: tuple[int, int] | None
) -> None:
    """Every text whole (nothing cut, no word broken over two lines) and every button a finger
    wide, on the desktop and on phones held sideways (the compact layout, its drawers and its
    text floor: 23 canvas px at 844x390, 24 at 800x360)."""
    from web.ui.layout import MIN_TOUCH

    phone = screen is not None
    app.settings.large_text = large
    theme.set_text_scale(app.settings.text_scale())
    app.set_language(lang)
    app.set_screen(screen)
    try:
        for where in _screens(app):
            with theme.recording() as drawn:
                app.draw()
            cut = [d.asked for d in drawn if d.cut and d.caller in MINE]
            assert cut == [], (where, cut)
            broken = [d.shown for d in drawn if d.caller in MINE and broken_word(d)]
            assert broken == [], (where, broken)
            top = app.top
            assert top is not None
            holders = [top, *(v for v in vars(top).values() if isinstance(v, ReviewPanel))]
            groups = [g for h in holders for g in vars(h).values() if isinstance(g, ButtonGroup)]
            for group in groups:
                for b in group.buttons:
                    assert b.box.w >= MIN_TOUCH and b.box.h >= MIN_TOUCH, (where, b.tag)
            name = where.replace(" ", "_")
            if screen == (800, 360):
                continue  # the screenshots are the 844x390 phone's
            if phone and lang == "en" and not large:
                shot(app, f"phone_{name}.png")
            elif phone:
                continue
            elif lang == "ru" and large:
                shot(app, f"ru_large_{name}.png")
            elif lang == "en" and not large:
                shot(app, f"{name}.png")
    finally:
        app.set_language("en")
        app.set_screen(None)


def _overlapping(drawn: list[theme.Drawn], boxes: list[Any]) -> list[str]:
    """Texts drawn in any of ``boxes`` that leave it or lie over another text there."""
    inside = []
    out = []
    for d in drawn:
        if d.rect is None:
            continue
        r = pygame.Rect(d.rect)
        box = next((pygame.Rect(b.tuple()) for b in boxes if pygame.Rect(b.tuple()).colliderect(r)),
                   None)  # fmt: skip
        if box is None:
            continue
        if not box.contains(r):
            out.append(f"{d.asked!r} leaves its chart: {tuple(r)} in {tuple(box)}")
        inside.append((d.asked, r.inflate(-2, -2)))
    for i, (a, ra) in enumerate(inside):
        out += [f"{a!r} over {b!r}" for b, rb in inside[i + 1 :] if ra.colliderect(rb)]
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_charts_axis_labels_stay_apart_on_a_phone(
    app: App, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """At the phone's text floor "264 до н. э." ran into "263 до н. э." under the review's
    charts, and "100%" stuck out of both charts' left edge."""
    from web.render.chart import line_chart
    from web.scenes import game_over
    from web.scenes.review_panel import SCORES_BOX

    boxes: list[Any] = []  # where the game over draws its two charts

    def chart(surface: Any, box: Any, *args: Any, **kwargs: Any) -> None:
        boxes.append(box)
        line_chart(surface, box, *args, **kwargs)

    monkeypatch.setattr(game_over, "line_chart", chart)
    app.settings.large_text = True
    app.save_settings()
    app.set_language(lang)
    try:
        for screen in (None, (844, 390)):
            app.set_screen(screen)
            scene = open_replay(app, golden_text("2p_base", seats(2, (0,))), view=0)
            scene.charts = True
            with theme.recording() as drawn:
                app.draw()
            problems = _overlapping(drawn, [SCORES_BOX, CHANCES_BOX])
            assert not problems, (screen, problems)
            assert scene.seen_by() not in [d.asked for d in drawn]  # it peeked out, cut
            app.scenes.clear()
            app.push(TitleScene(app))
            over = GameOverScene(app, finished_session(3, players=3))
            app.push(over)
            if screen is not None:
                click_button(app, over.buttons, "charts")
            boxes.clear()
            with theme.recording() as drawn:
                app.draw()
            charts = [d for d in drawn if d.caller == "web.render.chart"]
            assert len(boxes) == 2
            problems = _overlapping(charts, boxes)
            assert not problems, (screen, problems)
            app.scenes.clear()
    finally:
        app.set_language("en")
        app.set_screen(None)


# -- the command line ------------------------------------------------------------------------


def _run(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "STRATEGOS_DATA_DIR": str(tmp / "data")}  # fmt: skip
    return subprocess.run([sys.executable, "-m", "web", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip


def test_command_line_replays_reviews_and_refuses(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(golden_text("4p_all_patches"))
    png = SHOTS / "command_line_review.png"
    SHOTS.mkdir(parents=True, exist_ok=True)
    done = _run("--replay", str(record), "--review", "--view", "open", "--max-frames", "400",
                "--screenshot", str(png), tmp=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert png.exists() and png.stat().st_size > 10_000
    for text in ("{", '{"format": "strategos-record", "version": 7}', "\x00\x01"):
        record.write_text(text)
        refused = _run("--replay", str(record), "--max-frames", "5", tmp=tmp_path)
        assert refused.returncode == 2
        assert "Traceback" not in refused.stderr and str(record) in refused.stderr
    refused = _run("--replay", str(tmp_path / "missing.json"), tmp=tmp_path)
    assert refused.returncode == 2 and "cannot be read" in refused.stderr


def test_command_line_view_and_game_options_are_refused_where_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A --view the replay would not show, a value int() cannot read, or an option that the
    game on the command line does not use is refused, not swapped for another unseen."""
    from web.main import parse_args, read_replay

    finished = tmp_path / "game.json"
    finished.write_text(golden_text("2p_base"))
    data = json.loads(golden_text("2p_base", seats(2, humans=(1,))))
    data["actions"] = data["actions"][:40]
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps(data))
    for path, view, why in (
        (finished, "9", "the game has seats 0 to 1"),
        (unfinished, "open", "for a finished game"),
        (unfinished, "0", "only a person's seat may watch it (1)"),
    ):
        data_read, said = read_replay(str(path), view)
        assert data_read is None and said.startswith(f"{path}: --view {view}") and why in said
    assert read_replay(str(unfinished), "1")[0] is not None
    assert read_replay(str(finished), "open")[0] is not None
    data["client"] = {"seats": "robots"}  # the engine reads the record; the client does not
    unfinished.write_text(json.dumps(data))
    assert "seat settings are wrong" in read_replay(str(unfinished))[1]
    for argv, why in (
        (["--replay", str(finished), "--view", "²"], "--view takes a seat number"),
        # More digits than int() reads (4,300) once raised ValueError from view_refusal.
        (["--replay", str(finished), "--view", "9" * 5000], "--view takes a seat number"),
        (["--replay", str(finished), "--view", "6"], "--view takes a seat number"),
        (["--players", "3"], "go with --spectate"),
        (["--difficulty", "easy"], "go with --spectate"),
        (["--spectate", "--replay", str(finished)], "give one of them"),
        (["--screenshot", str(tmp_path)], "--screenshot takes a file name"),
        (["--screenshot", ""], "--screenshot takes a file name"),
        (["--screenshot", "shot.txt"], "--screenshot writes .png"),
    ):
        with pytest.raises(SystemExit):
            parse_args(argv)
        assert why in capsys.readouterr().err
    args = parse_args(["--spectate"])
    assert (args.players, args.difficulty) == (4, "normal")
    assert parse_args(["--replay", str(finished), "--view", "01"]).view == "01"


def test_a_screenshot_that_cannot_be_written_is_said_in_a_sentence(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import asyncio

    from web.main import main

    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    shot_path = str(blocked / "shot.png")
    assert asyncio.run(main(["--max-frames", "1", "--screenshot", shot_path])) == 2
    assert f"{shot_path} cannot be written" in capsys.readouterr().err


def test_command_line_budget_is_checked_and_used(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from web import ai_bridge
    from web.main import build_app, parse_args

    record = tmp_path / "game.json"
    record.write_text(golden_text("4p_all_patches"))
    for flags, why in (
        (("--review", "--budget", "slow"), "invalid choice: 'slow'"),
        (("--budget", "thorough"), "--budget goes with --review"),
    ):
        refused = _run("--replay", str(record), *flags, "--max-frames", "5", tmp=tmp_path)
        assert refused.returncode == 2, refused.stderr
        assert "Traceback" not in refused.stderr and why in refused.stderr

    class Reviewed:
        """A review that is done as it starts: what is under test is the budget it is given."""

        done = True
        decisions: tuple[Any, ...] = ()
        summary: tuple[Any, ...] = ()

        def turning_points(self) -> list[Any]:
            return []

        def cancel(self) -> None:
            pass

    budgets: list[str] = []

    def begin_review(record: Any, seats: list[int], budget: str, seed: int = 0) -> Any:
        budgets.append(budget)
        return Reviewed()

    monkeypatch.setattr(ai_bridge, "begin_review", begin_review)
    data_dir.mkdir(parents=True, exist_ok=True)
    # Without --budget, the one last picked in the dialog; with it, the one it names (which
    # is not then the player's setting).
    (data_dir / "settings.json").write_text(json.dumps({"review_budget": "thorough"}))
    for extra, expected in (((), "thorough"), (("--budget", "quick"), "quick")):
        args = parse_args(["--replay", str(record), "--review", "--view", "open", *extra])
        app = build_app(args, record.read_bytes())
        for _ in range(600):
            if budgets:
                break
            app.frame()
        assert budgets == [expected]
        assert app.settings.review_budget == "thorough"
        budgets.clear()
        pygame.quit()
