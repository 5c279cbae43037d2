"""A game record: the configuration and the list of actions, chance outcomes included.

Replaying a record gives exactly the same game, so a record is also the save format.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game.actions import Action, action_from_json
from game.content import KINGDOM_IDS
from game.serialize import StateFormatError, rules_from_dict
from game.setup_api import new_game
from game.state import GameState, IllegalActionError, Rules

RECORD_FORMAT = "strategos-record"
RECORD_VERSION = 1


@dataclass
class GameRecord:
    num_players: int
    seed: int = 0
    rules: Rules = field(default_factory=Rules)
    kingdoms: list[int] | None = None
    actions: list[Action] = field(default_factory=list)

    @staticmethod
    def for_state(state: GameState, kingdoms: list[int] | None = None) -> GameRecord:
        """An empty record for a game just made with ``new_game`` and these arguments."""
        return GameRecord(state.num_players, state.seed, state.rules, kingdoms)

    def new_state(self) -> GameState:
        return new_game(self.num_players, seed=self.seed, rules=self.rules, kingdoms=self.kingdoms)

    def replay(self, upto: int | None = None) -> GameState:
        """The state after the first ``upto`` actions (all by default)."""
        state = self.new_state()
        for i, action in enumerate(self.actions[:upto]):
            try:
                state.apply_action(action)
            except IllegalActionError as err:
                raise StateFormatError(
                    f"record action {i + 1} ({action}) is illegal: {err}"
                ) from None
        return state

    def append(self, action: Action) -> None:
        self.actions.append(action)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
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
            "actions": [a.to_json() for a in self.actions],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @staticmethod
    def from_json(text: str | bytes) -> GameRecord:
        """Read a record; raises StateFormatError if it is malformed or does not replay."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as err:
            raise StateFormatError(f"not a game record: the text is not JSON ({err})") from None
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise StateFormatError("not a Strategos game record (missing format marker)")
        if data.get("version") != RECORD_VERSION:
            raise StateFormatError(f"unsupported record version {data.get('version')!r}")
        try:
            rules = rules_from_dict(data["rules"])
            kingdoms = data["kingdoms"]
            record = GameRecord(
                num_players=data["players"],
                seed=data["seed"],
                rules=rules,
                kingdoms=[KINGDOM_IDS.index(k) for k in kingdoms] if kingdoms is not None else None,
                actions=[action_from_json(a) for a in data["actions"]],
            )
            record.replay()  # a record that does not replay is refused now, not later
        except StateFormatError:
            raise
        except (KeyError, TypeError, ValueError) as err:
            raise StateFormatError(f"corrupt game record: {err}") from None
        return record
