"""The coin duel of a battle played as the matrix game it is (R8.1, R8.2a).

Both sides of a battle commit a coin in secret, and each knows which coins the other has left
(played coins are public, R8.1): a small simultaneous game of at most four coin values a side.
A tree search meets it at normal's budget with a few dozen noisy visits a coin pair (decoupled
UCT, ``ai.tree``), and a defender's search deals the attacker's hidden coin from a fixed model
(``ai.worlds``). Here every pair of coins is judged once, exactly over the battle dice: the
chances of a win, a loss and a tie (rolled again with new coins, R8.2) follow from the levels,
the tower and the coins, and each of the three positions after the roll is judged by the
evaluator from the deciding seat's public view. Regret matching (Hart and Mas-Colell 2000;
the "plus" variant of Tammelin 2014) then finds each side's mix, and the seat plays a coin
drawn from its own: a mixed choice an opponent cannot read off the position.

At two seats the game is zero-sum (the two chances add up to 1) and the averaged mixes
approach an equilibrium. At more, each side weighs its own chance, the game is not zero-sum,
and the mixes carry no such guarantee: each side's regret against the other's play vanishes,
which bounds how much either could gain by a coin of its own choosing, no more.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from operator import mul

from ai.agents import Insight, Thinking
from ai.components import Evaluator
from game import P_COIN_ATTACKER, P_COIN_DEFENDER, Action, GameState, PlayerView
from game.actions import BattleRoll, CommitCoin

SOLVE_ROUNDS = 400  # regret-matching rounds: far past where a 4x4 game's mixes settle
MIN_SHARE = 0.03  # a coin the mix gives less than this is not played (noise of the solve)


def is_coin_decision(state: GameState) -> bool:
    """A side of a battle is to commit its coin, with nothing else (a card draw) first."""
    return (
        state.phase in (P_COIN_ATTACKER, P_COIN_DEFENDER)
        and state.rules.coins
        and not state.draw_queue
        and state.draw_deck < 0
    )


def before_commitments(public: GameState) -> GameState:
    """The battle as it stood before the attacker committed: the defender's view with the
    attacker's hidden coin taken back. Nothing public changed with that commitment (R8.2a),
    so the two sides face the same game whichever of them decides."""
    state = public.clone()
    if state.phase == P_COIN_DEFENDER:
        state.coin_attacker = -1
        state.phase = P_COIN_ATTACKER
        state._legal = None
    return state


def coin_values(state: GameState) -> list[int]:
    """The coin values the side to commit may play, lowest first."""
    return sorted({a.value for a in state.legal_actions() if isinstance(a, CommitCoin)})


def solve(
    attacker: Sequence[Sequence[float]],
    defender: Sequence[Sequence[float]],
    rounds: int = SOLVE_ROUNDS,
) -> tuple[list[float], list[float]]:
    """Each side's mix of a bimatrix game by regret matching plus, the sides updating in
    turn and later rounds weighing more (linear averaging); ``attacker[i][j]`` and
    ``defender[i][j]`` are the two sides' payoffs when the attacker plays i, the defender j."""
    rows, cols = len(attacker), len(attacker[0])
    # Each side's payoffs, its own choice first.
    payoffs = ([list(row) for row in attacker], [[row[j] for row in defender] for j in range(cols)])
    regrets = ([0.0] * rows, [0.0] * cols)
    sums = ([0.0] * rows, [0.0] * cols)
    mixes = [_current(regrets[0]), _current(regrets[1])]
    for t in range(1, rounds + 1):
        for side in (0, 1):
            other, mine, regret = mixes[1 - side], mixes[side], regrets[side]
            values = [math.fsum(map(mul, row, other)) for row in payoffs[side]]
            mean = math.fsum(p * v for p, v in zip(mine, values, strict=True))
            for k, value in enumerate(values):
                regret[k] = max(0.0, regret[k] + value - mean)
                sums[side][k] += t * mine[k]
            mixes[side] = _current(regret)
    return _normalised(sums[0]), _normalised(sums[1])


def _current(regret: list[float]) -> list[float]:
    total = math.fsum(regret)
    if total <= 0.0:
        return [1.0 / len(regret)] * len(regret)
    return [r / total for r in regret]


def _normalised(weights: list[float]) -> list[float]:
    total = math.fsum(weights)
    return [w / total for w in weights]


