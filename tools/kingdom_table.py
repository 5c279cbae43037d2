"""What each kingdom is worth: win shares measured over many games, for the pick (R3.1).

The kingdoms are not alike on the map (R2.5: the project's own map), and a search judges a
pick by where a turn or two of play leaves it, when at setup every kingdom looks alike. This
plays games with the kingdoms dealt (seeded, the same games every time) and counts who wins:

- two seats: every ordered pair of kingdoms in turn (seat 0's, seat 1's), each pair as often;
- three to six seats: the kingdoms drawn at random, each kingdom's games and wins counted.

A win is the seat's share of the game's returns (a shared win counts its share). The table is
written as the kingdom book the search agents pick from (``ai.kingdom_book``):

    python tools/kingdom_table.py --agent policy:tactics --games 30000 6000 6000 6000 6000 \\
        --seed 1 --jobs 2 --out ai/data/kingdoms_tactics.json

``--games`` takes the games for two, three, four, five and six seats.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from workers import Workers, WorkersError, add_arguments, from_args

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import game
from ai.kingdom_book import BOOK_FORMAT, KINGDOMS
from ai.registry import agent_from_spec
from game import CHANCE

SEAT_COUNTS = (2, 3, 4, 5, 6)
# Games handed to a worker at once: one game is a few hundredths of a second with the tactics
# policy, so a task of one game would cost more in hand-over than in play.
CHUNK = 50


def kingdoms_of(players: int, index: int, seed: int) -> list[int]:
    """The kingdoms of game ``index`` at ``players`` seats, in seat order."""
    if players == 2:
        pairs = [(a, b) for a in range(KINGDOMS) for b in range(KINGDOMS) if a != b]
        return list(pairs[index % len(pairs)])
    return random.Random(f"{seed}:{players}:{index}").sample(range(KINGDOMS), players)


def play(task: tuple[str, int, int, int, int]) -> list[tuple[list[int], list[float]]]:
    """Games ``first`` to ``first + count - 1`` at ``players`` seats: each one's kingdoms and
    returns."""
    spec, players, first, count, seed = task
    agent = agent_from_spec(spec)
    out = []
    for index in range(first, first + count):
        kingdoms = kingdoms_of(players, index, seed)
        state = game.new_game(players, seed=seed * 1_000_003 + players * 100_000 + index,
                              kingdoms=kingdoms)  # fmt: skip
        rng = random.Random(f"{seed}:{players}:{index}:play")
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.apply_action(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply_action(agent.choose(state.observe(seat), legal, rng))
        out.append((kingdoms, list(state.returns())))
    return out


def empty_table() -> dict[str, Any]:
    return {
        "pairs": {
            "games": [[0] * KINGDOMS for _ in range(KINGDOMS)],
            "wins": [[0.0] * KINGDOMS for _ in range(KINGDOMS)],
        },
        "seats": {str(n): {"games": [0] * KINGDOMS, "wins": [0.0] * KINGDOMS} for n in SEAT_COUNTS},
    }


def count(table: dict[str, Any], kingdoms: list[int], returns: list[float]) -> None:
    seats = table["seats"][str(len(kingdoms))]
    for k, r in zip(kingdoms, returns, strict=True):
        seats["games"][k] += 1
        seats["wins"][k] += r
    if len(kingdoms) == 2:
        a, b = kingdoms
        table["pairs"]["games"][a][b] += 1
        table["pairs"]["wins"][a][b] += returns[0]


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", default="policy:tactics", help="who plays every seat")
    parser.add_argument(
        "--games", type=int, nargs=5, required=True, metavar="N",
        help="games at two, three, four, five and six seats",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    add_arguments(parser, default_jobs=1)
    args = parser.parse_args(argv)
    if any(n < 1 for n in args.games):
        parser.error("--games takes five counts from 1: a book needs every seat count")
    try:
        agent_from_spec(args.agent)
        workers: Workers = from_args(args, parser)
    except (ValueError, WorkersError) as err:
        parser.error(str(err))
    tasks = [
        (args.agent, players, first, min(CHUNK, n - first), args.seed)
        for players, n in zip(SEAT_COUNTS, args.games, strict=True)
        for first in range(0, n, CHUNK)
    ]
    table = empty_table()
    start = time.monotonic()
    total, done = sum(args.games), 0
    for results in workers.imap_unordered(play, tasks):
        for kingdoms, returns in results:
            count(table, kingdoms, returns)
        done += len(results)
        spent = time.monotonic() - start
        print(f"\r{done}/{total} games, {spent:.0f} s, about {spent * (total - done) / done:.0f} s "
              "to go", end="", file=sys.stderr, flush=True)  # fmt: skip
    print(file=sys.stderr)
    book = {
        "format": BOOK_FORMAT,
        "version": 1,
        "agent": args.agent,
        "seed": args.seed,
        "games": dict(zip(map(str, SEAT_COUNTS), args.games, strict=True)),
        **table,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(book, indent=1) + "\n", encoding="utf-8")
    return book


if __name__ == "__main__":
    main()
