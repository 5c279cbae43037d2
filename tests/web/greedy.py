"""A tiny greedy stand-in for AI seats in screenshot tests, so the pictures show a lively game."""

from __future__ import annotations

import random

from game.actions import Build, Destroy, Move, Return, Train
from web import ai_bridge

PRIORITY = {Destroy: 5, Build: 5, Return: 4, Train: 3}


class GreedyThinking:
    failure = None

    def __init__(self, view, legal, rng: random.Random) -> None:
        state = view.public
        seat = view.seat

        def score(action) -> float:
            base = PRIORITY.get(type(action), 0)
            if isinstance(action, Move):
                owner = state.tower_owner[action.dest]
                if owner >= 0 and owner != seat and state.floors[action.dest] > 0:
                    base = 4.5
                elif any(c == action.dest for c in state.gen_city):
                    base = 2
                else:
                    base = 1
            return base + rng.random()

        self._choice = max(legal, key=score)
        self.chance = 0.2 + 0.6 * rng.random()
        self.done = False

    def step_ms(self, ms: float) -> bool:
        self.done = True
        return True

    def progress(self) -> float:
        return 1.0 if self.done else 0.0

    def best_action(self):
        return self._choice

    def explain(self, top: int = 3):
        return [ai_bridge.Insight(self._choice, 0.5, self.chance)]


def install(monkeypatch) -> None:
    def begin(view, legal, difficulty, seed, agents=None):
        return GreedyThinking(view, legal, random.Random(seed))

    monkeypatch.setattr(ai_bridge, "begin", begin)
