"""Readable, localized words for actions, quest cards, log lines and scoring events.

A log line never shows what its viewer may not see (R11): another seat's drawn card and a coin
commitment stay hidden; the battle line shows the coins once they are revealed. Every line
starts with the kingdom it is about, so that the colour beside it is never the only clue.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game import (
    QUEST_BUILD_ISLAND,
    QUEST_DEFEAT_LEVEL4,
    QUEST_DESTROY_CITY,
    QUEST_DESTROY_FLOOR,
    MapSpec,
)
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
from web.play.session import Applied
from web.text.i18n import count_t, kingdom_t, name, t, the_kingdom


def city(board: MapSpec, node: int) -> str:
    return name(board.nodes[node])


def general(board: MapSpec, g: int) -> str:
    return name(board.generals[g])


def kingdom(board: MapSpec, k: int) -> str:
    return name(board.kingdoms[k]) if 0 <= k < len(board.kingdoms) else ""


def card_text(board: MapSpec, card: int, short: bool = False) -> str:
    """A quest card's sentence; ``short``: its gist ("Island Corcyra")."""
    spec = board.cards[card]
    where = city(board, spec.city) if spec.city >= 0 else ""
    return t(("q_short_" if short else "q_") + spec.type, city=where)


def action_text(board: MapSpec, action: Action) -> str:
    """An own or public action in words, full enough to tell it from every other action
    legal at the same time (never used for another seat's hidden choice)."""
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
        # Builds on one island differ only by the capital that gives the floor (R9.5).
        return t("act_build", general=gname, city=city(board, action.island),
                 source=city(board, action.source), die=die)  # fmt: skip
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
    return action.describe(board)


def distinct_texts(board: MapSpec, actions: Sequence[Action]) -> list[str]:
    """``action_text`` of each action; where two would still read the same, the engine's full
    description (``str``) follows, so a list of suggestions never shows twins."""
    texts = [action_text(board, a) for a in actions]
    for i, text in enumerate(texts):
        if texts.count(text) > 1:
            texts[i] = f"{text} [{actions[i]}]"
    return texts


def battle_text(board: MapSpec, entry: Applied) -> str:
    """A resolved battle roll: each side's strength with its parts named, and the outcome."""
    where, att, dfn, die_a, die_d, coin_a, coin_d, sa, sd, winner = entry.battle[:10]
    tower = entry.tower
    level_a = sa - die_a - coin_a
    level_d = sd - die_d - coin_d - tower

    def side(g: int, strength: int, die: int, level: int, coin: int, bonus: int) -> str:
        parts = [t("part_die", n=die), t("part_level", n=level)]
        if bonus:
            parts.append(t("part_tower", n=bonus))
        if entry.coins:
            parts.append(t("part_coin", n=coin))
        return t("battle_side", general=general(board, g), kingdom=kingdom(board, g >> 2),
                 strength=strength, parts=" + ".join(parts))  # fmt: skip

    if winner < 0:
        outcome = t("battle_tie")
    else:
        outcome = t("battle_won", general=general(board, winner))
    return t("log_battle", city=city(board, where), a=side(att, sa, die_a, level_a, coin_a, 0),
             d=side(dfn, sd, die_d, level_d, coin_d, tower), outcome=outcome)  # fmt: skip


def log_line(board: MapSpec, entry: Applied, viewer: int) -> str:
    """The log text of one applied action as ``viewer`` may see it: the kingdom it is about,
    what happened, then a line for each point scored and for the start of the final round."""
    text = _event_text(board, entry, viewer)
    if 0 <= entry.kingdom < len(board.kingdoms):
        text = t("log_subject", kingdom=kingdom(board, entry.kingdom), text=text)
    lines = [text]
    lines += [f"★ {event.log}" for event in score_events(board, entry)]
    if entry.final_round:
        lines.append("⚑ " + t("log_final_round"))
    return "\n".join(lines)


def _event_text(board: MapSpec, entry: Applied, viewer: int) -> str:
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
        return battle_text(board, entry)
    if isinstance(action, PickKingdom):  # the line is already about the kingdom taken
        return t("log_pick", seat=entry.actor + 1)
    return action_text(board, action)


def actor_seat(entry: Applied) -> int:
    """The seat a log line is coloured by: the actor, the drawer, or the active seat."""
    return entry.subject


