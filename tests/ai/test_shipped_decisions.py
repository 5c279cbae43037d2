"""What every shipped search and level decides, pinned: a change to how the AI is put together
must not change how it plays.

The levels a player meets (``ai.levels``: beginner, easy, normal, and hard and expert, which
saves may name), the ``ismcts`` budgets of the command line, the frozen baseline of the arena
(``ismcts-v1``), the hint (``ai.hint``) and the review (``ai.review``) are each asked at fixed
seeds about positions of every kind of decision, at two and at four seats. For each the test
holds the action chosen, the iterations run (a search stops once its choice is settled, so the
count moves with any change in the visits) and a checksum of everything it says about the
root (every action's visit share and win chance); for the review, the decision it records.

The positions come from seeded games of the greedy agent on map 2, whose moves depend on the
engine and the hand-built evaluation only. A change meant to change the play (an engine rule,
a retrained model in ``ai/data``, a new preset) changes the expected values with it: record
them anew with ``python -m tests.ai.test_shipped_decisions`` and review the diff.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from functools import cache

import pytest

import ai
import game
from ai.agents import Agent, Thinking
from ai.levels import level_agent
from ai.review import Review
from game import (
    CHANCE,
    P_ACTION,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    P_PICK,
    P_PLACE,
    GameState,
)
from lab.baselines import agent_from_spec
from tests.ai.helpers import run_to_end, turn_decisions

MAP = 1  # a published map never changes (R2.5), so the positions do not move with a new one
Finder = Callable[[GameState, int], bool]


def _settled(state: GameState) -> bool:
    return not state.draw_queue and state.draw_deck < 0


FINDERS: dict[str, Finder] = {
    # The second pick onwards: a kingdom already taken is what a book's reply is about.
    "pick": lambda s, n: s.phase == P_PICK and n < 6,
    "place": lambda s, n: s.phase == P_PLACE,
    "deck": lambda s, n: bool(s.draw_queue) and s.draw_deck < 0,
    "turn": lambda s, n: (
        s.phase == P_ACTION and _settled(s) and s.round >= 3 and len(s.dice) == 4 and n >= 10
    ),
    "midturn": lambda s, n: (
        s.phase == P_ACTION and _settled(s) and s.round >= 3 and len(s.dice) == 2 and n >= 5
    ),
    "attacker-coin": lambda s, n: s.phase == P_COIN_ATTACKER and _settled(s),
    "defender-coin": lambda s, n: s.phase == P_COIN_DEFENDER and _settled(s),
    "halt": lambda s, n: s.phase == P_HALT and not s.draw_queue,
    "continue": lambda s, n: s.phase == P_CONTINUE and not s.draw_queue,
}


@cache
def positions(players: int) -> dict[str, GameState]:
    """The first decision of each kind with a real choice in seeded greedy games."""
    found: dict[str, GameState] = {}
    greedy = ai.make_agent("greedy")
    for seed in range(1, 6):
        rng = random.Random(seed)
        state = game.new_game(players, seed=seed, board=game.get_map(MAP))
        while not state.is_terminal() and state.round < 8 and len(found) < len(FINDERS):
            seat = state.current_player()
            if seat == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                for kind, finder in FINDERS.items():
                    if kind not in found and finder(state, len(legal)):
                        found[kind] = state.clone()
            state.apply_action(greedy.choose(state.observe(seat), legal, rng))
    return found


# A two-seat game goes on after a pass too seldom to meet it in five short games.
KINDS = {2: tuple(k for k in FINDERS if k != "continue"), 4: tuple(FINDERS)}
CASES = [(players, kind) for players, kinds in KINDS.items() for kind in kinds]

# Who decides, by an agent spec or a level: cheap enough for every position.
EVERYWHERE = (
    "level:beginner",
    "level:easy",
    "level:normal",
    "ismcts:easy",
    "ismcts-v1:easy",
    "ismcts-v1:normal",
)
# Budgets too big for every position: the decisions where most of the play is.
HEAVY: dict[str, tuple[tuple[int, str], ...]] = {
    "level:hard": ((2, "turn"), (4, "turn"), (2, "attacker-coin")),
    "level:expert": ((2, "midturn"),),
    "ismcts-v1:hard": ((4, "turn"),),
}
REVIEW_SEED = 7


def _agent(who: str) -> Agent:
    if who.startswith("level:"):
        return level_agent(who.removeprefix("level:"))
    return agent_from_spec(who)


def _rows(insights: list[ai.Insight]) -> int:
    text = "|".join(f"{i.action!r}:{i.visit_share:.9f}:{i.win_chance:.9f}" for i in insights)
    return zlib.crc32(text.encode())


Fingerprint = tuple[str, int, int]


def decide(who: str, state: GameState, seed: int) -> Fingerprint:
    """The action chosen, the iterations run (-1 without a search) and the root's checksum."""
    view = state.observe(state.current_player())
    thinking = run_to_end(_agent(who).begin(view, state.legal_actions(), random.Random(seed)))
    iterations = getattr(thinking, "iterations", -1)
    return repr(thinking.best_action()), iterations, _rows(thinking.explain(1000))


