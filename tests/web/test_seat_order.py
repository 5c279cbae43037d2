"""The seat order in the new-game form: every round seat 1 moves first and the last seat last
(R1.3), and the round in which someone reaches 7 points is played to its end (R9.7). The form
says so, with what the last seat won in the kingdom book's self-play; a person alone against
AIs sits where the game's seed draws unless they choose a seat; people sharing the device sit
as they were entered. Its texts fit: ``tests/web/test_text_fit.py``."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest

pygame = pytest.importorskip("pygame")

import ai.kingdom_book  # noqa: E402
from tests.web.player import click_button, find, phone_shot, press_key, shot, top  # noqa: E402
from web import ai_bridge  # noqa: E402
from web.play.config import drawn_seat  # noqa: E402
from web.play.session import MatchSession  # noqa: E402
from web.scenes.match import MatchScene  # noqa: E402
from web.scenes.new_game import DRAWN, NewGameScene  # noqa: E402
from web.text import i18n  # noqa: E402

if TYPE_CHECKING:
    from web.app import App

pytest_plugins = ["tests.web.support"]  # the client test fixtures

# Shares of the size a kingdom book's seat table gives (two digits), the last seat's apart
# from an even share; the shipped book may have none (ai/kingdom_book.py).
SAMPLE_SHARES = {
    2: [0.43, 0.57],
    3: [0.3, 0.29, 0.41],
    4: [0.22, 0.17, 0.22, 0.39],
    5: [0.19, 0.16, 0.18, 0.16, 0.31],
    6: [0.15, 0.14, 0.15, 0.13, 0.15, 0.28],
}


def sample_shares(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_bridge, "seat_shares", lambda n: list(SAMPLE_SHARES[n]))


def _form(app: App) -> NewGameScene:
    form = NewGameScene(app)
    app.push(form)
    app.frame()
    return form


def _person(form: NewGameScene) -> int:
    [person] = form.config.humans()
    return person


def test_a_person_alone_against_ais_sits_where_the_seed_draws(app: App) -> None:
    form = _form(app)
    levels = ["beginner", "easy", "normal"]
    for seat, level in zip((s for s in range(4) if s != _person(form)), levels, strict=True):
        form.config.seats[seat].difficulty = level
    seen = []
    for _ in range(16):
        click_button(app, form.buttons, "seed_plus")
        seed, person = form.config.seed, _person(form)
        assert person == drawn_seat(seed, 4) and form.config.seat_drawn
        # The seat the person got, shown: their seat's button marked as drawn, their row's kind.
        button = find(form.buttons, f"seat{person}")
        assert button.selected and button.label == f"{i18n.t('seat', n=person + 1)} {DRAWN}"
        assert find(form.buttons, f"kind{person}").label == i18n.t("human")
        # The AIs keep their order in the other seats.
        assert [s.difficulty for s in form.config.seats if not s.is_human] == levels
        seen.append(person)
    # Not seat 1 by habit: the seeds draw different seats, every one of the four here.
    assert set(seen) == {0, 1, 2, 3}, seen
    # The same seed draws the same seat, in another form too.
    again = _form(app)
    for _ in range(10):  # the seed typed from nothing
        press_key(app, pygame.K_BACKSPACE)
    for digit in str(form.config.seed):
        press_key(app, getattr(pygame, f"K_{digit}"), digit)
    assert again.config.seed == form.config.seed and _person(again) == _person(form)
    # At each count of players, the seed draws among that many seats.
    for n in range(2, 7):
        click_button(app, again.buttons, f"players{n}")
        assert _person(again) == drawn_seat(again.config.seed, n)


def test_the_game_starts_with_the_person_in_the_seat_drawn(app: App, random_ai: None) -> None:
    form = _form(app)
    click_button(app, form.buttons, "players3")
    person, seed = _person(form), form.config.seed
    click_button(app, form.buttons, "start")
    session = top(app, MatchScene).session
    assert session.humans == [person] and session.viewer == person
    assert session.record.seed == seed
    saved = json.loads(session.save_text())["client"]
    assert saved["seat_drawn"] is True
    # The same settings again (Play again): the next seed draws the seat again.
    again = MatchSession.from_save(session.save_text()).rematch()
    assert again.seat_drawn and again.humans() == [drawn_seat(seed + 1, 3)]


def test_a_seat_chosen_is_kept(app: App, random_ai: None) -> None:
    form = _form(app)
    person = _person(form)
    for _ in range(4):  # the person's kingdom: Romans
        click_button(app, form.buttons, f"kingdom{person}")
    assert form.config.seats[person].kingdom == 3
    other = (person + 2) % 4
    click_button(app, form.buttons, f"seat{other}")
    assert form.config.humans() == [other] and not form.config.seat_drawn
    assert form.config.seats[other].kingdom == 3  # the person's settings went with them
    assert find(form.buttons, f"seat{other}").label == i18n.t("seat", n=other + 1)  # no ⚄
    for tag in ("seed_plus", "seed_random", "seed_minus", "players6"):
        click_button(app, form.buttons, tag)
        assert form.config.humans() == [other], tag
    click_button(app, form.buttons, "seat5")
    click_button(app, form.buttons, "players3")  # AIs leave first: the person stays, last
    assert form.config.humans() == [2] and not form.config.seat_drawn
    # The person's own seat tapped: drawn from the seed again.
    click_button(app, form.buttons, "seat2")
    assert form.config.seat_drawn and form.config.humans() == [drawn_seat(form.config.seed, 3)]
    # A seat made a person's by hand is chosen as well.
    person = _person(form)
    click_button(app, form.buttons, f"kind{person}")
    click_button(app, form.buttons, f"kind{(person + 1) % 3}")
    assert form.config.humans() == [(person + 1) % 3] and not form.config.seat_drawn
    click_button(app, form.buttons, "seed_plus")
    assert form.config.humans() == [(person + 1) % 3]
    click_button(app, form.buttons, "start")
    session = top(app, MatchScene).session
    assert session.humans == [(person + 1) % 3]
    # Play again keeps a chosen seat.
    assert MatchSession.from_save(session.save_text()).rematch().humans() == session.humans


def test_people_sharing_the_device_keep_their_order(app: App, random_ai: None) -> None:
    form = _form(app)
    click_button(app, form.buttons, f"kind{_person(form)}")
    assert form.config.humans() == [] and form.buttons.find("seat0") is None  # AIs alone
    click_button(app, form.buttons, "kind1")
    click_button(app, form.buttons, "kind3")
    assert form.config.humans() == [1, 3]
    # No seat buttons: the names are labels, and nothing moves the people.
    assert all(form.buttons.find(f"seat{s}") is None for s in range(4))
    for tag in ("seed_plus", "seed_random", "players6", "players5"):
        click_button(app, form.buttons, tag)
        assert form.config.humans() == [1, 3], tag
    assert [what for what, _lines in form.note_shown()] == ["order", "think"]
    click_button(app, form.buttons, "start")
    assert top(app, MatchScene).session.humans == [1, 3]


def test_the_note_says_who_moves_first_and_last(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_bridge, "seat_shares", lambda n: None)  # a book without the table
    form = _form(app)
    parts = dict(form.note_parts())
    assert parts["order"] == "Seat 1 moves first in every round and Seat 4 last."
    person = _person(form)
    assert parts["yours"] == (
        f"Your seat was drawn from the seed: Seat {person + 1}. Tap another seat to sit there."
    )
    assert find(form.buttons, f"seat{person}").tip == i18n.t("tip_seat_drawn")
    click_button(app, form.buttons, "players2")
    app.set_language("ru")
    assert dict(form.note_parts())["order"] == (
        "В каждом раунде место 1 ходит первым, место 2 — последним."
    )
    app.set_language("en")
    sample_shares(monkeypatch)
    click_button(app, form.buttons, "players4")
    assert dict(form.note_parts())["order"] == (
        "Seat 1 moves first in every round and Seat 4 last: in games between AIs, Seat 4 won "
        "39% of 4-player games (25% if seats were equal)."
    )
    # Each seat's button tells what that seat won.
    other = (_person(form) + 1) % 4
    assert find(form.buttons, f"seat{other}").tip == (
        f"{i18n.t('tip_seat_take')} In games between AIs this seat won "
        f"{round(100 * SAMPLE_SHARES[4][other])}% of 4-player games (25% if seats were equal)."
    )
    # On a table of people the names are labels; a finger on one tells the same.
    click_button(app, form.buttons, f"kind{_person(form)}")
    x, w = form.form.seat_cell
    y = form.form.row_y + 3 * form.form.row_h + form.form.cell_h // 2
    assert form.tooltip_at(x + w // 2, y) == ([i18n.t("tip_seat_share", share=39, players=4,
                                                       even=25)], None)  # fmt: skip


def test_the_figure_is_the_kingdom_books(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The form's figure comes from the book the levels pick kingdoms from, through the
    bridge: a book with a seat table gives its last seat's share."""
    data = json.loads(ai.kingdom_book.book_path(ai_bridge.SEAT_BOOK).read_text("utf-8"))
    data["seat_order"] = {
        str(n): {"games": data["games"][str(n)],
                 "wins": [share * data["games"][str(n)] for share in SAMPLE_SHARES[n]]}
        for n in range(2, 7)
    }  # fmt: skip
    book = ai.kingdom_book.KingdomBook(data, ai_bridge.SEAT_BOOK)
    monkeypatch.setattr(ai.kingdom_book, "kingdom_book", lambda name: book)
    form = _form(app)
    for n in range(2, 7):
        click_button(app, form.buttons, f"players{n}")
        assert ai_bridge.seat_shares(n) == pytest.approx(SAMPLE_SHARES[n])
        order = dict(form.note_parts())["order"]
        assert f"Seat {n} won {round(100 * SAMPLE_SHARES[n][-1])}% of {n}-player games" in order


