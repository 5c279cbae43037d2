"""R1 and R3: the players, kingdoms, towers, generals, the time marker and the first quest cards."""

from __future__ import annotations

import pytest

import game
from game.actions import ChooseDeck, DrawCard, PickKingdom, PlaceGeneral
from game.content import KINGDOM_IDS, MapSpec
from game.state import CHANCE, P_PICK, P_PLACE, P_ROLL, GameState, Rules
from tests.scenario import city, texts


def _pick_all(state: GameState, kingdoms: list[str]) -> None:
    for k in kingdoms:
        state.apply_action(PickKingdom(KINGDOM_IDS.index(k)))


def test_r3_1_kingdoms_are_picked_in_seat_order_from_seat_0() -> None:
    state = game.new_game(3, seed=1)
    assert state.phase == P_PICK
    order = []
    for k in ("greeks", "romans", "sarmatians"):
        order.append(state.current_player())
        state.apply_action(PickKingdom(KINGDOM_IDS.index(k)))
    assert order == [0, 1, 2]
    assert [KINGDOM_IDS[k] for k in state.seat_kingdom] == ["greeks", "romans", "sarmatians"]


def test_r3_1_a_taken_kingdom_is_not_offered_again() -> None:
    state = game.new_game(4, seed=1)
    state.apply_action(PickKingdom(3))
    offered = {a.kingdom for a in state.legal_actions() if isinstance(a, PickKingdom)}
    assert offered == {0, 1, 2, 4, 5}
    with pytest.raises(game.IllegalActionError, match=r"^R3\.1"):
        state.apply_action(PickKingdom(3))


def test_r3_1_kingdoms_may_be_assigned_when_the_game_is_created() -> None:
    state = game.new_game(2, kingdoms=["eastern", 0])
    assert state.seat_kingdom == [5, 0]
    assert state.phase == P_PLACE


@pytest.mark.parametrize("players", [2, 6])
def test_r3_2_three_floor_towers_on_the_capitals_of_chosen_kingdoms_only(
    players: int, board: MapSpec
) -> None:
    kingdoms = list(KINGDOM_IDS[:players])
    state = game.new_game(players, kingdoms=kingdoms)
    for k, spec in enumerate(board.kingdoms):
        seat = state.kingdom_seat[k]
        for capital in spec.capitals:
            if seat >= 0:
                assert state.floors[capital] == 3
                assert state.tower_owner[capital] == seat
            else:  # R3.2: kingdoms nobody picked have no towers
                assert state.floors[capital] == 0
                assert state.tower_owner[capital] == -1
    for seat in range(players):
        assert state.floors_standing(seat) == 9  # R1.2


def test_r3_3_a_level_1_general_on_each_own_capital(board: MapSpec) -> None:
    state = game.new_game(3, kingdoms=["romans", "greeks", "eastern"])
    for seat in range(3):
        k = state.seat_kingdom[seat]
        placed = [state.gen_city[g] for g in state.generals_of(seat)]
        assert placed[:3] == list(board.kingdoms[k].capitals)
        assert placed[3] == -1  # the fourth is placed as an action
        assert all(state.gen_level[g] == 1 for g in state.generals_of(seat))


def _placements(state: GameState) -> list[PlaceGeneral]:
    """The legal actions, as placements: while the fourth generals go out, nothing else is."""
    actions = state.legal_actions()
    placements = [a for a in actions if isinstance(a, PlaceGeneral)]
    assert len(placements) == len(actions), actions
    return placements


def test_r3_3_fourth_general_goes_one_route_from_an_own_capital(board: MapSpec) -> None:
    state = game.new_game(2, kingdoms=["romans", "greeks"])
    assert state.current_player() == 0
    offered = {board.nodes[a.city].id for a in _placements(state)}
    expected = {
        board.nodes[c].id
        for cap in board.kingdoms[3].capitals
        for c in board.all_adj[cap]
        if not board.is_ship[c]
    }
    assert offered == expected
    # Ostia is one land route from Roma; Carthago (over the sea from nowhere Roman) is not.
    assert "ostia" in offered and "carthago" not in offered
    duilius = 3 * 4 + 3  # the Romans' fourth general
    assert all(isinstance(a, PlaceGeneral) and a.general == duilius for a in state.legal_actions())
    with pytest.raises(game.IllegalActionError, match=r"^R3\.3"):
        state.apply_action(PlaceGeneral(15, city("carthago")))


