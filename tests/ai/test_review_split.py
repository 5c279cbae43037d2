"""Issue 50, items 1 and 2: a reviewed seat's result split into its start, its decisions, luck
and the opponents' play, the parts adding up to the result; its turning points its own.

The games are played by the tactics policy against itself (the quickest AI that plays a whole
game as the AI does), at fixed seeds, and reviewed at a small budget: the parts add up by how
they are defined, whatever the search finds, and what is under test here is that definition
and whose moments are shown, not the search's judgement (tests/ai/test_review.py has that)."""

from __future__ import annotations

import random

import pytest

import game
from ai import agent_from_spec
from ai.review import (
    BUDGETS,
    DECISION,
    LUCK,
    OPPONENTS,
    SWING_MIN,
    TURNING_PER_SEAT,
    Budget,
    Review,
)
from game import CHANCE, GameRecord


def played_game(players: int, seed: int) -> GameRecord:
    """A whole game of the tactics policy against itself, kingdoms picked by the seats."""
    state = game.new_game(players, seed=seed)
    record = GameRecord.for_state(state)
    agent = agent_from_spec("policy")
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        who = state.current_player()
        if who == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[0] if len(legal) == 1 else agent.choose(state.observe(who), legal, rng)
        state.apply_action(action)
        actions.append(action)
    return record.with_actions(actions)


def check_games(monkeypatch: pytest.MonkeyPatch, games: list[tuple[int, int]]) -> None:
    monkeypatch.setitem(BUDGETS, "quick", Budget(4, 2, 0.01))
    for players, seed in games:
        record = played_game(players, seed)
        review = Review.of_record(record).run()
        final = record.replay()
        assert final.is_terminal()
        actors = []
        state = record.new_state()
        for action in record.actions:
            actors.append(state.current_player())
            state.apply_action(action)
        assert [s.seat for s in review.summary] == list(range(players))
        for split in review.summary:
            where = (players, seed, split.seat)
            # 1 won, 0 lost, a shared win's share, and the parts add up to it.
            assert split.result == final.returns()[split.seat], where
            parts = split.start + split.decisions + split.luck + split.opponents
            assert parts == pytest.approx(split.result, abs=0.01), where
            mine = [w for w in review.turning_points() if w.seat == split.seat]
            assert len(mine) <= TURNING_PER_SEAT, where
            assert [w.amount for w in mine] == sorted(w.amount for w in mine), where
            assert all(w.amount <= -SWING_MIN for w in mine), where
            if split.result == 0.0:  # a decided loss names its largest swings
                assert mine, where
            for w in mine:
                actor = actors[w.index]
                # Never another seat's moment shown as this one's: its own decision, a chance
                # action (or its own action that spent the dice), or an opponent's move.
                if w.kind == DECISION:
                    assert actor == w.actor == split.seat and w.decision is not None, where
                    assert w.decision.seat == split.seat and w.position == w.index, where
                elif w.kind == LUCK:
                    assert w.actor == CHANCE and actor in (CHANCE, split.seat), where
                else:
                    assert w.kind == OPPONENTS and actor == w.actor != split.seat, where
                    assert w.position == w.index + 1, where
        data = review.to_dict()
        assert [s["seat"] for s in data["summary"]] == list(range(players))
        for entry in data["summary"]:
            assert set(entry) == {"seat", "start", "decisions", "luck", "opponents", "result"}


def test_the_parts_add_up_and_the_turning_points_are_the_seats_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    check_games(monkeypatch, [(2, seed) for seed in range(4)] + [(4, seed) for seed in range(2)])


@pytest.mark.slow
def test_the_parts_add_up_on_twenty_two_seat_and_ten_four_seat_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    check_games(monkeypatch, [(2, seed) for seed in range(20)] + [(4, seed) for seed in range(10)])


def test_a_reviewed_opponents_dice_are_luck_not_its_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every seat reviewed, an opponent's decision adds to the opponents' part only what
    its action lost or gained against the one the search preferred for it; what the position
    and its dice let the preferred action gain is luck, as at the seat's own decisions. An
    opponent's forced action adds its whole change."""
    from ai.chances import table_chances

    monkeypatch.setitem(BUDGETS, "quick", Budget(4, 2, 0.01))
    record = played_game(2, 7)
    review = Review.of_record(record).run()
    judged = {d.index: d for d in review.decisions}
    state = record.new_state()
    expected = [0.0, 0.0]
    for i, action in enumerate(record.actions):
        actor, before = state.current_player(), state.clone()
        chances_before = table_chances(state)
        state.apply_action(action)
        after = table_chances(state)
        for seat in (0, 1):
            if actor in (seat, CHANCE):
                continue
            d = judged.get(i)
            if d is None:
                expected[seat] += after[seat] - chances_before[seat]
            elif d.best != d.action:
                before.apply_action(d.best)
                expected[seat] += after[seat] - table_chances(before)[seat]
    for split in review.summary:
        assert split.opponents == pytest.approx(expected[split.seat], abs=1e-9), split
