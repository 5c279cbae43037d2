"""The seats a save of the client names, in its ``client`` part: who plays each (a person, or
the AI at a level of ``ai.levels``), each seat's kingdom (R3.1), and whether a person alone
against AIs took the seat the seed drew (``seat_drawn``, absent from older saves).

They are read here, below the client (game <- ai <- web, and ai/ may not import web/), so that
the client opening a save (``web.play.config``, ``web.play.session``) and the review of a save
(``ai.review``) refuse the same saves in the same sentence, and find the same person's seats
in the ones they accept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ai.levels import check_level
from game import StateFormatError

HUMAN = "human"
AI = "ai"
RANDOM_KINGDOM = -1
# The seats pick their kingdoms at the table, one after another from seat 1 (R3.1): every seat
# or none, since the engine starts a game with all kingdoms given or none.
PICK_KINGDOM = -2


class SavedSeat(NamedTuple):
    kind: str  # HUMAN or AI
    difficulty: str  # a level of ai.levels
    kingdom: int  # 0..5, RANDOM_KINGDOM or PICK_KINGDOM


def check_seat(kind: str, difficulty: str) -> None:
    """ValueError unless ``kind`` is a person or the AI and ``difficulty`` a level."""
    if kind not in (HUMAN, AI):
        raise ValueError(f"unknown seat kind {kind!r}; choose from {HUMAN}, {AI}")
    check_level(difficulty)


_SEAT_KEYS = ("kind", "difficulty", "kingdom")


def read_seat(data: Any) -> SavedSeat:
    """One seat of a save, or ValueError saying what is wrong with it.

    Every key is required: the client has written all three for every seat since its first
    save (``SeatConfig.to_dict``), so a seat without one is damaged. Filled in, a seat that
    lost its "kind" became an AI, and a save could open with no person's seat."""
    if not isinstance(data, dict):
        raise ValueError("a seat must be an object")
    missing = [key for key in _SEAT_KEYS if key not in data]
    if missing:
        raise ValueError(f"a seat has no {' or '.join(missing)}")
    kind, difficulty, kingdom = (data[key] for key in _SEAT_KEYS)
    if not isinstance(kingdom, int) or isinstance(kingdom, bool) or not -2 <= kingdom < 6:
        raise ValueError(f"bad kingdom {kingdom!r}")
    seat = SavedSeat(str(kind), str(difficulty), kingdom)
    check_seat(seat.kind, seat.difficulty)
    return seat


def check_kingdoms(chosen: Sequence[int]) -> None:
    """ValueError unless the seats' kingdoms agree: every seat picks at the table or none does,
    and no kingdom is chosen for two seats (R3.1). A random kingdom is drawn from those nobody
    chose, so it never meets another."""
    if PICK_KINGDOM in chosen and any(k != PICK_KINGDOM for k in chosen):
        raise ValueError("R3.1: kingdoms are picked in turn by every seat or by none")
    fixed = [k for k in chosen if k >= 0]
    if len(set(fixed)) != len(fixed):
        raise ValueError("R3.1: each kingdom can be taken by one player only")


def read_seats(data: Any, players: int) -> list[SavedSeat] | None:
    """The seats of a client part ``data`` of a game of ``players``, checked one by one and
    together; None when it names none (a record from elsewhere); else ValueError."""
    seats = data.get("seats") if isinstance(data, dict) else None
    if seats is None:
        return None
    if not isinstance(seats, list) or len(seats) != players:
        raise ValueError(f"the seats do not match the game's {players} players")
    read = [read_seat(seat) for seat in seats]
    check_kingdoms([seat.kingdom for seat in read])
    return read


def client_seats(client: Any, players: int) -> list[SavedSeat] | None:
    """The seats a save's ``client`` part names (None: the file has no such part, a record
    from elsewhere), or StateFormatError saying in a sentence that the save is damaged.

    A client part without a list of seats is refused, not read as a record from elsewhere:
    that would give the person the first seat, which in the save an AI may play."""
    if client is None:
        return None
    try:
        if not isinstance(client, dict) or not isinstance(client.get("seats"), list):
            raise ValueError("the client's part holds no list of seats")
        viewer = client.get("viewer", -1)
        if not isinstance(viewer, int) or isinstance(viewer, bool):
            raise ValueError(f"the viewer {viewer!r} is no seat")
        seats = read_seats(client, players)
        # The client writes the seat whose screen it shows: a person's, or -1 with none (the
        # AIs playing alone). Another seat given was ignored unsaid, the first person's shown;
        # a client part without a viewer (made by hand) shows the first person's.
        if "viewer" in client and viewer not in (humans(seats) or [-1]):
            raise ValueError(f"the viewer {viewer!r} is no person's seat")
        drawn = client.get("seat_drawn", False)
        if not isinstance(drawn, bool):
            raise ValueError(f"seat_drawn {drawn!r} is neither true nor false")
        if drawn and len(humans(seats)) != 1:
            raise ValueError("a seat is drawn only for a person alone against AIs")
        return seats
    except ValueError as err:
        raise StateFormatError(
            f"The save is damaged: its seat settings are wrong ({err})."
        ) from None


def client_seat_drawn(client: Any) -> bool:
    """Whether a save's lone person took the seat the seed drew (another game of the same
    settings draws it again), in a client part ``client_seats`` accepted. A save from before
    the client drew it has no such key: its person sat where the save says, by choice."""
    return client is not None and client.get("seat_drawn", False) is True


def humans(seats: Sequence[SavedSeat] | None) -> list[int]:
    """The seats a person plays."""
    return [s for s, seat in enumerate(seats or ()) if seat.kind == HUMAN]


__all__ = [
    "AI",
    "HUMAN",
    "PICK_KINGDOM",
    "RANDOM_KINGDOM",
    "SavedSeat",
    "check_kingdoms",
    "check_seat",
    "client_seat_drawn",
    "client_seats",
    "humans",
    "read_seat",
    "read_seats",
]