# -- scoring events ------------------------------------------------------------------------------
@dataclass(frozen=True)
class ScoreEvent:
    """Points a seat scored: the banner's title and body, the log's line, and the city the
    points came from (-1: none on the map), for the map to point at."""

    seat: int
    points: int
    title: str
    body: str
    log: str
    city: int = -1


def score_events(board: MapSpec, entry: Applied) -> list[ScoreEvent]:
    """Every scoring of ``entry`` (R9.4): each quest it completed, with what left the board,
    and the first-floor point of a destroy without a quest."""
    out: list[ScoreEvent] = []
    gained = list(entry.gained)
    kingdoms = entry.kingdoms

    def kingdom_of(seat: int) -> int:
        return kingdoms[seat] if 0 <= seat < len(kingdoms) else -1

    for seat, card in entry.completed:
        spec = board.cards[card]
        k = kingdom_of(seat)
        if 0 <= seat < len(gained):
            gained[seat] -= spec.points
        title = _about(board, k, "ev_quest_title", n=spec.points)
        log = t("ev_quest_log", kingdom=kingdom(board, k), n=spec.points,
                card=card_text(board, card), left=_what_left(board, entry, card))  # fmt: skip
        where = spec.city
        if spec.type == QUEST_BUILD_ISLAND:
            where = getattr(entry.action, "island", -1)
        elif spec.type == QUEST_DEFEAT_LEVEL4 and entry.battle:
            where = entry.battle[0]
        out.append(ScoreEvent(seat, spec.points, title, _quest_body(board, entry, card), log,
                              where))  # fmt: skip
    for seat, rest in enumerate(gained):
        if rest <= 0:
            continue
        k = kingdom_of(seat)
        victim = kingdom_of(entry.victim)
        victim_name = _subject_name(board, victim) if victim >= 0 else t("ev_an_enemy")
        body = t("ev_first_floor_body", the_victim=victim_name)
        title = _about(board, k, "ev_first_floor_title", n=rest)
        log = t("ev_first_floor_log", kingdom=kingdom(board, k), n=rest)
        out.append(ScoreEvent(seat, rest, title, body, log, getattr(entry.action, "city", -1)))
    return out


def _subject_name(board: MapSpec, k: int) -> str:
    return the_kingdom(board.kingdoms[k]) if 0 <= k < len(board.kingdoms) else ""


def _about(board: MapSpec, k: int, key: str, **values: object) -> str:
    if 0 <= k < len(board.kingdoms):
        return kingdom_t(key, board.kingdoms[k], **values)
    return t(key, kingdom="", the_kingdom="", **values).lstrip(": ")


def _what_left(board: MapSpec, entry: Applied, card: int) -> str:
    """What a completed quest took off the board, in a few words for the log."""
    spec = board.cards[card]
    if spec.type == QUEST_BUILD_ISLAND:
        return count_t("ev_left_island", len(entry.island_off))
    if spec.type == QUEST_DESTROY_CITY:
        return t("ev_left_city", city=city(board, spec.city))
    if spec.type == QUEST_DEFEAT_LEVEL4 and entry.battle:
        winner = entry.battle[9]
        loser = entry.battle[2] if winner == entry.battle[1] else entry.battle[1]
        return t("ev_left_level4", general=general(board, loser))
    return t("ev_left_floor")


def _quest_body(board: MapSpec, entry: Applied, card: int) -> str:
    spec = board.cards[card]
    what = card_text(board, card)
    if spec.type == QUEST_DESTROY_FLOOR:
        return t("ev_destroy_floor", card=what)
    if spec.type == QUEST_DESTROY_CITY:
        return t("ev_destroy_city", card=what, city=city(board, spec.city))
    if spec.type == QUEST_BUILD_ISLAND:
        text = count_t("ev_build_island", len(entry.island_off), card=what)
        scorer = next((s for s, c in entry.completed if c == card), -1)
        others = sorted({s for s in entry.island_off if s != scorer})
        if others and entry.kingdoms:
            names = ", ".join(_subject_name(board, entry.kingdoms[s]) for s in others)
            text += " " + t("ev_build_shared", others=names)
        return text
    if spec.type == QUEST_DEFEAT_LEVEL4 and entry.battle:
        winner = entry.battle[9]
        loser = entry.battle[2] if winner == entry.battle[1] else entry.battle[1]
        return t("ev_defeat_level4", card=what, general=general(board, loser))
    return what
