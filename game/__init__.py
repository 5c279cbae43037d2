"""Strategos rules engine: standard library only, so it runs natively and in the browser.

The narrow API (see README and docs/state-format.md)::

    state = game.new_game(4, seed=1)
    while not state.is_terminal():
        if state.current_player() == game.CHANCE:
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(state.legal_actions()[0])

Beside it, the names below are what the AI and the client read of the engine: the phases of
play, the seasons and coins, the kinds of action (``game.kinds``) and a few rules helpers. They
are the public paths; the modules they come from may change.

The modules stack without a cycle (tests/test_import_graph.py), each importing only those
below it: ``kinds``, ``core``, ``content`` and ``jsontext`` at the bottom; ``actions``; the
state's data (``state_data``); the rules (``rules/``); reading, checking and writing states and
what a seat's view hides (``state_reader``, ``state_check``, ``state_writer``, ``serialize``,
``views``); ``state``, whose ``GameState`` is the data with them bound as its methods, and its
``PlayerView``; then ``setup_api``, ``parse``, ``record`` and ``undo``. Below
``state``, modules take a ``StateData``.
"""

from game import kinds
from game.actions import Action, action_from_json
from game.content import (
    CURRENT_MAP,
    DECK_NAMES,
    KINGDOM_IDS,
    MAP_VERSIONS,
    QUEST_BUILD_ISLAND,
    QUEST_DEFEAT_LEVEL4,
    QUEST_DESTROY_CITY,
    QUEST_DESTROY_FLOOR,
    ContentError,
    MapSpec,
    default_map,
    get_map,
)
from game.core import (
    ALL_COINS,
    CHANCE,
    COIN_VALUES,
    NUM_ROUNDS,
    P_ACTION,
    P_BATTLE_ORDER,
    P_BATTLE_ROLL,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    P_OVER,
    P_PICK,
    P_PLACE,
    P_ROLL,
    PHASE_NAMES,
    SEASONS,
    TERMINAL,
    WINTER,
    IllegalActionError,
    Rules,
    is_winter,
)
from game.jsontext import StateFormatError, load_json
from game.parse import parse_action
from game.record import RECORD_FORMAT, RECORD_VERSION, GameRecord
from game.rules.combat import decided_before_roll, defender_seat, fighters, tower_bonus
from game.rules.explain import explain
from game.rules.flow import legal_actions
from game.rules.movement import destinations, segment_cost
from game.rules.scoring import winners
from game.setup_api import new_game
from game.state import GameState, PlayerView, observe
from game.state_writer import state_to_dict
from game.undo import undoable
from game.views import HIDDEN_COIN

__all__ = [
    "ALL_COINS",
    "CHANCE",
    "COIN_VALUES",
    "CURRENT_MAP",
    "DECK_NAMES",
    "HIDDEN_COIN",
    "KINGDOM_IDS",
    "MAP_VERSIONS",
    "NUM_ROUNDS",
    "PHASE_NAMES",
    "P_ACTION",
    "P_BATTLE_ORDER",
    "P_BATTLE_ROLL",
    "P_COIN_ATTACKER",
    "P_COIN_DEFENDER",
    "P_CONTINUE",
    "P_HALT",
    "P_OVER",
    "P_PICK",
    "P_PLACE",
    "P_ROLL",
    "QUEST_BUILD_ISLAND",
    "QUEST_DEFEAT_LEVEL4",
    "QUEST_DESTROY_CITY",
    "QUEST_DESTROY_FLOOR",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "SEASONS",
    "TERMINAL",
    "WINTER",
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
    "decided_before_roll",
    "default_map",
    "defender_seat",
    "destinations",
    "explain",
    "fighters",
    "get_map",
    "is_winter",
    "kinds",
    "legal_actions",
    "load_json",
    "new_game",
    "observe",
    "parse_action",
    "segment_cost",
    "state_to_dict",
    "tower_bonus",
    "undoable",
    "winners",
]
