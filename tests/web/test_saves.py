"""The player's save is never lost: games the AIs play alone never touch it, replacing it is
asked first, an unreadable one is kept aside (and the title says so), and an imported file
that does not load is refused with a sentence that covers no button."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

pygame = pytest.importorskip("pygame")

from game import GameRecord  # noqa: E402
from tests.web.matches import play_a_step  # noqa: E402
from tests.web.player import click_button, press_key, top  # noqa: E402
from web.play import saves  # noqa: E402
from web.play.config import AI, HUMAN, MatchConfig, SeatConfig  # noqa: E402
from web.play.storage import FileStorage  # noqa: E402
from web.scenes.game_over import GameOverScene  # noqa: E402
from web.scenes.match import MatchScene  # noqa: E402
from web.scenes.replace_game import ReplaceGameScene  # noqa: E402
from web.text import i18n  # noqa: E402
from web.ui import theme  # noqa: E402
from web.ui.layout import Box  # noqa: E402

if TYPE_CHECKING:
    from web.app import App
    from web.scenes.new_game import NewGameScene

pytest_plugins = ["tests.web.support"]  # the client test fixtures

AUTOSAVE_FILE = "autosave.json"


def _unfinished(app: App, seed: int = 21, humans: int = 2, actions: int = 12) -> str:
    """An unfinished game of the player's in the autosave (hot seat by default); its text."""
    seats = [SeatConfig(HUMAN if s < humans else AI, "easy") for s in range(2)]
    session = saves.new_session(app, MatchConfig(seats, seed=seed))
    while len(session.record.actions) < actions:
        play_a_step(session)
    text = app.storage.read(saves.AUTOSAVE)
    assert text and not session.is_over()
    return text


@pytest.fixture
def autosave_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every write or delete of the autosave, by any App's storage."""
    calls: list[str] = []
    for name in ("write", "delete"):
        real = getattr(FileStorage, name)

        def spy(
            self: FileStorage, key: str, *rest: Any, _real: Any = real, _name: str = name
        ) -> Any:
            if key == saves.AUTOSAVE:
                calls.append(_name)
            return _real(self, key, *rest)

        monkeypatch.setattr(FileStorage, name, spy)
    return calls


def _until(app: App, cond: Callable[[], bool], frames: int = 40_000) -> None:
    for _ in range(frames):
        if cond():
            return
        app.frame()
    raise AssertionError("condition not reached")


def _run_to_game_over(app: App) -> GameOverScene:
    top(app, MatchScene).animator.enabled = False
    _until(app, lambda: isinstance(app.top, GameOverScene))
    return top(app, GameOverScene)


# --- games the AIs play alone ---------------------------------------------------------------


def test_watching_ais_play_keeps_the_unfinished_game(
    app: App, random_ai: None, data_dir: Path, autosave_calls: list[str]
) -> None:
    from web.scenes.title import TitleScene

    saved = _unfinished(app)
    autosave_calls.clear()
    title = TitleScene(app)
    app.push(title)
    assert title.buttons.find("continue") is not None
    click_button(app, title.buttons, "spectate")
    assert top(app, MatchScene).session.spectating
    over = _run_to_game_over(app)
    assert (data_dir / AUTOSAVE_FILE).read_text(encoding="utf-8") == saved
    click_button(app, over.buttons, "again")  # another game of AIs: still not the player's
    over = _run_to_game_over(app)
    click_button(app, over.buttons, "title")
    assert app.top is title and title.buttons.find("continue") is not None
    assert autosave_calls == []
    assert app.storage.read(saves.AUTOSAVE) == saved


def test_spectating_from_the_command_line_keeps_the_unfinished_game(
    app: App, random_ai: None, data_dir: Path, autosave_calls: list[str]
) -> None:
    """``python -m web --spectate --players 2 --seed 3 --difficulty easy`` to its end."""
    from web.main import build_app, parse_args

    saved = _unfinished(app)
    autosave_calls.clear()
    watched = build_app(parse_args(["--spectate", "--players", "2", "--seed", "3",
                                    "--difficulty", "easy"]))  # fmt: skip
    _run_to_game_over(watched)
    assert autosave_calls == []
    assert (data_dir / AUTOSAVE_FILE).read_text(encoding="utf-8") == saved


