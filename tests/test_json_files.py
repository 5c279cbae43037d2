"""How the offline tools read their JSON files (tools/json_files.py): a file that cannot be
read, is not text, or holds a line that is not what it should be ends the tool with one line
naming the file and the line, exit code 2, never a traceback."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import game
from game import CHANCE, GameRecord
from tests.tool_scripts import load_tool, usage_error

json_files = load_tool("json_files", "_strategos_json_files_for_tests")
train_value = load_tool("train_value", "_strategos_train_value_for_json_files")
tune_policy = load_tool("tune_policy", "_strategos_tune_policy_for_json_files")

RECORD = GameRecord.for_state(game.new_game(2, seed=1)).to_dict()  # a game that replays
GAME = json.dumps({"index": 0, "seed": 1, "record": RECORD, "returns": [1.0, 0.0]})
CUT = GAME[:17]  # a run stopped while writing the line


def test_lines_of_json_objects_are_read_blank_lines_skipped(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(f"{GAME}\n\n{GAME}\n", encoding="utf-8")
    rows = json_files.read_json_lines(path, "self-play game", ("index", "record"))
    assert rows == [json.loads(GAME)] * 2
    path.write_text("")
    assert json_files.read_json_lines(path, "self-play game") == []


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (f"{GAME}\n{GAME}\n{CUT}", "games.jsonl:3: not a self-play game: the line is not JSON"),
        ("my notes\n", "games.jsonl:1: not a self-play game: the line is not JSON"),
        (f"{GAME}\n[1, 2]\n", "games.jsonl:2: not a self-play game (not a JSON object)"),
        (f'{GAME}\n{{"index": 1}}\n', "games.jsonl:2: not a self-play game (it has no 'record')"),
        ("[" * 100_000, "games.jsonl:1: not a self-play game: the line is not JSON"),
    ],
    ids=["cut_short", "notes", "array", "no_record", "deep"],
)
def test_a_line_that_is_not_what_it_should_be_is_named(
    tmp_path: Path, content: str, says: str
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(json_files.DataFileError) as refused:
        json_files.read_json_lines(path, "self-play game", ("index", "record"))
    message = str(refused.value)
    assert message.startswith(f"{tmp_path}/") and says in message and "\n" not in message


def test_a_file_that_cannot_be_read_or_is_not_text_is_named(tmp_path: Path) -> None:
    binary = tmp_path / "model.npz"
    binary.write_bytes(b"PK\x03\x04\xff\xfe")
    for path, says in ((binary, "is not text"), (tmp_path / "gone.jsonl", "cannot be read"),
                       (tmp_path, "cannot be read")):  # fmt: skip
        for read in (json_files.read_json_lines, json_files.read_json):
            with pytest.raises(json_files.DataFileError, match=f"^{path}.*{says}"):
                read(path, "self-play game")


@pytest.mark.parametrize("content", ['{"run": {"seed": 1}, "units": [0.1,', "notes", ""])
def test_a_document_that_is_not_json_is_named(tmp_path: Path, content: str) -> None:
    path = tmp_path / "state.json"
    path.write_text(content, encoding="utf-8")
    says = r"state\.json: not a tuning state: (its text is not JSON|the file is empty)"
    with pytest.raises(json_files.DataFileError, match=says):
        json_files.read_json(path, "tuning state")


def test_a_main_reported_ends_with_the_message_and_code_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def main(argv: list[str] | None = None) -> int:
        raise json_files.DataFileError("games.jsonl:3: not a self-play game")

    with pytest.raises(SystemExit) as ended:
        json_files.reported(main)([])
    assert ended.value.code == 2
    assert (
        capsys.readouterr().err
        == "test_json_files.py: error: games.jsonl:3: not a self-play game\n"
    )


def refused(main: object, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What a tool's ``main`` says as it refuses ``argv``: exit code 2 and no traceback."""
    assert callable(main)
    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1
    return err


def test_train_value_names_a_games_line_cut_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "games.jsonl"
    games.write_text(f"{GAME}\n{CUT}", encoding="utf-8")
    argv = [str(games), "--out", str(tmp_path / "m.json"), "--report", str(tmp_path / "r.json")]
    err = refused(train_value.main, argv, capsys)
    assert err.startswith(
        f"train_value.py: error: {games}:2: not a self-play game: the line is not"
    )
    assert not (tmp_path / "m.json").exists()


def test_tune_policy_names_a_state_file_that_is_not_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state.json"
    for content, says in (('{"run": {"model": "x"}, "units": [0.1,', "its text is not JSON"),
                          ("[1, 2]", "(not a JSON object)")):  # fmt: skip
        state.write_text(content, encoding="utf-8")
        err = refused(
            tune_policy.main, ["--model", "m", "--games", "2", "--state", str(state)], capsys
        )
        assert err.startswith(f"tune_policy.py: error: {state}: not a tuning state") and says in err
        assert state.read_text(encoding="utf-8") == content


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ({"game": 0, "seed": 1, "action": 4, "visits": "abc"}, "'visits' is not a list of numbers"),
        ({"game": 0, "seed": 1, "action": [4], "visits": [1.0]}, "'action' is not a whole number"),
        ({"game": "0", "seed": 1, "action": 4, "visits": [1.0]}, "'game' is not a whole number"),
        ({"game": 0, "seed": 1, "action": 4, "visits": [1.0, None]}, "is not a list of numbers"),
        ({"game": 0, "seed": 1, "action": 4, "visits": [1], "values": "x"}, "numbers or nulls"),
        ({"game": 0, "seed": True, "action": 4, "visits": [1.0]}, "'seed' is not a whole"),
    ],
    ids=["text_visits", "list_action", "text_game", "null_visit", "text_values", "bool_seed"],
)
def test_a_value_of_the_wrong_kind_is_named_with_its_file_line_and_key(
    tmp_path: Path, line: dict[str, object], says: str
) -> None:
    path = tmp_path / "samples.jsonl"
    skipped = {"game": 1, "skipped": True}  # a game the sampler marked: none of the keys
    path.write_text(f"{json.dumps(skipped)}\n{json.dumps(line)}\n", encoding="utf-8")
    with pytest.raises(json_files.DataFileError) as refused:
        json_files.read_json_lines(
            path, "sampled game", json_files.SAMPLE, "skipped", {"values": json_files.VALUES}
        )
    assert str(refused.value).startswith(f"{path}:2: not a sampled game: its ")
    assert says in str(refused.value)


