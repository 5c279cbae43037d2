"""The kind of each action (``Action.kind``), named after its class in ``game.actions``.

Kinds are plain ints, not an IntEnum: the engine dispatches on them at every step of a search,
and a module global compares faster than an enum member. The numbers are part of no saved
format: JSON names an action by its type.
"""

from __future__ import annotations

PICK_KINGDOM = 0
PLACE_GENERAL = 1
CHOOSE_DECK = 2
DRAW_CARD = 3
NO_CARD = 4
ROLL = 5
MOVE = 6
CONTINUE = 7
STOP_MOVE = 8
HALT = 9
PASS = 10
DESTROY = 11
RETURN = 12
TRAIN = 13
BUILD = 14
TRADE = 15
END_TURN = 16
FIGHT_AT = 17
COMMIT_COIN = 18
BATTLE_ROLL = 19

# The actions the active player takes in the action phase (R4.2-R4.4, R5, R6, R9.5), which
# rules/turn.py applies. Halt and Pass, numbered among them, are the answer of the owner of an
# entered city's general (R5.4). ``kind in TURN_ACTIONS`` is the test: a set lookup costs less
# than the two comparisons of a range or the call of a function.
TURN_ACTIONS = frozenset(
    {MOVE, CONTINUE, STOP_MOVE, DESTROY, RETURN, TRAIN, BUILD, TRADE, END_TURN}
)
