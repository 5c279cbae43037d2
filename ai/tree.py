"""The search tree: nodes and edges, selection with progressive widening, the coin duel, backup
and the reuse of a subtree for the next decision.

One tree, seen from the searching seat. Edges are actions; what every seat observes alike is
the path, so the tree is keyed by the public history plus the seat's own choices:

* Dice, battle rolls and card draws are chance and stay *open loop*: they are sampled anew each
  iteration and never branch the tree, so a node's value is an expectation over them. Different
  rolls make different actions legal; *availability counts* stand in for the parent's visits in
  the exploration term.
* The coin duel (R8.1, R8.2a) is a simultaneous secret choice. Both coins are picked at one
  node from two separate tables (decoupled UCT), so the defender's choice never depends on the
  attacker's coin; the joint pair is public after the roll and keys the next node.
* Values are vectors, one win chance per seat; each node's mover maximises its own (max^n).
* Turns offer hundreds of moves, so priors from the policy's scores bias the choice, and
  progressive widening admits actions by prior rank.

Nodes reached without any chance event, and without another seat's turn action, since the root
are *stable*: the same path always leads to the same position, so their forced moves and legal
actions are cached (another seat's actions may depend on its hidden cards).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ai.components import Policy
from ai.dominance import undominated
from game import (
    CHANCE,
    P_ACTION,
    P_COIN_ATTACKER,
    P_CONTINUE,
    P_OVER,
    Action,
    GameState,
    IllegalActionError,
    PlayerView,
    state_to_dict,
)
from game.actions import CommitCoin


@dataclass(frozen=True, slots=True)
class TreeParams:
    """How the tree spends its visits (a ``SearchConfig``'s ``tree``)."""

    c_puct: float = 0.5  # weight of the exploration term (PUCT)
    prior_temp: float = 4.0  # policy score -> prior weight exp(prior_temp * score)
    bias_visits: float = 6.0  # virtual visits that carry the prior value into Q
    widen_c: float = 2.5  # progressive widening: candidates = widen_c * visits ** widen_alpha
    widen_alpha: float = 0.5
    duel_c: float = 0.5  # exploration of the coin duel's two tables (UCB1)
    prune: bool = False  # leave out actions another one beats outright (``ai.dominance``)


class Edge:
    __slots__ = ("action", "avail", "child", "n", "p", "score", "v0", "w")

    def __init__(self, action: Action, score: float, num_players: int) -> None:
        self.action = action
        self.score = score  # policy score (or the root's one-ply win chance)
        self.p = 0.0  # prior weight (unnormalised)
        self.v0 = 0.0  # prior value for the mover, as an offset from the node's mean
        self.n = 0
        self.avail = 0
        self.w = [0.0] * num_players
        self.child: Node | None = None


class Node:
    __slots__ = (
        "duel_att", "duel_def", "edges", "joint", "legal", "mover", "order", "prefix",
        "prior_sum", "stable", "visits", "w",
    )  # fmt: skip

    def __init__(self, num_players: int) -> None:
        self.edges: dict[Action, Edge] = {}
        self.order: list[Edge] = []  # stable nodes: edges by prior, best first
        self.visits = 0
        self.w = [0.0] * num_players
        self.stable = False
        self.prefix: list[Action] | None = None  # stable: forced actions before the decision
        self.legal: list[Action] | None = None
        self.mover = -1
        # Coin duel (R8.1): per-side tables value -> [visits, reward sum, availability].
        self.duel_att: dict[int, list[float]] | None = None
        self.duel_def: dict[int, list[float]] | None = None
        self.joint: dict[tuple[int, int], Node] | None = None
        # Stable nodes: (order, k, the sum of the priors of its first k edges).
        self.prior_sum: tuple[list[Edge], int, float] | None = None


# What one descent went through, for its backup: every node it arrived at (the leaf included);
# each step down as (node, edge taken or None for a coin duel, mover); each duel as (node,
# attacker, its coin, defender, its coin).
Path = tuple[list[Node], list[tuple[Node, Edge | None, int]], list[tuple[Node, int, int, int, int]]]


class Tree:
    """Descends from the root to a new leaf, and backs a playout's values up the path."""

    def __init__(
        self,
        root: Node,
        seat: int,
        num_players: int,
        params: TreeParams,
        policy: Policy,
        rng: random.Random,
    ) -> None:
        self.root = root
        self.seat = seat
        self.n = num_players
        self.params = params
        self.policy = policy  # judges determinized worlds (``viewer=-1``)
        self.rng = rng

    def prime_root(
        self, legal: list[Action], values: list[float], scale: float, duel: bool
    ) -> None:
        """Priors of the root's actions by rank of ``values`` (robust to how flat they are;
        equal values by their order in ``legal``); ``scale`` turns their differences into value
        offsets that carry into Q. A reused root keeps its statistics and gets the new priors."""
        root = self.root
        top = max(values)
        ranked = sorted(range(len(legal)), key=lambda i: -values[i])
        for rank, i in enumerate(ranked):
            a = legal[i]
            e = root.edges.get(a)
            if e is None:
                e = root.edges[a] = Edge(a, values[i], self.n)
            e.score = values[i]
            e.v0 = scale * (values[i] - top)
            e.p = 1.0 / (rank + 1.0)
        root.order = sorted((root.edges[a] for a in legal), key=lambda e: -e.p)
        if not duel:
            root.legal = legal
            root.stable = True
            root.prefix = []
            root.mover = self.seat

    def descend(self, world: GameState) -> Path:
        """Select down the tree, playing ``world`` along, to a node no iteration has reached
        yet or to the end of the game; ``world`` is left there for the playout."""
        rng = self.rng
        node = self.root
        nodes: list[Node] = []
        duels: list[tuple[Node, int, int, int, int]] = []
        steps: list[tuple[Node, Edge | None, int]] = []
        stable = True
        first = True
        prune = self.params.prune
        while True:
            nodes.append(node)
            # Arrive at ``node``: play forced actions and chance up to its decision.
            known = stable and node.stable and node.legal is not None
            if known:
                # The same path from the same position: these actions were legal when the node
                # was made, and are again.
                assert node.prefix is not None and node.legal is not None
                for a in node.prefix:
                    world.apply_legal_action(a)
                legal = node.legal
                mover = node.mover
            else:
                fresh = node.visits == 0 and not node.edges and node.duel_att is None
                prefix: list[Action] = []
                chance = False
                legal = []
                mover = -1
                while world.phase != P_OVER:
                    p = world.current_player()
                    if p == CHANCE:
                        world.apply_action(world.sample_chance(rng))
                        chance = True
                        continue
                    if is_duel(world):
                        legal = []
                        mover = p
                        break
                    legal = world.legal_actions()
                    if prune:
                        legal = undominated(world, legal)
                    if len(legal) == 1:
                        world.apply_action(legal[0])
                        prefix.append(legal[0])
                        continue
                    mover = p
                    break
                if chance or (
                    mover != self.seat
                    and world.phase in (P_ACTION, P_CONTINUE)
                    and not world.draw_queue
                ):
                    # Another seat's turn depends on its hidden cards (R9.5 builds, quests it
                    # completes), so from here the same path need not mean the same position.
                    stable = False
                if fresh and stable and legal and node is not self.root:
                    node.stable = True
                    node.prefix = prefix
                    node.legal = legal
                    node.mover = mover
            if world.phase == P_OVER:
                break
            if not first and node.visits == 0:
                break  # a new leaf: play out from here
            first = False
            if mover >= 0 and not legal:
                # R8.1, R8.2a: the coin duel, chosen from two decoupled tables.
                nxt, entry = self._duel(node, world, mover)
                duels.append((node, *entry))
                steps.append((node, None, mover))
                node = nxt
                continue
            edge = self._select(node, world, legal, mover, stable)
            if known:
                world.apply_legal_action(edge.action)
            else:
                world.apply_action(edge.action)
            steps.append((node, edge, mover))
            if edge.child is None:
                edge.child = Node(self.n)
            node = edge.child
        return nodes, steps, duels

    def _select(
        self, node: Node, world: GameState, legal: list[Action], mover: int, stable: bool
    ) -> Edge:
        """The edge to descend: PUCT over the candidates progressive widening admits; a node
        meeting actions it has no edges for scores them in ``world`` by the policy."""
        params = self.params
        edges = node.edges
        visits = node.visits
        k = max(2, int(params.widen_c * (visits + 1) ** params.widen_alpha))
        order = node.order
        if stable and order and len(order) == len(legal):
            candidates = order[:k]
            # A stable node's priors are fixed once its edges are made: the sum over the first
            # ``k`` changes only with ``k``.
            kept = node.prior_sum
            if kept is not None and kept[0] is order and kept[1] == k:
                total_p = kept[2]
            else:
                total_p = math.fsum(e.p for e in candidates) or 1.0
                node.prior_sum = (order, k, total_p)
        else:
            # One look-up per action: those without an edge are scored and given one.
            get = edges.get
            found = [get(a) for a in legal]
            if None in found:
                new = [a for a, e in zip(legal, found, strict=True) if e is None]
                scores = self.policy.scores(world, new)
                n = self.n
                top = max(scores)
                kappa = self.policy.value_scale(world)
                temp = params.prior_temp
                exp = math.exp
                for a, s in zip(new, scores, strict=True):
                    e = Edge(a, s, n)
                    e.p = exp(temp * (s - top))
                    e.v0 = kappa * (s - top)
                    edges[a] = e
                found = [edges[a] for a in legal]
            avail: list[Edge] = found  # type: ignore[assignment]
            if stable:
                node.order = sorted(avail, key=_by_prior)
                candidates = node.order[:k]
            elif len(avail) > k:
                avail.sort(key=_by_prior)
                candidates = avail[:k]
            else:
                candidates = avail
            total_p = math.fsum(e.p for e in candidates) or 1.0
        base = node.w[mover] / visits if visits else 1.0 / self.n
        bias = params.bias_visits
        c = params.c_puct
        sqrt = math.sqrt
        best = candidates[0]
        best_score = -1e9
        for e in candidates:
            e.avail += 1
            n_e = e.n
            q = (e.w[mover] + bias * (base + e.v0)) / (n_e + bias)
            u = c * (e.p / total_p) * sqrt(e.avail) / (1 + n_e)
            score = q + u
            if score > best_score:
                best, best_score = e, score
        return best

    def _duel(
        self, node: Node, world: GameState, attacker: int
    ) -> tuple[Node, tuple[int, int, int, int]]:
        """Pick both coins of a battle without letting either side see the other's (DUCT)."""
        if node.duel_att is None:
            node.duel_att = {}
            node.duel_def = {}
            node.joint = {}
        assert node.duel_def is not None and node.joint is not None
        ca = self._duel_pick(node.duel_att, world, attacker)
        world.apply_action(CommitCoin(ca))
        defender = world.current_player()
        cd = self._duel_pick(node.duel_def, world, defender)
        world.apply_action(CommitCoin(cd))
        key = (ca, cd)
        nxt = node.joint.get(key)
        if nxt is None:
            nxt = node.joint[key] = Node(self.n)
        return nxt, (attacker, ca, defender, cd)

    def _duel_pick(self, table: dict[int, list[float]], world: GameState, seat: int) -> int:
        coins = [a.value for a in world.legal_actions() if isinstance(a, CommitCoin)]
        for v in coins:
            row = table.get(v)
            if row is None:
                row = table[v] = [0.0, 0.0, 0.0]
            row[2] += 1
        if len(coins) == 1:
            return coins[0]
        unvisited = [v for v in coins if table[v][0] == 0]
        if unvisited:
            return unvisited[self.rng.randrange(len(unvisited))]
        c = self.params.duel_c
        best = coins[0]
        best_score = -1e9
        for v in coins:
            visits, reward, avail = table[v]
            score = reward / visits + c * math.sqrt(math.log(avail) / visits)
            if score > best_score:
                best, best_score = v, score
        return best

    def backup(self, path: Path, values: list[float]) -> None:
        nodes, steps, duels = path
        n = self.n
        for node in nodes:
            node.visits += 1
            nw = node.w
            for i in range(n):
                nw[i] += values[i]
        for _node, edge, _mover in steps:
            if edge is None:
                continue  # a duel: its tables are below
            edge.n += 1
            ew = edge.w
            for i in range(n):
                ew[i] += values[i]
        for node, att, ca, dfn, cd in duels:
            assert node.duel_att is not None and node.duel_def is not None
            row = node.duel_att[ca]
            row[0] += 1
            row[1] += values[att]
            row = node.duel_def[cd]
            row[0] += 1
            row[1] += values[dfn]


def _by_prior(e: Edge) -> float:
    return -e.p


def is_duel(state: GameState) -> bool:
    """The attacker is about to commit a coin (R8.1), and no quest draw comes first."""
    return (
        state.phase == P_COIN_ATTACKER
        and state.rules.coins
        and not state.draw_queue
        and state.draw_deck < 0
    )


def root_coin_choice(root: Node) -> Action | None:
    """The attacker's coin at a duel root: the most tried one (R8.1)."""
    table = root.duel_att
    if not table:
        return None
    value = max(table, key=lambda v: (table[v][0], table[v][1]))
    return CommitCoin(value)


def reusable_subtree(
    root: Node, chosen: Action, before: GameState, view: PlayerView, legal: Sequence[Action]
) -> Node | None:
    """The subtree under ``chosen`` if it is exactly the tree of the decision in ``view``.

    That holds when the seat decides again right after its own action, with nothing hidden or
    random in between (R4.5's notion of an undoable step): the child is stable, its mover is
    the seat, and its forced actions lead from ``before`` to this very state.
    """
    edge = root.edges.get(chosen)
    child = edge.child if edge is not None else None
    if child is None or not child.stable or child.legal is None or child.prefix is None:
        return None
    if child.mover != view.seat or child.legal != list(legal):
        return None
    expected = before.clone()
    try:
        for a in [chosen, *child.prefix]:
            expected.apply_action(a)
    except IllegalActionError:
        return None
    if state_to_dict(expected) != state_to_dict(view.public):
        return None
    return child


__all__ = [
    "Edge",
    "Node",
    "Path",
    "Tree",
    "TreeParams",
    "is_duel",
    "reusable_subtree",
    "root_coin_choice",
]
