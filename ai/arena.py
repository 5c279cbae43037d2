"""Moved to ``lab.arena`` (the lab, outside the runtime; the seed's check to ``ai.seeds``). This
name stays only while tools/balance_map.py imports the two names below from it; neither the
client nor the browser build reaches it (tests/test_import_graph.py, tools/build/build_web.py)."""

from ai.seeds import check_seed
from lab.arena import wilson

__all__ = ["check_seed", "wilson"]
