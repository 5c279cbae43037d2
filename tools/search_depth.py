"""How deep a search looks: the share of its iterations that reach each depth of the tree.

A diagnostic for the difficulty ladder (experiments/README.md): more iterations only make a stronger
player if they buy a look further ahead. For each of the bench's typical mid-game positions
(``lab.bench_search.typical_positions``), one decision is searched with a preset, and printed
are the root's visit shares of its most visited actions and, per depth, the share of the root's
visits that went on to that depth. Depth 0 is the root; a turn ends by itself when its last die
is used (R4.2), so at a turn start with four dice depth 4 is mostly the next seat's first
decision and depth 8 its last.

    python tools/search_depth.py [--level expert] [--option c_puct=0.25 ...] [--positions 3]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.presets import SearchPreset
from ai.registry import option_value, search_preset
from ai.search import Search
from ai.tree import Node
from lab.bench_search import typical_positions
from lab.command_line import stopping


def visits_by_depth(root: Node) -> list[int]:
    """Visits of the nodes at each depth below ``root`` (index 0 = the root)."""
    out: list[int] = []
    seen = {id(root)}
    level = [root]
    while level:
        out.append(sum(node.visits for node in level))
        deeper = []
        for node in level:
            for e in node.edges.values():
                child = e.child
                if child is not None and child.visits and id(child) not in seen:
                    seen.add(id(child))
                    deeper.append(child)
        level = deeper
    return out


def parse_option(text: str) -> tuple[str, object]:
    """``name=value``, the value read as in an agent spec (number, true/false or text)."""
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected name=value, got {text!r}")
    return name, option_value(raw)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="expert", help="difficulty preset (expert)")
    parser.add_argument("--option", type=parse_option, action="append", default=[])
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.positions < 1:  # none searched nothing and printed nothing, with exit code 0
        parser.error(f"--positions must be at least 1, not {args.positions}")
    names = [name for name, _ in args.option]
    if "level" in names:  # search_preset()'s TypeError, a traceback
        parser.error("--option level=...: the preset is --level")
    again = next((name for i, name in enumerate(names) if name in names[:i]), None)
    if again is not None:  # the last one was searched with, unsaid
        parser.error(f"--option {again} is given twice")
    try:
        preset = search_preset(args.level, **dict(args.option))
    except ValueError as err:  # an unknown level, option or value, named with the choices
        parser.error(str(err))
    with stopping(Path(__file__).name, lambda: "nothing is kept but the positions printed"):
        _report(args.positions, args.seed, preset)


def _report(positions: int, seed: int, preset: SearchPreset) -> None:
    """One decision searched with ``preset`` at each of ``positions`` typical positions (the
    search's seed ``seed`` plus the position's number), its depths printed as it is done."""
    for i, state in enumerate(typical_positions(positions)):
        view = state.observe(state.current_player())
        config = preset.at(state.num_players)
        search = Search(view, state.legal_actions(), random.Random(seed + i), config)
        while not search.step(1 << 30):
            pass
        edges = sorted(search.root.edges.values(), key=lambda e: -e.n)
        total = sum(e.n for e in edges) or 1
        depth = visits_by_depth(search.root)
        root = depth[0] or 1
        top = " ".join(f"{e.n / total:.2f}" for e in edges[:5])
        reach = " ".join(f"{d}:{v / root:.2f}" for d, v in enumerate(depth))
        print(f"position {i}: root visits {depth[0]}, top shares {top}")
        print(f"  share of root visits reaching each depth: {reach}")


if __name__ == "__main__":
    main()
