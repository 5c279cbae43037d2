"""The threat evaluation: the hand-built evaluation, with each general's aims discounted by the
chance that an enemy beats it before its owner's next turn.

The hand-built evaluation counts a general standing in an enemy capital as a destroy about to
happen (R6.1) and a general in reach of a target as a threat to it, as if nobody would answer.
Here every general on the board also faces the enemy generals that can reach it on their next
turns, as the "tactics" policy judges them (``ai.tactics.arrive_chance``: a die, or the 6 three
dice trade for; winter, R5.3) with their level and mean coin against its own, the tower bonus
included (R7.2, R8.1). The likeliest of those defeats, times ``exposure``, is taken off its
survival: what it aims at counts that much less, and it counts that much as on the time track.
"""

from __future__ import annotations

from ai.evaluation import DEFAULT_WEIGHTS, Evaluator, Weights, tables, yet_to_play
from ai.tactics import likeliest_defeat, reachable
from game import GameState, is_winter

# The share of the likeliest defeat that counts against a general.
EXPOSURE = 0.5


class ThreatEvaluator(Evaluator):
    """The threat evaluator (``ai.components.Threat``)."""

    __slots__ = ("exposure",)

    def __init__(
        self, weights: Weights = DEFAULT_WEIGHTS, viewer: int = -1, exposure: float = EXPOSURE
    ) -> None:
        super().__init__(weights, viewer)
        self.exposure = exposure

    def next_turn_losses(self, state: GameState, surv: list[float]) -> list[float] | None:
        tab = tables(state.board)
        gen_city = state.gen_city
        kingdom_seat = state.kingdom_seat
        coins = self.coins
        floors = state.floors
        n = state.num_players
        # Per seat, the enemy generals that can act on their next turns: (strength, city,
        # next turn in winter). A general likely beaten at this turn's end attacks nobody.
        enemies: list[list[tuple[float, int, bool]]] = [[] for _ in range(n)]
        for g in range(24):
            so = kingdom_seat[g >> 2]
            a = gen_city[g]
            if so < 0 or a < 0 or surv[g] < 0.5:
                continue
            winter = is_winter(state.round if yet_to_play(state, so) else state.round + 1)
            mover = (state.gen_level[g] + coins[so], a, winter)
            for s in range(n):
                if s != so:
                    enemies[s].append(mover)
        lost = [0.0] * 24
        dice = state.rules.battle_dice
        for g in range(24):
            s = kingdom_seat[g >> 2]
            c = gen_city[g]
            if s < 0 or c < 0:
                continue
            defence = state.gen_level[g] + (1 if floors[c] > 0 else 0) + coins[s]
            danger = reachable(tab, enemies[s], c)  # an enemy in the same city is not arriving
            lost[g] = self.exposure * likeliest_defeat(danger, defence, dice)
        return lost


__all__ = ["EXPOSURE", "ThreatEvaluator"]
