"""Driving a match session directly, for tests of what the client keeps (saves, last games)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from web.play.session import MatchSession


def play_a_step(session: MatchSession) -> None:
    """One step of a match: a person to act plays their first legal action (taking the seat
    over in a hot-seat game), else the AI thinks one slice."""
    who = session.human_to_act()
    if who >= 0:
        session.take_over(who)
        session.submit(session.legal()[0])
    else:
        session.tick(5)
