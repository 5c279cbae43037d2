"""The searches of the ``ismcts`` budgets, of the hint and of the review: each a
``SearchPreset``, one search at two seats and one at three or more.

Budgets are iterations, not time, so that arena runs are reproducible. ``PRESETS`` are what
players meet and may move to new components once those win against the frozen baseline
(``lab.baselines``: ``ismcts-v1``); their measurements are in experiments/search.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ai.components import Fitted, Threat
from ai.config import SearchConfig
from ai.playout import PlayoutParams
from ai.tree import TreeParams

DIFFICULTIES = ("easy", "normal", "hard", "expert")


@dataclass(frozen=True, slots=True)
class SearchPreset:
    """What an ``ismcts`` agent searches with at each seat count, and how it picks its kingdom.

    A seat's chances lie about 2/n apart with n seats, and three opponents move between two
    of its turns at four: what helps a search at two seats need not at more.
    """

    two_seats: SearchConfig
    more_seats: SearchConfig
    # The kingdom pick (R3.1) from a book of measured win shares (``ai.kingdom_book``: its
    # name, as in ``ai/data/kingdoms_<name>.json``), "" to search it as any other decision.
    kingdom_book: str = ""

    @staticmethod
    def same(config: SearchConfig, kingdom_book: str = "") -> SearchPreset:
        """One search at every seat count."""
        return SearchPreset(config, config, kingdom_book)

    def at(self, num_players: int) -> SearchConfig:
        return self.two_seats if num_players <= 2 else self.more_seats


_PRUNED = TreeParams(prune=True)
_BOOK = "tactics"

PRESETS: dict[str, SearchPreset] = {
    "easy": SearchPreset.same(
        SearchConfig(iterations=30, tree=_PRUNED, playout=PlayoutParams(turns=0))
    ),
    "normal": SearchPreset(
        two_seats=SearchConfig(iterations=160, evaluator=Fitted(), root_scale=0.1, tree=_PRUNED),
        more_seats=SearchConfig(
            iterations=260, evaluator=Threat(), tree=_PRUNED, playout=PlayoutParams(turns=0)
        ),
        kingdom_book=_BOOK,
    ),
    "hard": SearchPreset.same(SearchConfig(iterations=1400, tree=_PRUNED), _BOOK),
    "expert": SearchPreset.same(SearchConfig(iterations=10000, tree=_PRUNED), _BOOK),
}

# The search the hint's chances are mapped from (``ai.chances.search_chance`` was fitted to
# how often its chances came true, experiments/chances.md): the fitted evaluation, the root's
# one-ply differences at full scale and one playout turn at every seat count. Its chances stay
# probabilities only while it searches as it was measured, whatever the normal preset becomes.
HINT = SearchPreset.same(SearchConfig(iterations=300, evaluator=Fitted(), tree=_PRUNED), _BOOK)
# The review's searches are the hint's, mapped alike; each decision searched anew (no tree
# kept), at the iterations of its budget (``ai.review.BUDGETS``).
REVIEW = SearchPreset.same(replace(HINT.two_seats, reuse=False), _BOOK)


__all__ = ["DIFFICULTIES", "HINT", "PRESETS", "REVIEW", "SearchPreset"]
