"""Golden replays: seeded whole games recorded by tools/build/make_golden.py, replayed and compared.

A difference means the rules engine now plays these games differently. If that is intended (a
rule change), regenerate with ``python3 tools/build/make_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game import GameRecord, GameState
from game.rules.scoring import winners
from tests.tool_scripts import load_tool

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_the_golden_games_are_there() -> None:
    names = {p.stem for p in FILES}
    assert {"2p_base", "4p_all_patches", "6p_coins_only"} <= names


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_exactly(path: Path) -> None:
    data = _load(path)
    record = GameRecord.from_json(json.dumps(data["record"]))  # also replays it once
    state = record.replay()
    assert state.is_terminal()
    expected = data["summary"]
    n = state.num_players
    assert state.season_name() == expected["season"] and state.round == expected["round"]
    assert json.loads(state.to_json())["phase"] == expected["phase"]
    assert state.scores() == expected["scores"]
    assert winners(state) == expected["winners"]
    assert state.points == expected["points"]
    assert [state.destroyed_by(s) for s in range(n)] == expected["destroyed"]
    assert [state.floors_standing(s) for s in range(n)] == expected["standing"]
    assert json.loads(state.to_json()) == data["final_state"]
    assert GameState.from_json(json.dumps(data["final_state"])).to_json() == state.to_json()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_is_written_as_it_reads(path: Path) -> None:
    data = _load(path)
    record = GameRecord.from_json(json.dumps(data["record"]))
    assert record.to_dict() == data["record"]


@pytest.mark.parametrize("name", sorted(load_tool("build/make_golden", "_golden_for_test").GAMES))
def test_the_generator_still_plays_the_golden_game(name: str) -> None:
    """The same seeded policy makes the same game, so ``make_golden.py --check`` stays quiet
    until the engine plays otherwise (then: regenerate, and review why)."""
    make_golden = load_tool("build/make_golden", "_golden_for_test")
    players, seed, rules = make_golden.GAMES[name]
    stored = _load(GOLDEN / f"{name}.json")
    assert make_golden.play(players, seed, rules)["record"] == stored["record"]
