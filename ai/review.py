"""The review of a played game: where it was won and lost, decision by decision.

For every decision of the chosen seats the search of ``ismcts`` looks at the position again,
from that seat's view at the time (what the player knew, never the other hands: R11), and
reads three win chances off its root: the position's before the decision, the action played,
and the action it prefers. When the two actions differ, a second, smaller search compares just
those two, so that the action played is judged on visits of its own rather than on the prior
it was given. A kingdom pick (R3.1) is not searched: it is judged as the AI picks, by its book
of measured win shares (``ai.kingdom_book``), the shares as they stand.

Every seat's chance is read after every action by the one estimator the match shows
(``ai.chances``: public facts, the same for every seat, summing to 1); the chart takes its turn
starts, so the review's chart and the game-over chart are one line. Walked action by action,
a reviewed seat's result splits as backgammon reviews split it (``Split``): its chance at the
start; its decisions, each the chance after the action played less the chance after the action
the search prefers (a cost below 0, a gain above); luck, every change at a chance action
(action dice, battle rolls, which reveal the hidden coins, card draws) and the rest of the
change at the seat's own actions, what its dice let the best action gain (the estimator reads
no dice); and the opponents' play: at a reviewed opponent's decision the same difference, its
action against the one the search prefers for it (the rest is luck again), and every change at
an opponent's action that was not reviewed. The parts telescope: they
add up to the last estimate, the result itself (1, 0 or a shared win's share) once the game
is over. The turning points are each seat's largest drops (``Swing``): its own decision
against the preferred action, a turn's luck, or one opponent's play in a turn.

The work runs in slices (``step_ms``), for the client's frame loop, or at once (``run``), for
the command line (``python -m lab.review``, ``lab/review.py``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any

from ai.chances import is_turn_start, search_chance, search_chances, table_chances
from ai.evaluation import prepare_board
from ai.kingdom_book import kingdom_book
from ai.presets import REVIEW
from ai.search import Search
from ai.seeds import check_seed
from game import CHANCE, P_PICK, Action, GameRecord, GameState
from game.actions import Destroy

TURNING_PER_SEAT = 3  # the turning points of a seat: its largest drops, at most this many
SWING_MIN = 0.01  # a drop below this is the estimator's noise, never a turning point
DECISION, LUCK, OPPONENTS = "decision", "luck", "opponents"  # what moved a seat's chance
REVIEW_FORMAT = "strategos-review"

# The classes of a decision by its cost in win chance, as chess and backgammon reviews name
# them. The scale is wider than theirs: lichess calls a drop of 0.05 / 0.10 / 0.15 of win
# chance an inaccuracy / mistake / blunder and GNU Backgammon marks errors from about 0.02 of
# win chance, both against engines that hardly err; here one decision is judged by a search of
# a few hundred iterations on sampled hands, whose chances move by a few hundredths from one
# seed to the next, and the dice decide much of a game. So a cost within 0.01 is as good as the
# search's own choice, under 0.03 still within its noise ("good"), and a blunder gives away a
# fifth of a game (0.20).
BEST, GOOD, INACCURACY, MISTAKE, BLUNDER = "best", "good", "inaccuracy", "mistake", "blunder"
BEST_WITHIN = 0.01  # best: the search's own action, or one that costs at most this
CLASS_LIMITS: tuple[tuple[str, float], ...] = (
    # (class, the cost it stays below); the last takes everything above
    (GOOD, 0.03),
    (INACCURACY, 0.08),
    (MISTAKE, 0.20),
    (BLUNDER, float("inf")),
)
CLASSES: tuple[str, ...] = (BEST, *(name for name, _ in CLASS_LIMITS))


def decision_class(cost: float) -> str:
    """The class of a decision that gave away ``cost`` of win chance (0 for the best action)."""
    if cost <= BEST_WITHIN:
        return BEST
    return next(name for name, below in CLASS_LIMITS if cost < below)


@dataclass(frozen=True)
class Budget:
    """Iterations per search, and what each search takes natively (measured on four-player
    games, ai/README.md), for the time a review is said to need."""

    iterations: int  # the search of a decision
    compare: int  # the search that compares the action played with the preferred one
    seconds: float  # per decision, its comparison included

    def estimate(self, decisions: int, seconds_per_unit: float | None = None) -> float:
        """About how long ``decisions`` take: at ``seconds`` each, or, once a review has been
        measured on this machine, at its pace per unit of budget (``Pace``)."""
        if seconds_per_unit is None:
            return decisions * self.seconds
        return decisions * self.units(COMPARED_SHARE) * seconds_per_unit

    def units(self, compared: float) -> float:
        """A searched decision's units of budget (iterations), when a share ``compared`` of
        decisions needs the second search."""
        return self.iterations + compared * self.compare


COMPARED_SHARE = 0.5  # decisions whose action played is compared, until a review has measured it
BUDGETS: dict[str, Budget] = {
    # Seat 0 of two four-player games (a random one, tests/golden/4p_all_patches.json, and one
    # of normal seats): quick 0.38 and 0.39 s a decision, thorough 1.74 and 1.83 s.
    "quick": Budget(iterations=200, compare=100, seconds=0.39),
    "thorough": Budget(iterations=1000, compare=400, seconds=1.8),
}


@dataclass(frozen=True)
class FloorLoss:
    """Floors of the deciding seat destroyed after the decision, before its next turn."""

    index: int  # the record's action that destroyed it
    city: int
    left: int  # floors the city still has afterwards


@dataclass(frozen=True)
class Decision:
    index: int  # the record's action; the position before it is ``record.replay(index)``
    seat: int
    round: int
    turn: int  # round * players + active seat: the chart's x
    action: Action
    best: Action
    before: float  # the seat's win chance before deciding
    after: float  # after the action played
    best_chance: float  # after the action the search prefers
    chances: tuple[float, ...]  # every seat's chance before the decision
    losses: tuple[FloorLoss, ...] = ()

    @property
    def cost(self) -> float:
        """Win chance the decision gave away against the preferred action (never below 0)."""
        if self.action == self.best:
            return 0.0
        return max(0.0, self.best_chance - self.after)

    @property
    def grade(self) -> str:
        """Its class by cost (``CLASSES``: best, good, inaccuracy, mistake, blunder)."""
        return decision_class(self.cost)


@dataclass(frozen=True)
class Split:
    """A seat's result in parts: start + decisions + luck + opponents == result."""

    seat: int
    start: float  # its chance before the first action
    decisions: float  # each: after the action played less after the preferred one
    luck: float
    opponents: float
    result: float  # 1 won, 0 lost, a shared win's share; the last estimate if not over

    def to_dict(self) -> dict[str, float]:
        return {k: round(v, 4) if k != "seat" else v for k, v in vars(self).items()}


