"""The terms every part of the engine shares: seats, seasons, coins, phases, the rule switches
and the error for an illegal action.

They sit beneath the state and the rules alike, so that the rules need the state class only to
annotate what they are given.
"""

from __future__ import annotations

from dataclasses import dataclass

# Who acts when no seat does (``GameState.current_player``).
CHANCE = -1
TERMINAL = -4

NUM_ROUNDS = 16  # R1.3, R3.4: 264 BC Veris .. 261 BC Hiemis
SEASONS = ("Veris", "Aestus", "Autumnus", "Hiemis")  # R3.4: round r is SEASONS[r % 4]
WINTER = 3
# Seeds are 64-bit (-2**63 <= seed < 2**63), so that a saved seed reads back everywhere.
SEED_LIMIT = 2**63
COIN_VALUES = (0, 1, 1, 2, 3)  # R8.1: one blank, two 1s, a 2 and a 3
ALL_COINS = 0b11111  # every coin of COIN_VALUES played, as a bitmask

# Phases of play. The quest-draw overlay (draw_queue, draw_deck) takes precedence over all.
P_PICK = 0
P_PLACE = 1
P_ROLL = 2
P_ACTION = 3
P_HALT = 4
P_CONTINUE = 5
P_BATTLE_ORDER = 6
P_COIN_ATTACKER = 7
P_COIN_DEFENDER = 8
P_BATTLE_ROLL = 9
P_OVER = 10

PHASE_NAMES = (
    "pick_kingdom", "place_general", "roll", "actions", "halt_or_pass", "continue_move",
    "battle_order", "coin_attacker", "coin_defender", "battle_roll", "over",
)  # fmt: skip


def is_winter(round: int) -> bool:
    """R5.3: whether ``round`` is a Hiemis, when sea routes are closed and land costs double."""
    return round % 4 == WINTER


class IllegalActionError(ValueError):
    """An action that the rules do not allow here; the message names the rule."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The three published patches as independent switches (R8), all on by default."""

    coins: bool = True  # R8.1-R8.2a, patch 01
    battle_dice: bool = True  # R8.3, patch 02
    quests: bool = True  # R8.4, R8.5, R9: patch 03

    def names(self) -> list[str]:
        return [n for n in ("coins", "battle_dice", "quests") if getattr(self, n)]
