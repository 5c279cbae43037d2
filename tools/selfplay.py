"""Self-play games as records, the raw material for learning an evaluation (tools/train_value.py).

    .venv/bin/python tools/selfplay.py --agent ismcts-v1:easy --games 2000 --seed 1 \
        --out build/selfplay/easy.jsonl --jobs 2   (or --ray local | --ray ADDRESS)

Each line is one finished game: its record (``game.GameRecord`` JSON: configuration and every
action, chance included, so every position can be replayed exactly) and its returns. Game
``i`` is fully determined by ``--seed`` and ``i`` (seat count, kingdoms, dice, the agents'
random streams), so a run that stops resumes where it stopped: rerun the same command and the
games already in the file are skipped. The data is bulk: it lives in build/, never in git;
what a model was trained on is summarised in its report.

``--explore E``: at each of a seat's decisions past the setup, with chance ``E`` it plays one of
the five actions the tactics policy scores best, drawn evenly, instead of its agent's choice
(drawn from a stream of its own, so the games stay determined by the seed and index), so that
the results show what the actions a search weighs against each other lead to, not only what one
policy always plays. At 0.1 it left a results fit's ranking of a turn's actions where it was
(round 15 of experiments/exit.md).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import (
    NUMBERS,
    PLAYED,
    WHOLE,
    DataFileError,
    Kind,
    json_lines,
    played_game,
    read_text,
    reported,
)
from workers import Workers, WorkersError, add_arguments, from_args

import game
from ai.agents import setup_values
from ai.components import Tactics
from ai.evaluation import DEFAULT_WEIGHTS
from ai.policy import pick
from game import CHANCE, CURRENT_MAP, GameRecord
from lab.arena import cut_short
from lab.baselines import agent_from_spec
from lab.command_line import check_outputs, refuse, stopping

T = TypeVar("T")

# Seat counts in the mix: two and four players most (the arena's targets), every count seen.
PLAYER_MIX = (2, 2, 2, 3, 4, 4, 4, 5, 6)
# A line of this tool's, "index" first as it is written: what a cut-short line opens with.
SELF_PLAY = {"index": WHOLE, **PLAYED}


def play(
    agent_spec: str, seed: int, index: int, mix: tuple[int, ...] = PLAYER_MIX, explore: float = 0.0
) -> dict[str, Any]:
    """Game ``index`` of run ``seed``: every seat ``agent_spec``, the seat count from ``mix``,
    a share ``explore`` of the decisions past the setup among the tactics policy's best five."""
    deal = random.Random(seed * 1_000_003 + index)
    players = mix[deal.randrange(len(mix))]
    kingdoms = deal.sample(range(6), players)
    game_seed = deal.randrange(2**62)
    state = game.new_game(players, seed=game_seed, kingdoms=kingdoms)
    record = GameRecord.for_state(state, kingdoms=kingdoms)
    agents = [agent_from_spec(agent_spec) for _ in range(players)]
    rngs = [random.Random(f"{seed}/{index}/{s}") for s in range(players)]
    chance = random.Random(game_seed)
    explorer = random.Random(f"{seed}/{index}/explore")
    tactics = Tactics()
    while not state.is_terminal():
        who = state.current_player()
        if who == CHANCE:
            action = state.sample_chance(chance)
        else:
            legal = state.legal_actions()
            view = state.observe(who) if len(legal) > 1 else None  # none needed when forced
            if view is None:
                action = legal[0]
            elif (
                explore > 0
                and explorer.random() < explore
                and setup_values(view, legal, DEFAULT_WEIGHTS) is None
            ):
                scores = tactics.policy(who).scores(view.public, legal)
                action = legal[pick(scores, explorer, epsilon=1.0)]
            else:
                action = agents[who].choose(view, legal, rngs[who])
        state.apply_action(action)
        record.append(action)
    return {
        "index": index,
        "agent": agent_spec,
        "seed": seed,
        **({"explore": explore} if explore > 0 else {}),
        "record": record.to_dict(),
        "returns": state.returns(),
        "scores": state.scores(),
    }


