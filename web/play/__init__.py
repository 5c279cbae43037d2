"""The game being played and kept: the session, its seats and rules, what a tap means, the
coach, preferences, storage, saves, the last games and what their replay needs. Pure Python."""
