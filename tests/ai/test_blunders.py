"""The blunder census (tools/blunders.py): each mistake it counts is found in a position made
for it and not in its sound twin, and a run reports them per game and in total."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import Rules
from game.actions import Destroy, EndTurn, Move, Trade
from lab import arena
from tests.ai.helpers import city, general, place, start_turn
from tests.ai.test_puzzles import deployed, last_floor_puzzle, two_player
from tests.tool_scripts import load_tool

tool = load_tool("blunders", "_strategos_blunders_for_tests")


def test_an_attack_lost_before_the_roll_is_hopeless_and_its_reverse_is_not() -> None:
    """R7.2, R8.1: level 1 against level 4 in a city with a tower loses whatever the coins."""
    state = deployed([("panormus", 1)], [("lilybaeum", 4)])
    start_turn(state, 0, [1, 2, 3, 4])
    move = next(a for a in state.legal_actions()
                if isinstance(a, Move) and a.dest == city("lilybaeum"))  # fmt: skip
    chance = tool.attack_chance(state, move)
    assert chance is not None and chance < tool.HOPELESS
    strong = deployed([("panormus", 4)], [("lilybaeum", 1)])
    start_turn(strong, 0, [1, 2, 3, 4])
    assert tool.attack_chance(strong, move) > 0.5
    quiet = next(a for a in state.legal_actions()
                 if isinstance(a, Move) and a.dest == city("messana"))  # fmt: skip
    assert tool.attack_chance(state, quiet) is None


def test_the_destroy_that_makes_the_seventh_point_wins_now() -> None:
    """R9.7."""
    state = deployed([("carthago", 2), ("roma", None)], [("gades", None)])
    state.points = [6, 2]
    start_turn(state, 0, [1, 2, 3, 5])
    destroy = next(a for a in state.legal_actions() if isinstance(a, Destroy))
    assert tool.wins_now(state, destroy)
    assert not tool.wins_now(state, EndTurn())
    state.points = [5, 2]
    assert not tool.wins_now(state, destroy)


def _walk_off(keep_guard: bool) -> int:
    """Seat 0 plays the last-floor puzzle's turn with the census watching: the Roma general
    walks to Antium, and with ``keep_guard`` the Capua general comes in; then seat 1's turn
    begins. Returns the count of last floors left."""
    state = last_floor_puzzle([1, 2, 3, 4])
    census = tool.Census(0)
    census.observe(state)
    roma, antium = city("roma"), city("antium")
    moves = [(general("romans", 0), antium)]
    if keep_guard:
        moves.append((general("romans", 1), roma))
    for g, dest in moves:
        move = next(a for a in state.legal_actions()
                    if isinstance(a, Move) and a.general == g and a.dest == dest)  # fmt: skip
        census.choice(state, move)
        state.apply_action(move)
        census.observe(state)
    state.active = 1  # the next seat's turn: the census closes seat 0's
    census.observe(state)
    return int(census.finish(state)["counts"]["last_floor_left"])


def test_a_last_floor_left_to_the_enemy_next_door_is_counted_and_a_guarded_one_is_not() -> None:
    """R6.1: Roma on its last floor, a level-3 enemy at Ostia next door."""
    assert _walk_off(keep_guard=False) == 1
    assert _walk_off(keep_guard=True) == 0


def test_only_a_trade_that_gives_up_a_6_is_six_for_six() -> None:
    state = two_player()
    place(state, general("romans", 0), "roma")
    start_turn(state, 0, [2, 3, 4, 6])
    census = tool.Census(0)
    census.choice(state, Trade((2, 3, 6)))
    census.choice(state, Trade((2, 3, 4)))
    assert census.trades == 2 and census.counts["six_for_six"] == 1


def test_every_choice_of_a_game_reaches_on_choice() -> None:
    """``lab.arena.play_game(on_choice=…)`` sees each timed decision with its state."""
    seen: list[int] = []
    result = arena.play_game(["greedy", "random"], 0, seed=6, rules=Rules(), players=2,
                             on_choice=lambda s, a: seen.append(s.current_player()))  # fmt: skip
    assert len(seen) == sum(map(len, result.decision_ms)) > 0


def test_a_run_reports_the_counts_of_the_first_agent(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    argv = ["--agents", "random,greedy", "--games", "2", "--seed", "3", "--json", str(out)]
    assert tool.main(argv) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["agent"] == "random" and report["games"] == 2
    assert set(report["total"]) == set(tool.KINDS)
    for kind in tool.KINDS:
        assert 0 <= report["games_with"][kind] <= min(2, report["total"][kind])


def test_a_bad_command_line_is_refused_with_a_sentence() -> None:
    for argv in (["--agents", "random", "--games", "1", "--seed", "1"],
                 ["--agents", "random,bogus", "--games", "1", "--seed", "1"],
                 ["--agents", "random,greedy", "--games", "0", "--seed", "1"],
                 ["--agents", "random,greedy", "--games", "1", "--seed", str(2**62)],
                 ["--agents", "random,greedy", "--games", "1", "--seed", "1", "--json", "."],
                 ["--agents", "random,greedy", "--games", "1", "--seed", "1",
                  "--rules", "none,coins"]):  # fmt: skip
        with pytest.raises(SystemExit) as refused:
            tool.main(argv)
        assert refused.value.code == 2
