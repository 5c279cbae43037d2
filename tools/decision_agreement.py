"""Does a search's choice hold up under a bigger search? A cheap look before an arena run.

An arena run between the strong presets takes hours and can only tell large differences apart.
This asks a narrower question in minutes: at two-player turn starts from greedy games
(``lab.bench_search.typical_positions``), how often does each search pick what a reference search
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

from ai.registry import AGENT_NAMES, parse_spec, search_preset
from ai.search import Search, SearchConfig
from game import NUM_ROUNDS, Action, GameState
from lab.bench_search import typical_positions
from lab.command_line import stopping


def search_config(spec: str) -> SearchConfig:
    """``"expert:c_puct=1.0"`` -> the expert preset's two-seat search with that option."""
    if spec.partition(":")[0] in AGENT_NAMES:  # "ismcts:hard" was refused as 'ismcts:ismcts:hard'
        raise ValueError(
            f"{spec!r}: every search here is ismcts; name its preset and options without an "
            "agent, such as hard or expert:c_puct=1.0"
        )
    _, options = parse_spec(f"ismcts:{spec}")
    level = str(options.pop("level", "normal"))
    return search_preset(level, **options).at(2)


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


def _rounds(text: str) -> tuple[int, int]:
    """``"2-8"`` -> (2, 8), ``"5"`` -> (5, 5): rounds of a game (R1.3: 0 to 15, as
    ``GameState.round`` counts them), the first not after the last. ValueError says why not:
    a range past the game's end played greedy games in vain and compared no position, one
    backwards ended in a traceback."""
    low, dash, high = text.partition("-")
    try:
        span = (int(low), int(high if dash else low))
    except ValueError:
        span = (-1, -1)
    if not 0 <= span[0] <= span[1] < NUM_ROUNDS:
        raise ValueError(
            f"--rounds takes a round or a range of rounds such as 2-8, from 0 to "
            f"{NUM_ROUNDS - 1} (R1.3), the first not after the last; not {text!r}"
        )
    return span


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
    if args.positions < 1:  # none compared nothing and printed 0/0
        parser.error(f"--positions must be at least 1, not {args.positions}")
    try:
        seeds = [_seed(s) for s in args.seeds.split(",")]
        configs = {spec: search_config(spec) for spec in args.specs}
        reference = search_config(args.reference)
        span = _rounds(args.rounds)
    except ValueError as err:  # a spec, seed or round that is none, named with the choices
        parser.error(str(err))
    # A seed or spec twice counted its decisions twice in one tally, or once as if twice.
    for name, given in (("--seeds", seeds), ("the searches", args.specs)):
        again = next((x for i, x in enumerate(given) if x in given[:i]), None)
        if again is not None:
            parser.error(f"{name}: {again} is given twice")
    tallies = {spec: Tally() for spec in args.specs}
    with stopping(Path(__file__).name, lambda: "nothing is kept but the positions printed"):
        positions = typical_positions(args.positions, rounds=span, players=2, first_seed=101)
        if len(positions) < args.positions:  # the games ended first: late rounds are rare
            print(f"{len(positions)} of {args.positions} positions found from round {span[0]} on",
                  file=sys.stderr)  # fmt: skip
        _compare(positions, configs, seeds, reference, args.reference_seed, tallies)
    print(f"agreement with {args.reference} (seed {args.reference_seed}):")
    for spec, t in tallies.items():
        n = t.decisions or 1
        print(f"  {spec}: {t.agree}/{t.decisions}, mean share of visits on the choice "
              f"{t.share / n:.2f}, mean iterations {t.iterations / n:.0f}")  # fmt: skip
    return tallies


def _compare(
    positions: list[GameState],
    configs: dict[str, SearchConfig],
    seeds: list[int],
    reference: SearchConfig,
    reference_seed: int,
    tallies: dict[str, Tally],
) -> None:
    """Each search of ``configs`` with each of ``seeds`` at every position, told against the
    reference's choice, into ``tallies`` (a line a position as it is done)."""
    for i, state in enumerate(positions):
        ref = decide(state, reference, reference_seed)
        marks = []
        for spec, config in configs.items():
            for seed in seeds:
                d = decide(state, config, seed)
                tallies[spec].add(d, ref.action)
                marks.append("=" if d.action == ref.action else "x")
        print(f"position {i} (round {state.round}): reference picks "
              f"{ref.action.describe(state.board)}; "
              f"{' '.join(marks)}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
