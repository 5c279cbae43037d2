"""The arena: Wilson intervals, seat rotation, the JSON report, a small smoke match."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from ai.kingdom_book import kingdom_book
from game import CURRENT_MAP, P_PICK, GameState, Rules
from game.actions import PickKingdom
from lab import arena
from lab.settings import agent_settings, from_log

ARENA = Path(__file__).resolve().parents[2] / "experiments" / "arena"


def test_wilson_interval() -> None:
    low, high = arena.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    low, high = arena.wilson(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_rules_switches() -> None:
    assert arena.parse_rules("coins,quests") == Rules(coins=True, battle_dice=False, quests=True)
    assert arena.parse_rules("none") == Rules(False, False, False)
    with pytest.raises(ValueError):
        arena.parse_rules("coins,magic")
    for unclear in ("", "none,coins"):
        with pytest.raises(ValueError, match="not clear"):
            arena.parse_rules(unclear)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--players", "0"], "--players must be 2 to 6"),
        (["--agents", ",,"], "--agents names no agent"),
        (["--seed", "99999999999999999999"], "--seed must be a whole number from -2\\*\\*43"),
        (["--rules", "none,quests"], "not clear"),
        (["--rules", "coins,quests,coins"], "name coins twice; name each patch once"),
        (["--agents", "ismcts:normal:hard,greedy"], "gives level twice"),
        (["--json", "."], "is a folder"),
        (["--agents", "greedy"], r"--agents names 1 agent, a seat each, .* 2 to 6 seats \(R1\.1\)"),
        (["--agents", ",".join(["random"] * 7)], "names 7 agents, a seat each"),
        (["--log", "no/such/folder/games.jsonl"], "there is no folder"),
    ],
)
def test_bad_values_are_refused_before_a_game_is_played(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        arena.main(["--agents", "greedy,random", "--games", "1", *argv])
    assert re.search(says, capsys.readouterr().err)


def test_a_report_that_cannot_be_written_is_said_after_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.json"
    out.mkdir()  # made after the check: the folder appears while the games are played
    monkeypatch.setattr(arena, "unwritable", lambda path: "")
    assert arena.main(["--agents", "policy,random", "--games", "1", "--json", str(out)]) == 2
    printed = capsys.readouterr()
    assert "win share" in printed.out and f"{out} cannot be written" in printed.err


def test_seats_rotate_within_a_deal() -> None:
    specs = ["random", "policy"]
    seen = set()
    for index in range(2):
        result = arena.play_game(specs, index, seed=5, rules=Rules(), players=2)
        seen.add(tuple(result.seats))
        assert sum(result.returns) in (0.0, pytest.approx(1.0))
    assert seen == {(0, 1), (1, 0)}


def test_smoke_match_and_json(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    code = arena.main(
        [
            "--agents", "ismcts:easy:iterations=8,policy,random",
            "--games", "3", "--seed", "2", "--rules", "coins,battle_dice,quests",
            "--json", str(out),
        ]
    )  # fmt: skip
    assert code == 0
    report = json.loads(out.read_text())
    assert report["games"] == 3 and report["players"] == 3
    names = [a["agent"] for a in report["agents"]]
    assert names == ["ismcts:easy:iterations=8", "policy", "random"]
    for entry in report["agents"]:
        for key in ("agent", "games", "win_share", "wilson_low", "wilson_high", "mean_score",
                    "mean_decision_ms"):  # fmt: skip
            assert key in entry
        assert entry["games"] == 3
        assert 0.0 <= entry["wilson_low"] <= entry["win_share"] <= entry["wilson_high"] <= 1.0
    assert sum(a["win_share"] for a in report["agents"]) <= 1.0 + 1e-9


def test_cheat_baseline_plays_through_the_arena() -> None:
    result = arena.play_game(
        ["cheat-mcts:easy:iterations=5", "random"], 0, seed=3, rules=Rules(), players=2
    )
    assert result.actions > 0


def test_a_logged_run_resumes_where_it_stopped(tmp_path: Path) -> None:
    specs = ["policy", "random"]
    log = str(tmp_path / "games.jsonl")
    whole = arena.tournament(specs, 4, seed=9, rules=Rules(), log=None)
    first = arena.tournament(specs, 2, seed=9, rules=Rules(), log=log)
    assert first["games"] == 2
    with open(log, "a", encoding="utf-8") as handle:
        handle.write('{"agents": ["policy", "rand')  # a write cut short by a kill
    resumed = arena.tournament(specs, 4, seed=9, rules=Rules(), log=log)
    for key in ("agents", "games", "mean_rounds", "mean_actions"):
        if key == "agents":
            strip = [{k: v for k, v in a.items() if "ms" not in k} for a in whole[key]]
            assert strip == [{k: v for k, v in a.items() if "ms" not in k} for a in resumed[key]]
        else:
            assert whole[key] == resumed[key]
    lines = Path(log).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4 and all(line.endswith("}") for line in lines)


def test_a_log_of_another_tournament_is_refused(tmp_path: Path) -> None:
    log = str(tmp_path / "games.jsonl")
    arena.tournament(["policy", "random"], 2, seed=9, rules=Rules(), log=log)
    with pytest.raises(ValueError, match="another tournament"):
        arena.tournament(["policy", "random"], 2, seed=10, rules=Rules(), log=log)
    with pytest.raises(ValueError, match="another tournament"):
        arena.tournament(["policy", "ismcts:easy"], 2, seed=9, rules=Rules(), log=log)
    (tmp_path / "bad.jsonl").write_text("not json\n{}\n")
    code = arena.main(["--agents", "greedy,random", "--games", "1", "--log",
                       str(tmp_path / "bad.jsonl")])  # fmt: skip
    assert code == 2


@pytest.mark.parametrize(
    "content",
    [b'{"hello": 1}', b"my notes, precious", b"\xff\xfe\x00 not text", b"[1, 2"],
    ids=["json", "words", "bytes", "cut_foreign"],
)
def test_a_log_pointing_at_another_file_is_refused_and_left_as_it_was(
    tmp_path: Path, content: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    # Only a last line of ours cut short may be dropped: any other file is not ours to change.
    other = tmp_path / "notes.jsonl"
    other.write_bytes(content)
    code = arena.main(["--agents", "greedy,random", "--games", "1", "--log", str(other)])
    assert code == 2 and other.read_bytes() == content
    assert "notes.jsonl" in capsys.readouterr().err
    with pytest.raises(ValueError, match=r"notes\.jsonl.* arena log"):
        arena.GameLog(str(other), ["greedy", "random"], 9, Rules(), 2).load()


@pytest.mark.parametrize(
    ("content", "says"),
    [("[]", "(not a JSON object)"), ("1", "(not a JSON object)"), ("{}", "(it has no 'agents')"),
     ('{"game": 0, "seats": [0, 1], "positions": []}', "(it has no 'agents')")],
    ids=["array", "number", "empty_object", "recorded_positions"],
)  # fmt: skip
def test_a_log_line_of_another_shape_is_said_in_words(
    tmp_path: Path, content: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The reading's own errors were shown: "list indices must be integers or slices, not
    # str", "'int' object is not subscriptable", or a bare key, "('agents')".
    from lab import pool

    other = tmp_path / "notes.jsonl"
    other.write_text(content + "\n", encoding="utf-8")
    for main, argv in ((arena.main, ["--agents", "greedy,random", "--games", "1", "--log"]),
                       (pool.main, [])):  # fmt: skip
        assert main([*argv, str(other)]) == 2
        assert f"{other}:1: not a game of an arena log {says}" in capsys.readouterr().err


@pytest.mark.parametrize(
    "change",
    [{"index": "x"}, {"index": -1}, {"returns": "ab"}, {"returns": [1.0]}, {"seats": [5, 9]},
     {"scores": [7, None]}, {"decision_ms": [[1.0]]}, {"rounds": 1.5}],
    ids=repr,
)  # fmt: skip
def test_a_logged_game_that_does_not_fit_its_tournament_is_refused(
    tmp_path: Path, change: dict[str, Any]
) -> None:
    """A line edited by hand: JSON of the right tournament whose game the report could not
    count (a traceback in summarize) or would count wrongly (an index of no game)."""
    log = tmp_path / "games.jsonl"
    arena.tournament(["policy", "random"], 2, seed=9, rules=Rules(), log=str(log))
    first, second = log.read_text(encoding="utf-8").splitlines()
    entry = json.loads(first)
    entry["game"].update(change)
    log.write_text(json.dumps(entry) + "\n" + second + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"games\.jsonl:1: not a game of an arena log"):
        arena.tournament(["policy", "random"], 2, seed=9, rules=Rules(), log=str(log))
    from lab import pool

    with pytest.raises(ValueError, match=r"games\.jsonl:1: not a game of an arena log"):
        pool.pool([str(log)])


def test_logs_and_reports_hold_settings_as_json(tmp_path: Path) -> None:
    """What each agent plays with: its name, level, kingdom book and every parameter of its
    search at two seats and at more, as JSON values."""
    specs = ["ismcts:normal:iterations=5", "random"]
    log = tmp_path / "games.jsonl"
    report = arena.tournament(specs, 1, seed=9, rules=Rules(), log=str(log))
    search, simple = json.loads(log.read_text(encoding="utf-8").splitlines()[0])["settings"]
    assert search["name"] == "ismcts" and search["level"] == "normal"
    assert search["kingdom_book"] == "tactics"
    two, more = search["two_seats"], search["more_seats"]
    assert two["iterations"] == more["iterations"] == 5
    assert two["playout"]["turns"] == 1 and more["playout"]["turns"] == 0
    assert two["evaluator"] == {"name": "fitted", "model": "value_v3"}
    assert (
        more["evaluator"]["name"] == "threat" and more["evaluator"]["weights"]["reach"][1] == 0.25
    )
    assert two["tree"]["prune"] is True and two["policy"]["name"] == "hand-built"
    assert simple == {"name": "random", "level": None}
    assert [a["settings"] for a in report["agents"]] == [search, simple]


def test_settings_of_one_search_for_every_seat_count_read_as_today_s() -> None:
    """Reports written while a preset was one search with options for more seats beside
    (``root_scale_many`` and its twins, the evaluator "v3-or-threat"), its components by their
    names of then ("v1", "v3"): the presets they measured read as the same presets today."""
    for name in ("normal_4p_vs_3tactics", "normal_book_vs_v1_pick_more"):
        report = json.loads((ARENA / f"{name}.json").read_text(encoding="utf-8"))
        for row in report["agents"]:
            assert "options" in row["settings"]
            assert from_log(row["agent"], row["settings"]) == agent_settings(row["agent"])


def test_a_log_of_repr_settings_reads_as_json_and_resumes(tmp_path: Path) -> None:
    """Logs written before settings were JSON hold the repr of the agent's SearchConfig, with
    options the search has since lost at the values every such game had, and without the
    components and options it has since gained (at the values those games had: no pruning, so
    the spec says ``prune=false`` now that the presets prune): read, they are today's settings
    of the same spec."""
    specs = ["ismcts:easy:iterations=5:prune=false", "greedy"]
    log, entry = _log_from_before_json(tmp_path, specs)
    resumed = arena.tournament(specs, 2, seed=9, rules=Rules(), log=str(log))
    assert resumed["games"] == 2
    key = arena.log_key(entry, ["settings"])
    assert key["settings"] == [a["settings"] for a in resumed["agents"]]
    played_otherwise = OLD_EASY_5.replace("transpositions=False", "transpositions=True")
    options = arena.log_key(dict(entry, settings=[played_otherwise, "'GreedyAgent'"]), ["settings"])
    assert options["settings"][0]["two_seats"]["transpositions"] is True
    entry["settings"] = [OLD_EASY_5.replace("iterations=5", "iterations=6"), "'GreedyAgent'"]
    log.write_text(json.dumps(entry) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="another tournament"):
        arena.tournament(specs, 2, seed=9, rules=Rules(), log=str(log))


# As a log of ``ismcts:easy:iterations=5`` recorded it before settings were JSON.
OLD_EASY_5 = (
    "SearchConfig(iterations=5, time_ms=0.0, c_puct=0.5, prior_temp=4.0, bias_visits=6.0, "
    "widen_c=2.5, widen_alpha=0.5, playout_turns=0, playout_epsilon=0.1, playout_moves=24, "
    "tree_chance=True, transpositions=False, duel_c=0.5, root_eval=True, reuse=True, "
    "reuse_min=0.34, minimax_weight=0.0, weights=Weights(imminent=0.55, "
    "reach=(0.0, 0.25, 0.12, 0.06, 0.03), same_target=0.3, extra_floor=0.2, raze_last=2.7, "
    "raze_step=0.6, raze_held=0.25, island_on=(1.8, 2.5), island_reach=1.3, level4_card=0.35, "
    "level=0.15, track=0.12, coin=0.15, floors_quests=0.35, qualify=1.4, standing_base=0.8, "
    "guard=0.0, beta_start=0.38, beta_end=0.55))"
)


def test_a_log_from_before_maps_had_versions_is_a_tournament_on_map_1(tmp_path: Path) -> None:
    """Its games were played on map 1: today's games, on the current map, are not added to it
    (R2.5), and the sentence says why."""
    log = tmp_path / "games.jsonl"
    arena.tournament(["policy", "random"], 1, seed=9, rules=Rules(), log=str(log))
    entry = json.loads(log.read_text(encoding="utf-8"))
    assert entry["map"] == CURRENT_MAP
    del entry["map"]
    log.write_text(json.dumps(entry) + "\n", encoding="utf-8")
    assert arena.log_key(entry, ["map", "pick"]) == {"map": 1, "pick": False}
    with pytest.raises(ValueError, match=r"another tournament \(other map\)"):
        arena.tournament(["policy", "random"], 2, seed=9, rules=Rules(), log=str(log))
    assert json.loads(log.read_text(encoding="utf-8")) == entry  # left as it was


def test_a_log_from_before_pruning_is_not_resumed_by_a_pruning_spec(tmp_path: Path) -> None:
    """Games of a log written before the search could prune were played without it: today's
    presets prune, so such a log belongs to another tournament."""
    log, _ = _log_from_before_json(tmp_path, ["ismcts:easy:iterations=5:prune=false", "greedy"])
    with pytest.raises(ValueError, match="another tournament"):
        arena.tournament(["ismcts:easy:iterations=5", "greedy"], 2, seed=9, rules=Rules(),
                         log=str(log))  # fmt: skip


def _log_from_before_json(tmp_path: Path, specs: list[str]) -> tuple[Path, dict[str, Any]]:
    """A log of one game of ``specs`` whose settings are written as before they were JSON."""
    log = tmp_path / "games.jsonl"
    arena.tournament(specs, 1, seed=9, rules=Rules(), log=str(log))
    entry = json.loads(log.read_text(encoding="utf-8"))
    entry["settings"] = [OLD_EASY_5, "'GreedyAgent'"]
    log.write_text(json.dumps(entry) + "\n", encoding="utf-8")
    return log, entry


def _game_states(specs: list[str], pick: bool) -> list[GameState]:
    """Every state game 0 of seed 4 passed through, as it then stood."""
    seen: list[GameState] = []
    arena.play_game(specs, 0, seed=4, rules=Rules(), players=2,
                    observer=lambda s: seen.append(s.clone()), pick=pick)  # fmt: skip
    return seen


def test_with_pick_the_seats_pick_their_kingdoms() -> None:
    """``--pick``: the game starts at the pick (R3.1), so what the seats pick is what they
    play; dealt, the deal's kingdoms are played whatever the seats would pick."""
    specs = ["ismcts:normal:kingdom_book=tactics:iterations=5", "random"]  # the pick is the book's
    dealt, picked = _game_states(specs, False), _game_states(specs, True)
    assert dealt[0].phase != P_PICK and picked[0].phase == P_PICK
    assert list(dealt[-1].seat_kingdom) == random.Random(4 * 1_000_003).sample(range(6), 2)
    start = picked[0]  # the first seat picks the book's best opening at two seats
    opening = kingdom_book("tactics").values(start, start.legal_actions(), 0)
    best = start.legal_actions()[opening.index(max(opening))]
    assert isinstance(best, PickKingdom) and picked[-1].seat_kingdom[0] == best.kingdom


def test_a_picked_log_and_a_dealt_one_are_other_tournaments(tmp_path: Path) -> None:
    specs = ["policy", "random"]
    log = str(tmp_path / "games.jsonl")
    report = arena.tournament(specs, 2, seed=9, rules=Rules(), log=log, pick=True)
    assert report["pick"] is True
    assert json.loads(Path(log).read_text().splitlines()[0])["pick"] is True
    with pytest.raises(ValueError, match="another tournament"):
        arena.tournament(specs, 2, seed=9, rules=Rules(), log=log)
    # A line written before --pick existed was dealt: a dealt run resumes it.
    dealt = tmp_path / "dealt.jsonl"
    arena.tournament(specs, 1, seed=9, rules=Rules(), log=str(dealt))
    line = json.loads(dealt.read_text())
    del line["pick"]
    dealt.write_text(json.dumps(line) + "\n")
    assert arena.tournament(specs, 1, seed=9, rules=Rules(), log=str(dealt))["games"] == 1
    with pytest.raises(ValueError, match="another tournament"):
        arena.tournament(specs, 1, seed=9, rules=Rules(), log=str(dealt), pick=True)
