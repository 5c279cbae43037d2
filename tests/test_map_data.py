"""Validation of the board and quest data files (R2, R3.3, R5.3, R9.1), of every map version.

These tests read game/data/maps/N.json and game/data/quests/N.json directly with the standard
library, so they check the data independently of the engine's loader. Every map is held to the
rules; what only one map decided is tested on that map.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict, deque
from typing import Any

import pytest

from tests.map_checks import (
    MAPS,
    QUESTS,
    Record,
    adjacency,
    bfs,
    capitals,
    cities_by_id,
    components,
    km,
    load,
    map_versions,
    nearest_enemy_capitals,
    ship_graph,
    ships_by_id,
)

KINGDOM_ORDER = ["barbarians", "sarmatians", "greeks", "romans", "carthaginians", "eastern"]
LETTERS = {
    "barbarians": "B",
    "sarmatians": "S",
    "greeks": "G",
    "romans": "R",
    "carthaginians": "C",
    "eastern": "E",
}
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
HEX_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")
CYRILLIC_RE = re.compile(r"[А-Яа-яЁё]")

MAX_MOVE = 6  # R5.1: one die moves a general at most 6 segments
TURNS = 3
MAX_CROSSING = 3  # longest city-to-city crossing through ships, in segments
MAX_SEA_SEGMENT_KM = 400  # about one ship per 300-400 km of open sea
MAX_LAND_ROUTE_KM = 900


@pytest.fixture(scope="module", params=map_versions(), ids=lambda v: f"map{v}")
def version(request: pytest.FixtureRequest) -> int:
    number: int = request.param
    return number


@pytest.fixture(scope="module")
def board(version: int) -> Record:
    return load(MAPS / f"{version}.json")


@pytest.fixture(scope="module")
def quests(version: int) -> Record:
    return load(QUESTS / f"{version}.json")


# ---------------------------------------------------------------------------------------------
# maps/N.json: structure


def test_map_format_and_notes(board: Record, version: int) -> None:
    """R2.5: the map is a versioned data file, named by its version, whose notes document its
    changes."""
    assert board["format"] == 1
    assert board["version"] == version
    assert set(board) == {"format", "version", "notes", "kingdoms", "cities", "ships", "routes"}
    assert board["notes"] and all(isinstance(n, str) and n.strip() for n in board["notes"])


def test_r1_1_six_kingdoms_in_order(board: Record) -> None:
    """R1.1: six kingdoms, with ids in the fixed order the engine relies on."""
    assert [k["id"] for k in board["kingdoms"]] == KINGDOM_ORDER
    for k in board["kingdoms"]:
        assert k["name_en"].strip()
        assert CYRILLIC_RE.search(k["name_ru"])


def test_kingdom_colours_and_letters_distinct(board: Record) -> None:
    """R1.1: each kingdom has its own colour (#RRGGBB) and capital letter."""
    colours = [k["color"].upper() for k in board["kingdoms"]]
    assert all(HEX_RE.match(c) for c in colours)
    assert len(set(colours)) == 6
    assert {k["id"]: k["letter"] for k in board["kingdoms"]} == LETTERS


def test_r1_2_four_generals_per_kingdom_names_unique(board: Record) -> None:
    """R1.2: 4 generals per kingdom; names are unique on the whole map, short in English."""
    en, ru = [], []
    for k in board["kingdoms"]:
        assert len(k["generals"]) == 4, k["id"]
        for g in k["generals"]:
            assert set(g) == {"name_en", "name_ru"}
            assert g["name_en"].strip() and len(g["name_en"].split()) <= 2
            assert len(g["name_en"]) <= 14, g["name_en"]
            assert CYRILLIC_RE.search(g["name_ru"]), g
            en.append(g["name_en"].casefold())
            ru.append(g["name_ru"].casefold())
    assert len(set(en)) == 24, [n for n, c in Counter(en).items() if c > 1]
    assert len(set(ru)) == 24, [n for n, c in Counter(ru).items() if c > 1]


def test_node_ids_unique_and_well_formed(board: Record) -> None:
    """R2.1: cities and ships are nodes with unique lowercase ids."""
    ids = [c["id"] for c in board["cities"]] + [s["id"] for s in board["ships"]]
    assert len(ids) == len(set(ids)), [i for i, c in Counter(ids).items() if c > 1]
    assert all(ID_RE.match(i) for i in ids), [i for i in ids if not ID_RE.match(i)]


def test_node_fields_names_and_coordinates(board: Record) -> None:
    """R2.5: real names (Latin, Russian) and plausible latitude/longitude for every node."""
    for c in board["cities"]:
        assert set(c) == {"id", "name_en", "name_ru", "lat", "lon", "kingdom", "capital", "island"}
        assert isinstance(c["capital"], bool) and isinstance(c["island"], bool)
    for s in board["ships"]:
        assert set(s) == {"id", "name_en", "name_ru", "lat", "lon"}
    for n in [*board["cities"], *board["ships"]]:
        assert n["name_en"].strip(), n["id"]
        assert CYRILLIC_RE.search(n["name_ru"]), n["id"]
        assert 30 <= n["lat"] <= 52, n["id"]
        assert -10 <= n["lon"] <= 42, n["id"]


def test_r2_1_capitals_and_ordinary_cities_per_kingdom(board: Record) -> None:
    """R2.1: each kingdom has 3 capitals and 10-14 ordinary cities."""
    cities_in: Counter[str] = Counter()
    capitals_in: Counter[str] = Counter()
    for c in board["cities"]:
        if c["island"]:
            continue
        assert c["kingdom"] in KINGDOM_ORDER, c["id"]
        cities_in[c["kingdom"]] += 1
        capitals_in[c["kingdom"]] += c["capital"]
    for k in KINGDOM_ORDER:
        assert capitals_in[k] == 3, k
        assert 10 <= cities_in[k] - capitals_in[k] <= 14, k


def test_r9_1_city_order_grouped_capitals_first(board: Record) -> None:
    """R9.1: cities grouped by kingdom in kingdom order, capitals first, islands last."""
    order = [c["kingdom"] for c in board["cities"] if not c["island"]]
    groups = [k for i, k in enumerate(order) if i == 0 or order[i - 1] != k]
    assert groups == KINGDOM_ORDER
    for k in KINGDOM_ORDER:
        flags = [c["capital"] for c in board["cities"] if c["kingdom"] == k]
        assert flags[:3] == [True, True, True] and not any(flags[3:]), k
    n_islands = sum(c["island"] for c in board["cities"])
    assert all(c["island"] for c in board["cities"][-n_islands:])


def test_r2_4_three_neutral_islands(board: Record) -> None:
    """R2.4: three island cities outside all kingdoms, none a capital."""
    islands = [c for c in board["cities"] if c["island"]]
    assert len({c["id"] for c in islands}) == 3
    for c in islands:
        assert c["kingdom"] is None and c["capital"] is False


def test_r2_4_islands_reachable_only_by_sea(board: Record) -> None:
    """R2.4: each island city has sea routes only, at least 2."""
    for isl in [c["id"] for c in board["cities"] if c["island"]]:
        kinds = [r["kind"] for r in board["routes"] if isl in (r["a"], r["b"])]
        assert kinds and set(kinds) == {"sea"}, isl
        assert len(kinds) >= 2, isl


# ---------------------------------------------------------------------------------------------
# maps/N.json: routes


def test_r2_2_routes_well_formed(board: Record) -> None:
    """R2.2: every route joins two existing, distinct nodes; no route is listed twice."""
    nodes = set(cities_by_id(board)) | set(ships_by_id(board))
    seen = set()
    for r in board["routes"]:
        assert set(r) == {"a", "b", "kind"}, r
        assert r["kind"] in ("land", "sea"), r
        assert r["a"] in nodes and r["b"] in nodes, r
        assert r["a"] != r["b"], r
        key = frozenset((r["a"], r["b"]))
        assert key not in seen, f"duplicate route {r}"
        seen.add(key)


def test_r2_2_land_routes_join_cities(board: Record) -> None:
    """R2.2: a land route joins two cities, never a ship."""
    cities = cities_by_id(board)
    for r in board["routes"]:
        if r["kind"] == "land":
            assert r["a"] in cities and r["b"] in cities, r


def test_r2_3_ships_by_sea_with_no_dead_end(board: Record) -> None:
    """R2.3, R2.5: ships connect by sea only and have at least 2 routes (no dead ends)."""
    ships = ships_by_id(board)
    assert ships
    degree: Counter[str] = Counter()
    for r in board["routes"]:
        for end in (r["a"], r["b"]):
            if end in ships:
                assert r["kind"] == "sea", r
                degree[end] += 1
    for s in ships:
        assert degree[s] >= 2, s


def test_r2_3_crossings_at_most_three_segments(board: Record) -> None:
    """R2.3: between two ports joined through ships only, the shortest crossing is <= 3."""
    cities, ships = cities_by_id(board), ships_by_id(board)
    adj = adjacency(board, ("sea",))
    for start in cities:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            u = queue.popleft()
            if u != start and u in cities:
                continue  # a crossing ends at the first port
            for v in adj[u]:
                if v not in dist:
                    dist[v] = dist[u] + 1
                    queue.append(v)
        for end, d in dist.items():
            if end in cities and end != start:
                assert d <= MAX_CROSSING, (start, end, d)
    # every group of ships joined ship-to-ship leads to at least 2 ports (no dead-end water)
    for group in components(ship_graph(adj, ships), list(ships)):
        ports = {v for s in group for v in adj[s] if v in cities}
        assert len(ports) >= 2, sorted(group)


def test_r2_5_segment_lengths_plausible(board: Record) -> None:
    """R2.5: routes follow real geography: a sea segment is at most ~400 km of open sea
    (long lanes go through ships), and no land route is absurdly long."""
    nodes = {**cities_by_id(board), **ships_by_id(board)}
    for r in board["routes"]:
        d = km(nodes[r["a"]], nodes[r["b"]])
        limit = MAX_SEA_SEGMENT_KM if r["kind"] == "sea" else MAX_LAND_ROUTE_KM
        assert d <= limit, (r, round(d))


def test_r2_5_straits_as_decided(board: Record) -> None:
    """R2.5: the Straits of Messina and Gibraltar are sea routes (closed in winter), on every
    map that joins the cities on their shores."""
    kind = {frozenset((r["a"], r["b"])): r["kind"] for r in board["routes"]}
    for shores in (("rhegium", "messana"), ("gades", "tingis")):
        assert kind.get(frozenset(shores), "sea") == "sea", shores


# ---------------------------------------------------------------------------------------------
# maps/N.json: balance


def test_r2_5_map_is_connected(board: Record) -> None:
    """R2.5: in summer, every node can be reached from every other."""
    adj = adjacency(board)
    nodes = [n["id"] for n in [*board["cities"], *board["ships"]]]
    assert set(bfs(adj, nodes[0])) == set(nodes)


def test_r5_3_every_kingdom_has_winter_land_contact(board: Record) -> None:
    """R5.3: with land routes only, every kingdom has a city with a land path to a city of
    another kingdom, and at least one of its capitals has such a path."""
    cities = cities_by_id(board)
    adj = adjacency(board, ("land",))
    caps = capitals(board)
    for k in KINGDOM_ORDER:
        contact = []
        for cid, c in cities.items():
            if c["kingdom"] != k:
                continue
            others = {cities[x]["kingdom"] for x in bfs(adj, cid) if x in cities}
            if others - {k, None}:
                contact.append(cid)
        assert contact, f"{k} is cut off from every other kingdom in winter"
        assert set(contact) & set(caps[k]), f"all capitals of {k} are cut off in winter"


def test_r5_3_winter_isolated_cities_are_islands_or_noted(board: Record) -> None:
    """R5.3, R2.4: only the quest islands, and cities named in the notes, lack land routes."""
    cities = cities_by_id(board)
    adj = adjacency(board, ("land",))
    notes = " ".join(board["notes"]).casefold()
    for cid, c in cities.items():
        if c["island"]:
            assert not adj[cid], cid
        elif not adj[cid]:
            assert not c["capital"], f"capital {cid} has no land route"
            assert c["name_en"].casefold() in notes, f"{cid} has no land route and no note"


def test_r3_3_every_capital_has_a_land_neighbour(board: Record) -> None:
    """R3.3: the fourth general starts on a city next to an own capital (one segment, land or
    sea); every capital has such a city even by land alone."""
    adj = adjacency(board, ("land",))
    for caps in capitals(board).values():
        for cap in caps:
            assert adj[cap], f"capital {cap} has no land neighbour"


def test_capitals_within_reach_of_two_enemy_kingdoms(board: Record) -> None:
    """R2.5 balance (R5.1): every capital can be reached in summer from capitals of at least
    two other kingdoms within 3 turns of one 6-point move (18 segments)."""
    limit = MAX_MOVE * TURNS
    for cap, nearest in nearest_enemy_capitals(board).items():
        near = [k2 for k2, d in nearest.items() if d <= limit]
        assert len(near) >= 2, (cap, near)


# ---------------------------------------------------------------------------------------------
# quests/N.json


def test_r9_1_quest_decks_sizes_and_ids(quests: Record, version: int) -> None:
    """R9.1: ordinary deck 36 cards, special deck 18 cards, card ids unique; the deck names
    the map it is of."""
    assert quests["format"] == 1
    assert quests["version"] == version
    assert set(quests) == {"format", "version", "notes", "cards"}
    assert quests["notes"] and all(isinstance(n, str) and n.strip() for n in quests["notes"])
    cards = quests["cards"]
    ids = [c["id"] for c in cards]
    assert len(ids) == len(set(ids))
    assert all(ID_RE.match(i) for i in ids)
    assert Counter(c["deck"] for c in cards) == {"ordinary": 36, "special": 18}
    for c in cards:
        assert set(c) == {"id", "deck", "type", "city"}, c


def test_r9_1_ordinary_deck_two_per_capital(board: Record, quests: Record) -> None:
    """R9.1: 'destroy a floor of city X', two cards for each of the 18 capitals."""
    caps = {cid for own in capitals(board).values() for cid in own}
    ordinary = [c for c in quests["cards"] if c["deck"] == "ordinary"]
    assert {c["type"] for c in ordinary} == {"destroy_floor"}
    assert Counter(c["city"] for c in ordinary) == {cap: 2 for cap in caps}


def test_r9_1_special_deck_composition(board: Record, quests: Record) -> None:
    """R9.1: 9 island cards (3 per island), 6 'destroy completely' cards naming each
    kingdom's first-listed capital, 3 'defeat a level-4 general' cards."""
    special = [c for c in quests["cards"] if c["deck"] == "special"]
    by_type: defaultdict[str, list[Any]] = defaultdict(list)  # cities, or None
    for c in special:
        by_type[c["type"]].append(c["city"])
    assert set(by_type) == {"build_island", "destroy_city", "defeat_level4"}
    islands = {c["id"] for c in board["cities"] if c["island"]}
    assert Counter(by_type["build_island"]) == {i: 3 for i in islands}
    first_capitals = {k: own[0] for k, own in capitals(board).items()}
    assert sorted(by_type["destroy_city"]) == sorted(first_capitals.values())
    assert by_type["defeat_level4"] == [None, None, None]


def test_r9_1_quest_cities_exist(board: Record, quests: Record) -> None:
    """R9.1: every city named on a card is a city of the map."""
    cities = cities_by_id(board)
    for c in quests["cards"]:
        assert c["city"] is None or c["city"] in cities, c
