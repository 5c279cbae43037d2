"""The rules, one module per topic: setup, flow (the turn), movement, actions, combat, quests,
scoring. Functions take a ``GameState`` and change it in place."""
