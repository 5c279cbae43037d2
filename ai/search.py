"""Information-set Monte Carlo tree search (single observer) for 2-6 players.

One tree, seen from the searching seat. Every iteration starts from a fresh determinization
(``view.sample_world``: other seats' quest hands and a still-secret coin are dealt anew), so the
search never reads what the seat may not see (R11). Edges are actions; what every seat observes
alike is the path, so the tree is keyed by the public history plus the seat's own choices:

* Dice, battle rolls and card draws are chance and stay *open loop*: they are sampled anew each
  iteration and never branch the tree, so a node's value is an expectation over them. Different
  rolls make different actions legal; *availability counts* stand in for the parent's visits in
  the exploration term.
* The coin duel (R8.1, R8.2a) is a simultaneous secret choice. Both coins are picked at one
  node from two separate tables (decoupled UCT), so the defender's choice never depends on the
  attacker's coin; the joint pair is public after the roll and keys the next node.
* Values are vectors, one win chance per seat; each node's mover maximises its own (max^n).
* Playouts are short: the policy of ``ai.policy`` plays to the end of the current turn and a
  few more, then ``ai.evaluation`` judges the position.
* Turns offer hundreds of moves, so priors from the quick scores (and, at the root, from a
  one-ply evaluation) bias the choice, and progressive widening admits actions by prior rank.

Nodes reached without any chance event, and without another seat's turn action, since the root
are *stable*: the same path always leads to the same position, so their forced moves and legal
actions are cached (another seat's actions may depend on its hidden cards).
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ai.agents import Insight, Thinking
from ai.evaluation import DEFAULT_WEIGHTS, Evaluator, Weights, coin_win_chances
from ai.policy import BATTLE_STAKE, COIN_COST, QuickScorer, pick
from game import CHANCE, Action, GameState, IllegalActionError, PlayerView
from game.actions import Build, CommitCoin, Destroy, Move, Return, Trade
from game.rules.flow import legal_actions as engine_legal_actions
from game.state import (
    COIN_VALUES,
    P_ACTION,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    P_OVER,
    P_PLACE,
    P_ROLL,
)
from game.views import HIDDEN_COIN

COIN_MODEL_SHARPNESS = 6.0  # how sure the model of a hidden coin choice is


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Search parameters; the difficulty presets (``ai.ismcts.PRESETS``) fill these in."""

    iterations: int = 400  # budget in iterations (deterministic for a seed)
    time_ms: float = 0.0  # if > 0: a wall-clock budget instead of iterations
    c_puct: float = 0.5
    prior_temp: float = 4.0  # quick score (points) -> prior weight exp(temp * score)
    bias_visits: float = 6.0  # virtual visits that carry the prior value into Q
    widen_c: float = 2.5  # progressive widening: candidates = widen_c * visits ** widen_alpha
    widen_alpha: float = 0.5
    playout_turns: int = 1  # whole turns the policy plays after the current one
    playout_epsilon: float = 0.1
    playout_moves: int = 24  # moves the playout policy samples from a long list
    tree_chance: bool = True  # expand nodes beyond chance events (open loop)
    # Stable nodes reached by two orders of one turn's actions merge (no gain measured at
    # normal's budget, see ai/README.md).
    transpositions: bool = False
    duel_c: float = 0.5
    root_eval: bool = True  # one-ply evaluation of every root action as its prior
    reuse: bool = True  # keep the subtree of the chosen action for the next own decision
    reuse_min: float = 0.34  # share of the budget searched anew even on a reused tree
    # Implicit minimax backups: each node also keeps the evaluation of its best line (the
    # mover's best child, leaves judged where the tree ends), and selection mixes this share of
    # it into the averaged playout value. 0 turns them off.
    minimax_weight: float = 0.0
    weights: Weights = DEFAULT_WEIGHTS


class Edge:
    __slots__ = ("action", "avail", "child", "n", "p", "score", "v0", "w")

    def __init__(self, action: Action, score: float, num_players: int) -> None:
        self.action = action
        self.score = score  # quick score in points (or the root's one-ply win chance)
        self.p = 0.0  # prior weight (unnormalised)
        self.v0 = 0.0  # prior value for the mover, as an offset from the node's mean
        self.n = 0
        self.avail = 0
        self.w = [0.0] * num_players
        self.child: Node | None = None


