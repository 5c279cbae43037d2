"""Agents chosen by name or by a spec string such as ``"ismcts:hard:evaluator=fitted"``: the
names a command line gives agents and components, and the objects they stand for.

A component is registered under one name, its own (``Evaluation.name``, ``Scoring.name``), so a
spec, a log's settings and the component say the same. The lab's baselines add their own names
(``lab.baselines.agent_from_spec``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from ai.agents import Agent, GreedyAgent, Insight, RandomAgent, Thinking
from ai.chances import search_chance
from ai.components import Evaluation, Fitted, HandBuilt, Scoring, Tactics, Threat
from ai.ismcts import IsmctsAgent
from ai.options import OPTIONS
from ai.policy_agent import PolicyAgent
from ai.presets import DIFFICULTIES, HINT
from game import Action, PlayerView

AGENT_NAMES = ("random", "greedy", "policy", "ismcts")
SEARCH_OPTIONS = ("level", *OPTIONS)

_C = TypeVar("_C", Evaluation, Scoring)
_T = TypeVar("_T")

EVALUATORS: dict[str, Evaluation] = {}
POLICIES: dict[str, Scoring] = {}


def register_evaluator(evaluation: Evaluation) -> None:
    """Let agent specs name ``evaluation`` (``evaluator=NAME``) by its name."""
    _register(EVALUATORS, "evaluator", evaluation)


def register_policy(scoring: Scoring) -> None:
    """Let agent specs name ``scoring`` (``policy=NAME``, ``policy:NAME``) by its name."""
    _register(POLICIES, "policy", scoring)


def _register(table: dict[str, _C], what: str, component: _C) -> None:
    # A second registration under a taken name would silently change every agent that names it.
    name = component.name
    if not name or ":" in name or "=" in name:
        raise ValueError(f"{what} name {name!r} cannot be written in an agent spec")
    if name in table:
        raise ValueError(f"an {what} called {name!r} is registered already")
    table[name] = component


def _lookup(table: dict[str, _T], what: str, name: str) -> _T:
    found = table.get(name)
    if found is None:
        raise ValueError(f"unknown {what} {name!r}; choose from {', '.join(sorted(table))}")
    return found


def named(options: dict[str, object]) -> dict[str, Any]:
    """``options`` with the components they name as the objects."""
    out: dict[str, Any] = dict(options)
    if isinstance(out.get("evaluator"), str):
        out["evaluator"] = _lookup(EVALUATORS, "evaluator", out["evaluator"])
    if isinstance(out.get("policy"), str):
        out["policy"] = _lookup(POLICIES, "policy", out["policy"])
    return out


for _evaluation in (HandBuilt(), Fitted(), Threat()):
    register_evaluator(_evaluation)
for _scoring in (HandBuilt(), Tactics()):
    register_policy(_scoring)


def make_agent(name: str, **options: object) -> Agent:
    """``random``, ``greedy``, ``policy`` (``policy=``) or ``ismcts`` (``level=``, search
    options)."""
    if name == "random":
        _no_options(name, options)
        return RandomAgent()
    if name == "greedy":
        _no_options(name, options)
        return GreedyAgent()
    if name == "policy":
        unknown = sorted(set(options) - {"policy"})
        if unknown:
            raise ValueError(
                f"agent 'policy' has no option {', '.join(map(repr, unknown))}; "
                "choose from 'policy'"
            )
        policy = named({"policy": options.get("policy", Tactics.name)})["policy"]
        if not callable(getattr(policy, "policy", None)):
            raise ValueError(f"agent 'policy' plays a policy (ai.components), not {policy!r}")
        return PolicyAgent(policy)
    if name == "ismcts":
        check_search_options(name, options)
        level = str(options.pop("level", "normal"))
        return IsmctsAgent(level, **named(options))
    raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")


def _no_options(name: str, options: dict[str, object]) -> None:
    if options:
        raise ValueError(f"agent {name!r} takes no options, got {', '.join(sorted(options))}")


def check_search_options(name: str, options: dict[str, object]) -> None:
    """ValueError unless every option is a search option or ``level``: a misspelt option
    (``difficulty=`` for ``level=``) must not pass for a default search."""
    unknown = sorted(set(options) - set(SEARCH_OPTIONS))
    if unknown:
        raise ValueError(
            f"agent {name!r} has no option {', '.join(map(repr, unknown))}; "
            f"choose from {', '.join(SEARCH_OPTIONS)}"
        )


def parse_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``"ismcts:hard:iterations=500"`` -> ``("ismcts", {"level": "hard", "iterations": 500})``."""
    parts = [p.strip() for p in spec.split(":")]
    name = parts[0]
    options: dict[str, object] = {}
    for part in parts[1:]:
        if not part:  # "ismcts:" read as the default level: a level or option left out
            raise ValueError(
                f"agent spec {spec!r} has an empty part between colons; write it as "
                "name:level:option=value, such as ismcts:hard:iterations=500"
            )
        if "=" in part:
            key, raw = part.split("=", 1)
            key, value = key.strip(), option_value(raw.strip())
        elif name == "policy":
            key, value = "policy", part  # "policy:tactics": the policy it plays
        elif part in DIFFICULTIES:
            key, value = "level", part
        else:
            raise ValueError(
                f"unknown difficulty {part!r} in agent spec {spec!r}; choose from "
                f"{', '.join(DIFFICULTIES)}, or write an option as name=value"
            )
        # "ismcts:normal:hard" would play hard under a name that says normal too.
        if key in options:
            raise ValueError(f"agent spec {spec!r} gives {key} twice; give it once")
        options[key] = value
    return name, options


