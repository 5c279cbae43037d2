"""R7 battles and the patches R8.1-R8.4: coins, battle dice, one-level loss."""

from __future__ import annotations

import itertools
import json
from math import isclose

import pytest

import game
from game.actions import BattleRoll, CommitCoin, FightAt, Move
from game.rules.combat import decided_before_roll
from game.state import (
    CHANCE,
    P_BATTLE_ORDER,
    P_BATTLE_ROLL,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_ROLL,
    GameState,
    Rules,
)
from game.views import HIDDEN_COIN
from tests.scenario import Scenario, act, city, general_id, romans_and_carthage

ROMANS, CARTHAGE = 0, 1
BASE = Rules(coins=False, battle_dice=False, quests=False)
CAUDEX = general_id("Caudex")
HANNO = general_id("Hanno")


def _scenario(
    rules: Rules = BASE,
    attacker_level: int = 1,
    defender_level: int = 1,
    attack_from: str = "roma",
    defender_at: str = "antium",
    coins: dict[int, list[int]] | None = None,
) -> Scenario:
    """Caudex (Roman, seat 0) stands one segment from Hanno (Carthaginian, seat 1)."""
    scenario = (
        romans_and_carthage(rules)
        .general("Messalla")
        .at("beneventum")
        .general("Hanno")
        .at(defender_at)
        .level(defender_level)
        .general("Caudex")
        .at(attack_from)
        .level(attacker_level)
        .dice(1)
    )
    for seat, values in (coins or {}).items():
        scenario.coins_played(seat, values)
    return scenario


def _attack(scenario: Scenario) -> GameState:
    """Caudex moves onto Hanno with his only die: nobody is asked (R5.4, no point left) and
    the turn ends with the battle (R4.2, R7.1)."""
    state = scenario.build()
    src = state.gen_city[CAUDEX]
    dest = state.gen_city[HANNO]
    state.apply_action(Move(CAUDEX, 1, src, dest))
    assert state.battle_city == dest
    return state


def _coins_offered(state: GameState) -> set[int]:
    """The coins the seat to play may commit; nothing else is legal at that point."""
    actions = state.legal_actions()
    commits = [a for a in actions if isinstance(a, CommitCoin)]
    assert len(commits) == len(actions), actions
    return {a.value for a in commits}


def _roll_chances(state: GameState) -> dict[tuple[int, int], float]:
    """(attacker's die, defender's die) -> its chance, at the battle roll."""
    outcomes = state.chance_outcomes()
    rolls = {(a.attacker, a.defender): p for a, p in outcomes if isinstance(a, BattleRoll)}
    assert len(rolls) == len(outcomes), outcomes
    return rolls


def _commit(state: GameState, attacker: int, defender: int) -> None:
    assert state.phase == P_COIN_ATTACKER and state.current_player() == ROMANS
    state.apply_action(CommitCoin(attacker))
    assert state.phase == P_COIN_DEFENDER and state.current_player() == CARTHAGE
    state.apply_action(CommitCoin(defender))
    assert state.phase == P_BATTLE_ROLL and state.current_player() == CHANCE


def _strengths(state: GameState) -> tuple[int, int, int]:
    """(attacker strength, defender strength, winning general) of the last roll."""
    lb = state.last_battle
    return lb[7], lb[8], lb[9]


# -- R7.1 --------------------------------------------------------------------------------------


def test_r7_1_the_attacker_chooses_the_order_of_the_battles() -> None:
    state = (
        _scenario()
        .general("Hamilcar")
        .at("beneventum")
        .general("Messalla")
        .at("capua")
        .dice(1, 1)
        .build()
    )
    act(state, "Move Caudex Roma→Antium (die 1)")
    act(state, "Move Messalla Capua→Beneventum (die 1)")
    assert state.phase == P_BATTLE_ORDER and state.current_player() == ROMANS
    assert set(state.legal_actions()) == {FightAt(city("antium")), FightAt(city("beneventum"))}
    act(state, "Fight at Beneventum")
    assert state.battle_city == city("beneventum")
    state.apply_action(BattleRoll(6, 1))  # Messalla wins at Beneventum
    assert state.battle_city == city("antium")  # the last battle needs no choice
    state.apply_action(BattleRoll(1, 6))
    assert state.active == CARTHAGE and state.phase == P_ROLL


