"""R9 quests (patch 03): decks, hands, completing quests, points, islands, level-4 defeats."""

from __future__ import annotations

from collections import Counter

import pytest

import game
from game.actions import BattleRoll, Build, ChooseDeck, DrawCard, NoCard
from game.content import MapSpec
from game.rules.quests import initial_decks
from game.state import CHANCE, P_ACTION, GameState, Rules
from tests.rules_reference import floor_total
from tests.scenario import Scenario, act, city, general_id, romans_and_carthage, texts

ROMANS, CARTHAGE = 0, 1
QUESTS = Rules(coins=False, battle_dice=False, quests=True)


def _scenario(rules: Rules = QUESTS) -> Scenario:
    return romans_and_carthage(rules)


def _card(board: MapSpec, card_id: str) -> int:
    return next(c.index for c in board.cards if c.id == card_id)


def _ids(state: GameState, cards: tuple[int, ...]) -> list[str]:
    return [state.board.cards[c].id for c in cards]


def _draw(state: GameState, deck: int, card_id: str | None = None) -> None:
    """The seat owed a card chooses ``deck``; chance deals ``card_id`` (or any legal card)."""
    assert state.current_player() == state.draw_queue[0]
    state.apply_action(ChooseDeck(deck))
    assert state.current_player() == CHANCE
    if card_id is None:
        state.apply_action(state.legal_actions()[0])
    else:
        state.apply_action(DrawCard(_card(state.board, card_id)))


# -- R9.1 decks --------------------------------------------------------------------------------


def test_r9_1_full_decks_with_six_kingdoms(board: MapSpec) -> None:
    ordinary, special = initial_decks(board, set(range(6)))
    assert len(ordinary) == 36 and len(special) == 18
    per_capital = Counter(board.cards[c].city for c in ordinary)
    capitals = {c for k in board.kingdoms for c in k.capitals}
    assert set(per_capital) == capitals and set(per_capital.values()) == {2}
    kinds = Counter(board.cards[c].type for c in special)
    assert kinds == {"build_island": 9, "destroy_city": 6, "defeat_level4": 3}
    islands = Counter(board.cards[c].city for c in special if board.cards[c].type == "build_island")
    assert set(islands) == set(board.islands) and set(islands.values()) == {3}
    razed = {board.cards[c].city for c in special if board.cards[c].type == "destroy_city"}
    assert razed == {k.capitals[0] for k in board.kingdoms}  # the first capital listed
    assert all(board.cards[c].points == 1 for c in ordinary)
    assert all(board.cards[c].points == 3 for c in special)


def test_r9_1_decision_cards_of_kingdoms_nobody_plays_are_removed() -> None:
    state = game.new_game(2, kingdoms=["romans", "carthaginians"], rules=QUESTS)
    while state.draw_queue == ():
        state.apply_action(state.legal_actions()[0])
    board = state.board
    in_play = {3, 4}
    cards = list(state.decks[0]) + list(state.decks[1])
    assert len(state.decks[0]) == 12  # 2 cards x 3 capitals x 2 kingdoms
    assert len(state.decks[1]) == 9 + 2 + 3  # islands, two capitals to raze, level-4 defeats
    for c in cards:
        spec = board.cards[c]
        if spec.city >= 0 and not board.is_island[spec.city]:
            assert board.city_kingdom[spec.city] in in_play


# -- R9.2 hands --------------------------------------------------------------------------------


def test_r9_2_a_card_naming_an_own_city_is_never_kept() -> None:
    state = _scenario().dice(6).build()
    state.draw_queue = (ROMANS,)
    state.apply_action(ChooseDeck(0))
    draws = state.legal_actions()
    cards = [a.card for a in draws if isinstance(a, DrawCard)]
    assert len(cards) == len(draws)  # the deck's cards are all there is to do
    drawn = {state.board.cards[c].city for c in cards}
    roman = set(state.board.kingdoms[3].cities)
    assert drawn and not drawn & roman
    with pytest.raises(game.IllegalActionError):
        state.apply_action(DrawCard(_card(state.board, "ord_roma_1")))


