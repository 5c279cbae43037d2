"""Seeded tournaments between agents, with seats rotated.

    python -m lab.arena --agents ismcts:hard,greedy,greedy,greedy --games 200 --seed 1 \\
        [--players N] [--rules coins,battle_dice,quests] [--jobs 2] [--json out.json] \\
        [--log games.jsonl] [--pick]

Games come in *deals* of N games (N players): a deal fixes the kingdoms of the seats (drawn at
random from the deal's seed) and the chance seed; within a deal every agent plays every seat
once. With ``--pick`` the seats pick their kingdoms as players do (R3.1) instead: the
kingdoms are not alike (``ai.kingdom_book``), so a dealt game measures the play with the
kingdoms' difference cancelled by the rotation, a picked one the pick as well.

Each agent spec is reported once, however many seats it holds: its win share is the mean over
its seats of ``GameState.returns()`` (a shared victory is split; R10.2 games that nobody wins
count 0 for everyone), with a 95% Wilson interval over those seat-games.

Every game is independent of the others (its agents, seeds and rotation come from the tournament
seed and its index), so a long run can be spread over several sittings: with ``--log`` each
finished game is appended to a JSON-lines file, and running the same command again plays only
the games the log does not hold yet.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import game
from ai.agents import Agent
from ai.seeds import check_seed
from game import CHANCE, CURRENT_MAP, GameState, Rules
from lab.baselines import CHEAT, CheatMctsAgent, agent_from_spec
from lab.command_line import ignore_interrupts, overlap, stopping, unwritable
from lab.settings import agent_settings, from_log


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (successes may be fractional: shared wins)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_rules(text: str) -> Rules:
    given = [n.strip() for n in text.split(",") if n.strip()]
    names = set(given)
    again = next((n for i, n in enumerate(given) if n in given[:i]), None)
    if again is not None:  # "coins,coins": a typo for another patch, likely
        raise ValueError(f"the rules {text!r} name {again} twice; name each patch once")
    unknown = names - {"coins", "battle_dice", "quests", "none"}
    if unknown:
        raise ValueError(f"unknown rule switch(es): {', '.join(sorted(unknown))}")
    # Neither an empty text nor "none,coins" says which game is meant (R8).
    if not names or ("none" in names and len(names) > 1):
        raise ValueError(
            f"the rules {text!r} are not clear: name the patches (coins, battle_dice, quests), "
            "or none"
        )
    return Rules(
        coins="coins" in names, battle_dice="battle_dice" in names, quests="quests" in names
    )


@dataclass
class GameResult:
    index: int
    seats: list[int]  # agent index of each seat
    returns: list[float]
    scores: list[int]
    rounds: int
    actions: int
    decision_ms: list[list[float]]  # per agent index: times of real decisions (>= 2 options)
    seconds: float = 0.0


@dataclass
class AgentStats:
    spec: str
    seats_per_game: int = 0
    games: int = 0
    seat_games: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    decisions: int = 0
    decision_ms_sum: float = 0.0
    decision_ms_max: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)


def play_game(
    specs: Sequence[str],
    index: int,
    seed: int,
    rules: Rules,
    players: int,
    observer: Callable[[GameState], None] | None = None,
    pick: bool = False,
) -> GameResult:
    """Game ``index`` of a tournament: deal ``index // players``, rotation ``index % players``;
    with ``pick`` the deal's kingdoms are left for the seats to pick.

    ``observer`` sees every state before its action is chosen; it may not change the state.
    """
    deal = index // players
    rotation = index % players
    deal_seed = seed * 1_000_003 + deal
    deal_rng = random.Random(deal_seed)
    kingdoms = deal_rng.sample(range(6), players)
    state = game.new_game(players, seed=deal_seed, rules=rules, kingdoms=None if pick else kingdoms)
    seats = [(s + rotation) % len(specs) for s in range(players)]
    holder: list[GameState] = [state]
    agents: list[Agent] = []
    for spec in specs:
        extra: dict[str, object] = {}
        if spec.split(":")[0] == CHEAT:
            extra["state_provider"] = lambda: holder[0]
        agents.append(agent_from_spec(spec, **extra))
    rngs = [random.Random(f"{seed}/{index}/{s}") for s in range(players)]
    chance_rng = random.Random(deal_seed)
    started = time.perf_counter()
    times: list[list[float]] = [[] for _ in specs]
    actions = 0
    while not state.is_terminal():
        if observer is not None:
            observer(state)
        who = state.current_player()
        if who == CHANCE:
            state.apply_action(state.sample_chance(chance_rng))
            actions += 1
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            actions += 1
            continue
        agent = agents[seats[who]]
        start = time.perf_counter()
        if isinstance(agent, CheatMctsAgent):
            action = agent.choose_with_state(state, legal, rngs[who])
        else:
            action = agent.choose(state.observe(who), legal, rngs[who])
        times[seats[who]].append((time.perf_counter() - start) * 1000.0)
        state.apply_action(action)
        actions += 1
    return GameResult(
        index,
        seats,
        state.returns(),
        state.scores(),
        state.round + 1,
        actions,
        times,
        time.perf_counter() - started,
    )


class GameLog:
    """Finished games of one tournament, one JSON object per line, so a run can be resumed.

    Each line names the tournament (agents with their resolved settings, ``lab.settings``; seed,
    rules, players); a log that belongs to another tournament, or to other presets, is refused
    rather than mixed in. A last line cut short (the run was killed while writing it) is
    dropped; any other unreadable line is an error.
    """

    def __init__(
        self,
        path: str,
        specs: Sequence[str],
        seed: int,
        rules: Rules,
        players: int,
        pick: bool = False,
    ):
        self.path = path
        self.key = {
            "agents": list(specs),
            "settings": [agent_settings(spec) for spec in specs],
            "seed": seed,
            "rules": rules.names(),
            "players": players,
            "pick": pick,
            "map": CURRENT_MAP,  # the map of new_game: another map's games are another tournament
        }

    def load(self) -> dict[int, GameResult]:
        try:
            with open(self.path, encoding="utf-8") as handle:
                text = handle.read()
        except FileNotFoundError:
            return {}
        except UnicodeDecodeError:
            raise ValueError(
                f"{self.path} is not an arena log (it is not text); use another --log file"
            ) from None
        lines = text.split("\n")
        done: dict[int, GameResult] = {}
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                key = log_key(entry, self.key)
                result = result_from_log(entry["game"], key["players"], len(key["agents"]))
            except (ValueError, KeyError, TypeError) as err:
                if number == len(lines) and cut_short(line, "agents"):
                    self._rewrite(text[: text.rfind("\n") + 1])  # the write was cut short
                    break
                where = f"{self.path}:{number}"
                raise ValueError(f"{where}: not a game of an arena log ({unlogged(err)})") from err
            if key != self.key:
                differ = ", ".join(k for k in self.key if key[k] != self.key[k])
                raise ValueError(
                    f"{self.path}:{number}: the log belongs to another tournament (other "
                    f"{differ}); use another --log file"
                )
            done[result.index] = result
        else:
            if text and not text.endswith("\n"):  # a whole last line, edited by hand
                self._rewrite(text + "\n")
        return done

    def _rewrite(self, text: str) -> None:
        with open(self.path, "w", encoding="utf-8") as handle:
            handle.write(text)

    def append(self, result: GameResult) -> None:
        entry = dict(self.key, game=asdict(result))
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry, separators=(",", ":")) + "\n")


def cut_short(line: str, first_key: str) -> bool:
    """Whether ``line``, the last of a JSON-lines file with no newline after it, is a line of
    ours that a killed run left half written: not JSON yet, and opening as each of ours does
    (with ``first_key``). Only such a line may be dropped from the file; a line of any other
    file (``--log`` pointing at the wrong file) is not ours to delete."""
    try:
        json.loads(line)
    except ValueError:
        pass
    else:
        return False  # whole: a line of another kind, not one cut short
    head = re.sub(r"\s+", "", line[:64])
    opening = f'{{"{first_key}":'
    return head.startswith(opening) or opening.startswith(head)


def result_from_log(game: Any, players: int, agents: int) -> GameResult:
    """A finished game as a log line holds it, checked as the report will use it (seats index
    the agents, returns and scores are per seat); ValueError or TypeError says it is not."""
    if not isinstance(game, dict):
        raise ValueError("its game is not an object")
    result = GameResult(**game)

    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def number(value: Any) -> bool:
        return (whole(value) or isinstance(value, float)) and math.isfinite(value)

    def per_seat(values: Any, fits: Callable[[Any], bool]) -> bool:
        return isinstance(values, list) and len(values) == players and all(map(fits, values))

    ok = (
        whole(result.index) and result.index >= 0
        and per_seat(result.seats, lambda a: whole(a) and 0 <= a < agents)
        and per_seat(result.returns, lambda r: number(r) and 0 <= r <= 1)
        and per_seat(result.scores, whole)
        and whole(result.rounds) and whole(result.actions) and number(result.seconds)
        and isinstance(result.decision_ms, list) and len(result.decision_ms) == agents
        and all(isinstance(t, list) and all(map(number, t)) for t in result.decision_ms)
    )  # fmt: skip
    if not ok:
        raise ValueError("its index, seats, returns, scores or times do not fit the tournament")
    return result


def log_key(entry: Any, names: Iterable[str]) -> dict[str, Any]:
    """The fields ``names`` of a log line, its settings in today's form (``lab.settings``); a
    line written before ``--pick`` existed dealt its kingdoms, and one written before maps had
    versions was played on map 1."""
    if not isinstance(entry, dict):
        raise ValueError("not a JSON object")
    key = {k: entry.get(k, _BEFORE[k]) if k in _BEFORE else entry[k] for k in names}
    if "settings" in key:
        agents = entry["agents"]
        if len(agents) != len(key["settings"]):
            raise ValueError(f"{len(agents)} agents but {len(key['settings'])} settings")
        key["settings"] = [from_log(a, s) for a, s in zip(agents, key["settings"], strict=True)]
    return key


# What a log line written before a key existed says by leaving it out.
_BEFORE: dict[str, Any] = {"pick": False, "map": 1}


def unlogged(err: Exception) -> str:
    """Why a line is not a game of a log, as ``log_key`` and ``result_from_log`` found it: a
    key missing by its name (a KeyError's text is the bare key)."""
    return f"it has no {err.args[0]!r}" if isinstance(err, KeyError) else str(err)


# ``play_game``'s arguments: specs, index, seed, rules, players, no observer, whether to pick.
Task = tuple[Sequence[str], int, int, Rules, int, None, bool]
# Runs ``play(task)`` for every task and yields each result as it finishes, in any order: how a
# caller spreads the games elsewhere than over local processes (tools/ray_arena.py: on Ray).
MapTasks = Callable[[Callable[[Task], GameResult], Sequence[Task]], Iterable[GameResult]]


def _play_star(args: Task) -> GameResult:
    return play_game(*args)


def tournament(
    specs: Sequence[str],
    games: int,
    seed: int,
    rules: Rules,
    players: int | None = None,
    jobs: int = 1,
    progress: bool = False,
    log: str | None = None,
    map_tasks: MapTasks | None = None,
    pick: bool = False,
) -> dict[str, Any]:
    players = len(specs) if players is None else players
    check_seed(seed)
    if not 2 <= players <= 6:
        raise ValueError("R1.1: 2 to 6 players")
    game_log = GameLog(log, specs, seed, rules, players, pick) if log else None
    logged = game_log.load() if game_log else {}
    results = [logged[i] for i in range(games) if i in logged]
    tasks: list[Task] = [
        (list(specs), i, seed, rules, players, None, pick) for i in range(games) if i not in logged
    ]
    start = time.perf_counter()

    def finished(result: GameResult) -> None:
        results.append(result)
        if game_log:
            game_log.append(result)
        if progress:
            _progress(len(results), games, start)

    if map_tasks is not None:
        for result in map_tasks(_play_star, tasks):
            finished(result)
    elif jobs > 1 and tasks:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs, ignore_interrupts) as pool:
            for result in pool.imap_unordered(_play_star, tasks):
                finished(result)
    else:
        for task in tasks:
            finished(_play_star(task))
    results.sort(key=lambda r: r.index)
    settings = [agent_settings(spec) for spec in specs]
    seconds = time.perf_counter() - start
    report = summarize(specs, results, seed, rules, players, seconds, settings)
    if pick:
        report["pick"] = True
    report["map"] = CURRENT_MAP
    return report


