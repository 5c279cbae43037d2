"""The invariants every state reached by play keeps, re-derived for a state read from outside.

A state read from JSON (``game.state_reader``) has fields of the right types and ranges; this
module checks that they also fit together the way play makes them fit: the phase and what it
needs (an interrupted move, a battle, a committed coin), who holds which quest card, the
points they give, the floors of each player, who stands where. A state that passes can be
played to the end; one that does not is refused with ``StateFormatError`` naming what is wrong.

Setup positions are checked by rebuilding them: setup has no chance, so the picks and
placements a state shows determine it entirely.
"""

from __future__ import annotations

from collections import Counter

from game.actions import PickKingdom, PlaceGeneral
from game.core import (
    ALL_COINS,
    NUM_ROUNDS,
    P_ACTION,
    P_BATTLE_ORDER,
    P_BATTLE_ROLL,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    P_OVER,
    P_PICK,
    P_PLACE,
    P_ROLL,
    PHASE_NAMES,
)
from game.jsontext import StateFormatError
from game.rules import actor, flow, quests, scoring
from game.state_data import StateData
from game.state_writer import state_to_dict

_MOVING = (P_ACTION, P_HALT, P_CONTINUE)
_FIGHTING = (P_BATTLE_ORDER, P_COIN_ATTACKER, P_COIN_DEFENDER, P_BATTLE_ROLL)


def _damaged(detail: str) -> StateFormatError:
    return StateFormatError(f"The saved game is damaged: {detail}.")


def check_state(state: StateData) -> None:
    """Refuse ``state`` unless play could have reached it; see the module docstring."""
    if state.phase in (P_PICK, P_PLACE):
        _check_setup(state)
    else:
        _check_play(state)
    _check_playable(state)


# -- setup -------------------------------------------------------------------------------------


def _check_setup(state: StateData) -> None:
    n = state.num_players
    rebuilt = StateData(state.board, state.rules, n, state.seed)
    rebuilt.chance_counter = state.chance_counter
    if state.phase == P_PICK:
        if state.setup_seat >= n:
            raise _damaged("every kingdom is picked, yet the game is still picking")
        picks = state.seat_kingdom[: state.setup_seat]
        if -1 in picks or any(k >= 0 for k in state.seat_kingdom[state.setup_seat :]):
            raise _damaged("kingdoms are picked out of seat order (R3.1)")
        for k in picks:
            flow.apply_action(rebuilt, PickKingdom(k))
    else:
        if -1 in state.seat_kingdom:
            raise _damaged("a seat places its general before every kingdom is picked (R3.3)")
        if state.setup_seat >= n:
            raise _damaged("every general is placed, yet the game is still placing")
        for k in state.seat_kingdom:
            flow.apply_action(rebuilt, PickKingdom(k))
        for seat in range(state.setup_seat):
            g = state.seat_kingdom[seat] * 4 + 3
            placement = PlaceGeneral(g, state.gen_city[g])
            if placement not in flow.legal_actions(rebuilt):
                raise _damaged(f"{state.board.generals[g].name_en} starts where it may not (R3.3)")
            flow.apply_action(rebuilt, placement)
    if state_to_dict(rebuilt) != state_to_dict(state):
        raise _damaged("the setup does not follow from the kingdoms picked and generals placed")


# -- play --------------------------------------------------------------------------------------


def _check_play(state: StateData) -> None:
    if -1 in state.seat_kingdom:
        raise _damaged("a seat plays without a kingdom (R3.1)")
    if state.setup_seat != 0:
        raise _damaged("the setup seat is set after setup")
    _check_generals(state)
    _check_towers(state)
    _check_turn(state)
    _check_coins(state)
    _check_quests(state)
    _check_end(state)


def _name(state: StateData, g: int) -> str:
    return state.board.generals[g].name_en


def _check_generals(state: StateData) -> None:
    board = state.board
    active = state.active
    per_city: dict[int, list[int]] = {}
    for seat, k in enumerate(state.seat_kingdom):
        for g in range(k * 4, k * 4 + 4):
            city = state.gen_city[g]
            back = state.gen_return[g]
            if city >= 0:
                if back >= 0:
                    raise _damaged(f"{_name(state, g)} is on the board and on the time track")
                per_city.setdefault(city, []).append(seat)
            elif not 1 <= back <= state.round + 1:
                raise _damaged(
                    f"{_name(state, g)} is off the board without a season to return in "
                    f"up to {state.round + 1} (R6.1, R7.3)"
                )
            if state.acted >> g & 1 and seat != active:
                raise _damaged(f"{_name(state, g)} acted out of its player's turn (R4.2)")
    if state.acted >> 24:
        raise _damaged("a general that does not exist acted")
    for city, seats in per_city.items():
        where = board.nodes[city].name_en
        if len(set(seats)) < len(seats):
            raise _damaged(f"two generals of one player share {where} (R5.2)")
        if len(seats) > 2 or (len(seats) == 2 and active not in seats):
            raise _damaged(f"{where} holds generals of players who should have fought (R7.1)")
        if len(seats) == 2 and state.phase in (P_ROLL, P_OVER):
            raise _damaged(f"the battle at {where} was never fought (R7.1)")


