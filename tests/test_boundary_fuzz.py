"""The validation boundary under fuzzing: every state, record or save text from outside is
refused with ``StateFormatError`` and a sentence, or is a game the engine plays to its end.

Real states (every phase, 2-6 seats, every rule set) and records are mutated: a field dropped,
given another type, shifted, duplicated, swapped with a sibling, renamed or nested too deep;
the text cut short; random bytes. A few hundred cases run by default (derandomized, so CI sees
the same cases every run); ``-m slow`` runs thousands with fresh randomness.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game
from game import GameRecord, GameState, IllegalActionError, StateFormatError
from game.actions import Move, PickKingdom
from tests.fuzz_inputs import OPERATIONS, corpus, mutate, outcome, paths, to_text

OUTCOMES: Counter[tuple[str, str]] = Counter()
QUICK = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
THOROUGH = settings(
    max_examples=3000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def mutated_tree(draw: st.DrawFn) -> tuple[str, str, int]:
    kind, text = draw(st.sampled_from(corpus()))
    tree: Any = json.loads(text)
    pick = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(1, 3))):
        places = paths(tree)
        if not places:
            break
        tree = mutate(tree, draw(st.sampled_from(places)), draw(st.sampled_from(OPERATIONS)), pick)
    depth = draw(st.sampled_from((2, 40, 3000)))
    return kind, to_text(tree, depth), pick.randrange(2**32)


@st.composite
def damaged_text(draw: st.DrawFn) -> tuple[str, bytes, int]:
    kind, text = draw(st.sampled_from(corpus()))
    raw = text.encode()
    how = draw(st.sampled_from(("truncate", "bytes", "splice", "nest")))
    if how == "truncate":
        raw = raw[: draw(st.integers(0, len(raw)))]
    elif how == "bytes":
        raw = draw(st.binary(max_size=200))
    elif how == "splice":
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    else:
        raw = b"[" * draw(st.integers(500, 5000)) + raw
    return kind, raw, draw(st.integers(0, 2**32))


def _check(kind: str, text: str | bytes, seed: int) -> None:
    OUTCOMES[(kind, outcome(kind, text, seed))] += 1


@QUICK
@given(mutated_tree())
def test_mutated_states_and_records_are_refused_or_play_to_the_end(
    case: tuple[str, str, int],
) -> None:
    _check(*case)


@QUICK
@given(damaged_text())
def test_damaged_texts_are_refused_or_play_to_the_end(case: tuple[str, bytes, int]) -> None:
    _check(*case)


@pytest.mark.slow
@THOROUGH
@given(st.one_of(mutated_tree(), damaged_text()))
def test_many_more_mutations(case: tuple[str, str | bytes, int]) -> None:
    _check(*case)


def test_the_corpus_covers_every_phase_and_both_kinds() -> None:
    phases = {json.loads(t)["phase"] for k, t in corpus() if k == "state"}
    assert set(game.state.PHASE_NAMES) <= phases
    assert any(k == "record" for k, _ in corpus())


# -- the cases found by hand, each refused with a sentence ----------------------------------------


def _state(players: int = 3, steps: int = 120, seed: int = 4) -> dict[str, Any]:
    state = game.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.current_player() == game.CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    data: dict[str, Any] = json.loads(state.to_json())
    return data


def _refused(data: Any, match: str) -> None:
    with pytest.raises(StateFormatError, match=match):
        GameState.from_json(json.dumps(data))


def test_nesting_too_deep_is_refused_before_parsing() -> None:
    deep = "[" * 5000 + "]" * 5000
    for read in (GameState.from_json, GameRecord.from_json):
        with pytest.raises(StateFormatError, match="nested"):
            read(deep)


def test_a_chosen_deck_with_nobody_owed_a_card_is_refused() -> None:
    data = _state()
    data["draw_queue"], data["draw_deck"] = [], "special"
    _refused(data, "nobody is owed")


@pytest.mark.parametrize("phase", ["halt_or_pass", "coin_attacker", "battle_roll"])
def test_a_phase_without_its_move_or_battle_is_refused(phase: str) -> None:
    data = _state()
    data["phase"], data["dice"] = phase, []
    for g in data["generals"]:
        g["acted"] = False
    _refused(data, "damaged")


def test_generals_of_a_kingdom_nobody_plays_are_refused() -> None:
    data = _state(players=2)
    played = {s["kingdom"] for s in data["seats"]}
    stranger = next(k for k in game.content.KINGDOM_IDS if k not in played)
    k = game.content.KINGDOM_IDS.index(stranger)
    data["generals"].append(
        {"id": k * 4, "name": game.default_map().generals[k * 4].name_en, "kingdom": stranger,
         "owner": -1, "city": None, "level": 1, "return_season": None, "acted": False}
    )  # fmt: skip
    _refused(data, "nobody plays")


def test_a_draw_queue_that_deals_a_fourth_card_is_refused() -> None:
    data = _state()
    seat = next(s for s in data["seats"] if len(s["hand"]) == 3)
    data["draw_queue"] = [seat["seat"]]
    data["draw_deck"] = None
    _refused(data, "more than 3 quest cards")


def test_seeds_are_64_bit_everywhere() -> None:
    data = _state()
    data["seed"] = 2**200
    _refused(data, "seed")
    with pytest.raises(ValueError, match="64-bit"):
        game.new_game(2, seed=2**200)
    record = json.loads(GameRecord.for_state(game.new_game(2, seed=1)).to_json())
    record["seed"] = 2**64
    with pytest.raises(StateFormatError, match="seed"):
        GameRecord.from_json(json.dumps(record))


def test_first_floor_points_and_trophies_must_name_kingdoms_in_play() -> None:
    data = _state(players=2)
    played = {s["kingdom"] for s in data["seats"]}
    stranger = next(k for k in game.content.KINGDOM_IDS if k not in played)
    data["seats"][0]["first_floor_points"] = [stranger]
    _refused(data, "nobody plays")


def test_true_and_false_are_not_spelled_as_text() -> None:
    data = _state()
    data["traded"] = "no"
    _refused(data, "true or false")


@pytest.mark.parametrize("version", [True, 1.0])
def test_a_version_is_the_integer_not_true_or_a_float(version: Any) -> None:
    """Python's ``==`` takes ``true`` and ``1.0`` for 1; no edition writes them."""
    data = _state()
    data["version"] = version
    _refused(data, "version")
    record = json.loads(GameRecord.for_state(game.new_game(2, seed=3)).to_json())
    record["version"] = version
    with pytest.raises(StateFormatError, match="version"):
        GameRecord.from_json(json.dumps(record))


