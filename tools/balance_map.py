"""Balancing the board by measurement (R2.5): a greedy search over map edits, scored by
self-play of a fast player.

The map is this project's own, and so is its balance: with the kingdoms dealt, the Greeks of
the first map won 0.71 of two-seat games and the Barbarians 0.35. This tool changes only what
the project decided (routes, ships, which city is one of the three islands, R2.4) through a
list of candidate edits, each a real lane or island with the reason for it
(``tools/map_edits.json``), and keeps the ones that bring every kingdom nearest to its share:

    python tools/balance_map.py search --base game/data/maps/3.json \\
        --edits tools/map_edits.json --seed 7 --games 1800 1200 1200 --steps 8 --finalists 3 \\
        --out build/balance/map.json --report build/balance/search.json --jobs 2
    python tools/balance_map.py measure build/balance/map.json --games 6000 2040 1500 1200 1020 \\
        --seed 8 --out build/balance/tactics.json --jobs 2

Each step tries every move from the edits taken so far (``--start``: a designer's proposal, or
none), adding one not taken or taking one back: first on a third of the games
(``--games``: two-seat games, every ordered pair of kingdoms as often, and three- and
four-seat games, and five- and six-seat ones if given, with the kingdoms drawn; none at a seat
count given 0), then the best
``--finalists`` on all of them, and takes the best if it lowers the loss, the mean over kingdoms
and seat counts of (share - 1/n)² over the tolerance squared (0.05 at two seats, 0.04 at three
to six; the targets of the fair-board issue). Every map plays the same deals and dice seeds
(common random numbers), so two maps are compared on the same games. The search stops when no
edit helps or after ``--steps``; ``--steps 0`` scores the start (a proposal) and nothing else.

Every finished chunk of games goes to ``--games-log`` (default: beside ``--out``) as it ends,
keyed by the map's digest, so the same command run again plays only what is missing (Ctrl-C
says what was kept). What each step tried and measured goes to ``--report`` (JSON); the map
to ``--out`` with its quest deck beside it (``<out>.quests.json``: the island cards follow the
islands, R9.1). ``measure`` plays one map's table, every kingdom's share at two to six seats
with its 95% interval, each seat's share, every two-seat pairing and how many seasons games
last, on seeds of its own (the confirmation on fresh games, by the search's player or another).
``./build.sh train balance`` is the command of the search that found the current map.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import NUMBERS, WHOLE, DataFileError, Kind, read_json
from kingdom_table import kingdoms_of  # the same deals as the kingdom book's
from map_edits import EditError, apply_edit, map_problems, quests_for, read_edits
from selfplay import read_rows
from workers import Workers, WorkersError, add_arguments, from_args

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import game
from ai.seeds import check_seed
from game import Action, GameState
from game.content import KINGDOM_IDS, MapSpec
from lab.arena import wilson
from lab.baselines import agent_from_spec
from lab.command_line import check_outputs, stopping
from lab.games import play_on

KINGDOMS = len(KINGDOM_IDS)
SEATS = (2, 3, 4, 5, 6)
TOLERANCE = {2: 0.05, 3: 0.04, 4: 0.04, 5: 0.04, 6: 0.04}
CHUNK = 60  # games handed to a worker at once (a two-seat game is a few hundredths of a second)

Task = tuple[str, str, str, int, int, int, int]  # agent, map, quests, players, first, count, seed
Game = tuple[list[int], list[float], int]  # kingdoms in seat order, returns, rounds played

_BOARDS: dict[str, MapSpec] = {}


def digest(board: dict[str, Any]) -> str:
    """A map's identity in the games log: its content, whatever its notes say."""
    play = {key: board[key] for key in ("kingdoms", "cities", "ships", "routes")}
    return hashlib.sha256(json.dumps(play, sort_keys=True).encode()).hexdigest()[:16]


