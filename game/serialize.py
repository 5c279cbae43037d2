"""The JSON form of a game state (documented in docs/state-format.md).

``state_from_json`` is the one way in for a state from outside: ``game.jsontext`` limits and
parses the text, ``game.state_reader`` reads each field for its type and range, and
``game.state_check`` re-derives the game's invariants. Anything refused raises
``StateFormatError`` with a sentence that says what is wrong, so a corrupt save never becomes a
half-built state, and a state that is accepted can be played to the end. The way out is
``game.state_writer``.
"""

from __future__ import annotations

from typing import Any, TypeVar

from game import state_reader
from game.content import MapSpec
from game.jsontext import StateFormatError, load_json
from game.state_check import check_state
from game.state_data import StateData
from game.state_reader import FORMAT, VERSION, rules_from_dict
from game.state_writer import state_to_dict, state_to_json

S = TypeVar("S", bound=StateData)

__all__ = [
    "FORMAT",
    "VERSION",
    "StateFormatError",
    "rules_from_dict",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
]


def state_from_json(text: str | bytes, cls: type[S], board: MapSpec | None = None) -> S:
    """A state of class ``cls`` from its JSON form, on the map it names (``board``, if given,
    must be that map); ``StateFormatError`` says why a text is refused. ``GameState.from_json``
    passes its class, which this module sits beneath."""
    return state_from_dict(load_json(text, "saved game"), cls, board)


def state_from_dict(data: Any, cls: type[S], board: MapSpec | None = None) -> S:
    """Read ``data`` field by field, then check the game's invariants (``game.state_check``)."""
    state = state_reader.state_from_dict(data, cls, board)
    check_state(state)
    return state
