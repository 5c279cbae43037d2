"""One report over the logs of several arena runs of the same matchup (other seeds).

    python -m lab.pool experiments/arena/logs/expert_vs_hard.jsonl \\
        experiments/arena/logs/expert_vs_hard_more.jsonl [--json out.json]

A win share over 100 games has an interval of about ±0.1; a second run with another seed adds
games without replaying the first. Logs are pooled only if they name the same agents with the
same settings (``lab.settings``; older logs' are read as they would be written now), rules and
player count; their seeds must differ (the same seed plays the same games). Nothing is
played: this reads finished games only.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from lab.arena import (
    GameResult,
    cut_short,
    log_key,
    parse_rules,
    publish,
    result_from_log,
    summarize,
    unlogged,
)
from lab.command_line import overlap, unwritable

MATCHUP = ("agents", "settings", "rules", "players", "pick", "map")


def read_log(path: str) -> tuple[dict[str, Any], list[GameResult]]:
    """The tournament a log belongs to (its first line's key) and its finished games."""
    key: dict[str, Any] | None = None
    games: dict[int, GameResult] = {}
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not an arena log (it is not text)") from None
    except OSError as err:
        raise ValueError(f"{path} cannot be read: {err.strerror or err}") from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            this = log_key(entry, (*MATCHUP, "seed"))
            result = result_from_log(entry["game"], this["players"], len(this["agents"]))
        except (ValueError, KeyError, TypeError) as err:
            if number == len(lines) and cut_short(line, "agents"):
                break  # a last line cut short by a killed run; the arena drops it too
            why = unlogged(err)
            raise ValueError(f"{path}:{number}: not a game of an arena log ({why})") from err
        if key is None:
            key = this
        elif this != key:
            raise ValueError(f"{path}:{number}: a line of another tournament than line 1")
        games[result.index] = result
    if key is None:
        raise ValueError(f"{path}: no finished game")
    return key, [games[i] for i in sorted(games)]


def pool(paths: Sequence[str]) -> dict[str, Any]:
    keys: list[dict[str, Any]] = []
    results: list[GameResult] = []
    for path in paths:
        key, games = read_log(path)
        if keys:
            first = keys[0]
            matchup = {k: key[k] for k in MATCHUP}
            if matchup != {k: first[k] for k in MATCHUP}:
                differ = [k for k in MATCHUP if key[k] != first[k]]
                raise ValueError(f"{path}: another matchup than {paths[0]} ({', '.join(differ)})")
            if any(key["seed"] == k["seed"] for k in keys):
                raise ValueError(f"{path}: seed {key['seed']} again: those are the same games")
        keys.append(key)
        results.extend(games)
    first = keys[0]
    rules = parse_rules(",".join(first["rules"]) or "none")
    report = summarize(first["agents"], results, 0, rules, first["players"], 0.0, first["settings"])
    if first["pick"]:
        report["pick"] = True
    report["map"] = first["map"]
    report["seed"] = [k["seed"] for k in keys]
    report["seconds"] = report["game_seconds"]  # the time the pooled games took to play
    report["logs"] = list(paths)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Pool arena logs of one matchup into one report",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__,
    )
    parser.add_argument("logs", nargs="+", help="arena --log files")
    parser.add_argument("--json", help="write the report as JSON to this file")
    args = parser.parse_args(argv)
    why = unwritable(args.json) or overlap([args.json], args.logs)
    if why:
        parser.error(why)
    try:
        report = pool(args.logs)
    except (ValueError, OSError) as err:
        print(f"pool: {err}", file=sys.stderr)
        return 2
    return 0 if publish(report, args.json) else 2


if __name__ == "__main__":
    sys.exit(main())
