"""The game says what changed (issue 51): a quest card that cannot be completed any more is
marked and announced when it happens, a greyed action names what blocks it, a refusal cites
the rule that refuses (R6.2 for a general on the time track, not R5.1), and the end of a game
is a moment: the final round is announced, and the summary waits until the last action has
been seen.

Positions come from games the engine plays (``tests.web.positions``), opened like a save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

pygame = pytest.importorskip("pygame")

from game import P_ACTION, Action, GameRecord, GameState  # noqa: E402
from game.actions import Build, Destroy, Return  # noqa: E402
from game.content import QUEST_DESTROY_CITY, QUEST_DESTROY_FLOOR  # noqa: E402
from tests.web import positions  # noqa: E402
from tests.web.player import click, general_point, pick_die  # noqa: E402
from web.play import coach, intents  # noqa: E402
from web.play.session import MatchSession  # noqa: E402
from web.scenes.match import MatchScene  # noqa: E402
from web.text import describe, i18n  # noqa: E402
from web.ui import theme  # noqa: E402

if TYPE_CHECKING:
    from web.app import App

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def _own_turn(s: GameState) -> bool:
    return s.current_player() == 0 and s.phase == P_ACTION and not s.draw_queue


def _capitals(s: GameState) -> set[int]:
    return {c for k in s.board.kingdoms for c in k.capitals}


def _empties_a_quest_city(s: GameState, a: Action) -> bool:
    """Another seat's build or destroy that takes the last floor of a city that one of seat
    0's quest cards names (R9.5 moves a floor to an island, R6.1 destroys one)."""
    if not isinstance(a, Build | Destroy) or s.current_player() == 0:
        return False
    after = s.clone()
    after.apply_action(a)
    named = [s.board.cards[c].city for c in after.hands[0]
             if s.board.cards[c].type in (QUEST_DESTROY_FLOOR, QUEST_DESTROY_CITY)]  # fmt: skip
    return any(s.floors[c] > 0 and after.floors[c] == 0 for c in named)


def _on_an_empty_capital(s: GameState, a: Action) -> bool:
    """Seat 0 to act with a 5 or 6, one of its generals standing on a capital with no floor."""
    if not _own_turn(s) or not any(d >= 5 for d in s.dice):
        return False
    return any(_stands_on_empty(s, g) for g in s.generals_of(0))


def _stands_on_empty(s: GameState, g: int) -> bool:
    c = s.gen_city[g]
    return c in _capitals(s) and s.floors[c] == 0 and not s.acted >> g & 1


def _open(app: App, cfg: object, record: object, settle: bool = True) -> MatchScene:
    from web.scenes.title import TitleScene

    app.push(TitleScene(app))
    scene = app.nav.open_match(MatchSession(cfg, record))  # type: ignore[arg-type]
    app.hover = None
    if settle:
        for _ in range(400):
            if scene.session.legal() and not scene.animator.busy:
                break
            app.frame()
        app.frame()
    return scene


# -- 1. a plan that becomes impossible -----------------------------------------------------------
def test_a_quest_out_of_reach_is_announced_and_marked(app: App, random_ai: None) -> None:
    cfg, record, action = positions.search(_empties_a_quest_city, seeds=range(200))
    scene = _open(app, cfg, record, settle=False)
    state = scene.session.state
    board = state.board
    card = next(c for c in state.hands[0] if board.cards[c].type in
                (QUEST_DESTROY_FLOOR, QUEST_DESTROY_CITY)
                and state.floors[board.cards[c].city] == 1)  # fmt: skip
    city = board.cards[card].city
    assert coach.quest_blocked(state, card) is None
    assert not [b for b in scene.events.banners if b.kind == "blocked"]
    # The other seat plays it, as its AI would.
    scene._after(scene.session._apply(action, state.current_player()), watched=True)
    assert state.floors[city] == 0
    blocked = [b for b in scene.events.banners if b.kind == "blocked"]
    name = describe.city(board, city)
    assert len(blocked) == 1 and blocked[0].city == city  # the ring marks the city
    assert name in blocked[0].body and describe.card_text(board, card) in blocked[0].body
    assert "R6.1" in blocked[0].body
    # said once: the next action does not repeat it
    scene.events.on_applied(scene, scene.session.log[-1], watched=True)
    assert len([b for b in scene.events.banners if b.kind == "blocked"]) == 1
    # the card in hand says why, in both languages
    for lang in ("en", "ru"):
        app.set_language(lang)
        key, values = coach.quest_blocked(state, card) or ("", {})
        with theme.recording() as drawn:
            app.draw()
        note = i18n.t(key, **values)
        shown = " ".join(d.shown for d in drawn if d.caller == "web.render.hud")
        assert note.split()[0] in shown and describe.city(board, city) in " ".join(
            d.asked for d in drawn
        )
        assert not [d.asked for d in drawn if d.cut and d.caller == "web.render.hud"]
    app.set_language("en")


