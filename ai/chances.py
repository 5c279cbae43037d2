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
(``experiments/train/chances_v2.json`` holds its held-out reliability tables). It forecasts
from a turn start, the positions it was fitted on; the client asks it there.

A search's own chance (the hint, the AI's thinking, the review) is mapped too:
``search_chance`` puts it through a logistic map per seat count (one slope in logits, or two
where the top of the range needs it), fitted by ``tools/calibrate_search.py`` to how often the
hint's search's chances came true in self-play (``experiments/train/search_chances_v2.json``),
so that of the actions it gives 0.3, about 0.3 are won. The map is monotone: it never reorders
what the search prefers. It holds for the search it was fitted on, which the hint and the
review keep (``ai.presets.HINT`` and ``REVIEW``).

Standard library only: it runs in the browser.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from ai.evaluation import PUBLIC_READING
from ai.learned_value import LearnedEvaluator, model_reading
from ai.model_file import DATA_DIR, ModelError, is_number, read_model
from game import P_ROLL, GameState, PlayerView

MODEL = "chances_v2"
SEARCH_MODEL = "search_chances_v2"
_EPS = 1e-4  # a search's chance is clipped to [_EPS, 1 - _EPS] before the logit


@cache
def _estimator() -> LearnedEvaluator:
    if model_reading(MODEL) != "public":
        raise ModelError(f"{MODEL}.json was fitted to dealt hands, not to public facts")
    return LearnedEvaluator.named(MODEL, PUBLIC_READING)


def is_turn_start(state: GameState) -> bool:
    """A turn's dice are about to be rolled, no card waiting to be drawn: where the estimator
    was fitted, and where the chart takes a point."""
    return state.phase == P_ROLL and not state.draw_queue and state.draw_deck < 0


def table_chances(position: GameState | PlayerView) -> list[float]:
    """Each seat's chance to win from ``position``, summing to 1; a finished game's result.

    Only public facts are read, so a seat's view and the true state give the same answer."""
    state = position.public if isinstance(position, PlayerView) else position
    return _estimator().win_chances(state)


@cache
def _search_map() -> dict[int, tuple[float, float, float]]:
    """Per seat count (a, b, c): slope, offset, and the extra slope above the even chance."""
    path = DATA_DIR / f"{SEARCH_MODEL}.json"
    data = read_model(path, "strategos-search-chances", "map of a search's win chances")
    raw = data.get("map")
    if not isinstance(raw, dict) or sorted(raw) != [str(n) for n in range(2, 7)]:
        raise ModelError(f"{path.name} must map the chances of every seat count from 2 to 6")
    out = {}
    for key, params in raw.items():
        if not (
            isinstance(params, list) and len(params) in (2, 3)
            and all(map(is_number, params))
        ):  # fmt: skip
            raise ModelError(f"{path.name}: seat count {key} needs a slope, an offset and at "
                             "most one more slope")  # fmt: skip
        a, b, c = float(params[0]), float(params[1]), float(params[2]) if len(params) == 3 else 0.0
        if a <= 0 or a + c <= 0:  # the map would reorder what the search prefers
            raise ModelError(f"{path.name}: seat count {key} needs slopes above 0")
        out[int(key)] = (a, b, c)
    return out


def search_chance(chance: float, num_players: int) -> float:
    """A search's win chance for one seat of a ``num_players`` game, as a probability."""
    a, b, c = _search_map()[num_players]
    p = min(max(chance, _EPS), 1.0 - _EPS)
    x = math.log(p / (1.0 - p))
    # Above the even chance the map may stretch faster: a search that thinks a seat of many is
    # ahead is more surely right than its chances below even suggest (experiments/chances.md).
    z = a * x + b + c * max(0.0, x - math.log(1.0 / (num_players - 1)))
    return 1.0 / (1.0 + math.exp(-z))


def search_chances(chances: Sequence[float]) -> list[float]:
    """Every seat's chance of a search's root, each mapped, summing to 1 again."""
    mapped = [search_chance(c, len(chances)) for c in chances]
    total = math.fsum(mapped)
    return [m / total for m in mapped]


__all__ = [
    "MODEL",
    "SEARCH_MODEL",
    "is_turn_start",
    "search_chance",
    "search_chances",
    "table_chances",
]
