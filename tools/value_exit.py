"""An evaluation that ranks a turn's actions as a deep search does (numpy; Expert Iteration).

    .venv/bin/python tools/value_exit.py build/exit/hard_s32.jsonl \
        --games build/selfplay/chances_train_s32.jsonl \
        --outcomes build/selfplay/chances_train_s32.jsonl \
        --test-outcomes build/selfplay/chances_test_s31.jsonl \
        --out ai/data/value_v3.json --report experiments/train/value_v3.json

At normal's budget the search's root ranks its actions by the evaluation of the position each
leaves (``ai.lookahead.one_ply``): the tree's priors go by that rank, so the evaluation decides
which few actions the small search tries at all. The learned evaluation v2 was fitted to game
results, which say how good a position is but little about which of two positions a turn
apart is better, and it played no better than v1 (experiments/learned_value.md).

This fits the same conditional logit (``ai.learned_value``, ``ai.value_features``) to two
things at once:

- the **siblings**: at the positions ``tools/search_targets.py sample`` recorded (own-turn
  decisions of self-play games, with ``ismcts:hard``'s root visit shares), the mover's win
  chance after each action, through a softmax with a fitted temperature, should give hard's
  visit shares (cross-entropy). Actions the search never weighs by their evaluation are left
  out of that softmax: dominated ones (``ai.dominance``, hard leaves them out) and trades
  (worth their best follow-up, not the position they leave); a finished game counts its
  result, as the runtime does;
- the **results**: at every turn start of self-play games, the seats' chances should forecast
  who won (log loss), so the values the tree backs up stay win chances.

The loss is the results' log loss plus ``--weights`` times the siblings' cross-entropy, plus
L2 toward v1, by full-batch Adam from v1: v1's evaluation is these features' conditional logit
exactly (``v1_weights``), so the fit is a correction of v1 where the data asks for one. The
sibling positions of games whose index is a multiple of 5 are held out
(``search_targets.HOLD_OUT``); the results are measured on ``--test-outcomes``. Both are
measured for v1, the models of ``--compare`` and the fit: the sibling cross-entropy under each
one's best temperature, how often hard's most visited action is the one with the best
evaluation, and the results' log loss.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # lab/ is not installed
from ai.dominance import undominated
from ai.evaluation import DEFAULT_WEIGHTS, TERMS, Evaluator, Weights
from ai.learned_value import load_model
from ai.search import ROOT_EVAL_PHASES
from ai.value_features import FEATURES, seat_features
from game import P_ACTION, P_OVER, GameRecord, GameState
from game.actions import Trade
from lab.command_line import check_outputs, not_from_zero

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import SAMPLE, VALUES, DataFileError, read_json_lines, reported
from search_targets import HOLD_OUT, game_records, sampled_positions
from train_value import (
    MAX_SEATS,
    features,
    held_out,
    numbered,
    read_games,
    refuse_twice,
    scores,
)

F = len(FEATURES)


def siblings(
    state: GameState, visits: list[float], values: list[float | None] | None = None
) -> dict[str, Any] | None:
    """The children the mover's root would evaluate, their features read as the mover's own
    view reads them (other hands unseen), hard's share of each and, where the sample has them,
    the search's win chance for the mover after each (NaN where it never tried it); None if
    fewer than two."""
    seat = state.current_player()
    public = state.observe(seat).public
    if public.phase not in ROOT_EVAL_PHASES or public.draw_queue:
        return None  # the root weighs these by the policy's scores, not the evaluation
    base = Evaluator(viewer=seat)
    legal = state.legal_actions()
    kept = set(map(id, undominated(public, legal)))
    x, mask, fixed, target, v1, kind, q = [], [], [], [], [], [], []
    found = values if values is not None else [None] * len(legal)
    for action, share, value in zip(legal, visits, found, strict=True):
        if id(action) not in kept:
            continue
        child = public.clone()
        child.apply_action(action)
        if isinstance(action, Trade) and child.phase == P_ACTION:
            continue
        row = np.zeros((MAX_SEATS, F), dtype=np.float32)
        m = np.zeros(MAX_SEATS, dtype=bool)
        m[: state.num_players] = True
        if child.phase == P_OVER:
            fixed.append(child.returns()[seat])
        else:
            row[: state.num_players] = seat_features(child, base)
            fixed.append(np.nan)
        v1.append(base.win_chances(child)[seat])  # what ismcts-v1's root ranks by
        x.append(row)
        mask.append(m)
        target.append(share)
        kind.append(type(action).__name__)
        q.append(np.nan if value is None else value)
    t = np.array(target)
    if len(x) < 2 or t.sum() <= 0:
        return None
    return {"x": np.stack(x), "mask": np.stack(mask), "fixed": np.array(fixed),
            "target": t / t.sum(), "v1": np.array(v1), "kind": np.array(kind),
            "q": np.array(q, dtype=float), "seat": seat}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Sampled:
    """The lines of sample files (``paths``) by game, and of the self-play file they sampled
    (``games``) by (seed, index), read and checked (``read_samples``) before any position is
    made of them."""

    paths: list[Path]
    games: Path
    by_game: dict[tuple[int, int], list[dict[str, Any]]]
    records: dict[tuple[int, int], dict[str, Any]]


def read_samples(paths: list[Path], games: Path) -> Sampled:
    """The samples of ``paths`` and the games they sampled, every line read and checked, or
    DataFileError: a wrong file is named before the minutes of making the positions."""
    refuse_twice(paths, "samples")  # each position's siblings were fitted twice, unsaid
    by_game: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for path in paths:
        for s in read_json_lines(path, "sampled game", SAMPLE, "skipped", {"values": VALUES}):
            if "visits" in s:
                by_game.setdefault((s["seed"], s["game"]), []).append(s)
    samples = ", ".join(map(str, paths))
    records = game_records(samples, games, list(by_game))
    if not by_game:  # known from the lines: before the others' positions and features
        raise DataFileError(f"{samples}: no sampled position with actions to rank")
    return Sampled(paths, games, by_game, records)


def load_siblings(
    paths: list[Path], games: Path, sampled: Sampled | None = None
) -> dict[str, np.ndarray]:
    """Every recorded position's children, flattened: ``pos`` says whose child each row is.
    ``sampled``: the files' lines, read already (``read_samples``)."""
    sampled = read_samples(paths, games) if sampled is None else sampled
    by_game, records = sampled.by_game, sampled.records
    samples = ", ".join(map(str, paths))
    where = f"{samples}, {games}"
    parts: list[dict[str, Any]] = []
    game_of: list[int] = []
    action_of: list[int] = []
    start = time.perf_counter()
    for count, (key, found) in enumerate(sorted(by_game.items()), 1):
        record = GameRecord.from_dict(records[key]["record"])
        found.sort(key=lambda s: int(s["action"]))
        for s, state in zip(found, sampled_positions(record, found, where), strict=True):
            part = siblings(state, s["visits"], s.get("values"))
            if part is not None:
                parts.append(part)
                game_of.append(key[1])
                action_of.append(int(s["action"]))
        if count % 50 == 0:
            print(f"\rsiblings: {count}/{len(by_game)} games, {time.perf_counter() - start:.0f} s",
                  end="", file=sys.stderr)  # fmt: skip
    print(file=sys.stderr)
    if not parts:  # numpy's "need at least one array to concatenate", a traceback, after
        raise DataFileError(f"{samples}: no sampled position with actions to rank")
    return {**flatten(parts), "game": np.array(game_of), "action": np.array(action_of)}