@dataclass(frozen=True)
class Swing:
    """A move of the reviewed ``seat``'s chance: its own decision's cost, the luck of a turn,
    or an opponent's play in a turn."""

    seat: int
    kind: str  # DECISION, LUCK or OPPONENTS
    actor: int  # who acted: ``seat`` for its decision, CHANCE for luck, else the opponent
    index: int  # the decision's action, else the chance (or opponent's) action that moved most
    round: int
    turn: int  # round * players + active seat: the chart's x
    amount: float  # the change of the seat's chance; a drop is below 0
    decision: Decision | None = None

    @property
    def position(self) -> int:
        """The replay's position that shows it: the board before a decision (the better action
        drawn on it), after a roll or an opponent's action (the action highlighted)."""
        return self.index if self.kind == DECISION else self.index + 1


@dataclass(frozen=True)
class ChartPoint:
    turn: int
    index: int  # the record's action at which the chances were estimated
    chances: tuple[float, ...]


@dataclass(frozen=True)
class _Root:
    """What a finished search says: its preferred action, the chance after each action it
    judged, and every seat's chance in the position."""

    best: Action
    insights: dict[Action, float]
    chances: tuple[float, ...]


@dataclass
class _Job:
    index: int
    seat: int
    state: GameState  # the position before the record's action ``index``
    action: Action


