"""The kingdom pick from a book of measured win shares (``ai.kingdom_book``, R3.1)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import ai
import game
from ai.kingdom_book import BOOK_FORMAT, KINGDOMS, KingdomBook, book_names, kingdom_book
from ai.model_file import ModelError
from game import P_PICK
from game.actions import PickKingdom
from game.content import CURRENT_MAP
from tests.tool_scripts import load_tool, usage_error

GREEKS, EAST = 2, 5


def _book(pairs: list[list[float]], shares: list[float]) -> dict[str, Any]:
    """A book of 100 games a pairing: ``pairs[a][b]`` seat 0's share with kingdom a against
    b, ``shares`` each kingdom's at every seat count above two; at n seats, 100 games a kingdom
    (100 * 6 / n games), the last seat winning twice as often as each of the others."""
    games = [[0 if a == b else 100 for b in range(KINGDOMS)] for a in range(KINGDOMS)]
    wins = [[games[a][b] * pairs[a][b] for b in range(KINGDOMS)] for a in range(KINGDOMS)]
    seats = {
        str(n): {"games": [100] * KINGDOMS, "wins": [100 * s for s in shares]} for n in range(2, 7)
    }
    order = {}
    for n in range(2, 7):
        played = 100 * KINGDOMS // n
        weights = [1] * (n - 1) + [2]
        order[str(n)] = {"games": played, "wins": [played * w / (n + 1) for w in weights]}
    return {"format": BOOK_FORMAT, "version": 1, "pairs": {"games": games, "wins": wins},
            "seats": seats, "seat_order": order}  # fmt: skip


def _even_but(first: int, reply: int) -> list[list[float]]:
    """Every pairing even, except that ``first`` as seat 0 wins 0.8 against everyone but
    ``reply`` (0.6), and everyone else as seat 0 wins 0.3 against ``first``."""
    pairs = [[0.5] * KINGDOMS for _ in range(KINGDOMS)]
    for b in range(KINGDOMS):
        pairs[first][b] = 0.6 if b == reply else 0.8
        pairs[b][first] = 0.3
    return pairs


def _picks(state: game.GameState) -> list[PickKingdom]:
    return [a for a in state.legal_actions() if isinstance(a, PickKingdom)]


def test_two_seats_the_first_takes_the_best_worst_case_and_the_second_the_best_reply() -> None:
    book = KingdomBook(_book(_even_but(GREEKS, EAST), [0.5] * KINGDOMS), "test")
    state = game.new_game(2, seed=1)
    assert state.phase == P_PICK and state.current_player() == 0
    legal = _picks(state)
    values = book.values(state, legal, state.current_player())
    assert legal[values.index(max(values))].kingdom == GREEKS
    assert max(values) == pytest.approx(0.6)  # its worst pairing: the reply
    state.apply_action(PickKingdom(GREEKS))
    legal = _picks(state)
    values = book.values(state, legal, state.current_player())
    assert legal[values.index(max(values))].kingdom == EAST
    assert max(values) == pytest.approx(0.4)


def test_more_seats_take_the_best_share_left() -> None:
    shares = [0.1, 0.2, 0.6, 0.3, 0.25, 0.4]
    book = KingdomBook(_book(_even_but(GREEKS, EAST), shares), "test")
    state = game.new_game(4, seed=1)
    state.apply_action(PickKingdom(GREEKS))
    legal = _picks(state)
    values = book.values(state, legal, state.current_player())
    assert legal[values.index(max(values))].kingdom == EAST
    assert sorted(values) == sorted(s for k, s in enumerate(shares) if k != GREEKS)


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda b: b["pairs"]["wins"][0].__setitem__(1, 101.0), "not well formed"),
        (lambda b: b["pairs"]["games"][3].__setitem__(3, 10), "against itself"),
        (lambda b: [b["seats"]["4"][k].__setitem__(1, 0) for k in ("games", "wins")], "never"),
        (lambda b: b["seats"]["5"].__setitem__("wins", [1.0] * 5), "not well formed"),
        (lambda b: b["pairs"]["games"].pop(), "not well formed"),
        (lambda b: b["seats"].pop("6"), "not well formed"),
        (lambda b: b["pairs"]["wins"][2].__setitem__(0, True), "not well formed"),
        (lambda b: b["seat_order"].pop("5"), "seat_order table is not one table for each"),
        (lambda b: b["seat_order"]["2"]["wins"].append(0.0), "seat_order 2 table is not well"),
        (lambda b: b["seat_order"]["3"].__setitem__("games", 0), "seat_order 3 table is not"),
        (lambda b: b["seat_order"]["3"].__setitem__("games", 200.0), "seat_order 3 table is not"),
        (lambda b: b["seat_order"]["4"]["wins"].__setitem__(0, -1.0), "seat_order 4 table is"),
        (lambda b: b["seat_order"]["4"]["wins"].__setitem__(0, 60.0), "180 wins in 150 games"),
        (lambda b: b["seat_order"]["6"].update(games=99, wins=[16.5] * 6), "counts other games"),
    ],
)
def test_a_spoilt_book_is_refused_by_name(spoil: Any, message: str) -> None:
    data = _book(_even_but(GREEKS, EAST), [0.5] * KINGDOMS)
    spoilt = copy.deepcopy(data)
    spoil(spoilt)
    with pytest.raises(ModelError, match=rf"kingdom book 'spoilt'.*{message}"):
        KingdomBook(spoilt, "spoilt")


def test_the_seat_table_gives_each_seats_share() -> None:
    data = _book(_even_but(GREEKS, EAST), [0.5] * KINGDOMS)
    book = KingdomBook(data, "test")
    assert book.seat_share(2) == pytest.approx([1 / 3, 2 / 3])
    assert book.seat_share(4) == pytest.approx([0.2, 0.2, 0.2, 0.4])
    assert book.seat_share(6) == pytest.approx([1 / 7] * 5 + [2 / 7])
    with pytest.raises(ValueError, match="7 players"):
        book.seat_share(7)
    # A book written before the seats were counted has no seat table: read, and said so.
    del data["seat_order"]
    assert KingdomBook(data, "older").seat_share(4) is None


def test_the_shipped_books_are_well_formed_and_say_how_they_were_made() -> None:
    assert "tactics" in book_names()
    for name in book_names():
        book = kingdom_book(name)
        data = json.loads((ai.kingdom_book.book_path(name)).read_text(encoding="utf-8"))
        assert data["agent"] and isinstance(data["seed"], int) and data["games"]["2"] > 0
        # Learned on the board new games are played on (R2.5): a new map is a new book.
        assert data.get("map", 1) == CURRENT_MAP
        for a in range(KINGDOMS):  # both seats' shares of a pairing are shares
            for b in range(KINGDOMS):
                assert 0.0 <= book.pair_share[a][b] <= 1.0
        # Every game of n seats deals n kingdoms.
        for n, seats in data["seats"].items():
            assert sum(seats["games"]) == int(n) * data["games"][n]
        # The seat table, where the book has one, counts the same games (the reader checks it
        # against the kingdoms' table, this against the games the book says were played).
        for n, order in data.get("seat_order", {}).items():
            assert order["games"] == data["games"][n]
            shares = book.seat_share(int(n))
            assert shares is not None and sum(shares) == pytest.approx(1.0)


def test_the_search_agent_picks_from_its_book_without_searching() -> None:
    agent = ai.agent_from_spec("ismcts:normal:kingdom_book=tactics")
    book = kingdom_book("tactics")
    for players in (2, 4):
        state = game.new_game(players, seed=3)
        legal = state.legal_actions()
        thinking = agent.begin(state.observe(0), legal, random.Random(1))
        assert thinking.step(1) and thinking.progress() == 1.0
        values = book.values(state, legal, state.current_player())
        assert thinking.best_action() == legal[values.index(max(values))]
        top = thinking.explain(1)[0]
        assert top.win_chance == max(values)
    # The other setup decisions are searched as before.
    state = game.new_game(2, seed=3, kingdoms=[GREEKS, EAST])
    assert state.phase != P_PICK
    assert isinstance(agent.begin(state.observe(0), state.legal_actions(), random.Random(1)),
                      ai.Search)  # fmt: skip


def test_an_unknown_book_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match=r"unknown kingdom_book 'nope'; choose from .*\btactics\b"):
        ai.agent_from_spec("ismcts:normal:kingdom_book=nope")
    with pytest.raises(ModelError, match="unknown kingdom book 'nope'"):
        kingdom_book("nope")


def test_the_table_tool_writes_a_book_the_agent_reads_and_resumes(tmp_path: Any) -> None:
    tool = load_tool("kingdom_table", "_strategos_kingdom_table_under_test")
    out, chunks = tmp_path / "kingdoms_small.json", tmp_path / "chunks.jsonl"
    # Random seats: the table's counts and its resume are under test, not who plays the games.
    argv = ["--agent", "random", "--games", "60", "12", "12", "12", "12", "--seed", "4",
            "--out", str(out), "--chunks", str(chunks)]  # fmt: skip
    data = tool.main(argv)
    assert json.loads(out.read_text()) == data
    games = data["pairs"]["games"]
    assert all(games[a][b] == (0 if a == b else 2) for a in range(6) for b in range(6))
    # Each game's returns share one win among its seats.
    assert sum(data["seats"]["2"]["wins"]) == pytest.approx(60)
    assert sum(data["seats"]["3"]["wins"]) == pytest.approx(12)
    # The seat table counts the same games by seat: the games each seat count played, and
    # each seat's wins as the chunks hold them (returns in seat order).
    played = [game for line in chunks.read_text().splitlines()
              for game in json.loads(line)["games"]]  # fmt: skip
    for n, count in zip(range(2, 7), [60, 12, 12, 12, 12], strict=True):
        wins = [sum(r[seat] for k, r in played if len(k) == n) for seat in range(n)]
        assert data["seat_order"][str(n)] == {"games": count, "wins": pytest.approx(wins)}
    # At two seats every ordered pair of kingdoms is dealt as often: seat 0's wins are the
    # pairs table's, summed.
    assert data["seat_order"]["2"]["wins"][0] == pytest.approx(sum(map(sum, data["pairs"]["wins"])))
    shares = KingdomBook(data, "small").seat_share(2)
    assert shares == pytest.approx([w / 60 for w in data["seat_order"]["2"]["wins"]])
    book = KingdomBook(data, "small")
    state = game.new_game(3, seed=1)
    values = book.values(state, state.legal_actions(), 0)
    assert all(0.0 <= v <= 1.0 for v in values)
    # Killed after its first chunk and a half: run again, it plays the rest to the same book.
    lines = chunks.read_text().splitlines()
    assert len(lines) == 6  # 60 games at two seats in chunks of 50, one chunk for each other
    chunks.write_text(lines[0] + "\n" + lines[1][:40])
    assert tool.main(argv) == data
    assert len(chunks.read_text().splitlines()) == 6  # the cut line gone, the rest played
    with pytest.raises(SystemExit):
        tool.main([*argv[:-4], "--seed", "5", "--out", str(out), "--chunks", str(chunks)])
    with pytest.raises(SystemExit):
        tool.main(["--games", "60", "0", "12", "12", "12", "--out", str(out)])
    for bad in (["--seed", str(2**62)], ["--games", "100001", "1", "1", "1", "1"]):
        with pytest.raises(SystemExit):  # before any game, not a traceback from a worker
            tool.main([*argv[:8], *bad, "--out", str(out), "--chunks", str(tmp_path / "n")])
    # A notes file given as --chunks is refused and left as it was.
    notes = tmp_path / "notes.jsonl"
    notes.write_text("my notes", encoding="utf-8")
    with pytest.raises(SystemExit):
        tool.main([*argv[:-1], str(notes)])
    assert notes.read_text(encoding="utf-8") == "my notes"


def test_chunks_from_before_the_seat_table_make_a_book_with_it_without_playing(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A chunk has always held each game's kingdoms and returns in seat order: the chunks of a
    run made before the seats were counted are counted by seat too, no game played again."""
    tool = load_tool("kingdom_table", "_strategos_kingdom_table_for_old_chunks")
    out, chunks = tmp_path / "book.json", tmp_path / "chunks.jsonl"
    games = {2: [[[0, 1], [0.0, 1.0]], [[1, 0], [0.0, 1.0]]],
             3: [[[2, 4, 5], [0.5, 0.0, 0.5]]],
             4: [[[0, 1, 2, 3], [0.0, 0.0, 0.0, 1.0]]],
             5: [[[0, 1, 2, 3, 4], [1.0, 0.0, 0.0, 0.0, 0.0]]],
             6: [[[0, 1, 2, 3, 4, 5], [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]]]}  # fmt: skip
    lines = [{"agent": "random", "seed": 4, "map": CURRENT_MAP, "players": n, "first": 0,
              "count": len(played), "games": played} for n, played in games.items()]  # fmt: skip
    chunks.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")

    def no_play(task: Any) -> Any:
        raise AssertionError(f"played {task}, which the chunks hold")

    monkeypatch.setattr(tool, "play", no_play)
    data = tool.main(["--agent", "random", "--games", "2", "1", "1", "1", "1", "--seed", "4",
                      "--out", str(out), "--chunks", str(chunks)])  # fmt: skip
    assert data["seat_order"] == {
        "2": {"games": 2, "wins": [0.0, 2.0]},
        "3": {"games": 1, "wins": [0.5, 0.0, 0.5]},
        "4": {"games": 1, "wins": [0.0, 0.0, 0.0, 1.0]},
        "5": {"games": 1, "wins": [1.0, 0.0, 0.0, 0.0, 0.0]},
        "6": {"games": 1, "wins": [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]},
    }