def flatten(parts: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Positions' siblings (``siblings``) as one table: ``pos`` says whose child each row is,
    ``starts`` where each position's rows begin."""
    sizes = np.array([len(p["target"]) for p in parts])
    keys = ("x", "mask", "fixed", "target", "v1", "kind", "q")
    out = {k: np.concatenate([p[k] for p in parts]) for k in keys}
    out["mover"] = np.repeat([p["seat"] for p in parts], sizes)
    out["pos"] = np.repeat(np.arange(len(parts)), sizes)
    out["starts"] = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    return out


def select(sib: dict[str, np.ndarray], keep_pos: np.ndarray) -> dict[str, np.ndarray]:
    """The positions ``keep_pos`` (a boolean per position) of ``sib``, renumbered."""
    rows = keep_pos[sib["pos"]]
    sizes = np.bincount(sib["pos"], minlength=len(keep_pos))[keep_pos]
    keys = ("x", "mask", "fixed", "target", "v1", "kind", "q", "mover")
    out = {k: sib[k][rows] for k in keys}
    out["pos"] = np.repeat(np.arange(len(sizes)), sizes)
    out["starts"] = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    out["game"] = sib["game"][keep_pos]
    out["action"] = sib["action"][keep_pos]
    return out


def v1_weights(w: Weights = DEFAULT_WEIGHTS) -> np.ndarray:
    """v1's evaluation in these features: its utility is ``beta(progress) x sum(k_t x term)``
    and ``beta`` is linear in the game's progress, so each term and its progress-scaled copy
    carry it exactly (checked by the tests against ``Evaluator.win_chances``)."""
    k = dict(zip(TERMS, (1.0, w.floors_quests, 1.0, 1.0, 1.0, w.level, -w.track, w.coin,
                              1.0), strict=True))  # fmt: skip
    out = np.zeros(F)
    for term, factor in k.items():
        out[FEATURES.index(term)] = w.beta_start * factor
        out[FEATURES.index(f"{term}_x_progress")] = (w.beta_end - w.beta_start) * factor
    return out


def _seat_softmax(u: np.ndarray, mask: np.ndarray) -> np.ndarray:
    u = np.where(mask, u, -np.inf)
    e = np.where(mask, np.exp(u - u.max(axis=1, keepdims=True)), 0.0)
    out: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return out


def mover_chances(w: np.ndarray, sib: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(the mover's win chance after each child, the seats' chances) under weights ``w``."""
    p = _seat_softmax(sib["x"] @ w, sib["mask"])
    mine = p[np.arange(len(p)), sib["mover"]]
    fixed = ~np.isnan(sib["fixed"])
    return np.where(fixed, np.nan_to_num(sib["fixed"]), mine), p


def _segment_log_softmax(z: np.ndarray, pos: np.ndarray, starts: np.ndarray) -> np.ndarray:
    top = np.maximum.reduceat(z, starts)[pos]
    e = np.exp(z - top)
    total = np.add.reduceat(e, starts)[pos]
    out: np.ndarray = z - top - np.log(total)
    return out


def sibling_loss(
    w: np.ndarray, log_temp: float, sib: dict[str, np.ndarray]
) -> tuple[float, np.ndarray, float]:
    """Mean cross-entropy of hard's shares under softmax(temp × mover's chance) per position,
    with its gradients in ``w`` and in ``log_temp``."""
    value, p = mover_chances(w, sib)
    loss, g_value, g_temp = ranking_loss(value, log_temp, sib)
    return loss, _through_chances(g_value, p, sib), g_temp


def values_loss(
    w: np.ndarray, log_scale: float, sib: dict[str, np.ndarray], spread: float
) -> tuple[float, np.ndarray, float]:
    """``spread_loss`` of the mover's chances under ``w``, with its gradients in ``w`` and in
    ``log_scale``."""
    value, p = mover_chances(w, sib)
    loss, g_value, g_scale = spread_loss(value, log_scale, sib, spread)
    return loss, _through_chances(g_value, p, sib), g_scale


def _through_chances(g_value: np.ndarray, p: np.ndarray, sib: dict[str, np.ndarray]) -> np.ndarray:
    """A loss's gradient in the weights from its gradient in each sibling's mover chance."""
    rows = np.arange(len(p))
    mine = p[rows, sib["mover"]]
    # d mine / d w = mine * (x[mover] - sum_s p_s x[s])
    expected = np.einsum("cs,csf->cf", p, sib["x"])
    d_mine = mine[:, None] * (sib["x"][rows, sib["mover"]] - expected)
    out: np.ndarray = (g_value[:, None] * d_mine).sum(axis=0)
    return out


def spread_loss(
    value: np.ndarray, log_scale: float, sib: dict[str, np.ndarray], spread: float
) -> tuple[float, np.ndarray, float]:
    """How far ``scale`` × ``value`` is from the search's own win chance after each action
    (``q``), both taken from their position's mean, so that only the differences between a
    turn's actions count (a one-ply evaluation and a search's backed-up mean differ in level).
    Weighed by the search's visits (a value from three visits is mostly dice), over
    ``spread``, the search's own weighted variance, so that an evaluation that tells no action
    apart scores 1. With its gradients in each value (none where the game is over) and in
    ``log_scale``."""
    c = np.where(np.isnan(sib["q"]), 0.0, sib["target"])
    scale = float(np.exp(log_scale))
    d = scale * value - np.nan_to_num(sib["q"])
    total = np.add.reduceat(c, sib["starts"])
    has = total > 0
    mean = np.add.reduceat(c * d, sib["starts"]) / np.where(has, total, 1.0)
    r = d - mean[sib["pos"]]
    count = max(int(has.sum()), 1) * spread
    loss = float((c * r * r).sum()) / count
    g_d = 2.0 * c * r / count  # the mean's own derivative sums to zero within a position
    g_value = np.where(np.isnan(sib["fixed"]), scale * g_d, 0.0)
    return loss, g_value, float((g_d * scale * value).sum())


def teacher_spread(sib: dict[str, np.ndarray]) -> float:
    """The search's weighted variance of its values within a position, averaged: what
    ``spread_loss`` divides by."""
    return spread_loss(np.zeros(len(sib["q"])), 0.0, sib, 1.0)[0]


def values_fit(value: np.ndarray, sib: dict[str, np.ndarray]) -> dict[str, float]:
    """How much of the search's spread of values within positions ``value`` explains (R², at
    the best scale, in closed form), and that scale."""
    c = np.where(np.isnan(sib["q"]), 0.0, sib["target"])
    total = np.maximum(np.add.reduceat(c, sib["starts"]), 1e-300)[sib["pos"]]
    v = value - np.add.reduceat(c * value, sib["starts"])[sib["pos"]] / total
    q = np.nan_to_num(sib["q"])
    q = q - np.add.reduceat(c * q, sib["starts"])[sib["pos"]] / total
    scale = float((c * v * q).sum() / max(float((c * v * v).sum()), 1e-300))
    residual = float((c * (scale * v - q) ** 2).sum())
    return {"values_r2": 1.0 - residual / max(float((c * q * q).sum()), 1e-300),
            "values_scale": scale}  # fmt: skip


def ranking_loss(
    value: np.ndarray, log_temp: float, sib: dict[str, np.ndarray]
) -> tuple[float, np.ndarray, float]:
    """Mean cross-entropy of hard's shares under softmax(temp × ``value``) per position, with
    its gradients in each sibling's value (none where the game is over) and in ``log_temp``."""
    temp = float(np.exp(log_temp))
    lq = _segment_log_softmax(temp * value, sib["pos"], sib["starts"])
    count = len(sib["starts"])
    loss = -float((sib["target"] * lq).sum()) / count
    g_z = (np.exp(lq) - sib["target"]) / count
    g_z = np.where(np.isnan(sib["fixed"]), g_z, 0.0)  # a finished game's value has no weights
    return loss, temp * g_z, float((g_z * temp * value).sum())