def _play_lines(args: tuple[str, int, int, tuple[int, ...], float]) -> list[dict[str, Any]]:
    return [play(*args)]


def append_as_done(
    out: Path,
    work: Callable[[T], list[dict[str, Any]]],
    tasks: Sequence[T],
    workers: Workers,
    kept: int = 0,
) -> None:
    """Run ``work`` on every task (on ``workers``) and append the lines each returns to
    ``out`` as soon as it finishes, with progress and an ETA on stderr: a run stopped at any
    point keeps what it finished, and the next one skips it (Ctrl-C says so: the ``kept``
    games ``out`` held before, and those finished since). ``work`` must be a module-level
    function, for the worker processes."""
    if not tasks:
        return  # a pool given nothing to do never finished, and hung the resumed recipe
    start = time.perf_counter()
    count = 0
    prog = Path(sys.argv[0]).name

    def saved() -> str:
        return f"{kept + count} games kept in {out}; the same command resumes"

    with (
        out.open("a", encoding="utf-8") as handle,
        _reported(WorkersError),
        stopping(prog, saved),
    ):
        for done, lines in enumerate(workers.imap_unordered(work, tasks), 1):
            for line in lines:
                handle.write(json.dumps(line) + "\n")
            handle.flush()
            count = done
            spent = time.perf_counter() - start
            eta = spent / count * (len(tasks) - count)
            print(f"\r{count}/{len(tasks)} games, {spent:.0f} s, ETA {eta:.0f} s", end="",
                  file=sys.stderr)  # fmt: skip
    print(file=sys.stderr)


@contextmanager
def _reported(*errors: type[Exception]) -> Iterator[None]:
    """``errors`` end the tool with their message, not a traceback (Ray unreachable at the
    address given: the user's ``--ray``, refused as argparse refuses a value, exit code 2):
    what was finished before stays in the file."""
    try:
        yield
    except errors as err:
        refuse(Path(sys.argv[0]).name, str(err))


def sample_records(
    data: Path,
    out: Path,
    games: int,
    work: Callable[[Any], list[dict[str, Any]]],
    extra: tuple[Any, ...],
    workers: Workers,
    first: int = 0,
    *,
    keys: Mapping[str, Kind],
    optional: Mapping[str, Kind] | None = None,
) -> None:
    """Run ``work((line, *extra))`` on each of ``games`` games of the self-play file ``data``,
    from its ``first`` (0: its first) on, not yet in ``out``, appending as each finishes: what
    the tools that study positions of recorded games share. Each line of ``out`` is one this
    tool writes: ``keys`` (``"game"``, the game it is of, first) and the ``optional`` ones
    of their kinds, or ``{"game": i, "skipped": true}`` for a game with nothing to sample; a
    file of any other lines (another tool's, holding ``"game"`` too) is refused, never
    appended to."""
    if not data.exists():
        raise DataFileError(f"{data} does not exist; give a file of self-play games")
    played = read_rows(data, "self-play game", SELF_PLAY, False, optional={"returns": NUMBERS},
                       check=played_game)  # fmt: skip
    lines = sorted(played, key=lambda d: int(d["index"]))[first : first + games]
    if not lines:  # "0 to sample", exit code 0: as if the work were done
        past = f", none past its first {first}" if played else ""
        raise DataFileError(f"{data} holds {len(played)} self-play games{past}: none to sample")
    sampled = read_rows(out, "sampled game", keys, True, unless="skipped", optional=optional)
    done = {row["game"] for row in sampled}
    todo = [(d, *extra) for d in lines if int(d["index"]) not in done]
    print(f"{len(done)} games already in {out}, {len(todo)} to sample", file=sys.stderr)
    out.parent.mkdir(parents=True, exist_ok=True)
    append_as_done(out, work, todo, workers, kept=len(done))


