"""Autosave, resume, export and import of matches (the save is ``GameRecord`` JSON).

The autosave is the player's: only a game a person plays writes it, and a game that ends
deletes it only if it is that game. When the storage refuses it (a full ``localStorage`` or
disk), the kept last games make room for it, the oldest dropped first (a kept game set
aside because it no longer loads is the player's file and is never dropped, see
``web.play.last_games``). A game an AI plays alone (spectating, the title's background) never
touches it. ``replaced_by`` names the unfinished game a new or imported one would replace, so
that ``web.navigation`` can ask first. An autosave that no longer loads is kept aside under a
new name and the title says so; an imported file that does not load is refused with a
sentence, and the current game survives.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game import RECORD_FORMAT, GameRecord, StateFormatError, load_json
from game.content import is_map_version
from game.jsontext import MAX_BYTES
from game.state_reader import map_of
from web.play import last_games
from web.play.config import MatchConfig
from web.play.session import MatchSession
from web.text import i18n

if TYPE_CHECKING:
    from web.scene import Host

AUTOSAVE = "autosave"
IMPORT_LIMIT = MAX_BYTES  # bytes of a file from outside: no larger text loads as a game
_DAMAGED = re.compile(r"^The [\w ]+ is damaged: (.+)$", re.DOTALL)
_RULE = re.compile(r"\b(R\d+(?:\.\d+)*)\b")  # the rule an engine sentence cites
# GameRecord.replay's sentence: a second "does not replay:" after "The save is damaged:" read
# as two sentences glued, so the player is told the move and its rule in one.
_NO_REPLAY = re.compile(
    r"^The game record does not replay: record action (\d+) \((.+?)\) is not allowed there\."
    r"(.*)$",
    re.DOTALL,
)

log = logging.getLogger("strategos.saves")


def autosaver(app: Host) -> Callable[[MatchSession], None]:
    def save(session: MatchSession) -> None:
        if not session.humans:
            return
        if _write_autosave(app, session.save_text()):
            app.autosave_failing = False
        elif not app.autosave_failing:  # told once, not at every move
            app.autosave_failing = True
            app.toast(i18n.phrase("autosave_failed"), 7.0)

    return save


def _write_autosave(app: Host, text: str) -> bool:
    """Store ``text`` as the autosave; while the storage refuses it, drop the oldest kept last
    game and try again. The storage does not say why it refused (the browser's quota error
    arrives untyped), so a refusal is taken for a full storage. False when even with every
    kept game gone it does not fit; the autosave stored before is then still there."""
    store = app.storage
    if store.write(AUTOSAVE, text):
        return True
    for _ in range(last_games.KEEP):  # bounded even if a game could not be deleted
        game = last_games.drop_oldest(store, app.notices)
        if game is None:
            break
        log.warning(
            "the storage refused the autosave; the last game kept as %s (saved %s, %d players,"
            " %d characters) is dropped to make room",
            game.key, game.saved, game.players, game.size,
        )  # fmt: skip
        if store.write(AUTOSAVE, text):
            return True
    return False


def new_session(app: Host, config: MatchConfig) -> MatchSession:
    return MatchSession(config, on_commit=autosaver(app) if config.humans() else None)


def resumable(app: Host) -> MatchSession | None:
    """The autosaved match, if there is an unfinished one; one that does not load is kept
    aside (``set_aside``) so that no later game writes over it."""
    text = app.storage.read(AUTOSAVE)
    if text is None:
        if app.storage.exists(AUTOSAVE):  # there, but not text (bytes that are not UTF-8)
            log.warning("the autosave is not readable text; it is set aside")
            set_aside(app)
        return None
    try:
        session = MatchSession.from_save(text, autosaver(app))
    except StateFormatError as err:
        log.warning("the autosave does not load (%s); it is set aside", err)
        set_aside(app)
        return None
    except Exception:
        # Not a refusal the engine meant; still the player's start-up must go on.
        log.exception("loading the autosave failed; it is set aside")
        set_aside(app)
        return None
    return None if session.is_over() else session


def set_aside(app: Host) -> None:
    where = app.storage.keep_aside(AUTOSAVE)
    if where is None:
        log.error("the unreadable autosave could not be set aside")
        app.notices.append(("autosave_unreadable", {}))
    else:
        log.warning("the unreadable autosave is now %s", where)
        app.notices.append(("autosave_set_aside", {"name": where}))


def notice(app: Host) -> str:
    """What the title tells about stored files that did not read, in the current language."""
    return sentences(app.notices)


def sentences(notices: list[tuple[str, dict[str, str]]]) -> str:
    """``notices`` (keys of ``web.text.i18n`` with their values) said in the current language."""
    return " ".join(i18n.t(key, **values) for key, values in notices)


def load(app: Host, text: str | bytes) -> MatchSession | str:
    """A session from imported text, or the sentence saying why it is refused."""
    try:
        return MatchSession.from_save(text, autosaver(app))
    except StateFormatError as err:
        return refusal(text, str(err))
    except Exception:
        log.exception("loading an imported file failed")
        return i18n.t("save_damaged", reason=i18n.t("save_unloadable"))


def refusal(text: str | bytes, engine_reason: str) -> str:
    """Why a file is refused, in words: the parser's own text (offsets, quotes) never shows.

    The text is read through the engine's own gate (``load_json``): ``json.loads`` reads more
    (UTF-16 bytes, a text over the size or depth limit), and a file it read but the engine did
    not was told as a damaged game with the engine's sentence about the text inside, and in
    Russian as a position the rules do not allow."""
    try:
        data = load_json(text, "saved game")
    except StateFormatError:
        marked = (
            RECORD_FORMAT.encode() in text if isinstance(text, bytes) else RECORD_FORMAT in text
        )
        if marked:  # a save of ours, cut short or garbled on the way
            return i18n.t("save_damaged", reason=i18n.t("save_garbled"))
        return i18n.t("save_not_strategos")
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        return i18n.t("save_not_strategos")
    version = data.get("version")
    if not GameRecord.reads_version(version):
        if type(version) is int and 0 < version < 1000:  # an edition's number, to be shown
            return i18n.t("save_version", version=str(version))
        return i18n.t("save_damaged", reason=i18n.t("save_garbled"))
    board = map_of(data)
    if not is_map_version(board):
        if type(board) is int and 0 < board < 1000:  # a map of a later edition, to be named
            return i18n.t("save_map", map=str(board))
        return i18n.t("save_damaged", reason=i18n.t("save_garbled"))
    unplayable = _NO_REPLAY.match(engine_reason)
    if unplayable is not None:
        log.warning("the file is refused: %s", engine_reason)  # the engine's whole sentence
        number, action, why = unplayable.groups()
        rule = _RULE.search(why)
        # The action is named as the engine writes it, in English: not in another language.
        step = f" ({action})" if i18n.language() == "en" else ""
        reason = i18n.t("save_unplayable", n=number, move=step,
                        rule=f" ({rule.group(1)})" if rule else "")  # fmt: skip
        return i18n.t("save_damaged", reason=reason)
    # The engine's sentence may open with its own "The … is damaged:"; it is said once here.
    found = _DAMAGED.match(engine_reason)
    detail = found.group(1) if found else engine_reason
    if i18n.language() != "en":
        # The engine speaks English; in another language the player reads what kind of damage
        # it is and the rule it breaks, and the log keeps the engine's own sentence.
        log.warning("the file is refused: %s", engine_reason)
        rule = _RULE.search(detail)
        detail = i18n.t("save_impossible", rule=f" ({rule.group(1)})" if rule else "")
    return i18n.t("save_damaged", reason=detail)


def _header(data: Any) -> tuple[Any, ...] | None:
    if not isinstance(data, dict):
        return None
    client = data.get("client")
    seats = client.get("seats") if isinstance(client, dict) else None
    fields = ("format", "version", "players", "seed", "rules", "kingdoms")
    # A save written before maps had versions names none: it is of map 1, as its game is now.
    return (*(data.get(k) for k in fields), map_of(data), seats)


def _extends(text: str, session: MatchSession) -> bool:
    """True when the saved game ``text`` is ``session``'s game at this point or earlier, so
    that ``session`` may take its place without losing a move."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    mine = json.loads(session.save_text())
    if _header(data) != _header(mine) or not isinstance(data.get("actions"), list):
        return False
    saved: list[Any] = data["actions"]
    played: list[Any] = mine["actions"]
    return saved == played[: len(saved)]