def test_r7_1_no_battle_without_contact() -> None:
    state = _scenario().build()
    act(state, "Move Caudex Roma→Cosa (die 1)")
    assert state.active == CARTHAGE and state.phase == P_ROLL and state.battle_city == -1


# -- R7.2 strength -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attack_from", "defender_at", "bonus"),
    [
        ("roma", "antium", 0),  # an ordinary city
        ("antium", "capua", 1),  # a Roman tower: the defender is Carthaginian, any owner counts
        ("carthago", "caralis", 1),  # an island tower (R9.5)
        ("antium", "capua-fallen", 0),  # a capital whose tower has no floor left
    ],
)
def test_r7_2_strength_is_die_plus_level_plus_tower_bonus_for_the_defender(
    attack_from: str, defender_at: str, bonus: int
) -> None:
    fallen = defender_at.endswith("-fallen")
    where = defender_at.removesuffix("-fallen")
    scenario = _scenario(
        attacker_level=2, defender_level=3, attack_from=attack_from, defender_at=where
    )
    scenario.general("Messalla").at("luceria")
    if fallen:
        scenario.tower("capua", floors=0, taken_by=CARTHAGE)
    if where == "caralis":  # a Carthaginian floor moved there from Gades
        scenario.island("caralis", [CARTHAGE]).tower("gades", floors=2)
    state = _attack(scenario)
    state.apply_action(BattleRoll(4, 2))
    lb = state.last_battle
    assert (lb[1], lb[2]) == (CAUDEX, HANNO)
    assert _strengths(state)[:2] == (4 + 2, 2 + 3 + bonus)


def test_r7_2_an_island_floor_of_the_attacker_still_shelters_the_defender() -> None:
    """R7.2, R9.5: the bonus needs a tower of any owner, so Hanno on Caralis is helped by the
    Roman floor there even against the Roman who built it."""
    state = (
        _scenario(attack_from="ostia", defender_at="caralis")
        .island("caralis", [ROMANS])
        .tower("tarentum", floors=2)
        .dice(2)
        .build()
    )
    act(state, "Move Caudex Ostia→Caralis (Sardinia) (die 2)")  # Ostia, a ship, Caralis
    assert state.battle_city == city("caralis")
    state.apply_action(BattleRoll(3, 3))
    assert _strengths(state) == (3 + 1, 3 + 1 + 1, HANNO)


@pytest.mark.parametrize(
    ("roll", "winner"), [((5, 3), CAUDEX), ((3, 5), HANNO), ((4, 6), HANNO), ((6, 4), CAUDEX)]
)
def test_r7_2_higher_strength_wins(roll: tuple[int, int], winner: int) -> None:
    state = _attack(_scenario(attacker_level=2, defender_level=1))  # 2 + die against 1 + die
    state.apply_action(BattleRoll(*roll))
    assert _strengths(state)[2] == winner


def test_r7_2_a_tie_is_rolled_again() -> None:
    state = _attack(_scenario(attacker_level=2, defender_level=1))
    state.apply_action(BattleRoll(3, 4))  # 5 : 5
    assert _strengths(state) == (5, 5, -1)
    assert state.phase == P_BATTLE_ROLL and state.battle_city == city("antium")
    assert state.gen_city[CAUDEX] == state.gen_city[HANNO] == city("antium")
    state.apply_action(BattleRoll(4, 4))
    assert _strengths(state)[2] == CAUDEX


# -- R7.3 and R8.4 -----------------------------------------------------------------------------


def test_r7_3_winner_gains_a_level_loser_leaves_at_level_1_in_the_base_rules() -> None:
    state = _attack(_scenario(attacker_level=2, defender_level=3))
    state.round = 6
    state.apply_action(BattleRoll(1, 6))
    assert state.gen_level[HANNO] == 4
    assert state.gen_level[CAUDEX] == 1
    assert state.gen_city[CAUDEX] == -1 and state.gen_return[CAUDEX] == 7  # next season
    assert state.gen_city[HANNO] == city("antium")


def test_r7_3_a_level_4_winner_stays_at_4() -> None:
    state = _attack(_scenario(attacker_level=4, defender_level=2))
    state.apply_action(BattleRoll(6, 1))
    assert state.gen_level[CAUDEX] == 4
    assert state.gen_level[HANNO] == 1


