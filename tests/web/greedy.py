"""A tiny greedy stand-in for AI seats in screenshot tests, so the pictures show a lively game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game import Action, PlayerView
from game.actions import Build, Destroy, Move, Return, Train
from web import ai_bridge

PRIORITY: dict[type[Action], float] = {Destroy: 5, Build: 5, Return: 4, Train: 3}


class GreedyThinking:
    failure: str | None = None

    def __init__(self, view: PlayerView, legal: list[Action], rng: random.Random) -> None:
        state = view.public
        seat = view.seat

        def score(action: Action) -> float:
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

    def best_action(self) -> Action:
        return self._choice

    def explain(self, top: int = 3) -> list[ai_bridge.Insight]:
        return [ai_bridge.Insight(self._choice, 0.5, self.chance)]


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    def begin(
        view: PlayerView,
        legal: list[Action],
        difficulty: str,
        seed: int,
        agents: dict[ai_bridge.AgentKey, Any] | None = None,
    ) -> GreedyThinking:
        return GreedyThinking(view, legal, random.Random(seed))

    monkeypatch.setattr(ai_bridge, "begin", begin)
