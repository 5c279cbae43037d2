"""The difficulty presets: ``ismcts:<level>`` and the frozen baseline ``ismcts-v1:<level>``.

Budgets are iterations, not time, so that arena runs are reproducible (measured figures in
ai/README.md and experiments/README.md). ``PRESETS`` are what players meet and may move to new
components once those win against the baseline; ``V1_PRESETS`` spell every parameter out and
name the "v1" evaluator and policy, so they stay what they were measured as whatever the
defaults of ``SearchConfig`` become (tests/ai/test_frozen_v1.py holds them to it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any

from ai.components import check_components
from ai.config import SearchConfig
from ai.evaluation import DEFAULT_WEIGHTS, WEIGHT_SETS

DIFFICULTIES = ("easy", "normal", "hard", "expert")

_V1 = SearchConfig(
    iterations=400, time_ms=0.0, c_puct=0.5, prior_temp=4.0, bias_visits=6.0, widen_c=2.5,
    widen_alpha=0.5, playout_turns=1, playout_epsilon=0.1, playout_moves=24, duel_c=0.5,
    root_eval=True, reuse=True, reuse_min=0.34, weights=DEFAULT_WEIGHTS, evaluator="v1",
    policy="v1", root_scale=1.0, root_scale_many=-1.0, playout_turns_many=-1,
    iterations_many=-1, kingdom_book="",
)  # fmt: skip

V1_PRESETS: dict[str, SearchConfig] = {
    "easy": replace(_V1, iterations=30, playout_turns=0),
    "normal": replace(_V1, iterations=200),
    "hard": replace(_V1, iterations=1400),
    "expert": replace(_V1, iterations=10000),
}

# ``prune``: leaving out dominated actions won 0.520 of 200 against v1 at normal, at less time
# (experiments/dominance.md, D1): it plays no worse and never trades a 6 for a 6.
# ``evaluator="v3"``: v1 corrected toward ranking a turn's actions as hard does won 0.580
# (0.511-0.646) of 200 against v1 at normal, at 3.5% more time (experiments/exit.md, V1; with
# 200 more games, 0.551 (0.502-0.599) of 400, V1b).
# ``root_scale=0.1`` at 160 iterations: the root's one-ply differences at a tenth, about how
# far apart a search's own values after the same actions lie, won 0.595 (0.526-0.661) of 200
# against v1 at normal, at 103.8 ms a decision against 123.2 (exit.md, G1; with 200 more
# games, 0.554 (0.505-0.602) of 400, G1b); 160 iterations because with less of the prior
# fewer searches stop early. Hard at a tenth (1300 iterations) won only 0.495 (0.426-0.564)
# of 200 against v1's hard (exit.md, H2) and keeps the full scale.
# At three or more seats normal searches as Z2 measured (the "threat" evaluator, the root at full
# scale: 0.305 of 200 four-seat games against three v1 normals), not with v3 at a tenth (Z3:
# 0.210 of 200); so it won 0.300 (0.257-0.347) of 400 more, at 104 ms a decision against v1's
# 123 (exit.md, Z6 and Z6b). At two seats "v3-or-threat" is v3, and the root takes a tenth.
# At three or more its playouts also end with the mover's turn, at 260 iterations (v1's
# time): 0.338 (0.276-0.406) of 200 four-seat games against three v1 normals, at 108.6 ms a
# decision against 109.0 (exit.md, Z7'), 0.333 (0.288-0.380) of 400 with Z7'b's; at three
# seats 0.357 of 200 against two (T1); at two the same won 0.570 of 200, short of its rule (N1).
# ``kingdom_book="tactics"``: the search judged the kingdom pick (R3.1) by a turn or two of
# play, and normal opened with Barbarians, the weakest kingdom, in two picked games of three;
# picking from the book of measured win shares won 0.560 of 200 picked games against v1's
# normal where the searched pick won 0.475 (exit.md, round 18: B1' and B0), and 0.591
# (0.542-0.638) of 400 with 200 more (B1'b); at four seats 0.485 of 200 against 0.307 for the
# searched pick (Z13', Z0'), and hard with it 0.600 of 100 against v1's hard (H5', round 19).
# The arena's dealt games never meet the pick, nor do the client's unless its table picks.
# Only normal takes v3: with v3 a deeper search guarded a threatened capital less often (the
# guard puzzle at hard's 400 iterations: 11 of 20 turns against 16 with v1, exit.md), and at
# hard's budget it won only 0.505 of 200 against v1's hard (exit.md, H1). Easy (30 iterations,
# no level offers it) keeps v1 too.
PRESETS: dict[str, SearchConfig] = {
    "easy": SearchConfig(iterations=30, playout_turns=0, prune=True),
    "normal": SearchConfig(
        iterations=160,
        prune=True,
        kingdom_book="tactics",
        evaluator="v3-or-threat",
        root_scale=0.1,
        root_scale_many=1.0,
        playout_turns_many=0,
        iterations_many=260,
    ),
    "hard": SearchConfig(iterations=1400, prune=True, kingdom_book="tactics"),
    "expert": SearchConfig(iterations=10000, prune=True, kingdom_book="tactics"),
}

OPTIONS = tuple(f.name for f in fields(SearchConfig))
# The options a preset may set apart for three or more seats, and their twins that do so.
MANY_SEATS = {
    "root_scale": "root_scale_many",
    "playout_turns": "playout_turns_many",
    "iterations": "iterations_many",
}


def preset(
    level: str, presets: Mapping[str, SearchConfig] = PRESETS, **overrides: object
) -> SearchConfig:
    """The preset of ``level`` with some options replaced (``weights`` may name a set of
    ``ai.evaluation.WEIGHT_SETS``; an option of ``MANY_SEATS`` replaced alone holds at every
    seat count); unknown levels, options and components are ValueErrors."""
    if level not in presets:
        raise ValueError(f"unknown difficulty {level!r}; choose from {', '.join(DIFFICULTIES)}")
    unknown = set(overrides) - set(OPTIONS)
    if unknown:
        raise ValueError(f"unknown search option(s): {', '.join(sorted(unknown))}")
    values: dict[str, Any] = dict(overrides)
    # "iterations=40" is 40 at every seat count: an option given without its ``*_many`` twin
    # holds at three or more seats too, whatever the preset sets there.
    for option, many in MANY_SEATS.items():
        if option in values and many not in values:
            values[many] = type(getattr(presets[level], many))(-1)
    name = values.get("weights")
    if isinstance(name, str):
        if name not in WEIGHT_SETS:
            raise ValueError(
                f"unknown weights {name!r}; choose from {', '.join(sorted(WEIGHT_SETS))}"
            )
        values["weights"] = WEIGHT_SETS[name]
    for key, value in values.items():
        values[key] = _typed(key, value, getattr(presets[level], key))
    config = replace(presets[level], **values) if values else presets[level]
    check_components(config)
    return config


# What each number may be, inclusive: outside it a search is meaningless (a negative budget, a
# probability above 1, a NaN that poisons every comparison) or never ends, so it is refused
# where it is given rather than played.
RANGES: dict[str, tuple[float, float]] = {
    "iterations": (1, 1_000_000),
    "time_ms": (0.0, 600_000.0),  # ten minutes
    "c_puct": (0.0, 100.0),
    "prior_temp": (0.0, 1000.0),
    "bias_visits": (0.0, 10_000.0),
    "widen_c": (0.0, 1000.0),
    "widen_alpha": (0.0, 1.0),
    "playout_turns": (0, 10),
    "playout_epsilon": (0.0, 1.0),
    "playout_moves": (1, 10_000),
    "duel_c": (0.0, 100.0),
    "reuse_min": (0.0, 1.0),
    "root_scale": (0.0, 10.0),
    "root_scale_many": (-1.0, 10.0),  # -1: as root_scale; between -1 and 0 refused below
    "playout_turns_many": (-1, 10),  # -1: as playout_turns
    "iterations_many": (-1, 1_000_000),  # -1: as iterations; 0 refused below
}


def _typed(key: str, value: object, default: object) -> object:
    """``value`` as the type of the option's ``default``, or a ValueError that says what it
    takes: "prune=no" must not pass for a true (non-empty) text."""
    if isinstance(default, bool):
        ok, kind = isinstance(value, bool), "true or false"
    elif isinstance(default, int):
        ok, kind = isinstance(value, int) and not isinstance(value, bool), "a whole number"
    elif isinstance(default, float):
        ok, kind = isinstance(value, int | float) and not isinstance(value, bool), "a number"
        value = float(value) if ok else value  # type: ignore[arg-type]
    elif isinstance(default, str):
        ok, kind = isinstance(value, str), "a name"
    else:
        return value
    if not ok:
        raise ValueError(f"search option {key} takes {kind}, not {value!r}")
    if key in RANGES:
        low, high = RANGES[key]
        if not low <= value <= high:  # type: ignore[operator]  # NaN fails too
            raise ValueError(
                f"search option {key} takes {kind} from {low:.15g} to {high:.15g}, not {value!r}"
            )
    return value


__all__ = ["DIFFICULTIES", "OPTIONS", "PRESETS", "RANGES", "V1_PRESETS", "preset"]
