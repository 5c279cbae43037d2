"""Reading a state's JSON form (docs/state-format.md) into a ``GameState``, field by field.

Every field is checked for its exact type and range, and objects may hold only the keys the
format defines, so a value is never taken for something it is not (the text ``"no"`` is not
``true``, ``3.0`` is not a seat). The game's invariants are checked afterwards, on the built
state, by ``game.state_check``.
"""

from __future__ import annotations

from typing import Any, TypeVar

from game.content import DECK_NAMES, KINGDOM_IDS, MAP_VERSIONS, MapSpec, get_map, is_map_version
from game.core import COIN_VALUES, NUM_ROUNDS, PHASE_NAMES, SEED_LIMIT, Rules
from game.jsontext import StateFormatError
from game.state_data import StateData

S = TypeVar("S", bound=StateData)

FORMAT = "strategos-state"
VERSION = 1
# The map of a record or a state that names none: written before maps had versions (R2.5).
FIRST_MAP = 1

_TOP_KEYS = {
    "format", "version", "players", "rules", "seed", "chance_counter", "season", "phase",
    "active", "setup_seat", "seats", "generals", "towers", "dice", "traded", "trained", "decks",
    "draw_queue", "draw_deck", "pending_move", "battles", "battle_city", "committed_coins",
    "last_battle",
}  # fmt: skip
_SEAT_KEYS = {
    "seat", "kingdom", "coins_played", "hand", "completed", "points", "score", "trophies",
    "first_floor_points", "floors_off",
}  # fmt: skip
_GENERAL_KEYS = {"id", "name", "kingdom", "owner", "city", "level", "return_season", "acted"}
_TOWER_KEYS = {"city", "owner", "floors", "stack"}
BATTLE_KEYS = (
    "city", "attacker", "defender", "attacker_die", "defender_die", "attacker_coin",
    "defender_coin", "attacker_strength", "defender_strength", "winner",
)  # fmt: skip


def damaged(detail: str) -> StateFormatError:
    return StateFormatError(f"The saved game is damaged: {detail}.")


