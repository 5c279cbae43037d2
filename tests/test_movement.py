"""R2.3 and R5: movement points, own and enemy generals on the way, ships, winter, interruptions."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

import game
from game.actions import Continue, Move, StopMove
from game.state import P_ACTION, P_CONTINUE, P_HALT, GameState
from tests.rules_reference import land_distance, move_ends, occupancy
from tests.scenario import (
    Scenario,
    act,
    city,
    general_id,
    move_dests,
    romans_and_carthage,
    texts,
)

ROMANS, CARTHAGE = 0, 1


def _romans_vs_carthage() -> Scenario:
    """Romans (seat 0) against Carthage (seat 1), base rules, spring, generals at home."""
    return romans_and_carthage(game.Rules(quests=False))


def _ids(state: GameState, nodes: Iterable[int]) -> set[str]:
    return {state.board.nodes[n].id for n in nodes}


def _reference_continuations(state: GameState, at: str, points: int, winter: bool) -> set[int]:
    """Where the reference says a Roman let through at ``at`` may go on with ``points`` (R5.4):
    the mover's own city no longer counts as held by anyone."""
    enemy, own = occupancy(state, ROMANS)
    enemy.discard(city(at))
    own.discard(city(at))
    return set(move_ends(state.board, city(at), points, winter, enemy, own))


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_r5_1_a_die_of_n_reaches_the_cities_within_n_segments(die: int) -> None:
    state = _romans_vs_carthage().dice(die).build()
    enemy, own = occupancy(state, ROMANS)
    expected = move_ends(state.board, city("roma"), die, False, enemy, own)
    assert move_dests(state, "Caudex") == _ids(state, expected)
    if die >= 2:  # Cosa -> Arretium is 2 segments; the general may stop short (0..n points)
        assert {"cosa", "arretium"} <= move_dests(state, "Caudex")


def test_r5_1_points_are_not_pooled_across_dice() -> None:
    # Roma to Capua is 2 segments (by Antium): two dice of 1 do not make a 2.
    state = _romans_vs_carthage().general("Messalla").at("beneventum").dice(1, 1).build()
    assert "capua" not in move_dests(state, "Caudex")
    assert "antium" in move_dests(state, "Caudex")


def test_r5_2_a_move_may_pass_an_own_general_but_not_end_on_it() -> None:
    # Ostia holds Duilius; beyond it the Ligurian ship leads to Massalia (Roma-Ostia-ship-Massalia).
    state = _romans_vs_carthage().general("Duilius").at("ostia").dice(3).build()
    dests = move_dests(state, "Caudex", 3)
    assert "massalia" in dests
    assert "ostia" not in dests
    with pytest.raises(game.IllegalActionError, match=r"^R5\.2"):
        state.apply_action(Move(general_id("Caudex"), 3, city("roma"), city("ostia")))


def test_r2_3_ships_are_passed_but_never_ended_on() -> None:
    state = _romans_vs_carthage().general("Duilius").at("ostia").dice(2, 6).build()
    assert "caralis" in move_dests(state, "Duilius", 2)  # Ostia - Tyrrhenian ship - Caralis
    ship = city("ship_tyrrhenian")
    ends = {a.dest for a in state.legal_actions() if isinstance(a, Move)}
    assert not any(state.board.is_ship[c] for c in ends)
    with pytest.raises(game.IllegalActionError, match=r"^R2\.3"):
        state.apply_action(Move(general_id("Duilius"), 2, city("ostia"), ship))


def test_r5_3_no_sea_routes_in_winter() -> None:
    state = (
        _romans_vs_carthage().general("Duilius").at("ostia").season("263 BC Hiemis").dice(6).build()
    )
    dests = move_dests(state, "Duilius")
    assert "caralis" not in dests and "massalia" not in dests
    board = state.board
    for dest in dests:  # every end is reached over land at 2 points a segment
        distance = land_distance(board, city("ostia"), city(dest))
        assert distance is not None and 2 * distance <= 6
    with pytest.raises(game.IllegalActionError, match=r"^R5\.3"):
        state.apply_action(Move(general_id("Duilius"), 6, city("ostia"), city("caralis")))