def _progress(done: int, total: int, start: float) -> None:
    spent = time.perf_counter() - start
    print(f"  {done}/{total} games, {spent:.0f} s", file=sys.stderr, flush=True)


def summarize(
    specs: Sequence[str],
    results: list[GameResult],
    seed: int,
    rules: Rules,
    players: int,
    seconds: float,
    settings: Sequence[dict[str, Any]],
) -> dict[str, Any]:
    """The report: per agent spec its settings (``lab.settings``), games, win share with its
    Wilson interval, mean score and decision times."""
    by_spec: dict[str, AgentStats] = {}
    settings_of: dict[str, dict[str, Any]] = {}
    for spec, resolved in zip(specs, settings, strict=True):
        settings_of.setdefault(spec, resolved)
    for spec in specs:
        by_spec.setdefault(spec, AgentStats(spec))
    for r in results:
        counted: set[str] = set()
        for seat, a in enumerate(r.seats):
            stats = by_spec[specs[a]]
            stats.seat_games += 1
            stats.wins += r.returns[seat]
            stats.score_sum += r.scores[seat]
            if specs[a] not in counted:
                stats.games += 1
                counted.add(specs[a])
        for a, times in enumerate(r.decision_ms):
            stats = by_spec[specs[a]]
            stats.decisions += len(times)
            stats.decision_ms_sum += sum(times)
            stats.decision_ms_max = max([stats.decision_ms_max, *times])
    agents = []
    for spec, stats in by_spec.items():
        low, high = wilson(stats.wins, stats.seat_games)
        n = max(1, stats.seat_games)
        agents.append(
            {
                "agent": spec,
                "settings": settings_of[spec],
                "games": stats.games,
                "seats_per_game": stats.seat_games // max(1, stats.games),
                "win_share": round(stats.wins / n, 4),
                "wilson_low": round(low, 4),
                "wilson_high": round(high, 4),
                "mean_score": round(stats.score_sum / n, 3),
                "mean_decision_ms": round(stats.decision_ms_sum / max(1, stats.decisions), 2),
                "max_decision_ms": round(stats.decision_ms_max, 1),
                "decisions": stats.decisions,
            }
        )
    nobody = sum(1 for r in results if sum(r.returns) == 0)
    return {
        "agents": agents,
        "games": len(results),
        "players": players,
        "seed": seed,
        "rules": rules.names(),
        "mean_rounds": round(sum(r.rounds for r in results) / max(1, len(results)), 2),
        "mean_actions": round(sum(r.actions for r in results) / max(1, len(results)), 1),
        "games_nobody_won": nobody,
        "seconds": round(seconds, 1),
        "game_seconds": round(sum(r.seconds for r in results), 1),
    }


