"""One-ply lookahead: a seat's win chance after one of its actions, judged by an evaluator.

The search's root weighs its actions by it (``ai.search``), and the greedy agent plays by it
(``ai.agents``). Two actions are worth what follows them rather than the position they leave:
a trade (R4.3) is worth what the 6 then allows, and a Pass (R5.4) what the mover then does.
"""

from __future__ import annotations

from ai.components import Evaluator, Policy
from game import P_ACTION, P_CONTINUE, P_HALT, Action, GameState, legal_actions
from game.actions import Trade

# A trade costs three dice for one: it must gain something to beat not trading.
TRADE_TIE = 1e-3
# Follow-ups of a trade that the search's root evaluates (by the policy's favourites).
ROOT_TRADE_FOLLOW_UPS = 4


def one_ply(
    state: GameState,
    action: Action,
    seat: int,
    evaluator: Evaluator,
    policy: Policy | None = None,
) -> float:
    """``seat``'s win chance after ``action`` in ``state`` (the seat's own view of it).

    A trade: the best of the actions the new dice allow, less ``TRADE_TIE``. With a ``policy``
    only its ``ROOT_TRADE_FOLLOW_UPS`` favourite follow-ups are evaluated, and the tie is taken
    from each of them, not from the position right after the trade. Without one, every
    follow-up is evaluated and the tie is taken from the trade as a whole. The search uses the
    first way and the greedy agent the second: both are baselines (``ismcts-v1``, the greedy
    seats of the arena) and keep the lookahead they were measured with.
    """
    world = state.clone()
    world.apply_action(action)
    if isinstance(action, Trade) and world.phase == P_ACTION:
        return _trade(world, seat, evaluator, policy)
    if state.phase == P_HALT and world.phase == P_CONTINUE:
        return _after_pass(world, seat, evaluator)
    return evaluator.win_chances(world)[seat]


def _trade(world: GameState, seat: int, evaluator: Evaluator, policy: Policy | None) -> float:
    value = evaluator.win_chances(world)[seat]
    follow = [a for a in legal_actions(world) if not isinstance(a, Trade)]
    if policy is None:
        for a in follow:
            value = max(value, _after(world, a, seat, evaluator))
        return value - TRADE_TIE
    if follow:
        scores = policy.scores(world, follow)
        ranked = sorted(range(len(follow)), key=lambda i: -scores[i])[:ROOT_TRADE_FOLLOW_UPS]
        for i in ranked:
            value = max(value, _after(world, follow[i], seat, evaluator) - TRADE_TIE)
    return value


def _after_pass(world: GameState, seat: int, evaluator: Evaluator) -> float:
    """The mover goes on as it likes best; what that leaves ``seat``."""
    mover = world.active
    best = -1.0
    value = 0.0
    for a in legal_actions(world):
        nxt = world.clone()
        nxt.apply_action(a)
        chances = evaluator.win_chances(nxt)
        if chances[mover] > best:
            best, value = chances[mover], chances[seat]
    return value


def _after(world: GameState, action: Action, seat: int, evaluator: Evaluator) -> float:
    nxt = world.clone()
    nxt.apply_action(action)
    return evaluator.win_chances(nxt)[seat]


__all__ = ["ROOT_TRADE_FOLLOW_UPS", "TRADE_TIE", "one_ply"]