def outcome_loss(w: np.ndarray, data: dict[str, np.ndarray]) -> tuple[float, np.ndarray]:
    p = _seat_softmax(data["x"] @ w, data["mask"])
    y = data["y"]
    count = len(p)
    loss = -float(np.where(data["mask"], y * np.log(np.clip(p, 1e-12, 1.0)), 0.0).sum()) / count
    grad = np.einsum("ps,psf->f", p - y, data["x"]) / count
    return loss, grad


def best_temperature(value: np.ndarray, sib: dict[str, np.ndarray]) -> tuple[float, float]:
    """(cross-entropy, temperature) of ``value`` under the best temperature on a grid: each
    evaluation judged at its own best sharpness, so only the ranking and spacing count."""
    best = (np.inf, 0.0)
    for temp in np.exp(np.linspace(np.log(0.5), np.log(2000.0), 60)):
        lq = _segment_log_softmax(temp * value, sib["pos"], sib["starts"])
        best = min(best, (-float((sib["target"] * lq).sum()) / len(sib["starts"]), float(temp)))
    return best


def top_agrees(value: np.ndarray, sib: dict[str, np.ndarray]) -> float:
    """How often hard's most visited action is the one the evaluation puts first."""
    hits = 0
    for a, b in zip(sib["starts"], [*sib["starts"][1:], len(value)], strict=True):
        hits += int(np.argmax(value[a:b]) == np.argmax(sib["target"][a:b]))
    return hits / max(len(sib["starts"]), 1)


