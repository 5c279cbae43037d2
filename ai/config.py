"""One search's parameters: its budget, what it searches with, and its tree's and playout's."""

from __future__ import annotations

from dataclasses import dataclass

from ai.components import Evaluation, HandBuilt, Scoring
from ai.playout import PlayoutParams
from ai.tree import TreeParams

# Defaults of the fields below, made once: every one is frozen.
_HAND_BUILT = HandBuilt()
_TREE = TreeParams()
_PLAYOUT = PlayoutParams()


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """The parameters of one decision's search (``ai.search``); the presets (``ai.presets``)
    name one for two seats and one for more."""

    iterations: int = 400  # budget in iterations (deterministic for a seed)
    time_ms: float = 0.0  # if > 0: a wall-clock budget instead of iterations
    evaluator: Evaluation = _HAND_BUILT  # judges the leaves and the root's one-ply lookahead
    policy: Scoring = _HAND_BUILT  # the tree's priors and the playouts' moves
    root_eval: bool = True  # one-ply evaluation of every root action as its prior
    # The root's one-ply values start each action's mean (with the tree's ``bias_visits``) at
    # its value less the best's, times this: 1.0 takes the evaluation's differences as they
    # are, though a search's own values after the same actions lie about ten times closer.
    root_scale: float = 1.0
    reuse: bool = True  # keep the subtree of the chosen action for the next own decision
    reuse_min: float = 0.34  # share of the budget searched anew even on a reused tree
    tree: TreeParams = _TREE
    playout: PlayoutParams = _PLAYOUT


__all__ = ["SearchConfig"]