def test_r9_2_decision_a_deck_of_only_own_cards_deals_from_the_other_deck() -> None:
    state = (
        _scenario()
        .decks(ordinary=["ord_roma_1", "ord_capua_2"], special=["raze_carthago", "raze_roma"])
        .dice(6)
        .build()
    )
    state.draw_queue = (ROMANS,)
    state.apply_action(ChooseDeck(0))
    assert [str(a) for a in state.legal_actions()] == ["Card raze_carthago"]
    state.apply_action(state.legal_actions()[0])
    assert _ids(state, state.hands[ROMANS]) == ["raze_carthago"]
    assert _ids(state, state.decks[0]) == ["ord_roma_1", "ord_capua_2"]
    # Nothing left that a Roman may keep: no card.
    state.draw_queue = (ROMANS,)
    state.apply_action(ChooseDeck(1))
    assert state.legal_actions() == [NoCard()]
    state.apply_action(NoCard())
    assert _ids(state, state.hands[ROMANS]) == ["raze_carthago"]
    assert state.current_player() == ROMANS and state.phase == P_ACTION


# -- R9.3, R9.4 completing quests and points ---------------------------------------------------


def _destroy_setup(*cards: str, roma_floors: int = 3) -> GameState:
    return (
        _scenario()
        .general("Caudex")
        .at("ostia")
        .general("Messalla")
        .at("antium")
        .general("Hanno")
        .at("roma")
        .general("Hannibal")
        .at("capua")
        .tower("roma", floors=roma_floors, taken_by=CARTHAGE)
        .hand(CARTHAGE, cards)
        .dice(5, 6)
        .build(active=CARTHAGE)
    )


def test_r9_3_r9_4_a_destroy_matching_an_ordinary_quest_completes_it() -> None:
    state = _destroy_setup("ord_roma_1", "isl_knossos_1")
    act(state, "Destroy a floor at Roma with Hanno (die 5)")
    assert state.points[CARTHAGE] == 1
    assert _ids(state, state.completed[CARTHAGE]) == ["ord_roma_1"]
    assert _ids(state, state.hands[CARTHAGE]) == ["isl_knossos_1"]
    assert not state.first_floor_point[CARTHAGE * 2 + ROMANS]  # the floor went on the card
    # R9.3: a replacement from the deck of the player's choice.
    assert state.draw_queue == (CARTHAGE,)
    before = len(state.decks[1])
    _draw(state, 1)
    assert len(state.hands[CARTHAGE]) == 2 and len(state.decks[1]) == before - 1
    assert state.phase == P_ACTION and state.current_player() == CARTHAGE
    # The next destroy of a Roman floor without a card is the first-floor point.
    act(state, "Destroy a floor at Capua with Hannibal (die 6)")
    assert state.points[CARTHAGE] == 2
    assert state.first_floor_point[CARTHAGE * 2 + ROMANS]


def test_r9_4_the_first_floor_point_is_scored_once_per_enemy() -> None:
    state = _destroy_setup()
    act(state, "Destroy a floor at Roma with Hanno (die 5)")
    assert state.points[CARTHAGE] == 1 and state.draw_queue == ()
    act(state, "Destroy a floor at Capua with Hannibal (die 6)")
    assert state.points[CARTHAGE] == 1
    assert state.destroyed_by(CARTHAGE) == 2


def test_r9_4_razing_a_city_completes_the_destroy_completely_card() -> None:
    state = _destroy_setup("raze_roma", roma_floors=1)
    assert state.destroyed_by(CARTHAGE) == 2
    act(state, "Destroy a floor at Roma with Hanno (die 5)")
    assert state.floors[city("roma")] == 0
    assert state.points[CARTHAGE] == 3 + 1  # the special quest and the first-floor point
    assert _ids(state, state.completed[CARTHAGE]) == ["raze_roma"]
    assert state.draw_queue == (CARTHAGE,)


def test_r9_4_a_last_floor_can_complete_an_ordinary_and_a_raze_card() -> None:
    state = _destroy_setup("ord_roma_2", "raze_roma", roma_floors=1)
    act(state, "Destroy a floor at Roma with Hanno (die 5)")
    assert state.points[CARTHAGE] == 1 + 3
    assert sorted(_ids(state, state.completed[CARTHAGE])) == ["ord_roma_2", "raze_roma"]
    assert state.draw_queue == (CARTHAGE, CARTHAGE)
    _draw(state, 0)
    _draw(state, 1)
    assert len(state.hands[CARTHAGE]) == 2