def test_a_sample_file_of_other_games_is_named_with_both_files(tmp_path: Path) -> None:
    # Paired with the wrong games, a sample's game was looked up and a KeyError ended the fit.
    search_targets = load_tool("search_targets", "_strategos_search_targets_for_json_files")
    games, samples = tmp_path / "games.jsonl", tmp_path / "samples.jsonl"
    games.write_text(f"{GAME}\n", encoding="utf-8")
    with pytest.raises(search_targets.DataFileError) as raised:
        search_targets.game_records(samples, games, [(1, 7)])
    says = str(raised.value)
    assert f"{samples} has samples of game 7 of seed 1, which {games} does not hold" in says


def test_a_sample_that_does_not_fit_its_game_is_named_with_both_files(tmp_path: Path) -> None:
    search_targets = load_tool("search_targets", "_strategos_search_targets_for_json_files")
    state = game.new_game(2, seed=3)
    record = GameRecord.for_state(state)
    rng = random.Random(3)
    while len(record.actions) < 20:
        chance = state.current_player() == CHANCE
        action = state.sample_chance(rng) if chance else rng.choice(state.legal_actions())
        state.apply_action(action)
        record.append(action)
    where = "s.jsonl, g.jsonl"
    with pytest.raises(
        search_targets.DataFileError, match=r"^s\.jsonl, g\.jsonl: game 0 has no action 20"
    ):
        search_targets.sampled_positions(record, [{"game": 0, "action": 20}], where)
    legal = len(search_targets.positions(record, [10])[0].legal_actions())
    wrong = {"game": 0, "action": 10, "visits": [1.0] * (legal + 1)}
    with pytest.raises(search_targets.DataFileError, match="at action 10 does not fit the game's"):
        search_targets.sampled_positions(record, [wrong], where)
    right = {**wrong, "visits": [1.0] * legal}
    assert len(search_targets.sampled_positions(record, [right], where)) == 1


@pytest.mark.parametrize("tool", ["train_value", "value_exit"])
def test_a_fit_s_output_that_cannot_be_written_is_refused_before_the_fit(
    tmp_path: Path, tool: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found only when the model was written: after the whole fit.
    main = load_tool(tool, f"_strategos_{tool}_for_outputs").main
    games = tmp_path / "gone.jsonl"  # never read: the outputs are checked first
    afile = tmp_path / "notes.txt"
    afile.write_text("x", encoding="utf-8")
    inputs = {
        "train_value": [str(games)],
        "value_exit": [
            str(games),
            "--games",
            str(games),
            "--outcomes",
            str(games),
            "--test-outcomes",
            str(games),
        ],
    }[tool]
    cases = [(tmp_path, tmp_path / "r.json", "is a folder"),
             (tmp_path / "m.json", afile / "r.json", "is a file, not a folder")]  # fmt: skip
    for out, report, says in cases:
        err = usage_error(main, [*inputs, "--out", str(out), "--report", str(report)], capsys)
        assert says in err and "gone.jsonl" not in err


@pytest.mark.parametrize(
    ("record", "returns", "says"),
    [
        ({}, [1.0, 0.0], "its 'record' is not a game that replays (This is not a Strategos game"),
        ({**RECORD, "players": 9}, [1.0, 0.0], "its 'record' is not a game that replays (The"),
        (RECORD, [0.5, 0.25, 0.25], "its 'returns' has 3 values for a game of 2 seats"),
    ],
    ids=["not_a_record", "nine_players", "returns_of_three"],
)
@pytest.mark.parametrize("tool", ["train_value", "search_targets", "calibrate_search"])
def test_a_self_play_game_that_does_not_hold_together_is_named_by_its_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    tool: str,
    record: dict[str, object],
    returns: list[float],
    says: str,
) -> None:
    # The record was decoded where it was used: GameRecord.from_dict's own error, a traceback
    # from a worker; returns of another length, a ValueError in the fit's arrays.
    games, samples = tmp_path / "games.jsonl", tmp_path / "samples.jsonl"
    bad = json.dumps({"index": 1, "seed": 1, "record": record, "returns": returns})
    games.write_text(f"{GAME}\n{bad}\n", encoding="utf-8")
    samples.write_text('{"game": 1, "seed": 1, "action": 0, "visits": [1.0]}\n', encoding="utf-8")
    outputs = ["--out", str(tmp_path / "m.json"), "--report", str(tmp_path / "r.json")]
    argv = {
        "train_value": [str(games), *outputs],
        "search_targets": ["sample", str(games), "--out", str(samples), "--agent", "random"],
        "calibrate_search": ["sample", str(games), "--out", str(samples), "--iterations", "1"],
    }[tool]
    main = load_tool(tool, f"_strategos_{tool}_for_played_games").main
    err = refused(main, argv, capsys)
    assert err.startswith(f"{tool}.py: error: {games}:2: not a self-play game: {says}"), err
    assert not (tmp_path / "m.json").exists()
