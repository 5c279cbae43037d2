"""Games saved before the map had versions still load and replay exactly, on map 1 (R2.5).

The files in tests/data/map1/ were written by the code of that time, which also wrote what
each replays to (expected.json: see the README there). Each test runs with a current map
unlike map 1 in the shipped one's place (``other_current_map``), so a file read on the current
map instead of map 1 would not replay, or would name other places. The client's own files
(autosave, kept games, exports) are read the way the client reads them in tests/web.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import game
from game import CURRENT_MAP, GameRecord, GameState, MapSpec, get_map
from game.serialize import state_from_json

OLD = Path(__file__).resolve().parent / "data" / "map1"
EXPECTED: dict[str, Any] = json.loads((OLD / "expected.json").read_text(encoding="utf-8"))
RECORDS = sorted(name for name in EXPECTED if name.startswith("record_"))


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def old_text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def check_state(state: GameState, expected: dict[str, Any]) -> None:
    """``state`` is the one the old code had: its JSON form that of then with ``"map": 1``."""
    data = json.loads(state.to_json())
    assert data.pop("map") == 1
    assert data == expected["state"]
    # The old text itself: the same keys, sorted, the same way (``state_to_json``).
    assert sha(json.dumps(data, ensure_ascii=False, sort_keys=True)) == expected["state_sha256"]
    assert state.scores() == expected["scores"]
    assert state.is_terminal() == expected["terminal"]


def check_texts(record: GameRecord, expected: dict[str, Any]) -> None:
    """Every action is told with map 1's names, as the old code told it."""
    texts = [a.describe(record.board) for a in record.actions]
    assert len(texts) == expected["actions"]
    assert texts[-5:] == expected["last_action_texts"]
    assert sha("\n".join(texts)) == expected["action_texts_sha256"]


@pytest.mark.parametrize("name", RECORDS)
def test_an_old_record_replays_exactly_on_map_1(name: str, other_current_map: MapSpec) -> None:
    record = GameRecord.from_json(old_text(OLD / name))
    assert record.map_version == 1 and record.board is get_map(1)
    state = record.replay()
    assert state.board is get_map(1)
    check_state(state, EXPECTED[name])
    check_texts(record, EXPECTED[name])


@pytest.mark.parametrize("name", RECORDS)
def test_an_old_record_saved_again_names_map_1(name: str, other_current_map: MapSpec) -> None:
    old = json.loads(old_text(OLD / name))
    record = GameRecord.from_json(old_text(OLD / name))
    again = record.to_dict()
    assert again.pop("map") == 1
    assert again == old  # nothing else changes
    assert GameRecord.from_json(record.to_json()).replay().to_json() == record.replay().to_json()


def test_an_old_record_does_not_replay_on_another_map(other_current_map: MapSpec) -> None:
    """What the tests above rule out: the other map is unlike map 1 enough to tell."""
    data = json.loads(old_text(OLD / "record_6p_dealt.json"))
    data["map"] = CURRENT_MAP
    with pytest.raises(game.StateFormatError, match=r"does not replay|names no place"):
        GameRecord.from_dict(data)


def test_an_old_saved_state_loads_on_map_1(other_current_map: MapSpec) -> None:
    expected = EXPECTED["state_4p_mid.json"]
    state = GameState.from_json(old_text(OLD / "state_4p_mid.json"))
    assert state.board is get_map(1)
    check_state(state, expected)
    legal = state.legal_actions()
    assert [a.describe(state.board) for a in legal] == expected["legal_texts"]
    # Typed as the log shows them, the actions are found on the game's own map.
    assert [game.parse_action(state, text) for text in expected["legal_texts"]] == legal
    with pytest.raises(game.StateFormatError, match="played on map 1; it cannot be read on map"):
        state_from_json(old_text(OLD / "state_4p_mid.json"), GameState, other_current_map)


def test_a_new_game_is_played_on_the_current_map(other_current_map: MapSpec) -> None:
    state = game.new_game(3, seed=5)
    assert state.board is other_current_map
    record = GameRecord.for_state(state)
    assert record.map_version == CURRENT_MAP and record.to_dict()["map"] == CURRENT_MAP
    assert json.loads(state.to_json())["map"] == CURRENT_MAP
    legal = state.legal_actions()
    action = legal[0]
    state.apply_action(action)
    record.append(action)
    assert GameRecord.from_json(record.to_json()).replay().to_json() == state.to_json()
    assert GameRecord(3).new_state().board is other_current_map


@pytest.mark.parametrize(
    "value, says",
    [
        (99, "This game record is played on map 99, which this edition does not have"),
        ("x", "The game record is damaged: its map must be a whole number from 1, not 'x'"),
        (True, "The game record is damaged: its map must be a whole number from 1, not True"),
        (1.0, "its map must be a whole number from 1, not 1.0"),
        (0, "its map must be a whole number from 1, not 0"),
        (None, "its map must be a whole number from 1, not None"),
    ],
)
def test_a_record_of_a_map_this_edition_lacks_is_refused_in_words(value: object, says: str) -> None:
    data = json.loads(old_text(OLD / "record_2p_dealt.json"))
    data["map"] = value
    with pytest.raises(game.StateFormatError) as refused:
        GameRecord.from_dict(data)
    assert says in str(refused.value)


@pytest.mark.parametrize("value", [99, "x", True, 1.0])
def test_a_state_of_a_map_this_edition_lacks_is_refused_in_words(value: object) -> None:
    data = json.loads(old_text(OLD / "state_4p_mid.json"))
    data["map"] = value
    with pytest.raises(game.StateFormatError, match=r"map (99, which|must be a whole number)"):
        GameState.from_json(json.dumps(data))


def test_a_refusal_names_the_places_of_the_games_map(other_current_map: MapSpec) -> None:
    """What the engine says of a game's actions is said with the game's own map."""
    expected = EXPECTED["state_4p_mid.json"]
    state = GameState.from_json(old_text(OLD / "state_4p_mid.json"))
    with pytest.raises(game.IllegalActionError) as refused:
        game.parse_action(state, "Fly to the moon")
    said = str(refused.value)
    assert expected["legal_texts"][0] in said and "Nova" not in said


# Records of each later map, written while it was the current one (tests/data/mapN).
PINNED_MAPS = (2, 3)
PINNED: dict[tuple[int, str], dict[str, Any]] = {
    (version, name): expected
    for version in PINNED_MAPS
    for name, expected in json.loads(
        (Path(__file__).resolve().parent / "data" / f"map{version}" / "expected.json").read_text(
            encoding="utf-8"
        )
    ).items()
}


@pytest.mark.parametrize(("version", "name"), sorted(PINNED))
def test_a_record_of_a_later_map_replays_exactly_on_it(version: int, name: str) -> None:
    """Games of every map keep their board (R2.5): a record written while its map was the
    current one replays on that map whatever map new games are played on."""
    expected = PINNED[(version, name)]
    folder = Path(__file__).resolve().parent / "data" / f"map{version}"
    record = GameRecord.from_json(old_text(folder / name))
    assert record.map_version == version and record.board is get_map(version)
    state = record.replay()
    assert state.board is get_map(version) and json.loads(state.to_json())["map"] == version
    assert sha(state.to_json()) == expected["state_sha256"]
    assert state.scores() == expected["scores"] and state.is_terminal()
    texts = [a.describe(record.board) for a in record.actions]
    assert len(texts) == expected["actions"]
    assert texts[-5:] == expected["last_action_texts"]
    assert sha("\n".join(texts)) == expected["action_texts_sha256"]
