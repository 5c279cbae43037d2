"""A finished game kept, watched again and reviewed: the same code natively and in Pyodide.

The client's pure-Python half (``web.play.session``, ``web.play.last_games``, ``web.play.timeline``,
``web.play.chance_history``) with ``ai.review`` and ``ai.chances``: a seeded AI-only game is played
through a ``MatchSession``, kept among the last games in the storage given (the browser's
real localStorage in the page), read back, laid out as a replay and reviewed. Every answer is
plain JSON so that the two sides can be compared value for value. Shipped into the page with
the bundle (tests/browser/test_wasm.py).
"""

from __future__ import annotations

from typing import Any

from ai import review as review_module
from ai.review import Budget, Review
from game import GameRecord
from web import ai_bridge
from web.play import last_games
from web.play.config import spectator_config
from web.play.session import MatchSession
from web.play.storage import Storage
from web.play.timeline import Timeline

# A small budget: what is compared is that the same code gives the same review, not its depth.
TEST_BUDGET = "wasm-test"


def _played(seed: int, players: int) -> MatchSession:
    session = MatchSession(spectator_config(players, seed, "easy"))
    session.agents.update(ai_bridge.quick_agents(players, "easy"))  # greedy: quick and seeded
    while not session.is_over():
        session.tick(50)
    return session


def kept_replayed_reviewed(storage: Storage, seed: int, players: int) -> dict[str, Any]:
    session = _played(seed, players)
    kept = last_games.remember(storage, session)
    assert kept is not None, "the finished game was not kept"
    listed = last_games.entries(storage)
    text = last_games.load(storage, listed[0])
    assert text is not None, "the kept game cannot be read back"
    record = GameRecord.from_json(text)
    timeline = Timeline(record)
    slices = 0
    while not timeline.build_ms(0):  # an action a slice, whatever the machine's speed
        slices += 1
    final = timeline.state_at(timeline.length)
    review_module.BUDGETS[TEST_BUDGET] = Budget(iterations=24, compare=12, seconds=0.01)
    try:
        review = Review.of_record(record, seats=[0], budget=TEST_BUDGET, seed=seed).run()
    finally:
        del review_module.BUDGETS[TEST_BUDGET]
    reviewed = review.to_dict()
    del reviewed["seconds"]  # the one figure that differs by machine
    return {
        "listed": [[g.players, g.kingdoms, g.winners, g.rounds, g.actions] for g in listed],
        "same_as_played": final.to_json() == session.state.to_json(),
        "final": final.to_json(),
        "replay_slices": slices,
        "chances": [[p.position, p.x, list(p.chances)] for p in timeline.chances.points],
        "match_chances": [[p.position, p.x, list(p.chances)] for p in session.chances.points],
        "review": reviewed,
    }
