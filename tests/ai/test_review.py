"""The game review (ai/review.py): a planted blunder is found and explained, the work runs in
slices that can be cancelled, the JSON names every decision, and the command line refuses bad
files in a sentence."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest

import game
from ai.chances import table_chances
from ai.kingdom_book import kingdom_book
from ai.presets import PRESETS
from ai.review import (
    BEST_WITHIN,
    BUDGETS,
    CLASS_LIMITS,
    CLASSES,
    Budget,
    Review,
    decision_class,
)
from game import Action, GameRecord, GameState, Rules, parse_action
from game.actions import PickKingdom
from lab import review as review_module
from tests.ai.helpers import GARBLED_CLIENTS, seat
from tests.scenario import act, city, romans_and_carthage
from tests.tool_scripts import stopped_by_ctrl_c

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def planted_blunder() -> tuple[GameState, list[Action]]:
    """261 BC Hiemis, the last season: the Romans' Roma has one floor left and Hannibal
    stands in it. Caudex (level 4) is next door with a 2; moving in would fight him off.
    The Romans end the turn instead, and Hannibal destroys the floor: with it Carthage has
    more points when the game ends a moment later."""
    start = (
        romans_and_carthage(Rules(coins=False, battle_dice=False, quests=False))
        .general("Caudex").at("antium").level(4)
        .general("Messalla").at("rhegium")
        .general("Postumius").at("brundisium")
        .general("Duilius").at("croton")
        .general("Hannibal").at("roma")
        .tower("roma", 1, taken_by="carthaginians").tower("capua", 1, taken_by="carthaginians")
        .tower("carthago", 1, taken_by="romans").tower("gades", 1, taken_by="romans")
        .dice(2).season("261 BC Hiemis").build(active="romans")
    )  # fmt: skip
    state = start.clone()
    played = [
        act(state, "End turn"),
        act(state, "Roll 1 2 3 5"),
        act(state, "Destroy a floor at Roma with Hannibal (die 5)"),
    ]
    return start, played


def test_the_planted_blunder_is_the_turning_point() -> None:
    start, played = planted_blunder()
    review = Review(start, played, seats=[0], budget="quick", seed=3).run()
    assert review.done and not review.cancelled
    first = review.decisions[0]
    assert first.index == 0 and first.seat == 0 and str(first.action) == "End turn"
    assert first.best == parse_action(start, "Move Caudex Antium→Roma (die 2)")
    assert first.cost > 0.10 and first.grade == "blunder"
    # The Romans' own decision, then Carthage's destroy. The estimator may also find the
    # position after the best move (a battle in Roma still to fight) worse than before it: that
    # part of the turn's drop is luck, at the same action (the fitted chances of map 4 do so).
    turning = review.turning_points()
    kinds = [(w.kind, w.actor, w.index) for w in turning if w.kind != "luck"]
    assert kinds == [("decision", 0, 0), ("opponents", 1, 2)]
    assert all(w.index == 0 for w in turning if w.kind == "luck")
    turning = [w for w in turning if w.kind != "luck"]
    assert turning[0].decision == first and turning[0].position == 0
    assert turning[1].position == 3  # after the destroy, which the replay highlights
    assert [(loss.city, loss.left) for loss in first.losses] == [(city("roma"), 0)]
    line = review.explanation(turning[0])
    assert "played End turn" in line and "Move Caudex Antium→Roma (die 2)" in line
    assert "Roma lost its last floor" in line
    assert line.startswith(f"-{round(-turning[0].amount * 100)}% of seat 0's win chance")
    (split,) = review.summary
    assert split.decisions == pytest.approx(turning[0].amount)
    assert split.opponents == pytest.approx(turning[1].amount)
    # Only the Romans' decisions are judged; Carthage's turn start is a point of the chart,
    # the table's estimate there (ai.chances), no search of its own.
    assert {d.seat for d in review.decisions} == {0}
    (point,) = review.chart
    position = start.clone()
    for action in played[: point.index]:
        position.apply_action(action)
    assert position.active == 1 and point.chances == tuple(table_chances(position))


def test_a_review_runs_in_slices_and_can_be_cancelled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BUDGETS, "quick", Budget(60, 30, 0.05))
    record = GameRecord.from_json(json.dumps(json.loads((GOLDEN / "2p_base.json").read_text())
                                             ["record"]))  # fmt: skip
    review = Review.of_record(record, seats=[0], budget="quick")
    slices = 0
    while not review.step_ms(4.0):
        slices += 1
        assert 0.0 <= review.progress() <= 1.0
        if slices == 40:
            seen = review.progress()
        if slices == 80:
            review.cancel()
    assert slices >= 80 and review.cancelled and review.progress() == 1.0
    assert review.progress() >= seen
    # How long a slice overruns is the bench's to measure (lab.client_bench --review), not a test's.
    data = review.to_dict()
    assert data["complete"] is False and data["format"] == "strategos-review"


class WorkClock:
    """A test's clock: time passes only as the search iterates, ``per_iteration`` seconds an
    iteration (installed by ``ticking``), so the time a review takes is known exactly."""

    def __init__(self, per_iteration: float) -> None:
        self.now = 0.0
        self.per_iteration = per_iteration

    def __call__(self) -> float:
        return self.now


def ticking(monkeypatch: pytest.MonkeyPatch, clock: WorkClock) -> None:
    from ai.search import Search

    iterate = Search._iterate

    def timed(search: Search) -> None:
        iterate(search)
        clock.now += clock.per_iteration

    monkeypatch.setattr(Search, "_iterate", timed)


def golden_2p() -> GameRecord:
    return GameRecord.from_json(json.dumps(json.loads((GOLDEN / "2p_base.json").read_text())
                                           ["record"]))  # fmt: skip


@pytest.mark.parametrize("per_iteration", [0.0005, 0.004])
def test_the_time_left_is_measured_on_the_decisions_reviewed(
    monkeypatch: pytest.MonkeyPatch, per_iteration: float
) -> None:
    """Issue 50, item 4: the time left is told from the pace of the decisions searched so far,
    per unit of budget, within a factor of 1.5 of the time the review then takes, on a machine
    four times faster or twice slower than ``Budget.seconds`` says. The game opens with two
    kingdom picks, judged by the book at no cost: a pace from them (the share of decisions
    done) said the review would take next to nothing."""
    monkeypatch.setitem(BUDGETS, "quick", Budget(60, 30, 0.05))
    clock = WorkClock(per_iteration)
    ticking(monkeypatch, clock)
    review = Review.of_record(golden_2p(), seats=[0], clock=clock)
    told: list[tuple[float, float, float]] = []  # when, the time left said, progress
    while not review.step_ms(40.0):
        left = review.seconds_left()
        if left is not None:
            told.append((clock.now, left, review.progress()))
    total = clock.now
    assert review.done and not review.cancelled and total > 0
    assert str(review.decisions[0].action).startswith("Pick") and review.pace.searched >= 20
    # Told from the first decisions searched on: before a tenth of the time has passed.
    assert told and told[0][0] < 0.1 * total
    for now, left, _ in told:
        actual = total - now
        if actual >= 0.2 * total:  # the last few decisions: seconds either way
            assert actual / 1.5 <= left <= actual * 1.5, (now, left, actual, total)
    # The bar moves on with the time.
    shares = [share for _, _, share in told]
    assert all(b >= a - 0.02 for a, b in pairwise(shares))
    # The dialog's next estimate, from the pace this review measured: within 1.5 too.
    decisions = len(review.decisions)
    said = BUDGETS["quick"].estimate(decisions, review.pace.per_unit())
    assert total / 1.5 <= said <= total * 1.5


def test_the_whole_json_names_each_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BUDGETS, "quick", Budget(40, 20, 0.05))
    golden = json.loads((GOLDEN / "2p_base.json").read_text())
    record = GameRecord.from_json(json.dumps(golden["record"]))
    review = Review.of_record(record, seats=[1]).run()
    data = review.to_dict()
    won = golden["summary"]["winners"]
    assert data["complete"] and data["result"] == [1.0 if s in won else 0.0 for s in range(2)]
    assert data["decisions"], "seat 1 decides in every round"
    for d in data["decisions"]:
        assert d["seat"] == 1
        assert {"index", "action", "before", "after", "best", "best_chance", "cost"} <= d.keys()
        assert 0.0 <= d["after"] <= 1.0 and 0.0 <= d["best_chance"] <= 1.0
        assert record.actions[d["index"]].describe(record.board) == d["action"]
    assert data["turning_points"] and all(w["seat"] == 1 for w in data["turning_points"])
    for w in data["turning_points"]:
        assert w["amount"] < 0 and w["explanation"].startswith("-")
        if w["kind"] == "decision":
            assert "played " in w["explanation"]
    turns = [p["turn"] for p in data["chart"]]
    assert turns == sorted(turns) and len(set(turns)) == len(turns)


def test_a_decision_is_classed_by_its_cost() -> None:
    """The classes chess and backgammon reviews give, at the stated limits (ai/review.py)."""
    assert CLASSES == ("best", "good", "inaccuracy", "mistake", "blunder")
    assert BEST_WITHIN == 0.01
    limits = (("good", 0.03), ("inaccuracy", 0.08), ("mistake", 0.20), ("blunder", float("inf")))
    assert limits == CLASS_LIMITS
    cases = {0.0: "best", 0.01: "best", 0.011: "good", 0.0299: "good", 0.03: "inaccuracy",
             0.0799: "inaccuracy", 0.08: "mistake", 0.1999: "mistake", 0.2: "blunder",
             0.9: "blunder"}  # fmt: skip
    for cost, name in cases.items():
        assert decision_class(cost) == name, cost


def test_the_planted_blunder_is_counted_as_one() -> None:
    start, played = planted_blunder()
    review = Review(start, played, seats=[0], budget="quick", seed=3).run()
    (first,) = review.decisions
    assert first.cost >= 0.20 and first.grade == "blunder"
    assert review.class_counts(0) == {"best": 0, "good": 0, "inaccuracy": 0, "mistake": 0,
                                      "blunder": 1}  # fmt: skip
    assert review.to_dict()["classes"] == [{"seat": 0, **review.class_counts(0)}]
    assert review.to_dict()["decisions"][0]["class"] == "blunder"


def test_command_line_writes_json_and_refuses_bad_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(BUDGETS, "quick", Budget(30, 10, 0.05))
    save = tmp_path / "game.json"
    record = json.loads((GOLDEN / "2p_base.json").read_text())["record"]
    record["client"] = {"seats": [seat("ai"), seat("human")], "seed": 0}
    save.write_text(json.dumps(record))
    out = tmp_path / "review.json"
    assert review_module.main([str(save), "--json", str(out)]) == 0
    written = json.loads(out.read_text())
    assert written["seats"] == [1], "a save's human seats are the default"
    assert written["seed"] == 0 and written["budget"] == "quick"  # to make it again
    assert "of seat 1 reviewed" in capsys.readouterr().out
    # Per reviewed seat, its decisions counted by class, every decision in one class.
    (counts,) = written["classes"]
    assert counts["seat"] == 1 and list(counts)[1:] == list(CLASSES)
    assert sum(counts[name] for name in CLASSES) == len(written["decisions"])
    for name in CLASSES:
        assert counts[name] == sum(d["class"] == name for d in written["decisions"])
    # Issue 50, item 1: per reviewed seat, its result in parts that add up to it.
    (summary,) = written["summary"]
    assert list(summary) == ["seat", "start", "decisions", "luck", "opponents", "result"]
    assert summary["seat"] == 1 and summary["result"] == written["result"][1]
    parts = summary["start"] + summary["decisions"] + summary["luck"] + summary["opponents"]
    assert parts == pytest.approx(summary["result"], abs=0.01)
    save.write_bytes(b"\xef\xbb\xbf" + save.read_bytes())  # a byte order mark (Notepad)
    assert review_module.main([str(save)]) == 0
    assert "of seat 1 reviewed" in capsys.readouterr().out

    bad = tmp_path / "bad.json"
    for text in ("not json", '{"format": "strategos-record", "version": 1}', "[1, 2]"):
        bad.write_text(text)
        assert review_module.main([str(bad)]) == 2
        err = capsys.readouterr().err
        assert err.strip() and "Traceback" not in err
    assert review_module.main([str(tmp_path / "missing.json")]) == 2
    assert "cannot be read" in capsys.readouterr().err
    assert review_module.main([str(save), "--seats", "5"]) == 2
    assert "seats to review" in capsys.readouterr().err


def test_a_kingdom_pick_is_judged_by_the_book_the_ai_picks_from() -> None:
    """R3.1: the review searches no pick; it weighs it with the normal preset's book, so it
    tells a player what the AI's own pick and the hint at the pick say, in measured shares.
    The seat opens with the book's weakest kingdom, and the other replies as the book says."""
    start = game.new_game(2, seed=5)
    book = kingdom_book(PRESETS["normal"].kingdom_book)
    picks = start.legal_actions()
    opening = book.values(start, picks, 0)
    weakest = picks[opening.index(min(opening))]
    assert isinstance(weakest, PickKingdom)
    mine = weakest.kingdom
    worst_pairing = min(book.pair_share[mine][k] for k in range(6) if k != mine)
    reply = next(k for k in range(6) if k != mine and book.pair_share[mine][k] == worst_pairing)
    board = start.board
    state = start.clone()
    played = [act(state, weakest.describe(board)),
              act(state, PickKingdom(reply).describe(board))]  # fmt: skip
    review = Review(start, played, budget="quick", seed=1).run()
    first, second = review.decisions
    assert str(first.best) == str(picks[opening.index(max(opening))])
    assert first.before == first.best_chance == max(opening)
    # The weakest opening: what it wins against the reply worst for it.
    assert first.after == worst_pairing < first.before
    assert first.cost == pytest.approx(max(opening) - worst_pairing)
    assert first.chances == pytest.approx((max(opening), 1 - max(opening)))
    # The book's best reply to it (its worst pairing): no cost.
    assert second.action == second.best and second.cost == 0.0
    assert second.after == pytest.approx(1 - worst_pairing)