class Node:
    __slots__ = (
        "duel_att", "duel_def", "edges", "h", "h_edge", "joint", "legal", "mover", "order",
        "prefix", "stable", "visits", "w",
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
        # Implicit minimax value (``minimax_weight``): one win chance per seat, and the edge
        # whose child gave it (None at a leaf, a duel or a node not yet backed up).
        self.h: list[float] | None = None
        self.h_edge: Edge | None = None


class Search(Thinking):
    """One decision's search; the client runs it in slices (``step_ms``)."""

    def __init__(
        self,
        view: PlayerView,
        legal: Sequence[Action],
        rng: random.Random,
        config: SearchConfig,
        true_state: GameState | None = None,
        reuse: Node | None = None,
    ) -> None:
        if not legal:
            raise ValueError("no legal action to choose from")
        self.view = view
        self.seat = view.seat
        self.config = config
        self.rng = random.Random(rng.getrandbits(64))
        self.true_state = true_state  # only for the cheating benchmark baseline
        self.n = view.public.num_players
        self.legal = list(legal)
        self.evaluator = Evaluator(config.weights)
        self.scorer = QuickScorer(config.weights)
        self.root = reuse if reuse is not None else Node(self.n)
        # Stable nodes by position (``transpositions``): the tree becomes a DAG without cycles
        # (every own action uses up a die or a general's action, R4.2).
        self.positions: dict[tuple[object, ...], Node] = {}
        self.reused = self.root.visits
        # A reused subtree already holds visits of this very decision; search the rest.
        self.budget = max(
            config.iterations - self.reused, math.ceil(config.iterations * config.reuse_min)
        )
        self.iterations = 0
        self.elapsed = 0.0
        self.longest_slice_ms = 0.0
        self.done = len(self.legal) == 1
        self._init_index = 0
        self._init_items: list[int] = []
        self._init_done = False
        self._init_value = [0.0] * len(self.legal)
        quick = QuickScorer(config.weights, viewer=self.seat).scores(view.public, self.legal)
        self._quick = quick
        self._fallback = self.legal[max(range(len(quick)), key=quick.__getitem__)]
        self._coin_model = [] if true_state is not None else self._attacker_coin_model()

    # -- Thinking ----------------------------------------------------------------------------
    def step(self, max_iterations: int) -> bool:
        start = time.perf_counter()
        if not self._init_done:
            self._root_init(None)
        budget = self.budget
        count = 0
        while not self.done and count < max_iterations:
            self._iterate()
            count += 1
            if self.config.time_ms <= 0 and (self.iterations >= budget or self._decided()):
                self.done = True
        self._account(start)
        return self.done

    def step_ms(self, ms: float) -> bool:
        start = time.perf_counter()
        deadline = start + ms / 1000.0
        if not self._init_done:
            self._root_init(deadline)
        budget = self.budget
        while not self.done and self._init_done and time.perf_counter() < deadline:
            self._iterate()
            if self.config.time_ms <= 0 and (self.iterations >= budget or self._decided()):
                self.done = True
            elif self.config.time_ms > 0:
                spent = self.elapsed + time.perf_counter() - start
                if spent * 1000.0 >= self.config.time_ms:
                    self.done = True
        self._account(start)
        # The tree only grows while the search runs and holds no reference cycles, yet every
        # full collection rescans all of it (about 10 ms at 2000 iterations): long enough to
        # blow a frame. Between slices it sits in the permanent generation; once the search
        # is over, the collector sees it again (the chosen subtree may be reused).
        if self.done:
            gc.unfreeze()
        else:
            gc.freeze()
        return self.done

    def _decided(self) -> bool:
        """The most visited root action can no longer be overtaken in the iterations left.

        ``best_action`` picks by visit count, so stopping here returns exactly the action the
        full budget would have returned; checked every few iterations, it costs nothing.
        """
        left = self.budget - self.iterations
        if self.iterations & 7 or self.root.duel_att is not None or not self.root.order:
            return False
        first = second = 0
        for e in self.root.order:
            if e.n > first:
                first, second = e.n, first
            elif e.n > second:
                second = e.n
        return first - second > left

    def _account(self, start: float) -> None:
        spent = time.perf_counter() - start
        self.elapsed += spent
        self.longest_slice_ms = max(self.longest_slice_ms, spent * 1000.0)
        if self.config.time_ms > 0 and self.elapsed * 1000.0 >= self.config.time_ms:
            self.done = True

    def progress(self) -> float:
        if self.done:
            return 1.0
        if self.config.time_ms > 0:
            return min(1.0, self.elapsed * 1000.0 / self.config.time_ms)
        return min(1.0, self.iterations / max(1, self.budget))

    def best_action(self) -> Action:
        coin = root_coin_choice(self)
        if coin is not None:
            return coin
        edges = [self.root.edges[a] for a in self.legal if a in self.root.edges]
        if not edges or self.root.visits == 0:
            if self._init_done:
                best = max(range(len(self.legal)), key=self._init_value.__getitem__)
                return self.legal[best]
            return self._fallback
        seat = self.seat
        best_edge = max(edges, key=lambda e: (e.n, e.w[seat] / e.n if e.n else e.v0 - 1.0, e.p))
        return best_edge.action

    def explain(self, top: int = 3) -> list[Insight]:
        root = self.root
        seat = self.seat
        if root.visits == 0:
            values = self._init_value if self._init_done else [0.0] * len(self.legal)
            order = sorted(range(len(self.legal)), key=lambda i: -values[i])[:top]
            return [Insight(self.legal[i], 0.0, values[i]) for i in order]
        if root.duel_att is not None:
            total = sum(s[0] for s in root.duel_att.values()) or 1.0
            rows = [
                (a, root.duel_att[a.value])
                for a in self.legal
                if isinstance(a, CommitCoin) and a.value in root.duel_att
            ]
            rows.sort(key=lambda r: -r[1][0])
            return [Insight(a, s[0] / total, s[1] / s[0] if s[0] else 0.0) for a, s in rows[:top]]
        edges = [root.edges[a] for a in self.legal if a in root.edges]
        edges.sort(key=lambda e: (-e.n, -e.v0))
        total = sum(e.n for e in edges) or 1
        mean = root.w[seat] / root.visits
        return [
            Insight(e.action, e.n / total, e.w[seat] / e.n if e.n else max(0.0, mean + e.v0))
            for e in edges[:top]
        ]

    # -- root priors ---------------------------------------------------------------------------
    def _root_init(self, deadline: float | None) -> None:
        """One-ply evaluation of each root action (sliced: it may take tens of milliseconds)."""
        public = self.view.public
        config = self.config
        if not self._init_items:
            eval_phase = public.phase in (P_ACTION, P_CONTINUE, P_HALT, P_PLACE) and not (
                public.draw_queue
            )
            if config.root_eval and eval_phase and len(self.legal) > 1:
                self._init_items = list(range(len(self.legal)))
            else:
                self._init_items = []
        ev = Evaluator(config.weights, viewer=self.seat)
        items = self._init_items
        while self._init_index < len(items):
            i = items[self._init_index]
            self._init_value[i] = self._one_ply(public, self.legal[i], ev)
            self._init_index += 1
            if deadline is not None and time.perf_counter() >= deadline:
                return
        self._finish_root_init(bool(items))

    def _one_ply(self, public: GameState, action: Action, ev: Evaluator) -> float:
        world = public.clone()
        world.apply_action(action)
        value = ev.win_chances(world)[self.seat]
        if isinstance(action, Trade) and world.phase == P_ACTION:
            # R4.3: a trade is worth what the 6 then allows: the best of the few follow-ups
            # the quick scores like most.
            follow = [a for a in engine_legal_actions(world) if not isinstance(a, Trade)]
            if follow:
                scores = QuickScorer(self.config.weights, viewer=self.seat).scores(world, follow)
                ranked = sorted(range(len(follow)), key=lambda i: -scores[i])[:4]
                for i in ranked:
                    nxt = world.clone()
                    nxt.apply_action(follow[i])
                    value = max(value, ev.win_chances(nxt)[self.seat] - 1e-3)
        elif public.phase == P_HALT and world.phase == P_CONTINUE:
            # R5.4: after a Pass the mover picks its best way on.
            mover = world.active
            best = -1.0
            for a in engine_legal_actions(world):
                nxt = world.clone()
                nxt.apply_action(a)
                chances = ev.win_chances(nxt)
                if chances[mover] > best:
                    best, value = chances[mover], chances[self.seat]
        return value

    def _finish_root_init(self, evaluated: bool) -> None:
        root = self.root
        n = self.n
        values = self._init_value if evaluated else self._quick
        top = max(values)
        scale = 1.0 if evaluated else self._kappa(self.view.public)
        # Priors by rank (robust to how flat the evaluation is); the value offsets carry the
        # size of the differences into Q.
        ranked = sorted(range(len(self.legal)), key=lambda i: -values[i])
        for rank, i in enumerate(ranked):
            a = self.legal[i]
            e = root.edges.get(a)  # a reused root keeps its statistics, with new priors
            if e is None:
                e = root.edges[a] = Edge(a, values[i], n)
            e.score = values[i]
            e.v0 = scale * (values[i] - top)
            e.p = 1.0 / (rank + 1.0)
        root.order = sorted((root.edges[a] for a in self.legal), key=lambda e: -e.p)
        public = self.view.public
        if not is_duel(public):
            root.legal = self.legal
            root.stable = True
            root.prefix = []
            root.mover = self.seat
        self._init_done = True

    # -- one iteration -------------------------------------------------------------------------
    def _sample_world(self) -> GameState:
        if self.true_state is not None:
            return self.true_state.clone()
        world = self.view.sample_world(self.rng)
        if self._coin_model:
            # The attacker's secret coin (R8.2a), drawn from a model of how it would choose
            # rather than uniformly: a clearly decided battle rarely gets the 3.
            x = self.rng.random()
            chosen = self._coin_model[-1][0]
            for index, p in self._coin_model:
                x -= p
                if x < 0:
                    chosen = index
                    break
            world.coin_attacker = chosen
        return world

    def _attacker_coin_model(self) -> list[tuple[int, float]]:
        """R8.1: P(attacker committed coin i), from public facts only (levels, played coins)."""
        public = self.view.public
        if public.coin_attacker != HIDDEN_COIN or public.phase != P_COIN_DEFENDER:
            return []
        attacker = public.active
        chances = coin_win_chances(public, attacker)
        played = public.coins_played[attacker]
        weights: list[tuple[int, float]] = []
        for i, value in enumerate(COIN_VALUES):
            if played >> i & 1 or any(COIN_VALUES[j] == value for j, _ in weights):
                continue
            score = BATTLE_STAKE * chances.get(value, 0.0) - COIN_COST * value
            weights.append((i, math.exp(COIN_MODEL_SHARPNESS * score)))
        total = sum(w for _, w in weights) or 1.0
        return [(i, w / total) for i, w in weights]

    def _iterate(self) -> None:
        rng = self.rng
        world = self._sample_world()
        node = self.root
        nodes: list[Node] = []  # every node this iteration arrives at, the leaf included
        duels: list[tuple[Node, int, int, int, int]] = []
        # Each step down the tree: the node, the edge taken (None for a coin duel) and its mover.
        steps: list[tuple[Node, Edge | None, int]] = []
        stable = True
        first = True
        while True:
            nodes.append(node)
            # Arrive at ``node``: play forced actions and chance up to its decision.
            if stable and node.stable and node.legal is not None:
                assert node.prefix is not None
                for a in node.prefix:
                    world.apply_action(a)
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
            if not stable and not self.config.tree_chance:
                break
            first = False
            if mover >= 0 and not legal:
                # R8.1, R8.2a: the coin duel, chosen from two decoupled tables.
                nxt, entry = self._duel(node, world, mover)
                duels.append((node, *entry))
                steps.append((node, None, mover))
                node = nxt
                continue
            edge = self._select(node, world, legal, mover, stable)
            world.apply_action(edge.action)
            steps.append((node, edge, mover))
            if edge.child is None:
                edge.child = self._child(world, stable)
            node = edge.child
        if self.config.minimax_weight > 0:
            # The leaf as the tree ends, before the playout's own moves change it.
            self._minimax_backup(nodes, steps, self.evaluator.win_chances(world))
        values = self._playout(world)
        self._backup(nodes, steps, duels, values)
        self.iterations += 1

    def _child(self, world: GameState, stable: bool) -> Node:
        """The node an edge leads to: with ``transpositions``, the one already made for the same
        position if the path here is stable (the same position then has the same future)."""
        if not (stable and self.config.transpositions):
            return Node(self.n)
        key = position_key(world, self.seat)
        found = self.positions.get(key)
        if found is None:
            found = self.positions[key] = Node(self.n)
        return found

    def _kappa(self, world: GameState) -> float:
        """Win chance per point of quick score, near the current sharpness (for priors)."""
        n = world.num_players
        return self.evaluator.beta(world) * (1.0 / n) * (1.0 - 1.0 / n)

    def _select(
        self, node: Node, world: GameState, legal: list[Action], mover: int, stable: bool
    ) -> Edge:
        config = self.config
        edges = node.edges
        visits = node.visits
        k = max(2, int(config.widen_c * (visits + 1) ** config.widen_alpha))
        if stable and node.order and len(node.order) == len(legal):
            candidates = node.order[:k]
        else:
            new = [a for a in legal if a not in edges]
            if new:
                scores = self.scorer.scores(world, new)
                n = self.n
                top = max(scores)
                kappa = self._kappa(world)
                for a, s in zip(new, scores, strict=True):
                    e = Edge(a, s, n)
                    e.p = math.exp(config.prior_temp * (s - top))
                    e.v0 = kappa * (s - top)
                    edges[a] = e
            if stable:
                node.order = sorted((edges[a] for a in legal), key=lambda e: -e.p)
                candidates = node.order[:k]
            else:
                avail = [edges[a] for a in legal]
                if len(avail) > k:
                    avail.sort(key=lambda e: -e.p)
                    candidates = avail[:k]
                else:
                    candidates = avail
        total_p = sum(e.p for e in candidates) or 1.0
        base = node.w[mover] / visits if visits else 1.0 / self.n
        bias = config.bias_visits
        c = config.c_puct
        alpha = config.minimax_weight
        best = candidates[0]
        best_score = -1e9
        for e in candidates:
            e.avail += 1
            q = (e.w[mover] + bias * (base + e.v0)) / (e.n + bias)
            if alpha > 0 and e.child is not None and e.child.h is not None:
                q = (1.0 - alpha) * q + alpha * e.child.h[mover]
            u = c * (e.p / total_p) * math.sqrt(e.avail) / (1 + e.n)
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
        c = self.config.duel_c
        best = coins[0]
        best_score = -1e9
        for v in coins:
            visits, reward, avail = table[v]
            score = reward / visits + c * math.sqrt(math.log(avail) / visits)
            if score > best_score:
                best, best_score = v, score
        return best

    def _playout(self, world: GameState) -> list[float]:
        if world.phase == P_OVER:
            return world.returns()
        config = self.config
        rng = self.rng
        turns = 0
        steps = 0
        plan: list[Action] = []
        plan_key: tuple[object, ...] = ()
        while world.phase != P_OVER and steps < 400:
            steps += 1
            p = world.current_player()
            if p == CHANCE:
                if world.phase == P_ROLL and not world.draw_queue and world.draw_deck < 0:
                    turns += 1
                    if turns > config.playout_turns:
                        break
                world.apply_action(world.sample_chance(rng))
                continue
            if world.phase == P_ACTION and not world.draw_queue:
                # A turn's actions are scored once and played down that list while they stay
                # possible (R4.2: each general acts once; enemies stand still meanwhile).
                key = _turn_key(world)
                if key != plan_key:
                    plan = self._plan(world)
                    plan_key = key
                action = _first_valid(world, plan)
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
            scores = self.scorer.scores(world, candidates)
            world.apply_action(candidates[pick(scores, rng, config.playout_epsilon)])
        return self.evaluator.win_chances(world)

    def _candidates(self, legal: list[Action]) -> list[Action]:
        """All actions but moves, and a sample of the moves when there are many."""
        limit = self.config.playout_moves
        if len(legal) <= limit + 8:
            return legal
        moves = [a for a in legal if a.kind == 6]
        others = [a for a in legal if a.kind != 6]
        if len(moves) > limit:
            moves = self.rng.sample(moves, limit)
        return others + moves

    def _plan(self, world: GameState) -> list[Action]:
        """The turn's candidate actions, best quick score first, up to ending the turn."""
        candidates = self._candidates(world.legal_actions())
        scores = self.scorer.scores(world, candidates)
        order = sorted(range(len(candidates)), key=lambda i: -scores[i])
        eps = self.config.playout_epsilon
        if eps > 0 and len(order) > 1 and self.rng.random() < eps:
            j = self.rng.randrange(1, min(5, len(order)))
            order[0], order[j] = order[j], order[0]
        plan = []
        for i in order:
            plan.append(candidates[i])
            if candidates[i].kind == 16:  # End turn: what follows would only lose
                break
        return plan

    def _minimax_backup(
        self, nodes: list[Node], steps: list[tuple[Node, Edge | None, int]], leaf: list[float]
    ) -> None:
        """Implicit minimax backups (Lanctot et al. 2014): the leaf's evaluation goes up the
        path, each node taking its mover's best child. Rolls and hidden cards are not branched
        on, so a child's value comes from the samples that built its subtree; a coin duel
        passes up its latest outcome. The mixing weight keeps these approximations small.
        """
        last = nodes[-1]
        if last.h is None or not last.edges:
            last.h = leaf
        below = last
        for node, edge, mover in reversed(steps):
            child = below
            below = node
            if child.h is None:
                continue
            if edge is None:
                node.h, node.h_edge = child.h, None
                continue
            if node.h is None or node.h_edge is None or child.h[mover] > node.h[mover]:
                node.h, node.h_edge = child.h, edge
            elif node.h_edge is edge:
                # The best line got worse: look again at every child.
                best, best_edge = child.h, edge
                for e in node.edges.values():
                    c = e.child
                    if c is not None and c.h is not None and c.h[mover] > best[mover]:
                        best, best_edge = c.h, e
                node.h, node.h_edge = best, best_edge

    def _backup(
        self,
        nodes: list[Node],
        steps: list[tuple[Node, Edge | None, int]],
        duels: list[tuple[Node, int, int, int, int]],
        values: list[float],
    ) -> None:
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


def position_key(state: GameState, seat: int) -> tuple[object, ...]:
    """Everything of a position that ``seat`` may know and an action can change (the setup's
    choices included): two orders of the same actions of a turn reach the same key (each
    general acts once and each die is used once either way, R4.2); other seats' hands, the
    decks and a secret coin are left out (R11)."""
    return (
        state.phase, state.active, state.round, tuple(state.gen_city), tuple(state.gen_level),
        tuple(state.gen_return), state.acted, tuple(state.dice), state.traded, state.trained,
        tuple(state.floors), tuple(sorted(state.island_stack.items())), tuple(state.floors_off),
        tuple(state.trophies), tuple(state.first_floor_point), tuple(state.points),
        tuple(state.coins_played), state.coin_attacker, state.pend_general, state.pend_points,
        state.halt_seat, state.battles, state.battle_city, state.last_battle,
        state.end_triggered, state.draw_queue, state.draw_deck, tuple(state.completed),
        state.hands[seat], state.chance_counter, tuple(state.seat_kingdom), state.setup_seat,
        tuple(state.tower_owner),
    )  # fmt: skip


def _turn_key(state: GameState) -> tuple[object, ...]:
    """What a turn's plan depends on: a destroy, a build, a trade or a new card redoes it."""
    return (
        state.round, state.active, state.traded, sum(state.trophies), sum(state.floors_off),
        sum(map(len, state.island_stack.values())), state.hands[state.active],
    )  # fmt: skip


def _first_valid(state: GameState, plan: list[Action]) -> Action | None:
    """The first planned action still possible, by cheap checks (the engine checks again)."""
    dice = state.dice
    acted = state.acted
    gen_city = state.gen_city
    own = None
    for a in plan:
        kind = a.kind
        if kind == 16:
            return a
        g: int = getattr(a, "general", -1)
        if kind != 15 and (acted >> g & 1 or getattr(a, "die", 0) not in dice):
            continue
        if kind == 6:
            assert isinstance(a, Move)
            if gen_city[g] != a.src:
                continue
            if own is None:
                own = {gen_city[x] for x in state.generals_of(state.active)}
            if a.dest in own:
                continue  # R5.2: an own general already ends there
            return a
        if kind == 11:
            assert isinstance(a, Destroy)
            if gen_city[g] == a.city and state.floors[a.city] > 0:
                return a
        elif kind == 12:
            assert isinstance(a, Return)
            if gen_city[g] < 0 and a.city not in gen_city:
                return a
        elif kind == 13:
            if not state.trained and gen_city[g] >= 0:
                return a
        elif kind == 14:
            assert isinstance(a, Build)
            if gen_city[g] == a.island and state.floors[a.source] > 0:
                return a
        elif kind == 15:
            assert isinstance(a, Trade)
            if not state.traded and all(dice.count(d) >= a.dice.count(d) for d in a.dice):
                return a
    return None


def is_duel(state: GameState) -> bool:
    """The attacker is about to commit a coin (R8.1), and no quest draw comes first."""
    return (
        state.phase == P_COIN_ATTACKER
        and state.rules.coins
        and not state.draw_queue
        and state.draw_deck < 0
    )


def root_coin_choice(search: Search) -> Action | None:
    """The attacker's coin at a duel root: the most tried one (R8.1)."""
    table = search.root.duel_att
    if not table:
        return None
    value = max(table, key=lambda v: (table[v][0], table[v][1]))
    return CommitCoin(value)


StateProvider = Callable[[], GameState]


def configure(base: SearchConfig, **options: object) -> SearchConfig:
    """A copy of ``base`` with some fields replaced (unknown names raise ``TypeError``)."""
    return replace(base, **options)  # type: ignore[arg-type]


__all__ = ["Edge", "Node", "Search", "SearchConfig", "StateProvider", "configure"]
