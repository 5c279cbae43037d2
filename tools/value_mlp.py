"""The value half of Expert Iteration with a hidden layer (numpy): more than one weight a feature.

    .venv/bin/python tools/value_mlp.py build/exit/hard_s32.jsonl \\
        --games build/selfplay/chances_train_s32.jsonl \\
        --outcomes build/selfplay/chances_train_s32.jsonl \\
        --test-outcomes build/selfplay/chances_test_s31.jsonl \\
        --start value_v3 --hidden 8 16 --out ai/data/value_v5.json \\
        --report experiments/train/value_v5.json

``tools/value_exit.py`` fits a conditional logit, one weight per feature, to hard's ranking of
a turn's actions and to game results; every such fit stops at about the same cross-entropy on
its own training positions, far above what the search's shares allow
(experiments/exit.md, round 4). Here a seat's utility is the linear model plus tanh units over
the same features, to see whether the form of the model is what limits it,

    u = x . w + sum_h out_h * tanh(x . V_h + b_h),

started at the linear model ``--start`` (``out`` = 0, so the fit begins exactly where v3 is)
and fitted to the same two targets by full-batch Adam: L2 pulls ``w`` toward the start and
the hidden weights toward zero. One fit per ``--hidden`` width; the one written is chosen by
the rule of ``value_exit.py`` (lowest held-out sibling cross-entropy among the fits whose
held-out results' log loss is no worse than v1's). ``ai.learned_value`` evaluates the written
model in pure Python (tests/ai/test_value_mlp.py: equal to this code to 1e-9).

Round 5 (experiments/exit.md): it is not. Eight or sixteen units fit the training positions
hardly better and rank held-out ones far worse than v3, so no such model ships.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from ai.command_line import check_outputs, not_from_zero
from ai.learned_value import load_hidden, load_model

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import reported
from train_value import scores
from value_exit import (
    Adam,
    F,
    _seat_softmax,
    add_data_arguments,
    data_files,
    measure_siblings,
    ranking_loss,
    scaled,
    training_data,
)

Params = dict[str, np.ndarray]


def utilities(p: Params, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(utilities of rows ``x`` [..., F], the hidden units' activations [..., H])."""
    h = np.tanh(x @ p["V"].T + p["b"])
    return x @ p["w"] + h @ p["a"], h


def backprop(p: Params, x: np.ndarray, h: np.ndarray, g: np.ndarray) -> Params:
    """Gradients of the parameters given ``g`` = d loss / d utility of every row."""
    dh = g[..., None] * p["a"] * (1.0 - h**2)
    flat_x = x.reshape(-1, x.shape[-1])
    rows = len(flat_x)  # explicit: with no hidden units a -1 could not be resolved
    flat_dh = dh.reshape(rows, dh.shape[-1])
    return {
        "w": g.reshape(-1) @ flat_x,
        "a": g.reshape(-1) @ h.reshape(rows, h.shape[-1]),
        "V": flat_dh.T @ flat_x,
        "b": flat_dh.sum(axis=0),
    }