def golden_record(tmp_path: Path, client: object = None) -> Path:
    """The two-player golden game as a file, with ``client`` as its client part if given."""
    record = json.loads((GOLDEN / "2p_base.json").read_text())["record"]
    if client is not None:
        record["client"] = client
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    return path


@pytest.mark.parametrize(
    ("seats", "says"),
    [("0,0", "--seats names seat 0 twice"), ("1,0,1", "--seats names seat 1 twice"),
     (",", "--seats names no seat"), ("", "--seats names no seat"),
     ("1,,0", "--seats takes seat numbers like 0,2, not '1,,0'")],
)  # fmt: skip
def test_a_repeated_or_empty_seat_list_is_refused_where_it_is_given(
    tmp_path: Path, seats: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Read as "the seats once each" or "no seat", it would review what was not asked for.
    with pytest.raises(SystemExit) as refused:
        review_module.main([str(golden_record(tmp_path)), "--seats", seats])
    assert refused.value.code == 2
    assert says in capsys.readouterr().err


def test_a_review_of_repeated_or_no_seats_is_refused() -> None:
    start, played = planted_blunder()
    with pytest.raises(ValueError, match="seat 0 is named twice"):
        Review(start, played, seats=[0, 0])
    with pytest.raises(ValueError, match="no seat to review"):
        Review(start, played, seats=[])


@pytest.mark.parametrize("client", GARBLED_CLIENTS.values(), ids=GARBLED_CLIENTS.keys())
def test_a_save_whose_seats_the_client_refuses_is_refused(
    tmp_path: Path, client: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """Read as a record from elsewhere, every seat would be reviewed: the person's own seats
    are no longer known. The client refuses such a save (web.play.session), and so does the review,
    in the same sentence, whatever --seats says."""
    save = golden_record(tmp_path, client)
    for seats in ([], ["--seats", "0"]):
        assert review_module.main([str(save), *seats]) == 2
        out, err = capsys.readouterr()
        assert "The save is damaged: its seat settings are wrong (" in err
        assert err.startswith(f"{save}: ") and "Traceback" not in err and not out


def refused_before_the_run(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    """What the command line says refusing ``argv``, checked to come before any search."""

    def no_run(self: Review) -> Review:
        raise AssertionError("the review ran")

    monkeypatch.setattr(Review, "run", no_run)
    with pytest.raises(SystemExit) as refused:
        review_module.main(argv)
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def test_the_review_is_never_written_over_the_game_it_reviews(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = golden_record(tmp_path, {"seats": [seat("ai"), seat("human")]})
    kept = save.read_bytes()
    link = tmp_path / "link.json"
    link.symlink_to(save)
    for out in (save, link, tmp_path / "." / "game.json"):
        err = refused_before_the_run([str(save), "--json", str(out)], monkeypatch, capsys)
        assert "is the game being reviewed" in err
    assert save.read_bytes() == kept


@pytest.mark.parametrize(
    "content", [b"my notes\n", b'{"format": "strategos-record"}', b"\x00\xff", b"[1, 2]"]
)
def test_a_file_that_is_not_a_review_is_not_replaced_by_one(
    tmp_path: Path,
    content: bytes,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    save = golden_record(tmp_path)
    other = tmp_path / "other.json"
    other.write_bytes(content)
    err = refused_before_the_run([str(save), "--json", str(other)], monkeypatch, capsys)
    assert "holds something other than a review" in err and "other.json" in err
    assert other.read_bytes() == content


@pytest.mark.parametrize("out", [".", "missing/review.json"])
def test_a_review_path_that_cannot_be_written_is_refused_before_the_run(
    tmp_path: Path, out: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found only after the review, it cost the whole run (minutes at thorough).
    save = golden_record(tmp_path)
    monkeypatch.chdir(tmp_path)
    err = refused_before_the_run([str(save), "--json", out], monkeypatch, capsys)
    assert out in err


def test_an_earlier_review_or_an_empty_file_is_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(BUDGETS, "quick", Budget(10, 5, 0.05))
    record = json.loads((GOLDEN / "2p_base.json").read_text())["record"]
    record["actions"] = record["actions"][:12]
    save = tmp_path / "game.json"
    save.write_text(json.dumps(record))
    out = tmp_path / "review.json"
    out.write_bytes(b"")
    assert review_module.main([str(save), "--json", str(out), "--seats", "0"]) == 0
    assert json.loads(out.read_text())["seats"] == [0]
    assert review_module.main([str(save), "--json", str(out), "--seats", "1"]) == 0
    assert json.loads(out.read_text())["seats"] == [1]
    # With no game to review, that is what is said, not a word about the review's file.
    assert review_module.main([str(tmp_path / "gone.json"), "--json", str(out)]) == 2
    assert "gone.json cannot be read" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "says"),
    [(["--seed", str(2**43)], "--seed must be a whole number from -2**43 to 2**43 - 1"),
     (["--seed", str(-(2**43) - 1)], "--seed must be a whole number"),
     (["--seed", "1.5"], "argument --seed: invalid int value: '1.5'"),
     (["--budget", "slow"], "argument --budget: invalid choice: 'slow'"),
     (["--budget", ""], "argument --budget: invalid choice: ''")],
)  # fmt: skip
def test_a_seed_or_budget_out_of_range_is_refused_where_it_is_given(
    tmp_path: Path,
    argv: list[str],
    says: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The seeds every command line of the project takes (lab.arena.check_seed), so that one
    # copied from another command works here, and one that works here works there.
    save = golden_record(tmp_path)
    assert says in refused_before_the_run([str(save), *argv], monkeypatch, capsys)


def test_a_negative_seed_is_a_seed() -> None:
    start, played = planted_blunder()
    first = Review(start, played, seats=[0], seed=-(2**43)).run()
    again = Review(start, played, seats=[0], seed=-(2**43)).run()
    assert first.to_dict()["decisions"] == again.to_dict()["decisions"]
    with pytest.raises(ValueError, match="the seed must be a whole number"):
        Review(start, played, seats=[0], seed=2**43)


def test_an_unfinished_game_is_reviewed_only_for_a_persons_seats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R11, as the replay's review allows it (web.scenes.review_panel): while the game is not
    over, an AI seat's review would judge its decisions with its hand, which the person
    playing on may not see; once it is over, any seat."""
    monkeypatch.setitem(BUDGETS, "quick", Budget(10, 5, 0.05))
    record = json.loads((GOLDEN / "2p_base.json").read_text())["record"]
    record["client"] = {"seats": [seat("ai"), seat("human")], "seed": 0}
    whole = list(record["actions"])
    record["actions"] = whole[:12]
    save = tmp_path / "game.json"
    save.write_text(json.dumps(record))
    assert review_module.main([str(save), "--seats", "0,1"]) == 2
    out, err = capsys.readouterr()
    assert "--seats 0: the game is not over, so only a person's seat may be reviewed (1)" in err
    assert not out
    assert review_module.main([str(save), "--seats", "1,2"]) == 2
    assert "the seats to review must be among 0..1" in capsys.readouterr().err
    assert review_module.main([str(save), "--seats", "1"]) == 0
    assert "of seat 1 reviewed" in capsys.readouterr().out
    # A record from elsewhere names no person: any seat, as the replay allows.
    del record["client"]
    save.write_text(json.dumps(record))
    assert review_module.main([str(save), "--seats", "0"]) == 0
    capsys.readouterr()
    # Over, the game shows every hand: its AI seats may be reviewed.
    record["client"] = {"seats": [seat("ai"), seat("human")], "seed": 0}
    record["actions"] = whole
    save.write_text(json.dumps(record))
    monkeypatch.setattr(Review, "run", lambda self: self)
    assert review_module.main([str(save), "--seats", "0"]) == 0
    assert "of seat 0 reviewed" in capsys.readouterr().out


def test_a_review_given_as_the_game_is_named_as_a_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # "its format marker is missing" sent a person looking for a marker that is there.
    written = tmp_path / "review.json"
    start, _ = planted_blunder()
    written.write_text(json.dumps(Review(start, [], seats=[0]).run().to_dict()))
    assert review_module.main([str(written)]) == 2
    assert capsys.readouterr().err == (
        f"{written} is a review, not a game: review the game it was made from.\n"
    )


def test_ctrl_c_ends_the_review_with_one_sentence_and_code_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A thorough review takes minutes; Ctrl-C ended it in a traceback.
    record = tmp_path / "game.json"
    record.write_text(GameRecord.for_state(game.new_game(2, seed=1)).to_json(), encoding="utf-8")
    out = tmp_path / "review.json"
    argv = [str(record), "--json", str(out)]
    err = stopped_by_ctrl_c(monkeypatch, Review, "run", review_module.main, argv, capsys)
    assert err == "\npython -m lab.review: stopped; nothing was written\n"
    assert not out.exists()
