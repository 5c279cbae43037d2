"""How often a search's win chance comes true, and the map that makes it do so (numpy).

    ./build.sh train search-chances          # tools/train.py: self-play, these two, resumable
    .venv/bin/python tools/calibrate_search.py sample \
        build/selfplay/search-chances_train_s21.jsonl \
        --per-game 2 --games 4000 --out build/calib/train_v3_s21.jsonl --jobs 2
    .venv/bin/python tools/calibrate_search.py fit build/calib/train_v3_s21.jsonl \
        --test build/calib/test_v3_s22.jsonl --out ai/data/search_chances_v2.json \
        --report experiments/train/search_chances_v2.json

A search reports the chance of the action it liked best, from its own dealt worlds and its own
playouts, so what the hint and the review show leans where the search leans. ``sample`` replays
self-play records (tools/selfplay.py) to a few decisions of each game (chosen by a seeded hash
of the game, any seat, at least two legal actions), runs the hint's search there from the
deciding seat's view (``ai.registry.hint_search``: the search of ``ai.presets.HINT``, 300
iterations) and writes the chance it gives the action the record went
on with, beside that seat's result. Resumable: the games already in ``--out`` are skipped; a
file whose lines are not this tool's samples is refused as ``--out``, never appended to.
``fit`` fits, per seat count, the logistic map
``sigmoid(a * x + b + c * max(0, x - logit(1/n)))``, ``x`` the logit of the chance and ``n``
the seats, by maximum likelihood on the training samples, and reports, on the test samples,
the reliability table, the Brier score and the base rate's. The second slope ``c`` (above the
even chance) is fitted only where it wins a 5-fold cross-validation on the training samples,
games kept whole; otherwise ``c`` is 0 and left out of the model file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # lab/ is not installed
from ai.registry import hint_search
from game import CHANCE, GameRecord
from lab.command_line import check_outputs

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import NUMBER, WHOLE, DataFileError, read_json_lines, reported
from selfplay import sample_records
from workers import add_arguments, from_args

EPS = 1e-4  # chances are clipped to [EPS, 1 - EPS] before the logit
FOLDS = 5
SECOND_SLOPE_GAIN = 0.001  # the cross-validated log loss a second slope must save to be kept
# The keys of a line of ``sample`` that ``fit`` reads, and ``sample`` resumes from.
CALIBRATION = {"game": WHOLE, "seats": WHOLE, "chance": NUMBER, "won": NUMBER}


def decisions(record: GameRecord) -> list[int]:
    """The indices of the record's actions that a seat chose among two or more."""
    state = record.new_state()
    out = []
    for i, action in enumerate(record.actions):
        if state.current_player() != CHANCE and len(state.legal_actions()) > 1:
            out.append(i)
        state.apply_action(action)
    return out


def sample_game(line: dict[str, Any], per_game: int, iterations: int) -> list[dict[str, Any]]:
    record = GameRecord.from_dict(line["record"])
    points = decisions(record)
    rng = random.Random(f"calibrate/{line['seed']}/{line['index']}")
    chosen = sorted(rng.sample(points, min(per_game, len(points))))
    out = []
    state = record.new_state()
    at = 0
    for index in chosen:
        while at < index:
            state.apply_action(record.actions[at])
            at += 1
        seat = state.current_player()
        legal = state.legal_actions()
        played = record.actions[index]
        search = hint_search(state.observe(seat), legal, iterations=iterations, seed=index)
        found = search.explain(top=len(legal))
        chance = next((i.win_chance for i in found if i.action == played), None)
        if chance is None:
            continue  # the search never looked at the action played
        out.append({"game": line["index"], "action": index, "seats": record.num_players,
                    "seat": seat, "chance": float(chance),
                    "won": float(line["returns"][seat])})  # fmt: skip
    # A game none of whose decisions could be used is still marked done.
    return out or [{"game": line["index"], "skipped": True}]


