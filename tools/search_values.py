"""Whether a search's own values after a turn's actions follow the evaluation's (numpy).

    .venv/bin/python tools/search_values.py build/exit/expert_s32.jsonl \
        --games build/selfplay/chances_train_s32.jsonl --models value_v3 \
        --report experiments/train/search_values_expert.json

``tools/search_targets.py sample`` writes, beside each action's share of a search's visits,
the search's win chance for the mover after it (``"values"``). At each position, among the
siblings the root weighs by the evaluation (``tools/value_exit.py``) that the search visited
at least ``--min-share`` of the time (so that their means are more than a few rolls), this
measures how well the ranks of the evaluation's one-ply values (v1's and each model's) follow
the ranks of the search's values (the rank correlation), how often the two put the same
action first, and how often the search's most visited action is the one it values most. Where
that last figure is low, what the search plays is its prior, not what its iterations found.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import reported
from sibling_kinds import add_sample_arguments, evaluations, print_report
from value_exit import load_siblings

from lab.command_line import check_outputs

MIN_SHARE = 0.02
MIN_ACTIONS = 3  # fewer well-visited actions rank nothing worth counting


def ranks(x: np.ndarray) -> np.ndarray:
    """Ranks from 0, equal values sharing the mean of theirs (an evaluation ties often)."""
    _, inverse, counts = np.unique(x, return_inverse=True, return_counts=True)
    first = np.concatenate([[0], np.cumsum(counts)[:-1]])
    out: np.ndarray = (first + (counts - 1) / 2.0)[inverse]
    return out


def rank_correlation(a: np.ndarray, b: np.ndarray) -> float | None:
    """Spearman's correlation, None if either side is constant."""
    if np.ptp(a) == 0 or np.ptp(b) == 0:
        return None
    return float(np.corrcoef(ranks(a), ranks(b))[0, 1])


def values_agreement(
    values: dict[str, np.ndarray], sib: dict[str, np.ndarray], min_share: float = MIN_SHARE
) -> dict[str, Any]:
    """The figures of the module docstring over ``sib``'s positions, for each evaluation in
    ``values`` (a value per sibling row)."""
    ends = [*sib["starts"][1:], len(sib["target"])]
    counted = 0
    visited_best = 0
    rows: dict[str, dict[str, list[float]]] = {n: {"rank": [], "same_best": []} for n in values}
    for a, b in zip(sib["starts"], ends, strict=True):
        share, q = sib["target"][a:b], sib["q"][a:b]
        ok = (share >= min_share) & ~np.isnan(q)
        if ok.sum() < MIN_ACTIONS:
            continue
        counted += 1
        visited_best += int(np.argmax(np.where(ok, q, -np.inf)) == np.argmax(share))
        for name, value in values.items():
            mine = value[a:b][ok]
            r = rank_correlation(mine, q[ok])
            if r is not None:
                rows[name]["rank"].append(r)
            rows[name]["same_best"].append(float(np.argmax(mine) == np.argmax(q[ok])))
    return {
        "positions": counted,
        "min_share": min_share,
        "most_visited_is_best_valued": round(visited_best / max(counted, 1), 3),
        "evaluations": {
            name: {
                "rank_correlation": round(float(np.mean(r["rank"])), 3) if r["rank"] else None,
                "same_best": round(float(np.mean(r["same_best"])), 3) if counted else None,
            }
            for name, r in rows.items()
        },
    }


@reported
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    add_sample_arguments(parser)
    parser.add_argument("--min-share", type=float, default=MIN_SHARE)
    args = parser.parse_args(argv)
    check_outputs(parser, args.report)  # before the samples are read and measured
    if not 0 <= args.min_share < 1:
        parser.error("--min-share must be from 0 up to (not including) 1")
    sib = load_siblings(args.data, args.games)
    if np.isnan(sib["q"]).all():
        parser.error("the samples hold no values: sample them again with search_targets.py")
    values = evaluations(sib, args.models)
    report = {
        "command": " ".join(["tools/search_values.py", *map(str, argv or sys.argv[1:])]),
        **values_agreement(values, sib, args.min_share),
    }
    print_report(report, args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