def test_an_older_save_keeps_its_seats(app: App) -> None:
    """A save from before the seat was drawn has no "seat_drawn": it opens with its person
    where it was, and Play again keeps them there."""
    form = _form(app)
    click_button(app, form.buttons, "seat2")
    config = form.config
    config.seat_drawn = True  # as if drawn there: the save's key is what is taken out
    session = MatchSession(config)
    data: dict[str, Any] = json.loads(session.save_text())
    assert data["client"].pop("seat_drawn") is True
    old = MatchSession.from_save(json.dumps(data))
    assert old.humans == [2] and old.viewer == 2 and not old.config.seat_drawn
    assert old.rematch().humans() == [2]


def test_screenshots_of_the_seat_order(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pictures for people: the form with four seats, the person's seat drawn, in English and
    Russian, normal and large text, on the desktop and on phones of 844x390 and 568x320;
    as the shipped book gives it, and with figures of a seat table."""
    from tests.web.test_text_fit import SE, Checker

    form = _form(app)
    checker = Checker(app)
    for figures in (False, True):
        if figures:
            sample_shares(monkeypatch)
            form.on_language()
        for lang in ("en", "ru"):
            for large in (False, True):
                for screen in (None, (844, 390), SE):
                    checker.configure(lang, large, screen)
                    where = "desktop" if screen is None else "x".join(map(str, screen))
                    name = (f"new_game_seats{'_figures' if figures else ''}_{lang}_"
                            f"{'large' if large else 'normal'}_{where}.png")  # fmt: skip
                    path = shot(app, name) if screen is None else phone_shot(app, name, screen)
                    assert path.stat().st_size > 10_000
    checker.configure("en", False, None)