def measure_siblings(value: np.ndarray, sib: dict[str, np.ndarray]) -> dict[str, float]:
    ce, temp = best_temperature(value, sib)
    out = {"cross_entropy": ce, "temperature": temp, "top_agrees": top_agrees(value, sib),
           "positions": len(sib["starts"])}  # fmt: skip
    if not np.isnan(sib["q"]).all():
        out |= values_fit(value, sib)
    return out


class Adam:
    """Full-batch Adam over one parameter vector, with a progress line and an ETA."""

    def __init__(self, theta: np.ndarray, lr: float, steps: int, label: str) -> None:
        self.m = np.zeros_like(theta)
        self.v = np.zeros_like(theta)
        self.lr, self.steps, self.label = lr, steps, label
        self.clock = time.perf_counter()

    def step(
        self, t: int, theta: np.ndarray, grad: np.ndarray, losses: tuple[float, float]
    ) -> None:
        """Step ``t`` (from 1) of ``theta`` in place; ``losses``: (results, siblings)."""
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad**2
        theta -= self.lr * (self.m / (1 - 0.9**t)) / (np.sqrt(self.v / (1 - 0.999**t)) + 1e-8)
        if t % 25 == 0 or t == self.steps:
            eta = (time.perf_counter() - self.clock) / t * (self.steps - t)
            print(f"\r{self.label}: step {t}/{self.steps}, results {losses[0]:.4f}, siblings "
                  f"{losses[1]:.4f}, ETA {eta:.0f} s", end="", file=sys.stderr)  # fmt: skip
        if t == self.steps:
            print(file=sys.stderr)


