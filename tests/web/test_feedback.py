"""What a new player stumbles on, played by clicks: a scoring says where its points came from
and what left the board; a battle's prompt shows both sides and stays clear of the city, and
its result waits to be read; the final round is announced; the game ends with a pause and a
summary; suggestions are sorted and told apart; greyed-out controls say why; the log says who.

Positions come from games the engine plays (``tests.web.positions``), opened like a save; what
the test is about is then done with clicks. Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pytest

pygame = pytest.importorskip("pygame")

from game import (  # noqa: E402
    P_ACTION,
    Action,
    GameRecord,
    GameState,
    Rules,
    default_map,
)
from game.actions import Build, ChooseDeck, CommitCoin, Destroy, EndTurn, Halt, Move  # noqa: E402
from tests.web import positions  # noqa: E402
from tests.web.player import (  # noqa: E402
    click,
    click_button,
    click_prompt,
    general_point,
    perform,
    pick_die,
    play_game,
    shot,
    top,
    wheel,
)
from web import ai_bridge  # noqa: E402
from web.play import coach  # noqa: E402
from web.play.config import MatchConfig  # noqa: E402
from web.play.session import MatchSession, end_reached  # noqa: E402
from web.scenes.game_over import GameOverScene  # noqa: E402
from web.scenes.match import MatchScene  # noqa: E402
from web.scenes.menu import MenuScene  # noqa: E402
from web.scenes.rules import RulesScene  # noqa: E402
from web.text import describe, i18n, results  # noqa: E402
from web.ui import theme  # noqa: E402

if TYPE_CHECKING:
    from web.app import App

pytest_plugins = ["tests.web.support"]  # the client test fixtures
PHONE = (844, 390)  # CSS pixels of a phone held sideways: the compact layout

MINE = {
    "web.scenes.match", "web.scenes.match_controls", "web.scenes.match_events",
    "web.scenes.game_over", "web.render.battle", "web.render.chart", "web.render.hud",
}  # fmt: skip


# -- positions -----------------------------------------------------------------------------------
def _quest_build(s: GameState, a: Action) -> bool:
    """Seat 0's build that brings an island tower to 2 floors (R9.5)."""
    return s.current_player() == 0 and isinstance(a, Build) and len(s.island_stack[a.island]) == 1


def _first_build(s: GameState, a: Action) -> bool:
    return s.current_player() == 0 and isinstance(a, Build) and not s.island_stack[a.island]


def _seventh_point(s: GameState, a: Action) -> bool:
    """Seat 0's action that brings it to 7 points (R9.7): the round is then the last."""
    if s.current_player() != 0 or s.phase != P_ACTION or end_reached(s):
        return False
    after = s.clone()
    after.apply_action(a)
    return after.points[0] >= 7


def _own_turn(s: GameState) -> bool:
    return s.current_player() == 0 and s.phase == P_ACTION and not s.draw_queue


def _train_blocked(s: GameState, a: Action) -> bool:
    if not _own_turn(s) or s.trained or not any(d >= 5 for d in s.dice):
        return False
    return any(_blocked_by_weaker(s, g) for g in s.generals_of(0))


def _blocked_by_weaker(s: GameState, g: int) -> bool:
    return (s.gen_city[g] >= 0 and not s.acted >> g & 1
            and coach.train_refusal(s, g, None)[0] == "why_train_weaker")  # fmt: skip


def _winter_island(s: GameState, a: Action) -> bool:
    return _own_turn(s) and s.is_winter() and any(_stuck_on_island(s, g) for g in s.generals_of(0))


def _stuck_on_island(s: GameState, g: int) -> bool:
    """On an island in winter, with an action to take (a 5 or 6) but no move (R5.3)."""
    c = s.gen_city[g]
    if c < 0 or not s.board.is_island[c] or s.acted >> g & 1:
        return False
    mine = [a for a in s.legal_actions() if getattr(a, "general", -1) == g]
    return bool(mine) and not any(isinstance(a, Move) for a in mine)


def _open(app: App, cfg: MatchConfig, record: GameRecord) -> MatchScene:
    from web.scenes.title import TitleScene

    app.push(TitleScene(app))
    scene = app.nav.open_match(MatchSession(cfg, record))
    app.hover = None
    _settle(app, scene)
    return scene


def _settle(app: App, scene: MatchScene, frames: int = 400) -> None:
    """Frames until the player's decision is on screen (nothing animating or held)."""
    for _ in range(frames):
        if scene.session.legal() and not scene.animator.busy and not scene.events.blocking():
            break
        app.frame()
    app.frame()
    scene._refresh()


