"""From what the player pointed at to one of the engine's legal actions (no pygame).

The client never decides what is legal: it filters ``legal_actions`` by the current selection
(a die and/or a general) and, for a refused choice, builds the action the player meant so the
engine can say why not (``game.explain``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from game import P_ACTION, GameState, PlayerView, destinations, explain, segment_cost
from game.actions import (
    Action,
    Build,
    Continue,
    Destroy,
    Move,
    PlaceGeneral,
    Return,
    Trade,
    Train,
)

A = TypeVar("A", Move, Return)  # an action that takes a general to a city with one die
CONTEXT_NAMES = {Destroy: "destroy", Train: "train", Build: "build", Return: "return"}


@dataclass
class Selection:
    die: int | None = None
    general: int | None = None

    def clear(self) -> None:
        self.die = None
        self.general = None


def _cheapest(
    found: list[A], general: int, die: int | None, target: Callable[[A], int]
) -> dict[int, A]:
    """City -> ``general``'s action of ``found`` there with ``die``, or else with the smallest
    die that reaches the city (the larger dice stay for later)."""
    out: dict[int, A] = {}
    for a in found:
        if a.general == general and (die is None or a.die == die):
            old = out.get(target(a))
            if old is None or a.die < old.die:
                out[target(a)] = a
    return out


def moves_for(legal: list[Action], general: int, die: int | None) -> dict[int, Move]:
    """Destination city -> move, for ``general`` with ``die`` (or the smallest die reaching it)."""
    moves = [a for a in legal if isinstance(a, Move)]
    return _cheapest(moves, general, die, lambda a: a.dest)


def continuations(legal: list[Action]) -> dict[int, Continue]:
    return {a.dest: a for a in legal if isinstance(a, Continue)}


def placements(legal: list[Action]) -> dict[int, PlaceGeneral]:
    return {a.city: a for a in legal if isinstance(a, PlaceGeneral)}


def returns_for(legal: list[Action], general: int, die: int | None) -> dict[int, Return]:
    """City -> return of ``general`` from the time track, as ``moves_for`` chooses the die."""
    returns = [a for a in legal if isinstance(a, Return)]
    return _cheapest(returns, general, die, lambda a: a.city)


def context_actions(legal: list[Action], general: int, die: int | None) -> dict[str, Action | None]:
    """Destroy / train / build for a general on the board: the legal action, or None."""
    out: dict[str, Action | None] = {}
    for kind in (Destroy, Train, Build):
        found = [a for a in legal if isinstance(a, kind) and a.general == general]
        if die is not None:
            found = [a for a in found if a.die == die]
        found.sort(key=lambda a: a.die)  # the smallest high die suffices (R4.4)
        out[CONTEXT_NAMES[kind]] = found[0] if found else None
    return out


def actable_generals(legal: list[Action]) -> set[int]:
    return {a.general for a in legal if hasattr(a, "general") and not isinstance(a, PlaceGeneral)}


def trades(legal: list[Action]) -> list[Trade]:
    return [a for a in legal if isinstance(a, Trade)]


def trade_for(legal: list[Action]) -> Trade | None:
    """The trade that gives up the smallest dice (R4.3)."""
    found = trades(legal)
    return min(found, key=lambda a: sum(a.dice)) if found else None


def move_costs(view: PlayerView, general: int, dests: list[int]) -> dict[int, int]:
    """Movement points each destination costs, as the engine counts them (R5.1, R5.3)."""
    state = view.public
    src = state.gen_city[general]
    if src < 0:
        return {}
    seat = state.kingdom_seat[general >> 2]
    enemy = {
        c for g, c in enumerate(state.gen_city) if c >= 0 and state.kingdom_seat[g >> 2] != seat
    }
    own = {c for g, c in enumerate(state.gen_city) if c >= 0 and state.kingdom_seat[g >> 2] == seat}
    own.discard(src)
    winter = state.is_winter()
    reach = destinations(state.board, src, 6, winter, enemy, own)
    step = segment_cost(winter)
    return {d: reach[d] * step for d in dests if d in reach}


def why_not(state: GameState, action: Action) -> str:
    """The engine's reason an action is refused (R-numbered sentence)."""
    return explain(state, action)


def intended_move(view: PlayerView, general: int, die: int | None, dest: int) -> Action | None:
    """The move the player meant by pointing at ``dest``, to ask the engine why it is refused."""
    state = view.public
    if state.phase != P_ACTION:
        return None
    src = state.gen_city[general]
    dice = state.dice
    if die is None:
        if not dice:
            return None
        die = max(dice)  # the die that would reach farthest, or return (R6.2: a 5 or 6)
    if src < 0:
        return Return(general, die, dest)
    return Move(general, die, src, dest)


def intended_context(view: PlayerView, name: str, general: int, die: int | None) -> Action:
    """The destroy/train/build the player asked for, to explain a refusal."""
    state = view.public
    high = [d for d in state.dice if d >= 5]
    die = die if die is not None else (high[0] if high else (state.dice[0] if state.dice else 0))
    city = state.gen_city[general]
    if name == "destroy":
        return Destroy(general, die, max(city, 0))
    if name == "train":
        return Train(general, die)
    source = state.board.kingdoms[general >> 2].capitals[0]
    return Build(general, die, source, max(city, 0))


def rule_of(message: str) -> str | None:
    """The rule id a message cites first ("R5.3: ..." -> "R5.3")."""
    head = message.split(":", 1)[0].split("/", 1)[0].strip()
    if head.startswith("R") and len(head) > 1 and head[1].isdigit():
        return head
    return None