def play(task: Task) -> tuple[Task, list[Game]]:
    spec, map_text, quests_text, players, first, count, seed = task
    key = hashlib.sha256((map_text + quests_text).encode()).hexdigest()
    board = _BOARDS.get(key)
    if board is None:
        board = _BOARDS[key] = MapSpec(json.loads(map_text), json.loads(quests_text))
    agent = agent_from_spec(spec)
    out: list[Game] = []
    for index in range(first, first + count):
        kingdoms = kingdoms_of(players, index, seed)
        state = game.new_game(players, seed=seed * 1_000_003 + players * 100_000 + index,
                              kingdoms=kingdoms, board=board)  # fmt: skip
        rng = random.Random(f"{seed}:{players}:{index}:play")

        def decide(state: GameState, legal: list[Action], rng: random.Random = rng) -> Action:
            return agent.choose(state.observe(state.current_player()), legal, rng)

        play_on(state, decide, rng)
        out.append((kingdoms, list(state.returns()), state.round))
    return task, out


def shares(games: list[Game]) -> list[float]:
    """Each kingdom's share of wins in the games it was dealt into."""
    dealt, won = [0] * KINGDOMS, [0.0] * KINGDOMS
    for kingdoms, returns, _ in games:
        for k, r in zip(kingdoms, returns, strict=True):
            dealt[k] += 1
            won[k] += r
    return [w / d if d else float("nan") for w, d in zip(won, dealt, strict=True)]


def loss(by_seats: dict[int, list[Game]]) -> float:
    """Mean squared distance of the kingdoms' shares from chance, in tolerances."""
    parts = [
        ((share - 1 / n) / TOLERANCE[n]) ** 2
        for n, games in by_seats.items()
        for share in shares(games)
    ]
    return sum(parts) / len(parts)


# A line of the games log, "agent" first as it is written (what a line cut short opens with).
LOG_LINE = {"agent": Kind("text", lambda v: isinstance(v, str)), "seed": WHOLE,
            "map": Kind("a map digest", lambda v: isinstance(v, str)), "players": WHOLE,
            "first": WHOLE, "count": WHOLE,
            "games": Kind("a list of games", lambda v: isinstance(v, list))}  # fmt: skip


def _log_games(row: dict[str, Any]) -> str:
    """Why a chunk cannot be counted, in words; "" when each game is [kingdoms in seat
    order, returns, round] for its seat count."""
    n = row["players"]
    for number, one in enumerate(row["games"], 1):
        ok = (isinstance(one, list) and len(one) == 3 and isinstance(one[0], list)
              and len(one[0]) == n and len(set(one[0])) == n
              and all(WHOLE.fits(k) and 0 <= k < KINGDOMS for k in one[0])
              and NUMBERS.fits(one[1]) and len(one[1]) == n and WHOLE.fits(one[2]))  # fmt: skip
        if not ok:
            return f"its game {number} is not [{n} kingdoms, {n} returns, a round]"
    return "" if len(row["games"]) == row["count"] else "its games are not 'count' games"