def fit(
    w0: np.ndarray,
    sib: dict[str, np.ndarray],
    out: dict[str, np.ndarray],
    weight: float,
    l2: float,
    steps: int,
    lr: float = 0.01,
    values_weight: float = 0.0,
) -> tuple[np.ndarray, float]:
    """(weights, temperature) minimising the results' log loss + ``weight`` x the siblings'
    cross-entropy + ``values_weight`` x their ``spread_loss`` + L2 toward ``w0``, by full-batch
    Adam from ``w0`` (features scaled)."""
    theta = np.concatenate([w0, [np.log(50.0), 0.0]])
    spread = teacher_spread(sib) if values_weight > 0 else 1.0
    adam = Adam(theta, lr, steps, f"weight {weight}")
    for t in range(1, steps + 1):
        w = theta[:-2]
        lo, go = outcome_loss(w, out)
        ls, gs, gt = sibling_loss(w, float(theta[-2]), sib)
        grad = go + weight * gs + 2 * l2 * (w - w0)
        g_scale = 0.0
        if values_weight > 0:
            _, gv, g_scale = values_loss(w, float(theta[-1]), sib, spread)
            grad = grad + values_weight * gv
        grad = np.concatenate([grad, [weight * gt, values_weight * g_scale]])
        adam.step(t, theta, grad, (lo, ls))
    return theta[:-2], float(np.exp(theta[-2]))


