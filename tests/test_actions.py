"""R6: destroying a floor, returning a general from the time track, training."""

from __future__ import annotations

import pytest

import game
from game.actions import Destroy, Return, Train
from game.state import GameState
from tests.rules_reference import floor_total
from tests.scenario import Scenario, act, city, general_id, romans_and_carthage, texts

ROMANS, CARTHAGE = 0, 1


def _base() -> Scenario:
    """Romans (seat 0) and Carthage (seat 1) under the base rules, generals on their capitals."""
    return romans_and_carthage(game.Rules(quests=False))


def _hanno_in_roma() -> Scenario:
    """Hanno (Carthage) stands in Roma, which Caudex has left for Ostia."""
    return _base().general("Caudex").at("ostia").general("Hanno").at("roma")


def _returns(state: GameState, name: str) -> set[str]:
    g = general_id(name)
    return {
        state.board.nodes[a.city].id
        for a in state.legal_actions()
        if isinstance(a, Return) and a.general == g
    }


def _no_training(state: GameState, name: str, die: int) -> None:
    """No Train action is offered, and training ``name`` with ``die`` anyway is refused (R6.3)."""
    assert not [a for a in state.legal_actions() if isinstance(a, Train)]
    with pytest.raises(game.IllegalActionError, match=r"^R6\.3"):
        state.apply_action(Train(general_id(name), die))


# -- R6.1 destroy ------------------------------------------------------------------------------


def test_r6_1_destroy_moves_a_floor_to_the_trophies_and_the_general_to_the_track() -> None:
    state = _hanno_in_roma().level(3).season(5).dice(5).build(active=CARTHAGE)
    act(state, "Destroy a floor at Roma with Hanno (die 5)")
    hanno = general_id("Hanno")
    assert state.floors[city("roma")] == 2
    assert state.trophies[CARTHAGE * 2 + ROMANS] == 1
    assert state.destroyed_by(CARTHAGE) == 1
    assert state.gen_city[hanno] == -1
    assert state.gen_return[hanno] == 6  # the next season
    assert state.gen_level[hanno] == 3  # keeps its level
    assert floor_total(state, ROMANS) == 9


def test_r6_1_only_an_enemy_tower_that_still_stands() -> None:
    state = (
        _hanno_in_roma()
        .tower("capua", floors=0, taken_by=CARTHAGE)
        .general("Messalla")
        .at("cosa")
        .general("Hamilcar")
        .at("capua")
        .dice(6)
        .build(active=CARTHAGE)
    )
    destroys = [a for a in state.legal_actions() if isinstance(a, Destroy)]
    assert destroys == [Destroy(general_id("Hanno"), 6, city("roma"))]
    with pytest.raises(game.IllegalActionError, match=r"^R6\.1"):
        state.apply_action(Destroy(general_id("Hamilcar"), 6, city("capua")))  # no floor left
    with pytest.raises(game.IllegalActionError, match=r"^R6\.1"):
        state.apply_action(Destroy(general_id("Hannibal"), 6, city("gades")))  # own tower


def test_r6_1_a_general_that_arrived_this_turn_cannot_destroy() -> None:
    state = (
        _base()
        .general("Caudex")
        .at("cosa")
        .general("Hanno")
        .at("ostia")
        .dice(1, 6)
        .build(active=CARTHAGE)
    )
    act(state, "Move Hanno Ostia→Roma (die 1)")
    assert not [a for a in state.legal_actions() if isinstance(a, Destroy)]
    with pytest.raises(game.IllegalActionError, match=r"^R4\.2"):
        state.apply_action(Destroy(general_id("Hanno"), 6, city("roma")))


def test_r6_1_a_destroy_in_the_last_season_sends_the_general_past_the_end_of_the_game() -> None:
    """In 261 BC Hiemis "the next season" lies after the last one: Caudex keeps his level on
    the time track, can never return, the last seat still plays the round (R9.7, R10.1) and
    the position saves and loads with that return season."""
    state = (
        _base()
        .general("Hamilcar")
        .at("panormus")
        .general("Caudex")
        .at("lilybaeum")
        .level(2)
        .season("261 BC Hiemis")
        .dice(6)
        .build(active=ROMANS)
    )
    act(state, "Destroy a floor at Lilybaeum with Caudex (die 6)")
    caudex = general_id("Caudex")
    assert state.gen_city[caudex] == -1 and state.gen_level[caudex] == 2
    assert state.gen_return[caudex] == game.NUM_ROUNDS  # after 261 BC Hiemis: never back
    assert state.active == CARTHAGE and state.phase == game.P_ROLL and state.round == 15
    text = state.to_json()
    assert GameState.from_json(text).to_json() == text
    act(state, "Roll 1 1 1 1")
    act(state, "End turn")
    assert state.is_terminal()


