"""``parse_action``: the inverse of ``action.describe(state.board)`` for the actions legal in a
state (``str(action)`` for a game on the current map)."""

from __future__ import annotations

from game.actions import Action
from game.core import IllegalActionError
from game.state import GameState


def _normalise(text: str) -> str:
    return " ".join(text.replace("->", "→").split()).casefold()


def parse_action(state: GameState, text: str) -> Action:
    """The legal action whose text on the game's map is ``text`` (case and spacing ignored,
    "->" for "→")."""
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is given as text, got {text!r}")
    wanted = _normalise(text)
    legal = state.legal_actions()
    for action in legal:
        if _normalise(action.describe(state.board)) == wanted:
            return action
    sample = ", ".join(a.describe(state.board) for a in legal[:5])
    more = f" and {len(legal) - 5} more" if len(legal) > 5 else ""
    raise IllegalActionError(
        f"{text!r} is not a legal action now; legal actions include: {sample}{more}"
    )
