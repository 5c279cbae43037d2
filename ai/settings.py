"""An agent's settings as JSON, as the arena's logs and reports record them.

``{"name": "ismcts", "level": "hard", "options": {"iterations": 1400, ..., "weights": {...}}}``:
every search parameter the agent plays with, resolved from its spec today, so that a log
resumed after a preset changed is refused rather than mixed with games of another strength.
Agents without a search have ``"level": null`` and no options.

Logs written before this format held the ``repr()`` of the agent's ``SearchConfig`` (or of its
class name); ``from_log`` reads those too, as they would be written now.
"""

from __future__ import annotations

import ast
from dataclasses import fields, is_dataclass
from typing import Any

from ai.components import TWO_SEAT_EVALUATORS
from ai.config import SearchConfig
from ai.registry import agent_from_spec, parse_spec

# Search options and weights that older logs name but the search no longer has, at the value
# they had in every game played without them; a log that played them otherwise keeps them.
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
# before them had: the components it took before it took them from outside, and no pruning.
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


def agent_settings(spec: str) -> dict[str, Any]:
    """What ``spec`` resolves to today."""
    name, _ = parse_spec(spec)
    agent = agent_from_spec(spec)
    config = getattr(agent, "config", None)
    if not isinstance(config, SearchConfig):
        return {"name": name, "level": None, "options": {}}
    return {"name": name, "level": getattr(agent, "level", None), "options": to_json(config)}


def to_json(value: object) -> Any:
    """A dataclass as a dict of its fields, tuples as lists: what ``json.loads`` gives back."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    return value


def from_log(spec: str, recorded: object) -> dict[str, Any]:
    """The settings a log line records for ``spec``, in today's form."""
    if isinstance(recorded, dict):
        options = recorded.get("options")
        if isinstance(options, dict) and options:  # a search's (the policy agent's too)
            recorded = dict(recorded, options=_today(options))
        return recorded
    if not isinstance(recorded, str):
        raise ValueError(f"settings of {spec!r} are neither JSON nor a SearchConfig: {recorded!r}")
    name, options = parse_spec(spec)
    try:
        tree = ast.parse(recorded, mode="eval").body
    except SyntaxError as err:
        raise ValueError(f"settings of {spec!r} are not a SearchConfig: {recorded!r}") from err
    if not isinstance(tree, ast.Call):  # the class name of an agent without a search
        return {"name": name, "level": None, "options": {}}
    config = _today(_call_fields(tree))
    weights = config.get("weights")
    if isinstance(weights, dict):
        for weight, default in REMOVED_WEIGHTS.items():
            if weights.get(weight, default) == default:
                weights.pop(weight, None)
    level = options.get("level", "normal")
    return {"name": name, "level": level, "options": config}


def at_two_seats(settings: dict[str, Any]) -> dict[str, Any]:
    """``settings`` as they play at two seats: a by-seats evaluator as its two-seat one, and
    none of the ``*_many`` options of more seats. Settings equal so play the same two-seat
    games."""
    options = settings.get("options")
    if not options:
        return settings
    options = dict(options)
    evaluator = options.get("evaluator")
    if isinstance(evaluator, str):
        options["evaluator"] = TWO_SEAT_EVALUATORS.get(evaluator, evaluator)
    options.update(root_scale_many=-1.0, playout_turns_many=-1, iterations_many=-1)
    return dict(settings, options=options)


def with_kingdoms_dealt(settings: dict[str, Any]) -> dict[str, Any]:
    """``settings`` as they play games whose kingdoms are dealt (the arena's, unless run with
    ``--pick``): there is no pick, so no kingdom book acts. Settings equal so play the same
    dealt games."""
    options = settings.get("options")
    if not options or "kingdom_book" not in options:
        return settings
    return dict(settings, options=dict(options, kingdom_book=""))


def _today(options: dict[str, Any]) -> dict[str, Any]:
    """Recorded search options as they would be written now: the options added since at the
    value they had before, those removed since left out where they had the value every game
    without them plays (kept where they did not: such a game was played otherwise)."""
    options = {**ADDED_OPTIONS, **options}
    for option, default in REMOVED_OPTIONS.items():
        if options.get(option, default) == default:
            options.pop(option, None)
    return options


def _call_fields(call: ast.Call) -> dict[str, Any]:
    """``SearchConfig(iterations=200, weights=Weights(level=0.15, ...))`` as nested dicts."""
    out: dict[str, Any] = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            raise ValueError("a SearchConfig repr has no ** arguments")
        value = keyword.value
        out[keyword.arg] = (
            _call_fields(value) if isinstance(value, ast.Call) else to_json(ast.literal_eval(value))
        )
    return out


__all__ = ["agent_settings", "at_two_seats", "from_log", "to_json", "with_kingdoms_dealt"]
