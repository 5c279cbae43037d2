"""Mistakes a person would call blunders, counted in seeded games of one agent against others.

    .venv/bin/python tools/blunders.py --agents ismcts:normal,policy:tactics --games 100 \\
        --seed 2901 [--players 2] [--jobs 2 | --ray local] [--json report.json]

The mistakes players notice first in an AI's play (the puzzles of ``tests/ai/test_puzzles.py``
pose each once), counted for the first agent of ``--agents`` (the others are its opponents,
seats rotated as in the arena: ``lab.arena.play_game``), over its own turns only:

- ``hopeless_attacks``: a move onto a city an enemy general holds, where the attacker wins the
  battle with less than ``HOPELESS`` chance even with its best unplayed coin against each of
  the defender's alike (R7.2, R8.1, R8.3; as ``ai.evaluation.coin_win_chances`` judges a duel);
- ``last_floor_left``: a turn that ends with an own capital down to its last floor unguarded
  that an own general stood on when the turn began, an enemy general able to reach it next turn
  (``ai.tactics.arrive_chance``: one of four dice, or the 6 three dice trade for, R4.3, R5.3);
- ``win_missed``: a turn that ends below 7 points although one of its decisions offered an
  action that reached 7 at once (R9.7: the round is then played out, so ending it sooner is
  what a player expects);
- ``six_for_six``: a trade of three dice that include a 6 (R4.3: the 6 was there already).

Each figure is given as the number of games with at least one, beside the total count (and,
for trades, the number of trades). ``--json`` writes the report.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from workers import add_arguments, from_args

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from ai.evaluation import attacker_wins, tables, unplayed
from ai.registry import agent_from_spec
from ai.tactics import arrive_chance
from game import P_ACTION, Action, GameState, is_winter, tower_bonus
from game.actions import Move, Trade
from game.kinds import BUILD, DESTROY
from lab.arena import check_seed, parse_rules, play_game
from lab.command_line import stopping, unwritable

HOPELESS = 0.12
KINDS = ("hopeless_attacks", "last_floor_left", "win_missed", "six_for_six")


def attack_chance(state: GameState, move: Move) -> float | None:
    """The mover's chance to win the battle ``move`` starts (None if it starts none), with its
    best unplayed coin, each of the defender's unplayed coins alike (R7.2, R8.1)."""
    seat = state.current_player()
    holders = [
        g for g in range(len(state.gen_city))
        if state.gen_city[g] == move.dest and state.kingdom_seat[g >> 2] != seat
    ]  # fmt: skip
    if not holders:
        return None
    defender = holders[0]
    base = state.gen_level[move.general] - state.gen_level[defender]
    base -= tower_bonus(state, move.dest)  # R7.2
    coins = state.rules.coins
    mine = unplayed(state, seat) if coins else [0]
    theirs = (unplayed(state, state.kingdom_seat[defender >> 2]) if coins else [0]) or [0]
    dice = state.rules.battle_dice
    return max(
        sum(attacker_wins(base + c - t, dice) for t in theirs) / len(theirs) for c in mine or [0]
    )


def wins_now(state: GameState, action: Action) -> bool:
    """Does ``action`` bring its seat to 7 points at once (R9.7)?"""
    if action.kind not in (BUILD, DESTROY):
        return False
    seat = state.current_player()
    after = state.clone()
    after.apply_action(action)
    return after.points[seat] >= 7


def guarded_last_floors(state: GameState, seat: int) -> set[int]:
    """The seat's capitals down to their last floor with one of its generals on them."""
    board = state.board
    own = {state.gen_city[g] for g in state.generals_of(seat) if state.gen_city[g] >= 0}
    return {
        c for c in own
        if board.is_capital[c] and state.tower_owner[c] == seat and state.floors[c] == 1
    }  # fmt: skip


def threatened(state: GameState, seat: int, turn_round: int, city: int) -> bool:
    """Can an enemy general end its next move on ``city``, the seat's turn of ``turn_round``
    over? (Seats after it move later that round, the others in the next, R4: its season.)"""
    tab = tables(state.board)
    for g, where in enumerate(state.gen_city):
        enemy = state.kingdom_seat[g >> 2]
        if where < 0 or enemy in (seat, -1):
            continue
        winter = is_winter(turn_round if enemy > seat else turn_round + 1)
        if arrive_chance(tab, where, city, winter) > 0.0:
            return True
    return False


