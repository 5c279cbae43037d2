"""Who finished where: the standings as the rules rank them, and the viewer's place in a
sentence ("You finished 2nd of 4, 1 point behind the Romans"). Pure Python, no pygame.

The order is the engine's (``game.winners``): with quests points, then destroyed enemy floors
plus own floors standing, then destroyed floors (R9.7); in the base rules only players who hit
every enemy can win, by points, then destroyed floors (R10.2).
"""

from __future__ import annotations

from collections import Counter

from game import GameState, winners
from web.text.i18n import count_t, kingdom_t, language, name, t, the_kingdom


def rank_key(state: GameState, seat: int) -> tuple[int, ...]:
    """Larger is better; equal keys share a place."""
    points = state.scores()[seat]
    destroyed = state.destroyed_by(seat)
    if state.rules.quests:
        return (points, destroyed + state.floors_standing(seat), destroyed)
    n = state.num_players
    qualified = all(state.trophies[seat * n + v] > 0 for v in range(n) if v != seat)
    return (int(qualified), points, destroyed)


def standings(state: GameState) -> list[int]:
    """The seats from first to last (seat order between equals)."""
    n = state.num_players
    return sorted(range(n), key=lambda s: (tuple(-v for v in rank_key(state, s)), s))


def place_of(state: GameState, seat: int) -> int:
    """1 for the first; seats with equal keys share a place (two firsts, then a third)."""
    mine = rank_key(state, seat)
    return 1 + sum(1 for s in range(state.num_players) if rank_key(state, s) > mine)


def ordinal(n: int) -> str:
    if language() == "ru":
        return f"{n}-м"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def placement_sentence(state: GameState, seat: int) -> str:
    """The viewer's result in one sentence, with the gap in points or the tie-break that
    decided it."""
    board = state.board
    scores = state.scores()
    won = winners(state)
    order = standings(state)

    def who(s: int) -> str:
        return the_kingdom(board.kingdoms[state.seat_kingdom[s]])

    others = [s for s in order if s != seat]
    if seat in won:
        if len(won) > 1:
            return t("res_shared", others=", ".join(who(s) for s in won if s != seat))
        runner = others[0] if others else -1
        if runner < 0:
            return t("res_won_alone")
        gap = scores[seat] - scores[runner]
        if gap > 0:
            return count_t("res_won", gap, the_other=who(runner))
        return t("res_won_tiebreak", the_other=who(runner), rule=_tie_rule(state))
    place = place_of(state, seat)
    total = state.num_players
    if not won:  # R10.2: nobody qualified
        return t("res_nobody", place=ordinal(place), total=total)
    first = won[0]
    gap = scores[first] - scores[seat]
    if gap > 0:
        return count_t("res_behind", gap, place=ordinal(place), total=total, the_winner=who(first))
    return t("res_behind_tiebreak", place=ordinal(place), total=total, the_winner=who(first),
             rule=_tie_rule(state))  # fmt: skip


def _tie_rule(state: GameState) -> str:
    return "R9.7" if state.rules.quests else "R10.2"


def winner_line(state: GameState, short: bool = False) -> str:
    """The winner in one line: "The Romans win with 8", a shared victory, or nobody.
    ``short``: a shared victory counts its kingdoms instead of naming them ("Shared victory:
    all 6, 0 each"), for a screen where six names do not fit."""
    board = state.board
    won = winners(state)
    scores = state.scores()
    if not won:
        return t("no_winner")
    if len(won) == 1:
        k = board.kingdoms[state.seat_kingdom[won[0]]]
        return kingdom_t("res_winner", k, n=scores[won[0]]) if scores else ""
    if short:
        names = shared_count(len(won), state.num_players)
    else:
        names = ", ".join(name(board.kingdoms[state.seat_kingdom[s]]) for s in won)
    return t("res_winners", names=names, n=scores[won[0]])


def shared_count(won: int, players: int) -> str:
    """How many kingdoms share a victory, said where their names do not fit: "all 6" or
    "5 of 6"."""
    return t("res_all", n=players) if won >= players else t("res_of", n=won, total=players)


def quest_list(state: GameState, seat: int) -> list[tuple[int, int]]:
    """The seat's completed quests as (card, how many of that text), each text once: the two
    ordinary cards of a capital read alike, so a list of cards would name one twice."""
    cards = state.board.cards
    by_text: Counter[tuple[str, int]] = Counter()
    first: dict[tuple[str, int], int] = {}
    for c in state.completed[seat]:
        key = (cards[c].type, cards[c].city)
        by_text[key] += 1
        first.setdefault(key, c)
    return [(first[key], count) for key, count in by_text.items()]