def _until(app: App, cond: Callable[[], bool], frames: int = 4000) -> None:
    for _ in range(frames):
        if cond():
            return
        app.frame()
    raise AssertionError("condition not reached")


def _held_and_still(scene: MatchScene) -> bool:
    return scene.events.held is not None and not scene.animator.busy


def _screen(scene: MatchScene, city: int) -> tuple[float, float]:
    return scene.camera.to_screen(*scene.board_view.g.pos[city])


# -- 1. a quest completed ------------------------------------------------------------------------
def test_a_completed_quest_gets_a_banner_a_log_line_and_the_drawer_named(
    app: App, random_ai: None
) -> None:
    cfg, record, build = positions.search(_quest_build)
    assert isinstance(build, Build)
    scene = _open(app, cfg, record)
    board = scene.view.public.board
    perform(app, scene, build)  # die, general, Build, the capital: clicks
    session = scene.session
    entry = next(e for e in reversed(session.log) if e.action == build)
    assert entry.completed and entry.island_off  # the quest, and the tower that left
    banner = scene.events.banners[0]
    assert "+3" in banner.title and banner.city == build.island
    assert "leaves the board" in banner.body and "R9.5" in banner.body
    line = describe.log_line(board, entry, session.viewer)
    kingdom = describe.kingdom(board, scene.view.public.seat_kingdom[0])
    assert line.startswith(f"{kingdom}: ") and "★" in line and "+3" in line
    assert describe.city(board, build.source) in line  # where the floor came from
    app.frame()
    shot(app, "quest_banner.png")
    # the banner taps away; the replacement card's draw names who draws (R9.3)
    box = scene.events.banner_box(scene)
    assert box is not None
    while scene.events.banners:
        click(app, *box.center)
    _until(app, lambda: bool(session.legal()) and not scene.animator.busy)
    scene._refresh()
    legal = session.legal()
    if isinstance(legal[0], ChooseDeck):
        assert scene.status_text() == i18n.t("draw_own")
        assert scene.controls.prompt is not None and scene.controls.prompt.tag == "deck"


def test_the_header_names_a_kingdom_drawing_and_agrees_with_it() -> None:
    board = default_map()
    greeks, eastern = board.kingdoms[2], board.kingdoms[5]
    assert i18n.kingdom_t("thinking", greeks, pct=5) == "The Greeks are thinking… 5%"
    assert i18n.kingdom_t("thinking", eastern, pct=5) == "The Eastern Kingdom is thinking… 5%"
    assert i18n.kingdom_t("drawing", eastern).startswith("The Eastern Kingdom is drawing")
    try:
        i18n.set_language("ru")
        assert i18n.kingdom_t("thinking", greeks, pct=5) == "Греки думают… 5%"
        assert i18n.kingdom_t("thinking", eastern, pct=5) == "Восточное Царство думает… 5%"
        assert i18n.count_t("q_points_n", 2) == "2 очка"
        assert i18n.count_t("q_points_n", 5) == "5 очков"
        assert i18n.count_t("q_points_n", 21) == "21 очко"
    finally:
        i18n.set_language("en")


def test_the_framed_player_row_is_the_one_the_header_names() -> None:
    """Before the first roll the engine's ``active`` stays on seat 0: the players' panel
    framed seat 0 while the header said "The Carthaginians are thinking" about their fourth
    general. The frame follows the seat placing, drawing or whose turn it is."""
    import random

    from game import CHANCE, P_PLACE, new_game
    from web.render.hud import framed_seat

    state = new_game(3, seed=4)
    seen = set()
    rng = random.Random(4)
    while state.phase != P_ACTION or state.draw_queue or state.draw_deck >= 0:
        seat = state.current_player()
        if seat >= 0 and (state.phase == P_PLACE or state.draw_queue):
            assert framed_seat(state) == seat, (state.phase, seat, state.active)
            seen.add(seat)
        legal = state.legal_actions()
        state.apply_action(state.sample_chance(rng) if seat == CHANCE else rng.choice(legal))
    assert seen == {0, 1, 2}
    assert framed_seat(state) == state.active


def test_the_game_over_header_has_no_winter_rule(app: App) -> None:
    """A game ending after 261 BC Hiemis said "Game over" over "Winter: no sea routes, land
    routes cost 2 (R5.3)": a rule for moves nobody can make any more."""
    import pygame

    from game import Rules
    from tests.web.test_replay import finished_session
    from web.render import hud

    sessions = (finished_session(seed, 2, Rules(quests=False)) for seed in range(20))
    session = next(s for s in sessions if s.state.is_winter())
    surface = pygame.Surface((1280, 720))
    with theme.recording() as drawn:
        hud.draw_top(surface, session.view(), i18n.t("game_over"), None, None)
    assert i18n.t("winter_note") not in [d.asked for d in drawn]


