"""Does a search's choice hold up under a bigger search? A cheap look before an arena run.

An arena run between the strong presets takes hours and can only tell large differences apart.
This asks a narrower question in minutes: at two-player turn starts from greedy games
(``ai.bench_search.typical_positions``), how often does each search pick what a reference search
with a larger budget picks, and how much of its root's visits went to its choice? A search that
agrees with a bigger one has spent its budget well; one that rarely does is still at the mercy
of its own noise, and more budget would change its play. It is a proxy, not strength: a
reference shares the evaluation's blind spots, so the arena stays the judge (experiments/).

Searches are written as ``ismcts`` agent specs without the name: ``expert``,
``expert:c_puct=1.0``, ``hard:iterations=800``.

    python tools/decision_agreement.py expert expert:c_puct=1.0 \\
        --reference expert:iterations=40000 --positions 16 [--seeds 1,2] [--reference-seed 9]
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.bench_search import typical_positions
from ai.ismcts import PRESETS, preset
from ai.registry import parse_spec
from ai.search import Search, SearchConfig
from game import Action, GameState


def search_config(spec: str) -> SearchConfig:
    """``"expert:c_puct=1.0"`` -> the expert preset with that option."""
    _, options = parse_spec(f"ismcts:{spec}")
    level = str(options.pop("level", "normal"))
    return preset(level, PRESETS, **options)


@dataclass
class Decision:
    action: Action
    share: float  # of the root's visits, on the chosen action
    iterations: int


def decide(state: GameState, config: SearchConfig, seed: int) -> Decision:
    view = state.observe(state.current_player())
    search = Search(view, state.legal_actions(), random.Random(seed), config)
    while not search.step(1 << 30):
        pass
    action = search.best_action()
    total = sum(e.n for e in search.root.edges.values()) or 1
    edge = search.root.edges.get(action)
    return Decision(action, (edge.n if edge else 0) / total, search.iterations)


@dataclass
class Tally:
    agree: int = 0
    decisions: int = 0
    share: float = 0.0
    iterations: int = 0

    def add(self, decision: Decision, reference: Action) -> None:
        self.decisions += 1
        self.agree += decision.action == reference
        self.share += decision.share
        self.iterations += decision.iterations


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"--seeds takes whole numbers like 1,2, not {text!r}") from None


def main(argv: list[str] | None = None) -> dict[str, Tally]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="+", help="searches to compare, e.g. expert:c_puct=1.0")
    parser.add_argument(
        "--reference", required=True, help="the bigger search, e.g. expert:iterations=40000"
    )
    parser.add_argument("--reference-seed", type=int, default=9)
    parser.add_argument("--seeds", default="1", help="comma-separated seeds for each search")
    parser.add_argument("--positions", type=int, default=16)
    parser.add_argument(
        "--rounds", default="2-8", help="each game's position from a round drawn in this range"
    )
    args = parser.parse_args(argv)
    try:
        seeds = [_seed(s) for s in args.seeds.split(",")]
        configs = {spec: search_config(spec) for spec in args.specs}
        reference = search_config(args.reference)
        low, _, high = args.rounds.partition("-")
        span = (int(low), int(high or low))
    except ValueError as err:  # a spec, seed or round that is none, named with the choices
        parser.error(str(err))
    tallies = {spec: Tally() for spec in args.specs}
    positions = typical_positions(args.positions, rounds=span, players=2, first_seed=101)
    for i, state in enumerate(positions):
        ref = decide(state, reference, args.reference_seed)
        marks = []
        for spec, config in configs.items():
            for seed in seeds:
                d = decide(state, config, seed)
                tallies[spec].add(d, ref.action)
                marks.append("=" if d.action == ref.action else "x")
        print(f"position {i} (round {state.round}): reference picks {ref.action}; "
              f"{' '.join(marks)}", flush=True)  # fmt: skip
    print(f"agreement with {args.reference} (seed {args.reference_seed}):")
    for spec, t in tallies.items():
        n = t.decisions or 1
        print(f"  {spec}: {t.agree}/{t.decisions}, mean share of visits on the choice "
              f"{t.share / n:.2f}, mean iterations {t.iterations / n:.0f}")  # fmt: skip
    return tallies


if __name__ == "__main__":
    main()
