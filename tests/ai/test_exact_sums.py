"""Sums that steer the search are correctly rounded (``math.fsum``), so the same game is played
on every Python and platform: ``sum()`` of floats rounds differently since Python 3.12, and the
browser's Python is newer than the desktop's. A plain ``sum`` loses the small terms below, on
any Python before 3.12; a compensated one may still differ from fsum in the last bit elsewhere.
"""

from __future__ import annotations

import math
from operator import mul

from ai.evaluation import softmax
from ai.learned_value import LearnedEvaluator
from ai.value_features import FEATURES, seat_features
from tests.ai.helpers import mid_game

TINY = math.log(1e-16)  # exp(TINY) is below half a unit in the last place of 1.0


def test_softmax_normalises_by_the_correctly_rounded_total() -> None:
    values = [0.0] + [TINY] * 9
    exps = [math.exp(v) for v in values]
    assert softmax(values, 1.0)[0] == 1.0 / math.fsum(exps) < 1.0


def test_learned_utilities_are_correctly_rounded_dot_products() -> None:
    state = mid_game()
    row = seat_features(state, LearnedEvaluator((0.0,) * len(FEATURES)).base)[0]
    big, one, minus = [i for i, x in enumerate(row) if x != 0.0][:3]
    weights = [0.0] * len(FEATURES)
    # Products near 1e16, 1 and -1e16: a plain left-to-right sum loses the 1.
    weights[big], weights[one], weights[minus] = 1e16 / row[big], 1.0 / row[one], -1e16 / row[minus]
    utility = LearnedEvaluator(tuple(weights)).utilities(state)[0]
    assert utility == math.fsum(map(mul, row, weights))
    assert abs(utility - 1.0) < 8.0