# -- 2. battles ----------------------------------------------------------------------------------
def test_the_coin_prompt_shows_both_sides_and_the_result_waits(app: App, random_ai: None) -> None:
    # A battle away from the middle of the map (seed 3's, at Leuke). Seeds 0-2 fight at Rhegium
    # and Corcyra, under the middle of the desktop's map at its whole-board zoom, where no place
    # of the 640-pixel coin prompt inside the map keeps clear of the city: an open limitation.
    cfg, record, coin = positions.search(positions.coin_attack, seeds=range(3, 60))
    scene = _open(app, cfg, record)
    state = scene.view.public
    prompt = scene.controls.prompt
    assert prompt is not None and prompt.tag == "coin" and prompt.matchup is not None
    m = prompt.matchup
    assert m.viewer_side == 0 and m.attacker.coins and m.defender.coins is not None
    assert m.defender.tower == (1 if state.floors[state.battle_city] > 0 else 0)
    x, y = _screen(scene, state.battle_city)
    assert not prompt.box.inset(-20).contains(x, y)  # the city stays in sight
    with theme.recording() as drawn:
        app.draw()
    assert not [d.asked for d in drawn if d.cut and d.caller in MINE]
    shot(app, "battle_prompt.png")
    # Hint works inside the prompt
    click_button(app, scene.controls.prompt_hint, "prompt_hint")
    _until(app, lambda: not scene.controls.hinting)
    assert scene.controls.hints and all(isinstance(a, CommitCoin) for a, _c in scene.controls.hints)
    assert isinstance(coin, CommitCoin)
    before = len(scene.session.log)
    perform(app, scene, coin)
    # the roll comes; its result stays on screen until read
    _until(app, lambda: scene.events.held is not None, frames=3000)
    _until(app, lambda: not scene.animator.busy)
    app.run_frames(600)  # ten seconds: still there
    assert scene.events.held is not None and scene.waiting_button() is not None
    shot(app, "battle_result.png")
    roll = next(e for e in scene.session.log[before:] if e.battle)
    line = describe.log_line(state.board, roll, scene.session.viewer)
    assert "vs" in line and ("wins" in line or "tie" in line)
    assert "die " in line and "level " in line and "coin " in line  # labelled parts
    button = scene.waiting_button()
    assert button is not None
    click(app, *button.box.center)
    assert scene.events.held is None


def test_the_held_result_hides_the_tooltips_of_the_map_under_it(app: App, random_ai: None) -> None:
    """A pointer resting on the battle's result (where the last Continue was tapped) showed the
    tooltip of a city or general hidden under the panel, over the defender's strength."""
    cfg, record, coin = positions.search(positions.coin_attack)
    scene = _open(app, cfg, record)
    perform(app, scene, coin)
    _until(app, partial(_held_and_still, scene), frames=3000)
    held = scene.events.held
    assert held is not None
    box = held.box
    points = [(box.x + box.w * i / 12, box.y + box.h * j / 8)
              for i in range(1, 12) for j in range(1, 8)]  # fmt: skip
    button = scene.waiting_button()
    assert button is not None
    for x, y in points:
        tip = scene.tooltip_at(x, y)
        on_button = button.box.contains(x, y)
        assert tip is None or (on_button and tip[0] == [button.tip]), (x, y, tip)
    scene.events.release()
    scene._refresh()
    assert any(scene.tooltip_at(x, y) for x, y in points), "nothing on the map under the panel"


def test_the_defenders_coin_prompt_knows_the_attacker_committed(app: App, random_ai: None) -> None:
    cfg, record, _coin = positions.search(positions.coin_defend)
    scene = _open(app, cfg, record)
    prompt = scene.controls.prompt
    assert prompt is not None and prompt.matchup is not None
    assert prompt.matchup.viewer_side == 1 and prompt.matchup.attacker.committed
    assert i18n.t("coin_body_defend") == prompt.body


def test_a_battle_result_can_close_by_itself(app: App, random_ai: None) -> None:
    app.settings.hold_battles = False
    cfg, record, coin = positions.search(positions.coin_attack)
    scene = _open(app, cfg, record)
    perform(app, scene, coin)
    for _ in range(600):
        assert scene.events.held is None
        app.frame()


