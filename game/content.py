"""Static content: the maps and their quest decks, loaded once from ``game/data`` and shared.

The map has versions (R2.5): map N is ``game/data/maps/N.json`` with its deck
``game/data/quests/N.json``, each file naming its own version. New games are played on
``CURRENT_MAP``; a game is played to its end, and replayed ever after, on the map it began on,
so every version once shipped stays (a record or a save names its map). Maps need not share
nodes, node order or routes. What every map shares is the six kingdoms themselves (ids, names,
colours, letters): the client shows them where no game's board is at hand, and the tests hold
every map to it.

Everything here is immutable after loading, so every ``GameState`` refers to the same
``MapSpec`` and copying a state never copies the board (R2.5: the map is data, not code).
Nodes are numbered: cities first (in file order), then ships. Kingdom numbers follow R1.1.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeGuard

DATA_DIR = Path(__file__).resolve().parent / "data"

# The map new games are played on. Named here, not found as the highest file, so that making a
# new map the one people play is a change of one line, made on purpose (tests check that the
# files are maps 1 to CURRENT_MAP, none missing).
CURRENT_MAP = 4
MAP_VERSIONS = tuple(range(1, CURRENT_MAP + 1))

KINGDOM_IDS = ("barbarians", "sarmatians", "greeks", "romans", "carthaginians", "eastern")

DECK_NAMES = ("ordinary", "special")  # deck 0 and deck 1 (R9.1)

QUEST_DESTROY_FLOOR = "destroy_floor"
QUEST_DESTROY_CITY = "destroy_city"
QUEST_BUILD_ISLAND = "build_island"
QUEST_DEFEAT_LEVEL4 = "defeat_level4"
QUEST_TYPES = (QUEST_DESTROY_FLOOR, QUEST_DESTROY_CITY, QUEST_BUILD_ISLAND, QUEST_DEFEAT_LEVEL4)


class ContentError(ValueError):
    """A data file is missing, malformed or inconsistent."""


@dataclass(frozen=True, slots=True)
class GeneralSpec:
    index: int  # seat-independent: kingdom * 4 + i
    kingdom: int
    name_en: str
    name_ru: str


@dataclass(frozen=True, slots=True)
class KingdomSpec:
    index: int
    id: str
    name_en: str
    name_ru: str
    color: str
    letter: str
    capitals: tuple[int, ...]  # the first one is the principal capital (R9.1 decision)
    cities: tuple[int, ...]  # all cities of the kingdom, capitals included
    generals: tuple[GeneralSpec, ...]


@dataclass(frozen=True, slots=True)
class NodeSpec:
    index: int
    id: str
    name_en: str
    name_ru: str
    lat: float
    lon: float
    is_ship: bool
    kingdom: int  # -1 for ships and islands
    is_capital: bool
    is_island: bool


@dataclass(frozen=True, slots=True)
class QuestCard:
    index: int
    id: str
    deck: int
    type: str
    city: int  # -1 for "defeat a level-4 general"
    points: int  # R9.4: 1 ordinary, 3 special


@dataclass(frozen=True, slots=True)
class Route:
    a: int
    b: int
    sea: bool


class MapSpec:
    """The board and the quest cards of one map version, with lookup tables built once."""

    def __init__(self, map_data: dict[str, object], quest_data: dict[str, object]) -> None:
        self.version = _version(map_data, "map file")
        if _version(quest_data, "quest file") != self.version:
            raise ContentError(
                f"the quest file is of map {quest_data.get('version')!r}, the map file of map "
                f"{self.version}: a map plays with its own deck"
            )
        self._load_map(map_data)
        self._load_quests(quest_data)
        self._build_tables()

    # -- loading ---------------------------------------------------------------------------
    def _load_map(self, data: dict[str, object]) -> None:
        try:
            kingdoms_raw = _as_list(data["kingdoms"], "kingdoms")
            cities_raw = _as_list(data["cities"], "cities")
            ships_raw = _as_list(data.get("ships", []), "ships")
            routes_raw = _as_list(data["routes"], "routes")
        except KeyError as missing:
            raise ContentError(f"map file lacks {missing}") from None
        kingdom_ids = [str(_as_dict(k, "kingdom")["id"]) for k in kingdoms_raw]
        if tuple(kingdom_ids) != KINGDOM_IDS:
            raise ContentError(f"map kingdoms must be {KINGDOM_IDS}, got {kingdom_ids}")
        nodes: list[NodeSpec] = []
        by_id: dict[str, int] = {}
        for is_ship, raw in [(False, c) for c in cities_raw] + [(True, s) for s in ships_raw]:
            rec = _as_dict(raw, "node")
            node_id = str(rec["id"])
            if node_id in by_id:
                raise ContentError(f"duplicate node id {node_id!r}")
            kingdom_name = rec.get("kingdom")
            kingdom = KINGDOM_IDS.index(str(kingdom_name)) if kingdom_name else -1
            index = len(nodes)
            by_id[node_id] = index
            nodes.append(
                NodeSpec(
                    index=index,
                    id=node_id,
                    name_en=str(rec["name_en"]),
                    name_ru=str(rec["name_ru"]),
                    lat=float(str(rec["lat"])),
                    lon=float(str(rec["lon"])),
                    is_ship=is_ship,
                    kingdom=kingdom,
                    is_capital=bool(rec.get("capital", False)),
                    is_island=bool(rec.get("island", False)),
                )
            )
        self.nodes: tuple[NodeSpec, ...] = tuple(nodes)
        self.node_by_id = by_id
        self.num_cities = len(cities_raw)
        self.num_nodes = len(nodes)
        routes = []
        for raw in routes_raw:
            rec = _as_dict(raw, "route")
            a, b = str(rec["a"]), str(rec["b"])
            if a not in by_id or b not in by_id:
                raise ContentError(f"route {a}-{b} names an unknown node")
            routes.append(Route(by_id[a], by_id[b], rec["kind"] == "sea"))
        self.routes: tuple[Route, ...] = tuple(routes)
        kingdoms = []
        for k, raw in enumerate(kingdoms_raw):
            rec = _as_dict(raw, "kingdom")
            cities = tuple(n.index for n in nodes if n.kingdom == k and not n.is_ship)
            capitals = tuple(c for c in cities if nodes[c].is_capital)
            if len(capitals) != 3:
                raise ContentError(f"kingdom {rec['id']} must have 3 capitals (R2.1)")
            generals_raw = _as_list(rec["generals"], "generals")
            if len(generals_raw) != 4:
                raise ContentError(f"kingdom {rec['id']} must name 4 generals (R1.2)")
            generals = tuple(
                GeneralSpec(k * 4 + i, k, str(g["name_en"]), str(g["name_ru"]))
                for i, g in enumerate(_as_dict(g, "general") for g in generals_raw)
            )
            kingdoms.append(
                KingdomSpec(
                    index=k,
                    id=str(rec["id"]),
                    name_en=str(rec["name_en"]),
                    name_ru=str(rec["name_ru"]),
                    color=str(rec["color"]),
                    letter=str(rec["letter"]),
                    capitals=capitals,
                    cities=cities,
                    generals=generals,
                )
            )
        self.kingdoms: tuple[KingdomSpec, ...] = tuple(kingdoms)

    def _load_quests(self, data: dict[str, object]) -> None:
        cards: list[QuestCard] = []
        for raw in _as_list(data.get("cards"), "cards"):
            rec = _as_dict(raw, "card")
            deck = DECK_NAMES.index(str(rec["deck"]))
            kind = str(rec["type"])
            if kind not in QUEST_TYPES:
                raise ContentError(f"unknown quest type {kind!r}")
            city_id = rec.get("city")
            if city_id is not None and city_id not in self.node_by_id:
                raise ContentError(f"quest {rec['id']} names unknown city {city_id!r}")
            city = self.node_by_id[str(city_id)] if city_id is not None else -1
            cards.append(QuestCard(len(cards), str(rec["id"]), deck, kind, city, 3 if deck else 1))
        self.cards: tuple[QuestCard, ...] = tuple(cards)

    def _build_tables(self) -> None:
        n = self.num_nodes
        land: list[list[int]] = [[] for _ in range(n)]
        every: list[list[int]] = [[] for _ in range(n)]
        for r in self.routes:
            every[r.a].append(r.b)
            every[r.b].append(r.a)
            if not r.sea:
                land[r.a].append(r.b)
                land[r.b].append(r.a)
        self.land_adj: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(x)) for x in land)
        self.all_adj: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(x)) for x in every)
        self.is_ship = tuple(node.is_ship for node in self.nodes)
        self.city_kingdom = tuple(node.kingdom for node in self.nodes)
        self.is_capital = tuple(node.is_capital for node in self.nodes)
        self.is_island = tuple(node.is_island for node in self.nodes)
        self.islands = tuple(c for c in range(self.num_cities) if self.is_island[c])
        self.generals = tuple(g for k in self.kingdoms for g in k.generals)
        # Route count between nodes over every segment, whatever the season (R6.2 "nearest").
        self.route_distance = tuple(self._bfs(src, self.all_adj) for src in range(n))

    @staticmethod
    def _bfs(src: int, adj: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
        dist = [-1] * len(adj)
        dist[src] = 0
        queue = deque([src])
        while queue:
            node = queue.popleft()
            for nxt in adj[node]:
                if dist[nxt] < 0:
                    dist[nxt] = dist[node] + 1
                    queue.append(nxt)
        return tuple(dist)

    # -- lookups ---------------------------------------------------------------------------
    def city(self, city_id: str) -> int:
        try:
            return self.node_by_id[city_id]
        except KeyError:
            raise ContentError(f"unknown city {city_id!r}") from None

    def city_name(self, node: int) -> str:
        return self.nodes[node].name_en


def _as_list(value: object, what: str) -> list[object]:
    if not isinstance(value, list):
        raise ContentError(f"{what} must be a list")
    return value


def _as_dict(value: object, what: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise ContentError(f"each {what} must be an object")
    return value


def _version(data: dict[str, object], what: str) -> int:
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is not int or version < 1:
        raise ContentError(f"the {what} must name its map version (1, 2, ...), not {version!r}")
    return version


def is_map_version(value: object) -> TypeGuard[int]:
    """True when ``value`` names a map this edition has: the integer, not ``true`` or ``2.0``,
    which JSON tells apart from it (and Python's ``==`` does not)."""
    return type(value) is int and value in MAP_VERSIONS


def check_map_version(value: object) -> int:
    """``value`` if it names a map this edition has, else ``ContentError`` saying which it has."""
    if is_map_version(value):
        return value
    raise ContentError(
        f"There is no map {value!r}: this edition has maps {MAP_VERSIONS[0]} to {MAP_VERSIONS[-1]}."
    )


def load_map(version: int, data_dir: Path = DATA_DIR) -> MapSpec:
    """Map ``version`` and its deck read from ``data_dir`` (``maps/N.json``, ``quests/N.json``),
    each file checked to be of that version. Not cached: ``get_map`` is the shared one."""
    if type(version) is not int or version < 1:
        raise ContentError(f"a map version is a whole number from 1, not {version!r}")
    map_path = data_dir / "maps" / f"{version}.json"
    quest_path = data_dir / "quests" / f"{version}.json"
    try:
        map_data = json.loads(map_path.read_text(encoding="utf-8"))
        quest_data = json.loads(quest_path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise ContentError(f"cannot read the data of map {version}: {err}") from err
    try:
        spec = MapSpec(map_data, quest_data)
    except (KeyError, TypeError, ValueError) as err:
        if isinstance(err, ContentError):
            raise ContentError(f"map {version} ({map_path}, {quest_path}): {err}") from None
        raise ContentError(f"malformed data of map {version}: {err!r}") from err
    if spec.version != version:
        raise ContentError(
            f"maps/{version}.json says it is map {spec.version}: a map file is named by its version"
        )
    return spec


def get_map(version: int) -> MapSpec:
    """Map ``version`` as every game on it shares it, loaded once per process; an unknown
    version is ``ContentError``."""
    # Checked before the cache, where True would be taken for 1.
    return _shipped(check_map_version(version))


@cache
def _shipped(version: int) -> MapSpec:
    return load_map(version)


def default_map() -> MapSpec:
    """The map new games are played on (``CURRENT_MAP``)."""
    return _shipped(CURRENT_MAP)
