"""Learn the search's evaluation from self-play games (tools/selfplay.py), with numpy.

    .venv/bin/python tools/train_value.py build/selfplay/chances_train_s32.jsonl --public \
        --test build/selfplay/chances_test_s31.jsonl --out ai/data/chances_v2.json \
        --report experiments/train/chances_v2.json --steps 3000 --seed 1

Every turn start of every game (the positions where the search's playouts stop and the
evaluation judges) becomes one sample: the features of each seat (``ai.value_features``) and
the game's result. The model is a conditional logit, as the hand-built evaluation's softmax
is: a utility per seat, linear in its features, and win chances ``softmax(utilities)`` across
the seats, so they sum to 1 for any number of seats. It is fitted by maximum likelihood with
an L2 penalty (full-batch gradient descent with Adam, seeded), on 80% of the games; the other
20% (whole games, chosen by a hash of their index) measure it against the hand-built
evaluation: log loss, Brier score and a reliability table for 2 and 4 seats.

With ``--public`` the features are read from public facts only (no hand, as
``ai.evaluation.PUBLIC_READING``): the estimator of the win chances shown to players
(``ai/chances.py``). ``--test`` names files of other games to measure on instead of the 20%.
Without it, games too few to hold some out are refused (``too_few_games``: game 11 is the
first that a self-play file, numbered from 0, holds out; of several files, each holds out
other indices, and the refusal says what each would need).

Features of each game are kept in a cache beside the data (``<data>.features.npz``), so a
rerun with more games extracts only the new ones. Every file is read and its lines checked
before any feature is extracted, and what the lines alone refuse (a wrong file, games too few
to hold some out) is refused then: such a run costs seconds and leaves no cache it did not
find. The cache is the tool's own, made again from the games, so a run refused or stopped
once the features are extracted keeps them for the next run.

``load(..., share=s)`` samples instead every position where a seat decides or a turn starts,
each kept with probability ``s`` (seeded by the game): the mid-turn positions the search's root
compares, which turn starts never show.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from json_files import (
    NUMBERS,
    OBJECT,
    WHOLE,
    DataFileError,
    played_game,
    read_json_lines,
    reported,
)
from workers import Workers

from ai.chances import is_turn_start
from ai.evaluation import PUBLIC_READING, Evaluator
from ai.value_features import FEATURES, seat_features
from game import CHANCE, GameRecord
from lab.command_line import check_outputs, not_from_zero, same_file

MAX_SEATS = 6


def turn_starts(record: GameRecord) -> list[Any]:
    """The states at which a turn's dice are about to be rolled, in order."""
    state = record.new_state()
    out = []
    for action in record.actions:
        if is_turn_start(state):
            out.append(state.clone())
        state.apply_action(action)
    return out


def decisions(record: GameRecord, share: float, seed: int) -> list[Any]:
    """Each turn start and each position where a seat chooses, kept with probability
    ``share`` by a generator seeded with ``seed``, in order."""
    rng = random.Random(seed)
    state = record.new_state()
    out = []
    for action in record.actions:
        if (is_turn_start(state) or state.current_player() != CHANCE) and rng.random() < share:
            out.append(state.clone())
        state.apply_action(action)
    return out