class Census:
    """Counts one seat's blunders over one game, from its choices and the states between."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.counts: Counter[str] = Counter()
        self.trades = 0
        self._turn: tuple[int, int] | None = None
        self._guarded: set[int] = set()
        self._could_win = False

    def observe(self, state: GameState) -> None:
        """Every state before its action: a new turn of anyone closes the seat's last one."""
        if self._turn is not None and (state.round, state.active) != self._turn:
            self._close(state)

    def choice(self, state: GameState, action: Action) -> None:
        if state.current_player() != self.seat or state.active != self.seat:
            return
        if self._turn is None:
            self._turn = (state.round, state.active)
            self._guarded = guarded_last_floors(state, self.seat)
            self._could_win = False
        if state.phase == P_ACTION:
            legal = state.legal_actions()
            winning = [a for a in legal if wins_now(state, a)]
            if winning and action not in winning:
                self._could_win = True
        if isinstance(action, Move):
            p = attack_chance(state, action)
            if p is not None and p < HOPELESS:
                self.counts["hopeless_attacks"] += 1
        if isinstance(action, Trade):
            self.trades += 1
            if 6 in action.dice:
                self.counts["six_for_six"] += 1

    def _close(self, state: GameState) -> None:
        seat = self.seat
        assert self._turn is not None
        still = guarded_last_floors(state, seat)
        for city in self._guarded - still:
            standing = state.floors[city] == 1 and state.tower_owner[city] == seat
            if standing and threatened(state, seat, self._turn[0], city):
                self.counts["last_floor_left"] += 1
        if self._could_win and state.points[seat] < 7:
            self.counts["win_missed"] += 1
        self._turn = None

    def finish(self, state: GameState) -> dict[str, Any]:
        if self._turn is not None:
            self._close(state)
        return {"counts": {k: self.counts[k] for k in KINDS}, "trades": self.trades}


def _game(task: tuple[list[str], int, int, str, int]) -> dict[str, Any]:
    specs, index, seed, rules, players = task
    seat = (-index) % players  # the seat of agent 0 in rotation ``index % players``
    census = Census(seat)
    final: list[GameState] = []  # the game's one state object, played on in place

    def observe(state: GameState) -> None:
        census.observe(state)
        final[:] = [state]

    result = play_game(
        specs, index, seed, parse_rules(rules), players, observer=observe,
        on_choice=census.choice,
    )  # fmt: skip
    if result.seats[seat] != 0:  # a fault of this tool, not of what it was given: a traceback
        raise RuntimeError(f"game {index}: agent 0 is not at seat {seat}")
    out = census.finish(final[0])
    out["index"] = index
    out["won"] = result.returns[seat]
    return out


def report(
    games: list[dict[str, Any]], specs: list[str], seed: int, players: int
) -> dict[str, Any]:
    totals = {k: sum(g["counts"][k] for g in games) for k in KINDS}
    in_games = {k: sum(1 for g in games if g["counts"][k]) for k in KINDS}
    return {
        "agent": specs[0], "opponents": specs[1:], "games": len(games), "seed": seed,
        "players": players, "won": sum(g["won"] for g in games) / max(1, len(games)),
        "games_with": in_games, "total": totals, "trades": sum(g["trades"] for g in games),
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--agents", required=True, help="the agent counted, then its opponents")
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--players", type=int, default=0, help="default: one per agent")
    parser.add_argument("--rules", default="coins,battle_dice,quests")
    parser.add_argument("--json", type=Path, help="write the report here")
    add_arguments(parser)
    args = parser.parse_args(argv)
    workers = from_args(args, parser)
    specs = [s.strip() for s in args.agents.split(",")]
    players = args.players or len(specs)
    if len(specs) != players or not 2 <= players <= 6:
        parser.error("--agents: one agent per seat, 2 to 6 seats (R1.1)")
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        check_seed(args.seed, "--seed")
        parse_rules(args.rules)
        for spec in specs:
            agent_from_spec(spec)
    except ValueError as err:
        parser.error(str(err))
    why = unwritable(str(args.json) if args.json else None)
    if why:
        parser.error(why)
    tasks = [(specs, i, args.seed, args.rules, players) for i in range(args.games)]
    with stopping("blunders.py", lambda: "nothing was written: the report needs every game"):
        games = sorted(workers.imap_unordered(_game, tasks), key=lambda g: g["index"])
    out = report(games, specs, args.seed, players)
    text = json.dumps(out, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