def test_a_greyed_destroy_names_the_city_with_no_floor_left(app: App, random_ai: None) -> None:
    cfg, record, _a = positions.search(_on_an_empty_capital)
    scene = _open(app, cfg, record)
    state = scene.view.public
    g = next(g for g in state.generals_of(0) if _stands_on_empty(state, g))
    name = describe.city(state.board, state.gen_city[g])
    pick_die(app, scene, max(state.dice))
    click(app, *general_point(app, scene, g))
    assert scene.selection.general == g
    app.frame()
    destroy = scene.controls.tray.find("destroy")
    assert destroy is not None and not destroy.enabled
    expected = i18n.t("why_destroy_gone", city=name)
    assert destroy.tip == expected  # the tooltip, not the rule's general text
    click(app, *destroy.box.center)
    assert expected in app.toast_text and "R6.1" in app.toast_text


def test_destroy_refusals_name_what_blocks() -> None:
    _cfg, record, _a = positions.search(_on_an_empty_capital)
    state = record.new_state()
    for a in record.actions:
        state.apply_action(a)
    g = next(g for g in state.generals_of(0) if _stands_on_empty(state, g))
    assert coach.destroy_refusal(state, g, None) is not None
    assert coach.destroy_refusal(state, g, None)[0] == "why_destroy_gone"  # type: ignore[index]
    own = state.board.kingdoms[state.seat_kingdom[0]].capitals[0]
    state.gen_city[g] = own  # on an own standing tower
    assert coach.destroy_refusal(state, g, None)[0] == "why_destroy_own"  # type: ignore[index]
    state.acted |= 1 << g
    assert coach.destroy_refusal(state, g, None)[0] == "why_acted"  # type: ignore[index]


# -- 2. why not: the rule that refuses -----------------------------------------------------------
def _track_general_with_a_low_die(s: GameState, a: Action) -> bool:
    """Seat 0 to act, a general of its on the time track whose season has come, a die under
    5 among the dice (R6.2: a return needs a 5 or 6) and a 5 or 6 too, so that the general
    has a return to choose (a general with no action is not picked, its tap explains it)."""
    if not _own_turn(s) or not any(d < 5 for d in s.dice) or max(s.dice, default=0) < 5:
        return False
    return any(_returnable(s, g) for g in s.generals_of(0))


def _returnable(s: GameState, g: int) -> bool:
    return s.gen_city[g] < 0 and 0 <= s.gen_return[g] <= s.round and not s.acted >> g & 1