def test_r9_4_a_raze_card_needs_the_city_empty() -> None:
    state = _destroy_setup("raze_roma", roma_floors=3)
    act(state, "Destroy a floor at Roma with Hanno (die 5)")
    assert state.points[CARTHAGE] == 1  # the first-floor point only
    assert _ids(state, state.hands[CARTHAGE]) == ["raze_roma"]


def _roma_quest_done(ordinary: list[str], special: list[str]) -> GameState:
    """Hanno completes his Roma card with the decks as given: a replacement is due (R9.3)."""
    state = (
        _scenario()
        .general("Caudex")
        .at("ostia")
        .general("Hanno")
        .at("roma")
        .hand(CARTHAGE, ["ord_roma_1"])
        .decks(ordinary=ordinary, special=special)
        .dice(5)
        .build(active=CARTHAGE)
    )
    act(state, "Destroy a floor at Roma with Hanno (die 5)")
    return state


def test_r9_3_no_replacement_when_both_decks_are_empty() -> None:
    state = _roma_quest_done(ordinary=[], special=[])
    assert state.points[CARTHAGE] == 1
    assert state.draw_queue == () and state.hands[CARTHAGE] == ()


def test_r9_3_with_one_deck_empty_the_replacement_comes_from_the_other() -> None:
    state = _roma_quest_done(ordinary=[], special=["isl_knossos_1"])
    assert state.legal_actions() == [ChooseDeck(1)]
    with pytest.raises(game.IllegalActionError, match=r"^R9\.3"):
        state.apply_action(ChooseDeck(0))
    _draw(state, 1, "isl_knossos_1")
    assert _ids(state, state.hands[CARTHAGE]) == ["isl_knossos_1"]


# -- R9.5 islands ------------------------------------------------------------------------------


def _island(stack: list[int], card: bool = True, dice: tuple[int, ...] = (5,)) -> Scenario:
    scenario = _scenario().general("Hanno").at("caralis").dice(*dice)
    if card:
        scenario.hand(CARTHAGE, ["isl_caralis_2"])
    if stack:
        scenario.island("caralis", stack)
        for seat in stack:  # the floors came from a capital of their owner
            scenario.tower("gades" if seat == CARTHAGE else "tarentum", floors=2)
    return scenario


def test_r9_5_build_moves_a_floor_from_an_own_capital_to_the_island() -> None:
    state = _island([]).build(active=CARTHAGE)
    builds = sorted(t for t in texts(state) if t.startswith("Build"))
    assert builds == [
        f"Build on Caralis (Sardinia) with Hanno, floor from {c} (die 5)"
        for c in ("Carthago", "Gades", "Lilybaeum")
    ]
    act(state, "Build on Caralis (Sardinia) with Hanno, floor from Gades (die 5)")
    assert state.floors[city("gades")] == 2
    assert state.island_stack[city("caralis")] == (CARTHAGE,)
    assert state.floors[city("caralis")] == 1
    assert state.gen_city[general_id("Hanno")] == city("caralis")  # the general stays
    assert state.points[CARTHAGE] == 0
    assert floor_total(state, CARTHAGE) == 9


def test_r9_5_the_second_floor_completes_the_quest_and_the_tower_leaves() -> None:
    state = _island([CARTHAGE]).build(active=CARTHAGE)
    act(state, "Build on Caralis (Sardinia) with Hanno, floor from Carthago (die 5)")
    assert state.points[CARTHAGE] == 3
    assert _ids(state, state.completed[CARTHAGE]) == ["isl_caralis_2"]
    assert state.island_stack[city("caralis")] == () and state.floors[city("caralis")] == 0
    assert state.floors_off[CARTHAGE] == 2
    assert floor_total(state, CARTHAGE) == 9


