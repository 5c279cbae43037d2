"""Playouts: from a new leaf, the policy plays to the end of the current turn (and ``turns``
more), then the evaluator judges the position.

Playouts are short because the evaluation already knows what a position is about to become
(imminent destroys, battles waiting at the end of a turn); their moves only need to be
plausible. A turn's actions are scored once and played down that plan while they stay possible.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ai.chances import is_turn_start
from ai.components import Evaluator, Policy
from ai.policy import pick
from game import CHANCE, P_ACTION, P_OVER, Action, GameState, IllegalActionError
from game.actions import Build, Destroy, Move, Return, Trade
from game.kinds import BUILD, DESTROY, END_TURN, MOVE, RETURN, TRADE, TRAIN

# A playout that has not reached its last turn by then is judged where it stands.
MAX_STEPS = 400


@dataclass(frozen=True, slots=True)
class PlayoutParams:
    """How far and how a playout plays (a ``SearchConfig``'s ``playout``)."""

    turns: int = 1  # whole turns the policy plays after the current one
    epsilon: float = 0.1  # the chance of playing one of the policy's best five, not its best
    moves: int = 24  # moves the policy scores, sampled from a long list


class Playout:
    """Plays determinized worlds on with ``policy`` and judges them with ``evaluator``."""

    def __init__(
        self, params: PlayoutParams, policy: Policy, evaluator: Evaluator, rng: random.Random
    ) -> None:
        self.params = params
        self.policy = policy
        self.evaluator = evaluator
        self.rng = rng

    def run(self, world: GameState) -> list[float]:
        """The win chances that ``world``, played on, is judged to give each seat."""
        if world.phase == P_OVER:
            return world.returns()
        params = self.params
        rng = self.rng
        turns = 0
        steps = 0
        plan: list[Action] = []
        plan_key: tuple[object, ...] = ()
        while world.phase != P_OVER and steps < MAX_STEPS:
            steps += 1
            p = world.current_player()
            if p == CHANCE:
                if is_turn_start(world):
                    turns += 1
                    if turns > params.turns:
                        break
                world.apply_action(world.sample_chance(rng))
                continue
            if world.phase == P_ACTION and not world.draw_queue:
                # R4.2: each general acts once and enemies stand still meanwhile, so a plan
                # made at the turn's start stays good until a destroy, a build, a trade or a
                # new card changes what it was made for.
                key = turn_key(world)
                if key != plan_key:
                    plan = self.plan(world)
                    plan_key = key
                action = first_valid(world, plan)
                if action is not None:
                    try:
                        world.apply_action(action)
                        continue
                    except IllegalActionError:
                        plan_key = ()
                        continue
                plan_key = ()
            legal = world.legal_actions()
            if len(legal) == 1:
                world.apply_action(legal[0])
                continue
            candidates = self._candidates(legal)
            scores = self.policy.scores(world, candidates)
            world.apply_action(candidates[pick(scores, rng, params.epsilon)])
        return self.evaluator.win_chances(world)

    def _candidates(self, legal: list[Action]) -> list[Action]:
        """All actions but moves, and a sample of the moves when there are many."""
        limit = self.params.moves
        if len(legal) <= limit + 8:
            return legal
        moves = [a for a in legal if type(a) is Move]
        others = [a for a in legal if type(a) is not Move]
        if len(moves) > limit:
            moves = self.rng.sample(moves, limit)
        return others + moves

    def plan(self, world: GameState) -> list[Action]:
        """The turn's candidate actions, best score first, up to ending the turn."""
        candidates = self._candidates(world.legal_actions())
        scores = self.policy.scores(world, candidates)
        order = sorted(range(len(candidates)), key=lambda i: -scores[i])
        eps = self.params.epsilon
        if eps > 0 and len(order) > 1 and self.rng.random() < eps:
            j = self.rng.randrange(1, min(5, len(order)))
            order[0], order[j] = order[j], order[0]
        plan = []
        for i in order:
            plan.append(candidates[i])
            if candidates[i].kind == END_TURN:  # what follows would only lose
                break
        return plan


def turn_key(state: GameState) -> tuple[object, ...]:
    """What a turn's plan depends on: a destroy, a build, a trade or a new card redoes it."""
    return (
        state.round, state.active, state.traded, sum(state.trophies), sum(state.floors_off),
        sum(map(len, state.island_stack.values())), state.hands[state.active],
    )  # fmt: skip


def first_valid(state: GameState, plan: list[Action]) -> Action | None:
    """The first planned action still possible, by cheap checks (the engine checks again)."""
    dice = state.dice
    acted = state.acted
    gen_city = state.gen_city
    own = None
    for a in plan:
        kind = a.kind
        if kind == END_TURN:
            return a
        g: int = getattr(a, "general", -1)
        if kind != TRADE and (acted >> g & 1 or getattr(a, "die", 0) not in dice):
            continue
        if kind == MOVE:
            assert isinstance(a, Move)
            if gen_city[g] != a.src:
                continue
            if own is None:
                own = {gen_city[x] for x in state.generals_of(state.active)}
            if a.dest in own:
                continue  # R5.2: an own general already ends there
            return a
        if kind == DESTROY:
            assert isinstance(a, Destroy)
            if gen_city[g] == a.city and state.floors[a.city] > 0:
                return a
        elif kind == RETURN:
            assert isinstance(a, Return)
            if gen_city[g] < 0 and a.city not in gen_city:
                return a
        elif kind == TRAIN:
            if not state.trained and gen_city[g] >= 0:
                return a
        elif kind == BUILD:
            assert isinstance(a, Build)
            if gen_city[g] == a.island and state.floors[a.source] > 0:
                return a
        elif kind == TRADE:
            assert isinstance(a, Trade)
            if not state.traded and all(dice.count(d) >= a.dice.count(d) for d in a.dice):
                return a
    return None


__all__ = ["MAX_STEPS", "Playout", "PlayoutParams", "first_valid", "turn_key"]
