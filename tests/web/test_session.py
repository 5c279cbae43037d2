"""The match session (no pygame): turns, AI slices, undo within R4.5, saves, hidden log lines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from game import P_ACTION, P_PICK, IllegalActionError, Rules, StateFormatError
from game.actions import DrawCard, EndTurn, Move
from lab import review
from tests.ai.helpers import GARBLED_CLIENTS, seat
from web.play.config import AI, HUMAN, PICK_KINGDOM, MatchConfig, SeatConfig, spectator_config
from web.play.session import MatchSession
from web.text import describe

if TYPE_CHECKING:
    from web.app import App

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def _human_game(seed: int = 3, players: int = 2, humans: int = 1) -> MatchSession:
    seats = [SeatConfig(HUMAN if s < humans else AI, "easy") for s in range(players)]
    return MatchSession(MatchConfig(seats, seed=seed))


def _run_until_human(session: MatchSession, limit: int = 5000) -> None:
    for _ in range(limit):
        if session.human_to_act() >= 0 and session.legal():
            return
        session.tick(5)
    raise AssertionError("the human was never asked")


def _to_own_action_phase(session: MatchSession) -> None:
    while True:
        _run_until_human(session)
        state = session.state
        if state.phase == P_ACTION and not state.draw_queue and state.active == session.viewer:
            return
        session.submit(session.legal()[0])


def test_ai_only_game_runs_to_the_end(random_ai: None) -> None:
    session = MatchSession(spectator_config(3, 5))
    for _ in range(100_000):
        if session.is_over():
            break
        session.tick(5)
    assert session.is_over()
    assert len(session.scores_by_round) >= 1
    assert session.record.replay().scores() == session.state.scores()


def test_kingdoms_from_config_and_random() -> None:
    config = MatchConfig(
        [SeatConfig(HUMAN, kingdom=3), SeatConfig(AI), SeatConfig(AI, kingdom=0)], seed=9
    )
    kingdoms = config.resolve_kingdoms()
    assert kingdoms is not None
    assert kingdoms[0] == 3 and kingdoms[2] == 0 and len(set(kingdoms)) == 3
    assert config.resolve_kingdoms() == kingdoms  # the seed decides
    session = MatchSession(config)
    assert session.state.seat_kingdom == kingdoms


def test_kingdoms_picked_in_turn_start_the_game_with_the_pick() -> None:
    """R3.1: with every seat set to pick, the game starts without kingdoms and seat 0 picks
    first; a save's seats must all pick or none (the engine takes all kingdoms or none)."""
    seats = [SeatConfig(HUMAN, kingdom=PICK_KINGDOM), SeatConfig(AI, kingdom=PICK_KINGDOM)]
    config = MatchConfig(seats, seed=4)
    assert config.picks and config.resolve_kingdoms() is None
    session = MatchSession(config)
    assert session.record.kingdoms is None
    assert session.state.phase == P_PICK and session.to_act() == 0
    assert set(session.state.seat_kingdom) == {-1}
    session.submit(session.legal()[2])  # the first seat takes the Greeks; a save resumes there
    resumed = MatchSession.from_save(session.save_text())
    assert resumed.state.seat_kingdom[0] == 2 and resumed.state.phase == P_PICK
    assert resumed.config.picks and resumed.rematch().picks
    mixed = {"seats": [seat("human", kingdom=PICK_KINGDOM), seat("ai", kingdom=2)]}
    with pytest.raises(ValueError, match="every seat or by none"):
        MatchConfig.from_dict(mixed, Rules(), 4, 2)
    crafted = json.loads(session.save_text())
    crafted["client"]["seats"] = mixed["seats"]
    with pytest.raises(StateFormatError, match="seat settings are wrong"):
        MatchSession.from_save(json.dumps(crafted))
    with pytest.raises(ValueError, match="bad kingdom"):
        MatchConfig.from_dict({"seats": [seat("ai", kingdom=True), seat("ai")]}, Rules(), 4, 2)
    with pytest.raises(ValueError, match="one player only"):
        MatchConfig.from_dict({"seats": [seat("ai", kingdom=2)] * 2}, Rules(), 4, 2)
    with pytest.raises(ValueError, match="a seat has no kind"):  # not an AI filled in
        MatchConfig.from_dict({"seats": [{"difficulty": "easy", "kingdom": 2}, seat("ai")]},
                              Rules(), 4, 2)  # fmt: skip


