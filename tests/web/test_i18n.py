"""One translation table: every key has English and Russian, and the formats agree."""

from __future__ import annotations

import re

from web.text import i18n
from web.text.rules_text import RULES, section_of


def test_every_entry_has_both_languages_with_the_same_fields() -> None:
    for key, (en, ru) in i18n.TEXT.items():
        assert en and ru, key
        assert set(re.findall(r"{(\w+)}", en)) == set(re.findall(r"{(\w+)}", ru)), key


def test_language_switch() -> None:
    try:
        i18n.set_language("ru")
        assert i18n.t("new_game") == "Новая игра"
        assert i18n.season_label(3) == "Зима 264 до н. э."
        i18n.set_language("xx")
        assert i18n.language() == "en"
        assert i18n.t("bc", year=262) == "262 BC"
        assert i18n.t("no-such-key") == "no-such-key"
    finally:
        i18n.set_language("en")


def test_rules_reference_follows_the_rule_ids() -> None:
    ids = [r[0] for r in RULES]
    assert len(ids) == len(set(ids))
    for n in range(1, 12):
        assert f"R{n}" in ids  # a section per rule group, as in RULES.md
    for rid, en, ru in RULES:
        assert en and ru and rid.startswith("R")
    assert section_of("R5.3") == "R5.3"
    assert section_of("R9.1.2") == "R9.1"
    assert section_of(None) is None


# Russian that a reader stumbles on: word-for-word renderings and a comparative without its
# comma («быстрее, чем»). Each pattern with what a Russian player reads instead.
RUSSIAN_SLIPS = {
    r"\bЗерно\b": "a seed is no grain: «Номер расклада»",
    r"\w+ее чем\b": "a comparative takes a comma before «чем»",
    r"монеты ещё решают": "«исход ещё могут решить монеты»",
}


def test_the_russian_avoids_known_slips() -> None:
    found = [
        f"{key}: {ru!r} ({why})"
        for key, (_en, ru) in i18n.TEXT.items()
        for pattern, why in RUSSIAN_SLIPS.items()
        if re.search(pattern, ru)
    ]
    assert not found, "\n".join(found)
