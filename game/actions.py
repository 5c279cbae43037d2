"""Typed actions. Every decision and every chance outcome of the game is one of these.

Actions are small frozen records, hashable, with a readable text (``parse_action`` inverts it
against the legal actions of a state) and an explicit JSON form. Generals are named by their
global index ``kingdom * 4 + slot`` and cities by node index, so an action means the same thing
in every copy of a state. A node index means a place only on one map (R2.5: maps have
versions), so the text and the JSON form are made with a board: ``describe(state.board)`` and
``to_json(state.board)``. ``str(action)`` describes it on the current map, for a game made
with the defaults (tests, a terminal); a game's own log uses its board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game import kinds
from game.content import DECK_NAMES, MapSpec, default_map


class Action:
    """Base of all actions; ``kind`` (see game/kinds.py) is a small int for fast dispatch."""

    __slots__ = ()
    kind: ClassVar[int] = -1
    json_type: ClassVar[str] = ""
    # How each field is written in JSON: "int", "city" (node id string), "card" (card id),
    # "dice" (list of ints).
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = ()

    def describe(self, board: MapSpec) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def __str__(self) -> str:
        return self.describe(default_map())

    def to_json(self, board: MapSpec) -> dict[str, Any]:
        """The JSON form, places and cards named by their ids on ``board``, the game's map."""
        out: dict[str, Any] = {"type": self.json_type}
        for name, how in self.json_fields:
            value = getattr(self, name)
            if how == "city":
                out[name] = board.nodes[value].id
            elif how == "card":
                out[name] = board.cards[value].id
            elif how == "dice":
                out[name] = list(value)
            else:
                out[name] = value
        return out


def _general(board: MapSpec, general: int) -> str:
    if _in_range(general, len(board.generals)):
        return board.generals[general].name_en
    return f"general {general!r}"  # an action built by hand may name one that does not exist


def _city(board: MapSpec, node: int) -> str:
    return board.nodes[node].name_en if _in_range(node, len(board.nodes)) else f"place {node!r}"


def _in_range(index: object, size: int) -> bool:
    return type(index) is int and 0 <= index < size


@dataclass(frozen=True, slots=True)
class PickKingdom(Action):
    """R3.1: take a kingdom nobody has taken yet."""

    kingdom: int
    kind: ClassVar[int] = kinds.PICK_KINGDOM
    json_type: ClassVar[str] = "pick_kingdom"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (("kingdom", "int"),)

    def describe(self, board: MapSpec) -> str:
        if _in_range(self.kingdom, len(board.kingdoms)):
            return f"Pick {board.kingdoms[self.kingdom].name_en}"
        return f"Pick kingdom {self.kingdom!r}"


@dataclass(frozen=True, slots=True)
class PlaceGeneral(Action):
    """R3.3: the fourth general goes to a free city one route from an own capital."""

    general: int
    city: int
    kind: ClassVar[int] = kinds.PLACE_GENERAL
    json_type: ClassVar[str] = "place_general"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (("general", "int"), ("city", "city"))

    def describe(self, board: MapSpec) -> str:
        return f"Place {_general(board, self.general)} at {_city(board, self.city)}"


@dataclass(frozen=True, slots=True)
class ChooseDeck(Action):
    """R3.5, R9.3: the player says which deck the next quest card comes from."""

    deck: int
    kind: ClassVar[int] = kinds.CHOOSE_DECK
    json_type: ClassVar[str] = "choose_deck"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (("deck", "int"),)

    def describe(self, board: MapSpec) -> str:
        name = DECK_NAMES[self.deck] if _in_range(self.deck, 2) else repr(self.deck)
        return f"Draw from the {name} deck"


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Chance: the quest card drawn (R9.2)."""

    card: int
    kind: ClassVar[int] = kinds.DRAW_CARD
    json_type: ClassVar[str] = "draw_card"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (("card", "card"),)

    def describe(self, board: MapSpec) -> str:
        if _in_range(self.card, len(board.cards)):
            return f"Card {board.cards[self.card].id}"
        return f"Card {self.card!r}"


@dataclass(frozen=True, slots=True)
class NoCard(Action):
    """Chance: neither deck holds a card the player may keep (R9.2, R9.3)."""

    kind: ClassVar[int] = kinds.NO_CARD
    json_type: ClassVar[str] = "no_card"

    def describe(self, board: MapSpec) -> str:
        return "No card left to draw"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: the four action dice of a turn (R4.1), as a sorted multiset."""

    dice: tuple[int, ...]
    kind: ClassVar[int] = kinds.ROLL
    json_type: ClassVar[str] = "roll"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (("dice", "dice"),)

    def describe(self, board: MapSpec) -> str:
        return "Roll " + " ".join(str(d) for d in _dice(self.dice))


