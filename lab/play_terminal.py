"""A complete game between simple bots in the terminal, with a readable log.

    python -m lab.play_terminal [--players 4] [--seed 7] [--rules coins,battle_dice,quests]
        [--quiet]

The bots here pick uniformly among legal actions: the engine at work, every rule's effect in
the log, with nothing but the standard library (the game itself is ./build.sh play).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile

from game import CHANCE, GameRecord, Rules, new_game
from game.actions import BattleRoll, DrawCard, NoCard, Roll
from game.content import KINGDOM_IDS
from game.rules.scoring import winners
from game.state import GameState


def parse_rules(text: str) -> Rules:
    names = {n.strip() for n in text.split(",") if n.strip()}
    unknown = names - {"coins", "battle_dice", "quests", "none"}
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown rule switch(es): {', '.join(sorted(unknown))}")
    # Neither an empty text nor "none,coins" says which game is meant (R8).
    if not names or ("none" in names and len(names) > 1):
        raise argparse.ArgumentTypeError(
            f"the rules {text!r} are not clear: name the patches (coins, battle_dice, quests), "
            "or none"
        )
    return Rules(
        coins="coins" in names, battle_dice="battle_dice" in names, quests="quests" in names
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=4, help="2 to 6 (R1.1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rules", type=parse_rules, default=Rules(), help="comma-separated patches, or none"
    )
    parser.add_argument("--quiet", action="store_true", help="only the result")
    parser.add_argument(
        "--save",
        metavar="FILE",
        help="write the game record (JSON) to FILE; a file already there is replaced, and the "
        "output says so",
    )
    args = parser.parse_args(argv)
    try:
        state = new_game(args.players, seed=args.seed, rules=args.rules)
    except ValueError as err:
        parser.error(str(err))
    if args.save is not None:  # refused before the game is played, not after
        if not args.save:  # not taken for "no --save": the record asked for would go nowhere
            parser.error("--save takes a file name, such as game.json")
        if os.path.isdir(args.save):
            parser.error(f"--save: {args.save} is a folder; give a file name")
        if not os.path.isdir(os.path.dirname(args.save) or "."):
            parser.error(f"--save: there is no folder {os.path.dirname(args.save)}")
        why = _unwritable(args.save)
        if why:
            parser.error(f"--save: {args.save} cannot be written: {why}.")
    # Most tools overwrite an output file named explicitly; this one says that it did.
    replacing = args.save is not None and os.path.exists(args.save)
    record = GameRecord.for_state(state)
    rng = random.Random(args.seed)
    names = state.board.kingdoms
    last_season = -1
    while not state.is_terminal():
        who = state.current_player()
        if who == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        if not args.quiet:
            if state.round != last_season and state.phase >= 2:
                last_season = state.round
                print(f"\n=== {state.season_name()} ===")
            if who == CHANCE:
                if isinstance(action, Roll | BattleRoll):
                    print(f"    {action.describe(state.board)}")
                elif isinstance(action, DrawCard | NoCard):
                    seat = state.draw_queue[0]
                    print(f"    {names[state.seat_kingdom[seat]].name_en} draws a quest card")
            else:
                kingdom = state.seat_kingdom[who]
                label = names[kingdom].name_en if kingdom >= 0 else f"Seat {who}"
                print(f"{label:>14}: {action.describe(state.board)}")
        state.apply_action(action)
        record.append(action)
        if not args.quiet and isinstance(action, BattleRoll) and state.last_battle:
            _print_battle(state)
    print("\n=== Game over after", state.season_name(), "===")
    scores = state.scores()
    won = winners(state)
    for seat in range(state.num_players):
        kingdom_id = KINGDOM_IDS[state.seat_kingdom[seat]]
        mark = "  <- winner" if seat in won else ""
        print(
            f"  seat {seat} {kingdom_id:<14} points {scores[seat]:>2}  destroyed "
            f"{state.destroyed_by(seat)}  standing {state.floors_standing(seat)}{mark}"
        )
    if not won:
        print("  Nobody met the victory condition (R10.2).")
    if args.save is not None:
        try:
            with open(args.save, "w", encoding="utf-8") as out:
                out.write(record.to_json())
        except OSError as err:
            print(f"{args.save} cannot be written: {err.strerror or err}.", file=sys.stderr)
            return 2
        print(f"Record saved to {args.save}" + (", replacing the file there" if replacing else ""))
    return 0


def _unwritable(path: str) -> str:
    """Why a file cannot be written at ``path``, or "" if it can: found before the game is
    played, not after. A file there is opened for writing without being changed; otherwise a
    file is made in its folder and removed (permission bits do not tell: root, ACLs, a
    read-only disk)."""
    try:
        if os.path.exists(path):
            with open(path, "r+b"):
                pass
        else:
            handle, probe = tempfile.mkstemp(dir=os.path.dirname(path) or ".", prefix=".probe-")
            os.close(handle)
            os.remove(probe)
    except OSError as err:
        return err.strerror or str(err)
    return ""


def _print_battle(state: GameState) -> None:
    city, att, dfn, _da, _dd, ca, cd, sa, sd, winner = state.last_battle
    board = state.board
    result = "tie, roll again" if winner < 0 else f"{board.generals[winner].name_en} wins"
    print(
        f"    Battle at {board.city_name(city)}: {board.generals[att].name_en} {sa} "
        f"(coin {ca}) vs {board.generals[dfn].name_en} {sd} (coin {cd}): {result}"
    )


if __name__ == "__main__":
    sys.exit(main())