@pytest.mark.parametrize(("level", "after"), [(4, 3), (3, 2), (2, 1), (1, 1)])
def test_r8_4_with_patch_03_the_loser_drops_one_level_never_below_1(level: int, after: int) -> None:
    rules = Rules(coins=False, battle_dice=False, quests=True)
    state = _attack(_scenario(rules=rules, attacker_level=1, defender_level=level))
    state.apply_action(BattleRoll(6, 1))  # 1 + 6 against at most 4 + 1
    assert _strengths(state)[2] == CAUDEX
    assert state.gen_level[HANNO] == after
    assert state.gen_level[CAUDEX] == 2


# -- R8.1, R8.2, R8.2a coins -------------------------------------------------------------------


def test_r8_1_each_side_commits_an_unplayed_coin_and_they_are_added_at_the_roll() -> None:
    state = _attack(_scenario(rules=Rules(coins=True, battle_dice=False, quests=False)))
    assert _coins_offered(state) == {0, 1, 2, 3}
    _commit(state, 3, 1)
    state.apply_action(BattleRoll(2, 2))
    lb = state.last_battle
    assert (lb[5], lb[6]) == (3, 1)  # coins revealed
    assert _strengths(state) == (2 + 1 + 3, 2 + 1 + 1, CAUDEX)
    assert state.unplayed_coins(ROMANS) == [0, 1, 1, 2]  # played coins are public
    assert state.unplayed_coins(CARTHAGE) == [0, 1, 2, 3]


def test_r8_1_only_unplayed_coins_may_be_committed() -> None:
    state = _attack(
        _scenario(rules=Rules(coins=True, battle_dice=False, quests=False), coins={ROMANS: [3, 1]})
    )
    assert _coins_offered(state) == {0, 1, 2}
    with pytest.raises(game.IllegalActionError, match=r"^R8\.1"):
        state.apply_action(CommitCoin(3))


def test_r8_1_all_five_played_become_unplayed_again() -> None:
    state = _attack(
        _scenario(
            rules=Rules(coins=True, battle_dice=False, quests=False),
            coins={ROMANS: [0, 1, 1, 2]},
        )
    )
    assert _coins_offered(state) == {3}
    _commit(state, 3, 0)
    assert state.unplayed_coins(ROMANS) == [3]  # still secret before the roll (R8.2a)
    state.apply_action(BattleRoll(6, 1))
    assert state.coins_played[ROMANS] == 0
    assert state.unplayed_coins(ROMANS) == [0, 1, 1, 2, 3]


def test_r8_2_a_tie_keeps_the_coins_spent_and_both_sides_commit_new_ones() -> None:
    state = _attack(_scenario(rules=Rules(coins=True, battle_dice=False, quests=False)))
    _commit(state, 2, 2)
    state.apply_action(BattleRoll(3, 3))
    assert _strengths(state)[2] == -1
    assert state.phase == P_COIN_ATTACKER
    assert state.unplayed_coins(ROMANS) == [0, 1, 1, 3]
    assert state.unplayed_coins(CARTHAGE) == [0, 1, 1, 3]
    assert _coins_offered(state) == {0, 1, 3}
    _commit(state, 3, 0)
    state.apply_action(BattleRoll(3, 3))
    assert _strengths(state) == (3 + 1 + 3, 3 + 1 + 0, CAUDEX)


@pytest.mark.parametrize("viewer", [CARTHAGE, 2])
def test_r8_2a_the_attackers_commitment_tells_the_others_nothing(viewer: int) -> None:
    """The defender (and a third player) see the same view whatever coin the attacker chose."""
    scenario = (
        romans_and_carthage(
            Rules(coins=True, battle_dice=True, quests=False),
            kingdoms=["romans", "carthaginians", "greeks"],
        )
        .general("Messalla")
        .at("beneventum")
        .general("Hanno")
        .at("antium")
        .dice(1)
    )
    views = set()
    pools = set()
    for coin in (0, 1, 2, 3):
        state = scenario.build()
        act(state, "Move Caudex Roma→Antium (die 1)")
        before = state.observe(viewer).to_json()
        state.apply_action(CommitCoin(coin))
        assert state.phase == P_COIN_DEFENDER
        view = state.observe(viewer)
        assert view.public.coin_attacker == HIDDEN_COIN
        views.add(view.to_json())
        pools.add((tuple(state.coins_played), tuple(state.unplayed_coins(ROMANS))))
        assert json.loads(view.to_json())["seats"] == json.loads(before)["seats"]
        # The defender commits; its coin is hidden from the attacker until the roll as well.
        if viewer == CARTHAGE:
            state.apply_action(CommitCoin(2))
            attacker_view = json.loads(state.observe(ROMANS).to_json())
            assert attacker_view["committed_coins"]["defender"] == "hidden"
            assert attacker_view["committed_coins"]["attacker"] is not None
    assert len(views) == 1
    assert len(pools) == 1  # nothing public changed with the commitment