def format_report(report: dict[str, Any]) -> str:
    lines = [
        f"{report['games']} games, {report['players']} players, seed {report['seed']}, "
        f"rules {','.join(report['rules']) or 'none'}"
        f"{', kingdoms picked' if report.get('pick') else ''}: mean length {report['mean_rounds']} "
        f"rounds / {report['mean_actions']} actions; {report['seconds']} s",
        f"{'agent':<28} {'games':>5} {'win share':>9} {'95% Wilson':>15} {'score':>6} "
        f"{'ms/decision':>11} {'max ms':>8}",
    ]
    for a in report["agents"]:
        lines.append(
            f"{a['agent']:<28} {a['games']:>5} {a['win_share']:>9.3f} "
            f"{a['wilson_low']:>7.3f}-{a['wilson_high']:<7.3f} {a['mean_score']:>6.2f} "
            f"{a['mean_decision_ms']:>11.1f} {a['max_decision_ms']:>8.0f}"
        )
    if report["games_nobody_won"]:
        lines.append(f"games nobody won (R10.2): {report['games_nobody_won']}")
    return "\n".join(lines)


def _kept(log: str | None) -> str:
    """What a tournament stopped by Ctrl-C leaves: the games of its ``--log``, if it has one."""
    if not log:
        return "no game is kept without --log FILE, with which the same command resumes"
    try:
        with open(log, encoding="utf-8") as handle:
            games = sum(1 for line in handle if line.strip())
    except (OSError, UnicodeDecodeError) as err:  # not "0 games": what is in it is not known
        return f"the games kept in {log} could not be counted ({err}); the same command resumes"
    return f"{games} game{'' if games == 1 else 's'} kept in {log}; the same command resumes"