# -- R6.2 return -------------------------------------------------------------------------------


def test_r6_2_a_general_returns_to_a_free_own_tower() -> None:
    state = (
        _base()
        .off_board("Hannibal", returns=2)
        .general("Hamilcar")
        .at("panormus")
        .season(2)
        .dice(5)
        .build(active=CARTHAGE)
    )
    assert _returns(state, "Hannibal") == {"gades", "lilybaeum"}  # Hanno holds Carthago
    act(state, "Return Hannibal to Lilybaeum (die 5)")
    hannibal = general_id("Hannibal")
    assert state.gen_city[hannibal] == city("lilybaeum")
    assert state.gen_return[hannibal] == -1
    # R6.2: the die is that general's action for the turn.
    assert not [a for a in state.legal_actions() if getattr(a, "general", -1) == hannibal]


def test_r6_2_not_before_its_return_season() -> None:
    early = _base().off_board("Hannibal", returns=6).season(5).dice(6).build(active=CARTHAGE)
    assert _returns(early, "Hannibal") == set()
    with pytest.raises(game.IllegalActionError, match=r"^R6\.2"):
        early.apply_action(Return(general_id("Hannibal"), 6, city("gades")))
    due = _base().off_board("Hannibal", returns=6).season(6).dice(6).build(active=CARTHAGE)
    assert _returns(due, "Hannibal") == {"gades"}


def test_r6_2_a_tower_without_floors_or_with_any_general_is_not_free() -> None:
    state = (
        _base()
        .off_board("Hannibal", returns=0)
        .tower("gades", floors=0, taken_by=ROMANS)
        .general("Hamilcar")
        .at("panormus")
        .general("Caudex")
        .at("lilybaeum")  # an enemy on the tower occupies it too
        .general("Hanno")
        .at("utica")
        .general("Hasdrubal")
        .at("hadrumetum")
        .dice(5)
        .build(active=CARTHAGE)
    )
    assert _returns(state, "Hannibal") == {"carthago"}


def test_r6_2_all_towers_occupied_goes_to_the_nearest_free_city(board: game.MapSpec) -> None:
    state = (
        _base()
        .off_board("Hannibal", returns=0)
        .general("Caudex")
        .at("gades")  # Gades occupied by an enemy, Carthago and Lilybaeum by own
        .dice(6)
        .build(active=CARTHAGE)
    )
    occupied = {c for c in state.gen_city if c >= 0}
    towers = [city(c) for c in ("carthago", "gades", "lilybaeum")]
    dist = board.route_distance
    free = [c for c in range(board.num_cities) if c not in occupied]
    best = min(min(dist[t][c] for t in towers) for c in free)
    expected = {board.nodes[c].id for c in free if min(dist[t][c] for t in towers) == best}
    assert best == 1
    assert _returns(state, "Hannibal") == expected
    assert "hadrumetum" in expected and "malaca" in expected  # next to Carthago and Gades


def test_r6_2_decision_without_towers_any_free_city_of_the_own_kingdom(board: game.MapSpec) -> None:
    state = (
        _base()
        .off_board("Hannibal", returns=0)
        .tower("carthago", floors=0, taken_by=ROMANS)
        .tower("gades", floors=0, taken_by=ROMANS)
        .tower("lilybaeum", floors=0, taken_by=ROMANS)
        .dice(5)
        .build(active=CARTHAGE)
    )
    occupied = {c for c in state.gen_city if c >= 0}
    expected = {board.nodes[c].id for c in board.kingdoms[4].cities if c not in occupied}
    assert _returns(state, "Hannibal") == expected
    assert "gades" in expected and "malaca" in expected and "utica" not in expected


