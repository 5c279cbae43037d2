"""Player preferences: language, sound (off until switched on), reduced motion, AI move speed,
large text (phones), the first-game coach (on until dismissed or switched off), the question
before ending a turn with dice left, whether a battle's result waits for a tap, whether
the player panels show each seat's win chance, and how closely a replay's review searches."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from web.ai_bridge import REVIEW_BUDGETS
from web.text.i18n import LANGUAGES

SPEEDS = ("slow", "normal", "fast")
# Seconds a move animation takes; never below a short minimum so each move is perceivable.
MOVE_SECONDS = {"slow": 1.1, "normal": 0.6, "fast": 0.3}
PAUSE_SECONDS = {"slow": 0.6, "normal": 0.3, "fast": 0.12}
MIN_SECONDS = 0.12
LARGE_TEXT_SCALE = 1.3  # small texts (map names, log, tooltips) grow by this much


@dataclass
class Settings:
    language: str = "en"
    sound: bool = False
    reduced_motion: bool = False
    speed: str = "normal"
    large_text: bool = False
    coach: bool = True
    # Ask before End turn wastes dice a general could still use (R4.2); "Don't ask again"
    # switches it off.
    confirm_end_turn: bool = True
    # A battle's result stays until the player taps it away; off, it closes by itself.
    hold_battles: bool = True
    # Each seat's estimated win chance in its player panel (ai.chances; the game-over chart
    # shows them whatever this says).
    show_chances: bool = True
    # The review dialog offers the budget last picked there (ai.review.BUDGETS); until then the
    # quick one, so that a first review does not keep the player waiting minutes.
    review_budget: str = "quick"

    def move_seconds(self) -> float:
        return max(MIN_SECONDS, MOVE_SECONDS.get(self.speed, 0.6))

    def pause_seconds(self) -> float:
        return max(MIN_SECONDS, PAUSE_SECONDS.get(self.speed, 0.3))

    def text_scale(self) -> float:
        return LARGE_TEXT_SCALE if self.large_text else 1.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_dict(data: Any) -> Settings:
        """Settings read back from storage; ``ValueError`` names the first field that is
        not one this edition writes (the caller keeps such a file aside, never uses half)."""
        if not isinstance(data, dict):
            raise ValueError("the settings are not an object")
        known = {f.name: f for f in fields(Settings)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise ValueError(f"unknown setting {unknown[0]!r}")
        out = Settings()
        for name, value in data.items():
            if known[name].type in ("bool", bool):
                if not isinstance(value, bool):
                    raise ValueError(f"the setting {name!r} must be true or false")
            elif not isinstance(value, str) or value not in _CHOICES[name]:
                raise ValueError(f"the setting {name!r} cannot be {value!r}")
            setattr(out, name, value)
        return out


_CHOICES: dict[str, tuple[str, ...]] = {
    "language": LANGUAGES,
    "speed": SPEEDS,
    "review_budget": REVIEW_BUDGETS,
}