def need_int(value: Any, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise damaged(f"{what} must be a whole number, not {_show(value)}")
    if not low <= value <= high:
        raise damaged(f"{what} must be between {low} and {high}, not {value}")
    return value


def is_version(value: Any, version: int) -> bool:
    """True when ``value`` is the format version ``version`` itself: ``true`` and ``1.0`` equal
    1 to Python, but are not what this edition writes."""
    return type(value) is int and value == version


def map_of(data: dict[str, Any]) -> Any:
    """What a record's or a state's JSON says of its map, unchecked: ``FIRST_MAP`` when it says
    nothing (written before maps had versions)."""
    return data.get("map", FIRST_MAP)


def need_map(value: Any, what: str) -> int:
    """``value`` as the map version of a ``what`` ("game record", "saved game"), or
    ``StateFormatError`` saying why it is not one this edition has."""
    if is_map_version(value):
        return value
    if type(value) is int and value > 0:  # a map of a later edition, to be named as such
        raise StateFormatError(
            f"This {what} is played on map {value}, which this edition does not have (it has "
            f"maps {MAP_VERSIONS[0]} to {MAP_VERSIONS[-1]})."
        )
    raise StateFormatError(
        f"The {what} is damaged: its map must be a whole number from 1, not {_show(value)}."
    )


def need_bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise damaged(f"{what} must be true or false, not {_show(value)}")
    return value


def need_list(value: Any, what: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise damaged(f"{what} must be a list, not {_show(value)}")
    if len(value) > most:
        raise damaged(f"{what} has {len(value)} entries, more than the {most} a game can have")
    return value


def need_object(value: Any, what: str, keys: set[str] | None = None) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise damaged(f"{what} must be an object, not {_show(value)}")
    if keys is not None:
        missing = sorted(keys - value.keys())
        if missing:
            raise damaged(f"{what} lacks {', '.join(missing)}")
        extra = sorted(value.keys() - keys)
        if extra:
            raise damaged(f"{what} has unknown entries {', '.join(map(repr, extra[:3]))}")
    return value


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def rules_from_dict(raw: Any) -> Rules:
    """The three patch switches, each a JSON true/false (a string "false" is refused)."""
    data = need_object(raw, "the rules", {"coins", "battle_dice", "quests"})
    return Rules(
        coins=need_bool(data["coins"], "the rule 'coins'"),
        battle_dice=need_bool(data["battle_dice"], "the rule 'battle_dice'"),
        quests=need_bool(data["quests"], "the rule 'quests'"),
    )


def need_seed(value: Any, what: str = "the seed") -> int:
    return need_int(value, -SEED_LIMIT, SEED_LIMIT - 1, what)


def kingdom_index(value: Any, what: str) -> int:
    if not isinstance(value, str) or value not in KINGDOM_IDS:
        raise damaged(f"{what} names no kingdom of the game: {_show(value)}")
    return KINGDOM_IDS.index(value)


class _Reader:
    """Looks names up on the board, with messages that say which field was wrong."""

    def __init__(self, board: MapSpec, state: StateData) -> None:
        self.board = board
        self.state = state
        self.cards = {card.id: card.index for card in board.cards}

    def city(self, name: Any, what: str) -> int:
        if not isinstance(name, str) or name not in self.board.node_by_id:
            raise damaged(f"{what} names no place on the map: {_show(name)}")
        return self.board.node_by_id[name]

    def card(self, name: Any, what: str) -> int:
        if not isinstance(name, str) or name not in self.cards:
            raise damaged(f"{what} names no quest card: {_show(name)}")
        return self.cards[name]

    def seat_of(self, kingdom: Any, what: str) -> int:
        k = kingdom_index(kingdom, what)
        seat = self.state.kingdom_seat[k]
        if seat < 0:
            raise damaged(f"{what} names {kingdom}, a kingdom nobody plays")
        return seat


def state_from_dict(data: Any, cls: type[S], board: MapSpec | None = None) -> S:
    """A state of class ``cls`` (``GameState``, which builds on this module) read from ``data``,
    on the map it names (map 1 if it names none), which ``board``, if given, must be."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StateFormatError("This is not a Strategos saved game (its format marker is missing).")
    if not is_version(data.get("version"), VERSION):
        raise StateFormatError(
            f"This saved game is of version {_show(data.get('version'))}, which this edition "
            f"cannot read (it reads version {VERSION})."
        )
    map_version = need_map(map_of(data), "saved game")
    if board is None:
        board = get_map(map_version)
    elif board.version != map_version:
        raise StateFormatError(
            f"This saved game is played on map {map_version}; it cannot be read on map "
            f"{board.version}."
        )
    # A state written before maps had versions has no "map"; one written since has it.
    need_object(data, "the state", _TOP_KEYS | {"map"} if "map" in data else _TOP_KEYS)
    n = need_int(data["players"], 2, 6, "the number of players")
    rules = rules_from_dict(data["rules"])
    state = cls(board, rules, n, need_seed(data["seed"]))
    state.chance_counter = need_int(data["chance_counter"], 0, 2**62, "the chance counter")
    read = _Reader(board, state)
    season = need_object(data["season"], "the season", {"index", "name"})
    state.round = need_int(season["index"], 0, NUM_ROUNDS - 1, "the season")
    if season["name"] != state.season_name():
        raise damaged(f"the season is named {_show(season['name'])}, not {state.season_name()}")
    if not isinstance(data["phase"], str) or data["phase"] not in PHASE_NAMES:
        raise damaged(f"the phase of play {_show(data['phase'])} is unknown")
    state.phase = PHASE_NAMES.index(data["phase"])
    state.active = need_int(data["active"], 0, n - 1, "the active seat")
    state.setup_seat = need_int(data["setup_seat"], 0, n, "the seat choosing in setup")
    _read_seats(read, need_list(data["seats"], "the seats", 6), n)
    _read_generals(read, need_list(data["generals"], "the generals", 24))
    _read_towers(read, need_list(data["towers"], "the towers", board.num_cities), n)
    dice = need_list(data["dice"], "the dice", 4)
    state.dice = sorted(need_int(d, 1, 6, "a die") for d in dice)
    state.traded = need_bool(data["traded"], "'traded'")
    state.trained = need_bool(data["trained"], "'trained'")
    decks = need_object(data["decks"], "the decks", set(DECK_NAMES))
    state.decks = [
        tuple(sorted(read.card(c, f"the {name} deck") for c in need_list(decks[name], name, 99)))
        for name in DECK_NAMES
    ]
    queue = need_list(data["draw_queue"], "the draw queue", 3 * n)
    state.draw_queue = tuple(need_int(s, 0, n - 1, "a seat in the draw queue") for s in queue)
    deck = data["draw_deck"]
    if deck is not None and deck not in DECK_NAMES:
        raise damaged(f"the chosen deck {_show(deck)} is neither 'ordinary' nor 'special'")
    state.draw_deck = DECK_NAMES.index(deck) if deck is not None else -1
    pending = data["pending_move"]
    if pending is not None:
        pending = need_object(pending, "the interrupted move", {"general", "points", "halt_seat"})
        state.pend_general = need_int(pending["general"], 0, 23, "the interrupted general")
        state.pend_points = need_int(pending["points"], 0, 6, "the points of a move")
        state.halt_seat = need_int(pending["halt_seat"], -1, n - 1, "the seat asked to halt")
    battles = need_list(data["battles"], "the battles", 4)
    state.battles = tuple(read.city(c, "a battle") for c in battles)
    city = data["battle_city"]
    state.battle_city = read.city(city, "the battle") if city is not None else -1
    committed = need_object(
        data["committed_coins"], "the committed coins", {"attacker", "defender"}
    )
    state.coin_attacker = _coin_index(committed["attacker"], "the attacker's coin")
    state.coin_defender = _coin_index(committed["defender"], "the defender's coin")
    last = data["last_battle"]
    if last is not None:
        state.last_battle = _read_last_battle(read, last)
    return state


def _read_seats(read: _Reader, seats: list[Any], n: int) -> None:
    state = read.state
    if len(seats) != n:
        raise damaged(f"{n} players need {n} seats, not {len(seats)}")
    records = [need_object(rec, f"seat {s + 1}", _SEAT_KEYS) for s, rec in enumerate(seats)]
    for s, rec in enumerate(records):
        if rec["seat"] != s or isinstance(rec["seat"], bool):
            raise damaged(f"seat {s + 1} is numbered {_show(rec['seat'])}")
        if rec["kingdom"] is not None:
            k = kingdom_index(rec["kingdom"], f"seat {s + 1}")
            if state.kingdom_seat[k] >= 0:
                raise damaged(f"the {rec['kingdom']} are taken by two seats")
            state.seat_kingdom[s] = k
            state.kingdom_seat[k] = s
    for s, rec in enumerate(records):
        who = f"seat {s + 1}"
        mask = 0
        for value in need_list(rec["coins_played"], f"{who}'s played coins", 4):
            free = [i for i, v in enumerate(COIN_VALUES) if v == value and not mask >> i & 1]
            if isinstance(value, bool) or not free:
                raise damaged(f"{who} played coin {_show(value)}, which it cannot have")
            mask |= 1 << free[0]
        state.coins_played[s] = mask
        state.hands[s] = tuple(
            sorted(read.card(c, f"{who}'s hand") for c in need_list(rec["hand"], "a hand", 3))
        )
        done = need_list(rec["completed"], f"{who}'s completed quests", 54)
        state.completed[s] = tuple(read.card(c, f"{who}'s completed quests") for c in done)
        state.points[s] = need_int(rec["points"], 0, 200, f"{who}'s points")
        state.floors_off[s] = need_int(rec["floors_off"], 0, 9, f"{who}'s floors off the board")
        trophies = need_object(rec["trophies"], f"{who}'s trophies")
        for victim_kingdom, count in trophies.items():
            v = read.seat_of(victim_kingdom, f"{who}'s trophies")
            state.trophies[s * n + v] = need_int(count, 1, 9, f"{who}'s trophies")
        firsts = need_list(rec["first_floor_points"], f"{who}'s first-floor points", 5)
        for victim_kingdom in firsts:
            v = read.seat_of(victim_kingdom, f"{who}'s first-floor points")
            if state.first_floor_point[s * n + v]:
                raise damaged(f"{who} has the first-floor point of {victim_kingdom} twice")
            state.first_floor_point[s * n + v] = True
        score = rec["score"]
        if isinstance(score, bool) or not isinstance(score, int):
            raise damaged(f"{who}'s score must be a whole number, not {_show(score)}")


def _read_generals(read: _Reader, generals: list[Any]) -> None:
    state = read.state
    board = read.board
    listed: set[int] = set()
    for rec in generals:
        rec = need_object(rec, "a general", _GENERAL_KEYS)
        g = need_int(rec["id"], 0, 23, "a general's number")
        who = board.generals[g].name_en
        if g in listed:
            raise damaged(f"{who} is listed twice")
        listed.add(g)
        owner = state.kingdom_seat[g >> 2]
        if owner < 0:
            raise damaged(f"{who} belongs to the {KINGDOM_IDS[g >> 2]}, a kingdom nobody plays")
        if isinstance(rec["owner"], bool) or rec["owner"] != owner:
            raise damaged(f"{who} is said to belong to seat {_show(rec['owner'])}")
        if rec["kingdom"] != KINGDOM_IDS[g >> 2] or rec["name"] != who:
            raise damaged(f"general {g} is given another name or kingdom")
        place = rec["city"]
        state.gen_city[g] = read.city(place, f"{who}'s place") if place is not None else -1
        if state.gen_city[g] >= 0 and board.is_ship[state.gen_city[g]]:
            raise damaged(f"{who} stands on a ship, where no move may end (R2.3)")
        state.gen_level[g] = need_int(rec["level"], 1, 4, f"{who}'s level")
        back = rec["return_season"]
        if back is not None:
            state.gen_return[g] = need_int(back, 1, NUM_ROUNDS, f"{who}'s return season")
        if need_bool(rec["acted"], f"whether {who} acted"):
            state.acted |= 1 << g
    for k in state.seat_kingdom:
        for g in range(k * 4, k * 4 + 4):
            if k >= 0 and g not in listed:
                raise damaged(f"{board.generals[g].name_en} of the {KINGDOM_IDS[k]} is missing")


def _read_towers(read: _Reader, towers: list[Any], n: int) -> None:
    state = read.state
    board = read.board
    seen: set[int] = set()
    for rec in towers:
        rec = need_object(rec, "a tower")
        c = read.city(rec.get("city"), "a tower")
        where = board.nodes[c].name_en
        if c in seen:
            raise damaged(f"{where} has two towers")
        seen.add(c)
        floors = need_int(rec.get("floors"), 0, 3, f"the floors of the tower of {where}")
        if board.is_island[c]:
            need_object(rec, f"the tower of {where}", _TOWER_KEYS)
            if rec["owner"] is not None:
                raise damaged(f"the island tower of {where} has an owner")
            stack = need_list(rec["stack"], f"the floors of {where}", 3)
            state.island_stack[c] = tuple(need_int(s, 0, n - 1, "a floor's owner") for s in stack)
            if len(stack) != floors:
                raise damaged(f"the island tower of {where} has {floors} floors and {len(stack)}")
        elif board.is_capital[c]:
            need_object(rec, f"the tower of {where}", _TOWER_KEYS - {"stack"})
            state.tower_owner[c] = need_int(rec["owner"], 0, n - 1, f"the owner of {where}")
        else:
            raise damaged(f"there is a tower on {where}, which is no capital")
        state.floors[c] = floors


def _coin_index(value: Any, what: str) -> int:
    return -1 if value is None else need_int(value, 0, len(COIN_VALUES) - 1, what)


def _read_last_battle(read: _Reader, raw: Any) -> tuple[int, ...]:
    data = need_object(raw, "the last battle", set(BATTLE_KEYS))
    city = read.city(data["city"], "the last battle")
    attacker = need_int(data["attacker"], 0, 23, "the last attacker")
    defender = need_int(data["defender"], 0, 23, "the last defender")
    dice = [need_int(data[k], 0, 6, "a battle die") for k in ("attacker_die", "defender_die")]
    coins = [need_int(data[k], 0, 3, "a battle coin") for k in ("attacker_coin", "defender_coin")]
    strengths = [
        need_int(data[k], 0, 14, "a battle strength")
        for k in ("attacker_strength", "defender_strength")
    ]
    winner = need_int(data["winner"], -1, 23, "the last winner")
    if winner not in (-1, attacker, defender):
        raise damaged("the last battle's winner did not fight in it")
    return (city, attacker, defender, *dice, *coins, *strengths, winner)
