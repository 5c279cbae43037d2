"""Readable, localized words for actions, quest cards and log lines.

A log line never shows what its viewer may not see (R11): another seat's drawn card and a coin
commitment stay hidden; the battle line shows the coins once they are revealed.
"""

from __future__ import annotations

from game import CHANCE
from game.actions import (
    Action,
    BattleRoll,
    Build,
    ChooseDeck,
    CommitCoin,
    Continue,
    Destroy,
    DrawCard,
    EndTurn,
    FightAt,
    Halt,
    Move,
    NoCard,
    Pass,
    PickKingdom,
    PlaceGeneral,
    Return,
    Roll,
    StopMove,
    Trade,
    Train,
)
from game.content import MapSpec
from web.i18n import name, t
from web.session import Applied


def city(board: MapSpec, node: int) -> str:
    return name(board.nodes[node])


def general(board: MapSpec, g: int) -> str:
    return name(board.generals[g])


def card_text(board: MapSpec, card: int) -> str:
    spec = board.cards[card]
    where = city(board, spec.city) if spec.city >= 0 else ""
    return t("q_" + spec.type, city=where)


def action_text(board: MapSpec, action: Action) -> str:
    """An own or public action in words (never used for another seat's hidden choice)."""
    g = getattr(action, "general", -1)
    gname = general(board, g) if g >= 0 else ""
    die = getattr(action, "die", 0)
    if isinstance(action, Move):
        src, dest = city(board, action.src), city(board, action.dest)
        return t("act_move", general=gname, src=src, dest=dest, die=die)
    if isinstance(action, Continue):
        src, dest = city(board, action.src), city(board, action.dest)
        return t("act_continue", general=gname, src=src, dest=dest)
    if isinstance(action, StopMove):
        return t("act_stop", general=gname, city=city(board, action.city))
    if isinstance(action, Destroy):
        return t("act_destroy", general=gname, city=city(board, action.city), die=die)
    if isinstance(action, Return):
        return t("act_return", general=gname, city=city(board, action.city), die=die)
    if isinstance(action, Train):
        return t("act_train", general=gname, die=die)
    if isinstance(action, Build):
        return t("act_build", general=gname, city=city(board, action.island), die=die)
    if isinstance(action, Trade):
        return t("act_trade", dice=" ".join(map(str, action.dice)))
    if isinstance(action, EndTurn):
        return t("act_end")
    if isinstance(action, FightAt):
        return t("act_fight", city=city(board, action.city))
    if isinstance(action, CommitCoin):
        return t("act_coin", value=action.value)
    if isinstance(action, Halt):
        return t("act_halt")
    if isinstance(action, Pass):
        return t("act_pass")
    if isinstance(action, PickKingdom):
        return t("act_pick", kingdom=name(board.kingdoms[action.kingdom]))
    if isinstance(action, PlaceGeneral):
        return t("act_place", general=gname, city=city(board, action.city))
    if isinstance(action, ChooseDeck):
        return t("log_deck", deck=t(f"deck_name_{action.deck}"))
    if isinstance(action, Roll):
        return t("log_roll", dice=" ".join(map(str, action.dice)))
    return str(action)


def log_line(board: MapSpec, entry: Applied, viewer: int) -> str:
    """The log text of one applied action as ``viewer`` may see it."""
    action = entry.action
    if isinstance(action, DrawCard):
        if entry.drawer == viewer and viewer >= 0:
            return t("log_draw_own", card=card_text(board, action.card))
        return t("log_draw")
    if isinstance(action, NoCard):
        return t("log_no_card")
    if isinstance(action, CommitCoin) and entry.actor != viewer:
        return t("log_coin")
    if isinstance(action, BattleRoll) and entry.battle:
        where, att, dfn, _da, _dd, ca, cd, sa, sd, _winner = entry.battle
        return t(
            "log_battle",
            city=city(board, where),
            a=f"{general(board, att)} ({ca})",
            sa=sa,
            d=f"{general(board, dfn)} ({cd})",
            sd=sd,
        )
    return action_text(board, action)


def actor_seat(entry: Applied) -> int:
    """The seat a log line is coloured by: the actor, the drawer, or the active seat."""
    if entry.actor != CHANCE:
        return entry.actor
    return entry.drawer if entry.drawer >= 0 else entry.active
