"""Where the points of self-play games come from, per kingdom (experiments/balance.md).

    .venv/bin/python experiments/balance/points_by_source.py [MAP [QUESTS]] --games 1200 \
        [--players N]

The tactics policy in every seat; at two seats every ordered pair of kingdoms in turn, at more
seats kingdoms drawn at random (seeds 10**6 + i):
each kingdom's share of wins, its mean points, and the mean points of its completed quests by
kind (R9.4: 3 per special quest, 1 per ordinary; the rest of the points are first floors).
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import game
from game.content import KINGDOM_IDS, MapSpec
from lab.baselines import agent_from_spec
from lab.games import play_on


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("map", nargs="?", type=Path)
    parser.add_argument("quests", nargs="?", type=Path)
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7))
    args = parser.parse_args()
    if args.map:
        quests = args.quests or args.map.with_suffix(".quests.json")
        board = MapSpec(json.loads(args.map.read_text()), json.loads(quests.read_text()))
    else:
        board = game.default_map()
    agent = agent_from_spec("policy:tactics")
    pairs = [(a, b) for a in range(6) for b in range(6) if a != b]
    points: dict[int, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    wins, games = collections.Counter(), collections.Counter()
    for i in range(args.games):
        rng = random.Random(i)
        if args.players == 2:
            kingdoms = list(pairs[i % 30])
        else:
            kingdoms = random.Random(-i).sample(range(6), args.players)
        state = game.new_game(args.players, seed=10**6 + i, kingdoms=kingdoms, board=board)

        def decide(
            s: game.GameState, legal: list[game.Action], rng: random.Random = rng
        ) -> game.Action:
            return agent.choose(s.observe(s.current_player()), legal, rng)

        play_on(state, decide, rng)
        for seat, k in enumerate(kingdoms):
            games[k] += 1
            wins[k] += state.returns()[seat]
            points[k]["all"] += state.points[seat]
            for card in state.completed[seat]:
                points[k][board.cards[card].type] += board.cards[card].points
    for k in range(6):
        n = games[k]
        parts = {kind: round(v / n, 2) for kind, v in sorted(points[k].items())}
        print(f"{KINGDOM_IDS[k]:14s} share {wins[k] / n:.3f} points {parts}")


if __name__ == "__main__":
    main()