def scaled(data: dict[str, np.ndarray], scale: np.ndarray) -> dict[str, np.ndarray]:
    return {**data, "x": (data["x"] / scale).astype(np.float64)}


def add_data_arguments(parser: argparse.ArgumentParser) -> None:
    """The samples and games every fit of hard's visits and the results reads."""
    parser.add_argument("data", type=Path, nargs="+", help="samples of search_targets.py sample")
    parser.add_argument("--games", type=Path, required=True, help="the self-play file sampled")
    parser.add_argument("--outcomes", type=Path, required=True, help="self-play games to fit")
    parser.add_argument("--test-outcomes", type=Path, required=True, help="games to measure")


def data_files(args: argparse.Namespace) -> list[Path]:
    """The files of ``add_data_arguments``: an output among them replaced them at the end."""
    return [*args.data, args.games, args.outcomes, args.test_outcomes]


Data = dict[str, np.ndarray]


def training_data(args: argparse.Namespace) -> tuple[Data, Data, Data, Data, np.ndarray]:
    """(siblings to fit, siblings held out, results to fit, results to measure, each feature's
    scale): the positions of games whose index is a multiple of ``HOLD_OUT`` are held out.
    Every file is read and checked before any position is made or feature extracted: a wrong
    --test-outcomes was found after the samples' positions and the outcomes' features."""
    sampled = read_samples(args.data, args.games)
    outcomes, tests = read_games(args.outcomes), read_games(args.test_outcomes)
    if held_out(numbered([outcomes])).all():  # every feature's scale was NaN, and the fit
        raise DataFileError(f"{args.outcomes}: every game is one held out; none is left to fit")
    sib = load_siblings(args.data, args.games, sampled)
    held = sib["game"] % HOLD_OUT == 0
    fitted, measured = (len(set(sib["game"][part].tolist())) for part in (~held, held))
    if not (fitted and measured):  # an empty part ended the fit in numpy's IndexError
        raise DataFileError(
            f"{', '.join(map(str, args.data))} hold positions to rank of {fitted} games to fit "
            f"and {measured} to measure the fit on (those whose index is a multiple of "
            f"{HOLD_OUT}); the fit needs both"
        )
    out_train = features(args.outcomes, outcomes)
    out_train = {k: v[~held_out(out_train["game"])] for k, v in out_train.items()}
    scale = np.sqrt((out_train["x"][out_train["mask"]] ** 2).mean(axis=0)) + 1e-9
    out_test = features(args.test_outcomes, tests)
    return select(sib, ~held), select(sib, held), out_train, out_test, scale


