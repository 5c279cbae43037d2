"""The end of the game and who wins: R9.7 with quests, R10 in the base rules."""

from __future__ import annotations

import pytest

from game.actions import BattleRoll
from game.rules.scoring import winners
from game.state import P_OVER, P_ROLL, GameState, Rules
from tests.scenario import Scenario, act, romans_and_carthage

QUESTS = Rules(coins=False, battle_dice=False, quests=True)
BASE = Rules(coins=False, battle_dice=False, quests=False)
KINGDOMS3 = ["romans", "carthaginians", "greeks"]
ROMANS, CARTHAGE, GREEKS = 0, 1, 2


def _three(rules: Rules) -> Scenario:
    return romans_and_carthage(rules, KINGDOMS3).general("Alexander").at("larisa")


def _over(state: GameState) -> GameState:
    state.phase = P_OVER
    state._legal = None
    return state


def _end_turn(state: GameState) -> None:
    act(state, "End turn")


def _play_empty_turn(state: GameState) -> None:
    """The seat to play rolls 1 1 1 1 and ends its turn at once."""
    assert state.phase == P_ROLL
    act(state, "Roll 1 1 1 1")
    _end_turn(state)


# -- R9.7 --------------------------------------------------------------------------------------


def test_r9_7_the_round_in_which_7_points_are_reached_is_played_to_its_end() -> None:
    state = (
        _three(QUESTS)
        .general("Hanno")
        .at("roma")
        .general("Caudex")
        .at("ostia")
        .hand(CARTHAGE, ["ord_roma_1"])
        .points(CARTHAGE, 6)
        .season(5)
        .dice(5)
        .build(active=CARTHAGE)
    )
    act(state, "Destroy a floor at Roma with Hanno (die 5)")
    assert state.points[CARTHAGE] == 7
    act(state, "Draw from the ordinary deck")
    state.apply_action(state.legal_actions()[0])
    assert state.active == GREEKS and state.phase == P_ROLL  # the Greeks still play this round
    assert state.round == 5
    _play_empty_turn(state)
    assert state.phase == P_OVER and state.is_terminal()
    assert winners(state) == [CARTHAGE]
    assert state.returns() == [0.0, 1.0, 0.0]
    assert state.legal_actions() == []


def test_r9_7_r9_6_a_defender_reaching_7_in_the_last_turn_of_the_round_ends_the_game() -> None:
    """The 7th point may come to a player outside the own turn: Caudex, defending Antium,
    beats Carthage's level-4 Hanno in the round's last turn (R9.6). The round is over, so the
    game ends at once (R9.7) and the Romans win; the card they are owed is never drawn."""
    state = (
        romans_and_carthage(QUESTS)
        .general("Messalla")
        .at("beneventum")
        .general("Caudex")
        .at("antium")
        .general("Hanno")
        .at("capua")
        .level(4)
        .hand(ROMANS, ["defeat_l4_1"])
        .points(ROMANS, 4)
        .points(CARTHAGE, 6)
        .season(5)
        .dice(1)
        .build(active=CARTHAGE)
    )
    act(state, "Move Hanno Capua→Antium (die 1)")
    state.apply_action(BattleRoll(1, 6))  # 1 + 4 against 6 + 1
    assert state.points == [7, 6]
    assert state.is_terminal() and state.round == 5
    assert state.legal_actions() == []
    assert winners(state) == [ROMANS]


def test_r9_7_below_7_points_the_next_round_begins() -> None:
    state = _three(QUESTS).points(CARTHAGE, 6).season(5).build(active=GREEKS)
    _end_turn(state)
    assert state.phase == P_ROLL and state.round == 6 and state.active == ROMANS


def test_r9_7_the_game_ends_after_261_bc_hiemis() -> None:
    state = _three(QUESTS).points(GREEKS, 2).season("261 BC Hiemis").build(active=GREEKS)
    _end_turn(state)
    assert state.phase == P_OVER
    assert winners(state) == [GREEKS]