@dataclass(frozen=True, slots=True)
class Move(Action):
    """R5: a general spends up to ``die`` points to go from ``src`` to ``dest``."""

    general: int
    die: int
    src: int
    dest: int
    kind: ClassVar[int] = kinds.MOVE
    json_type: ClassVar[str] = "move"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (
        ("general", "int"),
        ("die", "int"),
        ("src", "city"),
        ("dest", "city"),
    )

    def describe(self, board: MapSpec) -> str:
        return (
            f"Move {_general(board, self.general)} {_city(board, self.src)}→"
            f"{_city(board, self.dest)} (die {self.die})"
        )


@dataclass(frozen=True, slots=True)
class Continue(Action):
    """R5.4: after a Pass, the mover goes on with the points left."""

    general: int
    src: int
    dest: int
    kind: ClassVar[int] = kinds.CONTINUE
    json_type: ClassVar[str] = "continue"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (
        ("general", "int"),
        ("src", "city"),
        ("dest", "city"),
    )

    def describe(self, board: MapSpec) -> str:
        return (
            f"Continue {_general(board, self.general)} {_city(board, self.src)}→"
            f"{_city(board, self.dest)}"
        )


@dataclass(frozen=True, slots=True)
class StopMove(Action):
    """R5.4: after a Pass, the mover stays in the city it was let through."""

    general: int
    city: int
    kind: ClassVar[int] = kinds.STOP_MOVE
    json_type: ClassVar[str] = "stop"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (("general", "int"), ("city", "city"))

    def describe(self, board: MapSpec) -> str:
        return f"Stop {_general(board, self.general)} at {_city(board, self.city)}"


@dataclass(frozen=True, slots=True)
class Halt(Action):
    """R5.4: the owner of the entered city's general stops the mover there."""

    kind: ClassVar[int] = kinds.HALT
    json_type: ClassVar[str] = "halt"

    def describe(self, board: MapSpec) -> str:
        return "Halt!"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """R5.4: the owner of the entered city's general lets the mover go on."""

    kind: ClassVar[int] = kinds.PASS
    json_type: ClassVar[str] = "pass"

    def describe(self, board: MapSpec) -> str:
        return "Pass"


@dataclass(frozen=True, slots=True)
class Destroy(Action):
    """R6.1: remove one floor of an enemy tower in the general's city."""

    general: int
    die: int
    city: int
    kind: ClassVar[int] = kinds.DESTROY
    json_type: ClassVar[str] = "destroy"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (
        ("general", "int"),
        ("die", "int"),
        ("city", "city"),
    )

    def describe(self, board: MapSpec) -> str:
        return (
            f"Destroy a floor at {_city(board, self.city)} with "
            f"{_general(board, self.general)} (die {self.die})"
        )


@dataclass(frozen=True, slots=True)
class Return(Action):
    """R6.2: bring a general back from the time track."""

    general: int
    die: int
    city: int
    kind: ClassVar[int] = kinds.RETURN
    json_type: ClassVar[str] = "return"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (
        ("general", "int"),
        ("die", "int"),
        ("city", "city"),
    )

    def describe(self, board: MapSpec) -> str:
        return (
            f"Return {_general(board, self.general)} to {_city(board, self.city)} (die {self.die})"
        )


@dataclass(frozen=True, slots=True)
class Train(Action):
    """R6.3: +1 level for a general on an own capital that still stands."""

    general: int
    die: int
    kind: ClassVar[int] = kinds.TRAIN
    json_type: ClassVar[str] = "train"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (("general", "int"), ("die", "int"))

    def describe(self, board: MapSpec) -> str:
        return f"Train {_general(board, self.general)} (die {self.die})"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """R9.5: move a floor from an own capital onto the island the general stands on."""

    general: int
    die: int
    source: int
    island: int
    kind: ClassVar[int] = kinds.BUILD
    json_type: ClassVar[str] = "build"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (
        ("general", "int"),
        ("die", "int"),
        ("source", "city"),
        ("island", "city"),
    )

    def describe(self, board: MapSpec) -> str:
        return (
            f"Build on {_city(board, self.island)} with {_general(board, self.general)}, "
            f"floor from {_city(board, self.source)} (die {self.die})"
        )


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """R4.3: three unused dice become one die showing 6, once per turn."""

    dice: tuple[int, ...]
    kind: ClassVar[int] = kinds.TRADE
    json_type: ClassVar[str] = "trade"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (("dice", "dice"),)

    def describe(self, board: MapSpec) -> str:
        return "Trade " + " ".join(str(d) for d in _dice(self.dice)) + " for a 6"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """R4.2: stop acting; unused dice are lost; battles follow (R7.1)."""

    kind: ClassVar[int] = kinds.END_TURN
    json_type: ClassVar[str] = "end_turn"

    def describe(self, board: MapSpec) -> str:
        return "End turn"


