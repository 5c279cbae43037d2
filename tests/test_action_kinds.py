"""Action kinds (game/kinds.py), the JSON fields of each action, and the winter test (R5.3)."""

from __future__ import annotations

import dataclasses
import re

import game
from game import kinds
from game.actions import (
    ACTION_TYPES,
    Build,
    Continue,
    Destroy,
    EndTurn,
    Move,
    Return,
    StopMove,
    Trade,
    Train,
)


def _constant_name(cls: type) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).upper()


def test_each_action_kind_is_the_constant_named_after_its_class() -> None:
    assert [cls.kind for cls in ACTION_TYPES] == list(range(len(ACTION_TYPES)))
    for cls in ACTION_TYPES:
        assert getattr(kinds, _constant_name(cls)) == cls.kind, cls.__name__


def test_turn_actions_are_those_of_the_action_phase() -> None:
    # R4.2-R4.4, R5, R6, R9.5; Halt and Pass answer an interrupted move (R5.4).
    turn = (Move, Continue, StopMove, Destroy, Return, Train, Build, Trade, EndTurn)
    assert {cls.kind for cls in turn} == kinds.TURN_ACTIONS


def test_json_fields_are_the_fields_of_each_action() -> None:
    for cls in ACTION_TYPES:
        assert dataclasses.is_dataclass(cls), cls.__name__
        assert [f.name for f in dataclasses.fields(cls)] == [n for n, _ in cls.json_fields]


def test_winter_is_every_fourth_season_from_the_fourth() -> None:
    # R3.4, R5.3: Hiemis is the last season of each year.
    winters = [r for r in range(game.NUM_ROUNDS) if game.is_winter(r)]
    assert winters == [3, 7, 11, 15]
    assert all(game.SEASONS[r % 4] == "Hiemis" for r in winters)
    state = game.new_game(2, seed=1)
    state.round = 7
    assert state.is_winter()