def test_r9_7_tie_break_destroyed_plus_standing_floors() -> None:
    # Equal points; the Romans have 9 standing + 1 destroyed, Carthage 8 standing + 1 destroyed.
    state = (
        _three(QUESTS)
        .points(ROMANS, 7)
        .points(CARTHAGE, 7)
        .points(GREEKS, 3)
        .tower("carthago", floors=2, taken_by=ROMANS)
        .tower("pella", floors=2, taken_by=CARTHAGE)
        .build()
    )
    assert winners(_over(state)) == [ROMANS]
    assert state.returns() == [1.0, 0.0, 0.0]


def test_r9_7_decision_the_tie_break_is_a_tally_not_a_difference() -> None:
    """R9.7 decision: «разница разрушенных чужих и сохраненных своих башен» is read as the
    base rules' tally (destroyed + standing), not as destroyed minus standing, which would
    reward a player for losing own floors. Romans: 1 destroyed + 9 standing = 10 (difference
    -8); Carthage: 2 destroyed + 6 standing = 8 (difference -4). The tally picks the Romans."""
    state = (
        _three(QUESTS)
        .points(ROMANS, 7)
        .points(CARTHAGE, 7)
        .tower("syracusae", floors=2, taken_by=ROMANS)
        .tower("pella", floors=2, taken_by=CARTHAGE)
        .tower("athenae", floors=2, taken_by=CARTHAGE)
        .tower("carthago", floors=0, taken_by=GREEKS)
        .build()
    )
    over = _over(state)
    n = over.num_players
    standing = [over.floors_standing(s) for s in range(n)]
    destroyed = [over.destroyed_by(s) for s in range(n)]
    assert (destroyed[0], standing[0]) == (1, 9)
    assert (destroyed[1], standing[1]) == (2, 6)
    assert winners(over) == [ROMANS]


def test_r9_7_second_tie_break_destroyed_floors_then_shared_victory() -> None:
    # Romans: 8 standing + 2 destroyed = 10; Carthage 9 standing + 1 destroyed = 10.
    state = (
        _three(QUESTS)
        .points(ROMANS, 7)
        .points(CARTHAGE, 7)
        .tower("pella", floors=1, taken_by=ROMANS)
        .tower("roma", floors=2, taken_by=GREEKS)
        .tower("athenae", floors=2, taken_by=CARTHAGE)
        .build()
    )
    assert winners(_over(state)) == [ROMANS]
    shared = (
        _three(QUESTS)
        .points(ROMANS, 7)
        .points(CARTHAGE, 7)
        .tower("pella", floors=2, taken_by=ROMANS)
        .tower("athenae", floors=2, taken_by=CARTHAGE)
        .build()
    )
    assert winners(_over(shared)) == [ROMANS, CARTHAGE]
    assert shared.returns() == [0.5, 0.5, 0.0]


# -- R10 ---------------------------------------------------------------------------------------


def _base_game(*taken: tuple[str, int, int]) -> GameState:
    """A base game (R10) in which each (capital, floors left, seat) tower lost its other
    floors to that seat."""
    scenario = _three(BASE)
    for capital, floors, seat in taken:
        scenario.tower(capital, floors=floors, taken_by=seat)
    return scenario.build()


def _base_destroyer(trophies: dict[int, int]) -> Scenario:
    """Carthage (seat 1) has taken ``trophies[victim]`` floors of each victim seat."""
    scenario = _three(BASE).general("Hanno").at("roma").general("Caudex").at("ostia")
    towers = {ROMANS: "capua", GREEKS: "pella"}
    for victim, floors in trophies.items():
        scenario.tower(towers[victim], floors=3 - floors, taken_by=CARTHAGE)
    return scenario


def test_r10_1_five_floors_including_every_enemy_end_the_game_after_the_round() -> None:
    state = _base_destroyer({ROMANS: 2, GREEKS: 2}).dice(6).build(active=CARTHAGE)
    act(state, "Destroy a floor at Roma with Hanno (die 6)")
    assert state.destroyed_by(CARTHAGE) == 5
    assert state.phase == P_ROLL and state.active == GREEKS  # the round is played to its end
    _play_empty_turn(state)
    assert state.phase == P_OVER
    assert winners(state) == [CARTHAGE]


