"""A match's configuration: the seats (human or AI with a difficulty; a kingdom, random, or
picked in turn at the table), the rule switches (R8) and the seed. Pure data, no pygame; saved
inside the game record."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game import Rules
from web.ai_bridge import (
    AI,
    HUMAN,
    PICK_KINGDOM,
    RANDOM_KINGDOM,
    SavedSeat,
    check_kingdoms,
    check_seat,
    read_seat,
    read_seats,
)


@dataclass
class SeatConfig:
    kind: str = AI
    difficulty: str = "normal"
    kingdom: int = RANDOM_KINGDOM

    def __post_init__(self) -> None:
        # Refused here, where a level is chosen (form, command line, save), not later by the AI.
        check_seat(self.kind, self.difficulty)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "difficulty": self.difficulty, "kingdom": self.kingdom}

    @staticmethod
    def from_dict(data: Any) -> SeatConfig:
        return SeatConfig(*read_seat(data))


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
        check_kingdoms(chosen)
        if PICK_KINGDOM in chosen:
            return None
        rng = random.Random(self.seed * 7919 + 17)
        free = [k for k in range(6) if k not in chosen]
        rng.shuffle(free)
        return [k if k >= 0 else free.pop() for k in chosen]

    def with_seed(self, seed: int) -> MatchConfig:
        return MatchConfig([SeatConfig(**s.to_dict()) for s in self.seats], self.rules, seed)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": [s.to_dict() for s in self.seats], "seed": self.seed}

    @staticmethod
    def from_dict(data: Any, rules: Rules, seed: int, players: int) -> MatchConfig:
        return MatchConfig.of_saved(read_seats(data, players), rules, seed, players)

    @staticmethod
    def of_saved(
        saved: list[SavedSeat] | None, rules: Rules, seed: int, players: int
    ) -> MatchConfig:
        """The configuration of a save's seats, read and checked by ``ai.save_seats``."""
        if saved is None:  # a record from elsewhere: the first seat plays, the others are AIs
            seats = [SeatConfig(HUMAN)] + [SeatConfig() for _ in range(players - 1)]
        else:
            seats = [SeatConfig(*seat) for seat in saved]
        return MatchConfig(seats, rules, seed)


def spectator_config(players: int, seed: int, difficulty: str = "easy") -> MatchConfig:
    return MatchConfig([SeatConfig(AI, difficulty) for _ in range(players)], Rules(), seed)


__all__ = [
    "AI",
    "HUMAN",
    "PICK_KINGDOM",
    "RANDOM_KINGDOM",
    "MatchConfig",
    "SeatConfig",
    "spectator_config",
]
