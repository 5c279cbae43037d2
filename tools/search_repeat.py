"""How much of a search's choice is its own dice: the same positions searched twice (numpy).

    .venv/bin/python tools/search_targets.py sample build/selfplay/chances_train_s32.jsonl \
        --agent ismcts:hard --games 300 --search-seed 1 --out build/ties/hard_seed1.jsonl
    .venv/bin/python tools/search_repeat.py build/exit/hard_s32.jsonl \
        build/ties/hard_seed1.jsonl --games build/selfplay/chances_train_s32.jsonl \
        --report experiments/train/search_repeat_hard.json

Two sample files of ``tools/search_targets.py sample`` that searched the same positions with
different seeds (``--search-seed``) give two choices per position. How often they agree is the
most any evaluation fitted to one search can agree with it on fresh positions: the rest is the
search's noise, not a judgement. The same is counted where v1's best value after an action is
shared by several actions (``tools/sibling_kinds.py``, ``ties``): there the root's prior ranks
the tied actions by their place in the legal list, and two searches that agree on one of
them more often than by chance have found something the evaluation does not see.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import reported
from sibling_kinds import print_report, tied_best
from value_exit import load_siblings

from lab.command_line import check_outputs

Sib = dict[str, np.ndarray]


def by_position(sib: Sib) -> dict[tuple[int, int], tuple[np.ndarray, np.ndarray]]:
    """(game, action index) -> (the search's shares, v1's values) over the position's
    siblings."""
    ends = [*sib["starts"][1:], len(sib["target"])]
    return {
        (int(g), int(a)): (sib["target"][s:e], sib["v1"][s:e])
        for g, a, s, e in zip(sib["game"], sib["action"], sib["starts"], ends, strict=True)
    }


def repeat_agreement(first: Sib, second: Sib) -> dict[str, Any]:
    """On the positions both searched: how often their most visited actions agree, overall and
    among v1's tied best (against the chance of picking one of k at random, 1/k), and how much
    of its visits to the tied best a search gives the one it prefers. Where a search's choice
    among the tied is the first of them in the legal list, it may be the prior's order (or
    progressive widening's, which admits equal priors in that order) rather than a finding."""
    a, b = by_position(first), by_position(second)
    common = sorted(a.keys() & b.keys())
    agree = tied = tied_agree = first_legal = second_legal = 0
    chance = concentration = 0.0
    for key in common:
        (ta, v1), (tb, _) = a[key], b[key]
        agree += int(np.argmax(ta) == np.argmax(tb))
        top = tied_best(v1)
        if len(top) < 2 or ta[top].sum() <= 0 or tb[top].sum() <= 0:
            continue
        tied += 1
        chance += 1.0 / len(top)
        tied_agree += int(np.argmax(ta[top]) == np.argmax(tb[top]))
        first_legal += int(np.argmax(ta[top]) == 0)
        second_legal += int(np.argmax(tb[top]) == 0)
        concentration += float(ta[top].max() / ta[top].sum())
    return {
        "positions": len(common),
        "top_agrees": round(agree / max(len(common), 1), 3),
        "v1_tied_positions": tied,
        "among_tied_agrees": round(tied_agree / max(tied, 1), 3),
        "among_tied_by_chance": round(chance / max(tied, 1), 3),
        "first_share_of_tied_on_its_choice": round(concentration / max(tied, 1), 3),
        "first_picks_first_tied_in_legal_order": round(first_legal / max(tied, 1), 3),
        "second_picks_first_tied_in_legal_order": round(second_legal / max(tied, 1), 3),
    }


@reported
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("first", type=Path, help="samples of search_targets.py sample")
    parser.add_argument("second", type=Path, nargs="+", help="the same positions searched anew")
    parser.add_argument("--games", type=Path, required=True, help="the self-play file sampled")
    parser.add_argument("--report", type=Path, help="also write the figures here (JSON)")
    args = parser.parse_args(argv)
    check_outputs(parser, args.report)  # before the samples are read and measured
    first = load_siblings([args.first], args.games)
    report = {
        "command": " ".join(["tools/search_repeat.py", *map(str, argv or sys.argv[1:])]),
        "first": str(args.first),
        "against": {
            str(path): repeat_agreement(first, load_siblings([path], args.games))
            for path in args.second
        },
    }
    print_report(report, args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
