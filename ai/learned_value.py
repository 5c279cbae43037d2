"""The learned evaluation: win chances from a model fitted to self-play (tools/train_value.py).

The model is data (``ai/data/value_*.json``): the names of the features it reads, in order, and
one weight each. A seat's utility is the dot product of its features (``ai.value_features``)
with the weights, and the win chances are the softmax of the utilities across the seats, so
they sum to 1 for any number of seats. Standard library only: this runs in the browser; the
output equals the training code's to 1e-9 (tests/ai/test_learned_value.py).
"""

from __future__ import annotations

import json
import math
from functools import cache
from operator import mul

from ai.evaluation import Evaluator, softmax
from ai.model_file import DATA_DIR, ModelError, is_number, read_model
from ai.value_features import FEATURES, seat_features
from game import P_OVER, GameState

FORMAT = "strategos-value"
READINGS = ("world", "public")


@cache
def load_model(name: str) -> tuple[float, ...]:
    """The weights of ``ai/data/<name>.json``, checked against the features this code makes."""
    path = DATA_DIR / f"{name}.json"
    data = read_model(path, FORMAT, "model of the learned evaluation")
    if data.get("features") != list(FEATURES):
        raise ModelError(
            f"{path.name} was fitted to other features than ai/value_features.py makes"
        )
    weights = data.get("weights")
    if (
        not isinstance(weights, list)
        or len(weights) != len(FEATURES)
        or not all(map(is_number, weights))
    ):
        raise ModelError(f"{path.name} does not hold one finite weight per feature")
    return tuple(float(w) for w in weights)


def _per_seat_count(name: str, key: str, low: float, high: float) -> dict[int, float]:
    """A number per seat count under ``key`` of a model file, each within (low, high)."""
    load_model(name)  # the file is checked first
    data = json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    raw = data.get(key, {})
    if not isinstance(raw, dict) or not all(
        isinstance(k, str) and k.isdigit() and 2 <= int(k) <= 6
        and isinstance(v, float | int) and low < v < high
        for k, v in raw.items()
    ):  # fmt: skip
        raise ModelError(
            f"{name}.json: {key} must give a number between {low:g} and {high:g} per seat count"
        )
    return {int(k): float(v) for k, v in raw.items()}


@cache
def model_sharpness(name: str) -> dict[int, float]:
    """A factor on the utilities per seat count (tools/train_value.py: one linear model cannot
    be as sure with two seats as with six); 1 for a seat count not given."""
    return _per_seat_count(name, "sharpness", 0.0, 10.0)


@cache
def model_lead(name: str) -> dict[int, float]:
    """Per seat count, how much of its chance a seat's utility gains again before a second
    softmax (tools/train_value.py: negative where a leader is overrated); 0 if not given."""
    return _per_seat_count(name, "lead", -10.0, 10.0)


@cache
def model_reading(name: str) -> str:
    """What a model's features were computed from: "world" (a determinized world, every hand
    dealt) or "public" (no hand read, ``ai.evaluation.PUBLIC_READING``)."""
    load_model(name)  # the file is checked first
    data = json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    reading = data.get("reading", "world")
    if reading not in READINGS:
        raise ModelError(f"{name}.json: reading {reading!r} is not one of {', '.join(READINGS)}")
    return str(reading)


class LearnedEvaluator:
    """``win_chances`` of a determinized world from a model's weights (``load_model``)."""

    __slots__ = ("base", "lead", "sharpness", "weights")

    def __init__(
        self,
        weights: tuple[float, ...],
        viewer: int = -1,
        sharpness: dict[int, float] | None = None,
        lead: dict[int, float] | None = None,
    ) -> None:
        if len(weights) != len(FEATURES):
            raise ModelError(f"{len(FEATURES)} weights are needed")
        self.weights = weights
        self.sharpness = sharpness or {}
        self.lead = lead or {}
        # Its parts are the features' base; with ``viewer`` set it reads no other seat's hand
        # (a view holds none), as the hand-built evaluation does.
        self.base = Evaluator(viewer=viewer)

    @staticmethod
    def named(name: str, viewer: int = -1) -> LearnedEvaluator:
        return LearnedEvaluator(load_model(name), viewer, model_sharpness(name), model_lead(name))

    def utility(self, row: list[float]) -> float:
        """One seat's utility from its features (before the sharpness)."""
        # fsum: the same on every platform (see ai.evaluation.softmax)
        return math.fsum(map(mul, row, self.weights))

    def utilities(self, state: GameState) -> list[float]:
        k = self.sharpness.get(state.num_players, 1.0)
        return [k * self.utility(row) for row in seat_features(state, self.base)]

    def win_chances(self, state: GameState) -> list[float]:
        if state.phase == P_OVER:
            return state.returns()
        u = self.utilities(state)
        p = softmax(u, 1.0)
        c = self.lead.get(state.num_players, 0.0)
        return softmax([v + c * q for v, q in zip(u, p, strict=True)], 1.0) if c else p