@dataclass(frozen=True, slots=True)
class FightAt(Action):
    """R7.1: the attacker chooses which battle is fought next."""

    city: int
    kind: ClassVar[int] = kinds.FIGHT_AT
    json_type: ClassVar[str] = "fight"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (("city", "city"),)

    def describe(self, board: MapSpec) -> str:
        return f"Fight at {_city(board, self.city)}"


@dataclass(frozen=True, slots=True)
class CommitCoin(Action):
    """R8.1: secretly commit one unplayed coin to the coming battle roll."""

    value: int
    kind: ClassVar[int] = kinds.COMMIT_COIN
    json_type: ClassVar[str] = "coin"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (("value", "int"),)

    def describe(self, board: MapSpec) -> str:
        return f"Commit coin {self.value}"


@dataclass(frozen=True, slots=True)
class BattleRoll(Action):
    """Chance: one battle die for the attacker and one for the defender (R7.2, R8.3)."""

    attacker: int
    defender: int
    kind: ClassVar[int] = kinds.BATTLE_ROLL
    json_type: ClassVar[str] = "battle_roll"
    json_fields: ClassVar[tuple[tuple[str, str], ...]] = (("attacker", "int"), ("defender", "int"))

    def describe(self, board: MapSpec) -> str:
        return f"Battle dice {self.attacker}:{self.defender}"


def _dice(dice: object) -> tuple[object, ...]:
    return tuple(dice) if isinstance(dice, tuple | list) else (dice,)


ACTION_TYPES: tuple[type[Action], ...] = (
    PickKingdom, PlaceGeneral, ChooseDeck, DrawCard, NoCard, Roll, Move, Continue, StopMove,
    Halt, Pass, Destroy, Return, Train, Build, Trade, EndTurn, FightAt, CommitCoin, BattleRoll,
)  # fmt: skip
_BY_JSON_TYPE = {cls.json_type: cls for cls in ACTION_TYPES}


# The values a field may take: (lowest, highest) for numbers, the count of dice for lists.
_INT_RANGES = {
    "general": (0, 23),
    "die": (1, 6),
    "kingdom": (0, 5),
    "deck": (0, 1),
    "value": (0, 3),  # R8.1: coins of 0, 1, 2 and 3
    "attacker": (0, 6),  # a battle die: 1-6, or 0-2 with patch 02 (R8.3)
    "defender": (0, 6),
}
_DICE_COUNTS = {"roll": 4, "trade": 3}  # R4.1, R4.3


def action_from_json(data: object, board: MapSpec) -> Action:
    """Rebuild an action from its JSON form, ids looked up on ``board`` (the map of the game it
    belongs to); raises ValueError naming what is wrong.

    Every field is checked for its type and range, so the action can be shown and judged
    (legal here or not) without failing; whether it is legal is for the state to say.
    """
    if not isinstance(data, dict):
        raise ValueError(f"an action must be an object, not {_brief(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _BY_JSON_TYPE:
        raise ValueError(f"{_brief(kind)} is no kind of action")
    cls = _BY_JSON_TYPE[kind]
    extra = sorted(set(data) - {"type"} - {name for name, _ in cls.json_fields})
    if extra:
        raise ValueError(f"the action {kind} has unknown fields {', '.join(map(repr, extra))}")
    values: dict[str, Any] = {}
    for name, how in cls.json_fields:
        if name not in data:
            raise ValueError(f"the action {kind} lacks its field {name!r}")
        raw = data[name]
        if how == "city":
            if not isinstance(raw, str) or raw not in board.node_by_id:
                raise ValueError(f"the action {kind} names no place on the map: {_brief(raw)}")
            values[name] = board.node_by_id[raw]
        elif how == "card":
            index = next((c.index for c in board.cards if c.id == raw), -1)
            if not isinstance(raw, str) or index < 0:
                raise ValueError(f"the action {kind} names no quest card: {_brief(raw)}")
            values[name] = index
        elif how == "dice":
            count = _DICE_COUNTS[kind]
            if (
                not isinstance(raw, list)
                or len(raw) != count
                or not all(type(d) is int and 1 <= d <= 6 for d in raw)
            ):
                raise ValueError(
                    f"the action {kind} needs {count} dice of 1 to 6, not {_brief(raw)}"
                )
            values[name] = tuple(raw)
        else:
            low, high = _INT_RANGES[name]
            if type(raw) is not int or not low <= raw <= high:
                raise ValueError(
                    f"the field {name!r} of the action {kind} must be a whole number "
                    f"from {low} to {high}, not {_brief(raw)}"
                )
            values[name] = raw
    return cls(**values)


def _brief(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
