"""One command per shipped model: self-play, then the fit, seeded and resumable.

    ./build.sh train chances [--games 3000] [--test-games 2000] [--jobs N]
    ./build.sh train search-chances [--games 4000] [--test-games 2000] [--jobs N]
    ./build.sh train value-v3 [--games 1000] [--jobs N]
    ./build.sh train kingdoms [--games 30000] [--jobs N]
    ./build.sh train tactics [--games 300] [--jobs N]      (--games: SPSA iterations)
    ./build.sh train balance [--jobs N]                    (the board: search, then confirm)
    (any of them with --ray local | --ray ADDRESS in place of --jobs: the cluster extra)

Each model is a recipe of steps, every one resumable: self-play (``tools/selfplay.py``) appends
finished games to ``build/selfplay/`` and plays only those missing when run again; the fit
(``tools/train_value.py``) caches each game's features beside the games. Both print progress
with an ETA; self-play uses every core unless ``--jobs`` says otherwise, or runs on Ray with
``--ray local`` (a Ray started here) or ``--ray ADDRESS`` (a cluster; ``tools/workers.py``).
What a model was made from and what it measures go to ``experiments/train/<model>.json``; the
games stay in build/. Ctrl-C stops the step at work as its own Ctrl-C does (it says what it
kept), then the recipe, with one sentence and exit code 130; a step that fails has said why,
and the recipe ends with its exit code.

- ``tactics``: the "tactics" policy (``ai/data/tactics_v1.json``, ``ai.tactics``): its weights
  and knobs tuned by SPSA self-play of the policy against its mirror (``tools/tune_policy.py``,
  seed 1, 300 iterations of 128 games; the checkpoint is in build/tune/).
- ``chances``: the win chances shown to players (``ai/data/chances_v2.json``, ``ai.chances``):
  features of public facts only, fitted to self-play of the tactics policy in the training mix
  of seat counts (seed 32) and measured on other games of two and four seats (seed 31). The
  policy plays about as well as ``ismcts:easy`` (``experiments/policy.md``, P4) at a fortieth of
  its time, so thousands of games cost minutes.
- ``search-chances``: the map that turns a search's own chance (the hint, the review) into a
  probability (``ai/data/search_chances_v2.json``, ``ai.chances.search_chance``): the hint's
  search at two decisions of each self-play game of the tactics policy (seed 21), fitted per
  seat count and measured on other games (seed 22) by ``tools/calibrate_search.py``. The
  samples are named after the evaluation the hint searches with (``build/calib/train_v3_s21``):
  a search with another one leans otherwise (experiments/chances.md, C6), so its samples are
  never mixed in.
- ``value-v3``: the search's evaluation corrected from v1 toward ranking a turn's actions as a
  deep search does (``ai/data/value_v3.json``, ``ai.learned_value``): the root visit shares of
  ``ismcts:hard`` at two own-turn decisions of each of the chances recipe's training games
  (seed 32, ``tools/search_targets.py``) and those games' results, fitted by
  ``tools/value_exit.py`` (the value half of Expert Iteration; ``experiments/exit.md``).

- ``kingdoms``: the kingdom book the search agents pick from (``ai/data/kingdoms_tactics.json``,
  ``ai.kingdom_book``): who wins with which kingdom, and from which seat, in games of the
  tactics policy with the kingdoms dealt, every pairing at two seats (``--games``, default
  30000) and 8000 games at each of three to six seats, seed 1 (``tools/kingdom_table.py``;
  round 18 of ``experiments/exit.md``).

- ``balance``: the board's balance (R2.5; ``experiments/balance.md``): the current map (map 4),
  made from map 1 by the edits of ``tools/map_edits.json`` that map 2, map 3 and map 4 took,
  scored by self-play of the tactics policy on the games its edits were chosen on
  (``tools/balance_map.py search --steps 0``, seed 9, 3000 games at each of two to six seats;
  map 3's edits were found by the greedy search over the same edits, map 4's among proposals
  each played on those games), then measured on fresh seeds: by the tactics policy at two to
  six seats (seed 10) and by ``ismcts:normal`` at two seats (seed 11, 600 games). The map
  lands in ``build/balance/map.json`` (with its quest deck), the reports in
  ``experiments/balance/map4/``; shipping a map is making it the next
  ``game/data/maps/<version>.json``.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from workers import add_arguments, from_args

from ai.components import Fitted
from ai.presets import HINT
from lab.command_line import STOPPED, stopping

ROOT = Path(__file__).resolve().parent.parent
GAMES = Path("build/selfplay")


@dataclass(frozen=True)
class Recipe:
    agent: str
    train_seed: int
    train_games: int
    test_seed: int | None  # None: the fit holds out a fifth of the training games
    test_games: int
    public: bool
    model: str
    steps: int


RECIPES = {
    "chances": Recipe("policy:tactics", 32, 3000, 31, 2000, True, "chances_v2", 3000),
}
# The search-chances recipe: self-play games to train and to test on, decisions sampled a game.
SEARCH_CHANCES = Recipe("policy:tactics", 21, 4000, 22, 2000, True, "search_chances_v2", 0)
SEARCH_SAMPLES_PER_GAME = 2
# The value-v3 recipe: the games it samples (the chances recipe's), the search it learns from.
EXIT = Recipe("policy:tactics", 32, 1000, None, 0, False, "value_v3", 0)
EXIT_TEACHER = "ismcts:hard"
# The kingdoms recipe: games at two seats (the default) and at each of three to six, the seed.
KINGDOM_GAMES = (30000, 8000)
KINGDOM_SEED = 1
# The tactics recipe: SPSA iterations (tools/tune_policy.py).
TACTICS_ITERATIONS = 300
# The models whose steps are their own (functions below), not a recipe's.
OTHER_MODELS = ("balance", "kingdoms", "search-chances", "tactics", "value-v3")
# The balance recipe: the current map (map 4) scored from map 1 and its confirmations. Map 3
# came from a search from map 1 with map 2's edits (an island between each two neighbouring
# kingdoms, Corinth's lane to Corcyra) and a proposal against the Greeks' short reach to Corcyra;
# map 4 adds four edits to map 3's ten, chosen among proposals each played on the same 15,000
# games (experiments/balance.md §8-§9, experiments/balance/candidates.py). The recipe scores that
# start on the proposals' games (seed 9, no step) and confirms it on fresh seeds: each
# confirmation is a player, a seed of its own and its games at two to six seats.
BALANCE_SEED, BALANCE_GAMES, BALANCE_STEPS, BALANCE_FINALISTS = 9, ("3000",) * 5, 0, 1
BALANCE_START = ("corcyra,leuke,tyrrhenian_off_sardinia,sardinia_from_hippo,"
                 "pontus_off_byzantium,pella_off_ambracia,corinth_to_corcyra,"
                 "corcyra_off_ambracia,leuke_from_olbia,aegean_to_cenchreae,"
                 "aegean_to_amphipolis,corcyra_from_croton,syracuse_off_croton,"
                 "tyrrhenian_south")  # fmt: skip
BALANCE_REPORTS = "experiments/balance/map4"
BALANCE_CONFIRM = [
    ("policy:tactics", 10, ("6000", "2040", "1500", "1200", "1020"), "tactics"),
    ("ismcts:normal", 11, ("600", "0", "0", "0", "0"), "normal"),
]


# How long a step stopped by Ctrl-C is given to end on its own (the terminal sent the signal
# to it as well) before it is sent one, as when only this process was interrupted.
STEP_GRACE_S = 10.0


def _run(args: list[str]) -> None:
    """Run the step ``args`` (a tool and its arguments). A step that fails has said why on
    stderr: this ends with its exit code and adds nothing. Ctrl-C reaches the step too (a
    terminal interrupts the whole group): it is left to end as it does on Ctrl-C, keeping what
    it finished, and is never killed mid-write; a step stopped so stops the recipe."""
    print("+ " + " ".join(args), file=sys.stderr, flush=True)
    with subprocess.Popen([sys.executable, *args], cwd=ROOT) as step:
        try:
            code = step.wait()
        except KeyboardInterrupt:
            try:
                step.wait(timeout=STEP_GRACE_S)
            except subprocess.TimeoutExpired:
                step.send_signal(signal.SIGINT)
                step.wait()
            raise
    if code in (STOPPED, -signal.SIGINT):
        raise KeyboardInterrupt  # Ctrl-C reached the step alone, or before this process
    if code != 0:
        raise SystemExit(code)


def _kept() -> str:
    return "the games, samples and checkpoints finished are kept; the same command resumes"


def main(argv: list[str] | None = None) -> int:
    with stopping("train.py", _kept):
        return _main(argv)


def _main(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument(
        "model",
        choices=sorted([*RECIPES, *OTHER_MODELS]),
    )
    parser.add_argument(
        "--games", type=int, help="training games (default: the recipe's; tactics: iterations)"
    )
    parser.add_argument("--test-games", type=int, help="games to measure on (chances)")
    add_arguments(parser, default_jobs=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    workers = from_args(args, parser)
    # Only the models measured on games of their own take --test-games; to any other it
    # would be ignored, and the run taken for one that measured on that many.
    tested = args.model == "search-chances" or (
        args.model in RECIPES and RECIPES[args.model].test_seed is not None
    )
    if args.test_games is not None and not tested:
        parser.error(f"--test-games: {args.model} is not measured on test games of its own")
    # What every step is told of where its tasks run.
    args.worker_args = (
        ["--ray", workers.ray_address] if workers.ray_address else ["--jobs", str(workers.jobs)]
    )
    if args.model == "tactics":
        iterations = args.games if args.games is not None else TACTICS_ITERATIONS
        if iterations < 1:
            parser.error("--games (tactics: iterations) must be at least 1")
        _run(["tools/tune_policy.py", "--model", "tactics_v1", "--iterations", str(iterations),
              "--games", "128", "--seed", "1", *args.worker_args])  # fmt: skip
        return 0
    if args.model == "kingdoms":
        two, more = KINGDOM_GAMES
        two = args.games if args.games is not None else two
        if two < 1:
            parser.error("--games must be at least 1")
        _run(["tools/kingdom_table.py", "--agent", "policy:tactics",
              "--games", str(two), *[str(more)] * 4, "--seed", str(KINGDOM_SEED),
              "--out", "ai/data/kingdoms_tactics.json", *args.worker_args])  # fmt: skip
        return 0
    if args.model == "balance":
        return _balance(args, parser)
    if args.model == "search-chances":
        return _search_chances(args, parser)
    if args.model == "value-v3":
        return _value_exit(args, parser)
    recipe = RECIPES[args.model]
    games = args.games if args.games is not None else recipe.train_games
    test_games = args.test_games if args.test_games is not None else recipe.test_games
    if games < 1 or (recipe.test_seed is not None and test_games < 1):
        parser.error("--games and --test-games must be at least 1")
    train_file = GAMES / f"{args.model}_train_s{recipe.train_seed}.jsonl"
    common = ["--agent", recipe.agent, *args.worker_args]
    fit = [
        "tools/train_value.py", str(train_file),
        "--out", f"ai/data/{recipe.model}.json",
        "--report", f"experiments/train/{recipe.model}.json",
        "--steps", str(recipe.steps), "--seed", "1",
    ]  # fmt: skip
    if recipe.test_seed is not None:
        test_file = GAMES / f"{args.model}_test_s{recipe.test_seed}.jsonl"
        _run(["tools/selfplay.py", *common, "--games", str(test_games), "--players", "2,4",
              "--seed", str(recipe.test_seed), "--out", str(test_file)])  # fmt: skip
        fit += ["--test", str(test_file)]
    _run(["tools/selfplay.py", *common, "--games", str(games), "--seed", str(recipe.train_seed),
          "--out", str(train_file)])  # fmt: skip
    if recipe.public:
        fit.append("--public")
    _run(fit)
    return 0


def _balance(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.games is not None:
        parser.error("--games: the balance recipe plays the games it declares")
    _run(["tools/balance_map.py", "search", "--base", "game/data/maps/1.json",
          "--edits", "tools/map_edits.json", "--start", BALANCE_START,
          "--seed", str(BALANCE_SEED),
          "--games", *BALANCE_GAMES, "--steps", str(BALANCE_STEPS),
          "--finalists", str(BALANCE_FINALISTS), "--out", "build/balance/map.json",
          "--games-log", f"build/balance/search{BALANCE_SEED}.games.jsonl",
          "--report", f"{BALANCE_REPORTS}/search.json", *args.worker_args])  # fmt: skip
    for agent, seed, games, name in BALANCE_CONFIRM:
        _run(["tools/balance_map.py", "measure", "build/balance/map.json", "--agent", agent,
              "--seed", str(seed), "--games", *games,
              "--games-log", f"build/balance/{name}{seed}.games.jsonl",
              "--out", f"{BALANCE_REPORTS}/{name}.json", *args.worker_args])  # fmt: skip
    return 0


def _search_chances(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    recipe = SEARCH_CHANCES
    games = args.games if args.games is not None else recipe.train_games
    test_games = args.test_games if args.test_games is not None else recipe.test_games
    if games < 1 or test_games < 1:
        parser.error("--games and --test-games must be at least 1")
    samples = Path("build/calib")
    tag = _hint_model()
    for part, seed, count in (("test", recipe.test_seed, test_games),
                              ("train", recipe.train_seed, games)):  # fmt: skip
        played = GAMES / f"search-chances_{part}_s{seed}.jsonl"
        _run(["tools/selfplay.py", "--agent", recipe.agent, *args.worker_args,
              "--games", str(count), "--seed", str(seed), "--out", str(played)])  # fmt: skip
        sampled = samples / f"{part}_{tag}_s{seed}.jsonl"
        _run(["tools/calibrate_search.py", "sample", str(played),
              "--per-game", str(SEARCH_SAMPLES_PER_GAME), "--games", str(count),
              "--out", str(sampled), *args.worker_args])  # fmt: skip
    train = samples / f"train_{tag}_s{recipe.train_seed}.jsonl"
    _run(["tools/calibrate_search.py", "fit", str(train),
          "--test", str(samples / f"test_{tag}_s{recipe.test_seed}.jsonl"),
          "--out", f"ai/data/{recipe.model}.json",
          "--report", f"experiments/train/{recipe.model}.json"])  # fmt: skip
    return 0


def _hint_model() -> str:
    """What the search-chances samples are named after: the fitted model the hint searches
    with at every seat count ("v3" for ai/data/value_v3.json, ``ai.presets.HINT``)."""
    evaluation = HINT.two_seats.evaluator
    if not isinstance(evaluation, Fitted) or HINT.more_seats.evaluator != evaluation:
        raise SystemExit("train.py: the hint searches with no one fitted model to name samples by")
    return evaluation.model.removeprefix("value_")


def _exit_samples(args: argparse.Namespace, parser: argparse.ArgumentParser) -> tuple[Path, Path]:
    """Hard's visit shares at decisions of the chances recipe's games (both resumable):
    (the games, the samples); ``--games`` of them, else the recipe's."""
    recipe = EXIT
    games = args.games if args.games is not None else recipe.train_games
    if games < 1:
        parser.error("--games must be at least 1")
    played = GAMES / f"chances_train_s{recipe.train_seed}.jsonl"  # the chances recipe's games
    sampled = Path("build/exit") / f"hard_s{recipe.train_seed}.jsonl"
    _run(["tools/selfplay.py", "--agent", recipe.agent, *args.worker_args,
          "--games", str(games), "--seed", str(recipe.train_seed),
          "--out", str(played)])  # fmt: skip
    _run(["tools/search_targets.py", "sample", str(played), "--agent", EXIT_TEACHER,
          "--per-game", "2", "--games", str(games), "--out", str(sampled),
          *args.worker_args])  # fmt: skip
    return played, sampled


def _value_exit(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    played, sampled = _exit_samples(args, parser)
    chances = RECIPES["chances"]
    outcomes = GAMES / f"chances_train_s{chances.train_seed}.jsonl"
    test = GAMES / f"chances_test_s{chances.test_seed}.jsonl"
    _run(["tools/selfplay.py", "--agent", chances.agent, *args.worker_args,
          "--games", str(chances.train_games), "--seed", str(chances.train_seed),
          "--out", str(outcomes)])  # fmt: skip
    _run(["tools/selfplay.py", "--agent", chances.agent, *args.worker_args,
          "--games", str(chances.test_games), "--players", "2,4",
          "--seed", str(chances.test_seed), "--out", str(test)])  # fmt: skip
    _run(["tools/value_exit.py", str(sampled), "--games", str(played),
          "--outcomes", str(outcomes), "--test-outcomes", str(test),
          "--out", "ai/data/value_v3.json",
          "--report", "experiments/train/value_v3.json"])  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
