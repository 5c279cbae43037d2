"""Real states and records from random games, and the ways a hostile or broken file changes them.

Used by ``tests/test_boundary_fuzz.py``: every mutated text must be refused with
``StateFormatError`` or be a game the engine plays to its end (the validation boundary of
``game.jsontext``, ``game.state_reader``, ``game.state_check`` and ``GameRecord.from_dict``).
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import game
from game import CHANCE, GameRecord, GameState, Rules, StateFormatError
from game.state import PHASE_NAMES

RULE_SETS = (
    Rules(),
    Rules(False, False, False),
    Rules(True, False, True),
    Rules(False, True, True),
)
DEEP = "__deep__"  # stands for a value nested too deep to build as a Python list


@cache
def corpus() -> tuple[tuple[str, str], ...]:
    """(kind, JSON text) pairs: states at every phase of play, and records of part or all of
    a game, for 2-6 seats and every rule set."""
    found: list[tuple[str, str]] = []
    per_phase: dict[tuple[str, bool], int] = {}
    for seed in range(12):
        players = 2 + seed % 5
        rules = RULE_SETS[seed % len(RULE_SETS)]
        kingdoms = None if seed % 3 else list(range(players))
        state = game.new_game(players, seed=seed, rules=rules, kingdoms=kingdoms)
        record = GameRecord.for_state(state, kingdoms=kingdoms)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            key = (PHASE_NAMES[state.phase], bool(state.draw_queue))
            if per_phase.get(key, 0) < 4 and rng.random() < 0.3:
                per_phase[key] = per_phase.get(key, 0) + 1
                found.append(("state", state.to_json()))
            if step in (25, 160):
                found.append(("record", record.to_json()))
            action = _random_action(state, rng)
            state.apply_action(action)
            record.append(action)
            step += 1
        found.append(("state", state.to_json()))
        if seed % 4 == 0:
            found.append(("record", record.to_json()))
    return tuple(found)


def _random_action(state: GameState, rng: random.Random) -> game.Action:
    if state.current_player() == CHANCE:
        return state.sample_chance(rng)
    return rng.choice(state.legal_actions())


# -- mutations ---------------------------------------------------------------------------------

ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 3, 7, 24, 99, 2**63, 2**200, -(2**200), 1.5, float("nan"),
    "", "x", "no", "true", "roma", "hidden", "special", [], [0], [[]], {}, {"a": 1},
)  # fmt: skip
OPERATIONS = (
    "drop", "retype", "shift", "duplicate", "swap", "deep", "rename", "borrow", "transplant",
    "transplant", "transplant",
)  # fmt: skip


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree, the root's children first."""
    out: list[tuple[Any, ...]] = []
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, child in items:
        out.append((*prefix, key))
        out.extend(paths(child, (*prefix, key)))
    return out


def _parent(tree: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        tree = tree[key]
    return tree


def mutate(tree: Any, path: tuple[Any, ...], operation: str, pick: random.Random) -> Any:
    """``tree`` changed at ``path`` by ``operation``; the input is left as it was."""
    tree = copy.deepcopy(tree)
    parent = _parent(tree, path)
    key = path[-1]
    old = parent[key]
    if operation == "drop":
        del parent[key]
    elif operation == "retype":
        parent[key] = pick.choice(ODD_VALUES)
    elif operation == "shift":
        if isinstance(old, int) and not isinstance(old, bool):
            parent[key] = old + pick.choice((-2, -1, 1, 2, 5, -100, 2**64))
        elif isinstance(old, str):
            parent[key] = old[:-1] if pick.random() < 0.5 else old + "_"
        else:
            parent[key] = not old if isinstance(old, bool) else pick.choice(ODD_VALUES)
    elif operation == "duplicate":
        if isinstance(old, list) and old:
            old.append(copy.deepcopy(pick.choice(old)))
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(old))
        else:
            parent[key] = [old, old]
    elif operation == "swap":
        siblings = list(parent.keys()) if isinstance(parent, dict) else list(range(len(parent)))
        other = pick.choice(siblings)
        parent[key], parent[other] = parent[other], old
    elif operation == "deep":
        parent[key] = DEEP
    elif operation == "rename" and isinstance(parent, dict):
        parent[f"{key}_"] = parent.pop(key)
    elif operation == "borrow":
        # A value of the same type from elsewhere in the tree: plausible, so often accepted
        # by the type checks, which leaves the game's invariants to catch it.
        alike = [v for v in _leaves(tree) if type(v) is type(old) and v != old]
        if alike:
            parent[key] = copy.deepcopy(pick.choice(alike))
    elif operation == "transplant" and isinstance(key, str):
        # What the same field holds in another real game: each value well formed on its own,
        # so only the invariants between fields can tell that it does not belong here.
        seen = vocabulary().get(key, ())
        if seen:
            parent[key] = json.loads(pick.choice(seen))
    return tree


@cache
def vocabulary() -> dict[str, tuple[str, ...]]:
    """Per field name, the distinct values (as JSON) it takes anywhere in the corpus."""
    found: dict[str, set[str]] = {}

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, child in value.items():
                found.setdefault(key, set()).add(json.dumps(child, sort_keys=True))
                walk(child)
        elif isinstance(value, list):
            for child in value:
                walk(child)

    for _, text in corpus():
        walk(json.loads(text))
    return {key: tuple(sorted(values)) for key, values in found.items()}


def _leaves(value: Any) -> list[Any]:
    out = [value]
    if isinstance(value, dict):
        for child in value.values():
            out.extend(_leaves(child))
    elif isinstance(value, list):
        for child in value:
            out.extend(_leaves(child))
    return out


def to_text(tree: Any, depth: int) -> str:
    """JSON text of ``tree``, with each ``DEEP`` marker turned into lists ``depth`` deep."""
    return json.dumps(tree).replace(json.dumps(DEEP), "[" * depth + "]" * depth)


# -- the property --------------------------------------------------------------------------------

MAX_STEPS = 20_000  # a random game takes a few hundred steps; this bound means it stalled


def load(kind: str, text: str | bytes) -> GameState:
    if kind == "state":
        return GameState.from_json(text)
    return GameRecord.from_json(text).replay()


def outcome(kind: str, text: str | bytes, seed: int) -> str:
    """ "refused" or "played" (to a terminal state); anything else fails with the reason."""
    try:
        state = load(kind, text)
    except StateFormatError as err:
        message = str(err)
        assert message and message[0].isupper() and "Traceback" not in message, message
        assert "tuple.index" not in message and "char " not in message, message
        return "refused"
    play_to_end(state, random.Random(seed))
    return "played"


def play_to_end(state: GameState, rng: random.Random) -> None:
    """Random play to the end, saving and reading the state back now and then (an accepted
    state must stay one that can be saved)."""
    for step in range(MAX_STEPS):
        if step % 97 == 0:
            again = GameState.from_json(state.to_json())
            assert again.to_json() == state.to_json()
        if state.is_terminal():
            state.returns()
            state.scores()
            return
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        assert legal, f"no legal action in {state!r}"
        state.observe(state.current_player())
        state.apply_action(rng.choice(legal))
    raise AssertionError(f"the game did not end in {MAX_STEPS} steps: {state!r}")
