"""The scenario builder itself: it writes only positions a game can reach."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game import GameState, Rules
from game.state import P_ACTION
from tests.rules_reference import floor_total
from tests.scenario import Scenario, city, general_id, season_index


def test_built_positions_are_consistent_states() -> None:
    state = (
        Scenario(players=3, kingdoms=["romans", "carthaginians", "greeks"], rules=Rules())
        .general("Hanno")
        .at("utica")
        .level(3)
        .general("Hasdrubal")
        .at("hadrumetum")
        .off_board("Duilius", returns=5)
        .tower("roma", floors=1, taken_by="carthaginians")
        .island("knossos", ["greeks"])
        .tower("athenae", floors=2)
        .dice(6, 5, 3)
        .season("261 BC Hiemis")
        .hand(0, ["ord_carthago_1"])
        .coins_played(1, [1, 3])
        .build(active="carthaginians")
    )
    assert state.phase == P_ACTION and state.active == 1 and state.round == 15
    assert state.dice == [3, 5, 6]
    assert state.gen_city[general_id("Hanno")] == city("utica")
    assert state.gen_level[general_id("Hanno")] == 3
    assert state.gen_return[general_id("Duilius")] == 5
    assert state.trophies[1 * 3 + 0] == 2
    assert state.unplayed_coins(1) == [0, 1, 2]
    assert all(floor_total(state, s) == 9 for s in range(3))
    # The engine's own loader accepts it (its consistency checks, docs/state-format.md).
    assert GameState.from_json(state.to_json()).to_json() == state.to_json()


def test_season_names() -> None:
    assert season_index("264 BC Veris") == 0
    assert season_index("263 BC Autumnus") == 6
    assert season_index("261 BC Hiemis") == 15
    with pytest.raises(ValueError):
        season_index("260 BC Veris")


@pytest.mark.parametrize(
    "make",
    [
        lambda: Scenario().general("Caudex").at("capua"),  # two Romans in Capua (R5.2)
        lambda: Scenario().general("Caudex").at("ship_tyrrhenian"),  # on a ship (R2.3)
        lambda: Scenario().general("Hanno").at("roma"),  # contact at the start of a turn
        lambda: Scenario().island("caralis", [0]),  # a tenth Roman floor
    ],
)
def test_impossible_positions_are_refused(make: Callable[[], Scenario]) -> None:
    with pytest.raises(ValueError):
        make().build()


def test_hands_come_out_of_the_decks() -> None:
    scenario = Scenario(players=2).hand("carthaginians", ["ord_roma_1"])
    state = scenario.build()
    assert len(state.decks[0]) == 12 - 1
    with pytest.raises(ValueError):
        scenario.hand("greeks", ["ord_roma_2"])  # nobody plays the Greeks here
    with pytest.raises(ValueError):
        scenario.hand(0, ["ord_roma_1"])  # already dealt
