"""The evaluation learnt from game results at scale: many cheap self-play games (numpy).

    .venv/bin/python tools/selfplay.py --agent policy:tactics --games 30000 --seed 1801 \\
        --out build/selfplay/tactics_s1801.jsonl --jobs 2
    .venv/bin/python tools/value_scale.py build/selfplay/tactics_s1801.jsonl \\
        --siblings build/exit/hard_s32.jsonl \\
        --sibling-games build/selfplay/chances_train_s32.jsonl \\
        --test-outcomes build/selfplay/chances_test_s31.jsonl --hidden 0 8 --choose forecast \\
        --out ai/data/value_v7.json --report experiments/train/value_v7_forecast.json

The results-only fit before (v2, ``tools/train_value.py``) saw 617 games and played as v1 did;
the fits to hard's ranking (v3, v5) stopped at what a few thousand searched positions can teach
(experiments/exit.md, rounds 2-5). Here the data is what the tactics policy plays in half a
millisecond a decision: tens of thousands of games, every turn start a sample, so that a model
with a hidden layer over the features of ``ai.value_features`` (``tools/value_mlp.py``'s form:
the linear utility plus tanh units) can be fitted to results without learning the positions.

Each ``--hidden`` width (0: the conditional logit alone) is fitted from v1's exact weights by
minibatch Adam on 80% of the games (whole games, ``train_value.held_out``), the last fifth of
the steps at a tenth of the rate; several data files are one set of games
(``train_value.load_files``: each file's indices apart). Every fit, v1 and the ``--compare``
models are measured on the held-out games (log loss, Brier), on ``--test-outcomes`` (games the
search played) and on hard's ranking of a turn's actions at every position of ``--siblings``
(none of them is fitted here; ``value_exit.measure_siblings``). Which fit is written
(``--choose``):

- ``ranking``, for an evaluation that also ranks the root's actions: of the widths above 0, the
  one with the lowest held-out log loss, if it forecasts the held-out games better than the
  width-0 fit and ranks hard's siblings better than v1 (lower cross-entropy);
- ``forecast``, for the leaves only (``leaf_evaluator``): the width with the lowest log loss on
  the searched games, if below v1's. Round 11 found the first rule unmet: fitted to results,
  every width forecasts far better than v1 and ranks a turn's siblings, mid-turn positions
  unlike the turn starts it learnt from, far worse.

Otherwise nothing is written. Every file is read and checked before any feature or position
is made of it, and games too few to hold some out are refused then, from their indices (the
held-out fifth is chosen by a hash of each game's index, and game 11 is the first that a
self-play file holds out, or the first of several; ``train_value.too_few_games`` names each
file's): the held-out scores would be NaN and the rules would compare nothing.

``--share s`` samples the games at every position where a seat chooses (and every turn start),
each kept with probability ``s``, instead of at turn starts only (``train_value.decisions``;
``--jobs`` processes read the new games). Round 12 (``--share 0.2``, v8) found the ranking no
closer to hard's for it: 3.06 to 3.26 against v1's 2.69.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import reported
from train_value import (
    features,
    held_out,
    load_files,
    numbered,
    read_files,
    read_games,
    scores,
    too_few_games,
)
from value_exit import load_siblings, measure_siblings, read_samples, v1_weights
from value_mlp import Params, backprop, chances, model_file, named_params, sibling_value, unscaled

from ai.command_line import check_outputs, not_from_zero

Data = dict[str, np.ndarray]
KEYS = ("w", "V", "b", "a")


def start_params(linear: np.ndarray, width: int, rng: np.random.Generator) -> Params:
    features = len(linear)
    return {
        "w": linear.copy(),
        "V": rng.normal(0.0, 1.0 / np.sqrt(features), (width, features)),
        "b": np.zeros(width),
        "a": rng.normal(0.0, 0.01, width),
    }


def batch_gradient(p: Params, x: np.ndarray, y: np.ndarray, mask: np.ndarray) -> Params:
    """Gradients of the mean log loss of the results over the rows given."""
    q, h = chances(p, x, mask)
    return backprop(p, x, h, np.where(mask, q - y, 0.0) / len(x))


def fit(
    start: Params, train: Data, steps: int, batch: int, lr: float, l2_hidden: float, seed: int,
    label: str,
) -> Params:  # fmt: skip
    """Minibatch Adam on the results' log loss, L2 on the hidden weights toward 0."""
    rng = np.random.default_rng(seed)
    p = {k: v.copy() for k, v in start.items()}
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v2 = {k: np.zeros_like(v) for k, v in p.items()}
    rows = len(train["x"])
    clock = time.perf_counter()
    for t in range(1, steps + 1):
        pick = rng.integers(0, rows, batch)
        grad = batch_gradient(p, train["x"][pick], train["y"][pick], train["mask"][pick])
        rate = lr if t <= 0.8 * steps else lr / 10
        for k in KEYS:
            g = grad[k] + (2 * l2_hidden * p[k] if k != "w" else 0.0)
            m[k] = 0.9 * m[k] + 0.1 * g
            v2[k] = 0.999 * v2[k] + 0.001 * g**2
            p[k] -= rate * (m[k] / (1 - 0.9**t)) / (np.sqrt(v2[k] / (1 - 0.999**t)) + 1e-8)
        if t % 200 == 0 or t == steps:
            eta = (time.perf_counter() - clock) / t * (steps - t)
            print(f"\r{label}: step {t}/{steps}, ETA {eta:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    return p


@reported
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("data", type=Path, nargs="+", help="self-play files to fit")
    parser.add_argument("--siblings", type=Path, required=True, help="hard's samples")
    parser.add_argument("--sibling-games", type=Path, required=True, help="the games sampled")
    parser.add_argument("--test-outcomes", type=Path, required=True, help="search games")
    parser.add_argument("--hidden", type=int, nargs="+", default=[0, 8, 16])
    parser.add_argument("--steps", type=int, default=6000)
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--lr", type=float, default=0.003)
    parser.add_argument("--l2-hidden", type=float, default=1e-5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compare", nargs="*", default=["value_v3"])
    parser.add_argument("--choose", choices=("ranking", "forecast"), default="ranking")
    parser.add_argument(
        "--share",
        type=float,
        default=0.0,
        help="0: fit turn starts; above 0: that share of every decision",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes reading new games")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--report", type=Path, required=True)
    args = parser.parse_args(argv)
    inputs = [*args.data, args.siblings, args.sibling_games, args.test_outcomes]
    check_outputs(parser, args.out, args.report, reads=inputs)  # before the fit, not after it
    if args.steps < 1 or args.batch < 1 or min(args.hidden) < 0 or not 0 < args.lr < 1:
        parser.error("--steps and --batch at least 1, --hidden at least 0, --lr in (0, 1)")
    if not 0 <= args.share <= 1 or args.jobs < 1:
        parser.error("--share in [0, 1], --jobs at least 1")
    wrong = not_from_zero("--l2-hidden", args.l2_hidden)  # nan fitted a nan model
    if wrong:
        parser.error(wrong)
    again = next((w for i, w in enumerate(args.hidden) if w in args.hidden[:i]), None)
    if again is not None:  # fitted twice, and the second fit replaced the first unsaid
        parser.error(f"--hidden {again} is given twice")
    compared = {name: named_params(name) for name in args.compare}  # before the data, not after
    # Every file read and checked first, the refusals of the games' indices made from them:
    # a wrong file found after the features of tens of thousands of games cost their time, and
    # a refused run is to leave no features cache it did not have.
    files = read_files(args.data)
    outcomes = read_games(args.test_outcomes)
    sampled = read_samples([args.siblings], args.sibling_games)
    games = numbered(files)
    short = too_few_games(games, held_out(games), args.data)
    if short:
        parser.error(short)
    sib = load_siblings([args.siblings], args.sibling_games, sampled)
    search_games = features(args.test_outcomes, outcomes)
    data = load_files(args.data, share=args.share, jobs=args.jobs, files=files)
    test_games = held_out(data["game"])
    train = {k: v[~test_games] for k, v in data.items()}
    test = {k: v[test_games] for k, v in data.items()}
    scale = np.sqrt((train["x"][train["mask"]] ** 2).mean(axis=0)) + 1e-9
    train["x"] = train["x"] / scale

    def measured(p: Params | None) -> dict[str, Any]:
        def results(d: Data) -> dict[str, float]:
            q = d["v1"] if p is None else chances(p, d["x"], d["mask"])[0]
            return scores(q, d["y"], d["mask"])

        value = sib["v1"] if p is None else sibling_value(p, sib)[0]
        return {"held_out": results(test), "search_games": results(search_games),
                "siblings": measure_siblings(value, sib)}  # fmt: skip

    report: dict[str, Any] = {
        "command": " ".join(["tools/value_scale.py", *map(str, argv or sys.argv[1:])]),
        "games": {"train": len(set(train["game"])), "test": len(set(test["game"]))},
        "positions": {"train": len(train["x"]), "test": len(test["x"]),
                      "search_games": len(search_games["x"]),
                      "sibling_positions": len(sib["starts"])},
        "share": args.share, "steps": args.steps, "batch": args.batch, "lr": args.lr,
        "l2_hidden": args.l2_hidden,
        "seed": args.seed, "v1": measured(None), "fits": [],
    }  # fmt: skip
    for name, params in compared.items():
        report[name.removeprefix("value_")] = measured(params)
    rng = np.random.default_rng(args.seed)
    linear = v1_weights() * scale
    fitted: dict[int, tuple[Params, dict[str, Any]]] = {}
    for width in args.hidden:
        p = fit(start_params(linear, width, rng), train, args.steps, args.batch, args.lr,
                args.l2_hidden, args.seed + width, f"hidden {width}")  # fmt: skip
        raw = unscaled(p, scale)
        row = {"hidden": width, **measured(raw)}
        report["fits"].append(row)
        fitted[width] = (raw, row)
        print(json.dumps(row), file=sys.stderr)
    rule = chosen_width if args.choose == "ranking" else forecast_width
    report["choose"] = args.choose
    report["chosen"] = chosen = rule(fitted, report["v1"])
    if chosen is None:
        print("no fit passes the rule: no model written", file=sys.stderr)
    else:
        trained = {"command": report["command"], "hidden": chosen, "games": report["games"],
                   "positions": report["positions"]}  # fmt: skip
        model = model_file(fitted[chosen][0], trained)
        args.out.parent.mkdir(parents=True, exist_ok=True)  # as check_outputs allowed
        args.out.write_text(json.dumps(model) + "\n", encoding="utf-8")
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in report.items() if k != "command"}, indent=1))
    return 0 if chosen is not None else 1


def chosen_width(
    fitted: dict[int, tuple[Params, dict[str, Any]]], v1: dict[str, Any]
) -> int | None:
    """The width the ``ranking`` rule writes (see the module's docstring), or None."""
    wide = [w for w in fitted if w > 0]
    if not wide or 0 not in fitted:
        return None
    best = min(wide, key=lambda w: fitted[w][1]["held_out"]["log_loss"])
    row = fitted[best][1]
    # Written only where better: "not below", so that a NaN (a fit gone astray) never is.
    if not row["held_out"]["log_loss"] < fitted[0][1]["held_out"]["log_loss"]:
        return None
    if not row["siblings"]["cross_entropy"] < v1["siblings"]["cross_entropy"]:
        return None
    return best


def forecast_width(
    fitted: dict[int, tuple[Params, dict[str, Any]]], v1: dict[str, Any]
) -> int | None:
    """The width that forecasts the searched games best, if better than v1, or None."""
    if not fitted:
        return None
    best = min(fitted, key=lambda w: fitted[w][1]["search_games"]["log_loss"])
    if not fitted[best][1]["search_games"]["log_loss"] < v1["search_games"]["log_loss"]:
        return None  # not below: a NaN is never written
    return best


if __name__ == "__main__":
    sys.exit(main())