def test_the_title_background_game_never_touches_the_save(
    app: App, random_ai: None, autosave_calls: list[str]
) -> None:
    from web.scenes.title import TitleScene

    saved = _unfinished(app)
    autosave_calls.clear()
    title = TitleScene(app)
    app.push(title)
    first = title.attract
    first.animator.enabled = False
    _until(app, lambda: title.attract is not first)  # one background game played to its end
    assert first.session.is_over()
    assert autosave_calls == []
    assert app.storage.read(saves.AUTOSAVE) == saved


def test_a_new_game_of_ais_only_leaves_the_save_alone(
    app: App, random_ai: None, autosave_calls: list[str]
) -> None:
    from web.scenes.new_game import NewGameScene
    from web.scenes.title import TitleScene

    saved = _unfinished(app)
    autosave_calls.clear()
    app.push(TitleScene(app))
    form = NewGameScene(app)
    app.push(form)
    click_button(app, form.buttons, "players2")
    click_button(app, form.buttons, "kind0")  # the only human seat becomes an AI
    click_button(app, form.buttons, "start")
    assert top(app, MatchScene).session.spectating  # nothing asked
    over = _run_to_game_over(app)
    click_button(app, over.buttons, "again")
    assert isinstance(app.top, MatchScene)
    app.run_frames(30)
    assert autosave_calls == []
    assert app.storage.read(saves.AUTOSAVE) == saved


def test_a_finished_game_deletes_only_its_own_autosave(app: App, random_ai: None) -> None:
    seats = [SeatConfig(HUMAN), SeatConfig(AI, "easy")]
    for own in (True, False):
        session = saves.new_session(app, MatchConfig(seats, seed=22))
        while not session.is_over():
            if session.human_to_act() >= 0:
                session.submit(session.legal()[0])
            else:
                session.tick(5)
        if own:
            # The last write failed (storage full): the autosave is this game a move earlier.
            data = json.loads(session.save_text())
            data["actions"] = data["actions"][:-1]
            app.storage.write(saves.AUTOSAVE, json.dumps(data))
        else:
            other = _unfinished(app, seed=23)
        app.push(MatchScene(app, session))
        app.run_frames(3)
        if own:
            assert app.storage.read(saves.AUTOSAVE) is None
        else:
            assert app.storage.read(saves.AUTOSAVE) == other
        del app.scenes[:]


# --- replacing the unfinished game ----------------------------------------------------------


def _new_game_form(app: App) -> NewGameScene:
    from web.scenes.new_game import NewGameScene
    from web.scenes.title import TitleScene

    app.push(TitleScene(app))
    form = NewGameScene(app)
    app.push(form)
    click_button(app, form.buttons, "players2")
    return form


def test_a_new_game_asks_before_replacing_the_unfinished_one(
    app: App, random_ai: None, data_dir: Path
) -> None:
    saved = _unfinished(app)
    form = _new_game_form(app)
    click_button(app, form.buttons, "start")
    dialog = app.top
    assert isinstance(dialog, ReplaceGameScene)
    app.frame()
    click_button(app, dialog.buttons, "keep")
    assert app.top is form and app.storage.read(saves.AUTOSAVE) == saved
    click_button(app, form.buttons, "start")
    press_key(app, pygame.K_ESCAPE)  # Escape keeps it too
    assert app.top is form and app.storage.read(saves.AUTOSAVE) == saved
    click_button(app, form.buttons, "start")
    # A copy first, then the new game.
    click_button(app, top(app, ReplaceGameScene).buttons, "export")
    exported = list((data_dir / "exports").glob("*.json"))
    assert len(exported) == 1 and json.loads(exported[0].read_text("utf-8")) == json.loads(saved)
    new = top(app, MatchScene).session.save_text()
    assert json.loads(_autosave(app)) == json.loads(new)
    assert json.loads(new)["seed"] == form.config.seed


def test_replace_it_starts_the_new_game(app: App, random_ai: None) -> None:
    saved = _unfinished(app)
    form = _new_game_form(app)
    click_button(app, form.buttons, "start")
    click_button(app, top(app, ReplaceGameScene).buttons, "replace")
    assert isinstance(app.top, MatchScene)
    assert app.storage.read(saves.AUTOSAVE) != saved