def test_the_halt_prompt_stays_clear_of_the_city(app: App, random_ai: None) -> None:
    cfg, record, _halt_action = positions.search(positions.halt)
    scene = _open(app, cfg, record)
    state = scene.view.public
    prompt = scene.controls.prompt
    assert prompt is not None and prompt.tag == "halt"
    city = state.gen_city[state.pend_general]
    assert prompt.about == (city,)
    for notches in (0, 3):  # at the whole map and zoomed in on the city
        if notches:
            wheel(app, *_screen(scene, city), notches)
            app.frame()
        shown = scene.controls.prompt
        assert shown is not None
        x, y = _screen(scene, city)
        assert not shown.box.inset(-20).contains(x, y)
    assert str(state.pend_points) in prompt.body
    perform(app, scene, Halt())
    assert any(isinstance(e.action, Halt) for e in scene.session.log)


def test_a_prompt_stands_clear_wherever_the_map_has_room() -> None:
    """Halt or Pass for Ambracia covered the city on the desktop: the nine places tried (the
    centre, the edges, the corners) each covered it or the coach's line along the map's top,
    though the room between the two held the prompt. Wherever a city stands, a prompt keeps
    clear of it and of the boxes to keep clear of if any place of its size does (looked for
    every 8 px)."""
    from web.scenes.match_prompt import CLEAR, place
    from web.ui.layout import Box

    area = Box(0, 80, 1000, 548)  # the desktop's map
    keep = [Box(944, 460, 48, 48), Box(944, 516, 48, 48), Box(944, 572, 48, 48),
            Box(88, 88, 823, 48)]  # the zoom buttons; the coach's line  # fmt: skip

    def clear(b: Box, city: tuple[float, float]) -> bool:
        dx = max(b.x - city[0], 0.0, city[0] - b.right)
        dy = max(b.y - city[1], 0.0, city[1] - b.bottom)
        return (dx * dx + dy * dy) ** 0.5 >= CLEAR and not any(
            b.x < k.right and k.x < b.right and b.y < k.bottom and k.y < b.bottom for k in keep
        )

    missed = []
    for w, h in ((560, 208), (620, 300)):  # Halt or Pass; a battle's, with its two sides
        for cx in range(10, area.right, 30):
            for cy in range(area.y + 10, area.bottom, 30):
                city = (cx + 0.5, cy + 0.5)
                box = place(w, h, area, [city], keep)
                assert area.x <= box.x and box.right <= area.right
                assert area.y <= box.y and box.bottom <= area.bottom
                if clear(box, city):
                    continue
                room = next((b for x in range(area.x, area.right - w + 1, 8)
                             for y in range(area.y, area.bottom - h + 1, 8)
                             if clear(b := Box(x, y, w, h), city)), None)  # fmt: skip
                if room is not None:
                    missed.append(f"{w}x{h} at {box} covers {city}; {room} would not")
    assert not missed, "\n".join(missed[:10])


# -- 4. the end ----------------------------------------------------------------------------------
def test_the_final_round_is_announced_and_the_game_ends_with_a_summary(
    app: App, random_ai: None
) -> None:
    cfg, record, action = positions.search(_seventh_point, players=3)
    scene = _open(app, cfg, record)
    perform(app, scene, action)
    finals = [b for b in scene.events.banners if b.kind == "final"]
    assert finals and "R9.7" in finals[0].body and i18n.t("final_title") == finals[0].title
    assert scene.status_text().startswith("⚑")
    while scene.events.banners and scene.events.banners[0].kind != "final":
        scene.events.banners.popleft()  # the quest's own banner first; the warning is next
    app.frame()
    shot(app, "final_round.png")
    seen: dict[str, bool] = {}

    def watch(app_: App) -> None:
        s = app_.top
        if isinstance(s, MatchScene) and s.events.summary_shown() and "summary" not in seen:
            seen["summary"] = True
            assert s.waiting_button() is not None
            shot(app_, "game_end_summary.png")

    play_game(app, __import__("random").Random(3), on_frame=watch)
    assert seen.get("summary")
    over = top(app, GameOverScene)
    with theme.recording() as drawn:
        app.draw()
    texts = [d.asked for d in drawn]
    state = scene.session.view().public
    assert results.placement_sentence(state, 0) in texts
    for seat in range(3):  # the score chart's legend names every line, the viewer's starred
        name = i18n.name(state.board.kingdoms[state.seat_kingdom[seat]])
        assert (f"★ {name}" if seat == 0 else name) in texts
    assert not [d.asked for d in drawn if d.cut and d.caller in MINE]
    shot(app, "game_over_results.png")
    assert over.standings() == results.standings(state)


