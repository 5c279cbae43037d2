"""The worlds a search iterates over: the seat's view with what it cannot see dealt anew (R11).

``PlayerView.sample_world`` deals the other seats' quest cards from the unseen ones. A secret
coin (R8.2a) is dealt too, but not uniformly: a defender facing a hidden attacker coin deals it
from a model of how the attacker would choose from public facts (levels, coins already played),
since a clearly decided battle rarely gets the 3.
"""

from __future__ import annotations

import math
import random

from ai.evaluation import coin_win_chances
from ai.policy import BATTLE_STAKE, COIN_COST
from game import COIN_VALUES, HIDDEN_COIN, P_COIN_DEFENDER, GameState, PlayerView

COIN_MODEL_SHARPNESS = 6.0  # how sure the model of a hidden coin choice is


class Worlds:
    """Determinizations of one view."""

    def __init__(self, view: PlayerView, rng: random.Random) -> None:
        self.view = view
        self.rng = rng
        self.coin_model = attacker_coin_model(view.public)

    def sample(self) -> GameState:
        world = self.view.sample_world(self.rng)
        if self.coin_model:
            x = self.rng.random()
            chosen = self.coin_model[-1][0]
            for index, p in self.coin_model:
                x -= p
                if x < 0:
                    chosen = index
                    break
            world.coin_attacker = chosen
        return world


def attacker_coin_model(public: GameState) -> list[tuple[int, float]]:
    """R8.1: P(attacker committed coin i), from public facts only; empty when no coin is hidden.

    One index per coin value: the two 1s are one choice.
    """
    if public.coin_attacker != HIDDEN_COIN or public.phase != P_COIN_DEFENDER:
        return []
    attacker = public.active
    chances = coin_win_chances(public, attacker)
    played = public.coins_played[attacker]
    weights: list[tuple[int, float]] = []
    for i, value in enumerate(COIN_VALUES):
        if played >> i & 1 or any(COIN_VALUES[j] == value for j, _ in weights):
            continue
        score = BATTLE_STAKE * chances.get(value, 0.0) - COIN_COST * value
        weights.append((i, math.exp(COIN_MODEL_SHARPNESS * score)))
    total = math.fsum(w for _, w in weights) or 1.0
    return [(i, w / total) for i, w in weights]


__all__ = ["COIN_MODEL_SHARPNESS", "Worlds", "attacker_coin_model"]
