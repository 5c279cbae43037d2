"""What each kingdom is worth: win shares measured over many games, for the pick (R3.1).

The kingdoms are not alike on the map (R2.5: the project's own map), and a search judges a
pick by where a turn or two of play leaves it, when at setup every kingdom looks alike. This
plays games with the kingdoms dealt (seeded, the same games every time) and counts who wins:

- two seats: every ordered pair of kingdoms in turn (seat 0's, seat 1's), each pair as often;
- three to six seats: the kingdoms drawn at random, each kingdom's games and wins counted.

A win is the seat's share of the game's returns (a shared win counts its share). The same
games are also counted by seat (``seat_order``: at each seat count, the games and each seat's
wins): every player takes a turn in seat order each round (R1.3), so the seats are not alike
either, and the new-game form tells what the seat order is worth. The table is written as the
kingdom book the search agents pick from (``ai.kingdom_book``):

    python tools/kingdom_table.py --agent policy:tactics --games 30000 8000 8000 8000 8000 \\
        --seed 1 --jobs 2 --out ai/data/kingdoms_tactics.json

``--games`` takes the games for two, three, four, five and six seats. Every finished chunk of
games goes to ``--chunks`` (default ``build/kingdoms/<out's name>.jsonl``) as it ends, and the
same command run again plays only the chunks not there yet (Ctrl-C says how many games they
keep). A chunk holds each game's kingdoms and returns in seat order, so the chunks of a run made
before the seat table was counted make a book with it, with no game played again.
``./build.sh train kingdoms`` is the shipped book's command.
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
from json_files import NUMBERS, WHOLE, DataFileError, Kind
from selfplay import read_rows
from workers import Workers, WorkersError, add_arguments, from_args

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import game
from ai.kingdom_book import BOOK_FORMAT, KINGDOMS
from ai.seeds import check_seed
from game import Action, GameState
from game.content import CURRENT_MAP
from lab.baselines import agent_from_spec
from lab.command_line import check_outputs, stopping
from lab.games import play_on

SEAT_COUNTS = (2, 3, 4, 5, 6)
# Games handed to a worker at once: one game is a few hundredths of a second with the tactics
# policy, so a task of one game would cost more in hand-over than in play.
CHUNK = 50


Task = tuple[str, int, int, int, int]  # agent, players, first game, games, seed


def kingdoms_of(players: int, index: int, seed: int) -> list[int]:
    """The kingdoms of game ``index`` at ``players`` seats, in seat order."""
    if players == 2:
        pairs = [(a, b) for a in range(KINGDOMS) for b in range(KINGDOMS) if a != b]
        return list(pairs[index % len(pairs)])
    return random.Random(f"{seed}:{players}:{index}").sample(range(KINGDOMS), players)


def play(task: Task) -> list[tuple[list[int], list[float]]]:
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

        def decide(state: GameState, legal: list[Action], rng: random.Random = rng) -> Action:
            return agent.choose(state.observe(state.current_player()), legal, rng)

        play_on(state, decide, rng)
        out.append((kingdoms, list(state.returns())))
    return out


def _play_task(task: Task) -> tuple[list[tuple[list[int], list[float]]], Task]:
    return play(task), task


def empty_table() -> dict[str, Any]:
    return {
        "pairs": {
            "games": [[0] * KINGDOMS for _ in range(KINGDOMS)],
            "wins": [[0.0] * KINGDOMS for _ in range(KINGDOMS)],
        },
        "seats": {str(n): {"games": [0] * KINGDOMS, "wins": [0.0] * KINGDOMS} for n in SEAT_COUNTS},
        "seat_order": {str(n): {"games": 0, "wins": [0.0] * n} for n in SEAT_COUNTS},
    }


def count(table: dict[str, Any], kingdoms: list[int], returns: list[float]) -> None:
    seats = table["seats"][str(len(kingdoms))]
    for k, r in zip(kingdoms, returns, strict=True):
        seats["games"][k] += 1
        seats["wins"][k] += r
    order = table["seat_order"][str(len(kingdoms))]
    order["games"] += 1
    for seat, r in enumerate(returns):
        order["wins"][seat] += r
    if len(kingdoms) == 2:
        a, b = kingdoms
        table["pairs"]["games"][a][b] += 1
        table["pairs"]["wins"][a][b] += returns[0]


# A line of the chunks file, "agent" first as it is written (what a line cut short opens with).
CHUNK_LINE = {"agent": Kind("text", lambda v: isinstance(v, str)), "seed": WHOLE,
              "players": WHOLE, "first": WHOLE, "count": WHOLE,
              "games": Kind("a list of games", lambda v: isinstance(v, list))}  # fmt: skip


def chunk_games(line: dict[str, Any]) -> str:
    """Why the chunk ``line`` cannot be counted, in words; "" when it can: ``count`` games,
    each [kingdoms, returns] with a kingdom and a return a seat (counted as they are, any
    other shape ended the tool in a traceback where the table is summed)."""
    players = line["players"]
    if len(line["games"]) != line["count"]:
        return f"it holds {len(line['games'])} of the {line['count']} games its 'count' says"
    for number, one in enumerate(line["games"], 1):
        kingdoms, returns = one if isinstance(one, list) and len(one) == 2 else (None, None)
        fits = (
            isinstance(kingdoms, list) and len(kingdoms) == players
            and all(WHOLE.fits(k) and 0 <= k < KINGDOMS for k in kingdoms)
            and len(set(kingdoms)) == players
            and isinstance(returns, list) and len(returns) == players and NUMBERS.fits(returns)
        )  # fmt: skip
        if not fits:
            return f"its game {number} is not [{players} kingdoms, {players} returns]"
    return ""


def read_chunks(path: Path, agent: str, seed: int) -> dict[tuple[int, int, int], list[Any]]:
    """The chunks a run of ``agent`` and ``seed`` finished, by (players, first, count), as
    ``selfplay.read_rows`` reads a file appended to (a last line cut short is dropped); a chunk
    of another run, or a line of another file, is an error."""
    done: dict[tuple[int, int, int], list[Any]] = {}
    lines = read_rows(path, "chunk of kingdom_table", CHUNK_LINE, True,
                      optional={"map": WHOLE}, check=chunk_games)  # fmt: skip
    for entry in lines:
        if (entry["agent"], entry["seed"]) != (agent, seed):
            raise DataFileError(
                f"{path}: chunks of another run (agent or seed); use another --chunks"
            )
        # Games are played on the current map (R2.5); a chunk without a map is of map 1.
        if entry.get("map", 1) != CURRENT_MAP:
            raise DataFileError(
                f"{path}: chunks played on map {entry.get('map', 1)}, and this run plays map "
                f"{CURRENT_MAP}; use another --chunks"
            )
        done[(entry["players"], entry["first"], entry["count"])] = entry["games"]
    return done


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", default="policy:tactics", help="who plays every seat")
    parser.add_argument(
        "--games", type=int, nargs=5, required=True, metavar="N",
        help="games at two, three, four, five and six seats",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--chunks", type=Path, help="finished games, to resume from")
    add_arguments(parser, default_jobs=1)
    args = parser.parse_args(argv)
    check_outputs(parser, args.out)  # before the fit, not after it
    if any(n < 1 for n in args.games):
        parser.error("--games takes five counts from 1: a book needs every seat count")
    # A game's seed holds players * 100_000 + index (play): past that, the games of two seat
    # counts would be dealt alike.
    if any(n > 100_000 for n in args.games):
        parser.error("--games takes counts up to 100000 for each seat count")
    try:
        check_seed(args.seed, "--seed")  # a game's seed is seed * 1_000_003 + …, as the arena's
        agent_from_spec(args.agent)
        workers: Workers = from_args(args, parser)
    except (ValueError, WorkersError) as err:
        parser.error(str(err))
    chunks = args.chunks or Path("build/kingdoms") / f"{args.out.stem}.jsonl"
    check_outputs(parser, args.out, chunks)  # one file for both: the book replaced the games
    try:
        finished = read_chunks(chunks, args.agent, args.seed)
    except DataFileError as err:
        parser.error(str(err))
    tasks: list[Task] = [
        (args.agent, players, first, min(CHUNK, n - first), args.seed)
        for players, n in zip(SEAT_COUNTS, args.games, strict=True)
        for first in range(0, n, CHUNK)
    ]
    table = empty_table()
    for task in tasks:
        for kingdoms, returns in finished.get(task[1:4], []):
            count(table, kingdoms, returns)
    todo = [task for task in tasks if task[1:4] not in finished]
    chunks.parent.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    total, done = sum(task[3] for task in todo), 0

    def kept() -> str:
        games = sum(task[3] for task in tasks if task[1:4] in finished) + done
        return f"{games} games kept in {chunks}; the same command resumes"

    with (
        chunks.open("a", encoding="utf-8") as log,
        stopping("kingdom_table.py", kept),
    ):
        for results, task in workers.imap_unordered(_play_task, todo):
            for kingdoms, returns in results:
                count(table, kingdoms, returns)
            entry = {"agent": args.agent, "seed": args.seed, "map": CURRENT_MAP, "players": task[1],
                     "first": task[2], "count": task[3], "games": results}  # fmt: skip
            log.write(json.dumps(entry, separators=(",", ":")) + "\n")
            log.flush()
            done += len(results)
            spent = time.monotonic() - start
            print(f"\r{done}/{total} games, {spent:.0f} s, about "
                  f"{spent * (total - done) / done:.0f} s to go", end="", file=sys.stderr,
                  flush=True)  # fmt: skip
    print(file=sys.stderr)
    # Sums of shares in the order the chunks ended: rounded, the same book every time.
    for part in (table["pairs"], *table["seats"].values(), *table["seat_order"].values()):
        rows = part["wins"] if isinstance(part["wins"][0], list) else [part["wins"]]
        for row in rows:
            row[:] = [round(w, 9) for w in row]
    book = {
        "format": BOOK_FORMAT,
        "version": 1,
        "agent": args.agent,
        "seed": args.seed,
        "map": CURRENT_MAP,
        "games": dict(zip(map(str, SEAT_COUNTS), args.games, strict=True)),
        **table,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(book, indent=1) + "\n", encoding="utf-8")
    return book


if __name__ == "__main__":
    main()