def test_r8_2a_own_commitment_is_visible_to_oneself() -> None:
    state = _attack(_scenario(rules=Rules(coins=True, battle_dice=False, quests=False)))
    state.apply_action(CommitCoin(2))
    own = state.observe(ROMANS).to_dict()["committed_coins"]["attacker"]
    assert own not in (None, "hidden")


# -- R8.3 battle dice --------------------------------------------------------------------------


def test_r8_3_battle_dice_show_0_0_1_1_1_2() -> None:
    state = _attack(_scenario(rules=Rules(coins=False, battle_dice=True, quests=False)))
    outcomes = _roll_chances(state)
    face = {0: 2 / 6, 1: 3 / 6, 2: 1 / 6}
    assert set(outcomes) == set(itertools.product(face, face))
    for (a, d), p in outcomes.items():
        assert isclose(p, face[a] * face[d])
    assert isclose(sum(outcomes.values()), 1.0)


def test_r7_2_without_patch_02_battle_dice_are_d6() -> None:
    state = _attack(_scenario())
    outcomes = _roll_chances(state)
    assert set(outcomes) == set(itertools.product(range(1, 7), repeat=2))
    assert all(isclose(p, 1 / 36) for p in outcomes.values())


def _brute_force_winner(state: GameState) -> int:
    """The general who wins for every battle die pair and every coin each side may still play
    (-1 if any combination changes the result or ties)."""
    faces = (0, 1, 2) if state.rules.battle_dice else (1, 2, 3, 4, 5, 6)
    coins_a = state.unplayed_coins(ROMANS) if state.rules.coins else [0]
    coins_d = state.unplayed_coins(CARTHAGE) if state.rules.coins else [0]
    bonus = 1 if state.floors[state.battle_city] > 0 else 0
    results = set()
    for da, dd, ca, cd in itertools.product(faces, faces, coins_a, coins_d):
        sa = da + state.gen_level[CAUDEX] + ca
        sd = dd + state.gen_level[HANNO] + bonus + cd
        results.add(CAUDEX if sa > sd else HANNO if sd > sa else -1)
    return results.pop() if len(results) == 1 else -1


@pytest.mark.parametrize("coins", [False, True])
@pytest.mark.parametrize("battle_dice", [False, True])
def test_r8_3_decided_before_roll_exactly_when_no_dice_or_coin_can_change_it(
    coins: bool, battle_dice: bool
) -> None:
    rules = Rules(coins=coins, battle_dice=battle_dice, quests=False)
    decided = 0
    for level_a, level_d, where, played_a, played_d in itertools.product(
        (1, 2, 3, 4),
        (1, 2, 3, 4),
        ("antium", "capua"),
        ([], [0], [3], [0, 1, 1, 3]),
        ([], [3, 2], [0, 1, 1]),
    ):
        state = _attack(
            _scenario(
                rules=rules,
                attacker_level=level_a,
                defender_level=level_d,
                attack_from="antium" if where == "capua" else "roma",
                defender_at=where,
                coins={ROMANS: played_a, CARTHAGE: played_d},
            )
        )
        expected = _brute_force_winner(state)
        decided += expected >= 0
        assert decided_before_roll(state) == expected, (level_a, level_d, where, played_a, played_d)
    assert decided > 0 if battle_dice else decided == 0


def test_r8_3_decided_before_roll_is_minus_one_outside_a_battle() -> None:
    state = _scenario().build()
    assert decided_before_roll(state) == -1