def hint(state: GameState, seed: int) -> Fingerprint:
    """The hint button's answer, every action it judged with the chance it would show."""
    seat = state.current_player()
    found = ai.hint(state.observe(seat), state.legal_actions(), seed=seed, top=1000)
    return repr(found[0].action), len(found), _rows(found)


def review(state: GameState, budget: str) -> tuple[str, str, int]:
    """The review of one decision, the last legal action played (so that the search prefers
    another, mostly, and the comparison runs): the action preferred and a checksum of the
    chances it records."""
    seat = state.current_player()
    played = state.legal_actions()[-1]
    decisions = Review(state, [played], [seat], budget, REVIEW_SEED).run().decisions
    (d,) = decisions
    text = f"{d.before:.9f}|{d.after:.9f}|{d.best_chance:.9f}|" + "|".join(
        f"{c:.9f}" for c in d.chances
    )
    return repr(played), repr(d.best), zlib.crc32(text.encode())


def _turn_fingerprint(thinking: Thinking) -> Fingerprint:
    return (repr(thinking.best_action()), getattr(thinking, "iterations", -1),
            _rows(thinking.explain(1000)))  # fmt: skip


def play_turn(who: str, state: GameState, seed: int) -> list[Fingerprint]:
    """The seat's decisions through the rest of its turn: each search after the first starts
    from the subtree the previous one kept."""
    return turn_decisions(_agent(who), state, seed, _turn_fingerprint)


def _seed(players: int, kind: str) -> int:
    return players * 100 + list(FINDERS).index(kind)


def test_every_kind_of_decision_is_found() -> None:
    for players, kinds in KINDS.items():
        assert set(kinds) <= set(positions(players)), players


@pytest.mark.parametrize(("players", "kind"), CASES)
def test_the_shipped_agents_decide_as_recorded(players: int, kind: str) -> None:
    state = positions(players)[kind]
    seed = _seed(players, kind)
    got = {who: decide(who, state, seed) for who in EVERYWHERE}
    assert got == EXPECTED[players, kind]


@pytest.mark.parametrize(("players", "kind"), CASES)
def test_the_hint_and_the_quick_review_decide_as_recorded(players: int, kind: str) -> None:
    state = positions(players)[kind]
    got = (hint(state, _seed(players, kind)), review(state, "quick"))
    assert got == EXPECTED_HINT_REVIEW[players, kind]


@pytest.mark.parametrize(
    ("who", "players", "kind"), [(w, p, k) for w, cases in HEAVY.items() for p, k in cases]
)
def test_the_big_budgets_decide_as_recorded(who: str, players: int, kind: str) -> None:
    state = positions(players)[kind]
    assert decide(who, state, _seed(players, kind)) == EXPECTED_HEAVY[who, players, kind]


@pytest.mark.parametrize("players", [2, 4])
def test_the_thorough_review_decides_as_recorded(players: int) -> None:
    assert review(positions(players)["turn"], "thorough") == EXPECTED_THOROUGH[players]


