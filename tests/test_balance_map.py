"""The board's balance tools (R2.5): edits as data, the checks a map must pass, the quest deck
that follows the islands (R9.1), and the search's determinism and resumption on a tiny run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.tool_scripts import ROOT, load_tool, usage_error

balance = load_tool("balance_map", "_strategos_balance_map_under_test")
edits_module = load_tool("map_edits", "_strategos_map_edits_under_test")
MAP_1 = ROOT / "game" / "data" / "maps" / "1.json"
# Random seats: the search's and the table's bookkeeping are under test, not how the games go.
AGENT = "random"


def _map_1() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MAP_1.read_text(encoding="utf-8"))
    return data


def _edits_file(tmp_path: Path, edits: list[dict[str, Any]]) -> Path:
    path = tmp_path / "edits.json"
    path.write_text(json.dumps({"format": "strategos-map-edits", "version": 1, "edits": edits}))
    return path


DROP_CROSSING = {"id": "crete_off_laconia", "why": "a test", "ops": [
    {"drop_route": ["knossos", "sparta"]}]}  # fmt: skip
TOO_LONG = {"id": "gibraltar_to_ostia", "why": "a test", "ops": [
    {"add_route": ["gades", "ostia", "sea"]}]}  # fmt: skip


def test_r9_1_the_deck_made_from_map_1_is_map_1s_deck() -> None:
    deck = json.loads((ROOT / "game" / "data" / "quests" / "1.json").read_text(encoding="utf-8"))
    made = edits_module.quests_for(_map_1())
    assert made["cards"] == deck["cards"]
    assert made["version"] == 1


def test_r2_4_the_island_cards_follow_the_islands() -> None:
    board = _map_1()
    for city in board["cities"]:
        if city["id"] == "knossos":
            city["id"] = "corcyra"
    cards = [c for c in edits_module.quests_for(board)["cards"] if c["type"] == "build_island"]
    assert {c["city"] for c in cards} == {"caralis", "corcyra", "salamis"}
    assert len(cards) == 9


def test_an_edit_applies_whole_and_leaves_its_map_alone() -> None:
    board = _map_1()
    edited = edits_module.apply_edit(board, DROP_CROSSING)
    assert len(edited["routes"]) == len(board["routes"]) - 1
    assert board == _map_1()
    with pytest.raises(edits_module.EditError, match="no such route"):
        edits_module.apply_edit(edited, DROP_CROSSING)


def test_r2_the_checks_refuse_what_the_map_tests_refuse() -> None:
    assert edits_module.map_problems(_map_1()) == []
    long_lane = edits_module.apply_edit(_map_1(), TOO_LONG)
    assert any("longer than 400 km" in p for p in edits_module.map_problems(long_lane))
    bridged = _map_1()
    bridged["routes"].append({"a": "knossos", "b": "sparta", "kind": "land"})
    assert any("only by sea" in p for p in edits_module.map_problems(bridged))


def test_an_edits_file_without_reasons_is_refused(tmp_path: Path) -> None:
    path = _edits_file(tmp_path, [{"id": "x", "why": " ", "ops": DROP_CROSSING["ops"]}])
    with pytest.raises(edits_module.EditError, match="needs an id, a why and ops"):
        edits_module.read_edits(path)


def _search(tmp_path: Path, name: str, edits: Path) -> dict[str, Any]:
    out = tmp_path / name / "map.json"
    result: dict[str, Any] = balance.main([
        "search", "--base", str(MAP_1), "--edits", str(edits), "--games", "60", "0", "60",
        "--steps", "1", "--finalists", "1", "--out", str(out), "--agent", AGENT,
        "--report", str(tmp_path / name / "report.json"),
        "--games-log", str(tmp_path / "games.jsonl"),
    ])  # fmt: skip
    return result


def test_the_search_is_seeded_and_resumes_without_playing_again(tmp_path: Path) -> None:
    """Two runs of one command give the same report and map; the second finds every game in
    the log and plays none, the line a stop cut short dropped."""
    edits = _edits_file(tmp_path, [DROP_CROSSING, TOO_LONG])
    first = _search(tmp_path, "first", edits)
    log_lines = (tmp_path / "games.jsonl").read_text().splitlines()
    with (tmp_path / "games.jsonl").open("a") as log:  # a chunk cut short by a stop
        log.write('{"agent": "random", "seed": 1, "map": "')
    second = _search(tmp_path, "second", edits)
    assert (tmp_path / "games.jsonl").read_text().splitlines() == log_lines
    assert first == second
    assert (tmp_path / "first" / "map.json").read_text() == (
        tmp_path / "second" / "map.json"
    ).read_text()
    (step,) = first["steps"]
    assert "+gibraltar_to_ostia" in step["refused"]  # over 400 km of open sea: never played
    assert list(step["tried"]) == ["+crete_off_laconia"]
    assert json.loads((tmp_path / "first" / "map.quests.json").read_text())["version"] == 1


def test_steps_0_scores_a_proposal_at_the_seat_counts_given(tmp_path: Path) -> None:
    edits = _edits_file(tmp_path, [DROP_CROSSING])
    out = tmp_path / "proposal" / "map.json"
    result = balance.main([
        "search", "--base", str(MAP_1), "--edits", str(edits), "--games", "60", "60", "60", "0",
        "60", "--steps", "0", "--start", "crete_off_laconia", "--out", str(out), "--agent", AGENT,
    ])  # fmt: skip
    assert result["taken"] == ["crete_off_laconia"] and result["steps"] == []
    assert set(result["final"]["shares"]) == {"2", "3", "4", "6"}
    assert len(json.loads(out.read_text())["routes"]) == len(_map_1()["routes"]) - 1


def test_measure_gives_every_kingdom_seat_and_pairing(tmp_path: Path) -> None:
    out = tmp_path / "table.json"
    table = balance.main(["measure", str(MAP_1), "--games", "60", "60", "0", "0", "0",
                          "--seed", "5", "--out", str(out), "--agent", AGENT])  # fmt: skip
    two = table["2"]
    assert two["games"] == 60 and len(two["seats"]) == 2 and len(two["pairings"]) == 15
    assert sum(k["games"] for k in two["kingdoms"].values()) == 120
    assert abs(sum(two["seats"]) - 1) < 1e-9
    assert sum(k["games"] for k in table["3"]["kingdoms"].values()) == 180
    assert "4" not in table
    assert json.loads(out.read_text()) == table


def test_games_that_are_not_whole_chunks_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(balance.main, ["measure", str(MAP_1), "--games", "50", "0", "0", "0", "0",
                                     "--out", "x.json"], capsys)  # fmt: skip
    assert "multiples of 60" in err


def test_search_games_name_three_to_five_seat_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edits = _edits_file(tmp_path, [DROP_CROSSING])
    for counts in (["60", "60"], ["60"] * 6):
        argv = ["search", "--base", str(MAP_1), "--edits", str(edits), "--games", *counts,
                "--out", "x.json"]  # fmt: skip
        err = usage_error(balance.main, argv, capsys)
        assert "three to five counts" in err


def test_the_metrics_see_map_1s_islands_as_the_write_up_says() -> None:
    """experiments/balance.md: on map 1 the Greeks had all three islands within a turn of a
    capital and the Sarmatians none; Carthago stood one segment from Sardinia."""
    metrics = load_tool("map_metrics", "_strategos_map_metrics_under_test").metrics(_map_1())
    assert metrics["greeks"]["islands_in_one_turn"] == 3
    assert metrics["sarmatians"]["islands_in_one_turn"] == 0
    assert metrics["carthaginians"]["islands"][0] == 1
    assert metrics["eastern"]["enemy_towers_in_one_winter_turn"] == 0
