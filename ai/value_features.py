"""What the learned evaluation reads of a position: one feature vector per seat.

The hand-built evaluation's parts (``ai.evaluation.TERMS``: points, floors, imminent destroys,
reach, islands, levels, time track, coins, cards) are the base. Each part is given twice: as
it is, and as the seat's lead over the best other seat (a win is relative: 3 points lead the
table or trail it). A few facts the hand-built sum leaves out complete it: how far the game
is, whether the last round has begun (R9.7), whether the seat still plays this round, and the
number of seats. Every feature is also given scaled by the game's progress, so a linear model
over them weighs a part differently early and late (what the hand-built ``beta`` schedule does
for all parts at once).

Standard library only: the search calls this in the browser too.
"""

from __future__ import annotations

from ai.evaluation import TERMS, Evaluator, yet_to_play
from game import NUM_ROUNDS, GameState

_FLAT = (
    *TERMS,
    *(f"{t}_lead" for t in TERMS),
    "floors_held_by_enemy",
    "floors_exposed",
    "last_round",
    "last_round_points_lead",
    "to_play",
    "inverse_seats",
    "bias",
)
FEATURES = (*_FLAT, *(f"{name}_x_progress" for name in _FLAT))


def _threats(state: GameState) -> list[tuple[float, float]]:
    """Per seat: own standing floors on capitals where an enemy general stands (R6.1: a destroy
    next turn), and on capitals no own general guards with an enemy general two routes away."""
    board = state.board
    dist = board.route_distance
    gen_city = state.gen_city
    floors = state.floors
    out = []
    for seat, k in enumerate(state.seat_kingdom):
        held = exposed = 0.0
        own = gen_city[k * 4 : k * 4 + 4]
        enemies = [c for c in gen_city[: k * 4] + gen_city[k * 4 + 4 :] if c >= 0]
        for c in board.kingdoms[k].capitals:
            if floors[c] <= 0 or state.tower_owner[c] != seat:
                continue
            if c in enemies:
                held += floors[c]
            elif c not in own:
                row = dist[c]
                if any(row[e] <= 2 for e in enemies):
                    exposed += floors[c]
        out.append((held, exposed))
    return out


def seat_features(state: GameState, evaluator: Evaluator) -> list[list[float]]:
    """Per seat, the values of ``FEATURES`` for ``state`` (a determinized world)."""
    n = state.num_players
    terms = evaluator.seat_terms(state)
    progress = state.round / (NUM_ROUNDS - 1)
    last_round = 1.0 if state.rules.quests and max(state.points) >= 7 else 0.0
    points = [row[0] for row in terms]
    threats = _threats(state)
    out = []
    for s in range(n):
        own = terms[s]
        others = [terms[o] for o in range(n) if o != s]
        leads = [own[i] - max(row[i] for row in others) for i in range(len(own))]
        held, exposed = threats[s]
        flat = [
            *own,
            *leads,
            held,
            exposed,
            last_round,
            last_round * leads[0] if points else 0.0,
            1.0 if yet_to_play(state, s) else 0.0,
            1.0 / n,
            1.0,
        ]
        out.append(flat + [x * progress for x in flat])
    return out
