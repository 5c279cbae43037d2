"""Strategos rules engine: standard library only, so it runs natively and in the browser.

The narrow API (see README and docs/state-format.md)::

    state = game.new_game(4, seed=1)
    while not state.is_terminal():
        if state.current_player() == game.CHANCE:
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(state.legal_actions()[0])
"""

from game.actions import Action, action_from_json
from game.content import ContentError, MapSpec, default_map
from game.parse import parse_action
from game.record import GameRecord
from game.serialize import StateFormatError
from game.setup_api import new_game
from game.state import CHANCE, TERMINAL, GameState, IllegalActionError, Rules
from game.views import PlayerView, observe

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ContentError",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "MapSpec",
    "PlayerView",
    "Rules",
    "StateFormatError",
    "action_from_json",
    "default_map",
    "new_game",
    "observe",
    "parse_action",
]
