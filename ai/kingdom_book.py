"""Which kingdom to pick (R3.1): a book of measured win shares instead of a search.

A pick comes once, before any die, and a search judges it by where a turn or two of play
leaves the kingdoms, when at setup every kingdom looks alike; yet the kingdoms are not alike on
the map (R2.5). A book (``ai/data/kingdoms_<name>.json``, written by ``tools/kingdom_table.py``)
holds how often each kingdom won over many games:

- at two seats, for every ordered pair of kingdoms, how often seat 0 won: the first to pick
  takes the kingdom whose worst pairing is best (the other seat then picks its best reply),
  the second takes its best reply to the kingdom already taken;
- at three to six seats, each kingdom's share of wins among games it was dealt into: the
  seat takes the best kingdom left.

The values it gives are those win shares: measured chances, shown as the pick's win chance.

The same games also say what a seat is worth: every player takes a turn in seat order each
round (R1.3) and the round in which someone reaches 7 points is played to its end (R9.7), so
the last seat answers everyone in the final round. ``seat_order`` holds, for each seat count,
the games and each seat's wins (``KingdomBook.seat_share``), which the new-game form shows.
A book written before the seat table was counted has none: ``seat_share`` is then None, until
the book is made again (``./build.sh train kingdoms``, which counts it from the same games).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ai.model_file import DATA_DIR, ModelError, is_number, read_model
from game import Action, GameState
from game.actions import PickKingdom

BOOK_FORMAT = "strategos-kingdom-book"
KINGDOMS = 6
SEAT_COUNTS = ("2", "3", "4", "5", "6")


class KingdomBook:
    """Win shares by kingdom, read from a checked book file."""

    def __init__(self, data: dict[str, Any], name: str) -> None:
        self.name = name
        pairs = data.get("pairs")
        seats = data.get("seats")
        if not isinstance(pairs, dict) or not isinstance(seats, dict):
            raise ModelError(f"the kingdom book {name!r} has no pairs or seats table")
        self.pair_share = _shares(pairs, name, "pairs", matrix=True)
        self.share = {
            n: _shares(seats.get(n), name, f"seats {n}", matrix=False)[0] for n in SEAT_COUNTS
        }
        order = data.get("seat_order")
        self._seat_share: dict[int, list[float]] | None = None
        if order is not None:  # absent from a book written before it was counted
            if not isinstance(order, dict) or set(order) != set(SEAT_COUNTS):
                raise ModelError(f"the kingdom book {name!r}: its seat_order table is not one "
                                 f"table for each of {', '.join(SEAT_COUNTS)} seats")  # fmt: skip
            self._seat_share = {
                int(n): _seat_shares(order[n], seats[n], int(n), name) for n in SEAT_COUNTS
            }

    def seat_share(self, players: int) -> list[float] | None:
        """Each seat's share of the wins in the book's games of ``players`` seats, seat 0
        first (a shared win counted as its share); None if the book has no seat table."""
        if str(players) not in SEAT_COUNTS:
            raise ValueError(f"{players} players: a game has {SEAT_COUNTS[0]} to {SEAT_COUNTS[-1]}")
        return None if self._seat_share is None else list(self._seat_share[players])

    def values(self, state: GameState, legal: Sequence[Action], seat: int) -> list[float]:
        """The win share the book gives each legal pick of ``seat``, the seat to pick (0 for
        any other action)."""
        taken = {state.kingdom_seat[k]: k for k in range(KINGDOMS) if state.kingdom_seat[k] >= 0}
        out = []
        for a in legal:
            if not isinstance(a, PickKingdom):
                out.append(0.0)
            elif state.num_players == 2:
                out.append(self._two_seats(a.kingdom, seat, taken.get(1 - seat)))
            else:
                out.append(self.share[str(state.num_players)][a.kingdom])
        return out

    def _two_seats(self, mine: int, seat: int, theirs: int | None) -> float:
        def share(other: int) -> float:
            if seat == 0:
                return self.pair_share[mine][other]
            return 1.0 - self.pair_share[other][mine]

        if theirs is not None:
            return share(theirs)
        return min(share(other) for other in range(KINGDOMS) if other != mine)


def _shares(table: object, name: str, part: str, matrix: bool) -> list[list[float]]:
    """wins / games of a table part, checked: 6x6 (``matrix``, a kingdom never against
    itself) or 1x6 lists of games and of wins, each kingdom played, no more wins than games."""
    bad = ModelError(f"the kingdom book {name!r}: its {part} table is not well formed")
    if not isinstance(table, dict):
        raise bad
    games, wins = table.get("games"), table.get("wins")
    rows_g = games if matrix else [games]
    rows_w = wins if matrix else [wins]
    if not isinstance(rows_g, list) or not isinstance(rows_w, list):
        raise bad
    if len(rows_g) != (KINGDOMS if matrix else 1) or len(rows_w) != len(rows_g):
        raise bad
    shares: list[list[float]] = []
    for i, (row_g, row_w) in enumerate(zip(rows_g, rows_w, strict=True)):
        if not isinstance(row_g, list) or not isinstance(row_w, list):
            raise bad
        if len(row_g) != KINGDOMS or len(row_w) != KINGDOMS:
            raise bad
        row = []
        for j, (g, w) in enumerate(zip(row_g, row_w, strict=True)):
            if not (is_number(g) and is_number(w) and 0 <= w <= g):
                raise bad
            diagonal = matrix and i == j
            if diagonal != (g == 0):
                what = "games of a kingdom against itself" if diagonal else "a kingdom never played"
                raise ModelError(f"the kingdom book {name!r}: its {part} table has {what}")
            row.append(float(w) / g if g else 0.0)
        shares.append(row)
    return shares


def _seat_shares(table: object, seats: dict[str, Any], players: int, name: str) -> list[float]:
    """wins / games of the seat table of ``players`` seats, checked: a number of games, and
    for each seat no more wins than games, the wins adding up to one a game (each game has a
    winner, or winners sharing one), over the games the kingdoms' table counts at as many seats
    (each of them deals ``players`` kingdoms)."""
    part = f"seat_order {players}"
    bad = ModelError(f"the kingdom book {name!r}: its {part} table is not well formed")
    if not isinstance(table, dict):
        raise bad
    games, wins = table.get("games"), table.get("wins")
    if not (isinstance(games, int) and not isinstance(games, bool) and games > 0):
        raise bad
    if not isinstance(wins, list) or len(wins) != players:
        raise bad
    if not all(is_number(w) and 0 <= w <= games for w in wins):
        raise bad
    # Sums of shares like 1/3, rounded to 9 places when written: one win a game, give or
    # take a millionth of them (a game left out or counted twice is a quarter of a win at least).
    if abs(math.fsum(wins) - games) > 1e-6 * games:
        raise ModelError(f"the kingdom book {name!r}: its {part} table has "
                         f"{math.fsum(wins):g} wins in {games} games, not one a game")  # fmt: skip
    if games * players != sum(seats["games"]):
        raise ModelError(f"the kingdom book {name!r}: its {part} table counts other games "
                         f"than its seats {players} table")  # fmt: skip
    return [w / games for w in wins]


def book_path(name: str) -> Path:
    return DATA_DIR / f"kingdoms_{name}.json"


def book_names() -> list[str]:
    return sorted(p.stem.removeprefix("kingdoms_") for p in DATA_DIR.glob("kingdoms_*.json"))


@cache
def kingdom_book(name: str) -> KingdomBook:
    """The book ``ai/data/kingdoms_<name>.json``; a ``ModelError`` if it is not one."""
    if name not in book_names():
        raise ModelError(f"unknown kingdom book {name!r}; choose from {', '.join(book_names())}")
    data = read_model(book_path(name), BOOK_FORMAT, "kingdom book")
    return KingdomBook(data, name)


__all__ = ["BOOK_FORMAT", "KINGDOMS", "KingdomBook", "book_names", "kingdom_book"]