@pytest.mark.parametrize("players", [2, 4])
def test_a_turn_of_the_normal_level_with_reused_trees_is_as_recorded(players: int) -> None:
    got = play_turn("level:normal", positions(players)["turn"], 11)
    assert got == EXPECTED_TURN[players]


def record() -> str:
    """The expected tables below, as this code finds them now."""
    lines = ["EXPECTED = {"]
    for players, kind in CASES:
        state = positions(players)[kind]
        got = {who: decide(who, state, _seed(players, kind)) for who in EVERYWHERE}
        lines.append(f"    ({players}, {kind!r}): {got!r},")
    lines += ["}", "", "EXPECTED_HINT_REVIEW = {"]
    for players, kind in CASES:
        state = positions(players)[kind]
        got_hr = (hint(state, _seed(players, kind)), review(state, "quick"))
        lines.append(f"    ({players}, {kind!r}): {got_hr!r},")
    lines += ["}", "", "EXPECTED_HEAVY = {"]
    for who, cases in HEAVY.items():
        for players, kind in cases:
            state = positions(players)[kind]
            got_one = decide(who, state, _seed(players, kind))
            lines.append(f"    ({who!r}, {players}, {kind!r}): {got_one!r},")
    lines += ["}", "", "EXPECTED_THOROUGH = {"]
    for players in (2, 4):
        lines.append(f"    {players}: {review(positions(players)['turn'], 'thorough')!r},")
    lines += ["}", "", "EXPECTED_TURN = {"]
    for players in (2, 4):
        lines.append(
            f"    {players}: {play_turn('level:normal', positions(players)['turn'], 11)!r},"
        )
    lines.append("}")
    return "\n".join(lines)


