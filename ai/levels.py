"""The levels a player picks for an AI seat: each one a named agent (an ``ai.registry`` spec).

A level is a promise about strength, so the table is drawn from measurements
(experiments/ladder.md): each offered level beat the one below it in at least 0.60 of at least
200 two-player games, with the lower Wilson bound above 0.5. ``ismcts:<level>`` is the search's
budget of that name; a level need not be a search at all.

Every level here can be named by a save or the command line; ``OFFERED`` are the ones a new game
lets a player choose, weakest first.
"""

from __future__ import annotations

from ai.agents import Agent
from ai.registry import agent_from_spec

LEVELS: dict[str, str] = {
    "beginner": "greedy",  # one-ply lookahead on the hand-built evaluation
    "easy": "policy:tactics",  # the tactics policy, no search
    "normal": "ismcts:normal",
    # Not a step above normal (experiments/ladder.md): kept for saves that name them.
    "hard": "ismcts:hard",
    "expert": "ismcts:expert",
}

OFFERED: tuple[str, ...] = ("beginner", "easy", "normal")


def check_level(level: str) -> str:
    """``level`` itself, or a ValueError naming the levels there are."""
    if level not in LEVELS:
        raise ValueError(f"unknown difficulty {level!r}; choose from {', '.join(LEVELS)}")
    return level


def level_agent(level: str) -> Agent:
    """A new agent that plays at ``level``."""
    return agent_from_spec(LEVELS[check_level(level)])


__all__ = ["LEVELS", "OFFERED", "check_level", "level_agent"]