def test_r3_3_a_sea_route_counts_but_never_a_ship(board: MapSpec) -> None:
    """R3.3 decision: «по соседству» is one segment by land or by sea. Tingis and Lixus are one
    sea route from Gades (a Carthaginian capital), so the Carthaginians may start there."""
    gades = city("gades")
    assert board.is_capital[gades] and board.city_kingdom[gades] == 4
    assert city("tingis") not in board.land_adj[gades] and city("tingis") in board.all_adj[gades]
    state = game.new_game(2, kingdoms=["carthaginians", "romans"])
    offered = {board.nodes[a.city].id for a in _placements(state)}
    assert {"tingis", "lixus"} <= offered
    assert not any(board.is_ship[a.city] for a in _placements(state))  # R2.3
    state.apply_action(PlaceGeneral(4 * 4 + 3, city("tingis")))
    assert state.gen_city[4 * 4 + 3] == city("tingis")
    # Ephesus lies two segments from Athenae, over the Aegean ship: not next to it.
    greek = game.new_game(2, kingdoms=["greeks", "romans"])
    athenae, aegean = city("athenae"), city("ship_aegean")
    assert aegean in board.all_adj[athenae] and city("ephesus") in board.all_adj[aegean]
    assert city("ephesus") not in {a.city for a in _placements(greek)}


def test_r3_3_fourth_generals_in_seat_order_and_not_on_an_occupied_city(board: MapSpec) -> None:
    # Akragas is one land route from Lilybaeum (Carthaginian) and from Syracusae (Greek).
    state = game.new_game(2, kingdoms=["carthaginians", "greeks"])
    assert state.current_player() == 0
    state.apply_action(PlaceGeneral(4 * 4 + 3, city("akragas")))
    assert state.current_player() == 1
    offered = {board.nodes[a.city].id for a in _placements(state)}
    assert "akragas" not in offered  # taken by the Carthaginian general
    assert "catana" in offered
    state.apply_action(PlaceGeneral(2 * 4 + 3, city("catana")))
    assert state.phase == P_ROLL


def test_r3_4_time_marker_starts_at_264_bc_veris_and_index_15_is_261_bc_hiemis() -> None:
    state = game.new_game(2, kingdoms=["romans", "greeks"], rules=Rules(quests=False))
    while state.phase == P_PLACE:
        state.apply_action(state.legal_actions()[0])
    assert state.round == 0
    assert state.season_name() == "264 BC Veris"
    names = []
    winters = []
    for index in range(16):
        state.round = index
        names.append(state.season_name())
        winters.append(state.is_winter())
    assert names[1] == "264 BC Aestus" and names[2] == "264 BC Autumnus"
    assert names[3] == "264 BC Hiemis" and names[4] == "263 BC Veris"
    assert names[15] == "261 BC Hiemis"
    assert [i for i, w in enumerate(winters) if w] == [3, 7, 11, 15]


def test_r3_5_each_player_draws_three_cards_in_seat_order_choosing_the_deck() -> None:
    state = game.new_game(3, seed=5, kingdoms=["romans", "greeks", "eastern"])
    while state.phase == P_PLACE:
        state.apply_action(state.legal_actions()[0])
    choosers = []
    decks_chosen = [1, 0, 0, 0, 1, 1, 0, 0, 0]
    for i in range(9):
        seat = state.current_player()
        choosers.append(seat)
        assert set(texts(state)) == {"Draw from the ordinary deck", "Draw from the special deck"}
        state.apply_action(ChooseDeck(decks_chosen[i]))
        assert state.current_player() == CHANCE
        drawn = state.sample_chance()
        state.apply_action(drawn)
        assert isinstance(drawn, DrawCard)
        card = state.board.cards[drawn.card]
        assert card.deck == decks_chosen[i]
    assert choosers == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert [len(h) for h in state.hands] == [3, 3, 3]
    special = [sum(state.board.cards[c].deck for c in h) for h in state.hands]
    assert special == [1, 2, 0]
    assert state.current_player() == CHANCE and state.phase == P_ROLL  # then seat 0 rolls


def test_r3_5_no_quest_draws_without_the_quest_patch() -> None:
    state = game.new_game(2, kingdoms=["romans", "greeks"], rules=Rules(quests=False))
    while state.phase == P_PLACE:
        state.apply_action(state.legal_actions()[0])
    assert state.phase == P_ROLL and state.draw_queue == ()
    assert state.decks == [(), ()]
    assert state.current_player() == CHANCE