def test_r10_1_five_floors_of_one_enemy_do_not_end_the_game() -> None:
    state = _base_destroyer({ROMANS: 3, GREEKS: 0}).tower("tarentum", floors=1, taken_by=CARTHAGE)
    built = state.build(active=GREEKS)
    assert built.destroyed_by(CARTHAGE) == 5
    _end_turn(built)
    assert built.phase == P_ROLL and built.round == 1


def test_r10_2_only_players_who_hit_every_enemy_can_win() -> None:
    # The Greeks have most points (8 standing + 3 destroyed) but never hit Carthage; the
    # Romans never hit the Greeks.
    state = _base_game(
        ("roma", 0, GREEKS), ("carthago", 2, ROMANS), ("capua", 2, CARTHAGE), ("pella", 2, CARTHAGE)
    )
    points = state.scores()
    assert points[GREEKS] > points[CARTHAGE]
    assert winners(_over(state)) == [CARTHAGE]


def test_r10_2_points_are_destroyed_floors_plus_standing_floors() -> None:
    state = _base_game(("roma", 1, CARTHAGE), ("pella", 2, CARTHAGE))
    assert state.scores() == [7 + 0, 9 + 3, 8 + 0]


def test_r10_2_most_points_wins_among_the_qualified() -> None:
    # Romans: 8 standing + 2 destroyed = 10; Carthage: 8 standing + 3 destroyed = 11.
    state = _base_game(
        ("carthago", 2, ROMANS),
        ("pella", 2, ROMANS),
        ("capua", 2, CARTHAGE),
        ("athenae", 2, CARTHAGE),
        ("syracusae", 2, CARTHAGE),
    )
    assert state.scores()[:2] == [10, 11]
    assert winners(_over(state)) == [CARTHAGE]


def test_r10_2_equal_points_more_destroyed_floors_wins() -> None:
    # Romans: 7 standing + 3 destroyed = 10; Carthage: 8 standing + 2 destroyed = 10.
    state = _base_game(
        ("carthago", 2, ROMANS),
        ("pella", 1, ROMANS),
        ("capua", 2, CARTHAGE),
        ("athenae", 2, CARTHAGE),
        ("roma", 2, GREEKS),
    )
    assert state.scores()[:2] == [10, 10]
    assert winners(_over(state)) == [ROMANS]


def test_r10_2_equal_points_and_destroyed_floors_share_the_victory() -> None:
    state = _base_game(
        ("carthago", 2, ROMANS),
        ("pella", 2, ROMANS),
        ("capua", 2, CARTHAGE),
        ("athenae", 2, CARTHAGE),
    )
    assert state.scores() == [10, 10, 7]
    assert winners(_over(state)) == [ROMANS, CARTHAGE]
    assert state.returns() == [0.5, 0.5, 0.0]


@pytest.mark.parametrize("rules", [BASE, Rules(coins=True, battle_dice=True, quests=False)])
def test_r10_2_decision_nobody_qualifies_nobody_wins(rules: Rules) -> None:
    state = _three(rules).tower("roma", floors=1, taken_by=CARTHAGE).season(15).build(active=2)
    _end_turn(state)
    assert state.phase == P_OVER
    assert winners(state) == []
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.scores() == [7, 11, 9]  # standings are still shown


def test_r8_5_with_quests_the_base_victory_rules_do_not_apply() -> None:
    # Five floors including every enemy would end a base game (R10.1), not a quest game.
    state = _base_destroyer({ROMANS: 3, GREEKS: 2}).build(active=GREEKS)
    quests = (
        _three(QUESTS)
        .general("Hanno")
        .at("roma")
        .general("Caudex")
        .at("ostia")
        .tower("capua", floors=0, taken_by=CARTHAGE)
        .tower("pella", floors=1, taken_by=CARTHAGE)
        .points(CARTHAGE, 2)
        .build(active=GREEKS)
    )
    _end_turn(state)
    _end_turn(quests)
    assert state.phase == P_OVER
    assert quests.phase == P_ROLL and quests.round == 1
    assert quests.scores() == [0, 2, 0]  # R9.4 points, not floors