def test_a_low_die_for_a_general_on_the_time_track_cites_r6_2(app: App, random_ai: None) -> None:
    """A 4 given to a general waiting on the time track said "R5.1: no city is in reach of
    Messalla with a 4"; a general there does not move, it returns, with a 5 or 6 (R6.2)."""
    cfg, record, _a = positions.search(_track_general_with_a_low_die, seeds=range(200))
    scene = _open(app, cfg, record)
    state = scene.view.public
    g = next(g for g in state.generals_of(0) if _returnable(state, g))
    low = max(d for d in state.dice if d < 5)
    pick_die(app, scene, low)
    click(app, *general_point(app, scene, g))
    assert scene.selection.general == g
    assert "R6.2" in app.toast_text and "R5.1" not in app.toast_text
    key, _values = coach.selection_reason(state, scene.session.legal(), g, low) or ("", {})
    assert key == "sel_return_die"
    # and the engine's own sentence for that return cites R6.2 too
    legal = scene.session.legal()
    city = next((a.city for a in legal if isinstance(a, Return) and a.general == g), 0)
    assert intents.why_not(state, Return(g, low, city)).startswith("R6.2")


def test_a_general_that_acted_is_told_so_not_sent_to_another_die() -> None:
    _cfg, record, _a = positions.search(lambda s, a: _own_turn(s) and len(s.dice) == 4)
    state = record.new_state()
    for a in record.actions:
        state.apply_action(a)
    g = next(g for g in state.generals_of(0) if state.gen_city[g] >= 0)
    state.acted |= 1 << g
    key, _values = coach.selection_reason(state, state.legal_actions(), g, 1) or ("", {})
    assert key == "why_acted"


# -- 3. the end of a game ------------------------------------------------------------------------
def test_the_last_actions_are_seen_before_the_summary(app: App, random_ai: None) -> None:
    """The game's last round: the 7 points are announced (R9.7) as the round goes on, and when
    the game ends, what its last actions scored is shown (the banners are no longer swept away
    at the end) before the pause and the summary; the summary waits for the animations."""
    cfg = positions.config(2, players=3)
    whole = positions.played_out(cfg)
    state = whole.new_state()
    scoring, final = -1, -1
    for i, a in enumerate(whole.actions):
        before = state.points[:]
        state.apply_action(a)
        if state.points != before:
            scoring = i
            if final < 0 and max(state.points) >= 7:
                final = i
    assert 0 <= final <= scoring
    cut = GameRecord(whole.num_players, whole.seed, whole.rules, whole.kingdoms)
    cut.actions = list(whole.actions[:final])  # the record up to the 7th point
    scene = _open(app, cfg, cut, settle=False)
    session = scene.session
    for i, a in enumerate(whole.actions[final:], start=final):
        scene._after(session._apply(a, session.state.current_player()), watched=True)
        if i == final and not session.state.is_terminal():
            assert [b for b in scene.events.banners if b.kind == "final"]  # R9.7, at once
            assert scene.status_text().startswith("⚑")
    assert session.state.is_terminal()
    last = [b for b in scene.events.banners if b.kind == "score"]
    assert last, "the last scoring's banner waits to be seen"
    seen_over = False
    for _ in range(3000):
        if scene.events.held is not None:
            scene.events.release()  # the last battle's result, read
        app.frame()
        if scene.events.summary_shown():
            break
        if scene.events.over_t is not None and scene.events.banner_box(scene) is not None:
            seen_over = True  # the game is over, and its last scoring is on screen
        assert not (scene.animator.busy and scene.events.summary_shown())
    assert scene.events.summary_shown()
    assert seen_over
    assert not scene.events.banners  # all read before the summary came up
    assert not [b for b in last if b.kind == "final"]


def test_a_tap_with_no_die_chosen_for_a_general_on_the_time_track_names_r6_2() -> None:
    """A general on the time track selected without a die, a tap on a city that does not light
    up was asked of the engine as a return "with a 0": "R4.2: no unused die shows 0"."""
    _cfg, record, _a = positions.search(_track_general_with_a_low_die, seeds=range(200))
    state = record.new_state()
    for a in record.actions:
        state.apply_action(a)
    g = next(g for g in state.generals_of(0) if _returnable(state, g))
    view = state.observe(0)
    meant = intents.intended_move(view, g, None, 0)
    assert isinstance(meant, Return) and meant.die == max(state.dice)
    assert intents.why_not(state, meant).startswith("R6.2")
