"""The match's prompts on a phone: every kind (the quest draw, the kingdom pick, Halt or Pass,
the battles' order, the coin, a trade, a build, ending a turn with dice left) has its buttons
at the phone's button floor, its texts whole, and what is drawn on top takes the tap.

Positions come from games the engine plays (``tests.web.positions``), opened like a save.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import math
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

pygame = pytest.importorskip("pygame")

from game import (  # noqa: E402
    P_ACTION,
    P_BATTLE_ORDER,
    Action,
    GameState,
)
from game.actions import Build, ChooseDeck, CommitCoin, EndTurn, FightAt, Trade  # noqa: E402
from tests.web import positions  # noqa: E402
from tests.web.apps import app_on  # noqa: E402
from tests.web.player import click  # noqa: E402
from web.scenes import match_controls, match_prompt  # noqa: E402
from web.ui import layout  # noqa: E402
from web.ui.layout import Box, MatchLayout, overlaps  # noqa: E402
from web.ui.widgets import Button  # noqa: E402

if TYPE_CHECKING:
    from web.app import App
    from web.scenes.match import MatchScene

pytest_plugins = ["tests.web.support"]  # the client test fixtures

SE = (568, 320)  # an iPhone SE held sideways: a button floor of 91 canvas px
PHONES = [(844, 390), (800, 360), SE]  # floors of 74, 80 and 91 canvas px
LANGUAGES = [(lang, large) for lang in ("en", "ru") for large in (False, True)]
L = MatchLayout()


@pytest.fixture
def se(data_dir: Path) -> Iterator[App]:
    with app_on(data_dir, SE) as app:
        yield app


def _deck(s: GameState, a: Action) -> bool:
    return s.current_player() == 0 and isinstance(a, ChooseDeck)


def _battle_order(s: GameState, a: Action) -> bool:
    """R7.1: seat 0 chooses which of its battles comes first."""
    if s.phase != P_BATTLE_ORDER or s.current_player() != 0:
        return False
    return sum(isinstance(x, FightAt) for x in s.legal_actions()) > 1


def _own_turn(s: GameState) -> bool:
    return s.current_player() == 0 and s.phase == P_ACTION and not s.draw_queue


def _trade(s: GameState, a: Action) -> bool:
    return _own_turn(s) and any(isinstance(x, Trade) for x in s.legal_actions())


def _builds(legal: list[Action]) -> list[Build]:
    """A general's builds from two capitals or more (R9.5): the build prompt asks which."""
    by: dict[int, list[Build]] = {}
    for a in legal:
        if isinstance(a, Build):
            by.setdefault(a.general, []).append(a)
    return next((b for b in by.values() if len({x.source for x in b}) > 1), [])


def _build(s: GameState, a: Action) -> bool:
    return _own_turn(s) and bool(_builds(s.legal_actions()))


def _dice_left(s: GameState, a: Action) -> bool:
    return _own_turn(s) and len(s.dice) == 4


def _open_trade(scene: MatchScene) -> None:
    scene.controls.open_trade(scene, [a for a in scene.session.legal() if isinstance(a, Trade)])


def _open_build(scene: MatchScene) -> None:
    scene.controls.open_build(scene, _builds(scene.session.legal()))


def _end_turn(scene: MatchScene) -> None:
    scene.controls.end_turn(scene, next(a for a in scene.session.legal() if isinstance(a, EndTurn)))


Opener = Callable[["MatchScene"], None]
# Each prompt's tag: the position that shows it (seats), and what opens it there (a prompt the
# player asks for: the trade, the build, ending a turn with dice left, R4.2).
KINDS: dict[str, tuple[positions.Stop | None, int, Opener | None]] = {
    "deck": (_deck, 2, None),
    "pick": (None, 3, None),
    "halt": (positions.halt, 2, None),
    "battle_order": (_battle_order, 6, None),
    "coin": (positions.coin_attack, 2, None),
    "coin_defend": (positions.coin_defend, 2, None),
    "trade": (_trade, 2, _open_trade),
    "build": (_build, 2, _open_build),
    "confirm_end": (_dice_left, 2, _end_turn),
}