EXPECTED: dict[tuple[int, str], dict[str, Fingerprint]] = {
    (2, "pick"): {
        "level:beginner": ("PickKingdom(kingdom=5)", -1, 839824452),
        "level:easy": ("PickKingdom(kingdom=5)", -1, 3049973739),
        "level:normal": ("PickKingdom(kingdom=3)", -1, 3464009725),
        "ismcts:easy": ("PickKingdom(kingdom=2)", 30, 4247715451),
        "ismcts-v1:easy": ("PickKingdom(kingdom=2)", 30, 4247715451),
        "ismcts-v1:normal": ("PickKingdom(kingdom=2)", 168, 3301354176),
    },
    (2, "place"): {
        "level:beginner": ("PlaceGeneral(general=3, city=4)", -1, 151823929),
        "level:easy": ("PlaceGeneral(general=3, city=4)", -1, 1919063261),
        "level:normal": ("PlaceGeneral(general=3, city=4)", 152, 3215533644),
        "ismcts:easy": ("PlaceGeneral(general=3, city=4)", 30, 43258929),
        "ismcts-v1:easy": ("PlaceGeneral(general=3, city=4)", 30, 43258929),
        "ismcts-v1:normal": ("PlaceGeneral(general=3, city=4)", 192, 2700114149),
    },
    (2, "deck"): {
        "level:beginner": ("ChooseDeck(deck=1)", -1, 3060932563),
        "level:easy": ("ChooseDeck(deck=1)", -1, 1583263197),
        "level:normal": ("ChooseDeck(deck=1)", 112, 1773325844),
        "ismcts:easy": ("ChooseDeck(deck=1)", 24, 713458658),
        "ismcts-v1:easy": ("ChooseDeck(deck=1)", 24, 713458658),
        "ismcts-v1:normal": ("ChooseDeck(deck=1)", 136, 2273200532),
    },
    (2, "turn"): {
        "level:beginner": ("Trade(dice=(1, 1, 1))", -1, 344835730),
        "level:easy": ("EndTurn()", -1, 3527778458),
        "level:normal": ("Trade(dice=(1, 1, 1))", 144, 2931907107),
        "ismcts:easy": ("Trade(dice=(1, 1, 1))", 30, 3967013412),
        "ismcts-v1:easy": ("Trade(dice=(1, 1, 1))", 30, 3967013412),
        "ismcts-v1:normal": ("Trade(dice=(1, 1, 1))", 176, 84518304),
    },
    (2, "midturn"): {
        "level:beginner": ("Train(general=1, die=6)", -1, 3552026474),
        "level:easy": ("Build(general=3, die=6, source=0, island=99)", -1, 2962549385),
        "level:normal": ("Train(general=1, die=6)", 144, 2008932954),
        "ismcts:easy": ("Train(general=1, die=6)", 30, 504137038),
        "ismcts-v1:easy": ("Train(general=1, die=6)", 30, 406893846),
        "ismcts-v1:normal": ("EndTurn()", 168, 1508022783),
    },
    (2, "attacker-coin"): {
        "level:beginner": ("CommitCoin(value=3)", -1, 1167112381),
        "level:easy": ("CommitCoin(value=3)", -1, 2009906755),
        "level:normal": ("CommitCoin(value=3)", 160, 2819001591),
        "ismcts:easy": ("CommitCoin(value=2)", 30, 1447523624),
        "ismcts-v1:easy": ("CommitCoin(value=2)", 30, 3884033512),
        "ismcts-v1:normal": ("CommitCoin(value=3)", 200, 2014336381),
    },
    (2, "defender-coin"): {
        "level:beginner": ("CommitCoin(value=3)", -1, 1167112381),
        "level:easy": ("CommitCoin(value=3)", -1, 2009906755),
        "level:normal": ("CommitCoin(value=3)", 104, 257424916),
        "ismcts:easy": ("CommitCoin(value=3)", 24, 3978132548),
        "ismcts-v1:easy": ("CommitCoin(value=3)", 24, 342103245),
        "ismcts-v1:normal": ("CommitCoin(value=3)", 128, 3620948999),
    },
    (2, "halt"): {
        "level:beginner": ("Halt()", -1, 2050316110),
        "level:easy": ("Halt()", -1, 3289702597),
        "level:normal": ("Halt()", 128, 2410478768),
        "ismcts:easy": ("Halt()", 24, 1326623224),
        "ismcts-v1:easy": ("Halt()", 24, 1326623224),
        "ismcts-v1:normal": ("Pass()", 192, 3303098930),
    },
    (4, "pick"): {
        "level:beginner": ("PickKingdom(kingdom=5)", -1, 839824452),
        "level:easy": ("PickKingdom(kingdom=5)", -1, 2584145994),
        "level:normal": ("PickKingdom(kingdom=2)", -1, 3380656234),
        "ismcts:easy": ("PickKingdom(kingdom=1)", 30, 3608907845),
        "ismcts-v1:easy": ("PickKingdom(kingdom=1)", 30, 3608907845),
        "ismcts-v1:normal": ("PickKingdom(kingdom=2)", 184, 1790669995),
    },
    (4, "place"): {
        "level:beginner": ("PlaceGeneral(general=3, city=8)", -1, 4069163776),
        "level:easy": ("PlaceGeneral(general=3, city=3)", -1, 2892196102),
        "level:normal": ("PlaceGeneral(general=3, city=3)", 232, 1526431641),
        "ismcts:easy": ("PlaceGeneral(general=3, city=8)", 30, 1470134118),
        "ismcts-v1:easy": ("PlaceGeneral(general=3, city=8)", 30, 1470134118),
        "ismcts-v1:normal": ("PlaceGeneral(general=3, city=8)", 168, 2425950698),
    },
    (4, "deck"): {
        "level:beginner": ("ChooseDeck(deck=1)", -1, 1149748589),
        "level:easy": ("ChooseDeck(deck=1)", -1, 3773762895),
        "level:normal": ("ChooseDeck(deck=1)", 168, 1689345825),
        "ismcts:easy": ("ChooseDeck(deck=1)", 24, 2315741853),
        "ismcts-v1:easy": ("ChooseDeck(deck=1)", 24, 2315741853),
        "ismcts-v1:normal": ("ChooseDeck(deck=1)", 136, 308098103),
    },
    (4, "turn"): {
        "level:beginner": ("EndTurn()", -1, 2527655030),
        "level:easy": ("Build(general=3, die=5, source=0, island=99)", -1, 3297233190),
        "level:normal": ("EndTurn()", 256, 2785266088),
        "ismcts:easy": ("Trade(dice=(5, 5, 5))", 30, 3210455869),
        "ismcts-v1:easy": ("EndTurn()", 30, 3151240110),
        "ismcts-v1:normal": ("Trade(dice=(5, 5, 5))", 200, 2263792924),
    },
    (4, "midturn"): {
        "level:beginner": ("Move(general=2, die=6, src=15, dest=33)", -1, 833796194),
        "level:easy": ("Build(general=3, die=5, source=0, island=99)", -1, 1971089390),
        "level:normal": ("Move(general=2, die=6, src=15, dest=33)", 232, 2808549428),
        "ismcts:easy": ("Move(general=2, die=6, src=15, dest=33)", 30, 24337584),
        "ismcts-v1:easy": ("Move(general=0, die=6, src=0, dest=17)", 30, 3804728150),
        "ismcts-v1:normal": ("Move(general=2, die=6, src=15, dest=33)", 184, 2230852164),
    },
    (4, "attacker-coin"): {
        "level:beginner": ("CommitCoin(value=3)", -1, 2489183088),
        "level:easy": ("CommitCoin(value=3)", -1, 4215869213),
        "level:normal": ("CommitCoin(value=0)", 260, 3568976259),
        "ismcts:easy": ("CommitCoin(value=2)", 30, 2746984663),
        "ismcts-v1:easy": ("CommitCoin(value=2)", 30, 2746984663),
        "ismcts-v1:normal": ("CommitCoin(value=0)", 200, 1288160739),
    },
    (4, "defender-coin"): {
        "level:beginner": ("CommitCoin(value=3)", -1, 4123689073),
        "level:easy": ("CommitCoin(value=3)", -1, 4215869213),
        "level:normal": ("CommitCoin(value=3)", 256, 3708794050),
        "ismcts:easy": ("CommitCoin(value=3)", 30, 194794512),
        "ismcts-v1:easy": ("CommitCoin(value=3)", 30, 4016973656),
        "ismcts-v1:normal": ("CommitCoin(value=3)", 192, 1364074179),
    },
    (4, "halt"): {
        "level:beginner": ("Halt()", -1, 2173940400),
        "level:easy": ("Pass()", -1, 3894150754),
        "level:normal": ("Halt()", 208, 2527694768),
        "ismcts:easy": ("Halt()", 24, 2731401862),
        "ismcts-v1:easy": ("Halt()", 24, 2731401862),
        "ismcts-v1:normal": ("Halt()", 168, 3567292651),
    },
    (4, "continue"): {
        "level:beginner": ("Continue(general=23, src=15, dest=2)", -1, 2163870181),
        "level:easy": ("Continue(general=23, src=15, dest=16)", -1, 1966246607),
        "level:normal": ("Continue(general=23, src=15, dest=2)", 160, 2481525152),
        "ismcts:easy": ("Continue(general=23, src=15, dest=2)", 24, 375422876),
        "ismcts-v1:easy": ("Continue(general=23, src=15, dest=2)", 24, 3919598649),
        "ismcts-v1:normal": ("Continue(general=23, src=15, dest=2)", 160, 3407257896),
    },
}

