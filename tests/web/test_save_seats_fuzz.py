"""A save's ``client`` part is input from outside: whatever its seats and viewer say, opening
the save either refuses it with a sentence (StateFormatError) or gives a session that plays
its game to the end, every seat acting when its turn comes (R11's handover included)."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import StateFormatError
from web.play.config import AI, HUMAN, PICK_KINGDOM, RANDOM_KINGDOM, MatchConfig, SeatConfig
from web.play.session import MatchSession

pytest_plugins = ["tests.web.support"]  # the client test fixtures

_SAVES: dict[tuple[int, int, bool], str] = {}


def _play(session: MatchSession, rng: random.Random, limit: int) -> None:
    """Every seat acts in turn (the AI seats by ``tick``, the people at random) for ``limit``
    steps or to the end."""
    for _ in range(limit):
        if session.is_over():
            return
        if session.needs_handover():
            session.take_over(session.human_to_act())
        if session.human_to_act() >= 0 and session.legal():
            session.submit(rng.choice(session.legal()))
        else:
            session.tick(5)


def _save(players: int, steps: int, pick: bool) -> str:
    """A save of a game of ``players`` after ``steps``, its kingdoms dealt or to be picked."""
    key = (players, steps, pick)
    if key not in _SAVES:
        kingdom = PICK_KINGDOM if pick else RANDOM_KINGDOM
        seats = [SeatConfig(HUMAN if s == 0 else AI, "beginner", kingdom) for s in range(players)]
        session = MatchSession(MatchConfig(seats, seed=players + steps))
        _play(session, random.Random(steps), steps)
        _SAVES[key] = session.save_text()
    return _SAVES[key]


SEAT = st.fixed_dictionaries(
    {},
    optional={
        "kind": st.sampled_from([HUMAN, AI, HUMAN, AI, "robot", 1]),
        "difficulty": st.sampled_from(["beginner", "easy", "normal", "hard", "godlike", ""]),
        "kingdom": st.integers(-3, 6) | st.booleans() | st.none(),
    },
)
WORDS: st.SearchStrategy[object] = st.sampled_from([True, 0.5, "0", None, [], {}])


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    players=st.integers(2, 6),
    steps=st.sampled_from([0, 2, 40, 300]),
    pick=st.booleans(),
    seats=st.lists(SEAT, min_size=1, max_size=7),
    viewer=st.integers(-2, 7) | WORDS,
    keep_length=st.booleans(),
)
def test_any_seats_of_a_save_are_refused_or_play_to_the_end(
    random_ai: None,
    players: int,
    steps: int,
    pick: bool,
    seats: list[dict[str, Any]],
    viewer: object,
    keep_length: bool,
) -> None:
    data = json.loads(_save(players, steps, pick))
    if keep_length:  # most saves name as many seats as the game has: test more than length
        seats = (seats * players)[:players]
    data["client"] = {**data["client"], "seats": seats, "viewer": viewer}
    try:
        session = MatchSession.from_save(json.dumps(data))
    except StateFormatError as refused:
        assert str(refused).startswith("The save is damaged"), refused
        return
    assert session.viewer in (*session.humans, -1)
    _play(session, random.Random(players), 200_000)
    assert session.is_over()
    assert session.record.replay().scores() == session.state.scores()