def _open(
    app: App, stop: positions.Stop | None, players: int = 2, seeds: range = range(60)
) -> MatchScene:
    """The match at the first position ``stop`` picks in a game of ``seeds``, once the
    player's decision shows (no ``stop``: a new game whose seats pick their kingdoms in turn,
    R3.1)."""
    from web.play import saves
    from web.play.config import AI, HUMAN, PICK_KINGDOM, MatchConfig, SeatConfig
    from web.play.session import MatchSession
    from web.scenes.title import TitleScene

    app.push(TitleScene(app))
    if stop is None:
        seats = [SeatConfig(HUMAN if s == 0 else AI, "easy", kingdom=PICK_KINGDOM)
                 for s in range(players)]  # fmt: skip
        scene = app.nav.open_match(saves.new_session(app, MatchConfig(seats, seed=3)))
    else:
        cfg, record, _action = positions.search(stop, players=players, seeds=seeds)
        scene = app.nav.open_match(MatchSession(cfg, record))
    scene.animator.enabled = False
    app.hover = None
    for _ in range(400):
        if scene.session.legal() and scene.controls.shown_prompt(scene) is not None:
            break
        app.frame()
    scene._refresh()
    return scene


def _overlap(a: Box, b: Box) -> Box:
    x, y = max(a.x, b.x), max(a.y, b.y)
    return Box(x, y, min(a.right, b.right) - x, min(a.bottom, b.bottom) - y)


def test_a_tap_on_the_prompt_over_the_zoom_buttons_is_the_prompts(se: App, random_ai: None) -> None:
    """At 568x320 the coin prompt (R8.1) fills the map and its last coin lay over the zoom-in
    button; the chrome was asked first, so a tap on the visible coin's right end zoomed the
    map. The prompt is drawn on top: a tap there commits the coin, the tooltip a finger's hold
    shows is the coin's, and a tap on the prompt's panel over a chrome button does nothing."""
    under: list[tuple[Button, Button]] = []
    first = 0
    while not under and first < 60:  # where the prompt lies follows the battle's city
        scene = _open(se, positions.coin_attack, seeds=range(first, 60))
        first = scene.session.config.seed + 1
        prompt = scene.controls.shown_prompt(scene)
        assert prompt is not None and prompt.tag == "coin"
        chrome = [b for b in scene.chrome.buttons.buttons if overlaps(b.box, prompt.box)]
        assert chrome, "no chrome button under the coin prompt: this test tests nothing"
        under = [(coin, b) for coin in scene.controls.prompt_buttons.buttons for b in chrome
                 if overlaps(coin.box, b.box)]  # fmt: skip
    assert under, "no game of seeds 0-59 has a coin over a chrome button"
    coin, hidden = under[-1]
    x, y = _overlap(coin.box, hidden.box).center
    tip = scene.tooltip_at(x, y)
    assert tip is not None and tip[0] == [coin.tip], (hidden.tag, tip)
    scale = scene.camera.key()
    before = len(scene.session.record.actions)
    click(se, x, y)
    assert scene.camera.key() == scale, f"the tap went to {hidden.tag} under the coin"
    played = scene.session.record.actions[before]
    assert isinstance(played, CommitCoin) and coin.label.endswith(f" {played.value}")


