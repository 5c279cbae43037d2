"""Where a search's time goes, from a py-spy raw profile (``py-spy record -f raw``).

    python experiments/speed/breakdown.py PROFILE.txt

Only samples inside ``Search.step`` count. Each is put in the part of the search that it is
in (the outermost of: dealing a world, the root's priors, the descent, the playout, the
backup) and in what it was doing there (the innermost of the kinds below), so "policy scores"
under the descent are the priors of new edges and under the playout the playout's moves.
"""

from __future__ import annotations

import sys
from collections import Counter

# Outermost frame first: the part of an iteration.
PARTS = (
    ("Search._root_init", "root priors (one-ply)"),
    ("Worlds.sample", "dealing a world"),
    ("Tree.backup", "backup"),
    ("Tree.descend", "descent"),
    ("Playout.run", "playout"),
)
# Innermost frame first: what was being done.
KINDS = (
    ("clone", "apply and clone"),
    ("win_chances", "evaluation"),
    ("undominated", "dominance pruning"),
    ("QuickScorer.scores", "policy scores"),
    ("TacticsScorer.scores", "policy scores"),
    ("legal_actions", "legal actions"),
    ("apply_action", "apply and clone"),
    ("sample_chance", "apply and clone"),
    ("current_player", "apply and clone"),
    ("Tree._select", "selection (PUCT, edges)"),
    ("Tree._duel", "selection (PUCT, edges)"),
    ("Playout._candidates", "playout: sampling candidates"),
    ("first_valid", "playout: following the plan"),
    ("turn_key", "playout: following the plan"),
    ("Playout.plan", "playout: ordering the plan"),
    ("sample_world", "dealing a world"),
)


def main(path: str) -> None:
    parts: Counter[str] = Counter()
    kinds: Counter[tuple[str, str]] = Counter()
    total = 0
    with open(path) as file:
        lines = file.readlines()
    for line in lines:
        stack, _, count_text = line.rstrip("\n").rpartition(" ")
        count = int(count_text)
        frames = [f.split(" (")[0] for f in stack.split(";")]
        if "Search.step" not in frames:
            continue
        total += count
        part = "other (search loop)"
        for name, label in PARTS:
            if name in frames:
                part = label
                break
        kind = "other"
        for frame in reversed(frames):
            hit = next((label for name, label in KINDS if frame.endswith(name)), None)
            if hit is not None:
                kind = hit
                break
        if kind == "other":
            kind = f"other: {frames[-1]}"
        parts[part] += count
        kinds[(part, kind)] += count
    print(f"{total} samples in Search.step")
    print("\nby part of the iteration")
    for part, n in parts.most_common():
        print(f"  {100 * n / total:5.1f}%  {part}")
    print("\nby what was done (all parts)")
    flat: Counter[str] = Counter()
    for (_, kind), n in kinds.items():
        flat[kind.split(":")[0] if kind.startswith("other:") else kind] += n
    for kind, n in flat.most_common():
        print(f"  {100 * n / total:5.1f}%  {kind}")
    print("\nby part and what was done")
    for (part, kind), n in kinds.most_common(25):
        print(f"  {100 * n / total:5.1f}%  {part} / {kind}")


if __name__ == "__main__":
    main(sys.argv[1])