@dataclass
class _Scan:
    """What one pass over the record finds, action by action (cheap; no search)."""

    position: int = 0
    jobs: list[_Job] = field(default_factory=list)
    turn_starts: dict[int, int] = field(default_factory=dict)  # turn -> first action index
    losses: list[tuple[int, int, int, int]] = field(default_factory=list)  # index, seat, city, left
    steps: list[tuple[int, int, int]] = field(default_factory=list)  # actor, turn, round
    walk: list[tuple[float, ...]] = field(default_factory=list)  # before each action; the end


@dataclass
class Pace:
    """The time a review's searches take, measured decision by decision: seconds per unit of
    budget (a search iteration) and the share of decisions compared, for the time left.

    A fixed time per decision (``Budget.seconds``) was 5-7 times short on two-player games
    (about 11 s said, 60 s taken): the time per iteration depends on the machine, the game and
    the position, and only the review's own decisions measure it."""

    seconds: float = 0.0  # spent on the searched decisions finished
    units: int = 0  # their budgets in iterations, comparisons included
    searched: int = 0  # decisions finished with a search (a pick is not searched)
    compared: int = 0  # of those, the ones that needed the second search

    def add(self, seconds: float, units: int, compared: bool) -> None:
        self.seconds += seconds
        self.units += units
        self.searched += 1
        self.compared += compared

    def per_unit(self) -> float | None:
        """Seconds per unit of budget (an iteration of a search's budget, whether the search
        ran them all or stopped once its choice was decided); None before a searched decision
        is finished."""
        return self.seconds / self.units if self.units and self.seconds > 0 else None

    def compared_share(self) -> float:
        return self.compared / self.searched if self.searched else COMPARED_SHARE