def test_a_quest_done_twice_is_listed_once() -> None:
    from web.scenes import game_over

    state = GameState.from_json(MatchSession(positions.config(1)).state.to_json())
    board = state.board
    twins = [c.index for c in board.cards if c.type == "destroy_floor" and c.city == 0][:2]
    state.completed[0] = tuple(twins)
    assert results.quest_list(state, 0) == [(twins[0], 2)]
    text = game_over._quests_text(state, 0)
    assert text.count(describe.card_text(board, twins[0])) == 1 and "×2" in text


@pytest.mark.parametrize(
    ("scores", "sentence"),
    [
        ([8, 7], "You won, 1 point ahead of the"),
        ([6, 8], "You finished 2nd of 2, 2 points behind the"),
    ],
)
def test_the_placement_sentence(scores: list[int], sentence: str) -> None:
    from game import P_OVER

    state = MatchSession(positions.config(1)).state
    state.points = list(scores)
    state.phase = P_OVER
    assert results.placement_sentence(state, 0).startswith(sentence)


# -- 6. hints ------------------------------------------------------------------------------------
class _FakeHint:
    """A hint search that answers at once with given suggestions (unsorted, as a search may)."""

    failure = None
    done = True

    def __init__(self, found: list[ai_bridge.Insight]) -> None:
        self.found = found

    def step_ms(self, ms: float) -> bool:
        return True

    def progress(self) -> float:
        return 1.0

    def best_action(self) -> Any:
        return self.found[0].action

    def explain(self, top: int = 3) -> list[ai_bridge.Insight]:
        return self.found[:top]


def test_hints_are_sorted_and_told_apart(
    app: App, random_ai: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg, record, _build = positions.search(_first_build)
    scene = _open(app, cfg, record)
    legal = scene.session.legal()
    builds = [a for a in legal if isinstance(a, Build)]
    others = [a for a in legal if not isinstance(a, Build)]
    picks = (builds + others)[:3]
    chances = [0.29, 0.28, 0.31]
    found = [ai_bridge.Insight(a, 0.3, p) for a, p in zip(picks, chances, strict=True)]
    monkeypatch.setattr(ai_bridge, "begin_hint", lambda *args: _FakeHint(found))
    click_button(app, scene.controls.tray, "hint")
    _until(app, lambda: not scene.controls.hinting)
    got = [c for _a, c in scene.controls.hints]
    assert got == sorted(got, key=lambda c: -(c or 0))
    lines = [" ".join(f.lines) for f in scene.controls.hint_lines(scene)]
    assert len(set(lines)) == len(lines)
    for a in picks:
        if isinstance(a, Build):  # the capital the floor comes from is named
            assert any(describe.city(scene.view.public.board, a.source) in line for line in lines)


def test_hint_says_why_not_when_it_cannot_help(app: App, random_ai: None) -> None:
    from web.scenes.title import TitleScene

    cfg, record, _a = positions.search(lambda s, a: s.current_player() == 1 and s.phase == P_ACTION)
    app.push(TitleScene(app))
    scene = app.nav.open_match(MatchSession(cfg, record))  # the AI is to act, not the player
    button = scene.controls.tray.find("hint")
    assert button is not None and not button.enabled and button.tip == i18n.t("hint_not_yours")
    click(app, *button.box.center)
    assert app.toast_text == i18n.t("hint_not_yours")


# -- 7. guidance that says what blocks ------------------------------------------------------------
def test_train_refused_names_the_weaker_general(app: App, random_ai: None) -> None:
    cfg, record, _a = positions.search(_train_blocked)
    scene = _open(app, cfg, record)
    state = scene.view.public
    g = next(g for g in state.generals_of(0) if _blocked_by_weaker(state, g))
    _key, values = coach.train_refusal(state, g, None)
    pick_die(app, scene, max(state.dice))
    click(app, *general_point(app, scene, g))
    assert scene.selection.general == g
    app.frame()
    train = scene.controls.tray.find("train")
    assert train is not None and not train.enabled
    click(app, *train.box.center)
    assert str(values["weaker"]) in app.toast_text and "R6.3" in app.toast_text


def test_an_island_general_in_winter_is_not_asked_for_a_lit_city(app: App, random_ai: None) -> None:
    cfg, record, _a = positions.search(_winter_island)
    scene = _open(app, cfg, record)
    state = scene.view.public
    g = next(g for g in state.generals_of(0) if _stuck_on_island(state, g))
    click(app, *general_point(app, scene, g))
    assert scene.selection.general == g
    app.frame()
    assert not scene.marks().targets
    assert scene.status_text() != i18n.t("pick_city")
    assert "R5.3" in app.toast_text


def test_undo_after_a_build_says_why(app: App, random_ai: None) -> None:
    cfg, record, build = positions.search(_first_build)
    scene = _open(app, cfg, record)
    perform(app, scene, build)
    _settle(app, scene)
    undo = scene.controls.tray.find("undo")
    assert undo is not None and not undo.enabled and "R4.5" in undo.tip
    click(app, *undo.box.center)
    assert "R4.5" in app.toast_text and i18n.t("build") in app.toast_text


def test_the_why_link_opens_its_rule_whatever_was_hovered(app: App, random_ai: None) -> None:
    cfg, record, _a = positions.search(_winter_island)
    scene = _open(app, cfg, record)
    state = scene.view.public
    g = next(g for g in state.generals_of(0) if state.gen_city[g] >= 0)
    click(app, *general_point(app, scene, g))
    far = max(range(state.board.num_cities),
              key=lambda c: state.board.route_distance[state.gen_city[g]][c])  # fmt: skip
    scene.selection.general = g
    scene.controls.explain(scene, Move(g, max(state.dice), state.gen_city[g], far))
    rule = app.last_rule
    assert rule and rule.startswith("R5")
    # the pointer rests on a general (its tooltip cites R7.2) on its way to the ? button
    gx, gy = scene.board_view.general_screen(scene.camera, scene.view)[g]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(gx), int(gy)), rel=(0, 0),
                                         buttons=(0, 0, 0)))  # fmt: skip
    app.run_frames(40)
    click(app, 1280 - 32, 30)
    rules = top(app, RulesScene)
    assert rules.anchor == rule


