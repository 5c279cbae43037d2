"""The learned evaluation: win chances from a model fitted to self-play (tools/train_value.py).

The model is data (``ai/data/value_*.json``): the names of the features it reads, in order, and
one weight each. A seat's utility is the dot product of its features (``ai.value_features``)
with the weights, and the win chances are the softmax of the utilities across the seats, so
they sum to 1 for any number of seats. A model may add a hidden layer (``"hidden"``: tanh units,
each with a weight per feature, a bias and a weight in the utility): what one weight per feature
cannot say, such as a part that counts only while another is high (tools/value_mlp.py).
Standard library only: this runs in the browser; the output equals the training code's to 1e-9
(tests/ai/test_learned_value.py, tests/ai/test_value_mlp.py).
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


Hidden = tuple[tuple[tuple[float, ...], float, float], ...]  # per unit: (weights, bias, out)


@cache
def load_hidden(name: str) -> Hidden:
    """The hidden units of ``ai/data/<name>.json`` (none for a plain conditional logit)."""
    load_model(name)  # the file is checked first
    data = json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    raw = data.get("hidden", [])
    units = []
    for unit in raw if isinstance(raw, list) else [None]:
        if not (
            isinstance(unit, dict)
            and isinstance(unit.get("weights"), list)
            and len(unit["weights"]) == len(FEATURES)
            and all(map(is_number, unit["weights"]))
            and is_number(unit.get("bias"))
            and is_number(unit.get("out"))
        ):
            raise ModelError(
                f"{name}.json: every hidden unit needs a weight per feature, a bias and an out"
            )
        units.append((tuple(map(float, unit["weights"])), float(unit["bias"]), float(unit["out"])))
    return tuple(units)


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


def tanh(z: float) -> float:
    """tanh through ``exp``: the browser's C library computes ``math.tanh`` its own way and
    may differ from the desktop's in the last bit, which can turn a search's choice; both
    take ``exp`` from the same routines (tests/ai/test_exact_sums.py says why that matters)."""
    z = max(-20.0, min(20.0, z))  # tanh(20) is 1 to double precision; exp(2z) stays finite
    return 1.0 - 2.0 / (math.exp(2.0 * z) + 1.0)


class LearnedEvaluator:
    """``win_chances`` of a determinized world from a model's weights (``load_model``)."""

    __slots__ = ("base", "hidden", "lead", "sharpness", "weights")

    def __init__(
        self,
        weights: tuple[float, ...],
        viewer: int = -1,
        sharpness: dict[int, float] | None = None,
        lead: dict[int, float] | None = None,
        hidden: Hidden = (),
    ) -> None:
        if len(weights) != len(FEATURES) or any(len(u[0]) != len(FEATURES) for u in hidden):
            raise ModelError(f"{len(FEATURES)} weights are needed (and per hidden unit)")
        self.weights = weights
        self.hidden = hidden
        self.sharpness = sharpness or {}
        self.lead = lead or {}
        # Its parts are the features' base; with ``viewer`` set it reads no other seat's hand
        # (a view holds none), as the hand-built evaluation does.
        self.base = Evaluator(viewer=viewer)

    @staticmethod
    def named(name: str, viewer: int = -1) -> LearnedEvaluator:
        return LearnedEvaluator(
            load_model(name), viewer, model_sharpness(name), model_lead(name), load_hidden(name)
        )

    def utility(self, row: list[float]) -> float:
        """One seat's utility from its features (before the sharpness)."""
        # fsum: the same on every platform (see ai.evaluation.softmax)
        linear = math.fsum(map(mul, row, self.weights))
        if not self.hidden:
            return linear
        fsum = math.fsum
        units = [out * tanh(fsum(map(mul, row, w)) + b) for w, b, out in self.hidden]
        return fsum([linear, *units])

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