def test_continuing_and_a_later_copy_of_the_same_game_ask_nothing(
    app: App, random_ai: None, tmp_path: Path
) -> None:
    from web.play.session import MatchSession
    from web.scenes.menu import MenuScene
    from web.scenes.title import TitleScene

    saved = _unfinished(app)
    title = TitleScene(app)
    app.push(title)
    click_button(app, title.buttons, "continue")
    continued = top(app, MatchScene)
    later = MatchSession.from_save(saved)
    while len(later.record.actions) < len(json.loads(saved)["actions"]) + 5:
        play_a_step(later)
    copy = tmp_path / "later.json"
    copy.write_text(later.save_text(), encoding="utf-8")
    press_key(app, pygame.K_ESCAPE)
    click_button(app, top(app, MenuScene).buttons, "title")
    assert top(app, TitleScene) is title
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(copy)))
    app.frame()
    # The same game further on: nothing is lost, nothing asked.
    assert top(app, MatchScene) is not continued
    played = json.loads(later.save_text())["actions"]
    assert json.loads(_autosave(app))["actions"][: len(played)] == played


def test_importing_over_the_unfinished_game_asks_first(
    app: App, random_ai: None, tmp_path: Path
) -> None:
    from web.play.session import MatchSession
    from web.scenes.title import TitleScene

    other = MatchSession(MatchConfig([SeatConfig(HUMAN), SeatConfig(AI, "easy")], seed=31))
    for _ in range(20):
        other.tick(5)
    path = tmp_path / "other.json"
    path.write_text(other.save_text(), encoding="utf-8")
    saved = _unfinished(app)
    title = TitleScene(app)
    app.push(title)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.frame()
    click_button(app, top(app, ReplaceGameScene).buttons, "keep")
    assert app.top is title and app.storage.read(saves.AUTOSAVE) == saved
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.frame()
    click_button(app, top(app, ReplaceGameScene).buttons, "replace")
    assert isinstance(app.top, MatchScene)
    stored = json.loads(_autosave(app))
    assert stored["seed"] == 31


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("large", [False, True])
def test_the_replace_question_fits_its_box(
    app: App, random_ai: None, lang: str, large: bool
) -> None:
    from web.play.session import MatchSession
    from web.scenes.replace_game import TITLE_SIZE

    app.set_language(lang)
    app.settings.large_text = large
    theme.set_text_scale(app.settings.text_scale())
    existing = MatchSession.from_save(_unfinished(app))
    existing.state.round = 13  # the longest season names
    dialog = ReplaceGameScene(app, existing, lambda: None)
    app.push(dialog)
    app.frame()
    title = theme.font(TITLE_SIZE, "serif").size(i18n.t("replace_title"))[0]
    assert title <= dialog.box.w - 40
    size = theme.small(17)
    lines = dialog.body_lines()
    body = dialog.body_box()
    assert lines and len(lines) * theme.font(size).get_linesize() <= body.h, lines
    assert all(theme.font(size).size(line)[0] <= body.w for line in lines)
    for b in dialog.buttons.buttons:
        assert theme.fit_text(b.label, b.size, b.box.w - 12) == b.label, b.label
        assert dialog.box.contains(b.box.x, b.box.y) and dialog.box.contains(
            b.box.right, b.box.bottom
        )
        assert b.box.y >= body.bottom
    app.set_language("en")


# --- an autosave that does not load ----------------------------------------------------------


def _crafted_index_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(text: str | bytes) -> None:
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(GameRecord, "from_json", staticmethod(broken))


CORRUPT = {
    "not json": b'{"format": "strategos-record", "version": 1, "players": 2, "seed": ',
    "not text": bytes(range(128, 256)),
    "bad record": json.dumps({"format": "strategos-record", "version": 1, "players": 9}).encode(),
    "crafted": None,  # a save whose loading raises IndexError inside the loader
}


@pytest.mark.parametrize("kind", list(CORRUPT))
def test_an_unreadable_autosave_is_kept_aside_and_the_game_starts(
    app: App,
    data_dir: Path,
    random_ai: None,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    kind: str,
) -> None:
    from web.main import build_app, parse_args
    from web.scenes.new_game import NewGameScene
    from web.scenes.title import TitleScene

    data_dir.mkdir(parents=True, exist_ok=True)
    content = CORRUPT[kind]
    if content is None:
        content = _unfinished(app).encode()
        _crafted_index_error(monkeypatch)
    (data_dir / AUTOSAVE_FILE).write_bytes(content)
    with caplog.at_level(logging.WARNING):
        app = build_app(parse_args([]))
    title = app.top
    assert isinstance(title, TitleScene) and title.buttons.find("continue") is None
    assert not (data_dir / AUTOSAVE_FILE).exists()
    (kept,) = data_dir.glob("autosave.corrupt-*.json")
    assert kept.read_bytes() == content
    text = saves.notice(app)
    assert str(kept) in text and text.startswith("Your saved game could not be read")
    if kind == "crafted":  # not a refusal the engine meant: the traceback is in the log
        assert any(r.exc_info and r.exc_info[0] is IndexError for r in caplog.records)
    app.frame()
    # A new game asks nothing (there is nothing left to replace) and the kept file stays.
    form = NewGameScene(app)
    app.push(form)
    click_button(app, form.buttons, "start")
    assert isinstance(app.top, MatchScene)
    assert kept.read_bytes() == content and (data_dir / AUTOSAVE_FILE).exists()
    assert saves.notice(app) == ""