def test_r9_5_a_floor_of_another_player_counts_towards_the_two() -> None:
    state = _island([ROMANS]).build(active=CARTHAGE)
    act(state, "Build on Caralis (Sardinia) with Hanno, floor from Carthago (die 5)")
    assert state.points[CARTHAGE] == 3
    assert state.floors_off[ROMANS] == 1 and state.floors_off[CARTHAGE] == 1
    assert floor_total(state, ROMANS) == 9 and floor_total(state, CARTHAGE) == 9
    assert state.floors_standing(ROMANS) == 8


def test_r9_5_building_needs_the_card_and_a_5_or_6() -> None:
    no_card = _island([], card=False, dice=(6,)).build(active=CARTHAGE)
    assert not [a for a in no_card.legal_actions() if isinstance(a, Build)]
    with pytest.raises(game.IllegalActionError, match=r"^R9\.5"):
        no_card.apply_action(Build(general_id("Hanno"), 6, city("carthago"), city("caralis")))
    low = _island([], dice=(4,)).build(active=CARTHAGE)
    with pytest.raises(game.IllegalActionError, match=r"^R4\.4"):
        low.apply_action(Build(general_id("Hanno"), 4, city("carthago"), city("caralis")))


def test_r9_5_without_patch_03_there_is_no_building() -> None:
    state = (
        _scenario(Rules(quests=False)).general("Hanno").at("caralis").dice(6).build(active=CARTHAGE)
    )
    assert not [a for a in state.legal_actions() if isinstance(a, Build)]


def test_r9_5_an_island_floor_may_be_destroyed_by_an_enemy() -> None:
    state = (
        _scenario()
        .general("Caudex")
        .at("caralis")
        .island("caralis", [CARTHAGE])
        .tower("gades", floors=2)
        .dice(6)
        .build(active=ROMANS)
    )
    act(state, "Destroy a floor at Caralis (Sardinia) with Caudex (die 6)")
    assert state.island_stack[city("caralis")] == ()
    assert state.trophies[ROMANS * 2 + CARTHAGE] == 1
    assert state.points[ROMANS] == 1  # the first-floor point (R9.4)
    assert floor_total(state, CARTHAGE) == 9


def test_r9_5_an_own_island_floor_is_not_destroyed() -> None:
    state = (
        _scenario()
        .general("Hanno")
        .at("caralis")
        .island("caralis", [CARTHAGE])
        .tower("gades", floors=2)
        .dice(6)
        .build(active=CARTHAGE)
    )
    assert not [t for t in texts(state) if t.startswith("Destroy")]


# -- R9.6 --------------------------------------------------------------------------------------


@pytest.mark.parametrize("holder", [ROMANS, CARTHAGE])
def test_r9_6_beating_a_level_4_general_completes_the_quest(holder: int) -> None:
    strong_is_defender = holder == ROMANS
    state = (
        _scenario()
        .general("Messalla")
        .at("beneventum")
        .general("Caudex")
        .at("roma")
        .level(1 if strong_is_defender else 4)
        .general("Hanno")
        .at("antium")
        .level(4 if strong_is_defender else 1)
        .hand(holder, ["defeat_l4_1"])
        .dice(1)
        .build(active=ROMANS)
    )
    act(state, "Move Caudex Roma→Antium (die 1)")
    # The level-1 general wins: 6 + 1 against 1 + 4.
    state.apply_action(BattleRoll(6, 1) if strong_is_defender else BattleRoll(1, 6))
    assert state.last_battle[9] == general_id("Caudex" if strong_is_defender else "Hanno")
    assert state.points[holder] == 3
    assert _ids(state, state.completed[holder]) == ["defeat_l4_1"]
    assert state.draw_queue == (holder,)


def test_r9_6_beating_a_level_3_general_does_not() -> None:
    state = (
        _scenario()
        .general("Messalla")
        .at("beneventum")
        .general("Hanno")
        .at("antium")
        .level(3)
        .hand(ROMANS, ["defeat_l4_1"])
        .dice(1)
        .build(active=ROMANS)
    )
    act(state, "Move Caudex Roma→Antium (die 1)")
    state.apply_action(BattleRoll(6, 1))
    assert state.last_battle[9] == general_id("Caudex")
    assert state.points[ROMANS] == 0 and state.completed[ROMANS] == ()
