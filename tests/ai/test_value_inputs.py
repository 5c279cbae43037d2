"""The files the value fits read and write (tools/train_value.py, value_exit.py): games or
samples too few to both fit and measure are refused before the fit; several self-play files are
read as one, each file's games apart from the others' though their indices restart at 0; a
model is written into folders that are not there yet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tool_scripts import load_tool, usage_error

np = pytest.importorskip("numpy")
train_value = load_tool("train_value", "_strategos_train_value_for_inputs")
selfplay = load_tool("selfplay", "_strategos_selfplay_for_value_inputs")
targets = load_tool("search_targets", "_strategos_search_targets_for_value_inputs")
value_exit = load_tool("value_exit", "_strategos_value_exit_for_inputs")


def _games(path: Path, count: int) -> Path:
    """A self-play file of ``count`` random two-seat games, numbered from 0 as selfplay's are."""
    lines = (json.dumps(selfplay.play("random", 1, index, (2,))) for index in range(count))
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def test_train_value_refuses_games_too_few_to_hold_one_out_before_the_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One game, none held out: the report measured nothing, and the model was written with
    # exit code 0.
    games = _games(tmp_path / "games.jsonl", 1)
    model, report = tmp_path / "m.json", tmp_path / "r.json"
    argv = [str(games), "--out", str(model), "--report", str(report), "--steps", "2"]
    err = usage_error(train_value.main, argv, capsys)
    assert "the data holds 1 game, 0 of them held out" in err, err
    assert "so give at least 12 games" in err
    assert not model.exists() and not report.exists()
    # Known from the games' indices: refused before any feature, no cache left by the run.
    assert not _cache(games).exists()


def test_games_too_few_in_several_files_are_refused_with_what_each_file_needs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # "give at least 12 games" was said of several files too, each numbered from 0: two files
    # of 6 games (12 games) hold one out, two of 3 games none, and game 3 of the second file
    # is held out where game 3 of the first is not.
    first, second = _games(tmp_path / "a.jsonl", 3), _games(tmp_path / "b.jsonl", 3)
    argv = [str(first), str(second), "--out", str(tmp_path / "m.json"),
            "--report", str(tmp_path / "r.json"), "--steps", "2"]  # fmt: skip
    err = usage_error(train_value.main, argv, capsys)
    assert "the data holds 6 games in 2 files, 0 of them held out" in err, err
    assert f"game 11 of {first}, game 3 of {second}), so give {first} at least 12" in err
    assert f"or {second} at least 4 games" in err and "at least 12 games" not in err
    files = train_value.read_files([first, _games(tmp_path / "c.jsonl", 4)])
    games = train_value.numbered(files)
    assert train_value.too_few_games(games, train_value.held_out(games), [first, second]) == ""


def _cache(games: Path) -> Path:
    """The features cache train_value keeps beside a self-play file."""
    return games.with_suffix(".features.npz")


def _copy(games: Path, folder: Path) -> Path:
    """``games`` in ``folder``: a self-play file with no features cache beside it yet."""
    copy = folder / games.name
    copy.write_bytes(games.read_bytes())
    return copy


@pytest.fixture(scope="module")
def two_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Two self-play files of 12 games each, numbered 0 to 11 in both (game 11 held out), a
    sample file of the first file's games 0 and 1 (``samples``) and one of game 0 alone
    (``held``: value_exit's held-out game only)."""
    folder = tmp_path_factory.mktemp("two_files")
    first, second = _games(folder / "a.jsonl", 12), _games(folder / "b.jsonl", 12)
    lines = [json.loads(line) for line in first.read_text(encoding="utf-8").split("\n")[:2]]
    files = {"first": first, "second": second}
    for name, games in (("samples", lines), ("held", lines[:1])):
        sampled = [
            s for line in games for s in targets.sample_game(line, 3, "ismcts:easy:iterations=8")
        ]
        files[name] = folder / f"{name}.jsonl"
        files[name].write_text("".join(json.dumps(s) + "\n" for s in sampled), encoding="utf-8")
    return files


def test_two_files_games_of_one_index_are_read_as_two_games(two_files: dict[str, Path]) -> None:
    # Indices restart in each file: files concatenated as they were held game 11 of both out
    # together and counted each pair of games as one.
    first, second = two_files["first"], two_files["second"]
    one = train_value.load_files([first])
    both = train_value.load_files([first, second])
    assert len(both["game"]) == 2 * len(one["game"])
    assert both["game"][len(one["game"]) :].min() == train_value.FILE_STRIDE


def test_a_self_play_file_given_twice_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], two_files: dict[str, Path]
) -> None:
    # Its games were fitted twice; as --test as well, the fit was measured on games it fitted.
    first = two_files["first"]
    for more in ([str(first)], ["--test", str(first)]):
        argv = [str(first), *more, "--out", str(tmp_path / "m.json"),
                "--report", str(tmp_path / "r.json"), "--steps", "2"]  # fmt: skip
        err = usage_error(train_value.main, argv, capsys)
        assert f"{first} is given twice: its games would count twice" in err, err
    assert not (tmp_path / "m.json").exists()