# -- 8. the log ----------------------------------------------------------------------------------
def test_every_log_line_starts_with_its_kingdom(app: App, random_ai: None) -> None:
    cfg, record, _a = positions.search(positions.halt)
    scene = _open(app, cfg, record)
    board = scene.view.public.board
    names = {describe.kingdom(board, k) for k in range(6)}
    viewer = scene.session.viewer
    lines = [describe.log_line(board, e, viewer) for e in scene.session.log]
    picks = [e for e in scene.session.log if type(e.action).__name__ == "PickKingdom"]
    assert picks == [] or all(e.kingdom >= 0 for e in picks)
    assert all(any(line.startswith(f"{n}: ") for n in names) for line in lines)
    battles = [line for e, line in zip(scene.session.log, lines, strict=True) if e.battle]
    assert all(i18n.t("part_die", n="").strip() in line for line in battles)


# -- 12. pace and questions ----------------------------------------------------------------------
def test_the_menu_pauses_the_ais(app: App, random_ai: None) -> None:
    from web.scenes.title import TitleScene

    cfg, record, _a = positions.search(lambda s, a: s.current_player() == 1 and s.phase == P_ACTION)
    app.push(TitleScene(app))
    scene = app.nav.open_match(MatchSession(cfg, record))  # the AI is to act
    click_button(app, scene.chrome.buttons, "menu")
    menu = top(app, MenuScene)
    before = len(scene.session.record.actions)
    app.run_frames(300)
    assert len(scene.session.record.actions) == before
    click_button(app, menu.buttons, "resume")
    _until(app, lambda: len(scene.session.record.actions) > before)


def test_ending_a_turn_with_dice_left_asks_first(app: App, random_ai: None) -> None:
    cfg, record, _a = positions.search(lambda s, a: _own_turn(s) and len(s.dice) == 4)
    scene = _open(app, cfg, record)
    before = len(scene.session.record.actions)
    click_button(app, scene.controls.tray, "end_turn")
    assert scene.controls.prompt is not None and scene.controls.prompt.tag == "confirm_end"
    click_prompt(app, scene, lambda label: label == i18n.t("keep_playing"))
    assert scene.controls.prompt is None and len(scene.session.record.actions) == before
    click_button(app, scene.controls.tray, "end_turn")
    click_prompt(app, scene, lambda label: label == i18n.t("dont_ask"))
    assert isinstance(scene.session.record.actions[before], EndTurn)
    assert app.settings.confirm_end_turn is False  # and it stays so
    assert '"confirm_end_turn": false' in (app.storage.read("settings") or "")