def test_a_second_unreadable_autosave_does_not_replace_the_first(app: App, data_dir: Path) -> None:
    from web.scenes.title import TitleScene

    data_dir.mkdir(parents=True, exist_ok=True)
    for text in ("first damaged save", "second damaged save"):
        (data_dir / AUTOSAVE_FILE).write_text(text, encoding="utf-8")
        TitleScene(app)
    kept = sorted(p.read_text(encoding="utf-8") for p in data_dir.glob("autosave.corrupt-*"))
    assert kept == ["first damaged save", "second damaged save"]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("large", [False, True])
def test_the_title_notice_fits_its_box_and_covers_no_button(
    app: App, data_dir: Path, lang: str, large: bool
) -> None:
    from web.scenes.title import TitleScene
    from web.scenes.title_notice import NOTICE_SIZE
    from web.ui.layout import HEIGHT

    app.set_language(lang)
    app.settings.large_text = large
    theme.set_text_scale(app.settings.text_scale())
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / AUTOSAVE_FILE).write_text("{", encoding="utf-8")
    title = TitleScene(app)
    app.push(title)
    app.frame()
    lines = title.notice_lines()
    box = title.notice_box()
    size = theme.small(NOTICE_SIZE)
    assert lines and all(theme.font(size).size(line)[0] <= box.w - 32 for line in lines)
    assert 16 + len(lines) * theme.font(size).get_linesize() <= box.h
    assert box.x >= 0 and box.bottom <= HEIGHT
    for other in [title.panel_box, *(b.box for b in title.buttons.buttons)]:
        assert not _overlap(box, other), (box, other)
    app.set_language("en")


def _autosave(app: App) -> str:
    text = app.storage.read(saves.AUTOSAVE)
    assert text is not None, "no autosave"
    return text


