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
    # With n seats, c_puct x 2/n: a seat's chances lie about 2/n as far apart as with two, so
    # the same c_puct explores relatively more the more seats there are.
    c_by_seats: bool = False
    # How the root ranks actions whose one-ply values are equal (a third of all positions:
    # quiet moves the evaluation cannot tell apart): "order" by their place in the legal list,
    # "policy" by the policy's scores, "shared" giving them all the best rank's prior.
    root_ties: str = "order"
    # Common random numbers at the root: the j-th visit of every root action meets the same
    # hidden cards, coins and dice, so the actions are compared on the same luck.
    paired_root: bool = False
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
    # The policy's scores start an action's mean below the root (and at a root without one-ply
    # values) at their difference from the best times the policy's value scale, times this:
    # those differences lie about as far apart as the root's one-ply ones, yet at a tenth
    # normal gained nothing measurable (exit.md, G2: 0.535 of 200 against v1), so 1.0 stays.
    tree_scale: float = 1.0
    # Above 0: the root's budget goes to its this many best-ranked actions by sequential
    # halving (``ai.halving``), and the choice is the best mean among the last two, not the
    # most visited; 0 searches the root as every other node (PUCT).
    root_halving: int = 0
    # A side of a battle commits its coin by solving the coin duel as a matrix game over the
    # battle dice (``ai.duel``) instead of searching it: exact about the dice, but judged by
    # the evaluator one roll later it won 0.472 of 200 against the searched duel (exit.md, D3).
    duel_solve: bool = False
    # What judges the playouts' last positions, "" for ``evaluator``: the root's one-ply ranking
    # and the leaves ask different things of an evaluation. The ranking compares positions one
    # action apart, mid-turn; a leaf is a turn's end, whose value is averaged over many playouts
    # and should forecast who wins (exit.md, round 11).
    leaf_evaluator: str = ""
    # False: no playout; a new leaf is judged where it stands, once the dice, draws and forced
    # moves that follow the action are sampled. For an evaluation that knows mid-turn
    # positions (fitted at every decision); v1 and its family count on the playout to finish
    # the turn's plan first. With v8 there an iteration cost about three quarters of the
    # preset's and played as v1 does (exit.md, round 13, B2: 0.512 of 200).
    playouts: bool = True
    # What scores the root's actions, "" for ``policy``: the root's own prior (with
    # ``root_eval=False``) and the one-ply lookahead's helper, while ``policy`` keeps the
    # priors below the root and the playouts. The tactics policy beats the one-ply ranking in
    # play (0.666 against greedy) and plays worse playouts (round 14 of exit.md).
    root_policy: str = ""
    # Above 0: the root's this many best one-ply actions are also judged in pairs, two dice of
    # the turn played together, and each is worth the best of itself and its pairs
    # (``ai.pairs``); 0 ranks the root by one-ply values alone.
    root_pairs: int = 0
    # The kingdom pick (R3.1) from a book of measured win shares (``ai.kingdom_book``: its
    # name, as in ``ai/data/kingdoms_<name>.json``), "" to search it as any other decision.
    kingdom_book: str = ""


ROOT_TIES = ("order", "policy", "shared")


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


__all__ = ["ROOT_TIES", "SearchConfig", "at_seats"]
