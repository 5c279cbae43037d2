"""Creating a game: ``new_game`` validates its arguments and returns the first state."""

from __future__ import annotations

from collections.abc import Sequence

from game.content import KINGDOM_IDS, MapSpec, default_map
from game.core import SEED_LIMIT, Rules
from game.rules import setup
from game.state import GameState


def new_game(
    num_players: int,
    *,
    seed: int | None = None,
    rules: Rules | None = None,
    kingdoms: Sequence[int | str] | None = None,
    board: MapSpec | None = None,
) -> GameState:
    """A new game for 2-6 players (R1.1).

    With ``kingdoms=None`` the players pick their kingdoms as actions (R3.1); otherwise
    ``kingdoms[seat]`` is that seat's kingdom (index 0-5 in R1.1 order, or its id such as
    "romans"). Either way the fourth general is placed as an action (R3.3). ``seed`` drives
    ``GameState.sample_chance`` when no generator is passed; all randomness is chance actions.
    """
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        raise ValueError(f"R1.1: the number of players must be an integer, got {num_players!r}")
    if not 2 <= num_players <= 6:
        raise ValueError(f"R1.1: the game is for 2 to 6 players, got {num_players}")
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a game.Rules, got {rules!r}")
    if seed is None:
        seed = 0
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if not -SEED_LIMIT <= seed < SEED_LIMIT:
        raise ValueError(f"seed must be a 64-bit integer (from -2**63 to 2**63 - 1), got {seed}")
    if board is not None and not isinstance(board, MapSpec):
        raise ValueError(f"board must be a game.MapSpec, got {board!r}")
    if kingdoms is not None and (
        isinstance(kingdoms, str | bytes) or not isinstance(kingdoms, Sequence)
    ):
        raise ValueError(
            f"R3.1: kingdoms must be a list with one kingdom per seat, got {kingdoms!r}"
        )
    state = GameState(board or default_map(), rules, num_players, seed)
    if kingdoms is not None:
        chosen = [_kingdom_index(k) for k in kingdoms]
        if len(chosen) != num_players:
            raise ValueError(
                f"R3.1: {num_players} players need {num_players} kingdoms, got {len(chosen)}"
            )
        if len(set(chosen)) != len(chosen):
            raise ValueError("R3.1: each kingdom can be taken by one player only")
        for k in chosen:
            setup.pick_kingdom(state, k)
    return state


def _kingdom_index(kingdom: int | str) -> int:
    if isinstance(kingdom, str):
        if kingdom not in KINGDOM_IDS:
            raise ValueError(f"R1.1: unknown kingdom {kingdom!r}; choose from {KINGDOM_IDS}")
        return KINGDOM_IDS.index(kingdom)
    if isinstance(kingdom, bool) or not isinstance(kingdom, int) or not 0 <= kingdom < 6:
        raise ValueError(f"R1.1: a kingdom is an index 0-5 or an id, got {kingdom!r}")
    return kingdom
