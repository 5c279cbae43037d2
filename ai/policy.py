"""Quick action scores: what an action gains its mover, in points, without playing it.

A full evaluation after each action costs about 0.1 ms; a turn offers up to 500 actions, so
search priors and playouts use this estimate instead: one ``SeatContext`` per position, then a
few table look-ups per action. The terms mirror ``ai.evaluation`` (targets in reach, the
general that a move takes out of an own capital, battles a move starts), so a score is close to
"evaluation after the action minus evaluation before" for the mover.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.evaluation import (
    DEFAULT_WEIGHTS,
    Evaluator,
    SeatContext,
    Weights,
    attacker_wins,
    coin_win_chances,
    tables,
)
from game import (
    P_ACTION,
    P_BATTLE_ORDER,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    P_PLACE,
    Action,
    GameState,
)
from game.actions import (
    Build,
    ChooseDeck,
    CommitCoin,
    Continue,
    Destroy,
    FightAt,
    Halt,
    Move,
    PlaceGeneral,
    Return,
    StopMove,
    Trade,
    Train,
)
from game.kinds import (
    BUILD,
    CONTINUE,
    DESTROY,
    MOVE,
    PLACE_GENERAL,
    RETURN,
    STOP_MOVE,
    TRADE,
    TRAIN,
)

# How much a coin costs to spend, per point of value, against a battle won (R8.1).
COIN_COST = 0.06
BATTLE_STAKE = 0.8
THREAT = 0.5  # weight of an enemy's chance at an own tower against the mover's own gains
HURT = 0.25  # a beaten enemy general leaves for the time track


class QuickScorer:
    """The hand-built quick scores (``ai.components.HandBuilt``): scores actions for the seat
    about to act in ``state``, in points (see the module docstring)."""

    # The scores' own constants, in points (a subclass may tune them: ``ai.tactics``).
    coin_cost = COIN_COST
    battle_stake = BATTLE_STAKE
    threat = THREAT
    hurt = HURT
    train_bonus = 0.05  # a level is worth more than its evaluation term while the game is young
    build_bonus = 0.2  # an island floor is a step towards 3 points the evaluation undercounts
    trade_scale = 0.8  # the 6 a trade brings may not be used as planned
    trade_cost = 0.05

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS, viewer: int = -1) -> None:
        self.ev = Evaluator(weights, viewer)
        self.w = weights
        self._turn: TurnScores | None = None
        self._turn_key: tuple[object, ...] = ()

    def scores(self, state: GameState, actions: Sequence[Action]) -> list[float]:
        phase = state.phase
        if state.draw_queue and state.draw_deck < 0:
            return [0.08 if isinstance(a, ChooseDeck) and a.deck == 1 else 0.0 for a in actions]
        if phase in (P_ACTION, P_CONTINUE, P_PLACE):
            return self._turn_scores(state).scores(actions)
        if phase == P_HALT:
            return self._halt(state, actions)
        if phase in (P_COIN_ATTACKER, P_COIN_DEFENDER):
            return self._coins(state, actions)
        if phase == P_BATTLE_ORDER:
            return self._order(state, actions)
        return [0.0] * len(actions)

    def value_scale(self, state: GameState) -> float:
        """Win chance per point near ``state``: the slope of the evaluation's softmax at an
        even position, where ``n`` seats each hold ``1 / n``."""
        n = state.num_players
        return self.ev.beta(state) * (1.0 / n) * (1.0 - 1.0 / n)

    def _turn_scores(self, state: GameState) -> TurnScores:
        """The scorer of the current turn, reused while nothing it depends on has changed.

        Within a turn only the mover's own generals move (R4.2), which its targets, the enemy
        threats and the defenders it meets do not depend on; a destroy, a build or a new card
        changes them, and so does the next turn.
        """
        seat = state.active if state.phase != P_PLACE else state.setup_seat
        key = (
            state.round, seat, state.phase == P_PLACE, sum(state.trophies),
            sum(state.floors_off), sum(map(len, state.island_stack.values())),
            state.hands[seat],
        )  # fmt: skip
        turn = self._turn
        if turn is None or turn.state is not state or self._turn_key != key:
            turn = self._turn = self._new_turn(state)
            self._turn_key = key
        return turn

    def _new_turn(self, state: GameState) -> TurnScores:
        return TurnScores(self, state)

    def _halt(self, state: GameState, actions: Sequence[Action]) -> list[float]:
        """R5.4: stop the mover here if our general would likely win the battle."""
        mover = state.pend_general
        city = state.gen_city[mover]
        seat = state.halt_seat
        defender = next((g for g in state.generals_of(seat) if state.gen_city[g] == city), -1)
        if defender < 0:
            return [0.0] * len(actions)
        self.ev.prepare(state)
        coins = self.ev.coins
        tower = 1 if state.floors[city] > 0 else 0
        lead = (
            state.gen_level[mover] + coins[state.active]
            - state.gen_level[defender] - tower - coins[seat]
        )  # fmt: skip
        p_def = 1 - attacker_wins(lead, state.rules.battle_dice)
        halt = p_def - 0.5 + (0.15 if state.tower_owner[city] == seat else 0.0)
        return [halt if isinstance(a, Halt) else 0.0 for a in actions]

    def _coins(self, state: GameState, actions: Sequence[Action]) -> list[float]:
        seat = state.current_player()
        chances = coin_win_chances(state, seat)
        out = []
        for a in actions:
            if isinstance(a, CommitCoin):
                out.append(self.battle_stake * chances.get(a.value, 0.0) - self.coin_cost * a.value)
            else:
                out.append(0.0)
        return out

    def _order(self, state: GameState, actions: Sequence[Action]) -> list[float]:
        self.ev.prepare(state)
        coins = self.ev.coins
        out = []
        for a in actions:
            if not isinstance(a, FightAt):
                out.append(0.0)
                continue
            att = dfn = -1
            for g, c in enumerate(state.gen_city):
                if c == a.city:
                    if state.kingdom_seat[g >> 2] == state.active:
                        att = g
                    else:
                        dfn = g
            if att < 0 or dfn < 0:
                out.append(0.0)
                continue
            sd = state.kingdom_seat[dfn >> 2]
            lead = (
                state.gen_level[att] + coins[state.active] - state.gen_level[dfn]
                - (1 if state.floors[a.city] > 0 else 0) - coins[sd]
            )  # fmt: skip
            out.append(attacker_wins(lead, state.rules.battle_dice))
        return out


class TurnScores:
    """Scores of the active player's actions (R4.4) in one position."""

    def __init__(self, scorer: QuickScorer, state: GameState) -> None:
        self.w = scorer.w
        self.ev = scorer.ev
        self.scorer = scorer
        self.state = state
        seat = state.active if state.phase != P_PLACE else state.setup_seat
        self.seat = seat
        occ = self.ev.prepare(state)
        self.occ = occ
        self.coins = self.ev.coins
        self.ctx = SeatContext(self.ev, state, seat, occ)
        self.dice_patch = state.rules.battle_dice
        self._pos: dict[int, float] = {}
        self._relief: dict[tuple[int, int], float] = {}
        # Strongest enemy general (level + mean coin) within one turn of each own tower.
        tab = tables(state.board)
        self.own_towers = {
            c for c in tab.tower_cities if state.tower_owner[c] == seat and state.floors[c] > 0
        }
        self.threat: dict[int, float] = {}
        if self.own_towers:
            coins = self.coins
            turns = self.ctx.turns
            for g in range(24):
                so = state.kingdom_seat[g >> 2]
                a = state.gen_city[g]
                if so < 0 or so == seat or a < 0:
                    continue
                strength = state.gen_level[g] + coins[so]
                row = turns[a]
                for c in self.own_towers:
                    if row[c] <= 1 and strength > self.threat.get(c, -1.0):
                        self.threat[c] = strength

    def pos(self, g: int, city: int) -> float:
        # What a general is worth at a city depends on its level, not on which general it is:
        # the generals of one level share the answers.
        level = self.state.gen_level[g]
        key = level << 16 | city
        found = self._pos.get(key)
        if found is None:
            state = self.state
            found = self.ctx.position(level, city)[0]
            for isl in self.ctx.islands:
                found += self.ctx.island(self.ev, state, city, isl) * 0.5
            self._pos[key] = found
        return found

    def relief(self, city: int, level: int) -> float:
        """What an own general of ``level`` on own tower ``city`` takes from a nearby enemy."""
        strength = self.threat.get(city)  # own towers only
        if strength is None:
            return 0.0  # not an own tower, or no enemy within a turn of it
        key = (city, level)
        found = self._relief.get(key)
        if found is None:
            # Unguarded, the enemy walks in; guarded, it must win a battle against a defender
            # with the tower bonus (R7.2).
            lead = strength - (level + 1 + self.ctx.coin)
            p = attacker_wins(lead, self.dice_patch)
            found = self.scorer.threat * self.w.reach[1] * (1 - p)
            self._relief[key] = found
        return found

    def battle(self, g: int, city: int, base: float) -> float:
        """Expected gain of general ``g`` ending its move on ``city`` against its holder."""
        state = self.state
        kingdom_seat = state.kingdom_seat
        dfn = -1
        for og in self.occ.get(city, ()):
            if og != g and kingdom_seat[og >> 2] != self.seat:
                dfn = og
                break
        after = self.pos(g, city)
        if dfn < 0:
            return after - base
        coins = self.coins
        lead = (
            state.gen_level[g] + coins[self.seat] - state.gen_level[dfn]
            - (1 if state.floors[city] > 0 else 0) - coins[kingdom_seat[dfn >> 2]]
        )  # fmt: skip
        p = attacker_wins(lead, self.dice_patch)
        w = self.w
        lost = w.track + w.level * (1 if state.rules.quests else state.gen_level[g] - 1)
        return p * (after + w.level + self.scorer.hurt) - (1 - p) * lost - base

    def scores(self, actions: Sequence[Action]) -> list[float]:
        state = self.state
        w = self.w
        worth = self.ctx.worth
        out: list[float] = []
        base: dict[int, float] = {}
        trade_value: float | None = None
        for a in actions:
            kind = a.kind
            if kind == MOVE:
                assert isinstance(a, Move)
                g = a.general
                b = base.get(g)
                if b is None:
                    b = base[g] = self.pos(g, a.src)
                level = state.gen_level[g]
                score = self.battle(g, a.dest, b) - 0.01 * a.die
                if a.src in self.own_towers:
                    score -= self.relief(a.src, level)
                if a.dest in self.own_towers:
                    score += self.relief(a.dest, level)
                out.append(score)
            elif kind == DESTROY:
                assert isinstance(a, Destroy)
                value = worth.get(a.city, 0.0)
                gain = value * (1 - w.imminent) + w.floors_quests - w.track
                out.append(gain + 0.02 * (6 - a.die))
            elif kind == RETURN:
                assert isinstance(a, Return)
                score = w.track + self.pos(a.general, a.city)
                score += self.relief(a.city, state.gen_level[a.general])
                out.append(score - 0.01 * a.die)
            elif kind == TRAIN:
                assert isinstance(a, Train)
                out.append(w.level + self.scorer.train_bonus - 0.01 * a.die)
            elif kind == BUILD:
                assert isinstance(a, Build)
                need = 2 - len(state.island_stack.get(a.island, ()))
                gain = 3.0 - w.island_on[1] if need <= 1 else w.island_on[1] - w.island_on[0]
                out.append(gain + self.scorer.build_bonus - 0.01 * a.die)
            elif kind == TRADE:
                assert isinstance(a, Trade)
                if trade_value is None:
                    trade_value = self._trade_value()
                out.append(trade_value)
            elif kind == CONTINUE:
                assert isinstance(a, Continue)
                g = a.general
                b = self.pos(g, a.src)
                score = self.battle(g, a.dest, b)
                if a.dest in self.own_towers:
                    score += self.relief(a.dest, state.gen_level[g])
                out.append(score)
            elif kind == STOP_MOVE:
                assert isinstance(a, StopMove)
                g = a.general
                out.append(self.battle(g, a.city, self.pos(g, a.city)))
            elif kind == PLACE_GENERAL:
                assert isinstance(a, PlaceGeneral)
                out.append(self.pos(a.general, a.city))
            else:  # EndTurn and anything else: the baseline
                out.append(0.0)
        return out

    def _trade_value(self) -> float:
        """R4.3: three dice for a 6 pay when a 5-or-6 action waits and no 5 or 6 was rolled."""
        state = self.state
        if any(d >= 5 for d in state.dice):
            return -0.1
        w = self.w
        best = 0.0
        seat = self.seat
        k = state.seat_kingdom[seat]
        for g in range(k * 4, k * 4 + 4):
            if state.acted >> g & 1:
                continue
            a = state.gen_city[g]
            if a < 0:
                if 0 <= state.gen_return[g] <= state.round:
                    best = max(best, w.track + 0.1)
            elif a in self.ctx.worth and combat_ready(state, g):
                best = max(best, self.ctx.worth[a] * (1 - w.imminent) - w.track)
        return best * self.scorer.trade_scale - self.scorer.trade_cost


def combat_ready(state: GameState, g: int) -> bool:
    """A general that has not acted this turn and stands where it could destroy (R6.1)."""
    return not state.acted >> g & 1 and state.gen_city[g] >= 0


def pick(scores: Sequence[float], rng: random.Random, epsilon: float = 0.1) -> int:
    """Index of the best score; with chance ``epsilon`` one of the best five instead."""
    best = max(range(len(scores)), key=scores.__getitem__)
    if epsilon > 0 and len(scores) > 1 and rng.random() < epsilon:
        top = sorted(range(len(scores)), key=lambda i: -scores[i])[:5]
        return top[rng.randrange(len(top))]
    return best


__all__ = ["QuickScorer", "pick"]
