"""Search options by name, as an agent spec gives them (``ismcts:hard:c_puct=1.0``): checked,
and set on a preset at every seat count.

An option is a field of ``SearchConfig`` or of its tree's or playout's parameters (the
playout's under the names ``playout_turns``, ``playout_epsilon`` and ``playout_moves``), or the
preset's ``kingdom_book``.
Components are objects here; ``ai.registry`` turns the names a command line gives into them.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

from ai.config import SearchConfig
from ai.kingdom_book import book_names
from ai.playout import PlayoutParams
from ai.presets import SearchPreset
from ai.tree import TreeParams

SEARCH_FIELDS = tuple(f.name for f in fields(SearchConfig) if f.name not in ("tree", "playout"))
TREE_FIELDS = tuple(f.name for f in fields(TreeParams))
PLAYOUT_FIELDS = {f"playout_{f.name}": f.name for f in fields(PlayoutParams)}
OPTIONS = (*SEARCH_FIELDS, *TREE_FIELDS, *PLAYOUT_FIELDS, "kingdom_book")
COMPONENTS = ("evaluator", "policy")

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
}


def configure(preset: SearchPreset, **options: object) -> SearchPreset:
    """``preset`` with ``options`` set at every seat count; an unknown option, a value of the
    wrong kind or out of its range, or an unknown kingdom book is a ValueError."""
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise ValueError(f"unknown search option(s): {', '.join(sorted(unknown))}")
    values = {
        key: _typed(key, value, _kind(preset.two_seats, key)) for key, value in options.items()
    }
    book = values.pop("kingdom_book", preset.kingdom_book)
    assert isinstance(book, str)
    if book and book not in book_names():
        raise ValueError(f"unknown kingdom_book {book!r}; choose from {', '.join(book_names())}")
    two, more = (_set(c, values) for c in (preset.two_seats, preset.more_seats))
    return SearchPreset(two, more, book)


def value_of(config: SearchConfig, key: str) -> object:
    """The value of the option ``key`` (not ``kingdom_book``) in ``config``."""
    if key in TREE_FIELDS:
        return getattr(config.tree, key)
    if key in PLAYOUT_FIELDS:
        return getattr(config.playout, PLAYOUT_FIELDS[key])
    return getattr(config, key)


def _kind(config: SearchConfig, key: str) -> object:
    """A value of the kind ``key`` takes."""
    if key == "kingdom_book":
        return ""
    return value_of(config, key)


def _set(config: SearchConfig, values: dict[str, Any]) -> SearchConfig:
    own = {k: v for k, v in values.items() if k in SEARCH_FIELDS}
    tree = {k: v for k, v in values.items() if k in TREE_FIELDS}
    playout = {PLAYOUT_FIELDS[k]: v for k, v in values.items() if k in PLAYOUT_FIELDS}
    return replace(
        config, **own, tree=replace(config.tree, **tree), playout=replace(config.playout, **playout)
    )


def _typed(key: str, value: object, current: object) -> object:
    """``value`` as the kind of ``current``, or a ValueError that says what it takes:
    "prune=no" must not pass for a true (non-empty) text."""
    if key in COMPONENTS:
        # A dataclass with a name: what the arena's settings record of it (``lab.settings``).
        role = "an evaluation" if key == "evaluator" else "a policy"
        maker = "evaluator" if key == "evaluator" else "policy"
        named = isinstance(getattr(type(value), "name", None), str)
        if not (is_dataclass(value) and named and callable(getattr(value, maker, None))):
            raise ValueError(
                f"search option {key} takes {role} (a named dataclass, as in ai.components), "
                f"not {value!r}"
            )
        return value
    if isinstance(current, bool):
        ok, kind = isinstance(value, bool), "true or false"
    elif isinstance(current, int):
        ok, kind = isinstance(value, int) and not isinstance(value, bool), "a whole number"
    elif isinstance(current, float):
        ok, kind = isinstance(value, int | float) and not isinstance(value, bool), "a number"
        value = float(value) if ok else value  # type: ignore[arg-type]
    else:
        ok, kind = isinstance(value, str), "a name"
    if not ok:
        raise ValueError(f"search option {key} takes {kind}, not {value!r}")
    if key in RANGES:
        low, high = RANGES[key]
        if not low <= value <= high:  # type: ignore[operator]  # NaN fails too
            raise ValueError(
                f"search option {key} takes {kind} from {low:.15g} to {high:.15g}, not {value!r}"
            )
    return value


__all__ = ["OPTIONS", "RANGES", "configure", "value_of"]
