"""Edits of the board (R2.5) as data, the checks a map must pass after one, and the quest deck
that follows a map's islands (R9.1).

An edits file (``tools/map_edits.json``)::

    {"format": "strategos-map-edits", "version": 1,
     "edits": [{"id": "leuke", "why": "a sentence a reader of the map's notes understands",
                "ops": [{"drop_city": "salamis"}, {"add_city": {...city record...}},
                        {"add_ship": {...ship record...}}, {"drop_ship": "ship_lycian"},
                        {"add_route": ["leuke", "ship_pontus", "sea"]},
                        {"drop_route": ["knossos", "sparta"]},
                        {"set_kingdom": ["byzantium", "sarmatians"]}]}]}

An edit applies whole or not at all: a route it drops must be there, a city it adds must not.
"""

from __future__ import annotations

import copy
import math
from collections import deque
from pathlib import Path
from typing import Any

from json_files import read_json

EDITS_FORMAT = "strategos-map-edits"
KINGDOM_IDS = ("barbarians", "sarmatians", "greeks", "romans", "carthaginians", "eastern")
OPS = ("drop_city", "add_city", "add_ship", "drop_ship", "add_route", "drop_route", "set_kingdom")

# The limits the map's tests hold every map to (tests/test_map_data.py): R2.1's counts, and
# routes that follow real geography (a sea segment at most about 400 km, long lanes through
# ships, no crossing between two ports of more than 3 segments).
ORDINARY = (10, 14)
MAX_SEA_KM = 400
MAX_LAND_KM = 900
MAX_CROSSING = 3


class EditError(ValueError):
    """An edits file that cannot be read, or an edit that does not fit the map."""


def read_edits(path: Path) -> list[dict[str, Any]]:
    data = read_json(path, "map edits")
    if data.get("format") != EDITS_FORMAT or data.get("version") != 1:
        raise EditError(f"{path} is not a map edits file (format {EDITS_FORMAT}, version 1)")
    edits = data.get("edits")
    if not isinstance(edits, list) or not edits:
        raise EditError(f"{path}: 'edits' must be a list of edits")
    seen: set[str] = set()
    for number, edit in enumerate(edits, 1):
        ok = (
            isinstance(edit, dict) and isinstance(edit.get("id"), str)
            and isinstance(edit.get("why"), str) and edit["why"].strip() != ""
            and isinstance(edit.get("ops"), list) and edit["ops"] != []
            and all(isinstance(op, dict) and len(op) == 1 and next(iter(op)) in OPS
                    for op in edit["ops"])
        )  # fmt: skip
        if not ok:
            raise EditError(
                f"{path}: edit {number} needs an id, a why and ops, each one of {', '.join(OPS)}"
            )
        if edit["id"] in seen:
            raise EditError(f"{path}: two edits are named {edit['id']!r}")
        seen.add(edit["id"])
    return edits


