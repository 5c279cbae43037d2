"""Actions no player should want: each is worse than another legal action of the same turn.

A 6 does everything a lower die does (a move of up to 6 points covers any shorter one, R5.1;
5 or 6 is all the other actions ask, R4.4), so an action is dominated when another one leaves
the same position with a higher die in hand:

- a trade of three dice that include a 6 for a 6 (R4.3): not trading keeps that 6, the two other
  dice and the once-a-turn trade;
- a destroy, return, train or build with a 6 while a 5 is in hand (the same action with the 5);
- a move with a die higher than the lowest die that takes the general to the same city, unless
  an enemy general stands there: after its owner's Pass the mover goes on with the points left
  (R5.4), and more points go further.

A search that keeps them spends its iterations telling apart actions of equal value, and then
plays them by the noise of its samples (trades of a 6 for a 6 were a fifth of a search's trades).
Engine legality is untouched: players may still take them.
"""

from __future__ import annotations

from collections.abc import Sequence

from game import P_ACTION, Action, GameState
from game.actions import Build, Destroy, Move, Return, Trade, Train

_HIGH = frozenset({Destroy, Return, Train, Build})


def undominated(state: GameState, legal: Sequence[Action]) -> list[Action]:
    """``legal`` without its dominated actions, in the same order (the same list object when
    there are none, so callers may compare identity)."""
    if state.phase != P_ACTION:
        return legal if isinstance(legal, list) else list(legal)
    dice = state.dice
    six = bool(dice) and dice[-1] == 6  # the dice are kept sorted
    if not six and len(set(dice)) < 2:
        return legal if isinstance(legal, list) else list(legal)
    five = six and 5 in dice
    enemy = _enemy_cities(state)
    # The search asks this at every visit of a node after a roll, so it is one pass: the
    # engine lists a general's moves die by die, lowest first, so the first move of a general
    # to a city has the lowest die; a list in another order takes two passes. Classes are told
    # apart by identity and a move's general and end are one int (``general << 8 | dest``, R2:
    # fewer than 256 places), cheaper to hash than a tuple.
    lowest: dict[int, int] = {}
    get = lowest.get
    out: list[Action] = []
    keep = out.append
    for a in legal:
        cls = type(a)
        if cls is Move:
            key = a.general << 8 | a.dest  # type: ignore[attr-defined]
            low = get(key)
            if low is None:
                lowest[key] = a.die  # type: ignore[attr-defined]
            elif a.die > low:  # type: ignore[attr-defined]
                if a.dest not in enemy:  # type: ignore[attr-defined]
                    continue
            else:
                return _by_lowest(legal, six, five, enemy)
        elif cls is Trade:
            if six and 6 in a.dice:  # type: ignore[attr-defined]
                continue
        elif five and cls in _HIGH and a.die == 6:  # type: ignore[attr-defined]
            continue
        keep(a)
    if len(out) == len(legal):
        return legal if isinstance(legal, list) else list(legal)
    return out


def _by_lowest(
    legal: Sequence[Action], six: bool, five: bool, enemy: frozenset[int]
) -> list[Action]:
    """``undominated`` for a list in any order: the lowest die of each general and end first."""
    lowest: dict[int, int] = {}
    for a in legal:
        if type(a) is Move:
            key = a.general << 8 | a.dest
            if a.die < lowest.get(key, 7):
                lowest[key] = a.die
    out: list[Action] = []
    for a in legal:
        cls = type(a)
        if cls is Move:
            if a.die != lowest[a.general << 8 | a.dest] and a.dest not in enemy:  # type: ignore[attr-defined]
                continue
        elif cls is Trade:
            if six and 6 in a.dice:  # type: ignore[attr-defined]
                continue
        elif five and cls in _HIGH and a.die == 6:  # type: ignore[attr-defined]
            continue
        out.append(a)
    if len(out) == len(legal):
        return legal if isinstance(legal, list) else list(legal)
    return out


def _enemy_cities(state: GameState) -> frozenset[int]:
    k = state.seat_kingdom[state.active]
    gen_city = state.gen_city
    return frozenset(c for g, c in enumerate(gen_city) if c >= 0 and g >> 2 != k)


__all__ = ["undominated"]
