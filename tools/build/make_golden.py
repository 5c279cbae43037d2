"""Write the golden game records that tests/test_golden.py replays.

Usage: python3 tools/build/make_golden.py [--check]

Each golden file holds one seeded game played to its end by a fixed random policy: the record
(configuration and every action, chance outcomes included) and a summary of the final state
(scores, winners, season, phase, floors) plus the whole final state in its JSON form. The tests
replay the record and compare. Run this script when a rule change is intended, and review the
diff of tests/golden/ like any other change. With --check it only reports which files differ.

The games are played on map 1, which never changes (R2.5: a new board is a new map version),
so they change with the rules only, not with the current map.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
sys.path.insert(0, str(ROOT))

import game  # noqa: E402
from game.rules.scoring import winners  # noqa: E402
from tests.playouts import aggressive_action  # noqa: E402

GOLDEN_MAP = 1
# name: (players, seed, rules)
GAMES: dict[str, tuple[int, int, game.Rules]] = {
    "2p_base": (2, 101, game.Rules(coins=False, battle_dice=False, quests=False)),
    "4p_all_patches": (4, 202, game.Rules(coins=True, battle_dice=True, quests=True)),
    "6p_coins_only": (6, 303, game.Rules(coins=True, battle_dice=False, quests=False)),
    "3p_quests_battle_dice": (3, 404, game.Rules(coins=False, battle_dice=True, quests=True)),
}


def choose(state: game.GameState, rng: random.Random) -> game.Action:
    """Chance by its probabilities; decisions random, biased towards the rarer rules."""
    return aggressive_action(state, rng)


def summary(state: game.GameState) -> dict[str, Any]:
    """What a reader checks first when a golden game changes."""
    n = state.num_players
    return {
        "season": state.season_name(),
        "round": state.round,
        "phase": json.loads(state.to_json())["phase"],
        "scores": state.scores(),
        "winners": winners(state),
        "points": state.points[:],
        "destroyed": [state.destroyed_by(s) for s in range(n)],
        "standing": [state.floors_standing(s) for s in range(n)],
        "levels": [state.gen_level[g] for s in range(n) for g in state.generals_of(s)],
    }


def play(players: int, seed: int, rules: game.Rules) -> dict[str, Any]:
    state = game.new_game(players, seed=seed, rules=rules, board=game.get_map(GOLDEN_MAP))
    record = game.GameRecord.for_state(state)
    rng = random.Random(seed)
    while not state.is_terminal():
        action = choose(state, rng)
        state.apply_action(action)
        record.append(action)
    return {
        "record": record.to_dict(),
        "summary": summary(state),
        "final_state": json.loads(state.to_json()),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only, write nothing")
    args = parser.parse_args(argv)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    changed = 0
    for name, (players, seed, rules) in GAMES.items():
        path = GOLDEN / f"{name}.json"
        text = json.dumps(play(players, seed, rules), indent=1, sort_keys=True) + "\n"
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            print(f"{path.relative_to(ROOT)}: unchanged")
            continue
        changed += 1
        if args.check:
            print(f"{path.relative_to(ROOT)}: differs")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{path.relative_to(ROOT)}: written")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
