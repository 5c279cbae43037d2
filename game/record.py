"""A game record: the configuration and the list of actions, chance outcomes included.

Replaying a record gives exactly the same game, so a record is also the save format. A record
names the map it is played on (``"map": N``, R2.5); one without it was written before maps had
versions, when there was only map 1.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game.actions import Action, action_from_json
from game.content import CURRENT_MAP, KINGDOM_IDS, ContentError, MapSpec, get_map
from game.core import IllegalActionError, Rules
from game.jsontext import StateFormatError, load_json
from game.setup_api import new_game
from game.state import GameState
from game.state_reader import (
    is_version,
    kingdom_index,
    map_of,
    need_int,
    need_list,
    need_map,
    need_seed,
    rules_from_dict,
)

RECORD_FORMAT = "strategos-record"
RECORD_VERSION = 1


@dataclass
class GameRecord:
    num_players: int
    seed: int = 0
    rules: Rules = field(default_factory=Rules)
    kingdoms: list[int] | None = None
    actions: list[Action] = field(default_factory=list)
    map_version: int = CURRENT_MAP  # the map the game is played on (game/data/maps/N.json)

    @staticmethod
    def for_state(state: GameState, kingdoms: list[int] | None = None) -> GameRecord:
        """An empty record for a game just made with ``new_game`` and these arguments, on one of
        the maps this edition has (a record names its map by number, ``ContentError``
        otherwise)."""
        version = state.board.version
        if get_map(version) is not state.board:
            raise ContentError(
                f"a record names its map by number, and this game's board is not map {version} "
                "of this edition"
            )
        return GameRecord(state.num_players, state.seed, state.rules, kingdoms, map_version=version)

    @property
    def board(self) -> MapSpec:
        """The map the game is played on; ``ContentError`` if this edition does not have it."""
        return get_map(self.map_version)

    def with_actions(self, actions: list[Action]) -> GameRecord:
        """The same game (players, seed, rules, kingdoms, map) with these actions."""
        kingdoms = None if self.kingdoms is None else list(self.kingdoms)
        return GameRecord(
            self.num_players, self.seed, self.rules, kingdoms, list(actions), self.map_version
        )

    def new_state(self) -> GameState:
        return new_game(
            self.num_players,
            seed=self.seed,
            rules=self.rules,
            kingdoms=self.kingdoms,
            board=self.board,
        )

    def replay(self, upto: int | None = None) -> GameState:
        """The state after the first ``upto`` actions (all by default)."""
        state = self.new_state()
        for i, action in enumerate(self.actions[:upto]):
            try:
                state.apply_action(action)
            except IllegalActionError as err:
                raise StateFormatError(
                    f"The game record does not replay: record action {i + 1} "
                    f"({action.describe(state.board)}) is not allowed there. {err}"
                ) from None
        return state

    def append(self, action: Action) -> None:
        self.actions.append(action)

    def to_dict(self) -> dict[str, Any]:
        board = self.board
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "map": self.map_version,
            "players": self.num_players,
            "seed": self.seed,
            "rules": {
                "coins": self.rules.coins,
                "battle_dice": self.rules.battle_dice,
                "quests": self.rules.quests,
            },
            "kingdoms": [KINGDOM_IDS[k] for k in self.kingdoms]
            if self.kingdoms is not None
            else None,
            "actions": [a.to_json(board) for a in self.actions],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @staticmethod
    def from_json(text: str | bytes) -> GameRecord:
        """Read a record; raises StateFormatError if it is malformed or does not replay."""
        return GameRecord.from_dict(load_json(text, "game record"))

    @staticmethod
    def reads_version(value: Any) -> bool:
        """True when ``value`` is the version this edition reads: the integer, not ``true`` or
        ``1.0``, which JSON tells apart from it (and Python's ``==`` does not)."""
        return is_version(value, RECORD_VERSION)

    @staticmethod
    def from_dict(data: Any) -> GameRecord:
        """A record from its parsed JSON, checked field by field and by replaying it."""
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise StateFormatError(
                "This is not a Strategos game record (its format marker is missing)."
            )
        if not GameRecord.reads_version(data.get("version")):
            raise StateFormatError(
                f"This game record is of version {data.get('version')!r}, which this edition "
                f"cannot read (it reads version {RECORD_VERSION})."
            )
        # A save may carry more (the client's settings); the game itself is these keys.
        missing = sorted(_RECORD_KEYS - data.keys())
        if missing:
            raise _damaged(f"it lacks {', '.join(missing)}")
        map_version = need_map(map_of(data), "game record")
        board = get_map(map_version)
        players = need_int(data["players"], 2, 6, "the number of players")
        kingdoms = data["kingdoms"]
        if kingdoms is not None:
            kingdoms = [
                kingdom_index(k, "a seat's kingdom")
                for k in need_list(kingdoms, "the kingdoms", players)
            ]
            if len(kingdoms) != players or len(set(kingdoms)) != players:
                raise _damaged(f"{players} players need {players} different kingdoms")
        actions = []
        for i, raw in enumerate(need_list(data["actions"], "the actions", MAX_ACTIONS)):
            try:
                actions.append(action_from_json(raw, board))
            except ValueError as err:
                raise _damaged(f"action {i + 1} cannot be read: {err}") from None
        record = GameRecord(
            num_players=players,
            seed=need_seed(data["seed"]),
            rules=rules_from_dict(data["rules"]),
            kingdoms=kingdoms,
            actions=actions,
            map_version=map_version,
        )
        record.replay()  # a record that does not replay is refused now, not later
        return record


_RECORD_KEYS = {"format", "version", "players", "seed", "rules", "kingdoms", "actions"}
# Far more than any game takes (16 rounds of 6 seats), far less than would stall a replay.
MAX_ACTIONS = 100_000


def _damaged(detail: str) -> StateFormatError:
    return StateFormatError(f"The game record is damaged: {detail}.")