def _check_towers(state: StateData) -> None:
    board = state.board
    n = state.num_players
    for c in range(board.num_cities):
        where = board.nodes[c].name_en
        if board.is_island[c]:
            stack = state.island_stack[c]
            if len(stack) > 1:
                # R9.5: the build that makes the second floor completes the quest at once.
                raise _damaged(f"the island tower of {where} has {len(stack)} floors (R9.5)")
            if stack and not state.rules.quests:
                raise _damaged(f"{where} has a tower without the quest rules (R9.5)")
        elif board.is_capital[c]:
            owner = state.kingdom_seat[board.city_kingdom[c]]
            if state.tower_owner[c] != owner:
                raise _damaged(f"the tower of {where} is not its kingdom's (R3.2)")
            if owner < 0 and state.floors[c]:
                raise _damaged(f"{where} has floors, but nobody plays its kingdom (R3.2)")
    for s in range(n):
        if state.trophies[s * n + s]:
            raise _damaged(f"seat {s + 1} holds trophies of its own floors")
        lost = sum(state.trophies[d * n + s] for d in range(n))
        total = state.floors_standing(s) + lost + state.floors_off[s]
        if total != 9:
            raise _damaged(f"seat {s + 1} has {total} floors in all, not 9 (R1.2)")


def _check_turn(state: StateData) -> None:
    phase = state.phase
    acted = bin(state.acted).count("1")
    if phase in _MOVING:
        # R4.2, R4.3: each action uses one die and marks its general; a trade makes 3 dice 1.
        # (Fewer is allowed: a position set up by hand may start a turn with fewer dice.)
        most = 4 - acted - 2 * state.traded
        if len(state.dice) > most:
            raise _damaged(f"{len(state.dice)} dice are left where the actions taken leave {most}")
        if phase == P_ACTION and not state.dice:
            raise _damaged("the turn goes on with no die left (R4.2)")
    elif state.dice:
        raise _damaged(f"dice are left over in the phase {PHASE_NAMES[phase]}")
    if phase in (P_ROLL, P_OVER) and (state.acted or state.traded or state.trained):
        raise _damaged("the turn about to start already has actions in it")
    if state.trained and not state.acted:
        raise _damaged("a general trained without acting (R6.3)")
    _check_pending_move(state)
    _check_battles(state)


def _check_pending_move(state: StateData) -> None:
    phase = state.phase
    g = state.pend_general
    if phase not in (P_HALT, P_CONTINUE):
        if g >= 0 or state.pend_points or state.halt_seat >= 0:
            raise _damaged("an interrupted move is kept outside Halt or Pass (R5.4)")
        return
    if g < 0:
        raise _damaged(f"the phase {PHASE_NAMES[phase]} has no interrupted move (R5.4)")
    k = state.seat_kingdom[state.active]
    city = state.gen_city[g]
    if g >> 2 != k or city < 0 or not state.acted >> g & 1:
        raise _damaged("the interrupted move is not one the active player made (R5.4)")
    if phase == P_HALT:
        if state.pend_points <= 0:
            raise _damaged("the mover asked for Halt or Pass has no points left (R5.4)")
        enemies = {state.kingdom_seat[o >> 2] for o, c in enumerate(state.gen_city) if c == city}
        if state.halt_seat == state.active or state.halt_seat not in enemies:
            raise _damaged("the player asked for Halt or Pass has no general there (R5.4)")
    elif state.halt_seat >= 0:
        raise _damaged("a Halt or Pass is asked after it was answered (R5.4)")


def _meetings(state: StateData) -> set[int]:
    k = state.seat_kingdom[state.active]
    own = {c for c in state.gen_city[k * 4 : k * 4 + 4] if c >= 0}
    return {c for g, c in enumerate(state.gen_city) if c in own and g >> 2 != k}


def _check_battles(state: StateData) -> None:
    phase = state.phase
    battles = state.battles
    if phase not in _FIGHTING:
        if battles or state.battle_city >= 0:
            raise _damaged(f"a battle is pending in the phase {PHASE_NAMES[phase]} (R7.1)")
        return
    if len(set(battles)) != len(battles):
        raise _damaged("a battle is listed twice (R7.1)")
    fought = set(battles) | ({state.battle_city} if state.battle_city >= 0 else set())
    if fought != _meetings(state):
        raise _damaged("the battles listed are not where the generals meet (R7.1)")
    if phase == P_BATTLE_ORDER:
        if state.battle_city >= 0 or len(battles) < 2:
            raise _damaged("the attacker chooses a battle with no choice to make (R7.1)")
    elif state.battle_city < 0 or state.battle_city in battles:
        raise _damaged("the battle being fought is not set (R7.1)")
    if phase in (P_COIN_ATTACKER, P_COIN_DEFENDER) and not state.rules.coins:
        raise _damaged("a coin is asked for without the coin rules (R8.1)")