def replaced_by(app: Host, session: MatchSession) -> MatchSession | None:
    """The player's unfinished game that showing ``session`` would replace, if any: not when
    ``session`` is that game at a later point, nor when nobody plays ``session``."""
    existing = resumable(app)
    text = app.storage.read(AUTOSAVE) if existing is not None else None
    if (
        existing is None
        or text is None
        or not session.humans
        or session.is_over()
        or _extends(text, session)
    ):
        return None
    return existing


def adopt(app: Host, session: MatchSession) -> None:
    """``session`` is shown as the current match: a game a person plays that is not over
    becomes the autosave; any other never writes it."""
    if session.humans and not session.is_over():
        session.on_commit = autosaver(app)
        session.on_commit(session)
        app.notices.clear()  # the title's word on files that did not read has been seen
    else:
        session.on_commit = None


def finished(app: Host, session: MatchSession) -> None:
    """``session`` is over: the autosave goes if it is this game (at any of its moves)."""
    if not session.humans:
        return
    text = app.storage.read(AUTOSAVE)
    if text is not None and _extends(text, session):
        app.storage.delete(AUTOSAVE)


def export(app: Host, session: MatchSession) -> bool:
    try:
        where = app.storage.export(session.save_text())
    except OSError as err:
        app.toast(i18n.phrase("export_failed", reason=err.strerror or str(err)), 7.0)
        return False
    app.toast(i18n.phrase("exported", path=where), 6.0)
    return True
