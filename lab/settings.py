"""An agent's settings as JSON, as the arena's logs and reports record them.

A search agent: ``{"name": "ismcts", "level": "hard", "kingdom_book": "tactics", "two_seats":
{...}, "more_seats": {...}}``, each search every parameter of its ``SearchConfig`` (its
components as their name and what they are made of); the policy agent: its ``"policy"``; any
other agent its name and ``"level": null``. Resolved from the spec today, so that a log resumed
after a preset changed is refused rather than mixed with games of another strength. Settings
that older logs recorded otherwise are read as they would be written now (``lab.older_settings``).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from ai.ismcts import SearchAgent
from ai.policy_agent import PolicyAgent
from ai.presets import SearchPreset
from ai.registry import parse_spec
from lab.baselines import agent_from_spec
from lab.older_settings import from_options, from_repr

SEARCHES = ("two_seats", "more_seats")


def agent_settings(spec: str) -> dict[str, Any]:
    """What ``spec`` resolves to today."""
    name, _ = parse_spec(spec)
    agent = agent_from_spec(spec)
    if isinstance(agent, SearchAgent):
        return {"name": name, "level": agent.level, **preset_settings(agent.preset)}
    if isinstance(agent, PolicyAgent):
        return {"name": name, "level": None, "policy": to_json(agent.policy)}
    return {"name": name, "level": None}


def preset_settings(preset: SearchPreset) -> dict[str, Any]:
    return {
        "kingdom_book": preset.kingdom_book,
        "two_seats": to_json(preset.two_seats),
        "more_seats": to_json(preset.more_seats),
    }


def to_json(value: object) -> Any:
    """A dataclass as a dict of its fields (a component's name first), tuples as lists: what
    ``json.loads`` gives back."""
    if is_dataclass(value) and not isinstance(value, type):
        named = getattr(type(value), "name", None)
        own = {f.name: to_json(getattr(value, f.name)) for f in fields(value)}
        return {"name": named, **own} if isinstance(named, str) else own
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    return value


def from_log(spec: str, recorded: object) -> dict[str, Any]:
    """The settings a log line records for ``spec``, in today's form."""
    if isinstance(recorded, str):  # the repr() of a SearchConfig, before settings were JSON
        return from_repr(spec, recorded)
    if not isinstance(recorded, dict):
        raise ValueError(f"settings of {spec!r} are neither JSON nor a SearchConfig: {recorded!r}")
    if "options" not in recorded:
        return recorded
    # Before a preset named a search per seat count: one search's options, flat.
    options = recorded["options"]
    if not isinstance(options, dict):
        raise ValueError(f"settings of {spec!r} hold options that are not an object: {options!r}")
    return from_options(recorded.get("name"), recorded.get("level"), options)


def at_two_seats(settings: dict[str, Any]) -> dict[str, Any]:
    """``settings`` as they play at two seats: without the search of more seats. Settings
    equal so play the same two-seat games."""
    return {k: v for k, v in settings.items() if k != "more_seats"}


def with_kingdoms_dealt(settings: dict[str, Any]) -> dict[str, Any]:
    """``settings`` as they play games whose kingdoms are dealt (the arena's, unless run with
    ``--pick``): there is no pick, so no kingdom book acts. Settings equal so play the same
    dealt games."""
    if "kingdom_book" not in settings:
        return settings
    return dict(settings, kingdom_book="")


__all__ = [
    "agent_settings",
    "at_two_seats",
    "from_log",
    "preset_settings",
    "to_json",
    "with_kingdoms_dealt",
]