class Scorer:
    """Plays (or finds in the log) the games of maps and keeps them by map digest."""

    def __init__(self, args: argparse.Namespace, workers: Workers, log: Path) -> None:
        self.agent: str = args.agent
        self.seed: int = args.seed
        self.workers = workers
        self.log = log
        self.done: dict[tuple[str, int, int, int], list[Game]] = {}
        self.played = 0
        # A last line cut short by a stop is dropped (and played again), as every tool's log.
        for row in read_rows(log, "chunk of balance_map", LOG_LINE, True, check=_log_games):
            if (row["agent"], row["seed"]) != (self.agent, self.seed):
                raise DataFileError(
                    f"{log}: games of another agent or seed; use another --games-log"
                )
            key = (row["map"], row["players"], row["first"], row["count"])
            self.done[key] = [(g[0], g[1], g[2]) for g in row["games"]]

    def games(
        self, maps: list[dict[str, Any]], counts: dict[int, int]
    ) -> list[dict[int, list[Game]]]:
        """For each map, its games at each seat count (the first ``counts[n]`` of the deal)."""
        todo: list[Task] = []
        texts = [
            (digest(board), json.dumps(board), json.dumps(quests_for(board))) for board in maps
        ]
        for key, map_text, quests_text in texts:
            for players, n in counts.items():
                for first in range(0, n, CHUNK):
                    count = min(CHUNK, n - first)
                    if (key, players, first, count) not in self.done:
                        task = (self.agent, map_text, quests_text, players, first, count, self.seed)
                        todo.append(task)
        if todo:
            total, finished, start = sum(t[5] for t in todo), 0, time.monotonic()
            with self.log.open("a", encoding="utf-8") as out:
                for task, results in self.workers.imap_unordered(play, todo):
                    key = digest(json.loads(task[1]))
                    self.done[(key, task[3], task[4], task[5])] = results
                    row = {"agent": self.agent, "seed": self.seed, "map": key,
                           "players": task[3], "first": task[4], "count": task[5],
                           "games": results}  # fmt: skip
                    out.write(json.dumps(row, separators=(",", ":")) + "\n")
                    out.flush()
                    finished += task[5]
                    self.played += task[5]
                    spent = time.monotonic() - start
                    print(f"\r  {finished}/{total} games, {spent:.0f} s, about "
                          f"{spent * (total - finished) / finished:.0f} s to go   ", end="",
                          file=sys.stderr, flush=True)  # fmt: skip
            print(file=sys.stderr)
        out_games = []
        for key, _, _ in texts:
            by_seats: dict[int, list[Game]] = {}
            for players, n in counts.items():
                by_seats[players] = [
                    g
                    for first in range(0, n, CHUNK)
                    for g in self.done[(key, players, first, min(CHUNK, n - first))]
                ]
            out_games.append(by_seats)
        return out_games


def measured(by_seats: dict[int, list[Game]]) -> dict[str, Any]:
    return {
        "loss": round(loss(by_seats), 4),
        "shares": {str(n): [round(s, 3) for s in shares(g)] for n, g in by_seats.items()},
        "rounds": {
            str(n): round(sum(g[2] for g in games) / len(games) + 1, 2)
            for n, games in by_seats.items()
        },
    }


def build(base: dict[str, Any], edits: dict[str, dict[str, Any]], taken: list[str]) -> Any:
    """``base`` with the edits ``taken`` in order: the map, or why it is none (a sentence)."""
    board = base
    try:
        for name in taken:
            board = apply_edit(board, edits[name])
    except EditError as err:
        return str(err)
    problems = map_problems(board)
    return "; ".join(problems) if problems else board


