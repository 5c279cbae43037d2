"""What a decision costs each agent, on the same positions: the budget of an equal-time run.

A run against a frozen baseline "at the same decision time" needs the budget (iterations) at
which a new agent thinks as long as the baseline. The arena measures it afterwards; this
measures it before the games, so that the budget can be declared with the run. Positions are
the decisions with more than one legal action of two-seat games the tactics policy plays with
itself (seeded: the same positions every time), every ``--every``-th of them; each agent
decides each position once, and its mean process time a decision is reported.

    python tools/speed_rule.py ismcts-v1:normal ismcts:normal:root_scale=0.1:iterations=180 \\
        [--games 20] [--every 5] [--seed 7000] [--json report.json]

Measure with nothing else running: two agents measured beside other work are compared on
another machine's speed. The report is written at the end: Ctrl-C writes nothing (exit 130).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools
from json_files import reported

import ai
import game
from ai.agents import play_on
from game import Action, GameState
from lab.command_line import check_outputs


def positions(games: int, every: int, seed: int) -> list[GameState]:
    """Every ``every``-th decision with a choice of ``games`` two-seat tactics-policy games."""
    policy = ai.agent_from_spec("policy:tactics")
    return [s for g in range(games) for s in _game_positions(policy, seed + g, every)]


def _game_positions(policy: ai.Agent, seed: int, every: int) -> list[GameState]:
    rng = random.Random(seed)
    kept: list[GameState] = []
    decisions = 0

    def decide(state: GameState, legal: list[Action]) -> Action:
        nonlocal decisions
        decisions += 1  # ``play_on`` asks only where there is a choice
        if decisions % every == 0:
            kept.append(state.clone())
        return policy.choose(state.observe(state.current_player()), legal, rng)

    play_on(game.new_game(2, seed=seed), decide, rng)
    return kept


def mean_ms(spec: str, states: list[GameState]) -> float:
    """``spec``'s mean process time a decision over ``states``, in milliseconds."""
    agent = ai.agent_from_spec(spec)
    total = 0.0
    for k, state in enumerate(states):
        seat = state.current_player()
        view, legal = state.observe(seat), state.legal_actions()
        start = time.process_time()
        agent.choose(view, legal, random.Random(k))
        total += time.process_time() - start
    return 1000.0 * total / max(1, len(states))


@reported
def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="+", help="agent specs, e.g. ismcts-v1:normal")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--json", type=Path, default=None, help="write the report here")
    args = parser.parse_args(argv)
    if args.games < 1 or args.every < 1:
        parser.error("--games and --every take whole numbers from 1")
    # Game g is dealt from --seed + g (positions), a 64-bit seed as every game's.
    if not -(2**63) <= args.seed <= 2**63 - args.games:
        parser.error("--seed must be a 64-bit integer, with room for a seed per game after it")
    check_outputs(parser, args.json)  # before the games, not when the report is written
    for number, spec in enumerate(args.specs):
        try:
            ai.agent_from_spec(spec)
        except ValueError as exc:
            parser.error(str(exc))
        if spec in args.specs[:number]:  # timed twice, reported once
            parser.error(f"{spec} is given twice")
    states = positions(args.games, args.every, args.seed)
    if not states:  # no decision timed: each agent's mean was reported as 0.0 ms
        parser.error(
            f"--every {args.every}: the games held fewer decisions than that, so none was "
            "timed; give a smaller --every or more --games"
        )
    print(f"{len(states)} decisions of {args.games} games", flush=True)
    report: dict[str, Any] = {
        "games": args.games,
        "every": args.every,
        "seed": args.seed,
        "decisions": len(states),
        "mean_ms": {},
    }
    for spec in args.specs:
        ms = mean_ms(spec, states)
        report["mean_ms"][spec] = round(ms, 2)
        print(f"{spec}: {ms:.1f} ms a decision", flush=True)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    return report


if __name__ == "__main__":
    main()
