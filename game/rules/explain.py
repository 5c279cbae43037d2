"""Why an action is refused: the rule it breaks, in a sentence a player understands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import (
    Action,
    Build,
    ChooseDeck,
    CommitCoin,
    Continue,
    Destroy,
    FightAt,
    Halt,
    Move,
    Pass,
    PickKingdom,
    PlaceGeneral,
    Return,
    Trade,
    Train,
)
from game.core import CHANCE, P_ACTION, P_OVER, P_ROLL, PHASE_NAMES, SEASONS
from game.rules import movement
from game.rules.actor import current_player

if TYPE_CHECKING:
    from game.state_data import StateData


def explain(state: StateData, action: Action) -> str:
    board = state.board
    if state.phase == P_OVER:
        return "R9.7/R10.1: the game is over"
    bad = _bad_field(state, action)
    if bad:
        return bad
    who = current_player(state)
    if who == CHANCE:
        if state.draw_deck >= 0:
            rule, event = "R9.2", "the quest card draw"
        elif state.phase == P_ROLL:
            rule, event = "R4.1", "the roll of the four action dice"
        else:
            rule, event = ("R8.3" if state.rules.battle_dice else "R7.2"), "the battle roll"
        return f"{rule}: {action.describe(board)} is not a possible outcome of {event}"
    if isinstance(action, PickKingdom):
        return "R3.1: that kingdom is already taken, or kingdoms are not being chosen now"
    if isinstance(action, PlaceGeneral):
        return (
            "R3.3: the fourth general goes to a free city one route (land or sea) "
            "from an own capital"
        )
    if isinstance(action, ChooseDeck):
        return "R9.3: that deck is empty, or no quest card is being drawn now"
    if isinstance(action, Halt | Pass):
        return "R5.4: Halt or Pass is asked only when a move enters your general's city"
    if isinstance(action, CommitCoin):
        return (
            f"R8.1: coin {action.value} is not among the unplayed coins, or no battle awaits a coin"
        )
    if isinstance(action, FightAt):
        return f"R7.1: no battle is waiting at {board.city_name(action.city)}"
    if isinstance(action, Continue):
        return "R5.4: the mover may only continue to a city within the points left after a Pass"
    if state.phase != P_ACTION:
        return (
            f"R4: {action.describe(board)} cannot be played now "
            f"(waiting for: {PHASE_NAMES[state.phase]})"
        )
    if isinstance(action, Trade):
        if state.traded:
            return "R4.3: dice may be traded for a 6 only once per turn"
        return "R4.3: three unused dice are needed for that trade"
    general = getattr(action, "general", -1)
    die = getattr(action, "die", 0)
    if general >= 0:
        name = board.generals[general].name_en
        if state.kingdom_seat[general >> 2] != state.active:
            return f"R4.2: {name} is not a general of the player to move"
        if state.acted >> general & 1:
            return f"R4.2: {name} has already taken an action this turn"
        if die not in state.dice:
            return f"R4.2: no unused die shows {die}"
        if die < 5 and isinstance(action, Return):  # the rule of the action, not a move's
            return "R6.2: a general returns from the time track only with a die showing 5 or 6"
        if die < 5 and isinstance(action, Destroy | Train | Build):
            return "R4.4: this action needs a die showing 5 or 6"
    if isinstance(action, Move):
        return _explain_move(state, action)
    if isinstance(action, Destroy):
        return "R6.1: destroying needs a general in a city with an enemy tower that still stands"
    if isinstance(action, Return):
        back = state.gen_return[action.general]
        if state.gen_city[action.general] >= 0:
            return "R6.2: only a general on the time track can return"
        if back > state.round:
            return f"R6.2: this general returns from {SEASONS[back % 4]} {264 - back // 4} BC"
        return "R6.2: a returning general goes on a free own tower (or the nearest free city)"
    if isinstance(action, Train):
        if state.trained:
            return "R6.3: only one general may train per turn"
        return (
            "R6.3: training needs a general below level 4 on an own capital with a floor, "
            "and no own general of a lower level"
        )
    if isinstance(action, Build):
        return (
            "R9.5: building needs a general on the island, that island's quest card in hand "
            "and a floor on an own capital"
        )
    return f"R4: {action.describe(board)} is not allowed now"


_RANGES = {
    "general": ("general", 24),
    "city": ("city", 0),
    "src": ("city", 0),
    "dest": ("city", 0),
    "source": ("city", 0),
    "island": ("city", 0),
    "kingdom": ("kingdom", 6),
    "deck": ("deck", 2),
    "card": ("quest card", -1),
}


def _bad_field(state: StateData, action: Action) -> str:
    """A field naming no general, city, kingdom, deck or card of the game ("" if all do)."""
    for name, (what, size) in _RANGES.items():
        value = getattr(action, name, None)
        if value is None:
            continue
        if size == 0:
            size = state.board.num_nodes
        elif size < 0:
            size = len(state.board.cards)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
            return f"R4: {action!r} names no {what} of this game ({name}={value!r})"
    for name in ("die", "value"):  # numbers the rules compare: a die 1-6, a coin 0-3
        value = getattr(action, name, 1)
        if type(value) is not int:
            return f"R4: {action!r} has a {name} that is not a whole number ({value!r})"
    return ""


def _explain_move(state: StateData, action: Move) -> str:
    board = state.board
    dest = board.city_name(action.dest)
    if state.gen_city[action.general] < 0:
        return "R6.2: a general on the time track must return before it can move"
    if state.gen_city[action.general] != action.src:
        return f"R5: the general is not in {board.city_name(action.src)}"
    if board.is_ship[action.dest]:
        return "R2.3: a move may pass a ship but never end on one"
    seat = state.active
    for g, city in enumerate(state.gen_city):
        if city == action.dest and state.kingdom_seat[g >> 2] == seat:
            return f"R5.2: an own general already stands in {dest}"
    winter = state.is_winter()
    if winter:
        summer = movement.destinations(board, action.src, action.die, False, set(), set())
        winter_free = movement.destinations(board, action.src, action.die, True, set(), set())
        if action.dest in summer and action.dest not in winter_free:
            return "R5.3: no sea routes in winter, and each land segment costs 2 points"
    free = movement.destinations(board, action.src, action.die, winter, set(), set())
    if action.dest in free:
        return f"R5.4: an enemy general on the way to {dest} interrupts the move before it"
    return f"R5.1: {dest} is more than {action.die} movement points away"
