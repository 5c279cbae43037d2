"""A game's data as the rules read and change it: plain ints, lists and tuples, with a
hand-written ``clone``.

Everything static (the board, the quest cards) lives in the shared ``MapSpec``. Lists that change
are copied by slicing in ``clone``; tuples (hands, decks, island stacks) are shared because they are
replaced, never mutated. Generals are indexed globally, ``kingdom * 4 + slot``, so that an action
naming a general means the same in every state.

The rules take a ``StateData``; ``game.state.GameState`` is the same data with the rules bound as
its methods, so that the rules never name the class that binds them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from game.content import MapSpec
from game.core import COIN_VALUES, P_PICK, PHASE_NAMES, SEASONS, Rules
from game.core import is_winter as round_is_winter

if TYPE_CHECKING:
    from game.actions import Action


class StateData:
    __slots__ = (
        "_legal",
        "acted",
        "active",
        "battle_city",
        "battles",
        "board",
        "chance_counter",
        "coin_attacker",
        "coin_defender",
        "coins_played",
        "completed",
        "decks",
        "dice",
        "draw_deck",
        "draw_queue",
        "end_triggered",
        "first_floor_point",
        "floors",
        "floors_off",
        "gen_city",
        "gen_level",
        "gen_return",
        "halt_seat",
        "hands",
        "island_stack",
        "kingdom_seat",
        "last_battle",
        "num_players",
        "pend_general",
        "pend_points",
        "phase",
        "points",
        "round",
        "rules",
        "seat_kingdom",
        "seed",
        "setup_seat",
        "tower_owner",
        "traded",
        "trained",
        "trophies",
        "turn_moves",
    )  # fmt: skip

    board: MapSpec
    rules: Rules

    def __init__(self, board: MapSpec, rules: Rules, num_players: int, seed: int) -> None:
        self.board = board
        self.rules = rules
        self.num_players = num_players
        self.seed = seed
        self.chance_counter = 0
        self.seat_kingdom = [-1] * num_players
        self.kingdom_seat = [-1] * 6
        self.setup_seat = 0
        self.round = 0
        self.active = 0
        self.phase = P_PICK
        self.gen_city = [-1] * 24  # node index, -1 when off the board
        self.gen_level = [1] * 24
        self.gen_return = [-1] * 24  # round from which a general off the board may return
        self.acted = 0  # bitmask of generals that took their action this turn (R4.2)
        self.dice: list[int] = []  # unused dice of the active player, sorted
        self.traded = False  # R4.3
        self.trained = False  # R6.3
        n = board.num_nodes
        self.floors = [0] * n
        self.tower_owner = [-1] * n  # seat owning a capital's tower
        self.island_stack: dict[int, tuple[int, ...]] = {c: () for c in board.islands}
        self.floors_off = [0] * num_players  # floors that left the board with island quests
        self.trophies = [0] * (num_players * num_players)  # [destroyer * n + victim]
        self.first_floor_point = [False] * (num_players * num_players)  # R9.4
        self.points = [0] * num_players  # quest-rule points (R9.4)
        self.coins_played = [0] * num_players  # bitmask over COIN_VALUES
        self.coin_attacker = -1  # index into COIN_VALUES; secret until the roll (R8.2a)
        self.coin_defender = -1
        self.hands: list[tuple[int, ...]] = [() for _ in range(num_players)]
        self.completed: list[tuple[int, ...]] = [() for _ in range(num_players)]
        self.decks: list[tuple[int, ...]] = [(), ()]
        self.draw_queue: tuple[int, ...] = ()  # seats owed a quest card, in order
        self.draw_deck = -1  # deck chosen by draw_queue[0], awaiting the chance draw
        self.pend_general = -1  # general in an interrupted move (R5.4)
        self.pend_points = 0
        self.halt_seat = -1
        self.battles: tuple[int, ...] = ()  # cities still to fight in this turn
        self.battle_city = -1
        self.last_battle: tuple[int, ...] = ()
        self.end_triggered = False
        self._legal: list[Action] | None = None
        # Move actions of this turn (see rules/moves.py); enemies stand still during a turn,
        # so every state of the turn may share it.
        self.turn_moves: dict[int, Any] = {}

    def clone(self) -> Self:
        cls = self.__class__
        other = cls.__new__(cls)
        other.board = self.board
        other.rules = self.rules
        other.num_players = self.num_players
        other.seed = self.seed
        other.chance_counter = self.chance_counter
        other.seat_kingdom = self.seat_kingdom[:]
        other.kingdom_seat = self.kingdom_seat[:]
        other.setup_seat = self.setup_seat
        other.round = self.round
        other.active = self.active
        other.phase = self.phase
        other.gen_city = self.gen_city[:]
        other.gen_level = self.gen_level[:]
        other.gen_return = self.gen_return[:]
        other.acted = self.acted
        other.dice = self.dice[:]
        other.traded = self.traded
        other.trained = self.trained
        other.floors = self.floors[:]
        other.tower_owner = self.tower_owner[:]
        other.island_stack = self.island_stack.copy()
        other.floors_off = self.floors_off[:]
        other.trophies = self.trophies[:]
        other.first_floor_point = self.first_floor_point[:]
        other.points = self.points[:]
        other.coins_played = self.coins_played[:]
        other.coin_attacker = self.coin_attacker
        other.coin_defender = self.coin_defender
        other.hands = self.hands[:]
        other.completed = self.completed[:]
        other.decks = self.decks[:]
        other.draw_queue = self.draw_queue
        other.draw_deck = self.draw_deck
        other.pend_general = self.pend_general
        other.pend_points = self.pend_points
        other.halt_seat = self.halt_seat
        other.battles = self.battles
        other.battle_city = self.battle_city
        other.last_battle = self.last_battle
        other.end_triggered = self.end_triggered
        other._legal = self._legal  # legal actions are immutable once computed
        other.turn_moves = self.turn_moves
        return other

    __copy__ = clone

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.clone()

    # -- readable queries used by the rules, the client, the AI and the tests ----------------
    def generals_of(self, seat: int) -> range:
        k = self.seat_kingdom[seat]
        return range(k * 4, k * 4 + 4) if k >= 0 else range(0)

    def season_name(self) -> str:
        return f"{264 - self.round // 4} BC {SEASONS[self.round % 4]}"

    def is_winter(self) -> bool:
        return round_is_winter(self.round)

    def unplayed_coins(self, seat: int) -> list[int]:
        played = self.coins_played[seat]
        return [COIN_VALUES[i] for i in range(5) if not played >> i & 1]

    def floors_standing(self, seat: int) -> int:
        own = sum(f for c, f in enumerate(self.floors) if self.tower_owner[c] == seat)
        return own + sum(stack.count(seat) for stack in self.island_stack.values())

    def destroyed_by(self, seat: int) -> int:
        n = self.num_players
        return sum(self.trophies[seat * n : seat * n + n])

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.num_players}p {self.season_name()} "
            f"phase={PHASE_NAMES[self.phase]} active={self.active}>"
        )


__all__ = ["StateData"]
