"""The last finished games, kept to be watched again (pure Python, no pygame).

Each game is its save text (``GameRecord`` JSON with the seats under ``client``) with a short
summary under ``last_game``, in one of ``KEEP`` fixed slots; an index lists the slots newest
first. Fixed slots bound what the games can ever take, even if the index is lost (it is then
rebuilt from the slots' own summaries). The games together stay within ``BUDGET`` characters,
the oldest going first, and a write the storage refuses (a full ``localStorage``) drops older
games and tries again: room is only ever taken from these games, never from the player's
autosave or settings. The other way round, an autosave the storage refuses takes the room of
these games, the oldest first (``drop_oldest``, from ``web.play.saves``).

Dropping the oldest is the list's only way to delete a game. A game that no longer loads
(found when the index is rebuilt, or when Watch or Export opens it) is the player's file all
the same: it is kept aside under a new name (``Storage.keep_aside``, as a bad autosave is),
leaves the list, and a sentence says where it went (a ``Notice``, for the caller to show). A
slot that still holds a file, which could not be moved, is not written over.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
from dataclasses import asdict, dataclass
from typing import Any

from game import NUM_ROUNDS, StateFormatError, winners
from game.content import KINGDOM_IDS
from game.jsontext import MAX_BYTES
from game.state_reader import FIRST_MAP, map_of
from web.play.session import MatchSession
from web.play.storage import Storage, read_json

log = logging.getLogger("strategos.last_games")

# What the player is told of a kept game set aside: a sentence's key in ``web.text.i18n`` and its
# values (as ``App.notices`` holds them).
Notice = tuple[str, dict[str, str]]

KEEP = 20
KINGDOMS = len(KINGDOM_IDS)
BUDGET = 1_000_000  # characters: a sixth of a browser's localStorage, 20 long games
INDEX_KEY = "last-games"
SLOT_PREFIX = "last-game-"
_SUMMARY_KEYS = ("slot", "digest", "saved", "players", "kingdoms", "winners", "rounds",
                 "actions", "humans", "size")  # fmt: skip
_SAVED = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}")  # as ``summary_of`` writes
_DIGEST = re.compile(r"[0-9a-f]{16}")


@dataclass(frozen=True)
class LastGame:
    slot: int
    digest: str  # the same game remembered twice is one entry
    saved: str  # local date and time, "2025-03-01 18:04"
    players: int
    kingdoms: list[int]  # per seat
    winners: list[int]
    rounds: int  # seasons played
    actions: int
    humans: list[int]
    size: int  # characters stored

    @property
    def key(self) -> str:
        return _key(self.slot)


def _key(slot: int) -> str:
    return f"{SLOT_PREFIX}{slot}"


def _digest(data: dict[str, Any]) -> str:
    """The game itself: its header, map and actions, not who watched it or when."""
    game = {k: data.get(k) for k in ("players", "seed", "rules", "kingdoms", "actions")}
    # Map 1 is left out, so that a game kept before maps had versions, which names none, has
    # the digest it had, and the same game imported again is still found as the same.
    if map_of(data) != FIRST_MAP:
        game["map"] = map_of(data)
    return hashlib.sha1(json.dumps(game, sort_keys=True).encode()).hexdigest()[:16]


def _from_dict(raw: Any) -> LastGame | None:
    """A summary read back from storage, or None unless every field is one that
    ``summary_of`` could have written: the Last games screen indexes the map's kingdoms by
    these numbers and draws these texts in boxes made for a date and a season's count (a
    damaged index's 300-digit "rounds" drew out of its box)."""
    if not isinstance(raw, dict) or set(_SUMMARY_KEYS) - raw.keys():
        return None
    game = LastGame(**{k: raw[k] for k in _SUMMARY_KEYS})
    players = game.players
    if not (_whole(players) and 2 <= players <= 6):  # R1.1
        return None
    seats = range(players)
    ok = (
        _whole(game.slot) and 0 <= game.slot < KEEP
        and _matches(_DIGEST, game.digest) and _matches(_SAVED, game.saved)
        and _whole(game.rounds) and 1 <= game.rounds <= NUM_ROUNDS  # R1.3
        # Each action takes at least a character of the stored text, which loads only
        # within the engine's limit.
        and _whole(game.size) and 0 < game.size <= MAX_BYTES
        and _whole(game.actions) and 0 <= game.actions <= game.size
        and isinstance(game.kingdoms, list) and len(game.kingdoms) == players
        and all(_whole(k) and -1 <= k < KINGDOMS for k in game.kingdoms)
        and _seat_list(game.winners, seats) and _seat_list(game.humans, seats)
    )  # fmt: skip
    return game if ok else None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _matches(pattern: re.Pattern[str], value: Any) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _seat_list(value: Any, seats: range) -> bool:
    """Seats, each once: a list no longer than the game's seats."""
    return (
        isinstance(value, list)
        and all(_whole(s) and s in seats for s in value)
        and len(set(value)) == len(value)
    )


