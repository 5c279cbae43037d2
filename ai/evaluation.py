"""A hand-written evaluation of a position: one value per seat, in points, and win chances.

The evaluation knows the game: points already scored (R9.4) or, without quests, destroyed and
standing floors with the every-enemy condition (R10.2); what a general standing in an enemy
capital is about to destroy (R6.1); which enemy towers each general can reach and whether a
defender bars the way (R5, R7.2); battles waiting at the end of a turn (R7); levels, generals
on the time track, unplayed coins (R8.1) and quest progress (R9.5, R9.6).

It reads a ``GameState``. With ``viewer`` set it ignores the hands of the other seats (a view
holds none), so it can judge a ``PlayerView.public`` without peeking; the search judges its
determinized worlds with ``viewer=-1``. ``viewer=PUBLIC_READING`` reads no hand at all: what
the whole table knows, the same for every seat (the win chances shown to players, ai.chances).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import product

from game import (
    COIN_VALUES,
    NUM_ROUNDS,
    P_ACTION,
    P_CONTINUE,
    P_HALT,
    P_OVER,
    P_ROLL,
    QUEST_BUILD_ISLAND,
    QUEST_DEFEAT_LEVEL4,
    QUEST_DESTROY_CITY,
    QUEST_DESTROY_FLOOR,
    GameState,
    MapSpec,
    fighters,
    is_winter,
    tower_bonus,
)

FAR = 99

# The parts of a seat's value, in the order ``Evaluator.seat_terms`` gives them.
TERMS = (
    "points", "floors", "imminent", "reach", "islands", "level", "track", "coins", "cards",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's constants, in points; tuned with the arena (experiments/README.md).

    The defaults are what the frozen baseline ``ismcts-v1`` plays with
    (tests/lab/test_frozen_v1.py).
    """

    imminent: float = 0.55  # a general standing in an enemy capital destroys next turn (R6.1)
    reach: tuple[float, ...] = (0.0, 0.25, 0.12, 0.06, 0.03)  # by own turns needed to arrive
    same_target: float = 0.3  # a second general aiming at a claimed target counts this much
    extra_floor: float = 0.2  # a destroy that scores no point (tiebreak, denies the victim)
    raze_last: float = 2.7  # the destroy that completes "destroy completely" (3 points)
    raze_step: float = 0.6  # a destroy towards "destroy completely"
    raze_held: float = 0.25  # per floor already gone from a held "destroy completely" city
    island_on: tuple[float, float] = (1.8, 2.5)  # on the island with 2 / 1 floors to build
    island_reach: float = 1.3  # an island card: 3 points times this times the reach factor
    level4_card: float = 0.35
    level: float = 0.15
    track: float = 0.12  # a general on the time track (R6.2 needs a 5 or 6 to come back)
    coin: float = 0.15  # per unplayed coin value (R8.1)
    floors_quests: float = 0.35  # destroyed + standing floors, the R9.7 tiebreak
    qualify: float = 1.4  # base rules: per enemy not yet hit (R10.2)
    standing_base: float = 0.8  # base rules: a standing own floor is a point at the end
    beta_start: float = 0.38  # win-chance softmax sharpness at the start of the game
    beta_end: float = 0.55  # and in the last round


DEFAULT_WEIGHTS = Weights()


# -- static tables -------------------------------------------------------------------------


# Of a hand of quest cards: the cities of its ordinary and "destroy completely" cards, its
# islands, and whether it holds a level-4 card.
HandFacts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], bool]