def test_a_tap_on_the_prompts_panel_over_a_chrome_button_does_nothing(
    se: App, random_ai: None
) -> None:
    """The panel of the prompt hides what lies under it: a tap on the panel (off its buttons)
    over a chrome button neither zooms nor opens a drawer nor plays anything."""
    scene = _open(se, positions.coin_attack)
    prompt = scene.controls.shown_prompt(scene)
    assert prompt is not None
    buttons = [
        b.box
        for g in (scene.controls.prompt_buttons, scene.controls.prompt_hint)
        for b in g.buttons
    ]
    spots = []
    for b in scene.chrome.buttons.buttons:
        if not overlaps(b.box, prompt.box):
            continue
        part = _overlap(b.box, prompt.box)
        for i in range(1, 8):
            for j in range(1, 8):
                x, y = part.x + part.w * i // 8, part.y + part.h * j // 8
                if not any(box.contains(x, y) for box in buttons):
                    spots.append((b.tag, x, y))
    assert spots, "no chrome button under the coin prompt's panel: this test tests nothing"
    tag, x, y = spots[0]
    key, drawer = scene.camera.key(), scene.chrome.drawers.open
    before = len(scene.session.record.actions)
    click(se, x, y)
    assert (scene.camera.key(), scene.chrome.drawers.open) == (key, drawer), tag
    assert len(scene.session.record.actions) == before
    assert scene.controls.shown_prompt(scene) is prompt


