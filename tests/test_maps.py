"""The map's versions (R2.5): one file per version, each named by its version, the current one
for new games, map 1 frozen for the games played on it, an unknown version refused in words."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

import game
from game.content import (
    CURRENT_MAP,
    MAP_VERSIONS,
    ContentError,
    MapSpec,
    default_map,
    get_map,
    load_map,
)
from game.rules import movement
from tests.map_checks import DATA, MAPS, QUESTS, map_versions

# Map 1 as the games before maps had versions were played on it, notes aside: a change to it
# would make them replay differently, or not at all. A new board is a new version.
FROZEN = {
    "maps": "cc89773381fab433a6965bc4fb36be3d7f04cabd025c67d95a53eae226c3b379",
    "quests": "f7c3783578c3e23f5acefc83c2ddd58738596f40afe36513e4f826bdd9785031",
}


def test_the_files_are_the_maps_1_to_the_current_one() -> None:
    for folder in (MAPS, QUESTS):
        names = sorted(p.name for p in folder.iterdir())
        assert names == sorted(f"{v}.json" for v in MAP_VERSIONS), (folder, names)
    assert map_versions() == list(MAP_VERSIONS)
    assert tuple(range(1, CURRENT_MAP + 1)) == MAP_VERSIONS
    assert not (DATA / "map.json").exists() and not (DATA / "quests.json").exists()


@pytest.mark.parametrize("version", MAP_VERSIONS)
def test_each_map_loads_as_its_version(version: int) -> None:
    board = get_map(version)
    assert board.version == version
    assert get_map(version) is board  # shared by every game on it
    assert load_map(version).version == version


def test_new_games_are_played_on_the_current_map() -> None:
    assert default_map() is get_map(CURRENT_MAP)
    assert game.new_game(2, seed=1).board is get_map(CURRENT_MAP)


@pytest.mark.parametrize("kind", sorted(FROZEN))
def test_map_1_never_changes(kind: str) -> None:
    data = json.loads((DATA / kind / "1.json").read_text(encoding="utf-8"))
    del data["notes"]
    text = json.dumps(data, sort_keys=True, ensure_ascii=False)
    assert hashlib.sha256(text.encode()).hexdigest() == FROZEN[kind], (
        f"game/data/{kind}/1.json changed: games played on map 1 replay only on it as it was. "
        "A new board is a new map version."
    )


def test_every_map_has_the_same_six_kingdoms() -> None:
    """The client names and colours a kingdom where no game's board is at hand (the tokens, the
    Last games list): every map gives a kingdom the same id, names, colour and letter."""

    def kingdoms(version: int) -> list[tuple[str, ...]]:
        return [(k.id, k.name_en, k.name_ru, k.color, k.letter) for k in get_map(version).kingdoms]

    for version in MAP_VERSIONS:
        assert kingdoms(version) == kingdoms(1), f"map {version} changes a kingdom"


@pytest.mark.parametrize("version", [0, 99, CURRENT_MAP + 1, True, "1", 2.0, None])
def test_an_unknown_map_is_refused_in_words(version: object) -> None:
    with pytest.raises(ContentError, match=r"^There is no map .+: this edition has maps 1 to"):
        get_map(version)  # type: ignore[arg-type]


def _copy_of_map_1(tmp_path: Path, name: int) -> Path:
    for kind in ("maps", "quests"):
        (tmp_path / kind).mkdir(parents=True)
        shutil.copy(DATA / kind / "1.json", tmp_path / kind / f"{name}.json")
    return tmp_path


def test_a_map_file_must_be_of_the_version_it_is_named_by(tmp_path: Path) -> None:
    data = _copy_of_map_1(tmp_path, 7)
    with pytest.raises(ContentError, match=r"maps/7\.json says it is map 1"):
        load_map(7, data)
    assert load_map(1, _copy_of_map_1(tmp_path / "b", 1)).version == 1


@pytest.mark.parametrize("value", [None, "1", 0, True])
def test_a_map_file_must_name_its_version(tmp_path: Path, value: object) -> None:
    data = _copy_of_map_1(tmp_path, 1)
    path = data / "maps" / "1.json"
    board = json.loads(path.read_text(encoding="utf-8"))
    board["version"] = value
    path.write_text(json.dumps(board), encoding="utf-8")
    with pytest.raises(ContentError, match="the map file must name its map version"):
        load_map(1, data)


def test_a_map_plays_with_its_own_deck(tmp_path: Path) -> None:
    data = _copy_of_map_1(tmp_path, 1)
    path = data / "quests" / "1.json"
    deck = json.loads(path.read_text(encoding="utf-8"))
    deck["version"] = 2
    path.write_text(json.dumps(deck), encoding="utf-8")
    with pytest.raises(ContentError, match="the quest file is of map 2, the map file of map 1"):
        load_map(1, data)


def test_a_missing_map_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read the data of map 3"):
        load_map(3, tmp_path)


def test_the_move_tables_are_each_boards_own(other_current_map: MapSpec) -> None:
    """The engine keeps what it worked out of a board (reachable cities, the rings of R6.2) for
    later turns: a node number of one map must never be answered with another map's."""
    boards = (get_map(1), other_current_map, get_map(1))
    for board in boards:
        for src in range(0, board.num_cities, 7):
            for winter in (False, True):
                adj = board.land_adj if winter else board.all_adj
                near = {src}
                for _ in range(3):
                    near |= {n for x in near for n in adj[x]}
                assert movement.ball(board, src, 3, winter) == near, (board.version, src)
                ends = {n for n in near - {src} if not board.is_ship[n]}
                found = movement.destinations(board, src, 6 if winter else 3, winter, set(), set())
                assert set(found) == ends, (board.version, src, winter)
    # The same moves from the same numbered city are not the same on the two maps.
    src = get_map(1).city("roma")
    first, other = (set(movement.destinations(b, src, 4, False, set(), set())) for b in boards[:2])
    assert first != other


def test_a_record_is_made_only_of_a_game_on_a_map_of_this_edition(tmp_path: Path) -> None:
    """A record names its map by number: a game on a board loaded from elsewhere would replay
    on the shipped map of that number, another board."""
    stray = load_map(1, _copy_of_map_1(tmp_path, 1))
    with pytest.raises(ContentError, match="this game's board is not map 1 of this edition"):
        game.GameRecord.for_state(game.new_game(2, seed=1, board=stray))
    assert game.GameRecord.for_state(game.new_game(2, seed=1, board=get_map(1))).map_version == 1
