"""The JSON form of a game state (documented in docs/state-format.md).

``state_from_json`` checks what it reads and raises ``StateFormatError`` naming the first
problem, so a corrupt save never becomes a half-built state.
"""

from __future__ import annotations

import json
from typing import Any

from game.content import DECK_NAMES, KINGDOM_IDS, MapSpec, default_map
from game.state import COIN_VALUES, NUM_ROUNDS, PHASE_NAMES, GameState, Rules

FORMAT = "strategos-state"
VERSION = 1


class StateFormatError(ValueError):
    """A state or record in JSON that is malformed, corrupt or from another game."""


def state_to_dict(state: GameState) -> dict[str, Any]:
    board = state.board
    node_id = [node.id for node in board.nodes]
    card_id = [card.id for card in board.cards]
    n = state.num_players
    score = state.scores()
    seats = []
    for s in range(n):
        k = state.seat_kingdom[s]
        played = state.coins_played[s]
        seats.append(
            {
                "seat": s,
                "kingdom": KINGDOM_IDS[k] if k >= 0 else None,
                "coins_played": [COIN_VALUES[i] for i in range(5) if played >> i & 1],
                "hand": [card_id[c] for c in state.hands[s]],
                "completed": [card_id[c] for c in state.completed[s]],
                "points": state.points[s],
                "score": score[s],
                "trophies": {
                    KINGDOM_IDS[state.seat_kingdom[v]]: state.trophies[s * n + v]
                    for v in range(n)
                    if state.trophies[s * n + v] and state.seat_kingdom[v] >= 0
                },
                "first_floor_points": [
                    KINGDOM_IDS[state.seat_kingdom[v]]
                    for v in range(n)
                    if state.first_floor_point[s * n + v]
                ],
                "floors_off": state.floors_off[s],
            }
        )
    generals = []
    for g, spec in enumerate(board.generals):
        owner = state.kingdom_seat[g >> 2]
        if owner < 0:
            continue
        city = state.gen_city[g]
        generals.append(
            {
                "id": g,
                "name": spec.name_en,
                "kingdom": KINGDOM_IDS[g >> 2],
                "owner": owner,
                "city": node_id[city] if city >= 0 else None,
                "level": state.gen_level[g],
                "return_season": state.gen_return[g]
                if city < 0 and state.gen_return[g] >= 0
                else None,
                "acted": bool(state.acted >> g & 1),
            }
        )
    towers = []
    for c in range(board.num_cities):
        if board.is_island[c]:
            stack = state.island_stack[c]
            if stack:
                towers.append(
                    {"city": node_id[c], "owner": None, "floors": len(stack), "stack": list(stack)}
                )
        elif state.tower_owner[c] >= 0:
            towers.append(
                {"city": node_id[c], "owner": state.tower_owner[c], "floors": state.floors[c]}
            )
    lb = state.last_battle
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": n,
        "rules": {
            "coins": state.rules.coins,
            "battle_dice": state.rules.battle_dice,
            "quests": state.rules.quests,
        },
        "seed": state.seed,
        "chance_counter": state.chance_counter,
        "season": {"index": state.round, "name": state.season_name()},
        "phase": PHASE_NAMES[state.phase],
        "active": state.active,
        "setup_seat": state.setup_seat,
        "seats": seats,
        "generals": generals,
        "towers": towers,
        "dice": list(state.dice),
        "traded": state.traded,
        "trained": state.trained,
        "decks": {DECK_NAMES[d]: [card_id[c] for c in state.decks[d]] for d in (0, 1)},
        "draw_queue": list(state.draw_queue),
        "draw_deck": DECK_NAMES[state.draw_deck] if state.draw_deck >= 0 else None,
        "pending_move": (
            {
                "general": state.pend_general,
                "points": state.pend_points,
                "halt_seat": state.halt_seat,
            }
            if state.pend_general >= 0
            else None
        ),
        "battles": [node_id[c] for c in state.battles],
        "battle_city": node_id[state.battle_city] if state.battle_city >= 0 else None,
        "committed_coins": {
            "attacker": _coin_out(state.coin_attacker),
            "defender": _coin_out(state.coin_defender),
        },
        "last_battle": (
            dict(zip(_BATTLE_KEYS, [node_id[lb[0]], *lb[1:]], strict=True)) if lb else None
        ),
    }


def _coin_out(index: int) -> int | str | None:
    # -2 marks a coin committed by another seat whose value a view may not show (R8.2a).
    return index if index >= 0 else "hidden" if index == -2 else None


_BATTLE_KEYS = (
    "city", "attacker", "defender", "attacker_die", "defender_die", "attacker_coin",
    "defender_coin", "attacker_strength", "defender_strength", "winner",
)  # fmt: skip


