"""The quick scores corrected toward what a deep search plays (a step of Expert Iteration).

The tree weighs an untried action by ``exp(prior_temp * score)`` (``ai.tree``) and explores the
best-weighted first, so an action the quick scores (``ai.policy``) rank too low is rarely tried
at all at normal's budget. ``tools/search_targets.py`` records the root visit shares of a much
bigger search at self-play positions and fits a gain on the scores' sharpness and, per kind of
turn action, an offset and a slope in the die it spends, added to the softmax's logits, so
that the softmax comes closer to those shares. All is divided by the ``prior_temp`` it was
fitted at, so a search at that temperature sees exactly the fitted softmax; the playouts,
which take the best score, see the same ranking.

Standard library only: it runs in the browser.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ai.evaluation import DEFAULT_WEIGHTS, Weights
from ai.model_file import DATA_DIR, ModelError, is_number, read_model
from ai.policy import QuickScorer
from game import Action, GameState
from game.actions import Build, Destroy, Move, Return, Trade, Train
from game.kinds import (
    BUILD,
    CONTINUE,
    DESTROY,
    END_TURN,
    MOVE,
    RETURN,
    STOP_MOVE,
    TRADE,
    TRAIN,
)

FORMAT = "strategos-policy-correction"
CORRECTED_KINDS = (MOVE, CONTINUE, STOP_MOVE, DESTROY, RETURN, TRAIN, BUILD, TRADE, END_TURN)
_NAMES = {
    MOVE: "move", CONTINUE: "continue", STOP_MOVE: "stop_move", DESTROY: "destroy",
    RETURN: "return", TRAIN: "train", BUILD: "build", TRADE: "trade", END_TURN: "end_turn",
}  # fmt: skip


def kind_name(kind: int) -> str:
    return _NAMES[kind]


def action_die(action: Action) -> int:
    """The die an action spends (R4.2), the highest of a trade's three (R4.3), else 0."""
    if isinstance(action, Move | Destroy | Return | Train | Build):
        return action.die
    if isinstance(action, Trade):
        return max(action.dice)
    return 0


Correction = tuple[float, float, dict[int, tuple[float, float]]]


@cache
def load_correction(name: str) -> Correction:
    """(prior_temp, score_gain, {kind: (offset, slope per die / 6)}) of ``ai/data/<name>.json``."""
    path = DATA_DIR / f"{name}.json"
    data = read_model(path, FORMAT, "policy correction")
    raw_temp, raw_gain, kinds = data.get("prior_temp"), data.get("score_gain"), data.get("kinds")
    if not is_number(raw_temp) or not is_number(raw_gain):
        raise ModelError(f"{path.name} needs prior_temp and score_gain, finite numbers")
    temp, gain = float(raw_temp), float(raw_gain)
    if temp <= 0 or temp + gain <= 0:  # a gain that would turn the scores around
        raise ModelError(f"{path.name} needs a prior_temp above 0 and above -score_gain")
    if not isinstance(kinds, dict) or sorted(kinds) != sorted(_NAMES.values()):
        raise ModelError(f"{path.name} must correct exactly: {', '.join(_NAMES.values())}")
    out = {}
    for kind, key in _NAMES.items():
        pair = kinds[key]
        if not (isinstance(pair, list) and len(pair) == 2 and all(map(is_number, pair))):
            raise ModelError(f"{path.name}: {key} needs an offset and a slope, finite numbers")
        out[kind] = (float(pair[0]), float(pair[1]))
    return temp, gain, out


class CorrectedScorer(QuickScorer):
    """The quick scores plus the fitted correction, in the scores' own units."""

    def __init__(
        self,
        correction: Correction,
        weights: Weights = DEFAULT_WEIGHTS,
        viewer: int = -1,
    ) -> None:
        super().__init__(weights, viewer)
        temp, gain, kinds = correction
        self._sharpen = 1.0 + gain / temp
        self._kinds = {k: (a / temp, b / (6.0 * temp)) for k, (a, b) in kinds.items()}

    @staticmethod
    def named(name: str, weights: Weights = DEFAULT_WEIGHTS, viewer: int = -1) -> CorrectedScorer:
        return CorrectedScorer(load_correction(name), weights, viewer)

    def scores(self, state: GameState, actions: Sequence[Action]) -> list[float]:
        out = super().scores(state, actions)
        kinds = self._kinds
        sharpen = self._sharpen
        for i, a in enumerate(actions):
            found = kinds.get(a.kind)
            if found is not None:
                out[i] = out[i] * sharpen + found[0] + found[1] * action_die(a)
        return out


__all__ = [
    "CORRECTED_KINDS",
    "FORMAT",
    "CorrectedScorer",
    "Correction",
    "action_die",
    "kind_name",
    "load_correction",
]
