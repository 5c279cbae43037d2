"""A match in progress: the engine state, its record, whose decision it is, the AI's sliced
thinking, undo within the turn (R4.5) and the save text. No pygame here.

The session holds the real state because there is no server; everything the client shows comes
from ``view()`` (a ``PlayerView``), and the log hides what the viewer may not see (R11).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game import (
    CHANCE,
    P_ACTION,
    P_CONTINUE,
    QUEST_BUILD_ISLAND,
    GameRecord,
    GameState,
    IllegalActionError,
    PlayerView,
    load_json,
    tower_bonus,
    undoable,
)
from game.actions import (
    Action,
    BattleRoll,
    Build,
    ChooseDeck,
    CommitCoin,
    Destroy,
    EndTurn,
    FightAt,
    PickKingdom,
)
from web import ai_bridge
from web.play.chance_history import ChanceHistory
from web.play.config import MatchConfig

UNDOABLE_PHASES = (P_ACTION, P_CONTINUE)
FORCED_KINDS = (ChooseDeck, CommitCoin, FightAt, PickKingdom)


@dataclass
class Applied:
    """One action that was applied: who, what, when; the battle it resolved, if any."""

    index: int
    actor: int  # a seat, or CHANCE
    action: Action
    round: int
    active: int
    battle: tuple[int, ...] = ()
    completed: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) scored
    game_over: bool = False
    drawer: int = -1  # the seat a quest card was dealt to
    # What the scoring events (web.events) are told from: each seat's points gained by this
    # action (R9.4), the seat whose floor a Destroy took, the seats whose floors left the board
    # with an island tower (R9.5), and whether this action reached the game's end condition,
    # so that the round now playing is the last one (R9.7, R10.1).
    gained: tuple[int, ...] = ()
    victim: int = -1
    island_off: tuple[int, ...] = ()
    final_round: bool = False
    # Each seat's kingdom (-1 before it is picked), to name who the log line is about; and of a
    # battle roll, the defender's tower bonus and whether coins were in play (R7.2, R8.1).
    kingdoms: tuple[int, ...] = ()
    tower: int = 0
    coins: bool = False

    @property
    def subject(self) -> int:
        """The seat the entry is about: the actor, else the drawer or the active seat."""
        if self.actor != CHANCE:
            return self.actor
        return self.drawer if self.drawer >= 0 else self.active

    @property
    def kingdom(self) -> int:
        """The subject's kingdom, or -1."""
        seat = self.subject
        return self.kingdoms[seat] if 0 <= seat < len(self.kingdoms) else -1


@dataclass
class _Snapshot:
    state: GameState
    index: int