class DuelThinking(Thinking):
    """A coin decision: one coin pair judged a step, then the mixes solved and a coin drawn.

    ``evaluator`` judges positions from the deciding seat's public view (it is what the search's
    root judges with); ``rng`` draws the coin, so a seed decides the choice.
    """

    def __init__(
        self,
        view: PlayerView,
        legal: Sequence[Action],
        rng: random.Random,
        evaluator: Evaluator,
    ) -> None:
        if not is_coin_decision(view.public):
            raise ValueError("a duel is a side of a battle committing its coin")
        self.seat = view.seat
        self.legal = list(legal)
        self.evaluator = evaluator
        self.rng = random.Random(rng.getrandbits(64))
        self.start = before_commitments(view.public)
        self.attacker_seat = self.start.active
        self.as_attacker = view.public.phase == P_COIN_ATTACKER
        self.attacker_coins = coin_values(self.start)
        after = self.start.clone()
        after.apply_action(CommitCoin(self.attacker_coins[0]))
        self.defender_seat = after.current_player()
        self.defender_coins = coin_values(after)
        self.pairs = [(a, d) for a in self.attacker_coins for d in self.defender_coins]
        self.payoff: dict[tuple[int, int], tuple[float, float]] = {}
        self.mix_attacker: list[float] = []
        self.mix_defender: list[float] = []
        self.choice: Action | None = None
        self.done = False

    def step(self, max_iterations: int) -> bool:
        while not self.done and max_iterations > 0:
            pair = self.pairs[len(self.payoff)]
            self.payoff[pair] = self._judge(*pair)
            max_iterations -= 1
            if len(self.payoff) == len(self.pairs):
                self._finish()
        return self.done

    def _judge(self, coin_a: int, coin_d: int) -> tuple[float, float]:
        """Both sides' chances when the attacker commits ``coin_a`` and the defender
        ``coin_d``, over every roll of the battle dice; rolls with the same result (a win,
        a loss, a tie) lead to the same position, which is judged once."""
        state = self.start.clone()
        state.apply_action(CommitCoin(coin_a))
        state.apply_action(CommitCoin(coin_d))
        judged: dict[int, tuple[float, float]] = {}
        value_a = value_d = 0.0
        for roll, p in state.chance_outcomes():
            assert isinstance(roll, BattleRoll)
            world = state.clone()
            world.apply_action(roll)
            winner = world.last_battle[-1]  # the general that won, -1 on a tie
            after = judged.get(winner)
            if after is None:
                chances = self.evaluator.win_chances(world)
                after = judged[winner] = (chances[self.attacker_seat], chances[self.defender_seat])
            value_a += p * after[0]
            value_d += p * after[1]
        return value_a, value_d

    def _finish(self) -> None:
        att = [[self.payoff[(a, d)][0] for d in self.defender_coins] for a in self.attacker_coins]
        dfn = [[self.payoff[(a, d)][1] for d in self.defender_coins] for a in self.attacker_coins]
        self.mix_attacker, self.mix_defender = solve(att, dfn)
        coins, mix = self._own()
        kept = [(c, p) for c, p in zip(coins, mix, strict=True) if p >= MIN_SHARE]
        x = self.rng.random() * math.fsum(p for _, p in kept)
        value = kept[-1][0]
        for c, p in kept:
            x -= p
            if x < 0:
                value = c
                break
        self.choice = CommitCoin(value)
        self.done = True

    def _own(self) -> tuple[list[int], list[float]]:
        if self.as_attacker:
            return self.attacker_coins, self.mix_attacker
        return self.defender_coins, self.mix_defender

    def progress(self) -> float:
        return 1.0 if self.done else len(self.payoff) / len(self.pairs)

    def best_action(self) -> Action:
        if self.choice is not None:
            return self.choice
        return CommitCoin(self._own()[0][0])  # not finished: the blank or lowest coin

    def explain(self, top: int = 3) -> list[Insight]:
        """Each coin of the seat's mix, with the seat's chance when it plays that coin
        against the other side's mix."""
        if not self.done:
            return []
        coins, mix = self._own()
        rows = []
        for c, share in zip(coins, mix, strict=True):
            if self.as_attacker:
                pairs = zip(self.defender_coins, self.mix_defender, strict=True)
                chance = math.fsum(q * self.payoff[(c, d)][0] for d, q in pairs)
            else:
                pairs = zip(self.attacker_coins, self.mix_attacker, strict=True)
                chance = math.fsum(q * self.payoff[(a, c)][1] for a, q in pairs)
            rows.append(Insight(CommitCoin(c), share, chance))
        rows.sort(key=lambda r: -r.visit_share)
        return rows[:top]


__all__ = ["DuelThinking", "before_commitments", "coin_values", "is_coin_decision", "solve"]
