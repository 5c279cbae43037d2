"""What the search searches with: an evaluator, a policy, and the names they are chosen by.

The tree (``ai.tree``) and the playout (``ai.playout``) know nothing of the game's strategy; they
ask an ``Evaluator`` for win chances and a ``Policy`` for action preferences. A ``SearchConfig``
names one of each (``evaluator="v1"``, ``policy="v1"``, or ``ismcts:hard:evaluator=NAME`` in an
agent spec), and the registry below builds them, once per search and viewpoint:

* ``viewer=-1``: for the determinized worlds of the tree and the playouts, which hold every
  seat's cards;
* ``viewer=seat``: for the searching seat's own public state (the root's one-ply evaluation),
  where the other seats' hands are empty and must not be read as such.

"v1" is the hand-built evaluation (``ai.evaluation``) and its quick action scores
(``ai.policy``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from ai.config import SearchConfig
from ai.evaluation import Evaluator as V1Evaluator
from ai.kingdom_book import book_names
from ai.learned_value import LearnedEvaluator
from ai.policy import QuickScorer
from ai.tactics import TacticsScorer
from ai.threat_eval import ThreatEvaluator
from game import Action, GameState


class Evaluator(Protocol):
    """Judges a position for every seat at once."""

    def win_chances(self, state: GameState) -> list[float]:
        """One win chance per seat, summing to 1; at a finished game, ``state.returns()``."""
        ...


class Policy(Protocol):
    """Prefers some actions to others, cheaply: the tree's priors and the playouts' moves."""

    def scores(self, state: GameState, actions: Sequence[Action]) -> list[float]:
        """A preference per action of the seat to move in ``state`` (higher is better).

        The tree weighs an action by ``exp(prior_temp * (score - best score))``; the playouts
        take the best one (now and then one of the best five instead).
        """
        ...

    def value_scale(self, state: GameState) -> float:
        """Win chance per unit of score near ``state``: the tree starts an untried action's
        value at ``value_scale * (score - best score)`` from its node's mean. 0.0 for scores
        in no such unit: priors then only rank the actions."""
        ...


class BySeats:
    """One evaluator at two seats and another at three or more: what a fit to one seat's
    ranking of its own actions learnt (v3) need not hold where three opponents move between
    a seat's turns (experiments/exit.md, V2 and Z5)."""

    __slots__ = ("many", "two")

    def __init__(self, two: Evaluator, many: Evaluator) -> None:
        self.two = two
        self.many = many

    def win_chances(self, state: GameState) -> list[float]:
        return (self.two if state.num_players == 2 else self.many).win_chances(state)


EvaluatorFactory = Callable[[SearchConfig, int], Evaluator]
PolicyFactory = Callable[[SearchConfig, int], Policy]

_F = TypeVar("_F")

_EVALUATORS: dict[str, EvaluatorFactory] = {}
_POLICIES: dict[str, PolicyFactory] = {}


def register_evaluator(name: str, factory: EvaluatorFactory) -> None:
    """Make ``factory(config, viewer)`` the evaluator called ``name``."""
    _register(_EVALUATORS, "evaluator", name, factory)


def register_policy(name: str, factory: PolicyFactory) -> None:
    """Make ``factory(config, viewer)`` the policy called ``name``."""
    _register(_POLICIES, "policy", name, factory)


def _register(table: dict[str, _F], what: str, name: str, factory: _F) -> None:
    # A second registration under a taken name would silently change every agent that names
    # it, the frozen baseline's "v1" among them.
    if not name or ":" in name or "=" in name:
        raise ValueError(f"{what} name {name!r} cannot be written in an agent spec")
    if name in table:
        raise ValueError(f"an {what} called {name!r} is registered already")
    table[name] = factory


def evaluator_names() -> tuple[str, ...]:
    return tuple(sorted(_EVALUATORS))


def policy_names() -> tuple[str, ...]:
    return tuple(sorted(_POLICIES))


def make_evaluator(config: SearchConfig, viewer: int) -> Evaluator:
    return _lookup(_EVALUATORS, "evaluator", config.evaluator)(config, viewer)


def make_policy(config: SearchConfig, viewer: int) -> Policy:
    return _lookup(_POLICIES, "policy", config.policy)(config, viewer)


def check_components(config: SearchConfig) -> None:
    """Refuse a config that names an evaluator, a policy or a kingdom book nobody made, a root
    scale below 0 or a budget of 0 at more seats (-1 says "as at two")."""
    _lookup(_EVALUATORS, "evaluator", config.evaluator)
    _lookup(_POLICIES, "policy", config.policy)
    if config.kingdom_book and config.kingdom_book not in book_names():
        raise ValueError(
            f"unknown kingdom_book {config.kingdom_book!r}; choose from {', '.join(book_names())}"
        )
    if -1.0 < config.root_scale_many < 0:
        raise ValueError(
            f"root_scale_many {config.root_scale_many} is neither -1 (as root_scale) nor a "
            "scale from 0 to 10"
        )
    if config.iterations_many == 0:
        raise ValueError("iterations_many 0 is neither -1 (as iterations) nor a budget from 1")


def _lookup(table: dict[str, _F], what: str, name: str) -> _F:
    found = table.get(name)
    if found is None:
        raise ValueError(f"unknown {what} {name!r}; choose from {', '.join(sorted(table))}")
    return found


register_evaluator("v1", lambda config, viewer: V1Evaluator(config.weights, viewer))
register_policy("v1", lambda config, viewer: QuickScorer(config.weights, viewer))
# "tactics": v1's scores charged with the next enemy turn's threat to each general, tuned by
# self-play (ai/tactics.py, ai/data/tactics_v1.json); it has its own weights.
register_policy("tactics", lambda config, viewer: TacticsScorer.named("tactics_v1", viewer))
# "v3": v1 corrected toward ranking a turn's actions as hard does (tools/value_exit.py,
# ai/data/value_v3.json; the value half of Expert Iteration, experiments/exit.md).
register_evaluator("v3", lambda config, viewer: LearnedEvaluator.named("value_v3", viewer))
# "threat": v1 with each general's aims discounted by its danger next turn (ai/threat_eval.py).
register_evaluator("threat", lambda config, viewer: ThreatEvaluator(config.weights, viewer))
# "v3-or-threat": v3 at two seats, "threat" at three or more: the normal preset's (round 8 of
# experiments/exit.md; with the root at a tenth at every seat count, Z5, it won 0.273 of 200
# four-seat games against three v1 normals).
# What each by-seats evaluator is at two seats (tests/ai/test_components.py holds them to it): a
# two-seat measurement of one holds for the other.
TWO_SEAT_EVALUATORS: dict[str, str] = {"v3-or-threat": "v3"}
register_evaluator(
    "v3-or-threat",
    lambda config, viewer: BySeats(
        LearnedEvaluator.named("value_v3", viewer), ThreatEvaluator(config.weights, viewer)
    ),
)


__all__ = [
    "TWO_SEAT_EVALUATORS",
    "BySeats",
    "Evaluator",
    "EvaluatorFactory",
    "Policy",
    "PolicyFactory",
    "check_components",
    "evaluator_names",
    "make_evaluator",
    "make_policy",
    "policy_names",
    "register_evaluator",
    "register_policy",
]
