"""A match's configuration: the seats (human or AI with a difficulty; a kingdom, random, or
picked in turn at the table), the rule switches (R8) and the seed. Pure data, no pygame; saved
inside the game record.

The seats are listed in seat order, the order of play (R1.3). Seat 0 moves first every round
and the last seat last, and in the round someone reaches 7 points the last seat answers every
other (R9.7), so where a person sits matters: a person alone against AIs takes a seat drawn
from the seed unless they choose one (``MatchConfig.seat_drawn``); people sharing a device sit
as they were entered.
"""

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
    # The lone person's seat is drawn from the seed (``seat_by_seed``), so that another seed (a
    # rematch) draws it again; False: the seats stay where they are.
    seat_drawn: bool = False

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def humans(self) -> list[int]:
        return [s for s, seat in enumerate(self.seats) if seat.is_human]

    def lone_person(self) -> int | None:
        """The seat of the one person at a table of AIs; None with no person or with several
        (people sharing a device keep the order they were entered in)."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None

    def seat_person(self, seat: int) -> None:
        """Move the lone person to ``seat``, the AI seats keeping their order in the others.
        Each seat's settings go with it: a kingdom chosen for the person stays theirs."""
        person = self.lone_person()
        if person is None:
            raise ValueError("only a person alone against AIs is seated so")
        if not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat} at a table of {self.num_players}")
        seats = list(self.seats)
        seats.insert(seat, seats.pop(person))
        self.seats = seats

    def seat_by_seed(self) -> None:
        """Where ``seat_drawn``, seat the lone person where the seed draws (``drawn_seat``)."""
        if self.seat_drawn and self.lone_person() is not None:
            self.seat_person(drawn_seat(self.seed, self.num_players))

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
        """The same settings with another seed: a seat drawn is drawn again."""
        config = MatchConfig([SeatConfig(**s.to_dict()) for s in self.seats], self.rules, seed,
                             self.seat_drawn)  # fmt: skip
        config.seat_by_seed()
        return config

    def to_dict(self) -> dict[str, Any]:
        drawn = self.seat_drawn and self.lone_person() is not None
        return {"seats": [s.to_dict() for s in self.seats], "seed": self.seed, "seat_drawn": drawn}

    @staticmethod
    def from_dict(data: Any, rules: Rules, seed: int, players: int) -> MatchConfig:
        return MatchConfig.of_saved(read_seats(data, players), rules, seed, players)

    @staticmethod
    def of_saved(
        saved: list[SavedSeat] | None, rules: Rules, seed: int, players: int,
        seat_drawn: bool = False,
    ) -> MatchConfig:  # fmt: skip
        """The configuration of a save's seats, read and checked by ``ai.save_seats``
        (``seat_drawn`` as ``ai.save_seats.client_seat_drawn`` read it)."""
        if saved is None:  # a record from elsewhere: the first seat plays, the others are AIs
            seats = [SeatConfig(HUMAN)] + [SeatConfig() for _ in range(players - 1)]
        else:
            seats = [SeatConfig(*seat) for seat in saved]
        return MatchConfig(seats, rules, seed, seat_drawn)


def drawn_seat(seed: int, players: int) -> int:
    """The seat the seed draws for a person alone against ``players - 1`` AIs: the same seed
    seats them alike, and any seat as often as another over seeds."""
    return random.Random(f"{seed}:person's seat:{players}").randrange(players)


def spectator_config(players: int, seed: int, difficulty: str = "easy") -> MatchConfig:
    return MatchConfig([SeatConfig(AI, difficulty) for _ in range(players)], Rules(), seed)


__all__ = [
    "AI",
    "HUMAN",
    "PICK_KINGDOM",
    "RANDOM_KINGDOM",
    "MatchConfig",
    "SeatConfig",
    "drawn_seat",
    "spectator_config",
]