def test_r6_2_decision_no_tower_and_no_free_own_city_the_nearest_to_the_capitals(
    board: game.MapSpec,
) -> None:
    """Decision (R6.2, docs/rules.md): with no tower left and every city of the own kingdom
    held, the general goes to a free city nearest (in route segments) to the own capitals."""
    scenario = Scenario(players=6, rules=game.Rules(quests=False))
    carthage = board.kingdoms[4]
    for capital in carthage.capitals:
        scenario.tower(board.nodes[capital].id, floors=0, taken_by=0)
    others = ["Hanno", "Hamilcar", "Hasdrubal"] + [
        spec.name_en for spec in board.generals if spec.index >> 2 != 4
    ]
    for name, c in zip(others, carthage.cities, strict=False):
        scenario.general(name).at(board.nodes[c].id)
    state = scenario.off_board("Hannibal", returns=0).dice(5).build(active="carthaginians")
    occupied = {c for c in state.gen_city if c >= 0}
    assert set(carthage.cities) <= occupied
    dist = board.route_distance
    free = [c for c in range(board.num_cities) if c not in occupied]
    best = min(min(dist[t][c] for t in carthage.capitals) for c in free)
    expected = {
        board.nodes[c].id for c in free if min(dist[t][c] for t in carthage.capitals) == best
    }
    assert _returns(state, "Hannibal") == expected == {"toletum", "akragas", "caralis"}


def test_r6_2_a_returning_general_keeps_the_level_it_left_with() -> None:
    state = (
        _base()
        .off_board("Hannibal", returns=0)
        .general("Hannibal")
        .level(3)
        .dice(5)
        .build(active=CARTHAGE)
    )
    act(state, "Return Hannibal to Gades (die 5)")
    assert state.gen_level[general_id("Hannibal")] == 3


# -- R6.3 train --------------------------------------------------------------------------------


def test_r6_3_train_on_an_own_capital_with_a_floor() -> None:
    state = _base().dice(5, 6).build()
    trainable = {a.general for a in state.legal_actions() if isinstance(a, Train)}
    assert trainable == {general_id(n) for n in ("Caudex", "Messalla", "Postumius")}  # not Duilius
    act(state, "Train Caudex (die 6)")
    assert state.gen_level[general_id("Caudex")] == 2
    assert state.trained


def test_r6_3_once_per_turn() -> None:
    state = _base().dice(5, 6).build()
    act(state, "Train Caudex (die 6)")
    _no_training(state, "Messalla", 5)


def test_r6_3_not_while_an_own_general_has_a_lower_level_even_off_board() -> None:
    state = (
        _base()
        .general("Caudex")
        .level(2)
        .general("Messalla")
        .level(2)
        .general("Postumius")
        .level(2)
        .off_board("Duilius", returns=9)  # level 1, on the time track
        .dice(5)
        .build()
    )
    _no_training(state, "Caudex", 5)


def test_r6_3_not_on_a_fallen_or_foreign_capital_and_at_most_level_4() -> None:
    state = (
        _base()
        .tower("roma", floors=0, taken_by=CARTHAGE)
        .general("Messalla")
        .at("carthago")
        .level(1)
        .general("Hanno")
        .at("utica")
        .general("Hasdrubal")
        .at("hadrumetum")
        .general("Duilius")
        .at("capua")
        .level(4)
        .general("Postumius")
        .level(4)
        .general("Caudex")
        .level(1)
        .dice(6)
        .build()
    )
    trainable = {a.general for a in state.legal_actions() if isinstance(a, Train)}
    assert trainable == set()  # Roma fallen, Carthago foreign, Duilius/Postumius at level 4
    texts_now = texts(state)
    assert not [t for t in texts_now if t.startswith("Train")]


def test_r6_3_level_4_is_the_maximum() -> None:
    state = (
        _base()
        .general("Caudex")
        .level(3)
        .general("Messalla")
        .level(3)
        .general("Postumius")
        .level(3)
        .general("Duilius")
        .level(3)
        .dice(6)
        .build()
    )
    act(state, "Train Caudex (die 6)")
    assert state.gen_level[general_id("Caudex")] == 4
    state2 = (
        _base()
        .general("Caudex")
        .level(4)
        .general("Messalla")
        .level(4)
        .general("Postumius")
        .level(4)
        .general("Duilius")
        .level(4)
        .dice(6)
        .build()
    )
    _no_training(state2, "Caudex", 6)
