"""Agent settings as older arena logs recorded them, read as they would be written now
(``lab.settings``).

Until a preset named a search per seat count, a log held one search's options, flat
(``{"options": {"iterations": 160, "evaluator": "v3-or-threat", "root_scale_many": 1.0, ...}}``),
its components by the names they had then; before that, the ``repr()`` of a ``SearchConfig``.
Options added since are read at the value every game before them played; options removed since
are left out where they had the value every game without them plays, and kept where they did
not, so that such a game is never taken for one of today's.
"""

from __future__ import annotations

import ast
from typing import Any

from ai.options import PLAYOUT_FIELDS, TREE_FIELDS
from ai.registry import parse_spec

# Search options and weights that older logs name but the search no longer has, at the value
# they had in every game played without them.
REMOVED_OPTIONS: dict[str, object] = {
    "tree_chance": True,
    "transpositions": False,
    "minimax_weight": 0.0,
    # Switches that no preset took, removed after 91059c9 (experiments/README.md).
    "c_by_seats": False,
    "root_ties": "order",
    "paired_root": False,
    "tree_scale": 1.0,
    "root_halving": 0,
    "duel_solve": False,
    "leaf_evaluator": "",
    "playouts": True,
    "root_policy": "",
    "root_pairs": 0,
}
REMOVED_WEIGHTS: dict[str, object] = {"guard": 0.0}
# Search options gained since a log may have been written, at the value every game played
# before them had: the components it took before it took them from outside, no pruning, one
# search at every seat count and no kingdom book.
ADDED_OPTIONS: dict[str, object] = {
    "evaluator": "v1",
    "policy": "v1",
    "prune": False,
    "root_scale": 1.0,
    "root_scale_many": -1.0,
    "playout_turns_many": -1,
    "iterations_many": -1,
    "kingdom_book": "",
}
# At three or more seats, each of these took the place of its two-seat option where set (-1:
# not set).
MANY_SEATS = {
    "root_scale_many": "root_scale",
    "playout_turns_many": "playout_turns",
    "iterations_many": "iterations",
}
# An evaluator that was one evaluator at two seats and another at more.
BY_SEATS = {"v3-or-threat": ("v3", "threat")}
# Components by the names they had, as today's settings name them; a name not here is a
# component since removed.
MADE_OF_WEIGHTS = {"v1": "hand-built", "threat": "threat"}
MODELS = {"v3": ("fitted", "value_v3"), "tactics": ("tactics", "tactics_v1")}


def from_options(name: object, level: object, options: dict[str, Any]) -> dict[str, Any]:
    """The settings of an agent whose log recorded one search's options, flat."""
    if not options:  # an agent without a search
        return {"name": name, "level": level}
    options = {**ADDED_OPTIONS, **options}
    for option, default in REMOVED_OPTIONS.items():
        if options.get(option, default) == default:
            options.pop(option, None)
    weights = options.pop("weights", None)
    if isinstance(weights, dict):
        weights = {
            k: v
            for k, v in weights.items()
            if not (k in REMOVED_WEIGHTS and v == REMOVED_WEIGHTS[k])
        }
    if name == "policy":  # the policy agent, which held a search's options for its policy
        return {"name": name, "level": None, "policy": _component(options["policy"], weights)}
    book = options.pop("kingdom_book")
    evaluator = options.pop("evaluator")
    two_seats, more_seats = BY_SEATS.get(evaluator, (evaluator, evaluator))
    many = [(option, options.pop(twin)) for twin, option in MANY_SEATS.items()]
    more = dict(options)
    for option, value in many:
        if value != -1:
            more[option] = value
    return {
        "name": name,
        "level": level,
        "kingdom_book": book,
        "two_seats": _search(options, two_seats, weights),
        "more_seats": _search(more, more_seats, weights),
    }


def _search(options: dict[str, Any], evaluator: str, weights: object) -> dict[str, Any]:
    rest = dict(options)
    tree = {key: rest.pop(key) for key in TREE_FIELDS if key in rest}
    playout = {field: rest.pop(key) for key, field in PLAYOUT_FIELDS.items() if key in rest}
    policy = rest.pop("policy")
    return {
        **rest,
        "evaluator": _component(evaluator, weights),
        "policy": _component(policy, weights),
        "tree": tree,
        "playout": playout,
    }


def _component(name: str, weights: object) -> dict[str, Any]:
    if name in MADE_OF_WEIGHTS:
        return {"name": MADE_OF_WEIGHTS[name], "weights": weights}
    if name in MODELS:
        today, model = MODELS[name]
        return {"name": today, "model": model}
    return {"name": name}


def from_repr(spec: str, recorded: str) -> dict[str, Any]:
    """The settings of an agent whose log recorded the ``repr()`` of its ``SearchConfig`` (or
    the name of its class, for an agent without a search)."""
    name, options = parse_spec(spec)
    try:
        tree = ast.parse(recorded, mode="eval").body
    except SyntaxError as err:
        raise ValueError(f"settings of {spec!r} are not a SearchConfig: {recorded!r}") from err
    if not isinstance(tree, ast.Call):  # the class name of an agent without a search
        return {"name": name, "level": None}
    return from_options(name, options.get("level", "normal"), _call_fields(tree))


def _call_fields(call: ast.Call) -> dict[str, Any]:
    """``SearchConfig(iterations=200, weights=Weights(level=0.15, ...))`` as nested dicts."""
    out: dict[str, Any] = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            raise ValueError("a SearchConfig repr has no ** arguments")
        value = keyword.value
        out[keyword.arg] = (
            _call_fields(value) if isinstance(value, ast.Call) else _listed(ast.literal_eval(value))
        )
    return out


def _listed(value: object) -> object:
    """Tuples as lists, as JSON reads them back."""
    if isinstance(value, tuple | list):
        return [_listed(v) for v in value]
    return value


__all__ = ["from_options", "from_repr"]