CHUNK = {"agent": "random", "seed": 4, "players": 2, "first": 0, "count": 1,
         "games": [[[0, 1], [1.0, 0.0]]]}  # fmt: skip


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ({**CHUNK, "games": [[[0, 0], [1.0, 0.0]]]}, "its game 1 is not [2 kingdoms, 2 returns]"),
        ({**CHUNK, "games": [[[0, 9], [1.0, 0.0]]]}, "its game 1 is not [2 kingdoms, 2 returns]"),
        ({**CHUNK, "games": [[[0, 1], [1.0]]]}, "its game 1 is not [2 kingdoms, 2 returns]"),
        ({**CHUNK, "games": "x"}, "its 'games' is not a list of games"),
        ({**CHUNK, "count": 2}, "it holds 1 of the 2 games its 'count' says"),
        ({**CHUNK, "players": "2"}, "its 'players' is not a whole number"),
    ],
    ids=["a_kingdom_twice", "no_such_kingdom", "returns_short", "games_text", "count", "text"],
)
def test_chunks_that_do_not_hold_together_are_refused_before_any_game(
    tmp_path: Any, line: dict[str, Any], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Counted as they were: a kingdom twice in one game or a short count went into the book
    # unsaid, and "games": "x" ended the tool in a traceback where the table is summed.
    tool = load_tool("kingdom_table", "_strategos_kingdom_table_for_chunks")
    out, chunks = tmp_path / "book.json", tmp_path / "chunks.jsonl"
    chunks.write_text(json.dumps(line) + "\n", encoding="utf-8")
    argv = ["--agent", "random", "--games", "1", "1", "1", "1", "1", "--seed", "4",
            "--out", str(out), "--chunks", str(chunks)]  # fmt: skip
    err = usage_error(tool.main, argv, capsys)
    assert f"{chunks}:1: not a chunk of kingdom_table: {says}" in err, err
    assert chunks.read_text(encoding="utf-8") == json.dumps(line) + "\n" and not out.exists()
    chunks.write_bytes(b"\xbf\x00binary")  # was UnicodeDecodeError's own words
    assert "chunks.jsonl is not text (it is not UTF-8)" in usage_error(tool.main, argv, capsys)


def test_the_hint_at_the_pick_shows_the_books_shares_as_they_are() -> None:
    """The book's shares are measured probabilities: the hint shows them unmapped, the first
    the pick the presets make."""
    state = game.new_game(2, seed=3)
    view, legal = state.observe(0), state.legal_actions()
    shown = ai.hint(view, legal, seed=1, top=6)
    values = kingdom_book("tactics").values(state, legal, 0)
    assert [i.win_chance for i in shown] == sorted(values, reverse=True)
    pick = ai.agent_from_spec("ismcts:normal").begin(view, legal, random.Random(1))
    assert pick.calibrated and pick.step(1) and shown[0].action == pick.best_action()


def test_in_dealt_games_a_book_is_no_setting_at_all() -> None:
    """The arena's dealt games have no pick: a level measured there with or without the book
    played the same games (``lab.settings.with_kingdoms_dealt``, the ladder's check)."""
    from lab.settings import agent_settings, with_kingdoms_dealt

    with_book = agent_settings("ismcts:normal:kingdom_book=tactics")
    without = agent_settings("ismcts:normal:kingdom_book=")
    assert with_book != without
    assert with_kingdoms_dealt(with_book) == with_kingdoms_dealt(without) == without
    greedy: dict[str, Any] = {"name": "greedy", "level": None, "options": {}}
    assert with_kingdoms_dealt(greedy) == greedy


def test_chunks_of_another_map_are_refused(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """R2.5: a book counts the games of one map; chunks written before maps had versions were
    played on map 1 and are not resumed into a book of the current map."""
    tool = load_tool("kingdom_table", "_strategos_kingdom_table_for_map_1")
    chunks = tmp_path / "chunks.jsonl"
    line = {"agent": "random", "seed": 4, "players": 2, "first": 0, "count": 1,
            "games": [[[0, 1], [0.0, 1.0]]]}  # fmt: skip
    chunks.write_text(json.dumps(line) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        tool.main(["--agent", "random", "--games", "2", "1", "1", "1", "1", "--seed", "4",
                   "--out", str(tmp_path / "book.json"), "--chunks", str(chunks)])  # fmt: skip
    assert (
        f"chunks played on map 1, and this run plays map {CURRENT_MAP}" in capsys.readouterr().err
    )
