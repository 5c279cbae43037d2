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
    # One-ply lookahead on the hand-built evaluation: about 20 ms a decision in two-seat games
    # (experiments/policy.md, P2), 70 ms at the bench's four-seat positions of 200-300 actions.
    "beginner": "greedy",
    # The tactics policy, no search (about 1 ms a decision); it beat beginner in L5.
    "easy": "policy:tactics",
    # Beat easy 0.605 (0.536-0.670) of 200 games with the root's one-ply differences at a
    # tenth (L3'', experiments/ladder.md); searching with v3 at full scale it had won 0.627 (L3'),
    # with v1 0.630 (L3). Ladder runs are two-seat games; at more seats normal searches with
    # "threat" at full scale (experiments/exit.md, Z6), its playouts ending with its own turn,
    # at 260 iterations (Z7').
    "normal": "ismcts:normal",
    # Not a step above normal (0.552 of 200, L2): kept for saves that name it, not offered.
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