def test_r5_3_each_land_segment_costs_2_in_winter() -> None:
    winter = _romans_vs_carthage().general("Messalla").at("tarraco").dice(1, 3, 4).season(3).build()
    board = winter.board
    roma = city("roma")

    def within(segments: int) -> set[str]:
        return {
            board.nodes[c].id
            for c in range(board.num_cities)
            if c != roma and (land_distance(board, roma, c) or 99) <= segments
        }

    assert move_dests(winter, "Caudex", 1) == set()  # one point buys no segment
    assert move_dests(winter, "Caudex", 3) == within(1)
    assert within(1) == {"ostia", "antium", "cosa", "arretium", "ancona"}
    assert move_dests(winter, "Caudex", 4) == within(2) - {"venusia"}  # Duilius stands there
    assert "capua" in move_dests(winter, "Caudex", 4)
    with pytest.raises(game.IllegalActionError, match=r"^R5\.3"):
        winter.apply_action(Move(general_id("Caudex"), 3, city("roma"), city("capua")))


def test_r5_4_an_enemy_city_ends_the_path_of_a_move_action() -> None:
    # Hanno at Antium stands between Roma and Capua (Roma-Antium-Capua); the other way round is
    # Roma-Ostia-ship-Neapolis-Capua, 4 segments.
    state = (
        _romans_vs_carthage()
        .general("Hanno")
        .at("antium")
        .general("Messalla")
        .at("beneventum")
        .dice(2, 4)
        .build()
    )
    assert "antium" in move_dests(state, "Caudex", 2)  # the enemy's city may be entered
    assert "capua" not in move_dests(state, "Caudex", 2)
    assert "capua" in move_dests(state, "Caudex", 4)
    with pytest.raises(game.IllegalActionError, match=r"^R5\.4"):
        state.apply_action(Move(general_id("Caudex"), 2, city("roma"), city("capua")))


def _interrupt_setup(*dice: int, season: int = 0) -> GameState:
    return (
        _romans_vs_carthage()
        .general("Hanno")
        .at("antium")
        .general("Messalla")
        .at("beneventum")
        .season(season)
        .dice(*dice)
        .build()
    )


def test_r5_4_entering_an_enemy_city_asks_its_owner_halt_or_pass() -> None:
    state = _interrupt_setup(5)
    act(state, "Move Caudex Roma→Antium (die 5)")
    assert state.phase == P_HALT
    assert state.current_player() == CARTHAGE
    assert texts(state) == ["Halt!", "Pass"]
    act(state, "Halt!")
    assert state.gen_city[general_id("Caudex")] == city("antium")
    # The move is over; that was the last die, so the turn ends with the battle (R7.1).
    assert state.pend_general == -1 and state.battle_city == city("antium")


def test_r5_4_halt_ends_the_move_and_the_battle_follows_at_the_end_of_the_turn() -> None:
    state = _interrupt_setup(5, 1)
    act(state, "Move Caudex Roma→Antium (die 5)")
    act(state, "Halt!")
    assert state.phase == P_ACTION and state.current_player() == ROMANS
    assert general_id("Caudex") not in {getattr(a, "general", -1) for a in state.legal_actions()}
    act(state, "End turn")
    assert state.battle_city == city("antium")  # R7.1


def test_r5_4_and_r5_5_after_pass_the_mover_continues_with_the_points_left() -> None:
    state = _interrupt_setup(5)
    act(state, "Move Caudex Roma→Antium (die 5)")
    act(state, "Pass")
    assert state.phase == P_CONTINUE and state.current_player() == ROMANS
    legal = state.legal_actions()
    assert StopMove(general_id("Caudex"), city("antium")) in legal
    got = {a.dest for a in legal if isinstance(a, Continue)}
    assert got == _reference_continuations(state, "antium", 4, False)  # 5 - 1 segment
    assert city("capua") in got and city("roma") in got
    act(state, "Continue Caudex Antium→Capua")
    assert state.gen_city[general_id("Caudex")] == city("capua")
    assert state.phase != P_CONTINUE and state.pend_general == -1


def test_r5_4_the_mover_may_stop_in_the_city_it_was_let_through() -> None:
    state = _interrupt_setup(5, 2)
    act(state, "Move Caudex Roma→Antium (die 5)")
    act(state, "Pass")
    act(state, "Stop Caudex at Antium")
    assert state.phase == P_ACTION and state.pend_general == -1
    assert state.gen_city[general_id("Caudex")] == city("antium")


