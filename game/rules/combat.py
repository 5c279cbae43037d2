"""R6.1 destroying floors and R7 battles, with the coin (R8.1, R8.2, R8.2a) and dice (R8.3)
patches and the one-level loss (R8.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import BattleRoll
from game.core import (
    ALL_COINS,
    COIN_VALUES,
    P_BATTLE_ORDER,
    P_BATTLE_ROLL,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
)
from game.rules import quests
from game.rules.moves import enemy_mask
from game.rules.rounds import next_turn

if TYPE_CHECKING:
    from game.state_data import StateData


def destroy_floor(state: StateData, g: int, city: int) -> None:
    """R6.1: one enemy floor goes to the destroyer's trophies; the general leaves the board."""
    seat = state.active
    n = state.num_players
    owner = state.tower_owner[city]
    if owner >= 0:
        victim = owner
    else:  # an island tower may hold floors of several players (R9.5); take the top enemy one
        stack = state.island_stack[city]
        top = max(i for i, s in enumerate(stack) if s != seat)
        victim = stack[top]
        state.island_stack[city] = stack[:top] + stack[top + 1 :]
    state.floors[city] -= 1
    state.trophies[seat * n + victim] += 1
    send_to_track(state, g)  # R6.1: keeps its level
    if state.rules.quests:
        quests.score_destroy(state, seat, victim, city)


def send_to_track(state: StateData, g: int) -> None:
    """The general leaves the board and may come back from the next season (R6.1, R7.3)."""
    state.gen_city[g] = -1
    state.gen_return[g] = state.round + 1


def battle_cities(state: StateData) -> tuple[int, ...]:
    """R7.1: cities where a general of the active player meets an enemy general."""
    k = state.seat_kingdom[state.active]
    own = state.gen_city[k * 4 : k * 4 + 4]
    enemy = enemy_mask(state)  # enemies stand still during a turn: the turn's mask holds
    return tuple(sorted(c for c in own if c >= 0 and enemy >> c & 1))


def begin_battles(state: StateData, cities: tuple[int, ...]) -> None:
    state.battles = cities
    if len(cities) == 1:
        start_battle(state, cities[0])
    else:
        state.phase = P_BATTLE_ORDER  # R7.1: the attacker chooses the order


def start_battle(state: StateData, city: int) -> None:
    state.battle_city = city
    state.battles = tuple(c for c in state.battles if c != city)
    state.coin_attacker = state.coin_defender = -1
    state.phase = P_COIN_ATTACKER if state.rules.coins else P_BATTLE_ROLL


def fighters(state: StateData) -> tuple[int, int]:
    """(attacking general, defending general) of the current battle."""
    city = state.battle_city
    seat = state.active
    gen_city = state.gen_city
    attacker = defender = -1
    g = -1
    while True:  # the generals in the city, found by list.index at C speed (two of them)
        try:
            g = gen_city.index(city, g + 1)
        except ValueError:
            return attacker, defender
        if state.kingdom_seat[g >> 2] == seat:
            attacker = g
        else:
            defender = g


def defender_seat(state: StateData) -> int:
    return state.kingdom_seat[fighters(state)[1] >> 2]


def commit_coin(state: StateData, value: int) -> None:
    """R8.1, R8.2a: the commitment is secret; nothing public changes until the roll."""
    if state.phase == P_COIN_ATTACKER:
        state.coin_attacker = _unplayed_index(state.coins_played[state.active], value)
        state.phase = P_COIN_DEFENDER
    else:
        seat = defender_seat(state)
        state.coin_defender = _unplayed_index(state.coins_played[seat], value)
        state.phase = P_BATTLE_ROLL


def _unplayed_index(played: int, value: int) -> int:
    for i, v in enumerate(COIN_VALUES):
        if v == value and not played >> i & 1:
            return i
    raise ValueError(f"no unplayed coin of value {value}")  # guarded by legal_actions


def _spend(state: StateData, seat: int, index: int) -> int:
    if index < 0:
        return 0
    played = state.coins_played[seat] | 1 << index
    state.coins_played[seat] = 0 if played == ALL_COINS else played  # R8.1: all 5 come back
    return COIN_VALUES[index]


def tower_bonus(state: StateData, city: int) -> int:
    """R7.2: +1 for the defender if the city has a tower of any owner and any height."""
    return 1 if state.floors[city] > 0 else 0


def resolve_roll(state: StateData, roll: BattleRoll) -> None:
    city = state.battle_city
    attacker, defender = fighters(state)
    seat_a = state.active
    seat_d = state.kingdom_seat[defender >> 2]
    coin_a = _spend(state, seat_a, state.coin_attacker)  # R8.2a: both revealed together
    coin_d = _spend(state, seat_d, state.coin_defender)
    level_a = state.gen_level[attacker]
    level_d = state.gen_level[defender]
    strength_a = roll.attacker + level_a + coin_a
    strength_d = roll.defender + level_d + tower_bonus(state, city) + coin_d
    state.coin_attacker = state.coin_defender = -1
    winner = attacker if strength_a > strength_d else defender if strength_d > strength_a else -1
    state.last_battle = (
        city, attacker, defender, roll.attacker, roll.defender, coin_a, coin_d,
        strength_a, strength_d, winner,
    )  # fmt: skip
    if winner < 0:  # R7.2, R8.2: a tie is rolled again, with new coins under patch 01
        state.phase = P_COIN_ATTACKER if state.rules.coins else P_BATTLE_ROLL
        return
    loser = defender if winner == attacker else attacker
    beaten_level = state.gen_level[loser]
    state.gen_level[winner] = min(4, state.gen_level[winner] + 1)  # R7.3
    # R7.3 base: back to level 1; R8.4 (patch 03): one level down, never below 1.
    state.gen_level[loser] = max(1, beaten_level - 1) if state.rules.quests else 1
    send_to_track(state, loser)
    if state.rules.quests and beaten_level == 4:
        quests.score_level4_victory(state, state.kingdom_seat[winner >> 2])
    next_battle(state)


def next_battle(state: StateData) -> None:
    state.battle_city = -1
    if not state.battles:
        next_turn(state)
    elif len(state.battles) == 1:
        start_battle(state, state.battles[0])
    else:
        state.phase = P_BATTLE_ORDER


def decided_before_roll(state: StateData) -> int:
    """R8.3: the general sure to win before the dice (-1 if the dice can still decide).

    With patch 02 the dice differ by at most 2. Commitments are hidden (R8.2a), so each side
    is counted with the weakest coin it could still commit and its opponent with the strongest:
    a side with only high coins left is sure of their help.
    """
    if state.battle_city < 0:
        return -1
    attacker, defender = fighters(state)
    spread = 2 if state.rules.battle_dice else 5
    base_a = state.gen_level[attacker]
    base_d = state.gen_level[defender] + tower_bonus(state, state.battle_city)
    seat_d = state.kingdom_seat[defender >> 2]
    if state.rules.coins:
        coins_a = state.unplayed_coins(state.active)
        coins_d = state.unplayed_coins(seat_d)
        base_a_low, base_a_high = base_a + min(coins_a), base_a + max(coins_a)
        base_d_low, base_d_high = base_d + min(coins_d), base_d + max(coins_d)
    else:
        base_a_low = base_a_high = base_a
        base_d_low = base_d_high = base_d
    if base_a_low - base_d_high > spread:
        return attacker
    if base_d_low - base_a_high > spread:
        return defender
    return -1