def _overlap(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def test_a_failing_autosave_write_is_told_once(
    app: App, random_ai: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from web.scenes.title import TitleScene

    monkeypatch.setattr(app.storage, "write", lambda key, text: False)
    app.push(TitleScene(app))
    config = MatchConfig([SeatConfig(HUMAN), SeatConfig(AI, "easy")], seed=5)
    session = app.nav.open_match(saves.new_session(app, config)).session
    assert app.toast_text == i18n.t("autosave_failed")
    app.toast_text = ""
    while len(session.record.actions) < 10:
        if session.human_to_act() >= 0:
            session.submit(session.legal()[0])
        else:
            session.tick(5)
    assert app.toast_text == ""


# --- imported files that do not load -----------------------------------------------------------


def _bad_files(app: App) -> dict[str, bytes]:
    good = _unfinished(app, seed=41)
    data = json.loads(good)
    return {
        "garbage.json": b"\x00\x01 this is a picture, not a game",
        "cut.json": good[: len(good) // 2].encode(),
        "foreign.json": json.dumps({"hello": "world"}).encode(),
        "list.json": b"[1, 2, 3]",
        "future.json": json.dumps({**data, "version": 99}).encode(),
        "future_map.json": json.dumps({**data, "map": 99}).encode(),
        "bad_map.json": json.dumps({**data, "map": "x"}).encode(),
        "lacking.json": json.dumps({"format": "strategos-record", "version": 1}).encode(),
        "seats.json": json.dumps({**data, "client": {"seats": [{"kind": "robot"}]}}).encode(),
        # Its second action first: a record that does not replay.
        "unplayable.json": json.dumps({**data, "actions": data["actions"][1:]}).encode(),
    }


READABLE = (
    "This file is not a Strategos save.",
    "The save is damaged: ",
    "This save is from another version of Strategos",
    "This save is of a game on map",
)
PARSER_WORDS = ("char ", "line 1", "column", "Expecting", "Unterminated", "Traceback", "Error:")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("large", [False, True])
def test_import_refusals_are_sentences_that_cover_no_button(
    app: App, random_ai: None, tmp_path: Path, lang: str, large: bool
) -> None:
    from web.scenes.menu import ImportScene, MenuScene

    expected = {
        "garbage.json": i18n.TEXT["save_not_strategos"][0],
        "cut.json": "The save is damaged: the file is cut short or garbled.",
        "foreign.json": i18n.TEXT["save_not_strategos"][0],
        "list.json": i18n.TEXT["save_not_strategos"][0],
        "future.json": "This save is from another version of Strategos (format 99).",
        "future_map.json": (
            "This save is of a game on map 99, which this version of Strategos does not have."
        ),
        "bad_map.json": "The save is damaged: the file is cut short or garbled.",
    }
    files = _bad_files(app)
    app.set_language(lang)
    app.settings.large_text = large
    theme.set_text_scale(app.settings.text_scale())
    from tests.web.test_scenes import _match

    match = _match(app, seed=13)
    saved = app.storage.read(saves.AUTOSAVE)
    press_key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, MenuScene)
    assert isinstance(app.storage, FileStorage)
    exports = app.storage.dir / "exports"
    exports.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        (exports / name).write_bytes(content)
    for i in range(8 - len(files)):
        (exports / f"more{i}.json").write_bytes(b"{}")
    for where in ("menu", "import"):
        if where == "import":
            click_button(app, menu.buttons, "import")
            assert len(top(app, ImportScene).files) == 8
        shown = top(app, MenuScene if where == "menu" else ImportScene)
        for name in files:
            pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(exports / name)))
            app.frame()
            text = app.toast_text
            assert app.top is shown and app.scenes[1] is match, name  # the game survives
            if lang == "en":
                assert text.startswith(READABLE), (name, text)
                if name in expected:
                    assert text == expected[name]
            else:  # every word in the player's language: no English engine sentence
                latin = re.sub(r"\(R\d+(\.\d+)*\)|Strategos", "", text)
                assert not re.search(r"[A-Za-z]{2,}", latin), (name, text)
            if name == "unplayable.json":  # one sentence, not the engine's glued to ours
                step = re.escape(i18n.t("save_unplayable", n="1", move="(@)", rule="(#)"))
                step = step.replace("1", r"\d+").replace(r"\(@\)", r"( \(.+\))?")
                step = step.replace(r"\(\#\)", r"( \(R[\d.]+\))?")
                said = re.escape(i18n.t("save_damaged", reason="@")).replace("@", step)
                assert re.fullmatch(said, text), text
            assert not any(word in text for word in PARSER_WORDS), (name, text)
            rect = app.toast_rect()
            for b in shown.buttons.buttons:
                assert not rect.colliderect(pygame.Rect(b.box.tuple())), (where, name, b.tag)
            if where == "menu":  # nor the menu's panel
                assert not rect.colliderect(pygame.Rect(menu.box.tuple())), name
            assert rect.top >= 0 and rect.bottom <= 720
        assert app.storage.read(saves.AUTOSAVE) == saved
    app.set_language("en")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_file_the_engine_cannot_read_is_not_told_as_a_game_that_breaks_the_rules(
    app: App, random_ai: None, lang: str
) -> None:
    """The refusal read the file again with ``json.loads``, which reads UTF-16 and texts over
    the engine's size and depth limits: such a save was told "The save is damaged: This is not
    a game record: …" and, in Russian, as a position the rules do not allow. A version of
    ``true`` or ``1.0`` loaded as version 1."""
    from web.scenes.title import TitleScene

    good = _unfinished(app, seed=41)
    data = json.loads(good)
    deep = {**data, "client": {**data["client"], "note": json.loads("[" * 40 + "]" * 40)}}
    garbled = i18n.TEXT["save_damaged"][0].format(reason=i18n.TEXT["save_garbled"][0])
    cases: dict[str, tuple[str | bytes, str]] = {
        "utf-16": (good.encode("utf-16"), i18n.TEXT["save_not_strategos"][0]),
        "too large": (good[:-1] + ', "pad": "' + "x" * 8_000_000 + '"}', garbled),
        "too deep": (json.dumps(deep), garbled),
        "version true": (json.dumps({**data, "version": True}), garbled),
        "version 1.0": (json.dumps({**data, "version": 1.0}), garbled),
        # json.loads kept the second "actions" (none): the save opened at its first move.
        "actions twice": (good[:-1] + ', "actions": []}', garbled),
    }
    app.set_language(lang)
    app.push(TitleScene(app))
    for name, (text, english) in cases.items():
        app.toast_text = ""
        assert not app.nav.import_text(text), name
        assert isinstance(app.top, TitleScene), name  # nothing opened
        assert app.storage.read(saves.AUTOSAVE) == good, name  # the player's game is kept
        if lang == "en":
            assert app.toast_text == english, name
        else:
            said = app.toast_text
            assert said and i18n.TEXT["save_impossible"][1][:10] not in said, (name, said)
            assert not re.search(r"[A-Za-z]{2,}", said.replace("Strategos", "")), (name, said)
    app.set_language("en")