def test_r5_4_each_enemy_city_entered_is_a_new_interruption() -> None:
    state = _interrupt_setup(6, 1).clone()
    state.gen_city[general_id("Hamilcar")] = city("capua")  # Lilybaeum's general moves in
    state.turn_moves = {}
    state._legal = None
    act(state, "Move Caudex Roma→Antium (die 6)")
    act(state, "Pass")
    act(state, "Continue Caudex Antium→Capua")
    assert state.phase == P_HALT and state.current_player() == CARTHAGE
    act(state, "Pass")
    continuations = {a.dest for a in state.legal_actions() if isinstance(a, Continue)}
    assert continuations == _reference_continuations(state, "capua", 4, False)


@pytest.mark.parametrize(
    ("dice", "season", "why"),
    [((1,), 0, "no points left"), ((3,), 3, "1 point left, a winter segment costs 2")],
)
def test_r5_4_nobody_is_asked_when_the_mover_could_not_go_on(
    dice: tuple[int, ...], season: int, why: str
) -> None:
    state = _interrupt_setup(*dice, 2, season=season)
    die = dice[0]
    act(state, f"Move Caudex Roma→Antium (die {die})")
    assert state.phase == P_ACTION, why  # no Halt/Pass question
    assert state.current_player() == ROMANS
    assert state.gen_city[general_id("Caudex")] == city("antium")


def test_r5_4_winter_mover_with_points_for_a_segment_is_asked() -> None:
    state = _interrupt_setup(4, season=3)  # Roma-Antium costs 2 of 4: 2 points buy one more
    act(state, "Move Caudex Roma→Antium (die 4)")
    assert state.phase == P_HALT


def test_r5_5_one_action_per_reachable_end_city() -> None:
    state = _interrupt_setup(2, 4, 6)
    moves = [a for a in state.legal_actions() if isinstance(a, Move)]
    assert len(moves) == len(set(moves))
    keys = [(m.general, m.die, m.dest) for m in moves]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize(("die", "asked"), [(3, False), (4, True)])
def test_r5_4_decision_a_segment_to_a_ship_alone_is_no_way_on(die: int, asked: bool) -> None:
    """Caudex passes Messalla at Roma into Hanno's Ostia (2 segments). With 1 point left the
    only segments lead to ships or back to Roma (held by his own general), where no move may
    end (R2.3, R5.2): he could not go on, so nobody is asked. With 2 points left he could sail
    on to Caralis or Neapolis, so Carthage is asked."""
    state = (
        _romans_vs_carthage()
        .general("Caudex")
        .at("antium")
        .general("Messalla")
        .at("roma")
        .general("Hanno")
        .at("ostia")
        .dice(die, 1)
        .build()
    )
    act(state, f"Move Caudex Antium→Ostia (die {die})")
    assert (state.phase == P_HALT) == asked


def test_r5_3_r5_4_r4_2_a_winter_move_let_through_ends_at_the_next_enemy_unasked() -> None:
    """In Hiemis Caudex spends 2 of his 6 points to enter Hanno's Antium and is let through;
    the 4 points left buy 2 land segments (no sea, R5.3). Passing Messalla at Capua (R5.2) he
    enters Hamilcar's Beneventum with no point left: nobody is asked (R5.4), the move is his one
    action (R4.2), and the battle is fought there at the end of the turn (R7.1)."""
    state = (
        _romans_vs_carthage()
        .general("Duilius")
        .at("cosa")
        .general("Hanno")
        .at("antium")
        .general("Messalla")
        .at("capua")
        .general("Hamilcar")
        .at("beneventum")
        .season("262 BC Hiemis")
        .dice(5, 6)
        .build()
    )
    act(state, "Move Caudex Roma→Antium (die 6)")
    assert state.phase == P_HALT and state.pend_points == 4
    act(state, "Pass")
    got = {a.dest for a in state.legal_actions() if isinstance(a, Continue)}
    assert got == _reference_continuations(state, "antium", 4, True)
    assert city("beneventum") in got and city("neapolis") in got and city("ostia") in got
    act(state, "Continue Caudex Antium→Beneventum")
    assert state.phase == P_ACTION and state.current_player() == ROMANS
    assert state.pend_general == -1 and state.dice == [5]
    caudex = general_id("Caudex")
    assert not [a for a in state.legal_actions() if getattr(a, "general", -1) == caudex]
    act(state, "End turn")
    assert state.battle_city == city("beneventum")