def test_a_key_given_twice_is_refused_not_read_as_one_of_the_two() -> None:
    state_text = json.dumps(_state())
    record = GameRecord.for_state(game.new_game(2, seed=3))
    for text, load in (
        (state_text[:-1] + ', "phase": "over"}', GameState.from_json),
        (record.to_json()[:-1] + ', "players": 3}', GameRecord.from_json),
        ('{"format": "strategos-record", "format": "strategos-record"}', GameRecord.from_json),
    ):
        with pytest.raises(StateFormatError, match="twice"):
            load(text)


def test_a_game_over_that_nobody_has_won_is_refused() -> None:
    data = _state()
    data["phase"], data["dice"], data["active"] = "over", [], 0
    data["season"] = {"index": 0, "name": "264 BC Veris"}
    _refused(data, "damaged")


def test_a_record_naming_a_kingdom_or_general_that_does_not_exist_is_refused() -> None:
    state = game.new_game(2, seed=3)
    base = json.loads(GameRecord.for_state(state).to_json())
    for action in (
        {"type": "pick_kingdom", "kingdom": 17},
        {"type": "move", "general": 99, "die": 3, "src": "roma", "dest": "ostia"},
        {"type": "move", "general": 1, "die": 3, "src": "roma", "dest": []},
    ):
        base["actions"] = [action]
        with pytest.raises(StateFormatError, match="action 1"):
            GameRecord.from_json(json.dumps(base))


def test_hand_built_actions_of_the_wrong_types_are_illegal_not_errors() -> None:
    state = game.new_game(2, seed=3)
    text, a_list = cast(Any, "x"), cast(Any, [])  # where ints belong, on purpose
    for action in (PickKingdom(17), PickKingdom(text), Move(text, 3, 1, 2), Move(1, 3, a_list, 2)):
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
        assert action.describe(state.board)  # it can always be shown
    with pytest.raises(ValueError, match="no place on the map"):
        game.action_from_json(
            {"type": "move", "general": 1, "die": 3, "src": "roma", "dest": []}, state.board
        )


def test_messages_are_sentences_not_python() -> None:
    data = _state()
    data["seats"][0]["kingdom"] = "atlantis"
    with pytest.raises(StateFormatError) as caught:
        GameState.from_json(json.dumps(data))
    assert "tuple.index" not in str(caught.value) and str(caught.value).endswith(".")
    with pytest.raises(StateFormatError, match="line 1, column") as cut:
        GameState.from_json(json.dumps(data)[:300])
    assert "char" not in str(cut.value)


def test_a_number_too_long_for_python_to_read_is_refused_in_words() -> None:
    # Python's parser raises a bare ValueError past 4300 digits, not a JSONDecodeError.
    state = json.loads(game.new_game(2, seed=1).to_json())
    record = json.loads(GameRecord.for_state(game.new_game(2, seed=1)).to_json())
    for read, data in ((GameState.from_json, state), (GameRecord.from_json, record)):
        text = json.dumps(data).replace('"seed": 1', '"seed": ' + "9" * 5000, 1)
        with pytest.raises(StateFormatError, match="thousands of digits"):
            read(text)


def test_a_byte_order_mark_reads_the_same_as_text_and_as_bytes() -> None:
    state = game.new_game(2, seed=1)
    text = "\ufeff" + GameRecord.for_state(state).to_json()
    assert GameRecord.from_json(text) == GameRecord.from_json(text.encode())
    assert GameState.from_json("\ufeff" + state.to_json()).to_json() == state.to_json()
