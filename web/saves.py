"""Autosave, resume, export and import of matches (the save is ``GameRecord`` JSON).

A corrupt or foreign file is refused with the engine's message and the current game survives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game import StateFormatError
from web import i18n
from web.config import MatchConfig
from web.session import MatchSession

if TYPE_CHECKING:
    from web.app import App

AUTOSAVE = "autosave"


def autosaver(app: App) -> Callable[[MatchSession], None]:
    def save(session: MatchSession) -> None:
        app.storage.write(AUTOSAVE, session.save_text())

    return save


def new_session(app: App, config: MatchConfig) -> MatchSession:
    return MatchSession(config, on_commit=autosaver(app))


def resumable(app: App) -> MatchSession | None:
    """The autosaved match, if there is an unfinished one that still loads."""
    text = app.storage.read(AUTOSAVE)
    if not text:
        return None
    try:
        session = MatchSession.from_save(text, autosaver(app))
    except (StateFormatError, ValueError):
        return None
    return None if session.is_over() else session


def load(app: App, text: str | bytes) -> MatchSession | str:
    """A session from imported text, or the reason it is refused."""
    try:
        return MatchSession.from_save(text, autosaver(app))
    except StateFormatError as err:
        return i18n.t("save_refused", reason=str(err))
    except (ValueError, TypeError, KeyError) as err:
        return i18n.t("save_refused", reason=f"{type(err).__name__}: {err}")


def start(app: App, session: MatchSession) -> None:
    """Show ``session`` as the current match, above the title."""
    from web.scenes.match import MatchScene

    session.on_commit = autosaver(app)
    app.storage.write(AUTOSAVE, session.save_text())
    app.reset_to(MatchScene(app, session))


def export(app: App, session: MatchSession) -> None:
    try:
        where = app.storage.export(session.save_text())
    except OSError as err:
        app.toast(i18n.t("save_refused", reason=str(err)))
        return
    app.toast(i18n.t("exported", path=where), 6.0)


def import_text(app: App, text: str | bytes) -> bool:
    found = load(app, text)
    if isinstance(found, str):
        app.toast(found, 7.0)
        return False
    start(app, found)
    return True
