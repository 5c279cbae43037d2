"""The "tactics" policy: the quick scores of ``ai.policy`` with what the next enemy turn does.

The quick scores judge where a general stands by what it can reach, as if nobody would answer.
But a general left where a stronger enemy can walk in next turn is likely beaten (R7): it goes
to the time track, a level lower (R8.4), its aim lost, and the winner gains a level. This
policy charges every action the change it makes to that exposure, so that a general does not
park in an enemy capital beside a stronger defender's friends, and leaving a dangerous city
counts as a gain. A guard on an own tower is worth what it keeps from the enemies that can
reach the tower next turn (the quick scores count any enemy within a turn alike).

An enemy general reaches a city next turn with the chance that one of its four dice covers the
distance (three dice trade for a 6, R4.3; winter closes the sea and doubles land costs, R5.3).
It attacks with its level and the mean of its unplayed coins against the defender's level, the
tower bonus and the defender's own mean coin (R7.2, R8.1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from functools import cache
from typing import Any

from ai.evaluation import DEFAULT_WEIGHTS, FAR, BoardTables, Weights, attacker_wins, tables
from ai.model_file import DATA_DIR, ModelError, is_number, read_model
from ai.policy import QuickScorer, TurnScores
from game import Action, GameState, is_winter
from game.actions import Continue, Destroy, Move, PlaceGeneral, Return
from game.kinds import CONTINUE, DESTROY, MOVE, PLACE_GENERAL, RETURN

# How much of the expected loss of a beaten general an action is charged, by default.
EXPOSURE = 0.3

# The quick scores charge leaving a tower THREAT * reach[1] = 0.125 points (ai.policy), whatever
# the enemy.
GUARD = 0.125
# Kept, though it plays no stronger than 0 (experiments/policy.md), because a razed capital is
# what a player notices.
GUARD_LAST = 0.5

# R4.2, R4.3: the chance that a turn's four dice let a general cover ``d`` movement points:
# one die of at least ``d``, or the 6 that three dice trade for.
_COVER = tuple(
    [1.0] + [1.0 - ((d - 1) / 6) ** 4 if d < 6 else 0.6 for d in range(1, 7)] + [0.0] * 8
)

# What a tactics model may set besides the evaluation's weights: the quick scores' constants
# (``ai.policy.QuickScorer``) and the exposure charge.
KNOBS = (
    "coin_cost", "battle_stake", "threat", "hurt", "train_bonus", "build_bonus",
    "trade_scale", "trade_cost", "exposure", "guard", "guard_last",
)  # fmt: skip
FORMAT = "strategos-tactics"


def arrive_chance(tab: BoardTables, src: int, dest: int, winter: bool) -> float:
    """The chance that a general at ``src`` can end its next turn's move at ``dest``."""
    if winter:
        land = tab.dist_land[src][dest]
        d = 2 * land if land < FAR else FAR
    else:
        d = tab.dist[src][dest]
    return _COVER[d] if 0 < d < len(_COVER) else 0.0


def reachable(
    tab: BoardTables, enemies: Sequence[tuple[float, int, bool]], city: int
) -> list[tuple[float, float]]:
    """(chance to arrive, strength) of each enemy general (strength, city, next turn in
    winter) that can end its next move at ``city``."""
    out = []
    for strength, src, winter in enemies:
        arrive = arrive_chance(tab, src, city, winter)
        if arrive > 0.0:
            out.append((arrive, strength))
    return out


def likeliest_defeat(danger: Sequence[tuple[float, float]], defence: float, dice: bool) -> float:
    """The chance that the most dangerous of these enemies arrives and beats a defender of
    ``defence`` (level, tower bonus and mean coin, R7.2, R8.1)."""
    worst = 0.0
    for arrive, strength in danger:
        p = arrive * attacker_wins(strength - defence, dice)
        if p > worst:
            worst = p
    return worst


class TacticsScorer(QuickScorer):
    """The tactics policy (``ai.components.Tactics``): knobs from ``KNOBS``, the rest the quick
    scores'."""

    exposure = EXPOSURE
    # Points at stake when an own tower within an enemy's reach next turn is left unguarded,
    # and the more when it is the capital's last floor (R6.1: the capital is razed, R9.1).
    guard = GUARD
    guard_last = GUARD_LAST

    def __init__(
        self,
        weights: Weights = DEFAULT_WEIGHTS,
        viewer: int = -1,
        knobs: Mapping[str, float] | None = None,
    ) -> None:
        super().__init__(weights, viewer)
        for name, value in (knobs or {}).items():
            if name not in KNOBS:
                raise ValueError(f"unknown tactics knob {name!r}; choose from {', '.join(KNOBS)}")
            setattr(self, name, float(value))

    @staticmethod
    def named(name: str, viewer: int = -1) -> TacticsScorer:
        weights, knobs = load_model(name)
        return TacticsScorer(weights, viewer, knobs)

    def _new_turn(self, state: GameState) -> TurnScores:
        return _ExposedTurn(self, state)


