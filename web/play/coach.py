"""The first-game coach: one short line telling a newcomer what to do next (no pygame).

The line is read off the engine's legal actions and the player's selection, never from rules of
its own: if the engine offers a move, the coach speaks of moves. It speaks during the first
seasons of a game, until the player dismisses it or switches it off in the settings.

``selection_reason`` and ``train_refusal`` speak after the engine has refused (no city lit, a
Train refused): they restate the rule only to name what blocks it, the weaker general or the
winter sea, where the engine's sentence gives the rule in general.
"""

from __future__ import annotations

from game import GameState, destinations
from game.actions import (
    Action,
    Build,
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
from game.content import QUEST_DESTROY_CITY, QUEST_DESTROY_FLOOR
from web.text.i18n import name as local_name

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


# -- what a selected general can do, and why not --------------------------------------------------
Reason = tuple[str, dict[str, object]]  # an i18n key and its values


def selection_reason(
    state: GameState, legal: list[Action], general: int, die: int | None
) -> Reason | None:
    """Why no city lights up for the selected general (None when one does): the header must
    never ask for a lit city while none is lit."""
    board = state.board
    mine = [a for a in legal if getattr(a, "general", -1) == general]
    walk = [a for a in mine if isinstance(a, Move | Return)]
    if any(die is None or a.die == die for a in walk):
        return None
    name: dict[str, object] = {"general": local_name(board.generals[general]), "die": die or 0}
    city = state.gen_city[general]
    if state.acted >> general & 1:
        return ("why_acted", name)  # R4.2: one action a general, a turn
    if city < 0:  # on the time track a general returns (R6.2); it never moves (R5.1)
        if state.gen_return[general] > state.round:
            return ("sel_not_yet", name)
        return ("sel_return_die", name)
    if walk:  # other dice reach somewhere
        if die is not None and state.is_winter() and _reaches_in_summer(state, general, die):
            return ("sel_other_die_winter", name)  # R5.3: the winter costs, not the die alone
        return ("sel_other_die", name)
    name["city"] = local_name(board.nodes[city])
    if state.is_winter() and board.is_island[city]:
        return ("sel_winter_island", name)  # R5.3: no sea routes in winter
    if any(isinstance(a, Destroy | Train | Build) for a in mine):
        return ("sel_no_move_act", name)
    return ("sel_no_move", name)


def train_refusal(state: GameState, general: int, die: int | None) -> Reason:
    """Why ``general`` may not train now (R6.3), naming what blocks it: the weaker own general,
    the missing floor, the die or the training done this turn."""
    board = state.board
    seat = state.kingdom_seat[general >> 2]
    values: dict[str, object] = {
        "general": local_name(board.generals[general]),
        "level": state.gen_level[general],
    }
    if state.acted >> general & 1:
        return ("why_acted", values)
    high = [d for d in state.dice if d >= 5]
    if (die is not None and die < 5) or not high:
        return ("why_train_die", values)
    if state.trained:
        return ("why_train_once", values)
    if state.gen_level[general] >= 4:
        return ("why_train_top", values)
    city = state.gen_city[general]
    kingdom = board.kingdoms[general >> 2]
    if city not in kingdom.capitals or state.floors[city] <= 0 or state.tower_owner[city] != seat:
        return ("why_train_capital", values)
    level = state.gen_level[general]
    weaker = [g for g in state.generals_of(seat) if state.gen_level[g] < level]
    if weaker:
        low = min(weaker, key=lambda g: (state.gen_level[g], g))
        values["weaker"] = local_name(board.generals[low])
        values["weaker_level"] = state.gen_level[low]
        return ("why_train_weaker" if state.gen_city[low] >= 0 else "why_train_weaker_track",
                values)  # fmt: skip
    return ("why_train_other", values)


def _reaches_in_summer(state: GameState, general: int, die: int) -> bool:
    """Whether ``die`` would take ``general`` to some city outside winter (R5.1): in winter a
    land segment costs 2 points and no ship sails (R5.3), so the season is what stops it."""
    src = state.gen_city[general]
    return bool(destinations(state.board, src, die, False, set(), set()))


def destroy_refusal(state: GameState, general: int, die: int | None) -> Reason | None:
    """Why ``general`` may not destroy a floor where it stands (R6.1), naming the city: no floor
    left there (all destroyed, or moved to island towers by R9.5), no tower, an own tower, the
    die, or the general's action already taken. None: the engine's sentence says it."""
    board = state.board
    seat = state.kingdom_seat[general >> 2]
    values: dict[str, object] = {"general": local_name(board.generals[general])}
    if state.acted >> general & 1:
        return ("why_acted", values)
    city = state.gen_city[general]
    if city < 0:
        return None
    values["city"] = local_name(board.nodes[city])
    owner = state.tower_owner[city]
    capital = any(city in k.capitals for k in board.kingdoms)
    if state.floors[city] <= 0:
        return ("why_destroy_gone" if capital else "why_destroy_none", values)
    stack = state.island_stack.get(city, ())
    if owner == seat or (owner < 0 and stack and all(s == seat for s in stack)):
        return ("why_destroy_own", values)
    high = [d for d in state.dice if d >= 5]
    if (die is not None and die < 5) or not high:
        return ("why_destroy_die", values)
    return None


def quest_blocked(state: GameState, card: int) -> Reason | None:
    """Why a quest card in hand cannot be completed now (None: it can): a card that names a
    city to destroy, when that city has no floor left (R9.1, R6.1) -- its floors destroyed, or
    moved by its owner to island towers (R9.5)."""
    board = state.board
    spec = board.cards[card]
    if spec.type not in (QUEST_DESTROY_FLOOR, QUEST_DESTROY_CITY) or spec.city < 0:
        return None
    if state.floors[spec.city] > 0:
        return None
    return ("quest_blocked", {"city": local_name(board.nodes[spec.city])})
