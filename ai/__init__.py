"""Strategos AI: agents that see only a seat's PlayerView, search, arena and benchmarks."""
