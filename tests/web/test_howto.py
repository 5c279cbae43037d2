"""How to play: seven illustrated pages and a page of the keys in both languages, reachable from
the title and the match menu, turned by buttons, dots, keys and swipes, each linking to its
rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

pygame = pytest.importorskip("pygame")

from tests.web.player import click_button, drag, find, press_key, shot, top  # noqa: E402
from web.text import i18n  # noqa: E402
from web.text.i18n_help import HOWTO_PAGES  # noqa: E402
from web.text.rules_text import section_of  # noqa: E402

if TYPE_CHECKING:
    from web.app import App

pytest_plugins = ["tests.web.support"]  # the client test fixtures


def test_every_page_has_a_title_text_and_a_rule_in_both_languages() -> None:
    from web.scenes.how_to_play import page_lines

    assert 5 <= len(HOWTO_PAGES) <= 7
    try:
        for lang in ("en", "ru"):
            i18n.set_language(lang)
            for name, rule in HOWTO_PAGES:
                assert i18n.t(f"howto_{name}_title") != f"howto_{name}_title"
                lines = page_lines(name)
                assert 2 <= len(lines) <= 4 and all(lines)
                assert section_of(rule) == rule  # the link lands on that very rule
    finally:
        i18n.set_language("en")


def test_pages_turn_and_link_to_the_rules(app: App) -> None:
    from web.scenes.how_to_play import HowToPlayScene
    from web.scenes.new_game import NewGameScene
    from web.scenes.rules import RulesScene
    from web.scenes.title import TitleScene

    title = TitleScene(app)
    app.push(title)
    app.frame()
    click_button(app, title.buttons, "howto")
    scene = app.top
    assert isinstance(scene, HowToPlayScene) and scene.page == 0
    assert not find(scene.buttons, "prev").enabled
    click_button(app, scene.buttons, "next")
    assert scene.page == 1
    press_key(app, pygame.K_RIGHT)
    assert scene.page == 2
    press_key(app, pygame.K_LEFT)
    assert scene.page == 1
    drag(app, 900, 300, 700, 310)  # a swipe to the left: the next page, only one
    assert scene.page == 2
    drag(app, 500, 300, 800, 300)
    assert scene.page == 1
    click_button(app, scene.buttons, "page3")
    assert scene.page == 3
    click_button(app, scene.buttons, "rule")
    rules = top(app, RulesScene)
    assert rules.anchor == HOWTO_PAGES[3][1]
    click_button(app, rules.buttons, "close")
    assert top(app, HowToPlayScene) is scene
    click_button(app, scene.buttons, f"page{len(HOWTO_PAGES)}")  # the keys, after the pictures
    assert find(scene.buttons, "next").label == i18n.t("done")
    click_button(app, scene.buttons, "next")  # "Let's play" from the title: a new game
    assert isinstance(app.top, NewGameScene)


def test_every_page_draws_in_both_languages_and_the_screenshot(app: App) -> None:
    from web.scenes.how_to_play import HowToPlayScene

    scene = HowToPlayScene(app)
    app.push(scene)
    try:
        for lang in ("ru", "en"):
            app.set_language(lang)
            for page in range(len(HOWTO_PAGES) + 1):  # the last, the keys
                scene.go(page)
                app.frame()
                for b in scene.buttons.buttons:
                    assert b.box.w >= 44 and b.box.h >= 44, b.tag
        scene.go(3)
        app.run_frames(10)
        assert shot(app, "how_to_play.png").stat().st_size > 10_000
        app.set_language("ru")
        scene.go(0)
        app.frame()
        assert shot(app, "how_to_play_ru.png").stat().st_size > 10_000
    finally:
        app.set_language("en")


def test_the_keys_page_names_every_shortcut(app: App) -> None:
    """H, Z, Space, 1–6 and + − 0 work in the match; the Keys page says so in both languages."""
    from web.scenes.how_to_play import PAGES, HowToPlayScene, page_lines
    from web.text.i18n_ui import KEYS

    assert PAGES[-1][0] == "keys"
    names = {keys for keys, _what in KEYS}
    assert {"H", "Z", "keycap_space", "1–6", "+  −", "0", "Esc", "F1"} <= names
    scene = HowToPlayScene(app, page=len(PAGES) - 1)
    app.push(scene)
    try:
        for lang in ("en", "ru"):
            app.set_language(lang)
            assert i18n.t("howto_keys_title") != "howto_keys_title"
            assert 2 <= len(page_lines("keys")) <= 4
            for _keys, what in KEYS:
                assert i18n.t(what) != what
            app.frame()
        shot(app, "how_to_play_keys_ru.png")
    finally:
        app.set_language("en")


def test_the_match_menu_opens_how_to_play(app: App, random_ai: None) -> None:
    from tests.web.test_scenes import _match
    from web.scenes.how_to_play import HowToPlayScene
    from web.scenes.menu import MenuScene

    scene = _match(app, seed=9)
    app.run_frames(3)
    click_button(app, scene.chrome.buttons, "menu")  # the menu button: phones have no Escape key
    menu = app.top
    assert isinstance(menu, MenuScene)
    click_button(app, menu.buttons, "howto")
    top(app, HowToPlayScene)
    press_key(app, pygame.K_ESCAPE)
    assert top(app, MenuScene) is menu


def test_the_battle_picture_shows_the_stronger_side_winning(app: App) -> None:
    """The battle page adds up both sides; the side marked as winning must be strictly
    stronger, as a tie is no win but a new roll (R7.2, R8.2)."""
    import re

    from web.scenes.how_to_play import PAGES, HowToPlayScene
    from web.ui import theme

    scene = HowToPlayScene(app, page=[name for name, _rule in PAGES].index("battle"))
    app.push(scene)
    with theme.recording() as drawn:
        app.draw()
    sums = []
    for d in drawn:
        found = re.fullmatch(r"(\d+(?: \+ \d+)+) = (\d+)", d.asked)
        if found and d.rect is not None:
            parts = [int(p) for p in found.group(1).split(" + ")]
            assert sum(parts) == int(found.group(2)), d.asked
            sums.append((int(found.group(2)), pygame.Rect(d.rect).centerx))
    wins = [d for d in drawn if d.asked.endswith("✓") and d.rect is not None]
    assert len(sums) == 2 and len(wins) == 1, (sums, [d.asked for d in wins])
    x = pygame.Rect(wins[0].rect).centerx
    winner = min(sums, key=lambda s: abs(s[1] - x))
    loser = max(sums, key=lambda s: abs(s[1] - x))
    assert winner[0] > loser[0], f"the picture's winner has {winner[0]} against {loser[0]}"