def test_human_cannot_act_out_of_turn(random_ai: None) -> None:
    session = _human_game()
    _run_until_human(session)
    legal = session.legal()
    assert legal
    session.viewer = 1  # a different seat holds the device
    with pytest.raises(IllegalActionError):
        session.submit(legal[0])


def test_undo_back_to_the_roll_but_not_past_it(random_ai: None) -> None:
    session = _human_game(seed=4)
    _to_own_action_phase(session)
    assert not session.can_undo()  # the roll is a barrier (R4.5)
    before = session.state.to_json()
    move = next(a for a in session.legal() if isinstance(a, Move))
    session.submit(move)
    if session.state.phase == P_ACTION and session.human_to_act() == session.viewer:
        assert session.can_undo()
        assert session.undo()
        assert session.state.to_json() == before
        assert not session.can_undo()


def test_end_turn_is_final(random_ai: None) -> None:
    session = _human_game(seed=5)
    _to_own_action_phase(session)
    end = next(a for a in session.legal() if isinstance(a, EndTurn))
    session.submit(end)
    assert not session.can_undo()


def test_save_round_trip_and_refusals(random_ai: None) -> None:
    session = _human_game(seed=6, players=3, humans=2)
    for _ in range(300):
        if session.human_to_act() >= 0:
            session.viewer = session.human_to_act()
            session.submit(session.legal()[0])
        else:
            session.tick(5)
    text = session.save_text()
    data = json.loads(text)
    assert data["format"] == "strategos-record" and data["client"]["seats"][1]["kind"] == HUMAN
    again = MatchSession.from_save(text)
    assert again.state.to_json() == session.state.to_json()
    assert again.config.humans() == [0, 1]
    assert len(again.log) == len(session.log)
    for bad in (
        "not json",
        "{}",
        json.dumps({"format": "strategos-record", "version": 99}),
        text.replace('"type": "roll"', '"type": "rol"', 1),
    ):
        with pytest.raises(StateFormatError):
            MatchSession.from_save(bad)


def test_foreign_record_without_client_plays_seat_zero() -> None:
    session = _human_game(seed=7)
    data = json.loads(session.save_text())
    del data["client"]
    again = MatchSession.from_save(json.dumps(data))
    assert again.config.humans() == [0]


@pytest.mark.parametrize(
    "client",
    [5, "seats", [], {}, {"seed": 1}, {"seats": None}, "viewer"],
    ids=["number", "text", "list", "empty", "no_seats", "null_seats", "viewer"],
)
def test_a_save_whose_client_part_is_garbled_is_refused(client: object) -> None:
    """Read as a record from elsewhere, it would give the person the first seat, which in
    this save an AI plays: the person's own kingdom would go to the AI, unseen."""
    session = _human_game(seed=7)
    data = json.loads(session.save_text())
    if client == "viewer":
        data["client"]["viewer"] = "me"
    else:
        data["client"] = client
    with pytest.raises(StateFormatError, match="seat settings are wrong"):
        MatchSession.from_save(json.dumps(data))


