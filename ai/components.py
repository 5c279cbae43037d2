"""What the search searches with: an evaluation that judges positions, a policy that prefers
actions, both given to it as objects.

The tree (``ai.tree``) and the playout (``ai.playout``) know nothing of the game's strategy;
they ask an ``Evaluator`` for win chances and a ``Policy`` for action preferences. A
``SearchConfig`` holds an ``Evaluation`` and a ``Scoring``: frozen descriptions (what a
component is and the model or weights it is made of) that make those, once per search and
viewpoint, so that nothing one search caches reaches another:

* ``viewer=-1``: for the determinized worlds of the tree and the playouts, which hold every
  seat's cards;
* ``viewer=seat``: for the searching seat's own public state (the root's one-ply evaluation),
  where the other seats' hands are empty and must not be read as such.

The components players meet are defined here; command lines name them (``ai.registry``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from ai.evaluation import DEFAULT_WEIGHTS, Weights
from ai.evaluation import Evaluator as HandBuiltEvaluator
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


class Evaluation(Protocol):
    """An evaluation as a search is given it: ``name`` says what it is (settings and command
    lines name it so), ``evaluator`` makes a viewpoint's ``Evaluator``."""

    name: ClassVar[str]

    def evaluator(self, viewer: int) -> Evaluator: ...


class Scoring(Protocol):
    """A policy as a search is given it: ``policy`` makes a viewpoint's ``Policy``."""

    name: ClassVar[str]

    def policy(self, viewer: int) -> Policy: ...


@dataclass(frozen=True, slots=True)
class HandBuilt:
    """The hand-built evaluation (``ai.evaluation``: points, imminent destroys, reachable
    towers, islands, levels, coins and cards, turned into win chances by a softmax) and its
    quick action scores (``ai.policy``: the same terms per action, without playing it)."""

    name: ClassVar[str] = "hand-built"
    weights: Weights = DEFAULT_WEIGHTS

    def evaluator(self, viewer: int) -> Evaluator:
        return HandBuiltEvaluator(self.weights, viewer)

    def policy(self, viewer: int) -> Policy:
        return QuickScorer(self.weights, viewer)


@dataclass(frozen=True, slots=True)
class Fitted:
    """The fitted evaluation (``ai.learned_value``): the hand-built one's parts, weighed by a
    conditional logit fitted to how a deep search ranks a turn's actions and to who won
    (``./build.sh train value-v3``), from ``ai/data/<model>.json``."""

    name: ClassVar[str] = "fitted"
    model: str = "value_v3"

    def evaluator(self, viewer: int) -> Evaluator:
        return LearnedEvaluator.named(self.model, viewer)


@dataclass(frozen=True, slots=True)
class Threat:
    """The hand-built evaluation with each general's aims discounted by its likeliest defeat
    before its owner's next turn (``ai.threat_eval``)."""

    name: ClassVar[str] = "threat"
    weights: Weights = DEFAULT_WEIGHTS

    def evaluator(self, viewer: int) -> Evaluator:
        return ThreatEvaluator(self.weights, viewer)


@dataclass(frozen=True, slots=True)
class Tactics:
    """The tactics policy (``ai.tactics``): the quick scores charged with what the next enemy
    turn does to each general, its constants tuned by self-play into ``ai/data/<model>.json``
    (``./build.sh train tactics``)."""

    name: ClassVar[str] = "tactics"
    model: str = "tactics_v1"

    def policy(self, viewer: int) -> Policy:
        return TacticsScorer.named(self.model, viewer)


__all__ = [
    "Evaluation",
    "Evaluator",
    "Fitted",
    "HandBuilt",
    "Policy",
    "Scoring",
    "Tactics",
    "Threat",
]