def test_the_camera_turns_to_an_ai_move_off_screen(app: App, random_ai: None) -> None:
    from tests.web.test_scenes import _match

    scene = _match(app, seed=6, players=2, humans=1)
    scene.app.settings.hold_battles = False
    _until(app, lambda: bool(scene.session.legal()))
    corner = (scene.camera.viewport.x + 40, scene.camera.viewport.y + 40)
    wheel(app, *corner, 8)  # far in, on a corner of the map
    followed = panned = 0
    for _ in range(8000):
        if scene.session.legal() and not scene.animator.busy:
            perform(app, scene, scene.session.legal()[-1])
            continue
        n = len(scene.session.log)
        app.frame()
        new = scene.session.log[n:]
        moves = [e.action for e in new if isinstance(e.action, Move) and e.actor == 1]
        if moves:
            panned += scene.events.follow is not None
            count = len(scene.session.log)  # until the turn is done or the AI moves again

            def settled(c: int = count) -> bool:
                return scene.events.follow is None or len(scene.session.log) > c

            _until(app, settled)
            x, y = _screen(scene, moves[-1].dest)
            assert scene.camera.visible(x, y), "the AI's move stayed off-screen"
            followed += 1
            if followed >= 6 and panned:
                return
    raise AssertionError("no AI moves seen")


# -- texts fit, both languages and sizes -------------------------------------------------------
FIT_CONFIGS = [("en", False, None), ("ru", False, None), ("en", True, None), ("ru", True, None),
               ("en", True, PHONE), ("ru", True, PHONE)]  # fmt: skip


@pytest.mark.parametrize(("lang", "large", "screen"), FIT_CONFIGS)
def test_the_new_texts_fit(
    app: App, random_ai: None, lang: str, large: bool, screen: tuple[int, int] | None
) -> None:
    """The prompts, banners, the held result, the summary and the results, in both languages,
    both text sizes, and on a phone (the compact layout and its text floor): nothing cut."""
    app.settings.large_text = large
    theme.set_text_scale(app.settings.text_scale())
    app.set_language(lang)
    app.set_screen(screen)
    where_tag = "phone_" if screen else ""

    def check(where: str) -> None:
        with theme.recording() as drawn:
            app.draw()
        cut = [d.asked for d in drawn if d.cut and d.caller in MINE]
        assert cut == [], (where, cut)
        if lang == "ru" and large:
            shot(app, f"ru_large_{where_tag}{where}.png")

    try:
        for stop in (positions.coin_attack, positions.halt, _quest_build):
            cfg, record, action = positions.search(stop)
            scene = _open(app, cfg, record)
            if stop is _quest_build:
                perform(app, scene, action)
            check(stop.__name__.strip("_"))
            if stop is positions.coin_attack:  # the result, held
                perform(app, scene, action)
                _until(app, partial(_held_and_still, scene))
                check("battle_result")
        cfg, record, action = positions.search(_seventh_point, players=3)
        scene = _open(app, cfg, record)
        perform(app, scene, action)
        while scene.events.banners[0].kind != "final":
            scene.events.banners.popleft()
        check("final_round")
        cfg, record, _a = positions.search(lambda s, a: _own_turn(s) and len(s.dice) == 4)
        scene = _open(app, cfg, record)
        click_button(app, scene.controls.tray, "end_turn")
        check("confirm_end")
        cfg = positions.config(2, players=6)
        scene = _open(app, cfg, positions.played_out(cfg))
        _until(app, scene.events.summary_shown)
        check("summary")
        click(app, *scene.events.summary_buttons.buttons[0].box.center)
        top(app, GameOverScene)
        check("results")
    finally:
        app.set_screen(None)
        app.set_language("en")
        app.settings.large_text = False
        theme.set_text_scale(1.0)


def test_a_victory_shared_by_six_fits_the_summary(app: App) -> None:
    """Six kingdoms' names were cut on the summary's one line («Общая победа: Варвары,
    Сарматы, Греки, Карфагеняне, Р…», on the desktop too); where they do not fit, the line
    counts them («Общая победа: все 6, счёт 0») above the standings, which name them."""
    from game import winners
    from tests.web.test_replay import finished_where
    from tests.web.test_text_fit import SE_CONFIGS, Checker

    session = finished_where(6, lambda s: len(winners(s.state)) == 6)
    scene = _open(app, session.config, session.record)
    _until(app, scene.events.summary_shown)
    checker = Checker(app)
    checker.check("the summary of a victory shared by six", configs=SE_CONFIGS)
    cut = [p for key, p in checker.problems.items() if " web.scenes.match_events: " in key]
    assert not cut, "\n".join(cut)
    app.set_language("ru")
    with theme.recording() as drawn:
        app.draw()
    counted = results.winner_line(scene.view.public, short=True)
    assert any(d.asked == counted for d in drawn), [d.asked for d in drawn]
    app.set_language("en")


