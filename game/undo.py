"""R4.5 undo: how many of a game record's last actions the player to act may take back.

A player may take back own actions of the current turn as long as nothing hidden or random was
revealed since. Decisions (R4.5), as a fair table would play it:

- Only the active player may undo, and only while deciding in the action phase of the own turn
  (choosing an action, or a continuation after a Pass). Nothing is undone for a player who
  waits for someone else.
- Only that player's own decisions of the action phase count: moves, continuations and stops,
  returns, training, the trade of dice. The turn's end (End turn, or the last die used) is final:
  the battles or the next player follow.
- Anything random or decided by another player is a barrier: the roll, a card drawn, an
  opponent's Halt or Pass. Actions before it stay.
- With the quest rules a Destroy or a Build is final: scoring it shows something of the hand
  (the card completed, or that none matched), and a Build shows that the island card is held.
"""

from __future__ import annotations

from game.actions import Action, Build, Continue, Destroy, Move, Return, StopMove, Trade, Train
from game.core import P_ACTION, P_CONTINUE, P_HALT, IllegalActionError
from game.record import GameRecord
from game.state import GameState

_OWN_KINDS = (Move, Continue, StopMove, Return, Train, Trade, Destroy, Build)


def _takes_back(before: GameState, action: Action, after: GameState) -> bool:
    """Whether ``action``, played in ``before`` and giving ``after``, may be taken back."""
    if before.draw_queue or before.phase not in (P_ACTION, P_CONTINUE):
        return False
    if before.current_player() != before.active or not isinstance(action, _OWN_KINDS):
        return False
    if before.rules.quests and isinstance(action, Destroy | Build):
        return False  # the quest check shows the hand
    if after.active != before.active or after.phase not in (P_ACTION, P_CONTINUE, P_HALT):
        return False  # the turn ended
    return after.hands == before.hands and after.completed == before.completed


def undoable(record: GameRecord) -> int:
    """How many of the record's last actions the player now to act may take back (R4.5)."""
    state = record.new_state()
    run = 0
    for action in record.actions:
        before = state.clone()
        state.apply_action(action)
        run = run + 1 if _takes_back(before, action, state) else 0
    if state.draw_queue or state.phase not in (P_ACTION, P_CONTINUE):
        return 0
    if state.current_player() != state.active:
        return 0
    return run


def undo(record: GameRecord, count: int = 1) -> GameRecord:
    """A copy of the record without its last ``count`` actions, if R4.5 allows taking them back."""
    allowed = undoable(record)
    if not 1 <= count <= allowed:
        raise IllegalActionError(
            f"R4.5: {count} action(s) cannot be taken back here; {allowed} can "
            "(only own actions of this turn since the last roll, draw or opponent's decision)"
        )
    return record.with_actions(record.actions[:-count])
