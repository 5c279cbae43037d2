"""Moved to ``lab.command_line`` (the lab, outside the runtime). This name stays only while
tools/balance_map.py and tools/train.py import the names below from it; neither the client
nor the browser build reaches it (tests/test_import_graph.py, tools/build/build_web.py)."""

from lab.command_line import STOPPED, check_outputs, stopping

__all__ = ["STOPPED", "check_outputs", "stopping"]