class BoardTables:
    """Distances, turn counts and card facts, built once per map."""

    def __init__(self, board: MapSpec) -> None:
        self.board = board
        self.dist = board.route_distance
        n = board.num_nodes
        land: list[tuple[int, ...]] = []
        for src in range(n):
            dist = [FAR] * n
            dist[src] = 0
            frontier = [src]
            step = 0
            while frontier:
                step += 1
                nxt = []
                for node in frontier:
                    for other in board.land_adj[node]:
                        if dist[other] == FAR:
                            dist[other] = step
                            nxt.append(other)
                frontier = nxt
            land.append(tuple(dist))
        self.dist_land: tuple[tuple[int, ...], ...] = tuple(land)
        # Own turns a general needs from one node to another, in summer and in winter.
        self.turns: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(self._turns(a, b, winter) for b in range(n)) for a in range(n))
            for winter in (False, True)
        )
        self.tower_cities: tuple[int, ...] = tuple(
            c for c in range(board.num_cities) if board.is_capital[c] or board.is_island[c]
        )
        self.capitals_of_kingdom = tuple(k.capitals for k in board.kingdoms)
        self.card_type = tuple(card.type for card in board.cards)
        self.card_city = tuple(card.city for card in board.cards)
        self.card_deck = tuple(card.deck for card in board.cards)
        self.card_points = tuple(card.points for card in board.cards)
        # A card number names another card on another map: hands are read per board.
        self.hands: dict[tuple[int, ...], HandFacts] = {}

    def _turns(self, src: int, dest: int, winter: bool) -> int:
        """R5.1, R5.3, R4.3: a 6 is nearly always at hand (three dice trade for one)."""
        d = self.dist[src][dest]
        if d == 0:
            return 0
        if d < 0 or d >= FAR:
            return FAR
        summer = (d + 5) // 6
        if not winter:
            return summer
        land = self.dist_land[src][dest]
        return min((land + 2) // 3, summer + 1)


_TABLES: dict[int, tuple[MapSpec, BoardTables]] = {}


def tables(board: MapSpec) -> BoardTables:
    found = _TABLES.get(id(board))
    if found is None or found[0] is not board:
        found = (board, BoardTables(board))
        _TABLES[id(board)] = found
    return found[1]


def prepare_board(board: MapSpec) -> None:
    """Build the tables the evaluation keeps per board (tens of milliseconds, done once)."""
    tables(board)


def _win_table(faces: tuple[int, ...]) -> tuple[float, ...]:
    """P(attacker wins in the end) for strength leads -12..12 before the dice (ties reroll)."""
    out = []
    for lead in range(-12, 13):
        win = lose = 0
        for a, d in product(faces, faces):
            if a + lead > d:
                win += 1
            elif a + lead < d:
                lose += 1
        out.append(win / (win + lose) if win + lose else 0.5)
    return tuple(out)


_WIN = {False: _win_table((1, 2, 3, 4, 5, 6)), True: _win_table((0, 0, 1, 1, 1, 2))}


_WIN_MEMO: dict[tuple[float, bool], float] = {}


def attacker_wins(lead: float, battle_dice: bool) -> float:
    """Chance that the attacker wins a battle it leads by ``lead`` before the dice (R7.2)."""
    key = (lead, battle_dice)
    found = _WIN_MEMO.get(key)
    if found is None:
        if len(_WIN_MEMO) > 100_000:
            _WIN_MEMO.clear()
        found = _WIN_MEMO[key] = _attacker_wins(lead, battle_dice)
    return found


def _attacker_wins(lead: float, battle_dice: bool) -> float:
    table = _WIN[battle_dice]
    x = lead + 12
    if x <= 0:
        return table[0]
    if x >= 24:
        return table[24]
    i = int(x)
    f = x - i
    return table[i] if f == 0 else table[i] * (1 - f) + table[i + 1] * f


def _mean_of_unplayed(played: int) -> float:
    free = [COIN_VALUES[i] for i in range(5) if not played >> i & 1]
    return sum(free) / len(free) if free else 0.0


# R8.1: the mean value of the unplayed coins and their sum, by the mask of coins played (every
# state's evaluation reads them for every seat).
_MEAN_COIN = tuple(_mean_of_unplayed(played) for played in range(32))
_COIN_SUM = tuple(
    float(sum(COIN_VALUES[i] for i in range(5) if not played >> i & 1)) for played in range(32)
)


def coin_win_chances(state: GameState, seat: int) -> dict[int, float]:
    """R8.1: for each coin ``seat`` may commit to the current battle, its chance to win.

    The other side's coin is unknown: every unplayed coin of it counts as equally likely.
    """
    att, dfn = fighters(state)
    attacker = state.kingdom_seat[att >> 2] == seat
    other = state.kingdom_seat[(dfn if attacker else att) >> 2]
    base = state.gen_level[att] - state.gen_level[dfn] - tower_bonus(state, state.battle_city)
    theirs = state.unplayed_coins(other) or [0]
    dice = state.rules.battle_dice
    out: dict[int, float] = {}
    for coin in sorted(set(state.unplayed_coins(seat))):
        total = 0.0
        for their in theirs:
            lead = base + (coin - their if attacker else their - coin)
            p = attacker_wins(lead, dice)
            total += p if attacker else 1 - p
        out[coin] = total / len(theirs)
    return out


def yet_to_play(state: GameState, seat: int) -> bool:
    """Does the seat still have (part of) a turn in the current round?"""
    active = state.active
    if seat > active:
        return True
    return seat == active and state.phase in (P_ROLL, P_ACTION, P_HALT, P_CONTINUE)


# -- per-seat context ----------------------------------------------------------------------

# The contexts' aims an evaluator keeps the positions of (a few hundred in a search of
# thousands of iterations); emptied when full.
POSITION_TABLES = 4096

_REACH_ROWS: dict[tuple[tuple[float, ...], int], tuple[float, ...]] = {}
_ZERO_ROW = (0.0,) * (FAR + 1)
_ISLAND_ROWS: dict[tuple[int, int, int], tuple[Weights, float, tuple[float, ...]]] = {}


def _reach_row(reach: tuple[float, ...], turns_left: int) -> tuple[float, ...]:
    """Reach factor by turns needed, zero beyond the turns left (a move, then a destroy)."""
    horizon = max(0, min(len(reach), turns_left))
    key = (reach, horizon)
    row = _REACH_ROWS.get(key)
    if row is None:
        row = _REACH_ROWS[key] = tuple(reach[t] if t < horizon else 0.0 for t in range(FAR + 1))
    return row


def hand_facts(tab: BoardTables, hand: tuple[int, ...]) -> HandFacts:
    """Cities of the ordinary and "destroy completely" cards, islands, and a level-4 card."""
    found = tab.hands.get(hand)
    if found is None:
        found = (
            tuple(tab.card_city[c] for c in hand if tab.card_type[c] == QUEST_DESTROY_FLOOR),
            tuple(tab.card_city[c] for c in hand if tab.card_type[c] == QUEST_DESTROY_CITY),
            tuple(tab.card_city[c] for c in hand if tab.card_type[c] == QUEST_BUILD_ISLAND),
            any(tab.card_type[c] == QUEST_DEFEAT_LEVEL4 for c in hand),
        )
        if len(tab.hands) > 50_000:
            tab.hands.clear()
        tab.hands[hand] = found
    return found


class SeatContext:
    """What one seat is after: the worth of each live enemy tower to it, and its cards."""

    __slots__ = (
        "aims", "by_level", "coin", "dice", "imminent", "island_cache", "islands", "known",
        "level4", "ordinary", "own_floors", "positions", "raze", "reach", "seat", "turns",
        "turns_left", "worth",
    )  # fmt: skip

    def __init__(self, ev: Evaluator, state: GameState, seat: int, occ: dict[int, list[int]]):
        w = ev.w
        tab = tables(state.board)
        n = state.num_players
        self.seat = seat
        self.known = ev.viewer < 0 or ev.viewer == seat
        hand = state.hands[seat] if self.known else ()
        self.ordinary, self.raze, self.islands, self.level4 = hand_facts(tab, hand)
        self.island_cache: dict[int, tuple[float, tuple[float, ...]]] = {}
        k = state.seat_kingdom[seat]
        floors = state.floors
        tower_owner = state.tower_owner
        capitals = tab.capitals_of_kingdom[k]
        self.own_floors = sum(floors[c] for c in capitals if tower_owner[c] == seat)
        yet = yet_to_play(state, seat)
        self.turns_left = ev.end_round - state.round + (1 if yet else 0)
        winter = is_winter(state.round if yet else state.round + 1)
        self.turns = tab.turns[1 if winter else 0]
        coins = ev.coins
        self.coin = coins[seat]
        kingdom_seat = state.kingdom_seat
        levels = state.gen_level
        quests = state.rules.quests
        ordinary = self.ordinary
        raze = self.raze
        extra = w.extra_floor if self.known else w.extra_floor + 0.15
        worth: dict[int, float] = {}
        aims: list[tuple[int, float, float]] = []
        for c in ev.live:
            owner = tower_owner[c]
            if owner >= 0:
                if owner == seat:
                    continue
                victim = owner
            else:
                others = [x for x in state.island_stack.get(c, ()) if x != seat]
                if not others:
                    continue
                victim = others[-1]
            if not quests:
                value = 1.0 + (0.0 if state.trophies[seat * n + victim] > 0 else w.qualify)
            else:
                if c in ordinary or not state.first_floor_point[seat * n + victim]:
                    value = 1.0  # R9.4: a quest card or the first-floor point
                else:
                    value = extra
                if c in raze:
                    value += w.raze_last if floors[c] == 1 else w.raze_step
            worth[c] = value
            bar = -1.0  # strength of an enemy general holding the city, tower included (R7.2)
            for og in occ.get(c, ()):
                so = kingdom_seat[og >> 2]
                if so != seat:
                    bar = levels[og] + 1 + coins[so]
                    break
            aims.append((c, value, bar))
        self.worth = worth
        self.aims = aims
        self.imminent = w.imminent
        self.dice = state.rules.battle_dice
        # Reach factor by turns needed; zero beyond the turns left (move, then destroy).
        self.reach = _reach_row(w.reach, self.turns_left)
        self.by_level: list[list[tuple[int, float]] | None] = [None] * 5
        # What ``position`` answers follows from the aims, the seat's mean coin, the turns left
        # and the season alone (the weights are the evaluator's): every context of this
        # evaluator with the same ones shares the answers. Within a turn only the mover's own
        # generals move, and the aims of a seat do not read where its own generals stand, so
        # the contexts of a search repeat most of the time.
        key = (tuple(aims), self.coin, self.turns_left, winter, self.dice, tab)
        positions = ev.positions.get(key)
        if positions is None:
            if len(ev.positions) >= POSITION_TABLES:
                ev.positions.clear()
            positions = ev.positions[key] = {}
        self.positions: dict[int, tuple[float, int]] = positions

    def _aims_for(self, level: int) -> list[tuple[int, float]]:
        """Targets with their worth times the chance to beat a defender there (R7.2)."""
        found = self.by_level[level]
        if found is None:
            strength = level + self.coin
            dice = self.dice
            found = [
                (c, value * attacker_wins(strength - bar, dice) if bar >= 0 else value)
                for c, value, bar in self.aims
            ]
            self.by_level[level] = found
        return found

    def position(self, level: int, city: int) -> tuple[float, int]:
        """The best target of a general of this level standing at ``city``, and its value."""
        key = level << 16 | city
        found = self.positions.get(key)
        if found is None:
            found = self.positions[key] = self._position(level, city)
        return found

    def _position(self, level: int, city: int) -> tuple[float, int]:
        best = 0.0
        best_c = -1
        if self.turns_left <= 0:
            return best, best_c
        here = self.worth.get(city)
        if here is not None:
            best, best_c = here * self.imminent, city
        row = self.turns[city]
        reach = self.reach
        for c, value in self._aims_for(min(4, max(1, level))):
            gain = value * reach[row[c]]
            if gain > best:
                best, best_c = gain, c
        return best, best_c

    def island(self, ev: Evaluator, state: GameState, at: int, island: int) -> float:
        """R9.5: progress of a held island card for a general standing at ``at``."""
        found = self.island_cache.get(island)
        if found is None:
            found = self.island_cache[island] = self._island_row(ev, state, island)
        on_island, by_turns = found
        return on_island if at == island else by_turns[self.turns[at][island]]

    def _island_row(
        self, ev: Evaluator, state: GameState, island: int
    ) -> tuple[float, tuple[float, ...]]:
        """Value on the island, and by own turns needed to get there (zero when too late)."""
        w = ev.w
        need = 2 - len(state.island_stack.get(island, ()))
        turns_left = self.turns_left
        if self.own_floors < need or turns_left <= 0:
            return 0.0, _ZERO_ROW
        # The same few rows for every seat and island: kept per weights, floors needed and
        # turns left.
        key = (id(w), need, turns_left)
        found = _ISLAND_ROWS.get(key)
        if found is None or found[0] is not w:
            on_island = w.island_on[1] if need == 1 else w.island_on[0]
            factor = 3.0 * w.island_reach * (0.8 if need == 2 else 1.0)
            row = tuple(
                factor * w.reach[t] if t < len(w.reach) and t + need <= turns_left else 0.0
                for t in range(FAR + 1)
            )
            found = _ISLAND_ROWS[key] = (w, on_island, row)
        return found[1], found[2]


# -- the evaluation ------------------------------------------------------------------------


# A viewer that is no seat (six at most, R1): every hand is read as unknown.
PUBLIC_READING = 6


class Evaluator:
    """The hand-built evaluator (``ai.components.HandBuilt``): values per seat in points
    (``seat_values``) and win chances (``win_chances``)."""

    __slots__ = ("coins", "end_round", "live", "occ", "positions", "viewer", "w")

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS, viewer: int = -1) -> None:
        self.w = weights
        self.viewer = viewer
        # The answers of ``SeatContext.position``, per context's aims (see there).
        self.positions: dict[tuple[object, ...], dict[int, tuple[float, int]]] = {}
        self.coins: list[float] = []
        self.occ: dict[int, list[int]] = {}
        self.live: list[int] = []
        self.end_round = NUM_ROUNDS - 1

    def win_chances(self, state: GameState) -> list[float]:
        if state.phase == P_OVER:
            return state.returns()
        return softmax(self.seat_values(state), self.beta(state))

    def beta(self, state: GameState) -> float:
        progress = min(1.0, state.round / (NUM_ROUNDS - 1))
        return self.w.beta_start + (self.w.beta_end - self.w.beta_start) * progress

    def prepare(self, state: GameState) -> dict[int, list[int]]:
        """Per-state facts the seat contexts share: mean coins, generals by city, towers."""
        n = state.num_players
        if state.rules.coins:
            self.coins = [_MEAN_COIN[played] for played in state.coins_played]
        else:
            self.coins = [0.0] * n
        floors = state.floors
        self.live = [c for c in tables(state.board).tower_cities if floors[c] > 0]
        end_round = NUM_ROUNDS - 1
        if state.rules.quests and max(state.points) >= 7:
            end_round = state.round  # R9.7: this round is the last
        self.end_round = end_round
        occ: dict[int, list[int]] = {}
        gen_city = state.gen_city
        kingdom_seat = state.kingdom_seat
        for g in range(24):
            c = gen_city[g]
            if c >= 0 and kingdom_seat[g >> 2] >= 0:
                occ.setdefault(c, []).append(g)
        self.occ = occ
        return occ

    def next_turn_losses(self, state: GameState, surv: list[float]) -> list[float] | None:
        """Per general, the chance it is beaten before its owner's next turn; the hand-built
        evaluation does not look (None), ``ai.threat_eval`` does."""
        del state, surv
        return None

    def seat_values(self, state: GameState) -> list[float]:
        w = self.w
        scale = (1.0, w.floors_quests, 1.0, 1.0, 1.0, w.level, -w.track, w.coin, 1.0)
        terms = self.seat_terms(state)
        return [math.fsum(x * k for x, k in zip(t, scale, strict=True)) for t in terms]

    def seat_terms(self, state: GameState) -> list[tuple[float, ...]]:
        """Per seat, the evaluation's parts (see ``TERMS``) before their weights."""
        w = self.w
        n = state.num_players
        quests = state.rules.quests
        gen_city = state.gen_city
        levels = state.gen_level
        kingdom_seat = state.kingdom_seat
        floors = state.floors
        tower_owner = state.tower_owner
        dice = state.rules.battle_dice
        occ = self.prepare(state)
        coins = self.coins

        # R7: battles waiting at the end of the active player's turn.
        surv = [1.0] * 24
        level_exp = [float(x) for x in levels]
        battle_bonus = [0.0] * n
        for c, gens in occ.items():
            if len(gens) < 2:
                continue
            att = next((g for g in gens if kingdom_seat[g >> 2] == state.active), -1)
            if att < 0:
                continue
            dfn = next(g for g in gens if g != att)
            sa, sd = kingdom_seat[att >> 2], kingdom_seat[dfn >> 2]
            coin_a = _committed(state, state.coin_attacker, c, coins[sa])
            coin_d = _committed(state, state.coin_defender, c, coins[sd])
            lead = levels[att] + coin_a - levels[dfn] - (1 if floors[c] > 0 else 0) - coin_d
            p = attacker_wins(lead, dice)
            surv[att], surv[dfn] = p, 1 - p
            for g, pw in ((att, p), (dfn, 1 - p)):
                drop = levels[g] - (max(1, levels[g] - 1) if quests else 1)
                level_exp[g] = levels[g] + pw * (1 if levels[g] < 4 else 0) - (1 - pw) * drop
            if quests:
                # R9.6: beating a level-4 general completes "defeat a level-4 general".
                if levels[dfn] == 4 and self._holds_level4(state, sa):
                    battle_bonus[sa] += 3 * p
                if levels[att] == 4 and self._holds_level4(state, sd):
                    battle_bonus[sd] += 3 * (1 - p)

        tab = tables(state.board)
        lost = self.next_turn_losses(state, surv)
        out: list[tuple[float, ...]] = []
        for s in range(n):
            k = state.seat_kingdom[s]
            if k < 0:
                out.append((0.0,) * len(TERMS))
                continue
            ctx = SeatContext(self, state, s, occ)
            cards = battle_bonus[s]
            destroyed = sum(state.trophies[s * n : s * n + n])
            standing = sum(floors[c] for c in tab.capitals_of_kingdom[k] if tower_owner[c] == s)
            standing += sum(stack.count(s) for stack in state.island_stack.values())
            if quests:
                points = float(state.points[s])
                tiebreak = float(destroyed + standing)
                for c in ctx.raze:
                    cards += w.raze_held * (3 - floors[c])
                if ctx.level4:
                    cards += w.level4_card
            else:
                missing = sum(1 for o in range(n) if o != s and state.trophies[s * n + o] == 0)
                points = destroyed + w.standing_base * standing - w.qualify * missing
                tiebreak = 0.0
            level_sum = track = 0.0
            claims: list[tuple[float, int, bool]] = []
            island_best = dict.fromkeys(ctx.islands, 0.0)
            for g in range(k * 4, k * 4 + 4):
                a = gen_city[g]
                if a < 0:
                    if state.gen_return[g] >= 0:
                        track += 1.0
                    continue
                sg = surv[g] if lost is None else surv[g] * (1.0 - lost[g])
                level_sum += level_exp[g]
                track += 1 - sg
                best, best_c = ctx.position(levels[g], a)
                if best_c >= 0:
                    claims.append((best * sg, best_c, best_c == a))
                for isl in ctx.islands:
                    gain = ctx.island(self, state, a, isl) * sg
                    if gain > island_best[isl]:
                        island_best[isl] = gain
            imminent = reach = 0.0
            if claims:
                claims.sort(reverse=True)
                seen: set[int] = set()
                for gain, c, here in claims:
                    if c in seen:
                        gain *= w.same_target
                    seen.add(c)
                    if here:
                        imminent += gain
                    else:
                        reach += gain
            coin_sum = _COIN_SUM[state.coins_played[s]] if state.rules.coins else 0.0
            islands = sum(island_best.values())
            terms = (points, tiebreak, imminent, reach, islands, level_sum, track)
            out.append((*terms, coin_sum, cards))
        return out

    @staticmethod
    def _holds_level4(state: GameState, seat: int) -> bool:
        cards = state.board.cards
        return any(cards[c].type == QUEST_DEFEAT_LEVEL4 for c in state.hands[seat])


def _committed(state: GameState, index: int, city: int, mean: float) -> float:
    """A coin already committed to the battle at ``city`` if it is known, else the mean."""
    if state.battle_city != city or index < 0:
        return mean
    return float(COIN_VALUES[index])


def softmax(values: list[float], beta: float) -> list[float]:
    top = max(values)
    exps = [math.exp(beta * (v - top)) for v in values]
    # fsum, not sum, wherever floats steer a decision: fsum is correctly rounded, so the same
    # on every Python and platform, while sum() of floats changed in Python 3.12 (the browser's
    # Python is newer than many desktops'), and a last-bit difference can turn a near-tie.
    total = math.fsum(exps)
    return [e / total for e in exps]


__all__ = [
    "DEFAULT_WEIGHTS",
    "PUBLIC_READING",
    "TERMS",
    "BoardTables",
    "Evaluator",
    "SeatContext",
    "Weights",
    "attacker_wins",
    "coin_win_chances",
    "softmax",
    "tables",
    "yet_to_play",
]