def test_an_unreadable_file_says_why_in_words(app: App, random_ai: None, tmp_path: Path) -> None:
    from web.scenes.title import TitleScene

    app.push(TitleScene(app))
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(tmp_path / "gone.json")))
    app.frame()
    assert app.toast_text == "The file could not be opened: No such file or directory"


def test_a_file_larger_than_any_game_is_told_so(app: App, tmp_path: Path) -> None:
    """The import read the first 8,000,000 bytes of a larger file and told the save it had cut
    as "cut short or garbled"; the file is now refused for its size, as --replay refuses it."""
    from web.main import read_replay
    from web.scenes.title import TitleScene

    good = _unfinished(app, seed=41)
    big = tmp_path / "big.json"
    big.write_text(good[:-1] + ', "pad": "' + "x" * saves.IMPORT_LIMIT + '"}', encoding="utf-8")
    app.push(TitleScene(app))
    for lang in i18n.LANGUAGES:
        app.set_language(lang)
        for open_it in (app.nav.import_file, app.nav.replay_file):  # import, Watch a file…
            app.toast_text = ""
            open_it(str(big))
            assert app.toast_text == i18n.t("file_too_large", path=str(big)), open_it
            assert isinstance(app.top, TitleScene)
    app.set_language("en")
    assert read_replay(str(big)) == (None, f"{big} is larger than any game record.")
    assert app.storage.read(saves.AUTOSAVE) == good


@pytest.mark.parametrize(
    "content",
    [
        '{"language": "fr"}',
        '{"sound": "yes"}',
        '{"volume": 3}',
        "[" * 5000,
        '{"language": ',
        '{"review_budget": "slow"}',
        '{"review_budget": 1}',
        "folder",
        "bytes",
        '{"language": "ru", "language": "en"}',  # which one was meant cannot be told
    ],
    ids=[
        "language",
        "type",
        "unknown",
        "deep",
        "cut",
        "budget",
        "budget_type",
        "folder",
        "bytes",
        "twice",
    ],
)
def test_unreadable_settings_are_kept_aside_and_said(data_dir: Path, content: str) -> None:
    from web.main import build_app, parse_args

    data_dir.mkdir(parents=True, exist_ok=True)
    if content == "folder":  # no file to read, and none the next change could write
        (data_dir / "settings.json").mkdir()
    elif content == "bytes":
        (data_dir / "settings.json").write_bytes(bytes(range(128, 256)))
    else:
        (data_dir / "settings.json").write_text(content, encoding="utf-8")
    app = build_app(parse_args([]))
    assert app.settings.language == "en" and not app.settings.sound  # the defaults
    assert app.settings.review_budget == "quick"
    assert not (data_dir / "settings.json").exists()
    (kept,) = data_dir.glob("settings.corrupt-*.json")
    if content == "folder":
        assert kept.is_dir()
    elif content == "bytes":
        assert kept.read_bytes() == bytes(range(128, 256))
    else:
        assert kept.read_text(encoding="utf-8") == content
    assert saves.notice(app).startswith("Your settings could not be read") and str(kept) in (
        saves.notice(app)
    )


def test_settings_that_read_are_used(data_dir: Path) -> None:
    from web.main import build_app, parse_args

    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text(
        json.dumps(
            {"language": "ru", "sound": False, "speed": "fast", "review_budget": "thorough"}
        ),
        encoding="utf-8",
    )
    app = build_app(parse_args([]))
    assert app.settings.language == "ru" and app.settings.speed == "fast"
    assert app.settings.review_budget == "thorough"
    assert saves.notice(app) == "" and (data_dir / "settings.json").exists()


def test_two_exports_in_one_second_are_two_files(tmp_path: Path) -> None:
    store = FileStorage(tmp_path)
    first, second = store.export("the first game"), store.export("the second game")
    assert first != second
    assert Path(first).read_text(encoding="utf-8") == "the first game"
    assert Path(second).read_text(encoding="utf-8") == "the second game"
