"""Agents chosen by name or by a spec string such as ``"ismcts:hard"``."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.agents import Agent, GreedyAgent, Insight, RandomAgent, Thinking
from ai.chances import MAPPED_SEARCH_OPTIONS, search_chance
from ai.ismcts import CheatMctsAgent, IsmctsAgent, IsmctsV1Agent
from ai.policy_agent import PolicyAgent
from ai.presets import DIFFICULTIES, OPTIONS
from game import Action, PlayerView

AGENT_NAMES = ("random", "greedy", "policy", "ismcts", "ismcts-v1", "cheat-mcts")
SEARCH_OPTIONS = ("level", *OPTIONS)


def make_agent(name: str, **options: object) -> Agent:
    """``random``, ``greedy``, ``ismcts`` or ``ismcts-v1`` (``level=``, search options), or
    ``cheat-mcts`` (the same, and ``state_provider=``)."""
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
        return PolicyAgent(str(options.get("policy", "tactics")))
    if name in ("ismcts", "ismcts-v1"):
        _search_options(name, options)
        level = str(options.pop("level", "normal"))
        kind = IsmctsAgent if name == "ismcts" else IsmctsV1Agent
        return kind(level, **options)
    if name == "cheat-mcts":
        provider = options.pop("state_provider", None)
        _search_options(name, options)
        level = str(options.pop("level", "normal"))
        return CheatMctsAgent(level, provider, **options)  # type: ignore[arg-type]
    raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}")


def _no_options(name: str, options: dict[str, object]) -> None:
    if options:
        raise ValueError(f"agent {name!r} takes no options, got {', '.join(sorted(options))}")


def _search_options(name: str, options: dict[str, object]) -> None:
    # A misspelt option (``difficulty=`` for ``level=``) must not pass for a default search.
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
# (normal's, with the options of that fit: ``MAPPED_SEARCH_OPTIONS``).
HINT_ITERATIONS = 300


def hint_agent(iterations: int = HINT_ITERATIONS) -> Agent:
    """The search behind the hint button (the client slices it over frames)."""
    return IsmctsAgent("normal", iterations=iterations, **MAPPED_SEARCH_OPTIONS)


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
    "HINT_ITERATIONS",
    "SEARCH_OPTIONS",
    "agent_from_spec",
    "hint",
    "hint_agent",
    "hint_search",
    "make_agent",
    "parse_spec",
]
