"""The chart's win chances (web.play.chance_history): a point at every turn start for every
seat, the human's too, summing to 1; the same after a save is resumed or a record replayed; an undo
forgets nothing it should keep."""

from __future__ import annotations

from ai.chances import is_turn_start, table_chances
from web.play.config import AI, HUMAN, MatchConfig, SeatConfig, spectator_config
from web.play.session import MatchSession
from web.play.timeline import Timeline

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def _played(config: MatchConfig, limit: int = 100_000) -> MatchSession:
    session = MatchSession(config)
    for _ in range(limit):
        if session.is_over():
            return session
        if session.human_to_act() >= 0:
            session.submit(session.legal()[0])
        else:
            session.tick(5)
    raise AssertionError("the game did not end")


def test_every_seat_has_a_point_at_every_turn_start(random_ai: None) -> None:
    config = MatchConfig([SeatConfig(HUMAN), SeatConfig(AI), SeatConfig(AI)], seed=4)
    session = _played(config)
    points = session.chances.points
    state = session.record.new_state()
    starts = []
    for position, action in enumerate(session.record.actions):
        if is_turn_start(state):
            starts.append(position)
        state.apply_action(action)
    assert len(starts) > 15
    assert [p.position for p in points[:-1]] == starts
    for p in points:
        assert len(p.chances) == 3
        assert abs(sum(p.chances) - 1.0) < 1e-9
    xs = [p.x for p in points]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    assert points[-1].chances == tuple(session.state.returns())
    assert len(session.chances.series(0)) == len(points)  # the human's seat too


def test_the_history_survives_a_save_and_a_replay(random_ai: None) -> None:
    session = _played(spectator_config(4, 11))
    resumed = MatchSession.from_save(session.save_text())
    assert resumed.chances.points == session.chances.points
    timeline = Timeline(session.record)
    while not timeline.build_ms(50):
        pass
    assert timeline.chances.points == session.chances.points


def test_a_point_is_the_estimate_of_its_position(random_ai: None) -> None:
    session = _played(spectator_config(2, 8))
    timeline = Timeline(session.record)
    while not timeline.build_ms(50):
        pass
    for point in session.chances.points[:-1:5]:
        assert point.chances == tuple(table_chances(timeline.state_at(point.position)))


def test_undo_forgets_only_later_points() -> None:
    session = MatchSession(MatchConfig([SeatConfig(HUMAN), SeatConfig(AI, "easy")], seed=3))
    for _ in range(5000):
        if session.human_to_act() >= 0 and session.can_undo():
            break
        if session.human_to_act() >= 0:
            session.submit(session.legal()[0])
        else:
            session.tick(5)
    before = list(session.chances.points)
    assert session.undo()
    assert session.chances.points == [
        p for p in before if p.position <= len(session.record.actions)
    ]