def chances(p: Params, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    u, h = utilities(p, x)
    return _seat_softmax(u, mask), h


def outcome_loss(p: Params, data: dict[str, np.ndarray]) -> tuple[float, Params]:
    q, h = chances(p, data["x"], data["mask"])
    y, mask = data["y"], data["mask"]
    count = len(q)
    loss = -float(np.where(mask, y * np.log(np.clip(q, 1e-12, 1.0)), 0.0).sum()) / count
    return loss, backprop(p, data["x"], h, np.where(mask, q - y, 0.0) / count)


def sibling_value(p: Params, sib: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray, Any]:
    """(the mover's chance after each child, finished games' results in place, the seats'
    chances, the hidden activations)."""
    q, h = chances(p, sib["x"], sib["mask"])
    mine = q[np.arange(len(q)), sib["mover"]]
    fixed = ~np.isnan(sib["fixed"])
    return np.where(fixed, np.nan_to_num(sib["fixed"]), mine), q, h


def sibling_loss(
    p: Params, log_temp: float, sib: dict[str, np.ndarray]
) -> tuple[float, Params, float]:
    """Mean cross-entropy of hard's shares under softmax(temp x mover's chance), with the
    gradients of the parameters and of ``log_temp`` (as ``value_exit.sibling_loss``)."""
    value, q, h = sibling_value(p, sib)
    loss, g_value, g_temp = ranking_loss(value, log_temp, sib)
    rows = np.arange(len(q))
    mine = q[rows, sib["mover"]]
    own = np.zeros_like(q)
    own[rows, sib["mover"]] = 1.0
    # d mine / d u_s = mine * (1 if s is the mover else 0 - q_s)
    g_u = (g_value * mine)[:, None] * (own - q) * sib["mask"]
    return loss, backprop(p, sib["x"], h, g_u), g_temp


def fit(
    start: Params,
    sib: dict[str, np.ndarray],
    out: dict[str, np.ndarray],
    weight: float,
    l2: float,
    l2_hidden: float,
    steps: int,
    lr: float,
) -> tuple[Params, float]:
    """(parameters, temperature) minimising the results' log loss + ``weight`` x the siblings'
    cross-entropy + L2 (``w`` toward the start, the hidden weights toward 0), by Adam."""
    keys = ("w", "V", "b", "a")
    shapes = [start[k].shape for k in keys]
    sizes = [start[k].size for k in keys]

    def unpack(theta: np.ndarray) -> Params:
        parts = np.split(theta[:-1], np.cumsum(sizes)[:-1])
        return {k: part.reshape(shape) for k, part, shape in zip(keys, parts, shapes, strict=True)}

    theta = np.concatenate([*(start[k].ravel() for k in keys), [np.log(50.0)]])
    adam = Adam(theta, lr, steps, f"hidden {len(start['a'])}")
    for t in range(1, steps + 1):
        p = unpack(theta)
        lo, go = outcome_loss(p, out)
        ls, gs, gt = sibling_loss(p, float(theta[-1]), sib)
        pull = {k: l2 * (p[k] - start[k]) if k == "w" else l2_hidden * p[k] for k in keys}
        grad = [(go[k] + weight * gs[k] + 2 * pull[k]).ravel() for k in keys]
        adam.step(t, theta, np.concatenate([*grad, [weight * gt]]), (lo, ls))
    return unpack(theta), float(np.exp(theta[-1]))


def start_params(linear: np.ndarray, width: int, seed: int) -> Params:
    """The linear model with ``width`` hidden units that add nothing yet (``a`` = 0)."""
    rng = np.random.default_rng(seed)
    return {
        "w": linear.copy(),
        "V": rng.normal(0.0, 1.0 / np.sqrt(F), (width, F)),
        "b": np.zeros(width),
        "a": np.zeros(width),
    }


def unscaled(p: Params, scale: np.ndarray) -> Params:
    """The parameters for raw features (the fit sees each feature divided by ``scale``)."""
    return {"w": p["w"] / scale, "V": p["V"] / scale, "b": p["b"], "a": p["a"]}


def model_file(p: Params, trained: dict[str, Any]) -> dict[str, Any]:
    from ai.value_features import FEATURES

    return {
        "format": "strategos-value", "version": 1, "kind": "conditional-logit-tanh",
        "reading": "world", "features": list(FEATURES),
        "weights": [float(v) for v in p["w"]],
        "hidden": [{"weights": [float(v) for v in row], "bias": float(b), "out": float(a)}
                   for row, b, a in zip(p["V"], p["b"], p["a"], strict=True)],
        "trained": trained,
    }  # fmt: skip


def named_params(name: str) -> Params:
    """A shipped model (``ai/data/<name>.json``) as parameters for raw features."""
    hidden = load_hidden(name)
    return {
        "w": np.array(load_model(name)),
        "V": np.array([u[0] for u in hidden]).reshape(len(hidden), F),
        "b": np.array([u[1] for u in hidden]),
        "a": np.array([u[2] for u in hidden]),
    }


@reported
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    add_data_arguments(parser)
    parser.add_argument("--start", default="value_v3", help="the linear model to start from")
    parser.add_argument("--hidden", type=int, nargs="+", default=[8, 16], help="widths to try")
    parser.add_argument("--weight", type=float, default=3.0, help="the siblings' weight")
    parser.add_argument("--l2", type=float, default=1e-4, help="on w, toward the start")
    parser.add_argument("--l2-hidden", type=float, default=1e-3, help="on V and out")
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compare", nargs="*", default=["value_v3"])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--report", type=Path, required=True)
    args = parser.parse_args(argv)
    check_outputs(parser, args.out, args.report, reads=data_files(args))  # before the fit
    if args.steps < 1 or min(args.hidden) < 1 or not 0 < args.lr < 1:
        parser.error("--steps and every --hidden at least 1, --lr in (0, 1)")
    wrong = (
        not_from_zero("--weight", args.weight, above=True)
        or not_from_zero("--l2", args.l2)
        or not_from_zero("--l2-hidden", args.l2_hidden)
    )
    if wrong:  # nan or inf fitted a nan model; a negative L2 pushed away from the start
        parser.error(wrong)
    again = next((w for i, w in enumerate(args.hidden) if w in args.hidden[:i]), None)
    if again is not None:  # fitted twice, the second fit's row beside the first's
        parser.error(f"--hidden {again} is given twice")
    # Before the data: an unknown model was found only once the samples' positions were made.
    compared = {name: named_params(name) for name in args.compare}
    linear = np.array(load_model(args.start))
    sib_train, sib_test, out_train, out_test, scale = training_data(args)
    s_train, o_train = scaled(sib_train, scale), scaled(out_train, scale)

    def measured(p: Params | None) -> dict[str, Any]:
        if p is None:  # v1, as recorded beside the samples
            return {"siblings": measure_siblings(sib_test["v1"], sib_test),
                    "results": scores(out_test["v1"], out_test["y"], out_test["mask"])}  # fmt: skip
        return {
            "siblings": measure_siblings(sibling_value(p, sib_test)[0], sib_test),
            "results": scores(chances(p, out_test["x"], out_test["mask"])[0], out_test["y"],
                              out_test["mask"]),
        }  # fmt: skip

    report: dict[str, Any] = {
        "command": " ".join(["tools/value_mlp.py", *map(str, argv or sys.argv[1:])]),
        "sibling_positions": {"train": len(sib_train["starts"]), "test": len(sib_test["starts"])},
        "outcome_positions": {"train": len(out_train["x"]), "test": len(out_test["x"])},
        "weight": args.weight, "l2": args.l2, "l2_hidden": args.l2_hidden,
        "steps": args.steps, "lr": args.lr, "seed": args.seed,
        "v1": measured(None), "fits": [],
    }  # fmt: skip
    for name, params in compared.items():
        report[name.removeprefix("value_")] = measured(params)
    v1_loss = report["v1"]["results"]["log_loss"]
    chosen: tuple[float, Params, int] | None = None
    linear = linear * scale
    for width in args.hidden:
        p, temp = fit(start_params(linear, width, args.seed), s_train, o_train, args.weight,
                      args.l2, args.l2_hidden, args.steps, args.lr)  # fmt: skip
        raw = unscaled(p, scale)
        row = {"hidden": width, "fitted_temperature": temp,
               "siblings_train": measure_siblings(sibling_value(p, s_train)[0], s_train),
               **measured(raw)}  # fmt: skip
        report["fits"].append(row)
        print(json.dumps(row), file=sys.stderr)
        ce = row["siblings"]["cross_entropy"]
        if row["results"]["log_loss"] <= v1_loss and (chosen is None or ce < chosen[0]):
            chosen = (ce, raw, width)
    report["chosen"] = None if chosen is None else chosen[2]
    if chosen is None:
        print("no fit forecasts results as well as v1: no model written", file=sys.stderr)
    else:
        trained = {"command": report["command"], "hidden": chosen[2],
                   "sibling_positions": report["sibling_positions"],
                   "outcome_positions": report["outcome_positions"]}  # fmt: skip
        args.out.parent.mkdir(parents=True, exist_ok=True)  # as check_outputs allowed
        args.out.write_text(json.dumps(model_file(chosen[1], trained)) + "\n", encoding="utf-8")
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in report.items() if k != "command"}, indent=1))
    return 0 if chosen is not None else 1


if __name__ == "__main__":
    sys.exit(main())
