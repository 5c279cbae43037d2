"""Writing a ``GameState`` as the JSON form of docs/state-format.md.

Reading it back is ``game.state_reader`` (fields) and ``game.state_check`` (invariants); the
saved-game API over both is ``game.serialize``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from game.content import DECK_NAMES, KINGDOM_IDS
from game.core import COIN_VALUES, PHASE_NAMES
from game.rules import scoring
from game.state_reader import BATTLE_KEYS, FORMAT, VERSION

if TYPE_CHECKING:
    from game.state_data import StateData


def state_to_dict(state: StateData) -> dict[str, Any]:
    board = state.board
    node_id = [node.id for node in board.nodes]
    card_id = [card.id for card in board.cards]
    n = state.num_players
    score = scoring.scores(state)
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
        "map": board.version,
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
            dict(zip(BATTLE_KEYS, [node_id[lb[0]], *lb[1:]], strict=True)) if lb else None
        ),
    }


def _coin_out(index: int) -> int | str | None:
    # -2 marks a coin committed by another seat whose value a view may not show (R8.2a).
    return index if index >= 0 else "hidden" if index == -2 else None


def state_to_json(state: StateData) -> str:
    return json.dumps(state_to_dict(state), ensure_ascii=False, sort_keys=True)
