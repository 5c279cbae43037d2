"""The mutable game state: plain ints, lists and tuples, with a hand-written ``clone``.

Everything static (the board, the quest cards) lives in the shared ``MapSpec``. Lists that change
are copied by slicing in ``clone``; tuples (hands, decks, island stacks) are shared because they are
replaced, never mutated. Generals are indexed globally, ``kingdom * 4 + slot``, so that an action
naming a general means the same in every state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.content import MapSpec

if TYPE_CHECKING:
    from game.actions import Action
    from game.views import PlayerView

CHANCE = -1
TERMINAL = -4

NUM_ROUNDS = 16  # R1.3, R3.4: 264 BC Veris .. 261 BC Hiemis
# Seeds are 64-bit (-2**63 <= seed < 2**63), so that a saved seed reads back everywhere.
SEED_LIMIT = 2**63
SEASONS = ("Veris", "Aestus", "Autumnus", "Hiemis")
WINTER = 3
COIN_VALUES = (0, 1, 1, 2, 3)  # R8.1: one blank, two 1s, a 2 and a 3
ALL_COINS = 0b11111

# Phases of play. The quest-draw overlay (draw_queue, draw_deck) takes precedence over all.
P_PICK = 0
P_PLACE = 1
P_ROLL = 2
P_ACTION = 3
P_HALT = 4
P_CONTINUE = 5
P_BATTLE_ORDER = 6
P_COIN_ATTACKER = 7
P_COIN_DEFENDER = 8
P_BATTLE_ROLL = 9
P_OVER = 10

PHASE_NAMES = (
    "pick_kingdom", "place_general", "roll", "actions", "halt_or_pass", "continue_move",
    "battle_order", "coin_attacker", "coin_defender", "battle_roll", "over",
)  # fmt: skip


class IllegalActionError(ValueError):
    """An action that the rules do not allow here; the message names the rule."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The three published patches as independent switches (R8), all on by default."""

    coins: bool = True  # R8.1-R8.2a, patch 01
    battle_dice: bool = True  # R8.3, patch 02
    quests: bool = True  # R8.4, R8.5, R9: patch 03

    def names(self) -> list[str]:
        return [n for n in ("coins", "battle_dice", "quests") if getattr(self, n)]


class GameState:
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

    def clone(self) -> GameState:
        other = GameState.__new__(GameState)
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

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        return self.clone()

    # -- the narrow API (OpenSpiel style) ---------------------------------------------------
    def current_player(self) -> int:
        return _flow.current_player(self)

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = _flow.legal_actions(self)
        return legal[:]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return _flow.chance_outcomes(self)

    def apply_action(self, action: Action) -> None:
        _flow.apply_action(self, action)

    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    def returns(self) -> list[float]:
        from game.rules.scoring import returns

        return returns(self)

    def scores(self) -> list[int]:
        from game.rules.scoring import scores

        return scores(self)

    def observe(self, seat: int) -> PlayerView:
        from game.views import observe

        return observe(self, seat)

    def sample_chance(self, rng: Any = None) -> Action:
        """A chance outcome drawn by its probability, from ``rng`` or the game's own seed."""
        return _flow.sample_chance(self, rng)

    def to_json(self) -> str:
        from game.serialize import state_to_json

        return state_to_json(self)

    @staticmethod
    def from_json(text: str) -> GameState:
        from game.serialize import state_from_json

        return state_from_json(text)

    # -- readable queries used by the client, the AI and the tests --------------------------
    def owner_of_general(self, general: int) -> int:
        return self.kingdom_seat[general >> 2]

    def generals_of(self, seat: int) -> range:
        k = self.seat_kingdom[seat]
        return range(k * 4, k * 4 + 4) if k >= 0 else range(0)

    def season_name(self) -> str:
        return f"{264 - self.round // 4} BC {SEASONS[self.round % 4]}"

    def is_winter(self) -> bool:
        return self.round % 4 == WINTER

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
            f"<GameState {self.num_players}p {self.season_name()} "
            f"phase={PHASE_NAMES[self.phase]} active={self.active}>"
        )


# The rules import this module's names, so they are bound once everything above exists.
from game.rules import flow as _flow  # noqa: E402

# The calls made at every step of a search or playout go to the rules directly, without the
# forwarding frame of the methods above (which document them and give their types).
for _name in ("current_player", "apply_action", "sample_chance"):
    setattr(GameState, _name, getattr(_flow, _name))