class MatchSession:
    def __init__(
        self,
        config: MatchConfig,
        record: GameRecord | None = None,
        on_commit: Callable[[MatchSession], None] | None = None,
    ) -> None:
        self.config = config
        self.on_commit = on_commit
        if record is None:
            kingdoms = config.resolve_kingdoms()
            record = GameRecord(config.num_players, config.seed, config.rules, kingdoms)
        actions = list(record.actions)
        record.actions = []
        self.record = record
        self.state = record.new_state()
        self.log: list[Applied] = []
        self.scores_by_round: list[list[int]] = []
        # Every seat's win chance at each turn start, from the one estimator all players see.
        self.chances = ChanceHistory()
        self._undo: list[_Snapshot] = []
        self.chances.note(self.state, 0)
        self._limit_key: tuple[int, int] = (-1, -1)
        self._limit = 0
        self.thinking: ai_bridge.Thinking | None = None
        self.agents: dict[ai_bridge.AgentKey, Any] = {}  # each AI seat's agent keeps its tree
        self.thinking_seat = -1
        self.thinking_index = -1
        self.hurried = False  # the player asked the thinking AI seat to move now
        # AI seats whose search failed, with why: they play ai_bridge.FALLBACK_AGENT from then
        # on, and the match says so (never silently).
        self.fallbacks: dict[int, str] = {}
        self.hint_thinking: ai_bridge.Thinking | None = None
        self.hint_index = -1
        self.hint_failure: str | None = None
        humans = config.humans()
        self.viewer = humans[0] if humans else -1
        for action in actions:
            self._apply(action, self.state.current_player(), commit=False)
        self._undo.clear()

    # -- who and what ------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return self.config.humans()

    @property
    def spectating(self) -> bool:
        return not self.humans

    def to_act(self) -> int:
        return self.state.current_player()

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def human_to_act(self) -> int:
        """The human seat whose decision it is, or -1."""
        who = self.to_act()
        return who if who >= 0 and who in self.humans else -1

    def needs_handover(self) -> bool:
        """Hot-seat: another human must take the device before deciding (R11)."""
        who = self.human_to_act()
        return who >= 0 and who != self.viewer and len(self.humans) > 1

    def take_over(self, seat: int) -> None:
        if seat in self.humans:
            self.viewer = seat
            self.cancel_hint()

    def view(self) -> PlayerView:
        """What the client may show: the viewer's view (seat 0's public view for spectators)."""
        return self.state.observe(self.viewer if self.viewer >= 0 else 0)

    def legal(self) -> list[Action]:
        """The viewer's legal actions when it is the viewer's decision, else nothing."""
        who = self.human_to_act()
        if who < 0 or who != self.viewer:
            return []
        return self.state.legal_actions()

    # -- acting ------------------------------------------------------------------------------
    def submit(self, action: Action) -> Applied:
        """A human's decision; raises IllegalActionError with the rule when it is refused."""
        who = self.human_to_act()
        if who < 0 or who != self.viewer:
            raise IllegalActionError("R4: it is not your decision now")
        return self._apply(action, who)

    def tick(self, slice_ms: float) -> Applied | None:
        """Advance whatever does not wait for a human: chance, forced choices, AI thinking."""
        state = self.state
        if state.is_terminal():
            return None
        who = state.current_player()
        if who == CHANCE:
            return self._apply(state.sample_chance(), CHANCE)
        if who in self.humans:
            legal = state.legal_actions()
            if len(legal) == 1 and isinstance(legal[0], FORCED_KINDS) and who == self.viewer:
                return self._apply(legal[0], who)
            return None
        return self._think(who, slice_ms)

    def _think(self, seat: int, slice_ms: float) -> Applied | None:
        index = len(self.record.actions)
        if self.thinking is None or self.thinking_index != index:
            started = time.perf_counter()
            legal = self.state.legal_actions()
            difficulty = self.config.seats[seat].difficulty
            seed = self.config.seed * 1_000_003 + index
            view = self.state.observe(seat)
            if seat in self.fallbacks:
                self.thinking = ai_bridge.begin_fallback(view, legal, seed)
            else:
                self.thinking = ai_bridge.begin(view, legal, difficulty, seed, self.agents)
            self.thinking_seat = seat
            self.thinking_index = index
            self.hurried = False
            # Starting a search (priors, the kept tree) takes a few ms of this frame's slice.
            slice_ms = max(1.0, slice_ms - (time.perf_counter() - started) * 1000.0)
        thinking = self.thinking
        if not self.hurried and not thinking.step_ms(slice_ms):
            return None
        self.hurried = False
        action = thinking.best_action()
        if thinking.failure is not None and seat not in self.fallbacks:
            self.fallbacks[seat] = thinking.failure
        self.thinking = None
        self.thinking_seat = -1
        return self._apply(action, seat)

    def hurry(self) -> bool:
        """The player's "Move now": the AI seat that is thinking plays, at the next tick, the
        best move its search has found so far (a search has an answer at any time)."""
        if self.thinking is None:
            return False
        self.hurried = True
        return True

    def thinking_progress(self) -> float:
        return self.thinking.progress() if self.thinking is not None else 0.0

    def _apply(self, action: Action, actor: int, commit: bool = True) -> Applied:
        state = self.state
        before = state.clone() if actor >= 0 and state.phase in UNDOABLE_PHASES else None
        round_before = state.round
        applied = apply_action(state, action, actor, len(self.record.actions))
        self.record.actions.append(action)  # only once the engine has taken it
        self.log.append(applied)
        # R4.5: own actions may be taken back until something hidden or random is revealed.
        if before is not None and not applied.completed and not isinstance(action, EndTurn):
            self._undo.append(_Snapshot(before, applied.index))
        else:
            self._undo.clear()
        if state.round != round_before or state.is_terminal():
            self.scores_by_round.append(state.scores())
        self.chances.note(state, len(self.record.actions))
        self.cancel_hint()
        if commit and self.on_commit is not None:
            self.on_commit(self)
        return applied

    # -- undo (R4.5) -------------------------------------------------------------------------
    def undo_limit(self) -> int:
        """How many of the last actions the viewer may take back now (the engine's R4.5)."""
        key = (len(self.record.actions), self.viewer)
        if self._limit_key != key:
            self._limit_key = key
            self._limit = self._engine_limit()
        return self._limit

    def _engine_limit(self) -> int:
        if self.viewer < 0 or self.human_to_act() != self.viewer:
            return 0
        return undoable(self.record)

    def can_undo(self) -> bool:
        return self.human_to_act() == self.viewer >= 0 and self.undo_limit() > 0

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        last = len(self.record.actions) - 1
        if self._undo and self._undo[-1].index == last:
            self.state = self._undo.pop().state
        else:
            self._undo.clear()
            self.state = self.record.with_actions(self.record.actions[:last]).replay()
        del self.record.actions[last:]
        del self.log[last:]
        self.chances.forget_after(last)
        self.thinking = None
        self.agents.clear()
        self.cancel_hint()
        if self.on_commit is not None:
            self.on_commit(self)
        return True

    # -- hints ---------------------------------------------------------------------------------
    def start_hint(self) -> bool:
        legal = self.legal()
        if len(legal) < 2:
            return False
        self.hint_index = len(self.record.actions)
        seed = self.config.seed * 7_777 + self.hint_index
        self.hint_thinking = ai_bridge.begin_hint(self.view(), legal, seed)
        return True

    def step_hint(self, slice_ms: float) -> list[ai_bridge.Insight] | None:
        """Slices the hint search; the best moves once it is finished."""
        hint = self.hint_thinking
        if hint is None or self.hint_index != len(self.record.actions):
            return None
        if not hint.step_ms(slice_ms):
            return None
        legal = set(self.state.legal_actions())
        self.hint_thinking = None
        self.hint_failure = hint.failure
        return [i for i in hint.explain(top=3) if i.action in legal]

    def cancel_hint(self) -> None:
        self.hint_thinking = None

    # -- saving --------------------------------------------------------------------------------
    def save_text(self) -> str:
        """The game record as JSON (``GameRecord`` format) with the seats under ``client``."""
        data = self.record.to_dict()
        data["client"] = {**self.config.to_dict(), "viewer": self.viewer}
        return json.dumps(data, ensure_ascii=False)

    @staticmethod
    def from_save(
        text: str | bytes, on_commit: Callable[[MatchSession], None] | None = None
    ) -> MatchSession:
        """A session from save text; raises StateFormatError for a corrupt or foreign file."""
        record = GameRecord.from_json(text)
        # Read as the record was (an object, of a sane size, a byte order mark allowed).
        client: Any = load_json(text, "saved game").get("client")
        # Refused there as the review of a save (ai.review) refuses it; None: no client part.
        seats = ai_bridge.client_seats(client, record.num_players)
        drawn = ai_bridge.client_seat_drawn(client)
        config = MatchConfig.of_saved(seats, record.rules, record.seed, record.num_players, drawn)
        session = MatchSession(config, record, on_commit)
        viewer = client.get("viewer", -1) if seats is not None else -1
        if viewer in session.humans:
            session.viewer = viewer
        return session

    def rematch(self) -> MatchConfig:
        """The same settings for another game (the seed moves on, so the dice differ)."""
        return self.config.with_seed(self.config.seed + 1)