def publish(report: dict[str, Any], json_path: str | None) -> bool:
    """Print the report as a table and, if asked, write it as JSON; False, said on stderr,
    if the file cannot be written (the table is printed all the same)."""
    print(format_report(report))
    if json_path:
        try:
            with open(json_path, "w", encoding="utf-8") as out:
                json.dump(report, out, indent=2)
                out.write("\n")
        except OSError as err:
            print(f"{json_path} cannot be written: {err.strerror or err}.", file=sys.stderr)
            return False
    return True


def main(argv: list[str] | None = None, map_tasks: MapTasks | None = None) -> int:
    """The command line; ``map_tasks``: the games run there instead of ``--jobs`` processes."""
    parser = argparse.ArgumentParser(
        description="Strategos AI tournaments (seeded, seats rotated)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__,
    )
    parser.add_argument("--agents", required=True, help="comma-separated specs, one per seat")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, help="seats per game (default: number of specs)")
    parser.add_argument("--rules", default="coins,battle_dice,quests", help="patches, or none")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", help="write the report as JSON to this file")
    parser.add_argument("--progress", action="store_true", help="print progress to stderr")
    parser.add_argument(
        "--log", help="append each finished game to this JSON-lines file; rerun to resume"
    )
    parser.add_argument(
        "--pick", action="store_true", help="the seats pick their kingdoms (R3.1), not dealt"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    if args.games >= 2**19:  # the deals of the seed (SEED_LIMIT)
        parser.error("--games must be below 524288; run more with --seed and lab.pool")
    if map_tasks is not None and args.jobs != 1:
        parser.error("--jobs counts local processes; here the games run elsewhere")
    if args.players is not None and not 2 <= args.players <= 6:
        parser.error(f"--players must be 2 to 6 (R1.1), not {args.players}")
    specs = [s.strip() for s in args.agents.split(",") if s.strip()]
    if not specs:
        parser.error("--agents names no agent: give one spec per seat, such as greedy,random")
    if args.players is None and not 2 <= len(specs) <= 6:  # a seat each: R1.1's 2 to 6
        parser.error(
            f"--agents names {len(specs)} agent{'s' * (len(specs) > 1)}, a seat each, and a game "
            "has 2 to 6 seats "
            "(R1.1); name 2 to 6, or give --players"
        )
    try:
        check_seed(args.seed, "--seed")
        rules = parse_rules(args.rules)
        for spec in specs:  # fail early on a bad spec
            agent_from_spec(spec)
    except ValueError as err:
        parser.error(str(err))
    # The log is read, then appended to, then the report written: not over the log.
    why = unwritable(args.json) or unwritable(args.log) or overlap([args.json, args.log])
    if why:
        parser.error(why)
    try:
        with stopping("arena", lambda: _kept(args.log)):
            report = tournament(
                specs, args.games, args.seed, rules, args.players, args.jobs, args.progress,
                args.log, map_tasks, args.pick,
            )  # fmt: skip
    except (ValueError, OSError) as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2
    return 0 if publish(report, args.json) else 2


if __name__ == "__main__":
    sys.exit(main())