def _route_key(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def apply_edit(board: dict[str, Any], edit: dict[str, Any]) -> dict[str, Any]:
    """A new map: ``board`` with every op of ``edit``, or EditError saying which op failed."""
    out = copy.deepcopy(board)
    for op in edit["ops"]:
        ((kind, value),) = op.items()
        where = f"edit {edit['id']!r}, {kind} {value!r}"
        ids = {n["id"] for n in out["cities"] + out["ships"]}
        if kind in ("drop_city", "drop_ship"):
            group = "cities" if kind == "drop_city" else "ships"
            if value not in {n["id"] for n in out[group]}:
                raise EditError(f"{where}: the map has no such node")
            out[group] = [n for n in out[group] if n["id"] != value]
            out["routes"] = [r for r in out["routes"] if value not in (r["a"], r["b"])]
        elif kind in ("add_city", "add_ship"):
            if not isinstance(value, dict) or value.get("id") in ids:
                raise EditError(f"{where}: a node record with a new id is needed")
            out["cities" if kind == "add_city" else "ships"].append(dict(value))
        elif kind == "add_route":
            a, b, sea = value
            if a not in ids or b not in ids or sea not in ("land", "sea"):
                raise EditError(f"{where}: needs two nodes of the map and 'land' or 'sea'")
            if any(_route_key(r["a"], r["b"]) == _route_key(a, b) for r in out["routes"]):
                raise EditError(f"{where}: the route is there already")
            out["routes"].append({"a": a, "b": b, "kind": sea})
        elif kind == "drop_route":
            a, b = value
            kept = [r for r in out["routes"] if _route_key(r["a"], r["b"]) != _route_key(a, b)]
            if len(kept) == len(out["routes"]):
                raise EditError(f"{where}: the map has no such route")
            out["routes"] = kept
        else:  # set_kingdom
            city, kingdom = value
            record = next((c for c in out["cities"] if c["id"] == city), None)
            if record is None or record.get("capital") or kingdom not in KINGDOM_IDS:
                raise EditError(f"{where}: needs an ordinary city and a kingdom id")
            record["kingdom"] = kingdom
    return out


def km(a: dict[str, Any], b: dict[str, Any]) -> float:
    """Great-circle distance, as the map's tests measure a route."""
    la, lb = math.radians(a["lat"]), math.radians(b["lat"])
    dl = math.radians(b["lon"] - a["lon"])
    h = math.sin((lb - la) / 2) ** 2 + math.cos(la) * math.cos(lb) * math.sin(dl / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(h))


def map_problems(board: dict[str, Any]) -> list[str]:
    """What keeps ``board`` from being a map this game may be played on (R2.1-R2.4, the
    geography limits of R2.5); empty when nothing does."""
    cities = {c["id"]: c for c in board["cities"]}
    ships = {s["id"]: s for s in board["ships"]}
    nodes = {**cities, **ships}
    problems = []
    for k in KINGDOM_IDS:
        own = [c for c in cities.values() if c.get("kingdom") == k]
        capitals = sum(1 for c in own if c.get("capital"))
        if capitals != 3 or not ORDINARY[0] <= len(own) - capitals <= ORDINARY[1]:
            problems.append(f"R2.1: {k} has {capitals} capitals and {len(own) - capitals} others")
    islands = [c for c in cities.values() if c.get("island")]
    if len(islands) != 3 or any(c.get("kingdom") for c in islands):
        problems.append("R2.4: the map needs three islands outside all kingdoms")
    adj: dict[str, list[tuple[str, bool]]] = {n: [] for n in nodes}
    for r in board["routes"]:
        sea = r["kind"] == "sea"
        limit = MAX_SEA_KM if sea else MAX_LAND_KM
        if km(nodes[r["a"]], nodes[r["b"]]) > limit:
            problems.append(f"R2.5: {r['a']}-{r['b']} is longer than {limit} km")
        if not sea and (r["a"] in ships or r["b"] in ships):
            problems.append(f"R2.3: the land route {r['a']}-{r['b']} touches a ship")
        adj[r["a"]].append((r["b"], sea))
        adj[r["b"]].append((r["a"], sea))
    for c in islands:
        if not adj[c["id"]] or not all(sea for _, sea in adj[c["id"]]):
            problems.append(f"R2.4: the island {c['id']} must be reached by sea and only by sea")
    for s in ships:
        if len(adj[s]) < 2:
            problems.append(f"R2.3: the ship {s} is a dead end")
    seen = {next(iter(nodes))}
    queue = deque(seen)
    while queue:
        for other, _ in adj[queue.popleft()]:
            if other not in seen:
                seen.add(other)
                queue.append(other)
    if len(seen) != len(nodes):
        problems.append(f"R2.5: {len(nodes) - len(seen)} nodes cannot be reached")
    for start in cities:  # a crossing ends at the first port it reaches
        dist = {start: 0}
        queue = deque([start])
        while queue:
            u = queue.popleft()
            if u != start and u in cities:
                continue
            for v, sea in adj[u]:
                if sea and v not in dist:
                    dist[v] = dist[u] + 1
                    queue.append(v)
        far = [end for end, d in dist.items() if end in cities and d > MAX_CROSSING]
        if far:
            problems.append(f"R2.3: crossing {start}-{far[0]} takes more than {MAX_CROSSING}")
    return problems


def quests_for(board: dict[str, Any]) -> dict[str, Any]:
    """The quest decks of ``board`` (R9.1): two 'destroy a floor' cards per capital, three
    island cards per island, one 'destroy completely' card per kingdom naming the capital it
    lists first, three 'defeat a level-4 general' cards; in that order, as the first map's
    ``quests.json`` lists them."""
    capitals = [c["id"] for k in KINGDOM_IDS for c in board["cities"]
                if c.get("kingdom") == k and c.get("capital")]  # fmt: skip
    islands = [c["id"] for c in board["cities"] if c.get("island")]
    first = [next(c for c in capitals if _kingdom(board, c) == k) for k in KINGDOM_IDS]
    cards = [{"id": f"ord_{c}_{i}", "deck": "ordinary", "type": "destroy_floor", "city": c}
             for c in capitals for i in (1, 2)]  # fmt: skip
    cards += [{"id": f"isl_{c}_{i}", "deck": "special", "type": "build_island", "city": c}
              for c in islands for i in (1, 2, 3)]  # fmt: skip
    cards += [{"id": f"raze_{c}", "deck": "special", "type": "destroy_city", "city": c}
              for c in first]  # fmt: skip
    cards += [{"id": f"defeat_l4_{i}", "deck": "special", "type": "defeat_level4", "city": None}
              for i in (1, 2, 3)]  # fmt: skip
    return {
        "format": 1,
        "version": board.get("version"),
        "notes": [
            "R9.1: made from the map by tools/map_edits.py (quests_for): two 'destroy a floor' "
            "cards for each of the 18 capitals, 3 'build a 2-floor tower' cards for each of the "
            f"islands {', '.join(islands)}, one 'destroy city completely' card per kingdom naming "
            "its capital listed first, and 3 'defeat a level-4 general' cards."
        ],
        "cards": cards,
    }


def _kingdom(board: dict[str, Any], city: str) -> str:
    return str(next(c["kingdom"] for c in board["cities"] if c["id"] == city))
