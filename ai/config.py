"""The search's parameters, and the names of the components it searches with."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ai.evaluation import DEFAULT_WEIGHTS, Weights


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Search parameters; the difficulty presets (``ai.presets``) fill these in."""

    iterations: int = 400  # budget in iterations (deterministic for a seed)
    time_ms: float = 0.0  # if > 0: a wall-clock budget instead of iterations
    c_puct: float = 0.5
    prior_temp: float = 4.0  # policy score -> prior weight exp(temp * score)
    bias_visits: float = 6.0  # virtual visits that carry the prior value into Q
    widen_c: float = 2.5  # progressive widening: candidates = widen_c * visits ** widen_alpha
    widen_alpha: float = 0.5
    playout_turns: int = 1  # whole turns the policy plays after the current one
    playout_epsilon: float = 0.1
    playout_moves: int = 24  # moves the playout policy samples from a long list
    duel_c: float = 0.5
    root_eval: bool = True  # one-ply evaluation of every root action as its prior
    reuse: bool = True  # keep the subtree of the chosen action for the next own decision
    reuse_min: float = 0.34  # share of the budget searched anew even on a reused tree
    weights: Weights = DEFAULT_WEIGHTS  # what the "v1" evaluator and policy are built with
    evaluator: str = "v1"  # judges the leaves (``ai.components.register_evaluator``)
    policy: str = "v1"  # priors and playouts (``ai.components.register_policy``)
    prune: bool = False  # leave out actions another one beats outright (``ai.dominance``)
    # The root's one-ply values start each action's mean (with ``bias_visits``) at its value
    # less the best's, times this: 1.0 takes the evaluation's differences as they are; a
    # search's own values after the same actions differ about ten times less (exit.md, G1).
    root_scale: float = 1.0
    # The root scale at three or more seats, -1.0 for ``root_scale`` at every seat count: what
    # a tenth gained at two seats it did not gain at four (exit.md, Z3 and round 8), where the
    # seats' chances lie about half as far apart.
    root_scale_many: float = -1.0
    # The playout turns and the iteration budget at three or more seats, -1 for
    # ``playout_turns`` and ``iterations`` at every seat count: there the playout's extra turn
    # is one of several opponents' turns, a partial look that adds its dice in full; ending the
    # playout with the mover's turn at 260 iterations (v1's time) won 0.333 of 400 four-seat
    # games against three v1 normals (exit.md, Z7' and Z7'b), at two seats no more than
    # before (N1).
    playout_turns_many: int = -1
    iterations_many: int = -1
    # The kingdom pick (R3.1) from a book of measured win shares (``ai.kingdom_book``: its
    # name, as in ``ai/data/kingdoms_<name>.json``), "" to search it as any other decision.
    kingdom_book: str = ""


def at_seats(config: SearchConfig, num_players: int) -> SearchConfig:
    """``config`` as a search of ``num_players`` seats plays it: at three or more seats each
    ``*_many`` option that is set (not -1) takes the place of its two-seat one."""
    if num_players <= 2:
        return config
    return replace(
        config,
        root_scale=_many(config.root_scale_many, config.root_scale),
        playout_turns=int(_many(config.playout_turns_many, config.playout_turns)),
        iterations=int(_many(config.iterations_many, config.iterations)),
    )


def _many(value: float, two_seats: float) -> float:
    return value if value >= 0 else two_seats


__all__ = ["SearchConfig", "at_seats"]
