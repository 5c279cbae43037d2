"""Game positions for the client tests, found by playing games with the engine: a quick, eager
policy plays every seat (destroy, build and return first, then moves towards the cities of the
quests in hand) until the moment a test wants, and the record of what came before is opened in
the client like a save. What the test is about, it then does by clicks."""

from __future__ import annotations

import random
from collections.abc import Callable

from game import (
    CHANCE,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_HALT,
    Action,
    GameRecord,
    GameState,
    Rules,
)
from game.actions import Build, ChooseDeck, Destroy, EndTurn, Move, Return, Train
from web.play.config import AI, HUMAN, MatchConfig, SeatConfig

Stop = Callable[[GameState, Action], bool]  # the state before ``action`` is played


# Stops the client tests share: seat 0's own decision of a battle's coin (R8.1), attacking
# or defending, and of Halt or Pass (R5.4).
def coin_attack(s: GameState, a: Action) -> bool:
    return s.phase == P_COIN_ATTACKER and s.active == 0


def coin_defend(s: GameState, a: Action) -> bool:
    return s.phase == P_COIN_DEFENDER and s.current_player() == 0


def halt(s: GameState, a: Action) -> bool:
    return s.phase == P_HALT and s.current_player() == 0


def eager(state: GameState, legal: list[Action], rng: random.Random) -> Action:
    board = state.board
    me = state.current_player()

    def score(a: Action) -> float:
        s = rng.random()
        if isinstance(a, Build):
            return 100 + s
        if isinstance(a, Destroy):
            return 50 + s
        if isinstance(a, ChooseDeck):
            return (10 if a.deck == 1 else 0) + s
        if isinstance(a, Return):
            return 20 + s
        if isinstance(a, Train):
            return 15 + s
        if isinstance(a, Move):
            targets = [board.cards[c].city for c in state.hands[me] if board.cards[c].city >= 0]
            if targets:
                d0 = min(board.route_distance[a.src][t] for t in targets)
                d1 = min(board.route_distance[a.dest][t] for t in targets)
                return 5 + (d0 - d1) + s
            return 1 + s
        if isinstance(a, EndTurn):
            return 0.5 + s
        return s

    return max(legal, key=score)


def config(seed: int, players: int = 2, rules: Rules | None = None) -> MatchConfig:
    """Seat 0 a person, the others AI."""
    seats = [SeatConfig(HUMAN if s == 0 else AI, "easy") for s in range(players)]
    return MatchConfig(seats, rules or Rules(), seed)


def find(cfg: MatchConfig, stop: Stop, limit: int = 3000) -> tuple[GameRecord, Action] | None:
    """The record up to the first action ``stop`` picks, and that action; None when the game
    ends first."""
    record = GameRecord(cfg.num_players, cfg.seed, cfg.rules, cfg.resolve_kingdoms())
    state = record.new_state()
    rng = random.Random(cfg.seed)
    for _ in range(limit):
        if state.is_terminal():
            return None
        if state.current_player() == CHANCE:
            action = state.sample_chance()
        else:
            action = eager(state, state.legal_actions(), rng)
        if stop(state, action):
            return record, action
        state.apply_action(action)
        record.actions.append(action)
    return None


def search(stop: Stop, players: int = 2, rules: Rules | None = None, seeds: range = range(60)
           ) -> tuple[MatchConfig, GameRecord, Action]:  # fmt: skip
    """The first seed whose game reaches ``stop``."""
    for seed in seeds:
        cfg = config(seed, players, rules)
        found = find(cfg, stop)
        if found is not None:
            return cfg, *found
    raise AssertionError("no game of these seeds reaches the position")


def played_out(cfg: MatchConfig, limit: int = 5000) -> GameRecord:
    """A whole game of ``cfg`` as the eager policy plays it."""
    record = GameRecord(cfg.num_players, cfg.seed, cfg.rules, cfg.resolve_kingdoms())
    state = record.new_state()
    rng = random.Random(cfg.seed)
    for _ in range(limit):
        if state.is_terminal():
            return record
        if state.current_player() == CHANCE:
            action = state.sample_chance()
        else:
            action = eager(state, state.legal_actions(), rng)
        state.apply_action(action)
        record.actions.append(action)
    raise AssertionError("the game did not end")