def _sample_star(args: tuple[dict[str, Any], int, int]) -> list[dict[str, Any]]:
    return sample_game(*args)


def sample(args: argparse.Namespace) -> int:
    sample_records(args.data, args.out, args.games, _sample_star,
                   (args.per_game, args.iterations), args.workers, keys=CALIBRATION)  # fmt: skip
    return 0


def _read(path: Path) -> dict[str, np.ndarray]:
    lines = read_json_lines(path, "sampled game", CALIBRATION, "skipped")
    rows = [r for r in lines if "chance" in r]
    return {k: np.array([r[k] for r in rows], dtype=float)
            for k in ("game", "seats", "chance", "won")}  # fmt: skip


def logit(p: np.ndarray) -> np.ndarray:
    q = np.clip(p, EPS, 1 - EPS)
    out: np.ndarray = np.log(q / (1 - q))
    return out


def features(chance: np.ndarray, seats: int, two: bool) -> np.ndarray:
    """The map's inputs: the chance's logit, 1, and (``two``) its excess over the even chance."""
    x = logit(chance)
    cols = [x, np.ones_like(x)]
    if two:
        cols.append(np.maximum(0.0, x - np.log(1.0 / (seats - 1))))
    return np.stack(cols, axis=1)


def calibrated(chance: np.ndarray, params: list[float], seats: int) -> np.ndarray:
    """The mapped chances: ``params`` is (a, b) or (a, b, c) as in the model file."""
    x = features(chance, seats, len(params) == 3)
    out: np.ndarray = 1.0 / (1.0 + np.exp(-(x @ np.array(params))))
    return out


def fit_map(chance: np.ndarray, won: np.ndarray, seats: int, two: bool) -> list[float]:
    """(a, b) or (a, b, c) of the map by Newton's method on the log-likelihood."""
    x = features(chance, seats, two)
    w = np.zeros(x.shape[1])
    w[0] = 1.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (won - p)
        hess = -(x * (p * (1 - p))[:, None]).T @ x - 1e-6 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w = w - step
        if np.abs(step).max() < 1e-10:
            break
    return [float(v) for v in w]


def monotone(params: list[float]) -> bool:
    """The map never reorders chances: every slope, above and below the knot, is positive."""
    return params[0] > 0 and (len(params) == 2 or params[0] + params[2] > 0)