def search(args: argparse.Namespace, scorer: Scorer) -> dict[str, Any]:
    base = read_json(args.base, "map")
    edits = {edit["id"]: edit for edit in read_edits(args.edits)}
    given = [*args.games, *[0] * (len(SEATS) - len(args.games))]  # none at the seats not given
    full = {n: g for n, g in zip(SEATS, given, strict=True) if g}
    screen = {n: max(CHUNK, (g // 3) // CHUNK * CHUNK) for n, g in full.items()}
    taken: list[str] = list(args.start)
    current = build(base, edits, taken)
    if isinstance(current, str):
        raise EditError(f"--start: {current}")
    here = measured(scorer.games([current], full)[0])
    print(f"start: loss {here['loss']}, two seats {here['shares']['2']}", file=sys.stderr)
    steps: list[dict[str, Any]] = []
    for step in range(1, args.steps + 1):
        # A step adds an edit not taken or takes back one taken (a later edit may make an
        # earlier one needless): the search moves over sets of edits, not only forward.
        moves = [(f"+{e}", [*taken, e]) for e in edits if e not in taken]
        moves += [(f"-{e}", [t for t in taken if t != e]) for e in taken]
        tried: list[tuple[str, list[str], dict[str, Any]]] = []
        refused: dict[str, str] = {}
        for name, names in moves:
            board = build(base, edits, names)
            if isinstance(board, str):
                refused[name] = board
            else:
                tried.append((name, names, board))
        if not tried:
            break
        print(f"step {step}: {len(tried)} moves on {sum(screen.values())} games each",
              file=sys.stderr)  # fmt: skip
        first = scorer.games([board for _, _, board in tried], screen)
        ranked = sorted(range(len(tried)), key=lambda i: loss(first[i]))[: args.finalists]
        print(f"step {step}: the best {len(ranked)} on {sum(full.values())} games each",
              file=sys.stderr)  # fmt: skip
        final = scorer.games([tried[i][2] for i in ranked], full)
        results = {tried[i][0]: {"screen": measured(first[i])} for i in range(len(tried))}
        for i, games in zip(ranked, final, strict=True):
            results[tried[i][0]]["full"] = measured(games)
        best = min(ranked, key=lambda i: results[tried[i][0]]["full"]["loss"])
        name = tried[best][0]
        gain = here["loss"] - results[name]["full"]["loss"]
        steps.append({"step": step, "before": here, "tried": results, "refused": refused,
                      "best": name, "taken": gain > 0})  # fmt: skip
        print(f"step {step}: best {name}, loss {here['loss']} -> "
              f"{results[name]['full']['loss']}", file=sys.stderr)  # fmt: skip
        if gain <= 0:
            break
        taken, current, here = tried[best][1], tried[best][2], results[name]["full"]
    return {"base": str(args.base), "edits_file": str(args.edits), "seed": args.seed,
            "agent": args.agent, "games": {str(n): g for n, g in full.items()},
            "start": list(args.start), "taken": taken, "final": here, "steps": steps,
            "map": current}  # fmt: skip


def _interval(wins: float, games: int) -> list[float]:
    """The 95% Wilson interval of a share, rounded as the tables print it."""
    return [round(end, 3) for end in wilson(wins, games)]


def table(by_seats: dict[int, list[Game]]) -> dict[str, Any]:
    """Every kingdom's share at each seat count, each seat's, the two-seat pairings and how
    many seasons games last."""
    out: dict[str, Any] = {}
    for n, games in by_seats.items():
        if not games:
            continue
        dealt, won = [0] * KINGDOMS, [0.0] * KINGDOMS
        seat_won = [0.0] * n
        for kingdoms, returns, _ in games:
            for seat, (k, r) in enumerate(zip(kingdoms, returns, strict=True)):
                dealt[k] += 1
                won[k] += r
                seat_won[seat] += r
        seasons = sorted(g[2] + 1 for g in games)
        out[str(n)] = {
            "games": len(games),
            "kingdoms": {KINGDOM_IDS[k]: {"games": dealt[k], "share": round(won[k] / dealt[k], 3),
                                          "interval": _interval(won[k], dealt[k])}
                         for k in range(KINGDOMS) if dealt[k]},
            "seats": [round(w / len(games), 3) for w in seat_won],
            "seasons": {"mean": round(sum(seasons) / len(seasons), 2),
                        "median": seasons[len(seasons) // 2]},
        }  # fmt: skip
        if n == 2:
            pairs: dict[str, Any] = {}
            for a in range(KINGDOMS):
                for b in range(a + 1, KINGDOMS):
                    mine = [g for g in games if set(g[0]) == {a, b}]
                    wins = sum(r[g[0].index(a)] for g in mine for r in [g[1]])
                    pairs[f"{KINGDOM_IDS[a]}-{KINGDOM_IDS[b]}"] = {
                        "games": len(mine), "share": round(wins / len(mine), 3),
                        "interval": _interval(wins, len(mine))}  # fmt: skip
            out[str(n)]["pairings"] = pairs
    return out


def measure(args: argparse.Namespace, scorer: Scorer) -> dict[str, Any]:
    board = read_json(args.map, "map")
    problems = map_problems(board)
    if problems:
        raise EditError(f"{args.map}: {'; '.join(problems)}")
    counts = {n: g for n, g in zip(range(2, 7), args.games, strict=True) if g}
    by_seats = scorer.games([board], counts)[0]
    return {"map": str(args.map), "digest": digest(board), "agent": args.agent,
            "seed": args.seed, **table(by_seats)}  # fmt: skip


def _common(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--agent", default="policy:tactics", help="who plays every seat")
    sub.add_argument("--seed", type=int, default=1)
    sub.add_argument("--games-log", type=Path, help="finished games, to resume from")
    add_arguments(sub, default_jobs=1)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    search_p = commands.add_parser("search", help="the greedy search over edits")
    search_p.add_argument("--base", type=Path, required=True, help="the map to start from")
    search_p.add_argument("--edits", type=Path, required=True, help="the candidate edits")
    search_p.add_argument(
        "--games", type=int, nargs="+", default=[1200, 0, 400], metavar="N",
        help="games a map is scored on at two, three and four seats, and optionally at five and "
        "six (0: none at that count)",
    )  # fmt: skip
    search_p.add_argument(
        "--start", type=lambda text: [e for e in text.split(",") if e], default=[],
        metavar="EDIT,EDIT", help="edits taken before the search: a proposal it refines",
    )  # fmt: skip
    search_p.add_argument("--steps", type=int, default=8, help="moves made at most")
    search_p.add_argument("--finalists", type=int, default=4, help="edits played on all games")
    search_p.add_argument("--out", type=Path, required=True, help="the balanced map")
    search_p.add_argument("--report", type=Path, help="what each step tried (JSON)")
    _common(search_p)
    measure_p = commands.add_parser("measure", help="a map's table of kingdoms, seats, seasons")
    measure_p.add_argument("map", type=Path)
    measure_p.add_argument(
        "--games", type=int, nargs=5, required=True, metavar="N",
        help="games at two, three, four, five and six seats (0: none)",
    )  # fmt: skip
    measure_p.add_argument("--out", type=Path, required=True, help="the table (JSON)")
    _common(measure_p)
    args = parser.parse_args(argv)
    if any(n < 0 or n % CHUNK for n in args.games) or not any(args.games):
        parser.error(f"--games takes multiples of {CHUNK} (the games a worker plays at once)")
    if args.command == "search":
        if args.steps < 0 or args.finalists < 1:
            parser.error(
                "--steps takes a count from 0 (0: score the start only), --finalists one from 1"
            )
        if not 3 <= len(args.games) <= 5:
            parser.error("--games takes three to five counts: two, three, four, five, six seats")
        if not (args.games[0] and args.games[2]):
            parser.error("--games: the search scores maps at two and at four seats at least")
        quests_out = args.out.with_suffix(".quests.json")
        check_outputs(parser, args.out, quests_out, args.report)
    else:
        quests_out = None
        check_outputs(parser, args.out)
    log = args.games_log or args.out.with_suffix(".games.jsonl")
    check_outputs(parser, args.out, log)
    try:
        check_seed(args.seed, "--seed")
        agent_from_spec(args.agent)
        workers = from_args(args, parser)
        scorer = Scorer(args, workers, log)
        if args.command == "search":
            read_edits(args.edits)
    except (ValueError, WorkersError, DataFileError, EditError) as err:
        parser.error(str(err))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with stopping("balance_map.py", lambda: f"{scorer.played} games kept in {log}; "
                  "the same command resumes"):  # fmt: skip
        try:
            result = search(args, scorer) if args.command == "search" else measure(args, scorer)
        except (DataFileError, EditError) as err:
            parser.error(str(err))
    if quests_out is None:
        args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        print(f"table in {args.out}", file=sys.stderr)
        return result
    board = result.pop("map")
    args.out.write_text(json.dumps(board, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    quests_out.write_text(
        json.dumps(quests_for(board), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    if args.report:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"taken: {', '.join(result['taken']) or 'none'}; loss {result['final']['loss']}; "
          f"map in {args.out}", file=sys.stderr)  # fmt: skip
    return result


if __name__ == "__main__":
    main()
