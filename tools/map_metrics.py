"""What makes a kingdom strong on a map (R2.5): distances from its capitals, where its
generals start (R3.3), to the islands (R9.5), to the enemy towers and to the quest targets,
in route segments and in turns, summer and winter; the enemy generals that reach its towers in
one turn; its sea access. Prints a Markdown table per measure:

    python tools/map_metrics.py game/data/maps/1.json [game/data/maps/2.json …]

A turn moves a general at most 6 segments (R5.1: one die; three dice trade for a 6, R4.3); in
winter no sea route is open and a land segment costs 2 (R5.3), so at most 3 segments, and an
island cannot be reached at all. Standard library only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import DataFileError, read_json
from map_edits import KINGDOM_IDS

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
# The graph measures the map's tests use (tests/test_map_data.py), as tools/build/check_map.py does.
from tests import map_checks as maps

FAR = 99
SUMMER_REACH = 6  # segments a general can cover in one summer turn
WINTER_REACH = 3  # land segments in one winter turn


def _distances(board: dict[str, Any], sea: bool) -> dict[str, dict[str, int]]:
    adj = maps.adjacency(board, ("land", "sea") if sea else ("land",))
    return {start: maps.bfs(adj, start) for start in adj}


def _turns(segments: int, reach: int) -> str:
    return "—" if segments >= FAR else str(-(-segments // reach))


def metrics(board: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per kingdom id, the measures named in the module's docstring."""
    summer, winter = _distances(board, True), _distances(board, False)
    caps = {k: [c["id"] for c in board["cities"] if c.get("kingdom") == k and c.get("capital")]
            for k in KINGDOM_IDS}  # fmt: skip
    islands = [c["id"] for c in board["cities"] if c.get("island")]
    sea_ports = {r[end] for r in board["routes"] if r["kind"] == "sea" for end in ("a", "b")}
    out: dict[str, dict[str, Any]] = {}
    for k in KINGDOM_IDS:
        own = caps[k]
        enemy_caps = [c for k2 in KINGDOM_IDS if k2 != k for c in caps[k2]]
        island_d = sorted(min(summer[c].get(i, FAR) for c in own) for i in islands)
        enemy_d = {c2: min(summer[c].get(c2, FAR) for c in own) for c2 in enemy_caps}
        winter_d = {c2: min(winter[c].get(c2, FAR) for c in own) for c2 in enemy_caps}
        threats = sum(1 for c in own for c2 in enemy_caps if summer[c2].get(c, FAR) <= 6)
        cities = [c["id"] for c in board["cities"] if c.get("kingdom") == k]
        out[k] = {
            "islands": island_d,
            "islands_in_one_turn": sum(1 for d in island_d if d <= SUMMER_REACH),
            "general_island": sorted(min(summer[c].get(i, FAR) for i in islands) for c in own),
            "enemy_towers_nearest": min(enemy_d.values()),
            "enemy_towers_in_one_turn": sum(1 for d in enemy_d.values() if d <= SUMMER_REACH),
            "enemy_towers_in_one_winter_turn": sum(
                1 for d in winter_d.values() if d <= WINTER_REACH
            ),
            "quest_targets_mean": round(
                (sum(enemy_d.values()) * 2 + sum(island_d) * 3) / (2 * len(enemy_d) + 9), 2
            ),
            "threats_in_one_turn": threats,
            "sea_ports": sum(1 for c in cities if c in sea_ports),
            "capitals_on_sea": sum(1 for c in own if c in sea_ports),
        }
    return out


ROWS = [
    ("islands", "segments from the nearest capital to each island, nearest first"),
    ("islands_in_one_turn", "islands a general can reach from a capital in one summer turn"),
    ("general_island", "each capital's segments to its nearest island"),
    ("enemy_towers_nearest", "segments from a capital to the nearest enemy capital"),
    ("enemy_towers_in_one_turn", "enemy capitals within one summer turn of a capital"),
    ("enemy_towers_in_one_winter_turn", "the same in winter (land only, 2 points a segment)"),
    ("quest_targets_mean", "mean segments to the targets of the quest cards it can draw"),
    ("threats_in_one_turn", "(enemy capital, own capital) pairs within one turn: the enemy "
     "generals that start within a turn of its towers"),
    ("sea_ports", "own cities with a sea route"),
    ("capitals_on_sea", "capitals with a sea route"),
]  # fmt: skip


def table(boards: dict[str, dict[str, Any]]) -> str:
    names = list(boards)
    found = {name: metrics(board) for name, board in boards.items()}
    lines = []
    for key, what in ROWS:
        lines.append(f"**{key}**: {what}\n")
        lines.append("| map | " + " | ".join(KINGDOM_IDS) + " |")
        lines.append("|---" * (len(KINGDOM_IDS) + 1) + "|")
        for name in names:
            cells = [str(found[name][k][key]).replace(" ", "") for k in KINGDOM_IDS]
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", type=Path, nargs="+", help="map files (game/data/maps/N.json)")
    args = parser.parse_args(argv)
    try:
        boards = {str(path): read_json(path, "map") for path in args.maps}
    except DataFileError as err:
        parser.error(str(err))
    print(table(boards))
    return 0


if __name__ == "__main__":
    main()