def entries(storage: Storage, notices: list[Notice] | None = None) -> list[LastGame]:
    """The kept games, newest first. Rebuilding a lost or damaged index may set games aside
    (``_rebuild``): what the player is to be told of them is added to ``notices``."""
    raw = read_json(storage, INDEX_KEY)
    if not isinstance(raw, list):
        slots = [_key(s) for s in range(KEEP)]
        if storage.exists(INDEX_KEY) or any(storage.exists(k) for k in slots):
            return _rebuild(storage, notices)
        return []
    found = [g for g in (_from_dict(r) for r in raw) if g is not None]
    if len(found) < len(raw):  # a damaged index: the slots' own summaries say what is kept
        return _rebuild(storage, notices)
    seen: set[int] = set()
    out = []
    for g in found:
        if g.slot not in seen:
            seen.add(g.slot)
            out.append(g)
    return out


def _rebuild(storage: Storage, notices: list[Notice] | None) -> list[LastGame]:
    """The index from the slots' own summaries (the index was lost or damaged). A slot that
    holds no finished game that loads is set aside, never deleted; the player is told in one
    sentence however many there are (``_told``)."""
    games = []
    moved: list[str] = []
    stuck: list[str] = []
    for slot in range(KEEP):
        key = _key(slot)
        data = read_json(storage, key)
        summary = _from_dict(data.get("last_game")) if isinstance(data, dict) else None
        if summary is None or summary.slot != slot:
            summary = _summary_anew(storage, slot)
        if summary is not None:
            games.append(summary)
        elif storage.exists(key):
            where = storage.keep_aside(key)
            if where is None:
                log.error("kept game %d does not load and could not be set aside", slot)
                stuck.append(key)
            else:
                log.warning("kept game %d does not load as a finished game; now %s", slot, where)
                moved.append(where)
    games.sort(key=lambda g: g.saved, reverse=True)
    _write_index(storage, games)
    if notices is not None:
        notices.extend(_told(moved, stuck))
    return games


def _told(moved: list[str], stuck: list[str]) -> list[Notice]:
    """One sentence for the games set aside and one for those that could not be, each naming
    the first: a folder that refuses renames would otherwise give twenty sentences."""
    out: list[Notice] = []
    for found, one, many in ((moved, "lg_set_aside", "lg_set_aside_many"),
                             (stuck, "lg_stuck", "lg_stuck_many")):  # fmt: skip
        if len(found) == 1:
            out.append((one, {"name": found[0]}))
        elif found:
            out.append((many, {"name": found[0], "n": str(len(found))}))
    return out


def _summary_anew(storage: Storage, slot: int) -> LastGame | None:
    """The summary of the game in ``slot`` made again from the game itself, written back with
    it, when only its summary was damaged: a finished game that loads is not thrown away for
    a line about it. None if the slot holds no finished game that loads."""
    key = _key(slot)
    text = storage.read(key)
    if text is None:
        return None
    try:
        session = MatchSession.from_save(text)
    except StateFormatError:
        return None
    if not session.is_over():
        return None
    data = {k: v for k, v in json.loads(session.save_text()).items() if k != "last_game"}
    digest = _digest(data)
    fixed = ""
    for _ in range(3):  # the summary's size is part of the text it sits in (as ``remember``)
        summary = summary_of(session, slot, len(fixed), digest)
        fixed = json.dumps({**data, "last_game": asdict(summary)}, ensure_ascii=False)
    summary = summary_of(session, slot, len(fixed), digest)
    return summary if storage.write(key, fixed) else None