@cache
def load_model(name: str) -> tuple[Weights, dict[str, float]]:
    """The weights and knobs of ``ai/data/<name>.json`` (tools/tune_policy.py writes it)."""
    path = DATA_DIR / f"{name}.json"
    data = read_model(path, FORMAT, "tactics model")
    raw_weights, knobs = data.get("weights"), data.get("knobs")
    if not isinstance(raw_weights, dict) or not isinstance(knobs, dict):
        raise ModelError(f'{path.name} must hold "weights" and "knobs" objects')
    names = {f.name for f in fields(Weights)}
    if set(raw_weights) - names or set(knobs) - set(KNOBS):
        unknown = sorted((set(raw_weights) - names) | (set(knobs) - set(KNOBS)))
        raise ModelError(f"{path.name} names what the policy does not have: {', '.join(unknown)}")
    values: dict[str, Any] = {}
    for key, value in raw_weights.items():
        default = getattr(DEFAULT_WEIGHTS, key)
        if isinstance(default, tuple):
            if not isinstance(value, list) or len(value) != len(default):
                raise ModelError(f"{path.name}: weight {key} must be {len(default)} numbers")
            value = tuple(_finite(path.name, key, v) for v in value)
        else:
            value = _finite(path.name, key, value)
        values[key] = value
    return replace(DEFAULT_WEIGHTS, **values), {
        k: _finite(path.name, k, v) for k, v in knobs.items()
    }


def _finite(file: str, key: str, value: object) -> float:
    if not is_number(value):
        raise ModelError(f"{file}: {key} must be a finite number, not {value!r}")
    return float(value)


class _ExposedTurn(TurnScores):
    def __init__(self, scorer: TacticsScorer, state: GameState) -> None:
        super().__init__(scorer, state)
        self.weight = scorer.exposure
        self._danger: dict[int, list[tuple[float, float]]] = {}
        self._exposed: dict[tuple[int, int], float] = {}
        tab = tables(state.board)
        self.tab = tab
        # Each enemy general that can act next: its strength and where it stands; its next
        # turn is in this round when its seat comes later, else in the next (R1.3).
        self.enemies: list[tuple[float, int, bool]] = []
        for g in range(24):
            so = state.kingdom_seat[g >> 2]
            a = state.gen_city[g]
            if so < 0 or so == self.seat or a < 0:
                continue
            winter = is_winter(state.round if so > self.seat else state.round + 1)
            self.enemies.append((state.gen_level[g] + self.coins[so], a, winter))

    def danger(self, city: int) -> list[tuple[float, float]]:
        """(chance to arrive, strength) of every enemy general that can reach ``city``."""
        found = self._danger.get(city)
        if found is None:
            found = self._danger[city] = reachable(self.tab, self.enemies, city)
        return found

    def exposed(self, level: int, city: int) -> float:
        """Expected loss of an own general of ``level`` left at ``city`` for the next turn."""
        key = (level, city)
        found = self._exposed.get(key)
        if found is None:
            defence = level + (1 if self.state.floors[city] > 0 else 0) + self.coins[self.seat]
            worst = likeliest_defeat(self.danger(city), defence, self.dice_patch)
            w = self.w
            loss = w.track + 2 * w.level + self.pos_of_level(level, city)
            found = self._exposed[key] = self.weight * worst * loss
        return found

    def relief(self, city: int, level: int) -> float:
        """What an own general of ``level`` on own tower ``city`` keeps from the enemies that
        can reach it next turn: unguarded, the likeliest walks in; guarded, it must also win a
        battle against the defender with the tower bonus (R7.2)."""
        # This replaces the quick scores' relief, the one place they read their ``threat`` knob:
        # the model's tuned ``threat`` (tuned before this change) no longer counts here.
        if city not in self.own_towers:
            return 0.0
        key = (city, level)
        found = self._relief.get(key)
        if found is None:
            defence = level + 1 + self.coins[self.seat]
            kept = 0.0
            for arrive, strength in self.danger(city):
                kept = max(kept, arrive * (1 - attacker_wins(strength - defence, self.dice_patch)))
            scorer = self.scorer
            assert isinstance(scorer, TacticsScorer)
            stake = scorer.guard + (scorer.guard_last if self.state.floors[city] == 1 else 0.0)
            found = self._relief[key] = stake * kept
        return found

    def pos_of_level(self, level: int, city: int) -> float:
        return self.ctx.position(level, city)[0]

    def scores(self, actions: Sequence[Action]) -> list[float]:
        out = super().scores(actions)
        levels = self.state.gen_level
        for i, a in enumerate(actions):
            kind = a.kind
            if kind == MOVE:
                assert isinstance(a, Move)
                level = levels[a.general]
                out[i] += self.exposed(level, a.src) - self.exposed(level, a.dest)
            elif kind == CONTINUE:
                assert isinstance(a, Continue)
                level = levels[a.general]
                out[i] += self.exposed(level, a.src) - self.exposed(level, a.dest)
            elif kind == DESTROY:
                assert isinstance(a, Destroy)
                out[i] += self.exposed(levels[a.general], a.city)
            elif kind == RETURN:
                assert isinstance(a, Return)
                out[i] -= self.exposed(levels[a.general], a.city)
            elif kind == PLACE_GENERAL:
                assert isinstance(a, PlaceGeneral)
                out[i] -= self.exposed(levels[a.general], a.city)
        return out


__all__ = [
    "EXPOSURE",
    "KNOBS",
    "ModelError",
    "TacticsScorer",
    "arrive_chance",
    "likeliest_defeat",
    "load_model",
    "reachable",
]
