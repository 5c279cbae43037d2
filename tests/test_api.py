"""The engine API: argument checks, rule-naming errors, text and JSON forms, records, clones."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any, cast

import pytest

import game
from game import GameRecord, GameState, IllegalActionError, StateFormatError
from game.actions import (
    ACTION_TYPES,
    Action,
    BattleRoll,
    ChooseDeck,
    CommitCoin,
    Continue,
    Destroy,
    DrawCard,
    EndTurn,
    FightAt,
    Halt,
    Move,
    PickKingdom,
    PlaceGeneral,
    Return,
    Roll,
    Trade,
    Train,
    action_from_json,
)
from game.state import CHANCE, Rules
from tests.playouts import ALL_RULES, midgame, play_random, random_action, rules_id
from tests.scenario import Scenario, city, general_id

ROMANS, CARTHAGE = 0, 1


# -- new_game ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_players": 1}, r"^R1\.1: the game is for 2 to 6 players, got 1"),
        ({"num_players": 7}, r"^R1\.1: the game is for 2 to 6 players, got 7"),
        ({"num_players": 0}, r"^R1\.1"),
        ({"num_players": "4"}, r"^R1\.1: the number of players must be an integer"),
        ({"num_players": 4.0}, r"^R1\.1: the number of players must be an integer"),
        ({"num_players": True}, r"^R1\.1: the number of players must be an integer"),
        ({"num_players": None}, r"^R1\.1"),
        ({"num_players": 2, "kingdoms": ["romans"]}, r"^R3\.1: 2 players need 2 kingdoms"),
        ({"num_players": 2, "kingdoms": ["romans", "romans"]}, r"^R3\.1: each kingdom"),
        ({"num_players": 2, "kingdoms": ["romans", 3]}, r"^R3\.1: each kingdom"),
        ({"num_players": 2, "kingdoms": ["romans", "atlantis"]}, r"^R1\.1: unknown kingdom"),
        ({"num_players": 2, "kingdoms": [0, 6]}, r"^R1\.1: a kingdom is an index 0-5"),
        ({"num_players": 2, "kingdoms": [0, 1.0]}, r"^R1\.1: a kingdom is an index 0-5"),
        ({"num_players": 2, "kingdoms": [0, None]}, r"^R1\.1: a kingdom is an index 0-5"),
        ({"num_players": 2, "kingdoms": "romans"}, r"^R3\.1: kingdoms must be a list"),
        ({"num_players": 2, "kingdoms": 5}, r"^R3\.1: kingdoms must be a list"),
        ({"num_players": 2, "rules": "coins"}, r"^rules must be a game\.Rules"),
        ({"num_players": 2, "seed": "7"}, r"^seed must be an integer"),
        ({"num_players": 2, "seed": 1.5}, r"^seed must be an integer"),
        ({"num_players": 2, "board": "europe"}, r"^board must be a game\.MapSpec"),
    ],
)
def test_new_game_refuses_bad_arguments_with_a_clear_message(
    kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        game.new_game(**kwargs)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_new_game_accepts_2_to_6_players(players: int) -> None:
    state = game.new_game(players, seed=3)
    assert state.num_players == players
    assert state.current_player() == 0 and not state.is_terminal()


# -- illegal actions name the rule -------------------------------------------------------------


def _position() -> GameState:
    """Spring: Romans (seat 0) with Caudex at Roma, Duilius at Ostia; Hanno at Antium."""
    return (
        Scenario(players=2, kingdoms=["romans", "carthaginians"], rules=Rules())
        .general("Duilius")
        .at("ostia")
        .general("Messalla")
        .at("beneventum")
        .general("Hasdrubal")
        .at("utica")
        .general("Hanno")
        .at("antium")
        .dice(1, 2, 5, 6)
        .build()
    )


def _winter() -> GameState:
    state = _position()
    state.round = 3
    state.turn_moves = {}
    state._legal = None
    return state


def _traded() -> GameState:
    state = _position()
    state.apply_action(Trade((1, 2, 5)))
    state.dice = [1, 2, 6, 6]
    state._legal = None
    return state


def _trained() -> GameState:
    state = _position()
    state.apply_action(Train(general_id("Caudex"), 5))
    return state


CAUDEX, DUILIUS, POSTUMIUS = general_id("Caudex"), general_id("Duilius"), general_id("Postumius")


@pytest.mark.parametrize(
    ("make", "action", "rule"),
    [
        (_winter, lambda: Move(DUILIUS, 6, city("ostia"), city("caralis")), "R5.3"),
        (_position, lambda: Move(CAUDEX, 2, city("roma"), city("ostia")), "R5.2"),
        (_position, lambda: Move(DUILIUS, 2, city("ostia"), city("ship_tyrrhenian")), "R2.3"),
        (_position, lambda: Move(CAUDEX, 1, city("roma"), city("capua")), "R5.1"),
        (_position, lambda: Move(CAUDEX, 2, city("roma"), city("capua")), "R5.4"),
        (_position, lambda: Move(CAUDEX, 3, city("roma"), city("cosa")), "R4.2"),
        (_position, lambda: Move(general_id("Hanno"), 1, city("antium"), city("roma")), "R4.2"),
        (_traded, lambda: Trade((1, 2, 6)), "R4.3"),
        (_trained, lambda: Train(POSTUMIUS, 6), "R6.3"),
        (_position, lambda: Destroy(CAUDEX, 5, city("roma")), "R6.1"),
        (_position, lambda: Destroy(CAUDEX, 2, city("roma")), "R4.4"),
        (_position, lambda: Return(CAUDEX, 5, city("capua")), "R6.2"),
        (_position, lambda: Halt(), "R5.4"),
        (_position, lambda: CommitCoin(3), "R8.1"),
        (_position, lambda: FightAt(city("antium")), "R7.1"),
        (_position, lambda: PickKingdom(0), "R3.1"),
        (_position, lambda: PlaceGeneral(DUILIUS, city("cosa")), "R3.3"),
        (_position, lambda: ChooseDeck(0), "R9.3"),
        (_position, lambda: Continue(CAUDEX, city("roma"), city("cosa")), "R5.4"),
        (_position, lambda: Move(99, 1, city("roma"), city("cosa")), "R4"),
        (_position, lambda: Move(CAUDEX, 1, -1, city("cosa")), "R4"),
    ],
)
def test_an_illegal_action_raises_an_error_naming_the_rule(
    make: Callable[[], GameState], action: Callable[[], Action], rule: str
) -> None:
    state = make()
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(action())
    assert str(err.value).startswith(rule + ":"), str(err.value)
    assert state.to_json() == before  # a refused action changes nothing


@pytest.mark.parametrize("seed", range(3))
def test_apply_legal_action_plays_as_apply_action(seed: int) -> None:
    """The unchecked form (for a search replaying a path it walked) changes the state alike."""
    rng = random.Random(seed)
    checked = game.new_game(2 + seed, seed=seed)
    unchecked = checked.clone()
    while not checked.is_terminal():
        if checked.current_player() == CHANCE:
            action = checked.sample_chance(rng)
        else:
            action = rng.choice(checked.legal_actions())
        checked.apply_action(action)
        unchecked.apply_legal_action(action)
        assert unchecked.to_json() == checked.to_json()


def test_illegal_chance_outcomes_and_non_actions() -> None:
    state = _position()
    state.apply_action(EndTurn())  # Carthage to roll
    assert state.current_player() == CHANCE
    with pytest.raises(IllegalActionError, match=r"^R4\.1"):
        state.apply_action(Roll((7, 1, 1, 1)))
    with pytest.raises(IllegalActionError, match=r"^R4\.1"):
        state.apply_action(EndTurn())
    with pytest.raises(IllegalActionError, match=r"^R4"):
        state.apply_action(cast(Any, "End turn"))  # text, not an Action: wrong on purpose
    assert issubclass(IllegalActionError, ValueError)


def test_no_action_after_the_end() -> None:
    state = midgame(2, 1, 100_000, Rules(quests=False))
    assert state.is_terminal()
    with pytest.raises(IllegalActionError, match=r"^R9\.7/R10\.1"):
        state.apply_action(EndTurn())


# -- str / parse_action ------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL_RULES[::3], ids=rules_id)
def test_str_and_parse_action_round_trip_for_every_legal_action(rules: Rules) -> None:
    rng = random.Random(5)
    state = game.new_game(3, seed=5, rules=rules)
    checked = 0
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if step % 9 == 0:
            texts = [str(a) for a in legal]
            assert len(set(texts)) == len(texts), "two legal actions read the same"
            for action, text in zip(legal, texts, strict=True):
                assert game.parse_action(state, text) == action
                checked += 1
        state.apply_action(random_action(state, rng))
        step += 1
    assert checked > 200


def test_parse_action_is_lenient_about_case_spacing_and_arrows() -> None:
    state = _position()
    action = game.parse_action(state, "  move   CAUDEX roma->cosa (DIE 1) ")
    assert action == Move(CAUDEX, 1, city("roma"), city("cosa"))
    with pytest.raises(IllegalActionError, match="legal actions include"):
        game.parse_action(state, "Move Caudex Roma→Carthago (die 1)")
    with pytest.raises(IllegalActionError):
        game.parse_action(state, cast(Any, 42))  # not text: wrong on purpose


# -- action JSON -------------------------------------------------------------------------------


def test_every_action_type_has_a_json_form_that_reads_back() -> None:
    samples: dict[type[Action], Action] = {}
    state = game.new_game(4, seed=9)
    rng = random.Random(9)
    record = play_random(state, rng)
    for action in record:
        samples.setdefault(type(action), action)
        data = json.loads(json.dumps(action.to_json(state.board)))
        assert action_from_json(data, state.board) == action
    assert {t.__name__ for t in samples} >= {
        "PickKingdom", "PlaceGeneral", "ChooseDeck", "DrawCard", "Roll", "Move", "EndTurn",
        "BattleRoll", "CommitCoin",
    }  # fmt: skip
    assert len(ACTION_TYPES) == 20


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"type": "teleport"},
        {"type": "move", "general": 12, "die": 3, "src": "roma"},
        {"type": "move", "general": "12", "die": 3, "src": "roma", "dest": "ostia"},
        {"type": "move", "general": 12, "die": 3, "src": "roma", "dest": "atlantis"},
        {"type": "draw_card", "card": "ord_atlantis_1"},
        {"type": "roll", "dice": "1234"},
    ],
)
def test_action_from_json_refuses_malformed_data(data: object) -> None:
    with pytest.raises(ValueError):
        action_from_json(data, game.default_map())


# -- state JSON --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "rules"), [(2, Rules()), (4, Rules(coins=False)), (6, Rules(quests=False))]
)
def test_state_json_round_trip_and_the_loaded_state_plays_on_identically(
    players: int, rules: Rules
) -> None:
    rng = random.Random(players)
    state = game.new_game(players, seed=players, rules=rules)
    step = 0
    while not state.is_terminal():
        if step % 37 == 0:
            text = state.to_json()
            loaded = GameState.from_json(text)
            assert loaded.to_json() == text
            assert loaded.legal_actions() == state.legal_actions()
            assert loaded.current_player() == state.current_player()
            assert loaded.chance_outcomes() == state.chance_outcomes()
            if state.current_player() == CHANCE:  # same seed and counter, same draw
                assert loaded.sample_chance() == state.sample_chance()
            a, b = random.Random(step), random.Random(step)
            original = state.clone()
            for _ in range(40):
                if original.is_terminal():
                    break
                original.apply_action(random_action(original, a))
                loaded.apply_action(random_action(loaded, b))
            assert loaded.to_json() == original.to_json()
        state.apply_action(random_action(state, rng))
        step += 1
    assert GameState.from_json(state.to_json()).to_json() == state.to_json()


def _good_state() -> dict[str, Any]:
    state = midgame(3, 2, 150)
    assert not state.is_terminal()
    data: dict[str, Any] = json.loads(state.to_json())
    return data


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def _own_card(data: dict[str, Any]) -> None:
    capital = {"romans": "roma", "carthaginians": "carthago", "greeks": "pella",
               "barbarians": "alesia", "sarmatians": "helis", "eastern": "antiochia"}  # fmt: skip
    seat = data["seats"][0]
    seat["hand"] = [f"ord_{capital[seat['kingdom']]}_1"]


def _twice(data: dict[str, Any]) -> None:
    data["seats"][0]["hand"] = data["seats"][0]["hand"][:2] + data["decks"]["special"][:1]
    data["seats"][1]["hand"] = data["decks"]["special"][:1]


def _shared_city(data: dict[str, Any]) -> None:
    for seat in range(data["players"]):
        own = [g for g in data["generals"] if g["owner"] == seat and g["city"]]
        if len(own) >= 2:
            own[1]["city"] = own[0]["city"]
            return
    raise AssertionError("no seat has two generals on the board")


CORRUPTIONS: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("format", _set(["format"], "chess-game")),
    ("version", _set(["version"], 99)),
    ("players", _set(["players"], 7)),
    ("phase", _set(["phase"], "dancing")),
    ("season", _set(["season", "index"], 16)),
    ("level", _set(["generals", 0, "level"], 5)),
    ("ship", _set(["generals", 0, "city"], "ship_aegean")),
    ("city", _set(["generals", 0, "city"], "atlantis")),
    ("general", _set(["generals", 0, "id"], 30)),
    ("owner", _set(["generals", 0, "owner"], 9)),
    ("floors", _set(["towers", 0, "floors"], 1)),
    ("tower", _set(["towers", 0, "city"], "ostia")),
    ("die", _set(["dice"], [7])),
    ("dice", _set(["dice"], [1, 1, 1, 1, 1])),
    ("coin", _set(["seats", 0, "coins_played"], [5])),
    ("missing", lambda d: d.pop("generals")),
    ("rules", _set(["rules"], "all")),
    ("seats", _set(["seats"], [])),
    ("own card", _own_card),
    ("card twice", _twice),
    ("same city", _shared_city),
    ("trophies", _set(["seats", 0, "trophies"], {"atlantis": 1})),
]


@pytest.mark.parametrize(("what", "corrupt"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_corrupt_or_inconsistent_state_is_refused(
    what: str, corrupt: Callable[[dict[str, Any]], None]
) -> None:
    data = _good_state()
    GameState.from_json(json.dumps(data))  # the unchanged state loads
    corrupt(data)
    with pytest.raises(StateFormatError):
        GameState.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"state"', b"\xff\xfe"])
def test_text_that_is_no_state_is_refused(text: str) -> None:
    with pytest.raises(StateFormatError):
        GameState.from_json(text)


# -- records -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [Rules(), Rules(False, False, False)], ids=rules_id)
def test_record_json_round_trip_and_exact_replay(rules: Rules) -> None:
    state = game.new_game(3, seed=11, rules=rules, kingdoms=["greeks", "romans", "eastern"])
    record = GameRecord.for_state(state, kingdoms=[2, 3, 5])
    snapshots = {}
    rng = random.Random(11)
    while not state.is_terminal():
        action = random_action(state, rng)
        state.apply_action(action)
        record.append(action)
        if len(record.actions) % 50 == 0:
            snapshots[len(record.actions)] = state.to_json()
    text = record.to_json()
    loaded = GameRecord.from_json(text)
    assert loaded.to_json() == text
    assert loaded.replay().to_json() == state.to_json()
    for upto, snapshot in snapshots.items():
        assert loaded.replay(upto).to_json() == snapshot


def test_record_that_does_not_replay_is_refused() -> None:
    state = game.new_game(2, seed=1)
    record = GameRecord.for_state(state)
    play = play_random(state, random.Random(1), max_actions=60)
    record.actions = list(play)
    data = json.loads(record.to_json())
    data["actions"][10] = {"type": "end_turn"}
    with pytest.raises(StateFormatError, match="record action 11"):
        GameRecord.from_json(json.dumps(data))
    for bad in ("", "{}", '{"format": "strategos-record", "version": 2}',
                '{"format": "strategos-record", "version": 1, "players": 9, "seed": 0, '
                '"rules": {"coins": true, "battle_dice": true, "quests": true}, '
                '"kingdoms": null, "actions": []}'):  # fmt: skip
        with pytest.raises(StateFormatError):
            GameRecord.from_json(bad)


# -- determinism and clones --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5])
def test_same_seed_and_choices_give_the_same_game(players: int) -> None:
    games = []
    for _ in range(2):
        state = game.new_game(players, seed=21)
        actions = play_random(state, random.Random(21))
        games.append((state.to_json(), actions))
    assert games[0] == games[1]
    other = game.new_game(players, seed=22)
    assert play_random(other, random.Random(22)) != games[0][1]


def test_the_default_chance_sampler_follows_the_seed() -> None:
    def run(seed: int) -> list[Action]:
        state = game.new_game(2, seed=seed, kingdoms=["romans", "greeks"])
        out: list[Action] = []
        while len(out) < 30 and not state.is_terminal():
            if state.current_player() == CHANCE:
                action = state.sample_chance()  # no generator: the game's own seed
                out.append(action)
            else:
                action = state.legal_actions()[-1]
            state.apply_action(action)
        return out

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_a_clone_plays_on_without_touching_the_original() -> None:
    state = midgame(4, 8, 120)
    before = state.to_json()
    legal_before = state.legal_actions()
    clone = state.clone()
    rng = random.Random(8)
    for _ in range(200):
        if clone.is_terminal():
            break
        clone.apply_action(random_action(clone, rng))
    clone.gen_level[0] = 4
    clone.dice.append(6)
    assert state.to_json() == before
    assert state.legal_actions() == legal_before
    assert clone.to_json() != before
    copied = copy.deepcopy(state)
    assert copied.to_json() == before and copied is not state


def test_legal_actions_returns_a_copy() -> None:
    state = _position()
    legal = state.legal_actions()
    legal.clear()
    assert state.legal_actions()


def test_chance_actions_are_outcomes_with_probabilities() -> None:
    state = _position()
    state.apply_action(EndTurn())
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == state.legal_actions()
    assert all(isinstance(a, Roll) for a, _ in outcomes)
    assert isinstance(BattleRoll(0, 0), Action) and isinstance(DrawCard(0), Action)
