"""A match's configuration: the seats (human or AI with a difficulty; a kingdom, random, or
picked in turn at the table), the rule switches (R8) and the seed. Pure data, no pygame; saved
inside the game record."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game import Rules
from web.ai_bridge import check_difficulty

HUMAN = "human"
AI = "ai"
RANDOM_KINGDOM = -1
# The seats pick their kingdoms at the table, one after another from seat 1 (R3.1): every seat
# or none, since the engine starts a game with all kingdoms given or none.
PICK_KINGDOM = -2


@dataclass
class SeatConfig:
    kind: str = AI
    difficulty: str = "normal"
    kingdom: int = RANDOM_KINGDOM

    def __post_init__(self) -> None:
        # Refused here, where a level is chosen (form, command line, save), not later by the AI.
        if self.kind not in (HUMAN, AI):
            raise ValueError(f"unknown seat kind {self.kind!r}; choose from {HUMAN}, {AI}")
        check_difficulty(self.difficulty)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "difficulty": self.difficulty, "kingdom": self.kingdom}

    @staticmethod
    def from_dict(data: Any) -> SeatConfig:
        if not isinstance(data, dict):
            raise ValueError("a seat must be an object")
        kingdom = data.get("kingdom", RANDOM_KINGDOM)
        if not isinstance(kingdom, int) or isinstance(kingdom, bool) or not -2 <= kingdom < 6:
            raise ValueError(f"bad kingdom {kingdom!r}")
        return SeatConfig(str(data.get("kind", AI)), str(data.get("difficulty", "normal")), kingdom)


@dataclass
class MatchConfig:
    seats: list[SeatConfig] = field(
        default_factory=lambda: [SeatConfig(HUMAN), SeatConfig(), SeatConfig(), SeatConfig()]
    )
    rules: Rules = field(default_factory=Rules)
    seed: int = 1

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def humans(self) -> list[int]:
        return [s for s, seat in enumerate(self.seats) if seat.is_human]

    @property
    def picks(self) -> bool:
        """The seats pick their kingdoms in turn at the table (R3.1)."""
        return all(s.kingdom == PICK_KINGDOM for s in self.seats)

    def resolve_kingdoms(self) -> list[int] | None:
        """Each seat's kingdom: the chosen ones, the random ones drawn from the seed; None when
        the seats pick them at the table."""
        chosen = [s.kingdom for s in self.seats]
        if PICK_KINGDOM in chosen:
            if not self.picks:
                raise ValueError("R3.1: kingdoms are picked in turn by every seat or by none")
            return None
        rng = random.Random(self.seed * 7919 + 17)
        free = [k for k in range(6) if k not in chosen]
        rng.shuffle(free)
        out = []
        for k in chosen:
            out.append(k if k >= 0 else free.pop())
        if len(set(out)) != len(out):
            raise ValueError("R3.1: each kingdom can be taken by one player only")
        return out

    def with_seed(self, seed: int) -> MatchConfig:
        return MatchConfig([SeatConfig(**s.to_dict()) for s in self.seats], self.rules, seed)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": [s.to_dict() for s in self.seats], "seed": self.seed}

    @staticmethod
    def from_dict(data: Any, rules: Rules, seed: int, players: int) -> MatchConfig:
        seats_raw = data.get("seats") if isinstance(data, dict) else None
        if seats_raw is None:  # a record from elsewhere: the first seat plays, the others are AIs
            seats = [SeatConfig(HUMAN)] + [SeatConfig() for _ in range(players - 1)]
        elif isinstance(seats_raw, list) and len(seats_raw) == players:
            seats = [SeatConfig.from_dict(s) for s in seats_raw]
        else:
            raise ValueError(f"the seats do not match the game's {players} players")
        config = MatchConfig(seats, rules, seed)
        config.resolve_kingdoms()  # the seats' kingdoms agree with one another
        return config


def spectator_config(players: int, seed: int, difficulty: str = "easy") -> MatchConfig:
    return MatchConfig([SeatConfig(AI, difficulty) for _ in range(players)], Rules(), seed)