def _wrong(path: Path, wrong: str) -> Path:
    if wrong == "empty":
        path.write_text("", encoding="utf-8")
    elif wrong == "notes":
        path.write_text("my notes\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("wrong", ["missing", "empty", "notes"])
@pytest.mark.parametrize("tool", ["train_value --test", "train_value", "value_exit"])
def test_a_wrong_file_later_in_the_list_is_refused_before_any_feature_is_extracted(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    two_files: dict[str, Path],
    tool: str,
    wrong: str,
) -> None:
    # train_value g12.jsonl --test missing.jsonl extracted (and cached) the first file's
    # features before it found the second file missing: minutes on real data.
    games = str(_copy(two_files["first"], tmp_path))
    later = str(_wrong(tmp_path / "later.jsonl", wrong))
    samples = str(two_files["samples"])
    argv = {
        "train_value --test": [games, "--test", later],
        "train_value": [games, later],
        "value_exit": [samples, "--games", games, "--outcomes", games,
                       "--test-outcomes", later, "--compare"],
    }[tool]  # fmt: skip
    module = value_exit if tool == "value_exit" else train_value
    out, report = tmp_path / "m.json", tmp_path / "r.json"
    err = usage_error(module.main, [*argv, "--out", str(out), "--report", str(report)], capsys)
    assert f"error: {later}" in err and "Traceback" not in err, err
    assert not _cache(Path(games)).exists() and not out.exists() and not report.exists()


def test_two_games_of_one_index_in_a_file_are_refused_not_one_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], two_files: dict[str, Path]
) -> None:
    # Two runs' games joined into one file (cat a.jsonl b.jsonl): the features of all 24 were
    # extracted, then kept by index, and the fit saw 12 games with exit code 0.
    joined = tmp_path / "joined.jsonl"
    joined.write_bytes(two_files["first"].read_bytes() + two_files["second"].read_bytes())
    argv = [str(joined), "--out", str(tmp_path / "m.json"), "--report", str(tmp_path / "r.json"),
            "--steps", "2"]  # fmt: skip
    err = usage_error(train_value.main, argv, capsys)
    assert f"{joined} holds two games of index 0: the fit tells games apart" in err, err
    assert not _cache(joined).exists() and not (tmp_path / "m.json").exists()


def test_a_sample_file_given_twice_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], two_files: dict[str, Path]
) -> None:
    # Its positions were read twice and each fitted twice, with exit code 0 or 1.
    samples = str(two_files["samples"])
    out, report = tmp_path / "m.json", tmp_path / "r.json"
    argv = [samples, *_exit_argv(two_files, two_files["samples"], out, report)]
    err = usage_error(value_exit.main, argv, capsys)
    assert f"{samples} is given twice: its samples would count twice" in err, err
    assert not out.exists() and not report.exists()


def test_a_game_index_beyond_a_file_s_stride_is_refused_among_several(
    tmp_path: Path, two_files: dict[str, Path]
) -> None:
    # Offset by a file's stride, it would be taken for a game of the next file.
    far = tmp_path / "far.jsonl"
    line = selfplay.play("random", 1, train_value.FILE_STRIDE, (2,))
    far.write_text(json.dumps(line) + "\n", encoding="utf-8")
    assert len(train_value.load_files([far])["game"])  # alone it is read as it is
    with pytest.raises(train_value.DataFileError, match="holds game 1000000: several files"):
        train_value.load_files([far, two_files["first"]])


def _exit_argv(files: dict[str, Path], samples: Path, out: Path, report: Path) -> list[str]:
    games = str(files["first"])
    return [str(samples), "--games", games, "--outcomes", games, "--test-outcomes", games,
            "--steps", "2", "--compare", "--out", str(out), "--report", str(report)]  # fmt: skip