def test_rules_without_quests_have_no_scoring_banners(app: App, random_ai: None) -> None:
    """Under the base rules a destroy is a trophy, not a scoring event (R10.2)."""
    base = Rules(coins=False, battle_dice=False, quests=False)
    cfg, record, destroy = positions.search(
        lambda s, a: s.current_player() == 0 and isinstance(a, Destroy), rules=base
    )
    scene = _open(app, cfg, record)
    perform(app, scene, destroy)
    assert scene.session.log[-1].action == destroy or destroy in scene.session.record.actions
    assert not scene.events.banners


def test_a_level4_victory_and_a_first_floor_say_where_the_points_came_from() -> None:
    """R9.6 and R9.4's first-floor point: the banner names the beaten general, the victim."""
    from game.actions import BattleRoll
    from web.play.session import Applied

    board = default_map()
    level4 = next(c.index for c in board.cards if c.type == "defeat_level4")
    # The defender (seat 1, Carthaginians) beats a level-4 attacker at Roma.
    battle = (board.city("roma"), 12, 17, 0, 2, 0, 1, 4, 5, 17)
    entry = Applied(10, -1, BattleRoll(0, 2), 3, 0, battle=battle, completed=[(1, level4)],
                    gained=(0, 3), kingdoms=(3, 4), coins=True)  # fmt: skip
    (event,) = describe.score_events(board, entry)
    assert event.seat == 1 and event.points == 3 and event.city == battle[0]
    assert event.title == "The Carthaginians complete a quest: +3"
    assert describe.general(board, 12) in event.body and "R9.6" in event.body
    line = describe.log_line(board, entry, 0)
    assert line.startswith("Romans: battle at Roma") and "★ Carthaginians +3" in line
    destroy = Destroy(12, 5, board.city("carthago"))
    entry = Applied(11, 0, destroy, 3, 0, gained=(1, 0), victim=1, kingdoms=(3, 4))
    (event,) = describe.score_events(board, entry)
    assert event.title == "The Romans score +1: a first floor"
    assert "the Carthaginians" in event.body and "R9.4" in event.body


def _build_with_a_five_or_a_six(s: GameState, a: Action) -> bool:
    """Seat 0 can build (R9.5) with a 5 and with a 6, and is about to build with the 6."""
    if s.current_player() != 0 or not isinstance(a, Build) or a.die != 6:
        return False
    return any(isinstance(b, Build) and b.die == 5 for b in s.legal_actions())


def test_a_build_takes_the_die_the_player_chose(app: App, random_ai: None) -> None:
    """Destroy and Train play with the chosen die; so does Build: a chosen 6 is not swapped for
    the 5 the player meant to keep (R9.5 takes either)."""
    cfg, record, build = positions.search(_build_with_a_five_or_a_six)
    assert isinstance(build, Build)
    before = len(record.actions)
    scene = _open(app, cfg, record)
    perform(app, scene, build)  # the 6, the general, Build, the capital: clicks
    assert scene.session.record.actions[before] == build


@pytest.mark.parametrize("people", [1, 2])
def test_r3_1_while_kingdoms_are_picked_the_header_names_the_seat_to_pick(
    app: App, people: int
) -> None:
    """Before the first turn, seats pick in order (R3.1): once seat 1 has picked, the header
    asks the person in seat 2 to choose, or (hot-seat, seat 1's view) names seat 2, never the
    kingdom seat 1 took."""
    from game import GameRecord, Rules
    from web.play.config import AI, HUMAN, PICK_KINGDOM, SeatConfig

    kinds = [AI if people == 1 else HUMAN, HUMAN]
    cfg = MatchConfig([SeatConfig(k, "easy", PICK_KINGDOM) for k in kinds], Rules(), 5)
    record = GameRecord(2, cfg.seed, cfg.rules, None)
    first = record.new_state()
    record.actions.append(first.legal_actions()[2])  # seat 1 takes the Greeks
    scene = _open(app, cfg, record)
    state = scene.view.public
    assert state.seat_kingdom[0] == 2 and state.current_player() == 1
    greeks = i18n.name(state.board.kingdoms[2])
    assert greeks not in scene.status_text()
    if people == 1:
        assert scene.status_text() == i18n.t("pick_kingdom")
    else:
        assert scene.status_text() == i18n.t("their_turn", kingdom=i18n.t("seat", n=2))