def game_samples(
    line: dict[str, Any], public: bool = False, share: float = 0.0
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(features [positions, 6, F], v1 chances [positions, 6], result [6], mask [6]) at the
    turn starts, or with ``share`` above 0 at sampled decisions; with ``public`` both read no
    hand."""
    record = GameRecord.from_dict(line["record"])
    n = record.num_players
    evaluator = Evaluator(viewer=PUBLIC_READING if public else -1)
    if share > 0:
        states = decisions(record, share, seed=int(line["index"]))
    else:
        states = turn_starts(record)
    x = np.zeros((len(states), MAX_SEATS, len(FEATURES)))
    v1 = np.zeros((len(states), MAX_SEATS))
    for i, state in enumerate(states):
        x[i, :n] = seat_features(state, evaluator)
        v1[i, :n] = evaluator.win_chances(state)
    result = np.zeros(MAX_SEATS)
    result[:n] = line["returns"]
    mask = np.zeros(MAX_SEATS, dtype=bool)
    mask[:n] = True
    return x, v1, result, mask


def _indexed_samples(
    job: tuple[dict[str, Any], bool, float],
) -> tuple[int, tuple[np.ndarray, ...]]:
    line, public, share = job
    return int(line["index"]), game_samples(line, public, share)


def _cached_features(path: Path, key: str) -> dict[int, tuple[str, tuple[np.ndarray, ...]]]:
    """Each game's features kept in the cache ``path`` made for ``key``, with the digest of the
    game they were extracted from (none when there is no such cache). The cache is this tool's
    own, made again from the games: one that does not read (a run killed while writing it,
    another file of that name, a cache of an older form) is said and passed over, and replaced
    once the features are extracted again, where it ended the fit in numpy's traceback."""
    if not path.exists():
        return {}
    cached: dict[int, tuple[str, tuple[np.ndarray, ...]]] = {}
    try:
        with np.load(path) as z:
            if str(z["key"]) != key:
                return {}
            for j, (index, game) in enumerate(zip(z["game_index"], z["game_digest"], strict=True)):
                arrays = tuple(z[f"{name}_{j}"] for name in ("x", "v1", "y", "m"))
                cached[int(index)] = (str(game), arrays)
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as err:
        print(f"{path}: not a features cache that reads ({type(err).__name__}); its games' "
              "features are extracted again", file=sys.stderr)  # fmt: skip
        return {}
    return cached


def _game_digest(line: dict[str, Any]) -> str:
    """What a game's cached features were made from: a games file written again (a new map, a
    new seed) keeps its indices, so the index alone would hand back another game's features."""
    return hashlib.sha256(json.dumps(line, sort_keys=True).encode()).hexdigest()[:16]


FILE_STRIDE = 1_000_000  # the game indices of one self-play file, apart from the next file's


GAME_KEYS = {"index": WHOLE, "record": OBJECT, "returns": NUMBERS}  # what a fit reads of a game


def read_games(data: Path) -> list[dict[str, Any]]:
    """The self-play games of ``data``, every line checked (``played_game``), or
    DataFileError: a file with no game ended the fit in numpy's "need at least one array to
    concatenate", after the features of the others; two games of one index (two runs' files
    joined into one) were fitted as one, the other's features extracted and left out unsaid,
    as the features and the hold-out go by a game's index."""
    lines = read_json_lines(data, "self-play game", GAME_KEYS, check=played_game)
    if not lines:
        raise DataFileError(f"{data} holds no self-play game")
    seen: set[int] = set()
    for line in lines:
        if line["index"] in seen:
            raise DataFileError(
                f"{data} holds two games of index {line['index']}: the fit tells games apart "
                "by their index, so one would be left out; give each self-play run's games "
                "in a file of their own"
            )
        seen.add(line["index"])
    return lines


def read_files(paths: list[Path]) -> list[list[dict[str, Any]]]:
    """The games of each of the self-play files ``paths`` (``read_games``), every file read
    and checked before any game's features are extracted: a wrong file later in the list was
    found only after the features of the files before it (minutes on real data). Each file
    numbers its games from 0, so with several files an index beyond ``FILE_STRIDE`` would be
    taken for a game of the next file (``numbered``); a file given twice, its games fitted
    twice, or measured on the games fitted."""
    refuse_twice(paths, "games")
    files = [read_games(path) for path in paths]
    for path, lines in zip(paths, files, strict=True):
        outside = next((n["index"] for n in lines if not 0 <= n["index"] < FILE_STRIDE), None)
        if len(paths) > 1 and outside is not None:
            raise DataFileError(
                f"{path} holds game {outside}: several files can be read together "
                f"only with games numbered from 0 to {FILE_STRIDE - 1}"
            )
    return files


def numbered(files: list[list[dict[str, Any]]]) -> np.ndarray:
    """One number a game of the files' games (``read_files``), as ``load_files`` numbers its
    samples: the k-th file's indices offset by k x ``FILE_STRIDE``. What is held out
    (``held_out``) is known from these, before any feature is extracted."""
    return np.array(
        [line["index"] + k * FILE_STRIDE for k, lines in enumerate(files) for line in lines]
    )


def features(
    data: Path, lines: list[dict[str, Any]], public: bool = False, share: float = 0.0,
    jobs: int = 1,
) -> dict[str, np.ndarray]:  # fmt: skip
    """Every sample of the games ``lines`` of ``data`` (turn starts, or with ``share`` the
    sampled decisions), from the cache beside ``data`` where the game is in it already; new
    games' features on ``jobs`` processes, then kept in the cache."""
    if not 0 <= share <= 1:
        raise ValueError(f"share must be in [0, 1], not {share}")
    suffix = ".public.npz" if public else ".features.npz"
    if share > 0:
        suffix = f".decisions{share:g}{suffix}"
    cache_path = data.with_suffix(suffix)
    reading = "public" if public else "world"
    sampled = (reading,) if share == 0 else (reading, f"decisions {share:g}")
    key = hashlib.sha256(",".join((*sampled, *FEATURES)).encode()).hexdigest()[:16]
    cached = _cached_features(cache_path, key)
    digests = {int(line["index"]): _game_digest(line) for line in lines}
    per_game = {index: cached[index][1] for index, game in digests.items()
                if index in cached and cached[index][0] == game}  # fmt: skip
    new = [line for line in lines if int(line["index"]) not in per_game]
    start = time.perf_counter()
    jobs_of = [(line, public, share) for line in new]
    for count, (index, samples) in enumerate(
        Workers(jobs).imap_unordered(_indexed_samples, jobs_of), 1
    ):
        per_game[index] = samples
        if count % 50 == 0 or count == len(new):
            spent = time.perf_counter() - start
            eta = spent / count * (len(new) - count)
            print(f"\rfeatures: {count}/{len(new)} new games, {spent:.0f} s, ETA {eta:.0f} s",
                  end="", file=sys.stderr)  # fmt: skip
    print(file=sys.stderr)
    if new:
        order = sorted(per_game)
        arrays: dict[str, Any] = {
            "key": np.array(key),
            "game_index": np.array(order),
            "game_digest": np.array([digests[i] for i in order]),
        }
        for j, index in enumerate(sorted(per_game)):
            for name, value in zip(("x", "v1", "y", "m"), per_game[index], strict=True):
                arrays[f"{name}_{j}"] = value
        np.savez_compressed(cache_path, **arrays)
    games, x, v1, y, m = [], [], [], [], []
    for index in sorted(per_game):
        gx, gv, gy, gm = per_game[index]
        games.append(np.full(len(gx), index))
        x.append(gx)
        v1.append(gv)
        y.append(np.repeat(gy[None, :], len(gx), axis=0))
        m.append(np.repeat(gm[None, :], len(gx), axis=0))
    return {
        "game": np.concatenate(games),
        "x": np.concatenate(x),
        "v1": np.concatenate(v1),
        "y": np.concatenate(y),
        "mask": np.concatenate(m),
    }


def load(
    data: Path, public: bool = False, share: float = 0.0, jobs: int = 1
) -> dict[str, np.ndarray]:
    """Every sample of the self-play file ``data`` (``features``), its games read first."""
    return features(data, read_games(data), public, share, jobs)


def load_files(
    paths: list[Path],
    public: bool = False,
    share: float = 0.0,
    jobs: int = 1,
    files: list[list[dict[str, Any]]] | None = None,
) -> dict[str, np.ndarray]:
    """Every sample of the self-play files ``paths`` (``features``) as one table, each game
    numbered as ``numbered`` numbers it: two files' games of one index are two games, held
    out (``held_out``) and counted each on its own. ``files``: their games, read already
    (``read_files``); without it every file is read and checked before any is extracted."""
    files = read_files(paths) if files is None else files
    parts = [features(p, lines, public, share, jobs) for p, lines in zip(paths, files, strict=True)]
    for number, part in enumerate(parts):
        part["game"] = part["game"] + number * FILE_STRIDE
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def refuse_twice(paths: Sequence[Path], what: str) -> None:
    """DataFileError naming a file of ``paths`` given twice, whose ``what`` would count twice
    (fitted twice, or measured on what was fitted)."""
    again = next((p for i, p in enumerate(paths) if any(same_file(p, q) for q in paths[:i])), None)
    if again is not None:
        raise DataFileError(f"{again} is given twice: its {what} would count twice")


def chances(
    weights: np.ndarray,
    x: np.ndarray,
    mask: np.ndarray,
    sharpness: dict[int, float] | None = None,
    lead: dict[int, float] | None = None,
) -> np.ndarray:
    """The model's win chances: softmax over the seats in play of ``x @ weights``, times the
    sharpness of the position's seat count (1 where none is given); with ``lead``, a second
    softmax that adds ``lead * chance`` to each seat's utility (0 where none is given)."""
    u = x @ weights
    seats = mask.sum(axis=1)
    if sharpness:
        u = u * np.array([sharpness.get(int(n), 1.0) for n in seats])[:, None]
    p = _softmax(u, mask)
    if lead:
        c = np.array([lead.get(int(n), 0.0) for n in seats])[:, None]
        p = _softmax(u + c * p, mask)
    return p


def _softmax(u: np.ndarray, mask: np.ndarray) -> np.ndarray:
    u = np.where(mask, u, -np.inf)
    u = u - u.max(axis=1, keepdims=True)
    e = np.where(mask, np.exp(u), 0.0)
    p: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return p


def fit(
    x: np.ndarray, y: np.ndarray, mask: np.ndarray, l2: float, steps: int, seed: int
) -> np.ndarray:
    """Maximum likelihood of the results, L2-penalised, by full-batch Adam."""
    scale = np.sqrt((x[mask] ** 2).mean(axis=0)) + 1e-9  # features on one scale while fitting
    xs = x / scale
    rng = np.random.default_rng(seed)
    w = rng.normal(0.0, 0.01, (x.shape[-1],))  # a shape, so numpy types it as an array
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    count = len(x)
    for t in range(1, steps + 1):
        p = chances(w, xs, mask)
        grad = np.einsum("ps,psf->f", p - y, xs) / count + l2 * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        w -= 0.05 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return np.asarray(w / scale)


def scores(p: np.ndarray, y: np.ndarray, mask: np.ndarray) -> dict[str, float]:
    """Log loss of the result and multi-seat Brier score, per position."""
    eps = 1e-12
    logloss = -(np.where(mask, y * np.log(np.clip(p, eps, 1.0)), 0.0)).sum(axis=1).mean()
    brier = (np.where(mask, (p - y) ** 2, 0.0)).sum(axis=1).mean()
    return {"log_loss": float(logloss), "brier": float(brier), "positions": len(p)}


def fit_calibration(
    weights: np.ndarray, x: np.ndarray, y: np.ndarray, mask: np.ndarray
) -> tuple[dict[int, float], dict[int, float]]:
    """Per seat count, the sharpness and the lead (``chances``) that fit the training games best.

    One linear model serves every seat count, and a feature that is the same for every seat
    (how many there are) cancels in the softmax, so the model cannot be as sure in two-player
    games as in six-player ones. On held-out games that showed as overconfidence (two players:
    0.75 predicted, 0.68 won): the sharpness, a factor on the utilities, puts it right. It
    cannot fix the leader of a four-player game, who was overrated by 0.06-0.10 (the others
    gang up, a lead is less safe than its points) while the seats behind were right: the lead
    takes a share from the likeliest seat in proportion to its chance. Both are fitted on the
    training games by likelihood, never on the test games."""
    sharpness, lead = {}, {}
    seats = mask.sum(axis=1)
    sharp_grid = np.arange(0.30, 1.501, 0.02)
    lead_grid = np.arange(-3.0, 1.001, 0.05)
    for n in sorted(set(int(v) for v in seats)):
        sel = seats == n
        xs, ys, ms = x[sel], y[sel], mask[sel]
        best = (np.inf, 1.0, 0.0)
        for t in sharp_grid:
            for c in lead_grid:
                loss = scores(chances(weights, xs, ms, {n: float(t)}, {n: float(c)}), ys, ms)
                best = min(best, (loss["log_loss"], round(float(t), 2), round(float(c), 2)))
        sharpness[n], lead[n] = best[1], best[2]
    return sharpness, lead


def base_rate(mask: np.ndarray) -> np.ndarray:
    """The forecast that knows nothing: 1/n for each of the n seats."""
    return np.where(mask, 1.0 / mask.sum(axis=1, keepdims=True), 0.0)


def reliability(p: np.ndarray, y: np.ndarray, mask: np.ndarray) -> list[dict[str, float]]:
    """Per tenth of the predicted range: how many seat-positions, mean predicted, won."""
    pred, won = p[mask], y[mask]
    rows = []
    for k in range(10):
        sel = (pred >= k / 10) & ((pred < (k + 1) / 10) if k < 9 else (pred <= 1.0))
        if sel.any():
            rows.append(
                {"bin": k, "count": int(sel.sum()), "predicted": float(pred[sel].mean()),
                 "observed": float(won[sel].mean())}
            )  # fmt: skip
    return rows


def held_out(game: np.ndarray, share: float = 0.2) -> np.ndarray:
    """Whole games for testing, chosen by a hash of their index (stable as data grows)."""
    return np.array(
        [int(hashlib.sha256(str(g).encode()).hexdigest(), 16) % 1000 < share * 1000 for g in game]
    )


def first_held_out(file: int = 0) -> int:
    """The index of the first game that the ``file``-th of several self-play files (each
    numbered from 0, its games offset as ``numbered`` offsets them) holds out: a file numbered
    from 0 holds one out from that many games and one more on."""
    start = file * FILE_STRIDE
    while True:  # a fifth of the indices are held out: the first chunk holds one
        found = np.flatnonzero(held_out(np.arange(start, start + 100)))
        if len(found):
            return int(found[0] + start - file * FILE_STRIDE)
        start += 100


def too_few_games(game: np.ndarray, test: np.ndarray, files: Sequence[Path] = ()) -> str:
    """Why the positions of games ``game`` (``test``: those of the held-out games) cannot both
    be fitted and measure the fit, in a sentence; "" when they can. With no held-out game
    nothing measured the fit (value_scale's held-out scores were NaN, train_value's report had
    none) and the model was written all the same. ``files``: the self-play files the games
    are of, in order, where they are several (``numbered``): each holds out other indices."""
    fitted, measured = len(set(game[~test].tolist())), len(set(game[test].tolist()))
    if fitted and measured:
        return ""
    games = fitted + measured
    held = f"{measured} of them held out to measure the fit on and {fitted} to fit"
    if len(files) < 2:
        # Self-play games are numbered from 0: the first held out shows how many a file needs.
        first = first_held_out()
        return (
            f"the data holds {games} game{'s' * (games != 1)}, {held}; a fifth of the games are "
            f"held out, chosen by their index (game {first} is the first), so give at least "
            f"{first + 1} games"
        )
    # "At least 12 games" was untrue here: the first held out differs from file to file.
    firsts = [first_held_out(k) for k in range(len(files))]
    which = ", ".join(f"game {f} of {path}" for f, path in zip(firsts, files, strict=True))
    enough = " or ".join(f"{path} at least {f + 1}" for f, path in zip(firsts, files, strict=True))
    return (
        f"the data holds {games} games in {len(files)} files, {held}; a fifth of the games are "
        f"held out, chosen by their index and their file (each file numbers its games from 0, "
        f"and the first held out is {which}), so give {enough} games"
    )


@reported
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("data", type=Path, nargs="+", help="self-play JSON-lines files")
    parser.add_argument("--out", type=Path, required=True, help="model parameters (JSON)")
    parser.add_argument("--report", type=Path, required=True, help="measurements (JSON)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--public", action="store_true", help="features of public facts only")
    parser.add_argument(
        "--test", type=Path, nargs="+", default=[], help="games to measure on (default: 20%%)"
    )
    args = parser.parse_args(argv)
    reads = [*args.data, *args.test]  # an output among them replaced its games at the end
    check_outputs(parser, args.out, args.report, reads=reads)  # before the fit, not after it
    if args.steps < 1:  # zero steps wrote the starting weights as a fitted model
        parser.error(f"--steps must be at least 1, not {args.steps}")
    wrong = not_from_zero("--l2", args.l2)  # a negative or nan l2 fits noise
    if wrong:
        parser.error(wrong)
    paths = [*args.data, *args.test]
    files = read_files(paths)
    if not args.test:  # from the games' indices: a refused run extracts no feature, keeps none
        games = numbered(files)
        short = too_few_games(games, held_out(games), args.data)
        if short:  # a model that nothing measured was written, exit code 0
            parser.error(short)
    data = load_files(paths, args.public, files=files)
    if args.test:
        test = data["game"] >= len(args.data) * FILE_STRIDE
    else:
        test = held_out(data["game"])
    train = ~test
    w = fit(data["x"][train], data["y"][train], data["mask"][train], args.l2, args.steps, args.seed)
    sharpness, lead = fit_calibration(w, data["x"][train], data["y"][train], data["mask"][train])
    seats = data["mask"].sum(axis=1)
    report: dict[str, Any] = {
        "command": " ".join(["tools/train_value.py", *map(str, argv or sys.argv[1:])]),
        "data": [str(p) for p in args.data],
        "test_data": [str(p) for p in args.test],
        "reading": "public" if args.public else "world",
        "games": {"train": len(set(data["game"][train])), "test": len(set(data["game"][test]))},
        "positions": {"train": int(train.sum()), "test": int(test.sum())},
        "seed": args.seed, "l2": args.l2, "steps": args.steps, "sharpness": sharpness, "lead": lead,
    }  # fmt: skip
    for name, sel in (("all", test), *((f"{n}p", test & (seats == n)) for n in range(2, 7))):
        if not sel.any():
            continue
        p_new = chances(w, data["x"][sel], data["mask"][sel], sharpness, lead)
        report[name] = {
            "learned": scores(p_new, data["y"][sel], data["mask"][sel]),
            "v1": scores(data["v1"][sel], data["y"][sel], data["mask"][sel]),
            "base_rate": scores(base_rate(data["mask"][sel]), data["y"][sel], data["mask"][sel]),
            "games": len(set(data["game"][sel])),
        }
        if name in ("2p", "4p"):
            report[name]["reliability_learned"] = reliability(
                p_new, data["y"][sel], data["mask"][sel]
            )
            report[name]["reliability_v1"] = reliability(
                data["v1"][sel], data["y"][sel], data["mask"][sel]
            )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model = {
        "format": "strategos-value",
        "version": 1,
        "kind": "conditional-logit",
        "reading": "public" if args.public else "world",
        "features": list(FEATURES),
        "weights": [float(v) for v in w],
        "sharpness": {str(n): t for n, t in sharpness.items()},
        "lead": {str(n): c for n, c in lead.items()},
        "trained": {k: report[k] for k in ("command", "games", "positions", "seed", "l2", "steps")},
    }
    args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: report[k] for k in report if k in ("all", "2p", "4p", "games")}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