def cross_validated(chance: np.ndarray, won: np.ndarray, game: np.ndarray, seats: int,
                    two: bool) -> float:  # fmt: skip
    """Mean held-out log loss over ``FOLDS`` folds of whole games."""
    fold = game.astype(int) % FOLDS
    losses = []
    for k in range(FOLDS):
        train, test = fold != k, fold == k
        if not test.any() or not train.any():
            continue
        params = fit_map(chance[train], won[train], seats, two)
        p = np.clip(calibrated(chance[test], params, seats), EPS, 1 - EPS)
        y = won[test]
        losses.append(-(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return float(np.concatenate(losses).mean())


def choose_map(chance: np.ndarray, won: np.ndarray, game: np.ndarray, seats: int
               ) -> tuple[list[float], dict[str, Any]]:  # fmt: skip
    """The map for one seat count and why it has one slope or two."""
    one = cross_validated(chance, won, game, seats, False)
    two = cross_validated(chance, won, game, seats, True)
    params = fit_map(chance, won, seats, two=two < one - SECOND_SLOPE_GAIN)
    why: dict[str, Any] = {"cv_log_loss_one_slope": one, "cv_log_loss_two_slopes": two}
    if not monotone(params):
        why["refused"] = "the second slope would reorder chances"
        params = fit_map(chance, won, seats, two=False)
    if not monotone(params):
        # Exit code 1: the data were read and are what they should be, but the fit fails.
        raise SystemExit(
            f"calibrate_search.py: the map of {seats} seats would reorder chances: {params}"
        )
    why["slopes"] = len(params) - 1
    return params, why


def reliability(p: np.ndarray, won: np.ndarray) -> list[dict[str, float]]:
    rows = []
    for k in range(10):
        sel = (p >= k / 10) & ((p < (k + 1) / 10) if k < 9 else (p <= 1.0))
        if sel.any():
            rows.append({"bin": k, "count": int(sel.sum()), "predicted": float(p[sel].mean()),
                         "observed": float(won[sel].mean())})  # fmt: skip
    return rows


def _scores(p: np.ndarray, won: np.ndarray) -> dict[str, float]:
    q = np.clip(p, EPS, 1 - EPS)
    return {
        "brier": float(((p - won) ** 2).mean()),
        "log_loss": float(-(won * np.log(q) + (1 - won) * np.log(1 - q)).mean()),
        "samples": len(p),
    }


def fit(args: argparse.Namespace) -> int:
    train = _read(args.data)
    test = _read(args.test)
    model: dict[str, Any] = {"format": "strategos-search-chances", "version": 1, "map": {}}
    report: dict[str, Any] = {
        "command": " ".join(["tools/calibrate_search.py", *sys.argv[1:]]),
        "train_samples": len(train["chance"]), "test_samples": len(test["chance"]),
    }  # fmt: skip
    for n in range(2, 7):
        sel = train["seats"] == n
        if sel.sum() < 50:  # the runtime needs a map for every seat count
            raise DataFileError(
                f"{args.data} has only {int(sel.sum())} samples of {n} seats; a map needs 50"
            )
        params, why = choose_map(train["chance"][sel], train["won"][sel], train["game"][sel], n)
        params = [round(v, 4) for v in params]  # what the runtime reads is what is measured
        model["map"][str(n)] = params
        t = test["seats"] == n
        if not t.any():
            continue
        raw, won = test["chance"][t], test["won"][t]
        cal = calibrated(raw, params, n)
        report[f"{n}p"] = {
            "map": params,
            "form": why,
            "search": _scores(raw, won),
            "calibrated": _scores(cal, won),
            "base_rate": _scores(np.full_like(raw, 1.0 / n), won),
            "reliability_search": reliability(raw, won),
            "reliability_calibrated": reliability(cal, won),
        }
    model["trained"] = {k: report[k] for k in ("command", "train_samples", "test_samples")}
    args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    for seats in ("2p", "4p"):
        if seats in report:
            r = report[seats]
            briers = [r[k]["brier"] for k in ("search", "calibrated", "base_rate")]
            print(seats, "map", r["map"], "Brier search / calibrated / base rate:", *briers)
            for row in r["reliability_calibrated"]:
                print("  ", row)
    return 0


@reported
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("sample", help="search chances at decisions of self-play records")
    s.add_argument("data", type=Path, help="self-play JSON-lines file (tools/selfplay.py)")
    s.add_argument("--out", type=Path, required=True)
    s.add_argument("--per-game", type=int, default=3)
    s.add_argument("--games", type=int, default=10**9, help="the first N games of the file")
    s.add_argument("--iterations", type=int, default=300, help="the hint's budget")
    add_arguments(s)
    f = sub.add_parser("fit", help="fit the map per seat count and measure it")
    f.add_argument("data", type=Path)
    f.add_argument("--test", type=Path, required=True)
    f.add_argument("--out", type=Path, required=True)
    f.add_argument("--report", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.command == "fit":
        check_outputs(parser, args.out, args.report)  # before the fit, not after it
    if args.command == "sample":
        args.workers = from_args(args, parser)
        if args.per_game < 1 or args.iterations < 1 or args.games < 1:
            parser.error("--per-game, --games and --iterations must be at least 1")
        check_outputs(parser, args.out)  # appended to as games finish: not at the first
        return sample(args)
    return fit(args)


if __name__ == "__main__":
    sys.exit(main())
