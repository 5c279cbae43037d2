"""A current map unlike map 1, for tests that must tell the two apart whatever the shipped
current map is (map 2 began as a copy of map 1): the same places, but in another order (so a
node number names another place), other English names, and some land routes gone (so a game
of map 1 does not replay on it). ``other_current_map`` puts it in the place of the shipped
current map for one test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game import content
from game.content import CURRENT_MAP, MapSpec, load_map
from tests.map_checks import DATA


def make_other_map(folder: Path) -> MapSpec:
    """Map ``CURRENT_MAP`` made from map 1 as the module says, written into ``folder``."""
    data: dict[str, Any] = json.loads((DATA / "maps" / "1.json").read_text(encoding="utf-8"))
    data["version"] = CURRENT_MAP
    cities = data["cities"]
    # Each kingdom's capitals stay first (R9.1), its ordinary cities come in reverse order.
    grouped: list[dict[str, Any]] = []
    for kingdom in [k["id"] for k in data["kingdoms"]] + [None]:
        own = [c for c in cities if c["kingdom"] == kingdom]
        grouped += [c for c in own if c["capital"]] + [c for c in own if not c["capital"]][::-1]
    for city in grouped:
        city["name_en"] = f"{city['name_en']} Nova"
    data["cities"] = grouped
    data["ships"] = data["ships"][::-1]
    # Every third land route goes, where both its cities keep another route.
    degree: dict[str, int] = {}
    for route in data["routes"]:
        for end in (route["a"], route["b"]):
            degree[end] = degree.get(end, 0) + 1
    kept = []
    for i, route in enumerate(data["routes"]):
        a, b = route["a"], route["b"]
        if route["kind"] == "land" and i % 3 == 0 and degree[a] > 2 and degree[b] > 2:
            degree[a] -= 1
            degree[b] -= 1
        else:
            kept.append(route)
    data["routes"] = kept
    deck = json.loads((DATA / "quests" / "1.json").read_text(encoding="utf-8"))
    deck["version"] = CURRENT_MAP
    for kind, text in (("maps", data), ("quests", deck)):
        (folder / kind).mkdir(parents=True, exist_ok=True)
        (folder / kind / f"{CURRENT_MAP}.json").write_text(json.dumps(text), encoding="utf-8")
    return load_map(CURRENT_MAP, folder)


@pytest.fixture
def other_current_map(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MapSpec:
    """The map of ``make_other_map`` as the shipped current one (``get_map(CURRENT_MAP)``,
    ``default_map()``), for one test."""
    other = make_other_map(tmp_path / "other-map")
    shipped = content._shipped

    def maps(version: int) -> MapSpec:
        return other if version == CURRENT_MAP else shipped(version)

    monkeypatch.setattr(content, "_shipped", maps)
    return other