def option_value(raw: str) -> object:
    """An option written in a spec or on a command line: a number, true/false, or the text."""
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    if raw.lower() in ("true", "false"):
        return raw.lower() == "true"
    return raw


def agent_from_spec(spec: str, **extra: object) -> Agent:
    name, options = parse_spec(spec)
    options.update(extra)
    return make_agent(name, **options)


# The hint's budget: the search whose chances ``ai.chances.search_chance`` was fitted on
# (``ai.presets.HINT``).
HINT_ITERATIONS = HINT.two_seats.iterations


def hint_agent(iterations: int = HINT_ITERATIONS) -> Agent:
    """The search behind the hint button (the client slices it over frames)."""
    return IsmctsAgent("hint", preset=HINT, iterations=iterations)


def hint_search(
    view: PlayerView,
    legal_actions: Sequence[Action],
    *,
    iterations: int = HINT_ITERATIONS,
    seed: int = 0,
) -> Thinking:
    """The hint's search, run to its end; its ``explain`` gives the search's own chances."""
    thinking = hint_agent(iterations).begin(view, legal_actions, random.Random(seed))
    while not thinking.step(1 << 30):
        pass
    return thinking


def hint(
    view: PlayerView,
    legal_actions: Sequence[Action],
    *,
    iterations: int = HINT_ITERATIONS,
    seed: int = 0,
    top: int = 3,
) -> list[Insight]:
    """The best few actions for the seat of ``view`` by a short search (the hint button), each
    with its win chance as a probability (``ai.chances.search_chance``, unless the decision's
    chances are measured ones already: the kingdom book's)."""
    n = view.public.num_players
    thinking = hint_search(view, legal_actions, iterations=iterations, seed=seed)
    found = thinking.explain(top)
    if thinking.calibrated:
        return found
    return [Insight(i.action, i.visit_share, search_chance(i.win_chance, n)) for i in found]


__all__ = [
    "AGENT_NAMES",
    "EVALUATORS",
    "HINT_ITERATIONS",
    "POLICIES",
    "SEARCH_OPTIONS",
    "agent_from_spec",
    "check_search_options",
    "hint",
    "hint_agent",
    "hint_search",
    "make_agent",
    "named",
    "parse_spec",
    "register_evaluator",
    "register_policy",
]