EXPECTED_HINT_REVIEW: dict[tuple[int, str], tuple[Fingerprint, tuple[str, str, int]]] = {
    (2, "pick"): (
        ("PickKingdom(kingdom=3)", 5, 3464009725),
        ("PickKingdom(kingdom=5)", "PickKingdom(kingdom=3)", 2350527291),
    ),
    (2, "place"): (
        ("PlaceGeneral(general=3, city=4)", 10, 4164139305),
        ("PlaceGeneral(general=3, city=57)", "PlaceGeneral(general=3, city=4)", 3100059114),
    ),
    (2, "deck"): (
        ("ChooseDeck(deck=1)", 2, 2988839977),
        ("ChooseDeck(deck=1)", "ChooseDeck(deck=1)", 1813840009),
    ),
    (2, "turn"): (
        ("Trade(dice=(1, 1, 1))", 15, 1366101662),
        ("EndTurn()", "Trade(dice=(1, 1, 1))", 1813314775),
    ),
    (2, "midturn"): (
        ("Train(general=1, die=6)", 47, 2779018878),
        ("EndTurn()", "Train(general=1, die=6)", 256126214),
    ),
    (2, "attacker-coin"): (
        ("CommitCoin(value=3)", 4, 2067503716),
        ("CommitCoin(value=3)", "CommitCoin(value=3)", 2437425314),
    ),
    (2, "defender-coin"): (
        ("CommitCoin(value=3)", 4, 2974045939),
        ("CommitCoin(value=3)", "CommitCoin(value=3)", 1737329407),
    ),
    (2, "halt"): (("Pass()", 2, 509771899), ("Pass()", "Halt()", 3612778730)),
    (4, "pick"): (
        ("PickKingdom(kingdom=2)", 5, 3380656234),
        ("PickKingdom(kingdom=5)", "PickKingdom(kingdom=2)", 3494555533),
    ),
    (4, "place"): (
        ("PlaceGeneral(general=3, city=8)", 10, 2782667709),
        ("PlaceGeneral(general=3, city=57)", "PlaceGeneral(general=3, city=8)", 4013470307),
    ),
    (4, "deck"): (
        ("ChooseDeck(deck=1)", 2, 3946960589),
        ("ChooseDeck(deck=1)", "ChooseDeck(deck=1)", 1908868388),
    ),
    (4, "turn"): (("EndTurn()", 29, 4108499422), ("EndTurn()", "EndTurn()", 2441427493)),
    (4, "midturn"): (
        ("Move(general=2, die=6, src=15, dest=33)", 161, 3271474796),
        ("EndTurn()", "Move(general=2, die=6, src=15, dest=33)", 652593085),
    ),
    (4, "attacker-coin"): (
        ("CommitCoin(value=1)", 4, 207153801),
        ("CommitCoin(value=3)", "CommitCoin(value=0)", 1202382981),
    ),
    (4, "defender-coin"): (
        ("CommitCoin(value=3)", 4, 3996903834),
        ("CommitCoin(value=3)", "CommitCoin(value=3)", 2063759419),
    ),
    (4, "halt"): (("Halt()", 2, 1722828146), ("Pass()", "Halt()", 182893224)),
    (4, "continue"): (
        ("Continue(general=23, src=15, dest=2)", 3, 583170803),
        (
            "Continue(general=23, src=15, dest=16)",
            "Continue(general=23, src=15, dest=2)",
            1777762432,
        ),
    ),
}