def test_samples_of_held_out_games_only_are_refused_not_a_numpy_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], two_files: dict[str, Path]
) -> None:
    # Game 0's positions are all held out: the fit's ranking loss over no position ended in
    # numpy's "index 0 out-of-bounds in maximum.reduceat".
    out, report = tmp_path / "m.json", tmp_path / "r.json"
    argv = _exit_argv(two_files, two_files["held"], out, report)
    err = usage_error(value_exit.main, argv, capsys)
    assert "hold positions to rank of 0 games to fit and 1 to measure the fit on" in err, err
    assert "Traceback" not in err and not out.exists() and not report.exists()


def _same_scores(*_: object) -> dict[str, float]:
    """Every forecast scored alike: each fit then forecasts as well as v1, and is written."""
    return {"log_loss": 0.5, "brier": 0.25, "positions": 1}


def test_a_model_is_written_into_a_folder_not_there_yet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, two_files: dict[str, Path]
) -> None:
    # check_outputs let the folder be made; only the report's was, and the model's write ended
    # the finished fit in a FileNotFoundError.
    out, report = tmp_path / "new" / "m.json", tmp_path / "r.json"
    monkeypatch.setattr(value_exit, "scores", _same_scores)
    assert value_exit.main(_exit_argv(two_files, two_files["samples"], out, report)) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "strategos-value"


@pytest.mark.parametrize(
    ("more", "says"),
    [
        (["--l2", "nan"], "--l2 nan is not a number: give a finite number from 0"),
        (["--l2", "-1"], "--l2 -1 is below 0: give a finite number from 0"),
        (["--l2", "inf"], "--l2 inf is infinite: give a finite number from 0"),
        (["--values-weight", "inf"], "--values-weight inf is infinite"),
        (["--compare", "value_nosuch"], "'value_nosuch' cannot be read"),
    ],
)
def test_a_value_that_cannot_be_fitted_is_refused_before_the_samples(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], more: list[str], says: str
) -> None:
    # A nan or negative L2 fitted a nan model or one pushed away from its start (written with
    # exit code 0); an unknown model was found only after the samples' positions were made.
    gone = tmp_path / "gone.jsonl"
    argv = [str(gone), "--games", str(gone), "--outcomes", str(gone), "--test-outcomes",
            str(gone), "--out", str(tmp_path / "m.json"),
            "--report", str(tmp_path / "r.json")]  # fmt: skip
    err = usage_error(value_exit.main, [*argv, *more], capsys)
    assert says in err and "gone.jsonl" not in err, err


@pytest.mark.parametrize("damage", [b"not a zip at all", b"PK\x03\x04cut short"])
def test_a_features_cache_that_does_not_read_is_made_again(
    tmp_path: Path, damage: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    # The cache beside the data is the tool's own: a damaged one ended the fit in numpy's
    # BadZipFile or "pickled data" traceback.
    games = _games(tmp_path / "games.jsonl", 2)
    fresh = train_value.load(games)
    cache = games.with_suffix(".features.npz")
    cache.write_bytes(damage)
    again = train_value.load(games)
    assert f"{cache}: not a features cache that reads" in capsys.readouterr().err
    assert all(np.array_equal(fresh[k], again[k]) for k in fresh)
    assert cache.read_bytes() != damage  # made again from the games
    train_value.load(games)
    assert "not a features cache" not in capsys.readouterr().err


def test_a_games_file_written_again_is_not_read_from_the_old_games_features(
    tmp_path: Path,
) -> None:
    # A refit after a new map wrote its games under the old name with the same indices, and the
    # features of the old map's games came back from the cache: the model was fitted again on
    # the old games, without a word.
    def written(path: Path, seed: int) -> Path:
        lines = (json.dumps(selfplay.play("random", seed, index, (2,))) for index in range(3))
        path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        return path

    games = written(tmp_path / "games.jsonl", 1)
    old = train_value.load(games)
    written(games, 2)
    again = train_value.load(games)
    (tmp_path / "fresh").mkdir()
    fresh = train_value.load(written(tmp_path / "fresh" / "games.jsonl", 2))
    assert all(np.array_equal(fresh[k], again[k]) for k in fresh)
    assert not all(old[k].shape == again[k].shape and np.array_equal(old[k], again[k]) for k in old)