class Review:
    """The review of ``actions`` played from ``start``; ``step_ms`` until ``done``.

    ``clock`` gives the time in seconds (``time.perf_counter``; a test's own clock): it sets
    the slices' deadlines and measures the pace the time left is told from."""

    def __init__(
        self,
        start: GameState,
        actions: Sequence[Action],
        seats: Sequence[int] | None = None,
        budget: str = "quick",
        seed: int = 0,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if budget not in BUDGETS:
            raise ValueError(f"unknown budget {budget!r}; choose from {', '.join(BUDGETS)}")
        check_seed(seed)
        n = start.num_players
        chosen = list(range(n)) if seats is None else sorted(seats)
        if not chosen:
            raise ValueError("no seat to review: name one or more")
        if any(not 0 <= s < n for s in chosen):
            raise ValueError(f"the seats to review must be among 0..{n - 1}")
        for a, b in pairwise(chosen):
            if a == b:
                raise ValueError(f"seat {a} is named twice among the seats to review")
        self.seats = chosen
        self.budget_name = budget
        self.budget = BUDGETS[budget]
        self.seed = seed
        self.num_players = n
        self.board = start.board
        self._state = start.clone()
        self._actions = list(actions)
        self._scan: _Scan | None = _Scan()
        self._queue: list[_Job] = []
        self._next = 0
        self._search: Search | None = None
        self._compare: Search | None = None
        self._main: _Root | None = None
        self.decisions: list[Decision] = []
        self.chart: list[ChartPoint] = []
        self.summary: list[Split] = []  # per reviewed seat, once the review is complete
        self.swings: list[Swing] = []  # the turning points, largest drop first per seat
        self.final: tuple[float, ...] | None = None  # the result, when the game is over
        self.done = False
        self.cancelled = False
        self.elapsed = 0.0
        self.longest_slice_ms = 0.0
        self.clock = clock
        self.pace = Pace()
        self._job_seconds = 0.0  # spent on the decision being searched
        self._job_units = 0  # its iterations so far, of searches finished
        self._job_compared = False
        prepare_board(start.board)

    @staticmethod
    def of_record(
        record: GameRecord,
        seats: Sequence[int] | None = None,
        budget: str = "quick",
        seed: int = 0,
        clock: Callable[[], float] = time.perf_counter,
    ) -> Review:
        return Review(record.new_state(), record.actions, seats, budget, seed, clock)

    # -- driving it --------------------------------------------------------------------------
    def step_ms(self, ms: float) -> bool:
        """Work for about ``ms`` milliseconds; True once the review is complete (or cancelled).

        A slice may run over by one search iteration (a few milliseconds at worst)."""
        clock = self.clock
        start = clock()
        deadline = start + ms / 1000.0
        while not self.done and clock() < deadline:
            if self._scan is not None:
                self._scan_some(deadline)
            else:
                began = clock()
                self._search_some(deadline)
                self._job_seconds += clock() - began
        spent = clock() - start
        self.elapsed += spent
        self.longest_slice_ms = max(self.longest_slice_ms, spent * 1000.0)
        return self.done

    def run(self) -> Review:
        while not self.step_ms(50.0):
            pass
        return self

    def cancel(self) -> None:
        """Stop where it is; what is found so far stays readable."""
        self.cancelled = True
        self.done = True
        self._search = self._compare = None

    def progress(self) -> float:
        """The share of the work done, in units of budget (search iterations): the scan is
        the first 2%, a pick costs nothing, and a decision yet to search counts its search
        and, at the share measured so far, its comparison."""
        if self.done:
            return 1.0
        if self._scan is not None:
            return 0.02 * self._scan.position / max(1, len(self._actions))
        done = self.pace.units + self._current_units()
        total = done + self._units_left()
        return 0.02 + 0.98 * min(1.0, done / total) if total > 0 else 0.02

    def planned(self) -> int | None:
        """Decisions the review will search, once the scan is over."""
        return None if self._scan is not None else len(self._queue)

    def seconds_left(self) -> float | None:
        """Time still needed: the units of budget left at the seconds per unit measured on the
        decisions searched so far (None until one is: the scan and the picks, which cost no
        search, tell nothing of a search's pace)."""
        if self.done:
            return 0.0
        per_unit = self.pace.per_unit()
        if self._scan is not None or per_unit is None:
            return None
        return self._units_left() * per_unit

    def _current_units(self) -> float:
        """The units of budget the decision being searched has done (a search that stops
        early, its choice decided, counts its whole budget: the pace is per unit of budget)."""
        if self._search is not None:
            return self._job_units + self._search.progress() * self.budget.iterations
        if self._compare is not None:
            return self._job_units + self._compare.progress() * self.budget.compare
        return self._job_units

    def _units_left(self) -> float:
        """Iterations still to search: the decisions not finished, each at the budget with its
        comparison at the share measured so far, less what the current one has done."""
        per = self.budget.units(self.pace.compared_share())
        book = REVIEW.kingdom_book
        left = sum(
            per for job in self._queue[self._next :] if not (book and job.state.phase == P_PICK)
        )
        if self._compare is not None:  # the current decision is compared: its cost is known
            left += self.budget.iterations + self.budget.compare - per
        return max(0.0, left - self._current_units())

    # -- results -----------------------------------------------------------------------------
    def turning_points(self) -> list[Swing]:
        return self.swings

    def class_counts(self, seat: int) -> dict[str, int]:
        """How many of ``seat``'s decisions reviewed so far fall in each class, in order."""
        counts = dict.fromkeys(CLASSES, 0)
        for d in self.decisions:
            if d.seat == seat:
                counts[d.grade] += 1
        return counts

    def explanation(self, swing: Swing) -> str:
        """One line in English from the engine's own descriptions (the client words its own)."""
        drop = _pct(-swing.amount)
        if swing.decision is None:
            who = "chance" if swing.kind == LUCK else f"seat {swing.actor}'s play"
            return f"-{drop} of seat {swing.seat}'s win chance: {who}, turn of seat " \
                f"{swing.turn % self.num_players}"  # fmt: skip
        decision = swing.decision
        played, best = decision.action.describe(self.board), decision.best.describe(self.board)
        line = (
            f"-{drop} of seat {swing.seat}'s win chance: its decision, played {played}; the "
            f"AI's search preferred {best} ({_pct(decision.best_chance)} against "
            f"{_pct(decision.after)} by the search)"
        )
        for loss in decision.losses:
            city = self.board.nodes[loss.city].name_en
            what = "its last floor" if loss.left == 0 else "a floor"
            line += f"; {city} lost {what} before the next turn"
        return line

    def to_dict(self) -> dict[str, Any]:
        turning = [{**{k: getattr(w, k) for k in ("seat", "kind", "actor", "index", "turn")},
                    "amount": round(w.amount, 4), "explanation": self.explanation(w)}
                   for w in self.swings]  # fmt: skip
        return {
            "format": REVIEW_FORMAT,
            "version": 1,
            "map": self.board.version,  # the actions below are named with its places
            "players": self.num_players,
            "seats": self.seats,
            "budget": self.budget_name,
            "seed": self.seed,  # with the game and the budget, what makes the same review again
            "complete": self.done and not self.cancelled,
            "seconds": round(self.elapsed, 2),
            "decisions": [
                {
                    "index": d.index,
                    "seat": d.seat,
                    "round": d.round,
                    "turn": d.turn,
                    "action": d.action.describe(self.board),
                    "before": round(d.before, 4),
                    "after": round(d.after, 4),
                    "best": d.best.describe(self.board),
                    "best_chance": round(d.best_chance, 4),
                    "cost": round(d.cost, 4),
                    "class": d.grade,
                }
                for d in self.decisions
            ],
            "turning_points": turning,
            "chart": [
                {"turn": p.turn, "index": p.index, "chances": [round(c, 4) for c in p.chances]}
                for p in self.chart
            ],
            "result": list(self.final) if self.final is not None else None,
            # Per reviewed seat, its decisions counted by class (``CLASS_LIMITS``).
            "classes": [{"seat": s, **self.class_counts(s)} for s in self.seats],
            "summary": [split.to_dict() for split in self.summary],
        }

    # -- the scan ----------------------------------------------------------------------------
    def _scan_some(self, deadline: float) -> None:
        scan = self._scan
        assert scan is not None
        state = self._state
        n = self.num_players
        while scan.position < len(self._actions):
            i = scan.position
            action = self._actions[i]
            who = state.current_player()
            turn = _turn(state)
            scan.turn_starts.setdefault(turn, i)
            chances = tuple(table_chances(state))
            scan.walk.append(chances)
            scan.steps.append((who, turn, state.round))
            if is_turn_start(state):
                self.chart_point(turn, i, chances)
            if who in self.seats and len(state.legal_actions()) > 1:
                scan.jobs.append(_Job(i, who, state.clone(), action))
            if isinstance(action, Destroy):
                owner = state.tower_owner[action.city]
                if state.board.is_island[action.city]:
                    stack = state.island_stack.get(action.city, ())
                    owner = stack[-1] if stack else -1
                state.apply_action(action)
                if 0 <= owner < n:
                    scan.losses.append((i, owner, action.city, state.floors[action.city]))
            else:
                state.apply_action(action)
            scan.position += 1
            if self.clock() >= deadline:
                return
        self._queue = scan.jobs
        self._scan = None
        scan.walk.append(tuple(table_chances(state)))  # a finished game's: its result
        self._walk, self._steps = scan.walk, scan.steps
        if state.is_terminal():
            self.final = tuple(state.returns())
            # The result, one turn after the last turn start (a finished game has no active
            # seat to count from).
            last = self.chart[-1].turn if self.chart else _turn(state)
            self.chart_point(last + 1, len(self._actions), self.final)
        self._turn_starts = scan.turn_starts
        self._losses = scan.losses
        if not self._queue:
            self._finish()

    # -- the searches ------------------------------------------------------------------------
    def _search_some(self, deadline: float) -> None:
        job = self._queue[self._next]
        if self._search is None and self._compare is None and self._main is None:
            # Building a search (the view, its priors) is a step of its own: the slice
            # it starts in may end before the first iteration.
            legal = job.state.legal_actions()
            book = REVIEW.kingdom_book
            if book and job.state.phase == P_PICK:
                self._record_pick(job, legal, book)
            else:
                self._search = self._new_search(job, legal, self.budget.iterations, 0)
            return
        left_ms = max(0.5, (deadline - self.clock()) * 1000.0)
        if self._search is not None:
            if not self._search.step_ms(left_ms):
                return
            self._main = _read_root(self._search)
            self._job_units += self.budget.iterations
            self._search = None
            best = self._main.best
            if best == job.action:
                self._record(job, None)
            else:
                pair = [best, job.action]
                self._compare = self._new_search(job, pair, self.budget.compare, 1)
            return
        if self._compare is not None:
            if not self._compare.step_ms(left_ms):
                return
            found = {i.action: float(i.win_chance) for i in self._compare.explain(top=2)}
            self._job_units += self.budget.compare
            self._job_compared = True
            self._compare = None
            self._record(job, found)

    def _new_search(self, job: _Job, legal: list[Action], iterations: int, salt: int) -> Search:
        config = replace(REVIEW.at(job.state.num_players), iterations=iterations)
        rng = random.Random((self.seed * 1_000_003 + job.index) * 4 + salt)
        return Search(job.state.observe(job.seat), legal, rng, config)

    def _record(self, job: _Job, compared: dict[Action, float] | None) -> None:
        main = self._main
        assert main is not None
        self._main = None
        best, chances = main.best, main.chances
        found = compared if compared is not None else main.insights
        best_chance = found.get(best, main.insights.get(best, chances[job.seat]))
        # An action the search never reached is judged no better than the worst it tried.
        worst = min(main.insights.values(), default=chances[job.seat])
        played_chance = found.get(job.action, main.insights.get(job.action, worst))
        after = best_chance if best == job.action else played_chance
        # The search's chances as probabilities (ai.chances.search_chance): before, after and
        # best go through the same monotone map, so the order of the actions and the sign of a
        # cost stay as searched; the table of every seat's is mapped and summed to 1 again.
        n = len(chances)
        self._append(
            job, best, search_chance(chances[job.seat], n), search_chance(after, n),
            search_chance(best_chance, n), tuple(search_chances(chances)),
        )  # fmt: skip

    def _record_pick(self, job: _Job, legal: list[Action], book: str) -> None:
        """A pick judged by the book the AI picks from, not searched: a search sees the
        kingdoms alike at setup, where the book has measured them (ai.kingdom_book). Its
        shares are probabilities already, so they are not mapped."""
        values = kingdom_book(book).values(job.state, legal, job.seat)
        best = max(range(len(legal)), key=values.__getitem__)
        top = values[best]
        n = self.num_players
        # The book holds the picker's share only; the other seats share the rest evenly.
        table = tuple(top if s == job.seat else (1 - top) / (n - 1) for s in range(n))
        self._append(job, legal[best], top, values[legal.index(job.action)], top, table)

    def _append(
        self, job: _Job, best: Action, before: float, after: float, best_chance: float,
        chances: tuple[float, ...],
    ) -> None:  # fmt: skip
        state = job.state
        self.decisions.append(
            Decision(
                job.index, job.seat, state.round, _turn(state), job.action, best, before,
                after, best_chance, chances, self._losses_after(job),
            )
        )  # fmt: skip
        if self._job_units:  # a searched decision: its time measures the pace
            self.pace.add(self._job_seconds, self._job_units, self._job_compared)
        self._job_seconds, self._job_units, self._job_compared = 0.0, 0, False
        self._next += 1
        if self._next >= len(self._queue):
            self._finish()

    def chart_point(self, turn: int, index: int, chances: tuple[float, ...]) -> None:
        """A turn's point: the table's chances at its start (one per turn)."""
        if not self.chart or self.chart[-1].turn != turn:
            self.chart.append(ChartPoint(turn, index, chances))

    def _losses_after(self, job: _Job) -> tuple[FloorLoss, ...]:
        """The seat's floors destroyed from this decision until its next turn begins."""
        n = self.num_players
        turn = _turn(job.state)
        nxt = turn - turn % n + job.seat + (n if turn % n >= job.seat else 0)
        until = self._turn_starts.get(nxt, len(self._actions))
        return tuple(
            FloorLoss(i, city, left)
            for i, seat, city, left in self._losses
            if seat == job.seat and job.index < i < until
        )

    def _finish(self) -> None:
        for seat in self.seats:
            split, swings = self._split(seat)
            self.summary.append(split)
            drops = sorted((w for w in swings if w.amount <= -SWING_MIN), key=lambda w: w.amount)
            self.swings += drops[:TURNING_PER_SEAT]
        self.done = True

    def _split(self, seat: int) -> tuple[Split, list[Swing]]:
        """``seat``'s result in parts, and its swings: each decision that lost chance against
        the search's preferred action, and per turn the luck and each opponent's play, netted."""
        judged = {d.index: d for d in self.decisions}  # every reviewed seat's
        before = {job.index: job.state for job in self._queue}
        walk = self._walk
        parts = {DECISION: 0.0, LUCK: 0.0, OPPONENTS: 0.0}
        swings: list[Swing] = []
        # (kind, actor, turn) -> [amount, round, the action that moved it most, its change]
        turns: dict[tuple[str, int, int], list[Any]] = {}
        for i, (actor, turn, round_) in enumerate(self._steps):
            delta = walk[i + 1][seat] - walk[i][seat]
            kind, who = (OPPONENTS, actor) if actor not in (seat, CHANCE) else (LUCK, CHANCE)
            d = judged.get(i)
            if d is not None:  # a decision (a forced action is none), the seat's or another's
                # The rest, what the position and the dice let the best action gain, is luck.
                kind, who = LUCK, CHANCE
            if d is not None and d.best != d.action:
                # Judged by the estimator of the walk, so the parts add up: the chance after
                # the action played less the chance after the search's preferred one. Of a
                # reviewed opponent's decision the same difference is the opponents' play.
                other = before[i].clone()
                other.apply_action(d.best)
                part = walk[i + 1][seat] - table_chances(other)[seat]
                if d.seat == seat:
                    parts[DECISION] += part
                    if part < 0:
                        swings.append(Swing(seat, DECISION, seat, i, round_, turn, part, d))
                else:
                    parts[OPPONENTS] += part
                    _add(turns, (OPPONENTS, actor, turn), round_, i, part)
                delta -= part
            parts[kind] += delta
            # A turn's luck is shown at its chance action that cost most (its roll, a battle),
            # not at the action that spent the dice.
            _add(turns, (kind, who, turn), round_, i, delta, place=kind != LUCK or actor == CHANCE)
        swings += [Swing(seat, kind, who, i, round_, turn, amount)
                   for (kind, who, turn), (amount, round_, i, _) in turns.items()]  # fmt: skip
        split = Split(seat, walk[0][seat], parts[DECISION], parts[LUCK], parts[OPPONENTS],
                      walk[-1][seat])  # fmt: skip
        return split, swings


def _add(
    turns: dict[tuple[str, int, int], list[Any]],
    key: tuple[str, int, int],
    round_: int,
    index: int,
    amount: float,
    place: bool = True,
) -> None:
    """Net ``amount`` into the turn's swing ``key``, shown at its costliest placed action."""
    group = turns.setdefault(key, [0.0, round_, index, 0.0])
    group[0] += amount
    if place and amount < group[3]:
        group[2:] = [index, amount]


def _turn(state: GameState) -> int:
    return state.round * state.num_players + max(0, state.active)


def _read_root(search: Search) -> _Root:
    root = search.root
    n = search.n
    if root.visits > 0:
        chances = tuple(root.w[s] / root.visits for s in range(n))
    else:
        chances = tuple(1.0 / n for _ in range(n))
    insights = {i.action: float(i.win_chance) for i in search.explain(top=len(search.legal))}
    return _Root(search.best_action(), insights, chances)


def _pct(x: float) -> str:
    return f"{round(x * 100)}%"