def _check_coins(state: StateData) -> None:
    if not state.rules.coins:
        if any(state.coins_played) or state.coin_attacker >= 0 or state.coin_defender >= 0:
            raise _damaged("coins are played without the coin rules (R8.1)")
        return
    for s, played in enumerate(state.coins_played):
        if played == ALL_COINS:
            raise _damaged(
                f"seat {s + 1} has played all five coins without taking them back (R8.1)"
            )
    phase = state.phase
    want_attacker = phase in (P_COIN_DEFENDER, P_BATTLE_ROLL)
    want_defender = phase == P_BATTLE_ROLL
    for index, wanted, seat, who in (
        (state.coin_attacker, want_attacker, state.active, "attacker"),
        (state.coin_defender, want_defender, _defender_seat(state), "defender"),
    ):
        if (index >= 0) != wanted:
            raise _damaged(f"the {who}'s coin does not fit the phase {PHASE_NAMES[phase]} (R8.1)")
        if index >= 0 and state.coins_played[seat] >> index & 1:
            raise _damaged(f"the {who} committed a coin already played (R8.1)")


def _defender_seat(state: StateData) -> int:
    city = state.battle_city
    for g, c in enumerate(state.gen_city):
        if c == city and c >= 0 and state.kingdom_seat[g >> 2] != state.active:
            return state.kingdom_seat[g >> 2]
    return -1


def _check_quests(state: StateData) -> None:
    n = state.num_players
    cards = state.board.cards
    held = [card for place in (*state.decks, *state.hands, *state.completed) for card in place]
    if not state.rules.quests:
        if held or state.draw_queue or state.draw_deck >= 0:
            raise _damaged("quest cards are in play without the quest rules (R8.5)")
        if any(state.points) or any(state.first_floor_point) or any(state.floors_off):
            raise _damaged("quest points are kept without the quest rules (R8.5)")
        return
    duplicated = [cards[c].id for c, count in Counter(held).items() if count > 1]
    if duplicated:
        raise _damaged(f"the quest card {duplicated[0]} is in play twice (R9.1)")
    # R9.1: the cards of the game are those of the kingdoms in play, each in exactly one place.
    dealt = {c for deck in quests.initial_decks(state.board, set(state.seat_kingdom)) for c in deck}
    if set(held) != dealt:
        odd = sorted(set(held) ^ dealt)
        raise _damaged(f"the quest cards in play are not this game's (for one, {cards[odd[0]].id})")
    for d, deck in enumerate(state.decks):
        if any(cards[c].deck != d for c in deck):
            raise _damaged("a quest card is in the other deck (R9.1)")
    for s in range(n):
        owed = state.draw_queue.count(s)
        if len(state.hands[s]) + owed > 3:
            raise _damaged(f"seat {s + 1} would hold more than 3 quest cards (R9.2)")
        for c in state.hands[s]:
            city = cards[c].city
            if city >= 0 and state.board.city_kingdom[city] == state.seat_kingdom[s]:
                raise _damaged(
                    f"seat {s + 1} holds {cards[c].id}, a card of its own kingdom (R9.2)"
                )
        firsts = sum(state.first_floor_point[s * n : s * n + n])
        earned = sum(cards[c].points for c in state.completed[s]) + firsts
        if state.points[s] != earned:
            raise _damaged(
                f"seat {s + 1} has {state.points[s]} points, but its quests and first floors "
                f"give {earned} (R9.4)"
            )
        for v in range(n):
            if state.first_floor_point[s * n + v] and not state.trophies[s * n + v]:
                raise _damaged(f"seat {s + 1} has a first-floor point without a floor (R9.4)")
    if state.draw_deck >= 0:
        if not state.draw_queue:
            raise _damaged("a deck is chosen for a draw nobody is owed (R9.3)")
        if state.draw_deck not in quests.open_decks(state):
            raise _damaged("the deck chosen for a draw is empty (R9.3)")


def _check_end(state: StateData) -> None:
    if state.phase == P_OVER:
        # A quest completed in the last battle may leave a card owed: the game is over first.
        if state.active != 0 or state.draw_deck >= 0:
            raise _damaged("the game is over in the middle of a round (R1.3)")
        if not scoring.check_round_end(state) and state.round != NUM_ROUNDS - 1:
            raise _damaged(
                f"the game is over in {state.season_name()} though nobody has won (R9.7)"
            )
    elif (
        state.phase == P_ROLL
        and state.active == 0
        and state.round > 0
        and scoring.check_round_end(state)
    ):
        raise _damaged("the game goes on after the round in which it was won (R9.7, R10.1)")


def _check_playable(state: StateData) -> None:
    """The last word: the next step of play is well defined (a decision or a chance event)."""
    if state.phase == P_OVER:
        return
    try:
        if flow.chance_outcomes(state):
            return
        if actor.current_player(state) < 0 or not flow.legal_actions(state):
            raise _damaged(f"nobody can act in the phase {PHASE_NAMES[state.phase]}")
    except StateFormatError:
        raise
    except (IndexError, KeyError, ValueError) as err:
        raise _damaged(f"play cannot go on from it ({type(err).__name__})") from None
    state._legal = None