@reported
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    add_data_arguments(parser)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--report", type=Path, required=True)
    parser.add_argument(
        "--weights",
        type=float,
        nargs="+",
        default=[0.3, 1.0, 3.0],
        help="siblings' weights to try (the rule in the module docstring)",
    )
    parser.add_argument(
        "--compare",
        nargs="*",
        default=[],
        help="other models (ai/data/<name>.json) measured on the same positions, besides v1",
    )
    parser.add_argument(
        "--values-weight",
        type=float,
        default=0.0,
        help='weight of the search\'s values after each action (samples with "values"): '
        "spread_loss; 0 leaves them out",
    )
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument(
        "--lr",
        type=float,
        default=0.01,
        help="Adam's step (the ranking weighed 10 or more "
        "diverges at 0.01: experiments/exit.md, round 4)",
    )
    args = parser.parse_args(argv)
    check_outputs(parser, args.out, args.report, reads=data_files(args))  # before the fit
    if args.steps < 1 or any(not w > 0 for w in args.weights) or not 0 < args.lr < 1:
        parser.error("--steps must be at least 1, every --weights above 0, --lr in (0, 1)")
    # nan fitted a nan model; an L2 below 0 pushed away from v1
    wrong = not_from_zero("--values-weight", args.values_weight) or not_from_zero("--l2", args.l2)
    if wrong:
        parser.error(wrong)
    # Before the data: an unknown model was found only once the samples' positions were made.
    others = {name: np.array(load_model(name)) for name in args.compare}
    sib_train, sib_test, out_train, out_test, scale = training_data(args)
    s_train, o_train = scaled(sib_train, scale), scaled(out_train, scale)

    def results(w_raw: np.ndarray | None) -> dict[str, float]:
        if w_raw is None:
            return scores(out_test["v1"], out_test["y"], out_test["mask"])
        return scores(_seat_softmax(out_test["x"] @ w_raw, out_test["mask"]), out_test["y"],
                      out_test["mask"])  # fmt: skip

    report: dict[str, Any] = {
        "command": " ".join(["tools/value_exit.py", *map(str, argv or sys.argv[1:])]),
        "sibling_positions": {"train": len(sib_train["starts"]), "test": len(sib_test["starts"])},
        "outcome_positions": {"train": len(out_train["x"]), "test": len(out_test["x"])},
        "l2": args.l2, "steps": args.steps, "lr": args.lr,
        "v1": {"siblings": measure_siblings(sib_test["v1"], sib_test), "results": results(None)},
        "fits": [],
    }  # fmt: skip
    for name, w_other in others.items():
        report[name.removeprefix("value_")] = {
            "siblings": measure_siblings(mover_chances(w_other, sib_test)[0], sib_test),
            "results": results(w_other),
        }
    v1_results = report["v1"]["results"]["log_loss"]
    chosen: tuple[float, np.ndarray, float] | None = None
    for weight in args.weights:
        ws, temp = fit(v1_weights() * scale, s_train, o_train, weight, args.l2, args.steps, args.lr,
                       args.values_weight)  # fmt: skip
        w_raw = ws / scale
        row = {"weight": weight, "values_weight": args.values_weight, "fitted_temperature": temp,
               "siblings_train": measure_siblings(mover_chances(ws, s_train)[0], s_train),
               "siblings": measure_siblings(mover_chances(w_raw, sib_test)[0], sib_test),
               "results": results(w_raw)}  # fmt: skip
        report["fits"].append(row)
        print(json.dumps(row), file=sys.stderr)
        ce = row["siblings"]["cross_entropy"]
        if row["results"]["log_loss"] <= v1_results and (chosen is None or ce < chosen[0]):
            chosen = (ce, w_raw, weight)
    if chosen is None:
        print("no fit forecasts results as well as v1: no model written", file=sys.stderr)
        report["chosen"] = None
    else:
        report["chosen"] = chosen[2]
        model = {"format": "strategos-value", "version": 1, "kind": "conditional-logit",
                 "reading": "world", "features": list(FEATURES),
                 "weights": [float(v) for v in chosen[1]],
                 "trained": {"command": report["command"], "siblings_weight": chosen[2],
                             "sibling_positions": report["sibling_positions"],
                             "outcome_positions": report["outcome_positions"]}}  # fmt: skip
        args.out.parent.mkdir(parents=True, exist_ok=True)  # as check_outputs allowed
        args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in report.items() if k not in ("command",)}, indent=1))
    return 0 if chosen is not None else 1


if __name__ == "__main__":
    sys.exit(main())
