"""R4.5 undo: own actions of the current turn, back to the last roll, draw or opponent decision."""

from __future__ import annotations

import random

import pytest

import game
from game import GameRecord, GameState, IllegalActionError, Rules
from game.actions import Roll
from game.state import P_ACTION, P_ROLL
from game.undo import undo, undoable
from tests.playouts import aggressive_action, random_action

# The lanes the games below take (Carthago to Ostia by the Tyrrhenian Sea ship in four steps)
# are map 3's; a published map never changes (R2.5).
MAP = 3


class Table:
    """A game kept as a record, played by text (the way a client keeps its save)."""

    def __init__(self, rules: Rules, kingdoms: list[str], placements: list[str]) -> None:
        self.state = game.new_game(
            len(kingdoms), seed=1, rules=rules, kingdoms=kingdoms, board=game.get_map(MAP)
        )
        self.record = GameRecord.for_state(self.state, kingdoms=list(self.state.seat_kingdom))
        for text in placements:
            self.play(text)
        while self.state.draw_queue or self.state.draw_deck >= 0:  # quest cards (R3.5)
            self.apply(self.state.legal_actions()[0])
        assert self.state.phase == P_ROLL

    def apply(self, action: game.Action) -> None:
        self.state.apply_action(action)
        self.record.append(action)

    def play(self, text: str) -> None:
        self.apply(game.parse_action(self.state, text))

    def roll(self, *dice: int) -> None:
        self.apply(Roll(tuple(sorted(dice))))


def _romans_first(rules: Rules | None = None) -> Table:
    return Table(
        rules or Rules(quests=False),
        ["romans", "carthaginians"],
        ["Place Duilius at Venusia", "Place Hasdrubal at Utica"],
    )


def test_r4_5_own_moves_since_the_roll_may_be_taken_back() -> None:
    table = _romans_first()
    table.roll(1, 2, 3, 4)
    after_roll = table.state.to_json()
    assert undoable(table.record) == 0  # the roll itself is random: never undone
    table.play("Move Caudex Roma→Cosa (die 1)")
    table.play("Move Messalla Capua→Antium (die 2)")
    assert undoable(table.record) == 2
    one_back = undo(table.record)
    assert len(one_back.actions) == len(table.record.actions) - 1
    state = one_back.replay()
    assert state.gen_city[13] == state.board.city("capua")  # Messalla is home again
    assert state.gen_city[12] == state.board.city("cosa")
    assert undo(table.record, 2).replay().to_json() == after_roll
    assert len(table.record.actions) == len(one_back.actions) + 1  # the record is not changed


def test_r4_5_trade_and_train_may_be_taken_back() -> None:
    table = _romans_first()
    table.roll(1, 1, 2, 5)
    table.play("Trade 1 1 2 for a 6")
    table.play("Train Caudex (die 6)")
    assert undoable(table.record) == 2
    assert undo(table.record, 2).replay().dice == [1, 1, 2, 5]


def test_r4_5_the_end_of_the_turn_is_final() -> None:
    table = _romans_first()
    table.roll(1, 2, 3, 4)
    table.play("Move Caudex Roma→Cosa (die 1)")
    assert undoable(table.record) == 1
    table.play("End turn")
    assert undoable(table.record) == 0  # Carthage rolls next
    table.roll(1, 1, 1, 1)
    assert undoable(table.record) == 0
    table.play("Move Hamilcar Lilybaeum→Panormus (die 1)")
    assert undoable(table.record) == 1


def _hanno_at_ostia(rules: Rules | None = None) -> Table:
    """Carthage's Hanno sails to Ostia, next to Roma (Carthago-Lilybaeum-Panormus-ship-Ostia)."""
    table = _romans_first(rules)
    table.roll(1, 1, 1, 1)
    table.play("End turn")
    table.roll(1, 1, 1, 4)
    table.play("Move Hanno Carthago→Ostia (die 4)")
    table.play("End turn")
    return table


def test_r4_5_the_opponents_halt_or_pass_is_a_barrier() -> None:
    table = _hanno_at_ostia()
    table.roll(1, 1, 1, 5)
    table.play("Move Caudex Roma→Ostia (die 5)")
    assert table.state.current_player() == 1  # Carthage is asked: Halt or Pass (R5.4)
    assert undoable(table.record) == 0  # the mover waits for the opponent
    table.play("Pass")
    assert undoable(table.record) == 0  # the Pass is the opponent's decision
    table.play("Stop Caudex at Ostia")
    assert undoable(table.record) == 1
    back = undo(table.record).replay()
    assert back.current_player() == 0 and "Stop Caudex at Ostia" in map(str, back.legal_actions())
    table.play("Move Messalla Capua→Antium (die 1)")
    assert undoable(table.record) == 2
    table.play("End turn")  # the battle at Ostia begins: coins, then dice
    assert undoable(table.record) == 0


@pytest.mark.parametrize(("rules", "after_destroy"), [(Rules(quests=False), 2), (Rules(), 0)])
def test_r4_5_a_destroy_is_final_only_with_the_quest_rules(
    rules: Rules, after_destroy: int
) -> None:
    table = _romans_first(rules)
    table.roll(1, 1, 1, 1)
    table.play("Move Caudex Roma→Cosa (die 1)")
    table.play("End turn")
    table.roll(1, 1, 1, 4)
    table.play("Move Hanno Carthago→Ostia (die 4)")
    table.play("End turn")
    table.roll(1, 1, 1, 1)
    table.play("End turn")
    table.roll(1, 1, 1, 1)
    table.play("Move Hanno Ostia→Roma (die 1)")
    table.play("End turn")
    table.roll(1, 1, 1, 1)
    table.play("End turn")
    table.roll(1, 1, 1, 5)
    table.play("Move Hamilcar Lilybaeum→Panormus (die 1)")
    table.play("Destroy a floor at Roma with Hanno (die 5)")
    assert undoable(table.record) == after_destroy  # the move and the destroy, or nothing
    if rules.quests:  # Carthage held ord_roma_1: the quest is done and a card is owed (R9.3)
        assert table.state.points[1] == 1 and table.state.draw_queue == (1,)


def test_r4_5_taking_back_too_much_is_refused() -> None:
    table = _romans_first()
    table.roll(1, 2, 3, 4)
    table.play("Move Caudex Roma→Cosa (die 1)")
    with pytest.raises(IllegalActionError, match=r"^R4\.5"):
        undo(table.record, 2)
    with pytest.raises(IllegalActionError, match=r"^R4\.5"):
        undo(table.record, 0)


@pytest.mark.parametrize("seed", [1, 2])
def test_r4_5_undoable_actions_are_own_decisions_after_the_last_chance_event(seed: int) -> None:
    rng = random.Random(seed)
    state = game.new_game(3, seed=seed, rules=Rules(quests=seed % 2 == 0))
    record = GameRecord.for_state(state)
    history: list[tuple[int, game.Action]] = []
    checked = 0
    while not state.is_terminal() and len(record.actions) < 400:
        action = (aggressive_action if seed % 2 else random_action)(state, rng)
        history.append((state.current_player(), action))
        state.apply_action(action)
        record.append(action)
        if len(record.actions) % 7:
            continue
        k = undoable(record)
        if k:
            checked += 1
            assert state.current_player() == state.active and state.phase >= P_ACTION
            assert all(who == state.active for who, _ in history[-k:])  # own, no chance
            earlier: GameState = undo(record, k).replay()
            assert earlier.active == state.active and earlier.round == state.round
            assert earlier.completed == state.completed and earlier.hands == state.hands
    assert checked > 5
