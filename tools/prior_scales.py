"""How far apart the policy's starting offsets lie beside the root's one-ply ones (numpy).

    .venv/bin/python tools/prior_scales.py --players 2 --positions 20 \
        --report experiments/train/prior_scales_2p.json

A search starts each action's mean at an offset from its node's: at an evaluated root the
one-ply win chance less the best's (times ``root_scale``), everywhere else the policy's score
less the best's times the policy's value scale (times ``tree_scale``). G1 found the first about
ten times as far apart as the search's own values (experiments/exit.md); this measures, at
typical action phases of greedy games (``ai.bench_search.typical_positions``), the second
beside the first at the preset's evaluator and policy: per position the ratio of their spreads
(standard deviations over the legal actions) and their correlation, and over all positions the
least-squares slope of the one-ply offsets on the policy's. The median ratio times the root's
scale is the tree's scale that leaves the policy's offsets as far apart as the root's. The
report is written at the end: Ctrl-C writes nothing (exit 130).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the project, from anywhere
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools
from json_files import reported
from sibling_kinds import print_report

from ai.bench_search import typical_positions
from ai.command_line import check_outputs
from ai.components import make_evaluator, make_policy
from ai.lookahead import one_ply
from ai.presets import DIFFICULTIES, preset
from game import GameState


def offsets(state: GameState, level: str) -> tuple[np.ndarray, np.ndarray]:
    """The policy's and the one-ply offsets of every legal action of ``state``'s mover, at
    scale 1, with ``level``'s evaluator and policy."""
    config = preset(level)
    seat, legal = state.current_player(), state.legal_actions()
    policy, evaluator = make_policy(config, seat), make_evaluator(config, seat)
    scores = np.array(policy.scores(state, legal))
    tree = policy.value_scale(state) * (scores - scores.max())
    values = np.array([one_ply(state, a, seat, evaluator, policy) for a in legal])
    return tree, values - values.max()


def compare(pairs: list[tuple[np.ndarray, np.ndarray]]) -> dict[str, Any]:
    """The figures of the module docstring over ``pairs`` of (policy, one-ply) offsets;
    positions where either side is flat say nothing of a ratio and are left out of it."""
    ratios, correlations = [], []
    for tree, root in pairs:
        if np.std(tree) > 0 and np.std(root) > 0:
            ratios.append(float(np.std(root) / np.std(tree)))
            correlations.append(float(np.corrcoef(tree, root)[0, 1]))
    x = np.concatenate([t for t, _ in pairs])
    y = np.concatenate([r for _, r in pairs])
    return {
        "positions": len(pairs),
        "compared": len(ratios),
        "median_spread_ratio": round(float(np.median(ratios)), 3) if ratios else None,
        "median_correlation": round(float(np.median(correlations)), 3) if ratios else None,
        "slope": round(float(x @ y / (x @ x)), 3) if x @ x > 0 else None,
    }


@reported
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7))
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--level", default="normal", choices=DIFFICULTIES)
    parser.add_argument("--report", type=Path, help="also write the figures here (JSON)")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error("--positions must be at least 1")
    check_outputs(parser, args.report)  # before the positions are measured
    states = typical_positions(args.positions, rounds=(2, 10), players=args.players)
    report = {
        "command": " ".join(["tools/prior_scales.py", *map(str, argv or sys.argv[1:])]),
        "level": args.level,
        "players": args.players,
        **compare([offsets(s, args.level) for s in states]),
    }
    print_report(report, args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
