"""The order of play: who decides next, what they may do, and dispatch of actions to the rules.

The quest-draw overlay comes first (a player owed a card chooses a deck, then chance deals it);
otherwise the phase decides (setup, roll, actions, Halt/Pass, battles).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate, combinations_with_replacement, repeat
from math import factorial
from operator import is_
from typing import TYPE_CHECKING, Any

from game.actions import (
    Action,
    BattleRoll,
    ChooseDeck,
    CommitCoin,
    EndTurn,
    FightAt,
    Halt,
    Move,
    Pass,
    PickKingdom,
    PlaceGeneral,
    Roll,
)
from game.core import (
    COIN_VALUES,
    P_ACTION,
    P_BATTLE_ORDER,
    P_BATTLE_ROLL,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    P_OVER,
    P_PICK,
    P_ROLL,
    IllegalActionError,
)
from game.kinds import HALT, PASS, TURN_ACTIONS
from game.rules import combat, moves, quests, setup, turn
from game.rules.explain import explain

if TYPE_CHECKING:
    from game.state_data import StateData


def _roll_outcomes() -> list[tuple[Action, float]]:
    """R4.1: four d6 as sorted multisets with multinomial probabilities (126 outcomes)."""
    out: list[tuple[Action, float]] = []
    for dice in combinations_with_replacement(range(1, 7), 4):
        ways = factorial(4)
        for value in set(dice):
            ways //= factorial(dice.count(value))
        out.append((Roll(dice), ways / 6**4))
    return out


ROLL_OUTCOMES = _roll_outcomes()
_BATTLE_FACES = {False: (1, 2, 3, 4, 5, 6), True: (0, 0, 1, 1, 1, 2)}  # R7.2 / R8.3


def _battle_outcomes(patched: bool) -> list[tuple[Action, float]]:
    faces = _battle_faces = _BATTLE_FACES[patched]
    p = 1 / len(_battle_faces)
    weights: dict[int, float] = {}
    for f in faces:
        weights[f] = weights.get(f, 0.0) + p
    return [
        (BattleRoll(a, d), wa * wd)
        for a, wa in sorted(weights.items())
        for d, wd in sorted(weights.items())
    ]


BATTLE_OUTCOMES = {flag: _battle_outcomes(flag) for flag in (False, True)}
ROLL_ACTIONS = [a for a, _ in ROLL_OUTCOMES]
BATTLE_ACTIONS = {flag: [a for a, _ in outcomes] for flag, outcomes in BATTLE_OUTCOMES.items()}
# The chance actions above are module constants that live as long as the program, so their ids
# name them: a roll handed out by chance_outcomes() is recognised without comparing fields.
_ROLL_IDS = frozenset(map(id, ROLL_ACTIONS))
_BATTLE_IDS = {flag: frozenset(map(id, actions)) for flag, actions in BATTLE_ACTIONS.items()}
COIN_ACTIONS = {v: CommitCoin(v) for v in sorted(set(COIN_VALUES))}
DECK_ACTIONS = (ChooseDeck(0), ChooseDeck(1))
HALT_ACTION, PASS_ACTION = Halt(), Pass()


def legal_actions(state: StateData) -> list[Action]:
    phase = state.phase
    if phase == P_ACTION and state.draw_deck < 0 and not state.draw_queue:
        return turn.legal_turn_actions(state)  # by far the most frequent, so asked first
    if phase == P_OVER:
        return []
    if state.draw_deck >= 0:
        return [a for a, _ in quests.draw_outcomes(state)]
    if state.draw_queue:
        return [DECK_ACTIONS[d] for d in quests.open_decks(state)]
    if phase == P_ROLL:
        return ROLL_ACTIONS[:]
    if phase == P_BATTLE_ROLL:
        return BATTLE_ACTIONS[state.rules.battle_dice][:]
    if phase == P_CONTINUE:
        return turn.legal_continuations(state)
    if phase == P_HALT:
        return [HALT_ACTION, PASS_ACTION]
    if phase == P_BATTLE_ORDER:
        return [turn.made(FightAt, c) for c in state.battles]
    if phase == P_COIN_ATTACKER:
        return [COIN_ACTIONS[v] for v in sorted(set(state.unplayed_coins(state.active)))]
    if phase == P_COIN_DEFENDER:
        seat = combat.defender_seat(state)
        return [COIN_ACTIONS[v] for v in sorted(set(state.unplayed_coins(seat)))]
    if phase == P_PICK:
        return [turn.made(PickKingdom, k) for k in range(6) if state.kingdom_seat[k] < 0]
    return setup.legal_placements(state)  # P_PLACE


def chance_outcomes(state: StateData) -> list[tuple[Action, float]]:
    if state.phase == P_OVER:
        return []
    if state.draw_deck >= 0:
        outcomes = quests.draw_outcomes(state)
        if state._legal is None:  # the same list, so that applying the draw need not redo it
            state._legal = [a for a, _ in outcomes]
        return outcomes
    if state.draw_queue:
        return []
    if state.phase == P_ROLL:
        return ROLL_OUTCOMES
    if state.phase == P_BATTLE_ROLL:
        return BATTLE_OUTCOMES[state.rules.battle_dice]
    return []


# Cumulative probabilities of the fixed outcome lists, summed in list order exactly as a linear
# walk sums them, so that bisecting picks the same outcome as walking the list would.
_CUMULATIVE = {
    id(outcomes): list(accumulate(p for _, p in outcomes))
    for outcomes in (ROLL_OUTCOMES, *BATTLE_OUTCOMES.values())
}


def sample_chance(state: StateData, rng: Any = None) -> Action:
    """Draw a chance outcome by probability: from ``rng`` if given, else from the game's seed."""
    outcomes = chance_outcomes(state)
    if not outcomes:
        raise IllegalActionError("no chance event is pending here")
    if rng is None:
        rng = random.Random(state.seed * 1_000_003 + state.chance_counter)
    x = rng.random()
    cumulative = _CUMULATIVE.get(id(outcomes))
    if cumulative is not None:
        return outcomes[min(bisect_right(cumulative, x), len(outcomes) - 1)][0]
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if x < acc:
            return action
    return outcomes[-1][0]


