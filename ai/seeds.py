"""The seeds a series of games is dealt from: the arena's tournaments, the review's searches and
the tools' self-play take the same range, so that a seed copied from one command works in
every other."""

from __future__ import annotations

# A game's seed is ``seed * 1_000_003 + deal`` (``lab.arena.play_game``) and must stay a 64-bit
# integer (game.new_game): 2**43 leaves room for 2**19 deals.
SEED_LIMIT = 2**43


def check_seed(seed: int, name: str = "the seed") -> None:
    """A seed every game of a series can be dealt from, or ValueError naming it as ``name`` (a
    command line's "--seed")."""
    if not -SEED_LIMIT <= seed < SEED_LIMIT:
        raise ValueError(f"{name} must be a whole number from -2**43 to 2**43 - 1, not {seed}")


__all__ = ["SEED_LIMIT", "check_seed"]