@pytest.mark.parametrize("client", GARBLED_CLIENTS.values(), ids=GARBLED_CLIENTS.keys())
def test_the_review_of_a_save_refuses_it_as_the_client_does(
    client: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One check of a save's seats (ai.save_seats), below the client: python -m lab.review
    refuses the saves the client refuses, in the client's sentence."""
    data = json.loads(_human_game(seed=7).save_text())
    data["client"] = client
    text = json.dumps(data)
    with pytest.raises(StateFormatError) as refused:
        MatchSession.from_save(text)
    save = tmp_path / "save.json"
    save.write_text(text)
    assert review.main([str(save)]) == 2
    assert capsys.readouterr().err == f"{save}: {refused.value}\n"


def test_a_save_with_a_byte_order_mark_keeps_its_seats() -> None:
    session = _human_game(seed=7)
    data = json.loads(session.save_text())
    data["client"]["seats"][0]["kind"], data["client"]["seats"][1]["kind"] = AI, HUMAN
    data["client"]["viewer"] = 1  # the person's seat, as the client writes it
    again = MatchSession.from_save("\ufeff" + json.dumps(data))
    assert again.config.humans() == [1]


def test_log_hides_other_seats_cards(random_ai: None) -> None:
    session = _human_game(seed=8, players=2)
    for _ in range(50):
        session.tick(5)
        if session.human_to_act() >= 0:
            session.submit(session.legal()[0])
    board = session.state.board
    draws = [e for e in session.log if isinstance(e.action, DrawCard)]
    assert draws
    for entry in draws:
        assert isinstance(entry.action, DrawCard)
        mine = describe.log_line(board, entry, viewer=0)
        theirs = describe.log_line(board, entry, viewer=1)
        card = describe.card_text(board, entry.action.card)
        if entry.drawer == 0:
            assert card in mine and card not in theirs
        else:
            assert card not in mine and card in theirs


def test_hot_seat_handover(random_ai: None) -> None:
    session = _human_game(seed=9, players=2, humans=2)
    seen = set()
    for _ in range(400):
        who = session.human_to_act()
        if who >= 0:
            if session.needs_handover():
                seen.add(who)
                session.take_over(who)
            session.submit(session.legal()[0])
        else:
            session.tick(5)
    assert seen  # the device changed hands at least once


def test_rematch_keeps_the_settings() -> None:
    session = _human_game(seed=10, players=3)
    again = session.rematch()
    assert [s.to_dict() for s in again.seats] == [s.to_dict() for s in session.config.seats]
    assert again.rules == session.config.rules and again.seed == 11


def test_hint_returns_legal_moves(random_ai: None) -> None:
    session = _human_game(seed=11)
    _to_own_action_phase(session)
    assert session.start_hint()
    found = None
    for _ in range(100):
        found = session.step_hint(5)
        if found is not None:
            break
    assert found and all(i.action in session.legal() for i in found)


def test_ai_seats_keep_their_agent_so_a_turn_goes_on_from_its_tree() -> None:
    """Each AI seat keeps one agent for the game: its next decision of the turn reuses the
    subtree of the action it chose (ai.ismcts), as in the arena."""
    session = MatchSession(spectator_config(2, 5, "easy"))
    while len(session.record.actions) < 60 and not session.is_over():
        session.tick(1000.0)
    assert session.agents
    assert {seat for seat, _ in session.agents} <= {0, 1}
    kept = dict(session.agents)
    for _ in range(40):
        session.tick(1000.0)
    assert all(session.agents[key] is agent for key, agent in kept.items())


def test_both_seasons_of_the_map_are_kept_for_the_camera(app: App) -> None:
    """A change of season must not cost a frame a full redraw of the map (issue: frame time)."""
    from game import default_map
    from web.render.mapart import BoardGeometry, MapArt
    from web.ui.layout import Camera, MatchLayout

    art = MapArt(BoardGeometry(default_map()))
    cam = Camera(MatchLayout().map)
    summer = art.surface(cam, False)
    assert art.prepare(cam, True)  # drawn ahead of time
    assert not art.prepare(cam, True)
    winter = art.surface(cam, True)
    assert art.surface(cam, False) is summer and art.surface(cam, True) is winter
    cam.scale *= 1.5
    cam_key_changed = art.surface(cam, False)
    assert cam_key_changed is not summer
    assert art.prepare(cam, True)  # the old camera's pictures are gone


def test_move_now_makes_the_thinking_ai_play_its_best_move_so_far() -> None:
    session = MatchSession(MatchConfig([SeatConfig(HUMAN), SeatConfig(AI, "expert")], seed=4))
    assert not session.hurry()  # nobody is thinking
    for _ in range(5000):
        if session.thinking is not None:
            break
        if session.human_to_act() >= 0 and session.legal():
            session.submit(session.legal()[-1])
        else:
            session.tick(5)
    assert session.thinking is not None  # expert needs seconds, not one 5 ms slice
    before = len(session.record.actions)
    legal = session.state.legal_actions()
    assert session.hurry()
    applied = session.tick(5)
    assert applied is not None and applied.actor == 1 and applied.action in legal
    assert len(session.record.actions) == before + 1
    assert session.thinking is None and not session.hurried