def read_rows(
    path: Path,
    what: str,
    keys: Mapping[str, Kind],
    append: bool,
    unless: str | None = None,
    optional: Mapping[str, Kind] | None = None,
    check: Callable[[dict[str, Any]], str] | None = None,
) -> list[dict[str, Any]]:
    """The lines a tool of ours wrote to ``path`` (none without a file), each a ``what`` with
    ``keys`` of their kinds, the first of them the key each line opens with (as
    ``json_files.read_json_lines`` reads them, with ``unless``, ``optional`` and ``check``).
    A last line cut short by a killed run is left out, and when the tool goes on to
    ``append`` to the file, dropped from it; a whole last line without its newline gets one,
    or the first line appended would join it. Any other line that is not one of ours is a
    DataFileError, and the file is left as it was: it is not what was meant, and not ours to
    rewrite or append to."""
    if not path.exists():
        return []
    text = read_text(path)
    kept = text[: text.rfind("\n") + 1]
    last = text[len(kept) :]
    if last.strip() and not cut_short(last, next(iter(keys))):
        kept = text + "\n"  # a whole line, or one of another file: the reading judges it
    rows = json_lines(path, kept, what, keys, unless, optional, check)
    if append and kept != text and text.strip():
        path.write_text(kept, encoding="utf-8")
    return rows


def done_indices(path: Path, agent: str, seed: int, explore: float) -> set[int]:
    """The games of this run (``agent``, ``seed``, ``explore``, on the current map) that
    ``path`` holds (``read_rows``); a game of another run is a DataFileError, as it would pass
    for one of this run's: a model fitted to a new map must not learn from the old one's."""
    found = set()
    for number, row in enumerate(read_rows(path, "self-play game", SELF_PLAY, True), 1):
        run = (row.get("agent"), row.get("seed"), row.get("explore", 0.0))
        if run != (agent, seed, explore):
            raise DataFileError(
                f"{path}: game {number} is of another run (agent, seed or explore "
                f"{run[0]}, {run[1]}, {run[2]}); use another --out"
            )
        record = row.get("record")
        board = record.get("map", 1) if isinstance(record, dict) else None
        if board != CURRENT_MAP:
            raise DataFileError(
                f"{path}: game {number} is of another run, played on map {board} while new "
                f"games are played on map {CURRENT_MAP}; use another --out"
            )
        found.add(row["index"])
    return found


@reported
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--agent", required=True, help="agent spec for every seat")
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, type=Path)
    add_arguments(parser)
    parser.add_argument(
        "--players",
        default=",".join(map(str, PLAYER_MIX)),
        help="seat counts to draw each game's from, e.g. 2,4 (default: the training mix)",
    )
    parser.add_argument(
        "--explore", type=float, default=0.0,
        help="share of decisions played among the tactics policy's best five (default 0)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    workers = from_args(args, parser)
    check_outputs(parser, args.out)  # its folders are made: a file on the way is refused here
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not 0 <= args.explore <= 1:
        parser.error(f"--explore is a share in [0, 1], not {args.explore}")
    try:
        mix = tuple(int(part) for part in args.players.split(","))
    except ValueError:
        parser.error(f"--players takes seat counts such as 2,4, not {args.players!r}")
    if not mix or any(not 2 <= n <= 6 for n in mix):
        parser.error("--players: every seat count must be 2 to 6")
    try:
        agent_from_spec(args.agent)
    except ValueError as err:
        parser.error(str(err))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    have = done_indices(args.out, args.agent, args.seed, args.explore)
    todo = [
        (args.agent, args.seed, i, mix, args.explore) for i in range(args.games) if i not in have
    ]
    print(f"{len(have)} games already in {args.out}, {len(todo)} to play", file=sys.stderr)
    append_as_done(args.out, _play_lines, todo, workers, kept=len(have))
    return 0


if __name__ == "__main__":
    sys.exit(main())
