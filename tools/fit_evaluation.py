"""Fit the evaluation's weights to the outcomes of self-play games (offline tool).

The evaluation (``ai.evaluation``) turns each seat's parts (``TERMS``: points, floors, imminent
destroys, reachable towers, islands, levels, time track, coins, cards) into a value, and
the values into win chances by a softmax whose sharpness grows over the game. That is a
conditional-logit model of who wins, so its constants can be fitted by maximum likelihood on
positions whose winner is known:

    P(seat s wins | position i) = softmax_s((b0 + b1 * progress_i) * sum_k scale_k * term_isk)

with the scale of points fixed at 1 (it sets the unit). ``play`` records, at the start of every
turn of seeded arena games, each seat's parts and the game's returns; ``fit`` finds the scales and
b0, b1 by Fisher scoring, reports the log-likelihood per position of the current weights and of
the fitted ones on games it did not fit (every fifth game), and prints the fitted ``Weights``.

    python tools/fit_evaluation.py play --agents ismcts:normal,ismcts:normal --games 200 \\
        --seed 1 --out positions.jsonl
    python tools/fit_evaluation.py fit positions.jsonl [more.jsonl ...]

``play`` appends one line per game and skips the games the file already holds, so it can be
stopped and run again. Pure Python: a few thousand positions and eleven constants need no numpy.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from anywhere
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools

from json_files import NUMBERS, POSITIONS, WHOLE, DataFileError, read_json_lines, reported

from ai.evaluation import DEFAULT_WEIGHTS, TERMS, Evaluator, Weights
from ai.registry import agent_from_spec
from game import GameState
from game.state import NUM_ROUNDS, P_ROLL
from lab.arena import check_seed, cut_short, parse_rules, play_game
from lab.command_line import refuse, stopping, unwritable

# (progress through the game 0..1, per seat the evaluation's parts, the seat about to play),
# and the game's returns.
Position = tuple[float, list[list[float]], int]
Sample = tuple[float, list[list[float]], list[float]]


class GameRow(TypedDict):
    """One line of the ``play`` output."""

    game: int
    agents: list[str]
    seed: int
    seats: list[int]
    returns: list[float]
    positions: list[Position]


def record_game(
    specs: Sequence[str], index: int, seed: int, rules_text: str, players: int
) -> GameRow:
    evaluator = Evaluator(DEFAULT_WEIGHTS)
    positions: list[Position] = []

    def observe(state: GameState) -> None:
        # The evaluation judges the ends of playouts, which stop at the start of a turn: the
        # roll, once (not again while a quest card is drawn or chosen before it, R9.3).
        if state.phase == P_ROLL and not state.draw_queue and state.draw_deck < 0:
            progress = min(1.0, state.round / (NUM_ROUNDS - 1))
            terms = [list(t) for t in evaluator.seat_terms(state)]
            positions.append((progress, terms, state.active))

    result = play_game(specs, index, seed, parse_rules(rules_text), players, observer=observe)
    return {
        "game": index,
        "agents": list(specs),
        "seed": seed,
        "seats": result.seats,
        "returns": result.returns,
        "positions": positions,
    }


def play(args: argparse.Namespace) -> None:
    specs = args.agents.split(",")
    players = args.players or len(specs)
    if args.games < 1 or not 2 <= players <= 6:
        refuse("fit_evaluation.py", "--games at least 1; --players 2 to 6 (R1.1)")
    try:
        check_seed(args.seed, "--seed")
        parse_rules(args.rules)
        for spec in specs:
            agent_from_spec(spec)
    except ValueError as err:
        refuse("fit_evaluation.py", str(err))
    out = Path(args.out)
    why = unwritable(out)  # appended to after each game: not after the first is played
    if why:
        refuse("fit_evaluation.py", why)
    done: set[int] = set()
    if out.exists():
        kept: list[str] = []
        try:
            lines = out.read_text(encoding="utf-8").splitlines()
        except UnicodeDecodeError:
            why = f"{out} is not a file of recorded positions (it is not text)"
            raise DataFileError(why) from None
        except OSError as err:  # a folder, say
            why = f"{out} cannot be read: {err.strerror or err}; use another --out"
            raise DataFileError(why) from None
        for number, line in enumerate(lines, 1):
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                # Only a last line of ours cut short by a kill (that game is played again);
                # any other line belongs to another file, which is not ours to rewrite.
                if number == len(lines) and cut_short(line, "game"):
                    continue
                row = None
            game = row.get("game") if isinstance(row, dict) else None
            if not isinstance(game, int) or isinstance(game, bool):  # an arena log's is a dict
                raise DataFileError(
                    f"{out}:{number}: not a game of recorded positions; use another --out"
                )
            if row.get("agents") != specs or row.get("seed") != args.seed:
                other = f"{row.get('agents')}, seed {row.get('seed')}"
                raise DataFileError(f"{out} holds games of another run: {other}")
            done.add(game)
            kept.append(line)
        # Without the cut line, so that the games appended next start on lines of their own.
        out.write_text("".join(line + "\n" for line in kept), encoding="utf-8")
    todo = [i for i in range(args.games) if i not in done]

    def saved() -> str:
        return f"{len(done)} games kept in {out}; the same command resumes"

    with stopping("fit_evaluation.py", saved):
        for n, index in enumerate(todo, 1):
            row = record_game(specs, index, args.seed, args.rules, players)
            with out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
            done.add(index)
            print(f"game {index}: {len(row['positions'])} positions ({n}/{len(todo)})",
                  flush=True)  # fmt: skip


def recorded_game(row: dict[str, Any]) -> str:
    """Why the fields of a game of recorded positions disagree, in words; "" when they agree:
    every position has the parts of one seat for each of the game's returns, and each seat
    every part of TERMS (a fit of ones that disagree ended in zip's ValueError)."""
    seats = len(row["returns"])
    for n, (_, terms, *_) in enumerate(row["positions"], 1):
        if len(terms) != seats:
            return f"its position {n} has {len(terms)} seats and its 'returns' {seats}"
        if any(len(parts) != len(TERMS) for parts in terms):
            return f"its position {n} has a seat without the {len(TERMS)} parts of the evaluation"
    return ""


def load(paths: Iterable[str]) -> tuple[list[Sample], list[Sample]]:
    """Positions of games someone won, split into fitting and held-out games (every fifth)."""
    fit: list[Sample] = []
    held: list[Sample] = []
    for path in paths:
        keys = {"game": WHOLE, "returns": NUMBERS, "positions": POSITIONS}
        rows = read_json_lines(Path(path), "game of recorded positions", keys, check=recorded_game)
        for row in rows:
            returns = row["returns"]
            if sum(returns) <= 0:
                continue  # R10.2: nobody won, nothing to learn about who wins
            target = held if row["game"] % 5 == 4 else fit
            for progress, terms, *_ in row["positions"]:
                target.append((progress, terms, returns))
    return fit, held


def initial(weights: Weights) -> list[float]:
    """b0, b1 and the scales of TERMS as the evaluation uses them (``seat_values``)."""
    w = weights
    scales = [1.0, w.floors_quests, 1.0, 1.0, 1.0, w.level, -w.track, w.coin, 1.0]
    return [w.beta_start, w.beta_end - w.beta_start, *scales]


def _logits(theta: list[float], progress: float, terms: list[list[float]]) -> list[float]:
    beta = theta[0] + theta[1] * progress
    scales = theta[2:]
    return [beta * sum(k * x for k, x in zip(scales, t, strict=True)) for t in terms]


def log_likelihood(theta: list[float], samples: list[Sample]) -> float:
    """Mean log-probability of the winners (shared wins weighted by their share)."""
    total = 0.0
    for progress, terms, returns in samples:
        z = _logits(theta, progress, terms)
        top = max(z)
        log_norm = top + math.log(sum(math.exp(v - top) for v in z))
        total += sum(y * (v - log_norm) for y, v in zip(returns, z, strict=True) if y > 0)
    return total / max(1, len(samples))


def fit_theta(
    theta: list[float],
    samples: list[Sample],
    ridge: float = 1.0,
    steps: int = 30,
    fixed: Sequence[str] = (),
) -> list[float]:
    """Fisher scoring on (b0, b1, scales), the scale of points held at 1, with a ridge pull
    towards the starting values so that parts seldom seen in the data keep their weights.

    ``fixed`` names parts (of ``TERMS``) whose scales stay as they are: outcomes cannot tell a
    part that helps a seat win from one that merely comes with losing (a seat far behind still
    has every enemy tower standing within reach), and such a part may be worth keeping for the
    plans it leads the search to."""
    start = theta[:]
    held = {2} | {2 + TERMS.index(name) for name in fixed}  # index 2: points, the unit
    free = [i for i in range(len(theta)) if i not in held]
    size = len(free)
    best = log_likelihood(theta, samples)
    damping = 1e-3
    for _ in range(steps):
        grad = [0.0] * size
        fisher = [[0.0] * size for _ in range(size)]
        for progress, terms, returns in samples:
            beta = theta[0] + theta[1] * progress
            scales = theta[2:]
            values = [sum(k * x for k, x in zip(scales, t, strict=True)) for t in terms]
            z = [beta * v for v in values]
            top = max(z)
            exps = [math.exp(v - top) for v in z]
            norm = sum(exps)
            q = [e / norm for e in exps]
            # Jacobian of each seat's logit with respect to the free parameters.
            jac = []
            for v, t in zip(values, terms, strict=True):
                row = [v, progress * v] + [beta * x for x in t]
                jac.append([row[i] for i in free])
            mean = [sum(q[s] * jac[s][a] for s in range(len(q))) for a in range(size)]
            weight = sum(returns)
            for s, y in enumerate(returns):
                for a in range(size):
                    grad[a] += (y - weight * q[s]) * jac[s][a]
            for s in range(len(q)):
                centred = [jac[s][a] - mean[a] for a in range(size)]
                for a in range(size):
                    ca = weight * q[s] * centred[a]
                    row_f = fisher[a]
                    for b in range(a, size):
                        row_f[b] += ca * centred[b]
        for a in range(size):
            for b in range(a):
                fisher[a][b] = fisher[b][a]
            grad[a] -= ridge * (theta[free[a]] - start[free[a]])
            fisher[a][a] += ridge
        while True:
            system = [row[:] for row in fisher]
            for a in range(size):
                system[a][a] *= 1 + damping
            step = _solve(system, grad)
            trial = theta[:]
            for a, i in enumerate(free):
                trial[i] += step[a]
            value = log_likelihood(trial, samples)
            if value >= best - 1e-12 or damping > 1e6:
                break
            damping *= 10
        if value < best - 1e-12:
            break
        improvement = value - best
        theta, best = trial, value
        damping = max(1e-6, damping / 10)
        if improvement < 1e-7:
            break
    return theta


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(rhs)
    a = [[*row, rhs[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= factor * a[col][c]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        out[r] = (a[r][n] - sum(a[r][c] * out[c] for c in range(r + 1, n))) / a[r][r]
    return out


def to_weights(theta: list[float], base: Weights = DEFAULT_WEIGHTS) -> Weights:
    """The fitted constants as evaluation weights. Parts without a weight of their own scale
    the weights inside them: imminent destroys ``imminent``, reachable towers ``reach`` (and
    ``island_reach`` back, since an island's value by turns is ``island_reach * reach``),
    islands ``island_on`` and ``island_reach``, cards ``raze_held`` and ``level4_card``."""
    b0, b1, _, floors, imminent, reach, islands, level, track, coin, cards = theta
    return replace(
        base,
        beta_start=round(b0, 4),
        beta_end=round(b0 + b1, 4),
        floors_quests=round(floors, 4),
        imminent=round(base.imminent * imminent, 4),
        reach=tuple(round(r * reach, 4) for r in base.reach),
        island_on=(round(base.island_on[0] * islands, 4), round(base.island_on[1] * islands, 4)),
        island_reach=round(base.island_reach * islands / reach, 4) if reach else base.island_reach,
        level=round(level, 4),
        track=round(-track, 4),
        coin=round(coin, 4),
        raze_held=round(base.raze_held * cards, 4),
        level4_card=round(base.level4_card * cards, 4),
    )


def fit(args: argparse.Namespace) -> None:
    # The ridge divides the pull towards the start: 0 divided by zero, nan and below 0 fit noise.
    if not (math.isfinite(args.ridge) and args.ridge > 0):
        refuse("fit_evaluation.py", f"--ridge must be a number above 0, not {args.ridge}")
    fit_set, held = load(args.files)
    if not fit_set:
        raise DataFileError("no positions of won games in " + ", ".join(args.files))
    start = initial(DEFAULT_WEIGHTS)
    fixed = [t for t in args.fix.split(",") if t]
    unknown = set(fixed) - set(TERMS)
    if unknown:
        refuse(
            "fit_evaluation.py",
            f"--fix: unknown part(s) {', '.join(sorted(unknown))}; the parts are "
            f"{', '.join(TERMS)}",
        )
    theta = fit_theta(start, fit_set, ridge=args.ridge, fixed=fixed)
    names = ["b0", "b1", *TERMS]
    report = {
        "positions": {"fit": len(fit_set), "held_out": len(held)},
        "log_likelihood_per_position": {
            "current_fit": round(log_likelihood(start, fit_set), 5),
            "fitted_fit": round(log_likelihood(theta, fit_set), 5),
            "current_held_out": round(log_likelihood(start, held), 5),
            "fitted_held_out": round(log_likelihood(theta, held), 5),
        },
        "current": dict(zip(names, (round(x, 4) for x in start), strict=True)),
        "fitted": dict(zip(names, (round(x, 4) for x in theta), strict=True)),
        "fixed": fixed,
        "weights": repr(to_weights(theta)),
    }
    print(json.dumps(report, indent=2))


@reported
def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="record positions of seeded arena games")
    p.add_argument("--agents", required=True)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int, default=0)
    p.add_argument("--rules", default="coins,battle_dice,quests")
    p.add_argument("--out", required=True)
    f = sub.add_parser("fit", help="fit the weights to recorded positions")
    f.add_argument("files", nargs="+")
    f.add_argument("--ridge", type=float, default=1.0)
    f.add_argument("--fix", default="", help="parts whose scales stay, e.g. reach,cards")
    args = parser.parse_args(argv)
    if args.command == "play":
        play(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()