def state_to_json(state: GameState) -> str:
    return json.dumps(state_to_dict(state), ensure_ascii=False, sort_keys=True)


def state_from_json(text: str | bytes, board: MapSpec | None = None) -> GameState:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as err:
        raise StateFormatError(f"not a saved game: the text is not JSON ({err})") from None
    return state_from_dict(data, board)


def state_from_dict(data: Any, board: MapSpec | None = None) -> GameState:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StateFormatError("not a Strategos game state (missing format marker)")
    if data.get("version") != VERSION:
        raise StateFormatError(f"unsupported state version {data.get('version')!r}")
    try:
        return _build(data, board or default_map())
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise StateFormatError(f"corrupt game state: {type(err).__name__}: {err}") from None


def rules_from_dict(raw: Any) -> Rules:
    """The three patch switches, each a JSON true/false (a string "false" is refused)."""
    if not isinstance(raw, dict):
        raise StateFormatError(f"corrupt rules: expected an object, got {raw!r}")
    values = {}
    for name in ("coins", "battle_dice", "quests"):
        if not isinstance(raw.get(name), bool):
            raise StateFormatError(f"corrupt rules: {name!r} must be true or false")
        values[name] = raw[name]
    return Rules(**values)


def _int(value: Any, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StateFormatError(
            f"corrupt game state: {what} must be an integer in {low}..{high}, got {value!r}"
        )
    return value


def _build(data: dict[str, Any], board: MapSpec) -> GameState:
    n = _int(data["players"], 2, 6, "players")
    rules_raw = data["rules"]
    rules = rules_from_dict(rules_raw)
    state = GameState(board, rules, n, _int(data["seed"], -(2**63), 2**63, "seed"))
    state.chance_counter = _int(data["chance_counter"], 0, 2**62, "chance_counter")
    node = board.node_by_id
    cards = {card.id: card.index for card in board.cards}

    def city(name: Any) -> int:
        if name not in node:
            raise StateFormatError(f"corrupt game state: unknown city {name!r}")
        return node[name]

    def card(name: Any) -> int:
        if name not in cards:
            raise StateFormatError(f"corrupt game state: unknown quest card {name!r}")
        return cards[name]

    state.round = _int(data["season"]["index"], 0, NUM_ROUNDS - 1, "season index")
    if data["phase"] not in PHASE_NAMES:
        raise StateFormatError(f"corrupt game state: unknown phase {data['phase']!r}")
    state.phase = PHASE_NAMES.index(data["phase"])
    state.active = _int(data["active"], 0, n - 1, "active seat")
    state.setup_seat = _int(data["setup_seat"], 0, n, "setup seat")
    seats = data["seats"]
    if len(seats) != n:
        raise StateFormatError("corrupt game state: one entry per seat is needed")
    for s, rec in enumerate(seats):
        if rec["kingdom"] is not None:
            if rec["kingdom"] not in KINGDOM_IDS:
                raise StateFormatError(f"corrupt game state: unknown kingdom {rec['kingdom']!r}")
            k = KINGDOM_IDS.index(rec["kingdom"])
            if state.kingdom_seat[k] >= 0:
                raise StateFormatError("corrupt game state: a kingdom is taken twice")
            state.seat_kingdom[s] = k
            state.kingdom_seat[k] = s
    for s, rec in enumerate(seats):
        mask = 0
        for value in rec["coins_played"]:
            free = [i for i, v in enumerate(COIN_VALUES) if v == value and not mask >> i & 1]
            if not free:
                raise StateFormatError(f"corrupt game state: seat {s} played coin {value!r} twice")
            mask |= 1 << free[0]
        state.coins_played[s] = mask
        state.hands[s] = tuple(sorted(card(c) for c in rec["hand"]))
        state.completed[s] = tuple(card(c) for c in rec["completed"])
        state.points[s] = _int(rec["points"], 0, 1000, "points")
        state.floors_off[s] = _int(rec["floors_off"], 0, 9, "floors_off")
        for victim_kingdom, count in rec["trophies"].items():
            v = state.kingdom_seat[KINGDOM_IDS.index(victim_kingdom)]
            state.trophies[s * n + v] = _int(count, 0, 9, "trophies")
        for victim_kingdom in rec["first_floor_points"]:
            v = state.kingdom_seat[KINGDOM_IDS.index(victim_kingdom)]
            state.first_floor_point[s * n + v] = True
    for rec in data["generals"]:
        g = _int(rec["id"], 0, 23, "general id")
        if state.kingdom_seat[g >> 2] != rec["owner"]:
            raise StateFormatError(f"corrupt game state: general {g} has the wrong owner")
        state.gen_city[g] = city(rec["city"]) if rec["city"] is not None else -1
        if state.gen_city[g] >= 0 and board.is_ship[state.gen_city[g]]:
            raise StateFormatError("corrupt game state: a general stands on a ship (R2.3)")
        state.gen_level[g] = _int(rec["level"], 1, 4, "general level")
        back = rec["return_season"]
        state.gen_return[g] = _int(back, 0, NUM_ROUNDS, "return season") if back is not None else -1
        if rec["acted"]:
            state.acted |= 1 << g
    for rec in data["towers"]:
        c = city(rec["city"])
        floors = _int(rec["floors"], 0, 3, "tower floors")
        if board.is_island[c]:
            stack = tuple(_int(s, 0, n - 1, "island floor owner") for s in rec["stack"])
            if len(stack) != floors:
                raise StateFormatError("corrupt game state: island floors disagree")
            state.island_stack[c] = stack
        elif board.is_capital[c]:
            state.tower_owner[c] = _int(rec["owner"], 0, n - 1, "tower owner")
        else:
            raise StateFormatError(
                f"corrupt game state: a tower on {rec['city']}, which is no capital"
            )
        state.floors[c] = floors
    state.dice = sorted(_int(d, 1, 6, "die") for d in data["dice"])
    if len(state.dice) > 4:
        raise StateFormatError("corrupt game state: more than 4 dice")
    state.traded = bool(data["traded"])
    state.trained = bool(data["trained"])
    state.decks = [tuple(sorted(card(c) for c in data["decks"][name])) for name in DECK_NAMES]
    state.draw_queue = tuple(_int(s, 0, n - 1, "draw queue seat") for s in data["draw_queue"])
    state.draw_deck = DECK_NAMES.index(data["draw_deck"]) if data["draw_deck"] is not None else -1
    pending = data["pending_move"]
    if pending is not None:
        state.pend_general = _int(pending["general"], 0, 23, "pending general")
        state.pend_points = _int(pending["points"], 0, 6, "pending points")
        state.halt_seat = _int(pending["halt_seat"], -1, n - 1, "halt seat")
    state.battles = tuple(city(c) for c in data["battles"])
    state.battle_city = city(data["battle_city"]) if data["battle_city"] is not None else -1
    committed = data["committed_coins"]
    state.coin_attacker = _coin_index(committed["attacker"])
    state.coin_defender = _coin_index(committed["defender"])
    lb = data["last_battle"]
    if lb is not None:
        state.last_battle = (city(lb["city"]), *(int(lb[k]) for k in _BATTLE_KEYS[1:]))
    _check_consistency(state)
    return state


def _coin_index(value: Any) -> int:
    return -1 if value is None else _int(value, 0, 4, "committed coin")


def _check_consistency(state: GameState) -> None:
    """Invariants no legal game breaks; a state that breaks one is refused."""
    board = state.board
    per_city: dict[tuple[int, int], int] = {}
    for g, c in enumerate(state.gen_city):
        if c >= 0:
            key = (c, state.kingdom_seat[g >> 2])
            per_city[key] = per_city.get(key, 0) + 1
            if per_city[key] > 1:
                raise StateFormatError(
                    "corrupt game state: two generals of one player share a city (R5.2)"
                )
    for s in range(state.num_players):
        standing = state.floors_standing(s)
        lost = sum(state.trophies[d * state.num_players + s] for d in range(state.num_players))
        total = standing + lost + state.floors_off[s]
        if state.seat_kingdom[s] >= 0 and state.phase >= 1 and total != 9:
            raise StateFormatError(f"corrupt game state: seat {s} has {total} floors, not 9 (R1.2)")
    # R9.1-R9.3: each quest card is in one place at most (a deck, a hand or laid open).
    cards = board.cards
    seen: set[int] = set()
    for place in (*state.decks, *state.hands, *state.completed):
        for c in place:
            if c in seen:
                raise StateFormatError(
                    f"corrupt game state: quest card {cards[c].id} is twice in play (R9.1)"
                )
            seen.add(c)
    if seen and not state.rules.quests:
        raise StateFormatError("corrupt game state: quest cards without the quest rules (R8.5)")
    for s, hand in enumerate(state.hands):
        if len(hand) > 3:
            raise StateFormatError(
                f"corrupt game state: seat {s} holds more than 3 quest cards (R9.2)"
            )
        for c in hand:
            city = cards[c].city
            if city >= 0 and board.city_kingdom[city] == state.seat_kingdom[s]:
                raise StateFormatError(
                    f"corrupt game state: seat {s} holds {cards[c].id}, "
                    "a card of its own kingdom (R9.2)"
                )