def _is_legal(state: StateData, action: Action) -> bool:
    """Whether ``action`` is legal here, for an action not found by identity in the list of
    ``legal_actions()`` (see ``apply_action``): equal copies parsed from text or rebuilt from
    JSON, and actions checked before any list was made."""
    legal = state._legal
    if state.draw_deck < 0 and not state.draw_queue:
        phase = state.phase
        if phase == P_ACTION:
            if isinstance(action, Move):
                # Moves are the long lists; checking one directly beats scanning them (R5).
                # A general or city index outside the board is refused before the search.
                # An action built by hand may hold anything: only ints are compared.
                n = state.board.num_nodes
                general, die = action.general, action.die
                src, dest = action.src, action.dest
                return (
                    type(general) is int
                    and type(die) is int
                    and type(src) is int
                    and type(dest) is int
                    and 0 <= general < 24
                    and 0 <= src < n
                    and 0 <= dest < n
                    and moves.is_legal_move(state, action)
                )
            if type(action) is EndTurn:
                return True  # R4.2: the active player may always end the turn
        elif phase == P_ROLL:
            # The roll outcomes are module constants: known by identity, or compared below.
            if id(action) in _ROLL_IDS:
                return True
        elif phase == P_BATTLE_ROLL and id(action) in _BATTLE_IDS[state.rules.battle_dice]:
            return True
    if legal is None:
        legal = state._legal = legal_actions(state)
        # The engine's actions are made once and offered again (turn.made), so an action
        # taken from another state's list is usually the very object: found at C speed.
        if any(map(is_, legal, repeat(action))):
            return True
    return action in legal  # equal copies: a dataclass comparison per action passed


def apply_action(state: StateData, action: Action) -> None:
    legal = state._legal
    # An action handed out by legal_actions() for this very state is found by identity, at C
    # speed; anything else takes the full checks.
    if legal is None or not any(map(is_, legal, repeat(action))):
        if not isinstance(action, Action):
            raise IllegalActionError(f"R4: {action!r} is not an action (see game.actions)")
        if not _is_legal(state, action):
            raise IllegalActionError(explain(state, action))
    apply_legal_action(state, action)


def apply_legal_action(state: StateData, action: Action) -> None:
    """``apply_action`` without its check, for an action the caller knows to be legal here:
    one of ``legal_actions()`` of this state or of an equal one (a search replaying a path it
    has already walked from the same position). Anything else leaves the state broken."""
    state._legal = None
    if state.draw_deck >= 0 or state.draw_queue:
        if isinstance(action, ChooseDeck):
            state.draw_deck = action.deck
        else:
            state.chance_counter += 1
            quests.apply_draw(state, action)
        return
    # A group of actions that goes one way is told by its kinds; an action whose fields are
    # read, by its class, which tells the type checker the fields (and costs no more).
    kind = action.kind
    if kind in TURN_ACTIONS:  # by far the most frequent, so asked first
        turn.apply_turn_action(state, action)
    elif isinstance(action, Roll):
        state.chance_counter += 1
        turn.start_actions(state, action)
    elif kind in (HALT, PASS):
        turn.apply_halt_decision(state, kind == HALT)
    elif isinstance(action, FightAt):
        combat.start_battle(state, action.city)
    elif isinstance(action, CommitCoin):
        combat.commit_coin(state, action.value)
    elif isinstance(action, BattleRoll):
        state.chance_counter += 1
        combat.resolve_roll(state, action)
    elif isinstance(action, PickKingdom):
        setup.pick_kingdom(state, action.kingdom)
    elif isinstance(action, PlaceGeneral):
        setup.place_general(state, action)
    else:  # pragma: no cover - every legal action kind is handled above
        raise IllegalActionError(f"unhandled action {action.describe(state.board)}")
