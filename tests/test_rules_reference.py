"""docs/rules.md is the project's rules reference: every rule id cited in the project is defined
there, and the in-game rules (web/text/rules_text.py) cover the same rules in the same order."""

from __future__ import annotations

import re
from pathlib import Path

from web.text.rules_text import RULES

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "rules.md"

# Where rules are cited: code, comments, docstrings, messages, tests, docs and data notes.
CITING = ("game", "ai", "web", "lab", "tests", "tools", "docs")
CITING_FILES = ("README.md",)
TEXT = {".py", ".md", ".json", ".tmpl", ".html", ".mjs", ".sh", ".txt", ".toml"}  # not .jsonl logs
SKIPPED_DIRS = {"__pycache__", "node_modules"}
CITATION = re.compile(r"(?<![\w.])R\d+(?:\.\d+[a-z]?)?(?!\d)")

SECTION = re.compile(r"^## (R\d+) \S", re.M)
RULE = re.compile(r"^- \*\*(R\d+\.\d+[a-z]?)\*\* ", re.M)

# Rules of the reference that the in-game text leaves out, and why.
ONLY_IN_REFERENCE = {
    "R2.5": "how the map is made and checked; nothing for a player to apply",
    "R5.5": "how the engine lists moves as actions",
    "R8.2a": "the timing of the coin reveal, which R8.1 already words for players",
    "R11.2": "what the AI may see",
}

# Matches of the citation pattern that cite no rule, by file and id.
NOT_CITATIONS = {
    ("tests/web/test_scenes.py", "R99"): "an id made up to name no rule",
}


def reference_ids() -> list[str]:
    """Section and rule ids of docs/rules.md, in the order they are defined."""
    text = REFERENCE.read_text(encoding="utf-8")
    found = [(m.start(), m.group(1)) for m in SECTION.finditer(text)]
    found += [(m.start(), m.group(1)) for m in RULE.finditer(text)]
    return [rid for _, rid in sorted(found)]


def in_game_ids() -> list[str]:
    return [rid for rid, _, _ in RULES]


def citing_files() -> list[Path]:
    out = [ROOT / name for name in CITING_FILES]
    for folder in CITING:
        for path in sorted((ROOT / folder).rglob("*")):
            parts = set(path.relative_to(ROOT).parts)
            if path.is_file() and path.suffix in TEXT and not parts & SKIPPED_DIRS:
                out.append(path)
    return out


def test_reference_defines_each_rule_once_under_its_section() -> None:
    ids = reference_ids()
    assert len(ids) == len(set(ids)), "a rule id is defined twice in docs/rules.md"
    sections = [rid for rid in ids if "." not in rid]
    assert sections == [f"R{n}" for n in range(1, 12)]
    section = ""
    for rid in ids:
        if "." not in rid:
            section = rid
        else:
            assert rid.split(".")[0] == section, f"{rid} is defined under {section}"


def test_in_game_rules_cover_the_reference() -> None:
    reference = set(reference_ids())
    in_game = set(in_game_ids())
    assert sorted(in_game - reference) == [], "in web/text/rules_text.py but not in docs/rules.md"
    assert sorted(reference - in_game - set(ONLY_IN_REFERENCE)) == [], (
        "in docs/rules.md but not in web/text/rules_text.py: add them there or to ONLY_IN_REFERENCE"
    )
    assert sorted(set(ONLY_IN_REFERENCE) - reference) == [], "ONLY_IN_REFERENCE names no rule"
    assert sorted(set(ONLY_IN_REFERENCE) & in_game) == [], "ONLY_IN_REFERENCE is in the game"


def test_in_game_rules_follow_the_reference_order() -> None:
    in_game = in_game_ids()
    reference = [rid for rid in reference_ids() if rid in set(in_game)]
    assert in_game == reference


def test_every_cited_rule_id_is_defined() -> None:
    defined = set(reference_ids())
    cited = 0
    missing = []
    for path in citing_files():
        if path == Path(__file__).resolve():
            continue  # this file names ids as data (NOT_CITATIONS), not as citations
        name = path.relative_to(ROOT).as_posix()
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for line_no, line in enumerate(text.splitlines(), 1):
            for rid in CITATION.findall(line):
                cited += 1
                if rid not in defined and (name, rid) not in NOT_CITATIONS:
                    missing.append(f"{name}:{line_no}: {rid}")
    assert cited > 500, "the scan for citations found too few: is it looking in the right place?"
    assert not missing, "cited but not defined in docs/rules.md:\n" + "\n".join(missing)


def test_reference_names_only_files_of_the_repository() -> None:
    text = REFERENCE.read_text(encoding="utf-8")
    for banned in ("RULES.md", "seeds/", "/work/"):
        assert banned not in text
    for path in re.findall(r"`([\w./-]+\.(?:py|json|md|txt))`", text):
        assert (ROOT / path).is_file(), f"docs/rules.md names {path}, which is not in the project"
