"""A played game laid out for watching again: any position on demand, the log, the turns and
seasons to step by, what each seat may see (pure Python, no pygame).

The record is replayed once, in slices (``build_ms``), keeping a copy of the state every
``SNAPSHOT_EVERY`` actions: a jump to any position then replays at most that many actions, so
no frame waits on a replay from the start, however long the game.

What is shown follows the choice made when the replay opens: one seat's ``PlayerView``
(``observe``), or, once the game is over, ``OPEN``: every hand and coin face up.
"""

from __future__ import annotations

import time
from bisect import bisect_left, bisect_right

from game import CHANCE, GameRecord, GameState, PlayerView
from web.play.chance_history import ChanceHistory
from web.play.session import Applied, apply_action

SNAPSHOT_EVERY = 16
OPEN = -1  # the view with nothing hidden (only for a game that is over)


def open_view(state: GameState, seat: int) -> PlayerView:
    """A view of ``state`` that hides nothing: every hand, the decks and committed coins."""
    public = state.clone()
    public.seed = 0  # the dice to come are no part of any view
    public._legal = None
    cards = state.board.cards
    counts = []
    for hand in state.hands:
        ordinary = sum(1 for c in hand if cards[c].deck == 0)
        counts.append((ordinary, len(hand) - ordinary))
    return PlayerView(seat, public, counts, ())


class Timeline:
    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.actions = list(record.actions)
        start = record.new_state()
        self.num_players = start.num_players
        self._cursor = start.clone()
        self._snapshots: list[GameState] = [start]
        self.entries: list[Applied] = []
        self.rounds: list[int] = [start.round]  # per position (actions applied so far)
        self.actives: list[int] = [start.active]
        self.actors: list[int] = []  # per action: the seat that decided it, or CHANCE
        self.scores_by_round: list[list[int]] = []
        self.chances = ChanceHistory()  # as the match took them
        self.chances.note(start, 0)
        self.turn_starts: list[int] = [0]  # positions where another seat's turn begins
        self.season_starts: list[int] = [0]
        self.built = not self.actions
        self.final: GameState | None = start.clone() if self.built else None

    @property
    def length(self) -> int:
        """The last position: every action applied."""
        return len(self.actions)

    def progress(self) -> float:
        return 1.0 if self.built else len(self.entries) / max(1, len(self.actions))

    def build_ms(self, ms: float) -> bool:
        """Replay some more of the record; True once every position is reachable."""
        deadline = time.perf_counter() + ms / 1000.0
        state = self._cursor
        while not self.built:
            k = len(self.entries)
            round_before = state.round
            actor = state.current_player()
            self.actors.append(actor)
            # The match's own bookkeeping, so the log reads as it did while it was played.
            self.entries.append(apply_action(state, self.actions[k], actor, k))
            position = k + 1
            self.rounds.append(state.round)
            self.actives.append(state.active)
            if (state.round, state.active) != (self.rounds[k], self.actives[k]):
                self.turn_starts.append(position)
            if state.round != round_before:
                self.season_starts.append(position)
            if state.round != round_before or state.is_terminal():
                self.scores_by_round.append(state.scores())
            self.chances.note(state, position)
            if position % SNAPSHOT_EVERY == 0:
                self._snapshots.append(state.clone())
            if position == len(self.actions):
                self.built = True
                self.final = state
            elif time.perf_counter() >= deadline:
                break
        return self.built

    def is_over(self) -> bool:
        return self.final is not None and self.final.is_terminal()

    # -- positions -----------------------------------------------------------------------------
    def state_at(self, position: int) -> GameState:
        """The state after the first ``position`` actions (a fresh copy, free to change)."""
        position = max(0, min(position, len(self.entries)))
        base = min(position // SNAPSHOT_EVERY, len(self._snapshots) - 1)
        state = self._snapshots[base].clone()
        for k in range(base * SNAPSHOT_EVERY, position):
            state.apply_action(self.actions[k])
        return state

    def view_at(self, position: int, seat: int) -> PlayerView:
        """What the replay shows at ``position``: ``seat``'s view, or all open (``OPEN``)."""
        state = self.state_at(position)
        if seat == OPEN:
            if not self.is_over():
                raise ValueError("a game still being played is never shown open (R11)")
            return open_view(state, max(0, state.active))
        return state.observe(seat)

    def entry_before(self, position: int) -> Applied | None:
        """The action that led to ``position`` (the one to highlight)."""
        return self.entries[position - 1] if 0 < position <= len(self.entries) else None

    # -- steps ---------------------------------------------------------------------------------
    def next_turn(self, position: int) -> int:
        return _after(self.turn_starts, position, len(self.entries))

    def previous_turn(self, position: int) -> int:
        return _before(self.turn_starts, position)

    def next_season(self, position: int) -> int:
        return _after(self.season_starts, position, len(self.entries))

    def previous_season(self, position: int) -> int:
        return _before(self.season_starts, position)

    def season_start(self, round_index: int) -> int:
        """The first position of a season (the last position if the game ended before it)."""
        for k in self.season_starts:
            if self.rounds[k] >= round_index:
                return k
        return len(self.entries)

    def turn_position(self, round_index: int, seat: int) -> int:
        """The first position of ``seat``'s turn in a season, or that season's start."""
        for k in self.turn_starts:
            if self.rounds[k] == round_index and self.actives[k] == seat:
                return k
        return self.season_start(round_index)

    def decisions_of(self, seats: list[int]) -> int:
        """How many actions these seats decided (forced ones included): a review's size."""
        return sum(1 for a in self.actors if a != CHANCE and a in seats)


def _after(starts: list[int], position: int, last: int) -> int:
    i = bisect_right(starts, position)
    return starts[i] if i < len(starts) else last


def _before(starts: list[int], position: int) -> int:
    i = bisect_left(starts, position)
    return starts[i - 1] if i > 0 else 0


__all__ = ["OPEN", "SNAPSHOT_EVERY", "Timeline", "open_view"]
