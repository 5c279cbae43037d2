"""The win chances shown to players: one estimator for every seat, from what the table sees.

A search's own estimate is a poor thing to show. Each seat's search judges from its own hand and
its own dealt worlds, and reports the chance of the action it liked best, so in a four-player
game the seats' estimates summed to 1.1 on average and 1.6 near the end. The chart, the match and
the review need instead one forecast of the whole table: a chance per seat, summing to 1,
calibrated (of the positions given 0.3, about 0.3 are won), and the same whoever looks, so it may
be shown to every player without revealing a hand (R11).

That is a conditional logit (``ai.learned_value``) over the features of ``ai.value_features``
read from public facts only (``PUBLIC_READING``: no quest card in any hand, coins by what has
been played), fitted to the results of self-play games by ``tools/train_value.py --public``
(``experiments/train/chances_v1.json`` holds its held-out reliability tables). It forecasts
from a turn start, the positions it was fitted on; the client asks it there.

Standard library only: it runs in the browser.
"""

from __future__ import annotations

from functools import cache

from ai.evaluation import PUBLIC_READING
from ai.learned_value import LearnedEvaluator, load_model, model_reading, model_sharpness
from ai.model_file import ModelError
from game import P_ROLL, GameState, PlayerView

MODEL = "chances_v1"


@cache
def _estimator() -> LearnedEvaluator:
    if model_reading(MODEL) != "public":
        raise ModelError(f"{MODEL}.json was fitted to dealt hands, not to public facts")
    return LearnedEvaluator(load_model(MODEL), PUBLIC_READING, model_sharpness(MODEL))


def is_turn_start(state: GameState) -> bool:
    """A turn's dice are about to be rolled, no card waiting to be drawn: where the estimator
    was fitted, and where the chart takes a point."""
    return state.phase == P_ROLL and not state.draw_queue and state.draw_deck < 0


def table_chances(position: GameState | PlayerView) -> list[float]:
    """Each seat's chance to win from ``position``, summing to 1; a finished game's result.

    Only public facts are read, so a seat's view and the true state give the same answer."""
    state = position.public if isinstance(position, PlayerView) else position
    return _estimator().win_chances(state)


__all__ = ["MODEL", "is_turn_start", "table_chances"]