def _write_index(storage: Storage, games: list[LastGame]) -> bool:
    return storage.write(INDEX_KEY, json.dumps([asdict(g) for g in games]))


def summary_of(session: MatchSession, slot: int, size: int, digest: str) -> LastGame:
    state = session.state
    return LastGame(
        slot=slot,
        digest=digest,
        saved=time.strftime("%Y-%m-%d %H:%M"),
        players=state.num_players,
        kingdoms=list(state.seat_kingdom),
        winners=winners(state),
        rounds=min(16, state.round + 1),
        actions=len(session.record.actions),
        humans=session.humans,
        size=size,
    )


def remember(
    storage: Storage, session: MatchSession, notices: list[Notice] | None = None
) -> LastGame | None:
    """Keep ``session``'s finished game as the newest; None if no room could be made.
    ``notices`` as for ``entries``."""
    if not session.is_over():
        return None
    data = json.loads(session.save_text())
    digest = _digest(data)
    games = entries(storage, notices)
    same = next((g for g in games if g.digest == digest), None)
    if same is not None:  # seen again (imported twice): it moves to the front
        games.remove(same)
        slot = same.slot
    else:
        used = {g.slot for g in games}
        # Not a slot off the list that still holds a file: one that could not be set aside.
        free = [s for s in range(KEEP) if s not in used and not storage.exists(_key(s))]
        if free:
            slot = free[0]
        elif games:
            slot = games.pop().slot  # all taken: the oldest's slot
        else:
            return None
    text = ""
    for _ in range(3):  # the summary's size is part of the text it sits in
        summary = summary_of(session, slot, len(text), digest)
        text = json.dumps({**data, "last_game": asdict(summary)}, ensure_ascii=False)
    summary = summary_of(session, slot, len(text), digest)
    # Within the budget and the count, oldest out first.
    while games and (len(games) + 1 > KEEP or sum(g.size for g in games) + len(text) > BUDGET):
        _drop(storage, games, games[-1])
    while not storage.write(summary.key, text):
        if not games:
            return None
        _drop(storage, games, games[-1])
    games.insert(0, summary)
    if not _write_index(storage, games):
        storage.delete(summary.key)
        return None
    return summary


def _drop(storage: Storage, games: list[LastGame], game: LastGame) -> None:
    storage.delete(game.key)
    games.remove(game)
    _write_index(storage, games)


def drop_oldest(storage: Storage, notices: list[Notice] | None = None) -> LastGame | None:
    """Drop the oldest kept game to make room for what matters more (the player's autosave);
    the game dropped, or None when none is kept. ``notices`` as for ``entries``."""
    games = entries(storage, notices)
    if not games:
        return None
    oldest = games.pop()
    storage.delete(oldest.key)
    if not _write_index(storage, games):
        # No room even for the shorter index: without one, ``entries`` rebuilds the list from
        # the slots left, where the old index would still name the game just dropped.
        storage.delete(INDEX_KEY)
    return oldest


def load(storage: Storage, game: LastGame) -> str | None:
    return storage.read(game.key)


def set_aside(storage: Storage, game: LastGame, notices: list[Notice]) -> None:
    """``game``, which no longer loads, leaves the list; its file is kept under a new name,
    not deleted, and ``notices`` gets the sentence that says where it is."""
    kept = [g for g in entries(storage, notices) if g.slot != game.slot]
    if not storage.exists(game.key):
        notices.append(("lg_gone", {}))
    else:
        where = storage.keep_aside(game.key)
        if where is None:
            log.error("kept game %d does not load and could not be set aside", game.slot)
            notices.append(("lg_stuck", {"name": game.key}))
        else:
            log.warning("kept game %d does not load; now %s", game.slot, where)
            notices.append(("lg_set_aside", {"name": where}))
    _write_index(storage, kept)


__all__ = [
    "BUDGET",
    "KEEP",
    "LastGame",
    "Notice",
    "drop_oldest",
    "entries",
    "load",
    "remember",
    "set_aside",
]
