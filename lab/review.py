"""The review's command line: a played game's decisions judged by ``ai.review.Review``.

    python -m lab.review game.json [--json review.json] [--budget quick|thorough] [--seats 0,2]

A file from outside passes the engine's boundary (``GameRecord.from_json``), and a client save's
seats the client's own check (``ai.save_seats``); a file refused there is named in one sentence,
with exit code 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from ai.review import BUDGETS, REVIEW_FORMAT, Review
from ai.save_seats import client_seats, humans
from ai.seeds import check_seed
from game import GameRecord, StateFormatError, load_json
from lab.command_line import stopping, unwritable

READ_LIMIT = 8_000_000  # bytes read of a record file: far more than any game


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _client_humans(raw: bytes, players: int) -> list[int]:
    """The seats a person plays in a save of the client (none in a bare record); a save whose
    seats the client refuses is refused here too, with its sentence (ai.save_seats), rather
    than read as a bare record, whose every seat would then be reviewed."""
    # Read as the record was: an object of a sane size, a byte order mark allowed.
    client = load_json(raw, "game record").get("client")
    return humans(client_seats(client, players))


def _parse_seats(text: str) -> list[int]:
    """The seats ``--seats`` names, each once; a list that is empty, has a gap or names a seat
    twice is refused here, not read as what was perhaps meant."""
    if not text.replace(",", "").strip():
        raise argparse.ArgumentTypeError("--seats names no seat: give seat numbers like 0,2")
    try:
        seats = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--seats takes seat numbers like 0,2, not {text!r}"
        ) from None
    for i, seat in enumerate(seats):
        if seat in seats[:i]:
            raise argparse.ArgumentTypeError(f"--seats names seat {seat} twice")
    return seats


def _is_review(raw: bytes) -> bool:
    """Whether ``raw`` is the text of a review (``Review.to_dict``)."""
    try:
        data = load_json(raw, "review", max_bytes=READ_LIMIT)
    except StateFormatError:
        return False
    return isinstance(data, dict) and data.get("format") == REVIEW_FORMAT


def _out_refusal(out: str, reviewed: str) -> str:
    """Why the review may not be written to ``out`` (``--json``), in a sentence; "" when it may.

    Checked before the run, which may take minutes. A file already there is replaced only when
    it holds nothing or an earlier review: the game reviewed, a player's other saves and any
    other file are not the review's to overwrite."""
    why = unwritable(out)
    if why or not os.path.isfile(out):
        return why  # nothing there to lose (or a device or pipe: written to, not replaced)
    try:
        same = os.path.samefile(out, reviewed)
    except OSError:
        same = False  # no game there: the command line says so next
    if same:
        return f"--json {out} is the game being reviewed; give the review a file of its own"
    try:
        with open(out, "rb") as f:
            held = f.read(READ_LIMIT + 1)
    except OSError as err:
        return f"--json {out} cannot be read to see what it holds: {err.strerror or err}"
    if not held or _is_review(held):
        return ""
    return (
        f"--json {out} holds something other than a review, which is not replaced; "
        "give another file name"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m lab.review",
        description="Review a played game: each decision's win chance before and after, the "
        "AI's preferred action, the turning points, and each seat's result split into its "
        "start, its decisions, luck and the opponents' play.",
    )
    p.add_argument("file", help="a game record or a client save (JSON)")
    p.add_argument(
        "--json", dest="out",
        help="write the review as JSON to this file (new, empty, or an earlier review)",
    )  # fmt: skip
    p.add_argument("--budget", choices=tuple(BUDGETS), default="quick")
    p.add_argument(
        "--seats", type=_parse_seats, default=None,
        help="seats to review, e.g. 0,2 (default: the save's humans, else all); while a "
        "save's game is not over, only its humans",
    )  # fmt: skip
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    try:
        # One range of seeds for every command line of the project: though only Python's
        # generators are seeded here, a seed is refused here as it would be in the arena.
        check_seed(args.seed, "--seed")
    except ValueError as err:
        p.error(str(err))
    why = _out_refusal(args.out, args.file) if args.out else ""
    if why:
        p.error(why)
    try:
        with open(args.file, "rb") as f:
            raw = f.read(READ_LIMIT + 1)
    except OSError as err:
        print(f"{args.file} cannot be read: {err.strerror or err}.", file=sys.stderr)
        return 2
    if len(raw) > READ_LIMIT:
        print(f"{args.file} is larger than any game record ({READ_LIMIT} bytes).", file=sys.stderr)
        return 2
    try:
        record = GameRecord.from_json(raw)
        people = _client_humans(raw, record.num_players)
    except StateFormatError as err:
        if _is_review(raw):  # where the engine would say that its format marker is missing
            print(f"{args.file} is a review, not a game: review the game it was made from.",
                  file=sys.stderr)  # fmt: skip
        else:
            print(f"{args.file}: {err}", file=sys.stderr)
        return 2
    seats = args.seats if args.seats is not None else people or None
    n = record.num_players
    hidden = [s for s in args.seats or () if people and s not in people and 0 <= s < n]
    if hidden and not record.replay().is_terminal():
        # R11, as the replay's review allows it: an AI seat's decisions are judged with its
        # hand, which the person playing on may not see until the game is over.
        print(
            f"--seats {hidden[0]}: the game is not over, so only a person's seat may be "
            f"reviewed ({', '.join(map(str, people))}).",
            file=sys.stderr,
        )
        return 2
    try:
        review = Review.of_record(record, seats, args.budget, args.seed)
    except ValueError as err:
        print(f"{err}.", file=sys.stderr)
        return 2
    with stopping("python -m lab.review", lambda: "nothing was written"):
        review.run()
    for w in review.turning_points():
        print(f"turning point, action {w.index + 1}: {review.explanation(w)}")
    reviewed = review.seats
    print(
        f"{_count(len(review.decisions), 'decision')} of "
        f"{'seat' if len(reviewed) == 1 else 'seats'} {', '.join(map(str, reviewed))} "
        f"reviewed ({args.budget}) in {review.elapsed:.1f} s; "
        f"{_count(len(review.turning_points()), 'turning point')}"
    )
    for seat in reviewed:
        counts = review.class_counts(seat)
        print(f"seat {seat}: " + ", ".join(f"{name} {n}" for name, n in counts.items()))
    for split in review.summary:
        # The parts as the README's review section defines them; they add up to the result.
        print(f"seat {split.seat}: start {split.start:.2f}, decisions {split.decisions:+.2f}, "
              f"luck {split.luck:+.2f}, opponents {split.opponents:+.2f}, "
              f"result {split.result:.2f}")  # fmt: skip
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as f:
                json.dump(review.to_dict(), f, ensure_ascii=False, indent=1)
        except OSError as err:
            print(f"{args.out} cannot be written: {err.strerror or err}.", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