def _prompt_tags() -> set[str]:
    """The tags of every ``Prompt`` the match's controls make."""
    tree = ast.parse(inspect.getsource(match_controls))
    return {
        str(kw.value.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Prompt"
        for kw in node.keywords
        if kw.arg == "tag" and isinstance(kw.value, ast.Constant)
    }


def test_every_prompt_kind_is_tested() -> None:
    assert _prompt_tags() == {k.removesuffix("_defend") for k in KINDS}


def _shown(app: App, kind: str) -> MatchScene:
    """The match with the prompt ``kind`` on screen (its texts in the app's language)."""
    stop, players, _opener = KINDS[kind]
    scene = _open(app, stop, players)
    _reopen(scene, kind)
    return scene


def _reopen(scene: MatchScene, kind: str) -> None:
    """Open a prompt the player asks for again: it was written in the language of its time."""
    opener = KINDS[kind][2]
    if opener is not None:
        scene.controls.close_prompt(scene)
        opener(scene)
    scene._refresh()
    prompt = scene.controls.shown_prompt(scene)
    assert prompt is not None and prompt.tag == kind.removesuffix("_defend"), kind


@pytest.fixture(params=PHONES, ids=lambda size: f"{size[0]}x{size[1]}")
def phone(request: pytest.FixtureRequest, data_dir: Path) -> Iterator[App]:
    from web.app import App
    from web.play.storage import FileStorage

    app = App(headless=True, store=FileStorage(data_dir), screen=request.param)
    yield app
    app.set_screen(None)
    pygame.quit()


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_prompt_is_a_fingertip_on_a_phone(phone: App, random_ai: None, kind: str) -> None:
    """The prompts' buttons were 54 canvas px tall on every screen, their Hint 44: 24 and 20
    CSS px at 568x320, 29 and 24 at 844x390, under the 40 CSS px (``PHONE_TOUCH_PX``) every
    other control of the match keeps. Every button of every prompt (its options and its Hint)
    is at the floor now, inside the prompt, none over another or over the prompt's texts; the
    prompt lies on the map; and every text of the screen drawn by the prompt is whole, in
    English and Russian, normal and Large text."""
    from tests.web.test_text_fit import Checker

    screen = phone.screen_px
    assert screen is not None
    scale = layout.sideways_scale(screen)
    scene = _shown(phone, kind)
    checker = Checker(phone)
    for lang, large in LANGUAGES:
        where = f"{kind} at {screen[0]}x{screen[1]}, {lang}, {'large' if large else 'normal'}"
        checker.configure(lang, large, screen)
        _reopen(scene, kind)
        checker.check(where, configs=[(lang, large, screen)])
        prompt = scene.controls.shown_prompt(scene)
        assert prompt is not None
        box, m = prompt.box, L.map
        assert m.x <= box.x and box.right <= m.right and m.y <= box.y and box.bottom <= m.bottom
        options = [(b.tag, b.box) for b in scene.controls.prompt_buttons.buttons]
        extras = [(b.tag, b.box) for b in scene.controls.prompt_hint.buttons]
        assert len(options) == len(prompt.options) and len(extras) == int(prompt.hint), where
        texts = [("title", prompt.title_box)]
        if prompt.body:
            texts.append(("body", prompt.body_box))
        if prompt.matchup is not None:
            texts.append(("matchup", prompt.matchup_box))
        for tag, b in options + extras:
            css = (round(b.w * scale, 1), round(b.h * scale, 1))
            assert min(css) >= layout.PHONE_TOUCH_PX, f"{where}: {tag} is {css} CSS px"
            inside = box.x <= b.x and b.right <= box.right and box.y <= b.y
            assert inside and b.bottom <= box.bottom, f"{where}: {tag} {b} leaves {box}"
        for tag, b in texts:
            assert box.x <= b.x and b.right <= box.right and b.bottom <= box.bottom, (where, tag)
        for (tag, b), (other, b2) in itertools.combinations(options + extras + texts, 2):
            assert not overlaps(b, b2), f"{where}: {tag} {b} covers {other} {b2}"
    mine = [p for key, p in checker.problems.items()
            if " web.scenes.match: " in key or " web.render.battle: " in key]  # fmt: skip
    assert not mine, "\n".join(mine)


ABOUT = ["halt", "battle_order", "coin", "coin_defend", "build"]  # the prompts about a city


@pytest.mark.parametrize("kind", ABOUT)
def test_every_prompt_keeps_clear_of_its_city_where_it_can(
    phone: App, random_ai: None, kind: str
) -> None:
    """A prompt about a city (the coin's battle, Halt or Pass, the battles' order, the island
    of a build) keeps clear of it where the map leaves room. At the button floor the prompts
    are larger: a city at the map's left or right, half way down, stays in sight beside each
    (Halt or Pass and the battles' order narrower at 568x320 to stand beside it). The coin
    prompt, whose two sides need its width, may cover it only where no place of its size
    would leave both the city and the map's buttons free (at 568x320, nearly the map's size,
    with the city at the left: it keeps the zoom buttons)."""
    scene = _shown(phone, kind)
    prompt = scene.controls.shown_prompt(scene)
    assert prompt is not None and prompt.about
    m = L.map
    clear = L.map_buttons()
    for x in (L.panel_area().x + 60, L.column_x() - 60):
        city = (float(x), float(m.center[1]))
        prompt.layout([city], clear)
        box = prompt.box
        assert m.x <= box.x and box.right <= m.right and m.y <= box.y and box.bottom <= m.bottom
        if _gap(box, city) >= match_prompt.CLEAR:
            continue
        assert prompt.matchup is not None, f"{kind} {box} covers the city at {city}"
        free = [Box(bx, by, box.w, box.h) for bx in range(m.x, m.right - box.w + 1, 8)
                for by in range(m.y, m.bottom - box.h + 1, 8)]  # fmt: skip
        free = [b for b in free if _gap(b, city) >= match_prompt.CLEAR
                and not any(overlaps(b, k) for k in clear)]  # fmt: skip
        assert not free, f"{kind} {box} covers the city at {city}; {free[0]} would not"


def _gap(box: Box, point: tuple[float, float]) -> float:
    x, y = point
    return math.hypot(max(box.x - x, 0.0, x - box.right), max(box.y - y, 0.0, y - box.bottom))


@pytest.mark.parametrize("screen", [None, SE], ids=["desktop", "568x320"])
def test_the_coin_prompts_tokens_keep_to_their_column(
    screen: tuple[int, int] | None, data_dir: Path, random_ai: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R8.1's matchup: each side's token stands in its column left of the side's names. The
    viewer's token had the map's halo (1.6 tokens across), which at 568x320 ran over the
    names beside it and out of the prompt; the star alone marks it now. The texts are left
    out of the drawing, so every pixel drawn by the two name rows is a token's."""
    from web.render import battle

    with app_on(data_dir, screen) as app:
        scene = _open(app, positions.coin_attack)
        prompt = scene.controls.shown_prompt(scene)
        assert prompt is not None and prompt.matchup is not None
        monkeypatch.setattr(battle, "text_in", lambda _s, _t, box, *a, **k: box)
        monkeypatch.setattr(battle, "label", lambda *a, **k: None)
        surface = pygame.Surface((layout.WIDTH, layout.HEIGHT), pygame.SRCALPHA)
        box = prompt.matchup_box
        battle.draw_matchup(surface, box, scene.view, prompt.matchup)
        heights = battle._row_heights()
        token = heights[0] + heights[1] - 4
        half = (box.w - 40) // 2
        for side in (0, 1):
            x = box.x + side * (half + 40)
            names = x + token + battle.token_gap(token)
            # The rows of the role and the name, and the body's 10 px gap above them.
            band = pygame.Rect(x - 40, box.y - 10, names - x + 80, token + 10)
            band = band.clip(surface.get_rect())
            drawn = surface.subsurface(band).get_bounding_rect(min_alpha=1).move(band.topleft)
            assert drawn.w, f"side {side}: no token drawn"
            assert drawn.right <= names, (side, drawn, names)
            assert drawn.left >= prompt.box.x and drawn.top >= box.y - 10, (side, drawn, box)


@pytest.mark.parametrize(
    "screen", [None, *PHONES], ids=lambda s: "x".join(map(str, s or ["desktop"]))
)
def test_the_end_turn_prompt_keeps_its_dice_on_one_line(
    screen: tuple[int, int] | None, data_dir: Path, random_ai: None
) -> None:
    """R4.2: ending a turn with dice left names them. Wrapped in Russian, the list broke
    inside ("2 5 6" / "6"), read as two lists: it stays on one line of the body, as drawn,
    in both languages and sizes."""
    from tests.web.test_text_fit import Checker
    from web.ui import theme

    with app_on(data_dir, screen) as app:
        scene = _shown(app, "confirm_end")
        dice = match_controls.unused_dice(scene.view.public, scene.session.legal())
        assert len(dice) >= 2
        for lang, large in LANGUAGES:
            Checker(app).configure(lang, large, screen)
            _reopen(scene, "confirm_end")
            prompt = scene.controls.shown_prompt(scene)
            assert prompt is not None
            box = prompt.body_box
            found = theme.fit(prompt.body, match_prompt.BODY_SIZE, box.w, "sans", 4, box.h)
            assert not found.cut
            lines = [line.replace("\u00a0", " ") for line in found.lines]
            listed = " ".join(map(str, dice))
            assert any(listed in line for line in lines), (lang, large, found.lines)


@pytest.mark.parametrize("kind", ["trade", "build", "confirm_end"])
def test_a_prompt_the_player_opened_follows_a_change_of_language(
    app: App, random_ai: None, kind: str
) -> None:
    """The trade (R4.3), the build (R9.5) and ending a turn with dice left (R4.2) are opened
    by the player, not asked by the engine; switched to Russian in Settings (the match menu)
    while one was open, the match came back with the prompt still in English. It comes back
    in the new language, as the engine's prompts do: as if opened there."""
    from tests.web.player import click_button

    scene = _shown(app, kind)

    def texts() -> list[str]:
        shown = scene.controls.shown_prompt(scene)
        assert shown is not None
        return [shown.title, shown.body, *(c.label for c in shown.options)]

    before = texts()
    scene.app.nav.open_menu(scene)
    menu = app.top
    assert menu is not None and menu is not scene
    click_button(app, menu.buttons, "settings")  # type: ignore[attr-defined]
    settings = app.top
    assert settings is not None
    click_button(app, settings.buttons, "language")  # type: ignore[attr-defined]
    click_button(app, settings.buttons, "back")  # type: ignore[attr-defined]
    click_button(app, menu.buttons, "resume")  # type: ignore[attr-defined]
    assert app.top is scene
    app.frame()
    prompt = scene.controls.shown_prompt(scene)
    assert prompt is not None and prompt.tag == kind
    after = texts()
    _reopen(scene, kind)  # opened anew, in Russian
    assert after == texts() != before