EXPECTED_HEAVY: dict[tuple[str, int, str], Fingerprint] = {
    ("level:hard", 2, "turn"): ("Trade(dice=(1, 1, 2))", 1048, 146538541),
    ("level:hard", 4, "turn"): ("Trade(dice=(5, 5, 5))", 1264, 4024171331),
    ("level:hard", 2, "attacker-coin"): ("CommitCoin(value=3)", 1400, 826586191),
    ("level:expert", 2, "midturn"): ("Move(general=1, die=2, src=1, dest=6)", 9368, 161858876),
    ("ismcts-v1:hard", 4, "turn"): ("Trade(dice=(5, 5, 5))", 1200, 314316602),
}

EXPECTED_THOROUGH: dict[int, tuple[str, str, int]] = {
    2: ("EndTurn()", "Trade(dice=(1, 1, 1))", 903991833),
    4: ("EndTurn()", "EndTurn()", 860027053),
}

EXPECTED_TURN: dict[int, list[Fingerprint]] = {
    2: [("Trade(dice=(1, 1, 2))", 152, 3122029821), ("Train(general=1, die=6)", 112, 1358220764)],
    4: [
        ("Trade(dice=(5, 5, 5))", 260, 656780428),
        ("Move(general=2, die=6, src=15, dest=17)", 208, 935149145),
    ],
}


if __name__ == "__main__":
    print(record())
