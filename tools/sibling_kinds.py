"""Where an evaluation's first choice departs from a deep search's, by the kind of action (numpy).

    .venv/bin/python tools/sibling_kinds.py build/exit/hard_s32.jsonl \
        build/exit/hard-v3_s32.jsonl --games build/selfplay/chances_train_s32.jsonl \
        --models value_v3 --report experiments/train/sibling_kinds.json

At each position ``tools/search_targets.py sample`` recorded, the siblings are the actions the
search's root weighs by the evaluation (``tools/value_exit.py``). Grouped by the kind of the
action the deep search visited most, this counts how often v1 and each model put that action
first, and which kinds they put first instead: a single agreement rate says how far an
evaluation is from the search, this says where, so the next model knows what to read. It also
counts the positions where an evaluation's best value is shared by several siblings (``ties``):
there its first choice is the order of the legal actions, not a judgement.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from ai.learned_value import load_model
from lab.command_line import check_outputs

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import reported
from value_exit import load_siblings, mover_chances


def by_kind(values: dict[str, np.ndarray], sib: dict[str, np.ndarray]) -> dict[str, Any]:
    """Per kind of the search's most visited action: positions, the search's mean share of it,
    and per evaluation in ``values`` (a value per sibling row) how often its best is that action
    and the kinds it prefers when not."""
    ends = [*sib["starts"][1:], len(sib["target"])]
    table: dict[str, Any] = {}
    for a, b in zip(sib["starts"], ends, strict=True):
        target = sib["target"][a:b]
        kinds = sib["kind"][a:b]
        best = int(np.argmax(target))
        row = table.setdefault(
            str(kinds[best]),
            {
                "positions": 0,
                "share": 0.0,
                **{n: {"agrees": 0, "instead": Counter()} for n in values},
            },
        )
        row["positions"] += 1
        row["share"] += float(target[best])
        for name, value in values.items():
            mine = int(np.argmax(value[a:b]))
            if mine == best:
                row[name]["agrees"] += 1
            else:
                row[name]["instead"][str(kinds[mine])] += 1
    for row in table.values():
        count = row["positions"]
        row["share"] = round(row["share"] / count, 3)
        for name in values:
            row[name]["agrees"] = round(row[name]["agrees"] / count, 3)
            row[name]["instead"] = dict(row[name]["instead"].most_common())
    return dict(sorted(table.items(), key=lambda kv: -kv[1]["positions"]))


def ties(value: np.ndarray, sib: dict[str, np.ndarray]) -> dict[str, float]:
    """How often an evaluation cannot choose: the share of positions where two or more siblings
    share its best value (to 1e-9), how many share it on average there, and how often the
    search's most visited action is among them (then only a finer evaluation, or the search,
    tells the right one from the rest)."""
    tied = among = size = 0
    for a, b in zip(sib["starts"], [*sib["starts"][1:], len(value)], strict=True):
        top = tied_best(value[a:b])
        if len(top) > 1:
            tied += 1
            size += len(top)
            among += int(np.argmax(sib["target"][a:b]) in top)
    count = max(len(sib["starts"]), 1)
    return {
        "top_tied": round(tied / count, 3),
        "mean_tied": round(size / max(tied, 1), 2),
        "search_first_among_tied": round(among / max(tied, 1), 3),
    }


def tied_best(values: np.ndarray) -> np.ndarray:
    """The indices of the siblings whose value is the best, to 1e-9, in their order."""
    return np.flatnonzero(values >= values.max() - 1e-9)


def search_entropy(sib: dict[str, np.ndarray]) -> float:
    """The mean entropy of the search's shares: no evaluation's cross-entropy can go below it,
    so it says how far the ranking can still improve."""
    share = sib["target"]
    terms = np.where(share > 0, -share * np.log(np.where(share > 0, share, 1.0)), 0.0)
    return float(terms.sum() / len(sib["starts"]))


@reported
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    add_sample_arguments(parser)
    args = parser.parse_args(argv)
    check_outputs(parser, args.report)  # before the samples are read and measured
    sib = load_siblings(args.data, args.games)
    values = evaluations(sib, args.models)
    report = {
        "command": " ".join(["tools/sibling_kinds.py", *map(str, argv or sys.argv[1:])]),
        "positions": len(sib["starts"]),
        "search_entropy": round(search_entropy(sib), 4),
        "ties": {name: ties(value, sib) for name, value in values.items()},
        "by_kind": by_kind(values, sib),
    }
    print_report(report, args.report)
    return 0


def add_sample_arguments(parser: argparse.ArgumentParser) -> None:
    """The samples, the games they were sampled from, the models to measure and the report."""
    parser.add_argument("data", type=Path, nargs="+", help="samples of search_targets.py sample")
    parser.add_argument("--games", type=Path, required=True, help="the self-play file sampled")
    parser.add_argument(
        "--models", nargs="*", default=["value_v3"], help="models (ai/data/<name>.json) besides v1"
    )
    parser.add_argument("--report", type=Path, help="also write the figures here (JSON)")


def evaluations(sib: dict[str, np.ndarray], models: list[str]) -> dict[str, np.ndarray]:
    """The mover's one-ply chance after each sibling under v1 and each of ``models``."""
    values = {"v1": sib["v1"]}
    for name in models:
        values[name.removeprefix("value_")] = mover_chances(np.array(load_model(name)), sib)[0]
    return values


def print_report(report: dict[str, Any], path: Path | None) -> None:
    """Print ``report`` as JSON, and write it to ``path`` too if one is given."""
    text = json.dumps(report, indent=1)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    print(text)


if __name__ == "__main__":
    sys.exit(main())
