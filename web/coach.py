"""The first-game coach: one short line telling a newcomer what to do next (no pygame).

The line is read off the engine's legal actions and the player's selection, never from rules of
its own: if the engine offers a move, the coach speaks of moves. It speaks during the first
seasons of a game, until the player dismisses it or switches it off in the settings.
"""

from __future__ import annotations

from game import GameState
from game.actions import (
    Action,
    ChooseDeck,
    CommitCoin,
    Continue,
    Destroy,
    EndTurn,
    FightAt,
    Halt,
    Move,
    PickKingdom,
    PlaceGeneral,
    Return,
    Trade,
    Train,
)

COACH_ROUNDS = 3  # the coach speaks during the first three seasons


def coach_key(
    state: GameState, legal: list[Action], die: int | None, general: int | None
) -> str | None:
    """The i18n key of the coach's line for this moment, or None when it has nothing to say."""
    if state.round >= COACH_ROUNDS or state.is_terminal():
        return None
    if not legal:
        return "coach_wait"
    first = legal[0]
    if isinstance(first, PickKingdom):
        return "coach_pick"
    if isinstance(first, PlaceGeneral):
        return "coach_place"
    if isinstance(first, ChooseDeck):
        return "coach_deck"
    if isinstance(first, Halt) or any(isinstance(a, Halt) for a in legal):
        return "coach_halt"
    if isinstance(first, CommitCoin):
        return "coach_coin"
    if isinstance(first, FightAt):
        return "coach_battle_order"
    if any(isinstance(a, Continue) for a in legal):
        return "coach_continue"
    return _turn_key(state, legal, die, general)


def _turn_key(
    state: GameState, legal: list[Action], die: int | None, general: int | None
) -> str | None:
    acting = [a for a in legal if not isinstance(a, EndTurn | Trade)]
    if not acting:
        return "coach_end"
    if general is not None:
        mine = [a for a in acting if getattr(a, "general", -1) == general]
        if die is not None:
            mine = [a for a in mine if getattr(a, "die", 0) == die]
        if any(isinstance(a, Destroy) for a in mine):
            return "coach_destroy"
        if any(isinstance(a, Return) for a in mine):
            return "coach_return"
        if any(isinstance(a, Move) for a in mine):
            return "coach_targets"
        if any(isinstance(a, Train) for a in mine):
            return "coach_train"
        return "coach_other_general"
    if die is not None:
        return "coach_general"
    if len(state.dice) == 4 and any(isinstance(a, Trade) for a in legal) and _low(state.dice):
        return "coach_trade"
    return "coach_die"


def _low(dice: tuple[int, ...] | list[int]) -> bool:
    """Four small dice: the trade (R4.3) is worth a mention."""
    return max(dice) <= 2