def apply_action(state: GameState, action: Action, actor: int, index: int) -> Applied:
    """Apply ``action`` (raising IllegalActionError naming the rule) and say what happened:
    the log, the animations and the scoring banners all read the answer."""
    n = state.num_players
    completed_before = [len(c) for c in state.completed]
    points_before = state.points[:]
    round_before, active_before = state.round, state.active
    drawer = state.draw_queue[0] if state.draw_deck >= 0 and state.draw_queue else -1
    end_before = end_reached(state)
    victim = -1
    island: tuple[int, ...] = ()
    if isinstance(action, Destroy) and 0 <= action.city < len(state.floors):
        owner = state.tower_owner[action.city]
        enemy = [s for s in state.island_stack.get(action.city, ()) if s != state.active]
        victim = owner if owner >= 0 else (enemy[-1] if enemy else -1)  # the top enemy floor
    if isinstance(action, Build) and 0 <= action.island < len(state.floors):
        island = (*state.island_stack.get(action.island, ()), state.active)
    state.apply_action(action)
    # One action may complete two quests (a floor and the city's last one, R9.4).
    done = [(s, card) for s in range(n) for card in state.completed[s][completed_before[s] :]]
    built = any(state.board.cards[card].type == QUEST_BUILD_ISLAND for _s, card in done)
    battle = tuple(state.last_battle) if isinstance(action, BattleRoll) else ()
    return Applied(
        index, actor, action, round_before, active_before,
        battle=battle, completed=done, game_over=state.is_terminal(), drawer=drawer,
        gained=tuple(state.points[s] - points_before[s] for s in range(n)),
        victim=victim, island_off=island if built else (),
        final_round=not end_before and end_reached(state) and not state.is_terminal(),
        kingdoms=tuple(state.seat_kingdom),
        tower=tower_bonus(state, battle[0]) if battle else 0, coins=state.rules.coins,
    )  # fmt: skip


def end_reached(state: GameState) -> bool:
    """Whether the game ends with the round now playing: a seat has 7 points (R9.7), or under
    the base rules one has destroyed 5 enemy floors, at least one of every enemy (R10.1)."""
    if state.rules.quests:
        return max(state.points) >= 7
    n = state.num_players
    return any(
        state.destroyed_by(s) >= 5
        and all(state.trophies[s * n + v] > 0 for v in range(n) if v != s)
        for s in range(n)
    )


__all__ = ["Applied", "MatchSession", "apply_action", "end_reached"]
