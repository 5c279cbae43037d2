"""Every text fits its room: English and Russian, normal and large text, desktop and phone.

Every scene is drawn in ten configurations (two languages × normal / large text on the desktop,
large text on a phone of 844×390 CSS pixels, the compact layout, and normal / large text on one
of 800×360). The text helpers record each text drawn (``theme.recording``): what was asked, what
was shown, the box it was given and where it landed. A text that was cut (an ellipsis, or less
than was asked), with a word broken over two lines (within one text, or between the lines of a
sentence drawn a line at a time), wider than its box, or off the screen fails the test; on a
phone so does any interface text smaller than 12 device pixels. The match is played through a
whole game, and each new situation of the tray (the actions with and without a general chosen,
Halt/Pass, the coin prompt, the quest draw, a trade, a battle, the coach, a tooltip) is drawn
in every configuration, with each of the phone's drawers open. What was found goes to
artifacts/text_fit.json.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pytest

pygame = pytest.importorskip("pygame")

from game import P_ACTION, Action, PlayerView  # noqa: E402
from game.actions import (  # noqa: E402
    BattleRoll,
    Build,
    ChooseDeck,
    CommitCoin,
    FightAt,
    Halt,
    Trade,
)
from lab.client_bench import play_to_human_turn  # noqa: E402
from tests.web import greedy  # noqa: E402
from tests.web.player import ROOT, SHOTS, phone_shot  # noqa: E402
from web import ai_bridge  # noqa: E402
from web.play import saves  # noqa: E402
from web.play.config import AI, HUMAN, PICK_KINGDOM, MatchConfig, SeatConfig  # noqa: E402
from web.render.mapart import TILE, MapArt  # noqa: E402
from web.text import i18n  # noqa: E402
from web.ui import layout, theme  # noqa: E402
from web.ui.animation import Animation  # noqa: E402
from web.ui.layout import DRAWERS  # noqa: E402

if TYPE_CHECKING:
    from web.app import App
    from web.scenes.match import MatchScene
    from web.scenes.replay import ReplayScene

pytest_plugins = ["tests.web.support"]  # the client test fixtures

PHONE = (844, 390)
SMALL_PHONE = (800, 360)  # a common Android phone: the floors are 24 and 80 canvas px there
CONFIGS: list[tuple[str, bool, tuple[int, int] | None]] = [
    ("en", False, None),
    ("ru", False, None),
    ("en", True, None),
    ("ru", True, None),
    ("en", True, PHONE),
    ("ru", True, PHONE),
    ("en", False, SMALL_PHONE),
    ("ru", False, SMALL_PHONE),
    ("en", True, SMALL_PHONE),
    ("ru", True, SMALL_PHONE),
]
SE = (568, 320)  # an iPhone SE held sideways, the smallest phone: floors of 28 and 91 canvas px
# The screens fitted to it so far (the match, the new game, settings, the title's notice, the
# import, the last games, How to play and the game over; not yet the others: web/README.md).
SE_CONFIGS = CONFIGS + [(lang, large, SE) for lang in ("en", "ru") for large in (False, True)]
# Pictures at their own scale: the map's names and the letters and numbers on tokens and lit
# cities (zoomed with the map), and How to play's small pictures of the game. The phone's floor
# is not theirs; their smallest sizes are reported.
ART = {"web.render.tokens", "web.render.board", "web.render.mapart", "web.render.howto_art"}
MAX_SITUATIONS = 40


def _name(config: tuple[str, bool, tuple[int, int] | None]) -> str:
    lang, large, screen = config
    where = (
        "desktop" if screen is None else "phone" if screen == PHONE else "x".join(map(str, screen))
    )
    return f"{lang}/{'large' if large else 'normal'}/{where}"


def _squash(s: str) -> str:
    return "".join(s.split())


PATH_BREAKS = "/\\-._"  # where theme.wrap breaks a path wider than a line


def broken_word(d: theme.Drawn) -> bool:
    """A word broken over two lines (a text wrapped where it had no space): it is all there,
    but reads as two words ("Графи" / "ки"). A path wider than a line may break after a
    folder's separator, or in a file's name after a dash, a dot or an underscore. A sentence
    drawn as several labels (a toast, the title's notice, a tooltip) is seen whole, as
    ``widgets.wrapped`` notes it."""
    return _rejoin([row.split() for row in d.shown.split("\n")], d.asked.split())


def _rejoin(rows: list[list[str]], asked: list[str]) -> bool:
    """True where the words of ``rows`` read as ``asked`` only if a row's last word and the
    next row's first are one word, broken where no path's separator is."""
    words: list[str] = []
    for row in rows:
        for k, w in enumerate(row):
            if k == 0 and words and words[-1] != asked[len(words) - 1]:
                if not words[-1].endswith(tuple(PATH_BREAKS)):
                    return True
                words[-1] += w  # the rest of a path, broken after a separator
            else:
                words.append(w)
            if len(words) > len(asked):
                return True
    return words != asked


@dataclass
class Checker:
    app: App
    problems: dict[str, str] = field(default_factory=dict)
    art_sizes: dict[str, int] = field(default_factory=dict)
    smallest: dict[str, int] = field(default_factory=dict)
    checked: list[str] = field(default_factory=list)

    def configure(self, lang: str, large: bool, screen: tuple[int, int] | None) -> None:
        app = self.app
        if i18n.language() != lang:
            app.set_language(lang)
        if app.settings.large_text != large:
            app.settings.large_text = large
            app.save_settings()
        app.set_screen(screen)

    def check(
        self, where: str, drawers: bool = False,
        configs: list[tuple[str, bool, tuple[int, int] | None]] = CONFIGS,
    ) -> None:  # fmt: skip
        """Draw the current screen in every configuration and look at every text."""
        app = self.app
        before = (i18n.language(), app.settings.large_text, app.screen_px)
        self.checked.append(where)
        try:
            for config in configs:
                self.configure(*config)
                opened: list[str | None] = [None]
                match = _match_on_top(app)
                if drawers and config[2] is not None and match is not None:
                    opened += list(DRAWERS)
                for drawer in opened:
                    if match is not None:
                        match.chrome.drawers.open = drawer
                        match.chrome.coach_line = coach_text(match)
                    label = f"{where}" + (f" [{drawer} drawer]" if drawer else "")
                    with theme.recording() as log:
                        app.draw()
                    self._look(log, _name(config), label, config[2] is not None)
                if match is not None:
                    match.chrome.drawers.open = None
                    match.chrome.coach_line = coach_text(match)
        finally:
            self.configure(*before)

    def _look(self, log: list[theme.Drawn], config: str, where: str, phone: bool) -> None:
        floor = theme.floor()
        for d in log:
            problem = ""
            if d.cut or _squash(d.shown) != _squash(d.asked):
                problem = "cut"
            elif broken_word(d):
                problem = "a word broken over two lines"
            elif d.rect is not None:
                r = pygame.Rect(d.rect)
                if d.room is not None and not pygame.Rect(d.room).inflate(2, 4).contains(r):
                    problem = "wider or taller than its box"
                elif d.bounds is not None:
                    b = pygame.Rect(d.bounds)
                    inside = b.x - 1 <= r.x and r.right <= b.right + 1
                    if b.size == self.app.screen.get_size():  # no clip: the whole screen
                        inside = inside and b.inflate(2, 2).contains(r)
                    if not inside:
                        problem = "off the screen or its clip"
            if phone:
                if d.caller in ART:
                    self.art_sizes[d.caller] = min(self.art_sizes.get(d.caller, 99), d.size)
                else:
                    self.smallest[d.caller] = min(self.smallest.get(d.caller, 99), d.size)
                    if d.size < floor and not problem:
                        problem = f"smaller than the phone's floor {floor}"
            if problem:
                key = f"{config} {d.caller}: {d.asked!r}: {problem}"
                self.problems.setdefault(
                    key,
                    f"{key} — shown {d.shown!r} at {d.size}px, rect {d.rect}, box {d.room}, "
                    f"on {where}",
                )


@pytest.fixture
def tiles_looked_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each tile of the map's picture drawn while a check looks (its kingdom names the only
    texts in it) is looked at once; drawn again for a later check it is a plain sheet, not kept.

    A check draws a screen in every configuration, and the picture's cache holds one
    configuration's tiles (``MAX_TILES``): each check drew the whole map again in each of them,
    the most of these tests' time, for texts it had already looked at. The tiles drawn outside
    a check, for play and for screenshots, are the picture's own."""
    from pygame import Surface

    seen: set[tuple[object, ...]] = set()
    tile = MapArt._tile

    def looked_at_once(art: MapArt, s: float, tx: int, ty: int, winter: bool) -> Surface:
        if not theme.recording_now():
            return tile(art, s, tx, ty, winter)
        key = (id(art), s, art._fit, tx, ty, winter, i18n.language(), theme.text_scale())
        if key in seen:
            return Surface((TILE, TILE))
        seen.add(key)
        return art._draw_tile(s, tx, ty, winter)

    monkeypatch.setattr(MapArt, "_tile", looked_at_once)


def _match_on_top(app: App) -> MatchScene | None:
    from web.scenes.match import MatchScene

    for scene in reversed(app.scenes):
        if isinstance(scene, MatchScene) and not scene.attract:
            return scene
    return None


def coach_text(match: MatchScene) -> str | None:
    """The coach's line now, as ``Checker.check`` shows it (a test patches this to draw each
    line on its own)."""
    return match.chrome.coach_text(match)


def _greedy_choice(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    return greedy.GreedyThinking(view, legal, rng).best_action()


def _situation(scene: MatchScene) -> tuple[object, ...]:
    """What of the tray and prompts this frame shows (a new one is checked)."""
    legal = scene.session.legal()
    prompt = None
    if scene.controls.prompt is not None:
        first = legal[0] if legal else None
        kinds = (ChooseDeck, Halt, CommitCoin, FightAt)
        prompt = next((k.__name__ for k in kinds if isinstance(first, k)), "local")
        if scene.controls.local_prompt is not None:
            prompt = "local:" + scene.controls.local_prompt.title
    state = scene.view.public
    tags = tuple(sorted(b.tag for b in scene.controls.tray.buttons if b.enabled))
    return (state.phase, bool(legal), prompt, tags, scene.selection.general is not None,
            scene.chrome.coach_line is not None)  # fmt: skip


def _tooltips(checker: Checker, scene: MatchScene, where: str) -> None:
    """The tooltips of the tray's buttons and of the hand's first card."""
    app = checker.app
    points = [b.box.center for b in scene.controls.tray.buttons[:3]]
    for x, y in points:
        app.hover = (x, y)
        app._hover_t = app.now - 1
        checker.check(f"{where} tooltip at {x},{y}")
    app.hover = None


def _show_the_way(
    scene: MatchScene, action: Action, legal: list[Action], look: Callable[[], None]
) -> None:
    """What a player sees on the way to ``action``: its die and general chosen (the tray's
    context buttons), the trade and the build prompts opened."""
    state = scene.view.public
    if state.phase != P_ACTION or state.draw_queue:
        return
    die = getattr(action, "die", None)
    general = getattr(action, "general", None)
    if isinstance(die, int) and isinstance(general, int) and state.gen_city[general] >= 0:
        scene.selection.die, scene.selection.general = die, general
        scene._refresh()
        look()
        builds = [a for a in legal if isinstance(a, Build) and a.general == general]
        if len({b.source for b in builds}) > 1:
            scene.controls.open_build(scene, builds)
            scene._refresh()
            look()
            scene.controls.close_prompt(scene)
        scene.selection.clear()
    trades = [a for a in legal if isinstance(a, Trade)]
    if trades:
        scene.controls.open_trade(scene, trades)
        scene._refresh()
        look()
        scene.controls.close_prompt(scene)
    scene._refresh()


def _check_thinking(checker: Checker, scene: MatchScene, seat: int) -> None:
    """The tray while an AI seat thinks: its Move now button, the status with the progress."""
    session = scene.session
    session.thinking = ai_bridge.ForcedThinking(session.state.legal_actions()[0])
    session.thinking_seat = seat
    scene._refresh()
    assert scene.controls.tray.find("move_now") is not None
    checker.check("an AI thinking", drawers=True, configs=SE_CONFIGS)
    session.thinking, session.thinking_seat = None, -1
    scene._refresh()


def test_every_text_fits_in_both_languages_and_sizes(
    app: App, monkeypatch: pytest.MonkeyPatch, tiles_looked_at_once: None
) -> None:
    from tests.web.test_replay import finished_session
    from web.play import last_games
    from web.scenes.game_over import GameOverScene
    from web.scenes.how_to_play import PAGES, HowToPlayScene
    from web.scenes.last_games import LastGamesScene
    from web.scenes.menu import ImportScene, MenuScene
    from web.scenes.new_game import NewGameScene
    from web.scenes.pass_device import PassDeviceScene
    from web.scenes.replace_game import ReplaceGameScene
    from web.scenes.rules import AREA, RulesScene
    from web.scenes.settings import SettingsScene
    from web.scenes.title import TitleScene

    greedy.install(monkeypatch)
    checker = Checker(app)

    title = TitleScene(app, attract_seed=3)
    app.push(title)
    app.run_frames(120)
    checker.check("title")
    # The notice of files set aside: left of the buttons, or on a phone under them.
    app.notices += [("autosave_set_aside", {"name": "autosave.corrupt-20260101-120000"}),
                    ("settings_unreadable", {})]  # fmt: skip
    checker.check("title, a notice", configs=SE_CONFIGS)
    app.notices[0] = ("lg_set_aside_many", {"n": "12", "name": "last-game-12.corrupt-20260101"
                                            "-120000"})  # fmt: skip
    checker.check("title, a notice of last games set aside", configs=SE_CONFIGS)
    app.notices.clear()

    new = NewGameScene(app)
    app.push(new)
    new._players(6)
    levels = ["beginner", "easy", "normal", "hard", "expert", "beginner"]
    for s, seat in enumerate(new.config.seats):
        seat.kind = HUMAN if s == 0 else AI
        seat.difficulty = levels[s]
        seat.kingdom = s
    new.on_language()
    checker.check("new game, six seats", configs=SE_CONFIGS)
    app.hover = new.buttons.find("diff1").box.center  # type: ignore[union-attr]
    app._hover_t = app.now - 1
    checker.check("new game, a tooltip", configs=SE_CONFIGS)
    for seat in new.config.seats:
        seat.kingdom = PICK_KINGDOM
    new.on_language()
    app.hover = new.buttons.find("kingdom5").box.center  # type: ignore[union-attr]
    app._hover_t = app.now - 1
    checker.check("new game, kingdoms picked in turn, their tooltip", configs=SE_CONFIGS)
    app.hover = None
    new._players(2)
    new.error = "R3.1: kingdoms are picked in turn by every seat or by none"
    checker.check("new game, two seats, an error", configs=SE_CONFIGS)
    app.pop()

    app.push(SettingsScene(app))
    checker.check("settings", configs=SE_CONFIGS)
    app.pop()

    app.push(ImportScene(app))
    checker.check("import", configs=SE_CONFIGS)
    app.pop()

    for seed in range(8):  # two pages on the desktop and on a phone
        last_games.remember(app.storage, finished_session(seed, players=2 + seed % 5))
    games = LastGamesScene(app)
    app.push(games)
    checker.check("last games", configs=SE_CONFIGS)
    games._turn(1)
    checker.check("last games, page 2", configs=SE_CONFIGS)
    app.pop()

    howto = HowToPlayScene(app)
    app.push(howto)
    for page in range(len(PAGES)):
        howto.go(page)
        checker.check(f"how to play, page {page + 1}", configs=SE_CONFIGS)
    app.pop()

    rules = RulesScene(app)
    app.push(rules)
    while True:
        checker.check(f"rules at {round(rules.scroll)}")
        if rules.scroll >= rules.height - AREA.h:
            break
        rules._scroll(AREA.h - 40)
    app.pop()

    config = MatchConfig([SeatConfig(HUMAN)] + [SeatConfig(AI, "normal") for _ in range(3)], seed=8)
    scene = app.nav.open_match(saves.new_session(app, config))
    scene.animator.enabled = False
    app.push(MenuScene(app, scene))
    checker.check("the match menu")
    app.pop()
    app.push(PassDeviceScene(app, scene.session, 0, lambda: None))
    checker.check("pass the device")
    app.pop()
    app.push(ReplaceGameScene(app, scene.session, lambda: None))
    checker.check("replace the unfinished game")
    app.pop()
    seen: set[tuple[object, ...]] = set()
    rng = random.Random(5)
    battles = 0
    thought = False

    def look() -> None:
        """Check the match's screen if it shows a tray or prompt not seen before."""
        key = _situation(scene)
        if key in seen or len(seen) >= MAX_SITUATIONS:
            return
        seen.add(key)
        where = f"match {key}"
        checker.check(where, drawers=True, configs=SE_CONFIGS)
        if len(seen) in (3, 12):
            _tooltips(checker, scene, where)
        if len(seen) == 5:
            app.toast(i18n.t("pick_die"), 3.0)
            checker.check("match, a toast")

    for _ in range(200_000):
        if scene.session.is_over() or app.top is not scene:
            break
        legal = scene.session.legal()
        last = scene.session.log[-1] if scene.session.log else None
        if last is not None and isinstance(last.action, BattleRoll) and last.battle and battles < 2:
            battles += 1
            scene.animator.queue.append(Animation("battle", 2.2, battle=last.battle, elapsed=1.6))
            checker.check("a battle")
            scene.animator.skip()
        if not legal:
            who = scene.session.to_act()
            if not thought and who >= 0 and who not in scene.session.humans:
                thought = True
                _check_thinking(checker, scene, who)
            app.frame()
            continue
        scene._refresh()
        look()
        action = _greedy_choice(scene.view, legal, rng)
        _show_the_way(scene, action, legal, look)
        scene.submit(action)
        app.frame()
    assert scene.session.is_over()
    app.run_frames(30)
    checker.check("the game's end, on the board")
    scene.open_results()
    app.frame()
    prompts = {key[2] for key in seen}
    assert isinstance(app.top, GameOverScene)
    checker.check("game over", configs=SE_CONFIGS)

    report = {
        "checked": checker.checked,
        "situations": [repr(k) for k in sorted(seen, key=repr)],
        "phone_floor_px": layout.text_floor(PHONE),
        "phone_smallest_interface_px": checker.smallest,
        "phone_map_art_px": checker.art_sizes,
        "problems": sorted(checker.problems.values()),
    }
    out = ROOT / "artifacts" / "text_fit.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False))
    assert {"ChooseDeck", "CommitCoin"} <= prompts, prompts
    assert any(key[4] for key in seen), "no situation with a general chosen"
    problems = sorted(checker.problems.values())
    assert not problems, f"{len(problems)} texts do not fit:\n" + "\n".join(problems[:60])


def test_the_players_names_are_whole_beside_their_trophies(app: App) -> None:
    """On the desktop a row's trophies go on the line under the kingdom's name, yet the name
    was given less room for each («Carthagini…» with seven, under large text, at the end of a
    game); on a phone they follow the name on its line. Every kingdom's name is whole with a
    row of trophies, in both languages and text sizes, on the desktop and on phones."""
    from game import new_game
    from web.render import hud

    checker = Checker(app)
    n = 6
    state = new_game(n, seed=1, kingdoms=list(range(n)))
    for seat in range(n):  # seven floors of the next seat's, as the Carthaginians' row had
        state.trophies[seat * n + (seat + 1) % n] = 7
    view = state.observe(0)
    cut = []
    for config in CONFIGS:
        checker.configure(*config)
        app.draw()  # the layout of this screen
        with theme.recording() as log:
            hud.draw_players(app.screen, view, ["AI · normal"] * n, chances=[0.5] * n)
        cut += [f"{_name(config)}: {d.asked!r} shown {d.shown!r}" for d in log
                if d.cut and d.caller == "web.render.hud"]  # fmt: skip
    checker.configure("en", False, None)
    assert not cut, "\n".join(cut)


def test_every_coach_line_fits(
    app: App, monkeypatch: pytest.MonkeyPatch, tiles_looked_at_once: None
) -> None:
    """The played game meets only the coach's lines it happens to reach (its kingdoms are
    dealt, so never the pick's), so each line is also drawn on its own."""
    from web.text.i18n_help import HELP_TEXT

    lines = sorted(k for k in HELP_TEXT if k.startswith("coach_")
                   and k not in ("coach_dismiss", "coach_off_note", "coach_setting"))  # fmt: skip
    assert "coach_pick" in lines and len(lines) >= 15
    config = MatchConfig([SeatConfig(HUMAN), SeatConfig(AI, "easy")], seed=3)
    app.nav.open_match(saves.new_session(app, config))
    checker = Checker(app)
    for key in lines:
        monkeypatch.setattr(f"{__name__}.coach_text", lambda _scene, key=key: i18n.t(key))
        checker.check(f"the coach: {key}", configs=SE_CONFIGS)
    problems = sorted(checker.problems.values())
    assert not problems, f"{len(problems)} texts do not fit:\n" + "\n".join(problems[:60])


DATA_DIR = "/home/someone/.local/share/strategos"  # where Linux keeps a desktop's files
ASIDE = "corrupt-20261205-203800-2.json"  # the second file set aside in that second
SETTINGS_ASIDE = ("settings_set_aside", {"name": f"{DATA_DIR}/settings.{ASIDE}"})
AUTOSAVE_ASIDE = ("autosave_set_aside", {"name": f"{DATA_DIR}/autosave.{ASIDE}"})
GAME_ASIDE = ("lg_set_aside", {"name": f"{DATA_DIR}/last-game-3.{ASIDE}"})
GAMES_ASIDE = ("lg_set_aside_many", {"n": "12", "name": f"{DATA_DIR}/last-game-13.{ASIDE}"})
GAMES_STUCK = ("lg_stuck_many", {"n": "12", "name": "last-game-19"})
UNREADABLE: list[tuple[str, dict[str, str]]] = [("settings_unreadable", {}),
                                                 ("autosave_unreadable", {})]  # fmt: skip


@pytest.mark.parametrize("resume", [False, True], ids=["no game", "a game to continue"])
def test_the_title_notice_fits_with_any_files_set_aside(
    app: App, resume: bool, tiles_looked_at_once: None
) -> None:
    """The title tells of stored files that did not read, naming each where the desktop kept
    it: a whole path. Two of them (a bad autosave and a kept game of Last games) ran a line
    off the screen at 800x360; the check before used short names. Every combination, on every
    screen, in both languages and sizes: each sentence whole on the card, the card on the
    screen and clear of the buttons, and every sentence shown on one of its pages."""
    from tests.web.test_replay import finished_session
    from web.scenes.title import TitleScene
    from web.ui.layout import HEIGHT

    title = TitleScene(app, attract_seed=3)
    app.push(title)
    app.run_frames(5)
    if resume:
        title.resume = finished_session(3)
        title.on_language()
    checker = Checker(app)
    combos = [
        [n for n in (settings, autosave, *games) if n is not None]
        for settings in (None, SETTINGS_ASIDE)
        for autosave in (None, AUTOSAVE_ASIDE)
        for games in ([], [GAME_ASIDE], [GAMES_ASIDE, GAMES_STUCK])
    ][1:]  # fmt: skip
    combos.append([*UNREADABLE, GAME_ASIDE])
    for combo in combos:
        app.notices[:] = combo
        for config in SE_CONFIGS:
            checker.configure(*config)
            where = f"title, {[key for key, _values in combo]}"
            shown: list[str] = []
            pages = title.notice_pages()
            for page in range(pages):
                title.notice_page = page
                with theme.recording() as log:
                    app.draw()
                checker._look(log, _name(config), f"{where}, page {page + 1}", bool(config[2]))
                box = title.notice_box()
                assert box.x >= 0 and box.right <= 1280 and box.bottom <= HEIGHT, (where, box)
                for other in [title.panel_box, *(b.box for b in title.buttons.buttons)]:
                    assert not layout.overlaps(box, other), (where, _name(config), box, other)
                shown += title.notice_lines()
            said = [i18n.t(key, **values) for key, values in combo]
            squashed = _squash("".join(shown))
            assert all(_squash(s) in squashed for s in said), (where, _name(config), shown)
    app.notices.clear()
    problems = sorted(checker.problems.values())
    assert not problems, f"{len(problems)} texts do not fit:\n" + "\n".join(problems[:60])


def test_the_handover_before_the_pick_fits(app: App) -> None:
    """Kingdoms picked in turn (R3.1): until a seat has picked, the handover names the seat."""
    from web.scenes.pass_device import PassDeviceScene

    seats = [SeatConfig(HUMAN, kingdom=PICK_KINGDOM) for _ in range(2)]
    scene = app.nav.open_match(saves.new_session(app, MatchConfig(seats, seed=3)))
    app.push(PassDeviceScene(app, scene.session, 1, lambda: None))
    checker = Checker(app)
    checker.check("pass the device before the pick", configs=SE_CONFIGS)
    problems = sorted(checker.problems.values())
    assert not problems, f"{len(problems)} texts do not fit:\n" + "\n".join(problems[:60])


def test_the_kingdom_pick_fits(app: App) -> None:
    """Kingdoms picked in turn (R3.1): the pick's six names, «Восточное Царство» the longest,
    were cut on a phone, three to a row at the phone's text floor."""
    seats = [SeatConfig(HUMAN, kingdom=PICK_KINGDOM)] + [
        SeatConfig(AI, "easy", kingdom=PICK_KINGDOM) for _ in range(2)
    ]
    scene = app.nav.open_match(saves.new_session(app, MatchConfig(seats, seed=3)))
    app.frame()
    scene._refresh()
    assert scene.controls.prompt is not None and len(scene.controls.prompt.options) == 6
    checker = Checker(app)
    checker.check("the kingdom pick", drawers=True, configs=SE_CONFIGS)
    problems = sorted(checker.problems.values())
    assert not problems, f"{len(problems)} texts do not fit:\n" + "\n".join(problems[:60])


@pytest.mark.parametrize("key", ["res_behind_tiebreak", "res_won_tiebreak", "res_nobody"])
def test_the_game_overs_longest_sentences_fit(
    app: App, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    """The viewer's result explained by a tie-break (or R10.2) was cut on the game-over
    screen in Russian; each such sentence is drawn with the longest kingdom name."""
    from tests.web.test_replay import finished_session
    from web.scenes.game_over import GameOverScene
    from web.text import results
    from web.text.i18n import the_kingdom

    session = finished_session(5, players=6)
    longest = max(session.state.board.kingdoms, key=lambda k: len(k.name_ru))

    def sentence(_state: object, _seat: int) -> str:
        return i18n.t(key, place=results.ordinal(6), total=6, the_winner=the_kingdom(longest),
                      the_other=the_kingdom(longest), rule="R9.7")  # fmt: skip

    monkeypatch.setattr(results, "placement_sentence", sentence)
    app.push(GameOverScene(app, session))
    checker = Checker(app)
    checker.check(f"game over: {key}", configs=SE_CONFIGS)
    problems = sorted(checker.problems.values())
    assert not problems, f"{len(problems)} texts do not fit:\n" + "\n".join(problems[:60])


def _review_charts(app: App, monkeypatch: pytest.MonkeyPatch) -> ReplayScene:
    """A six-seat game's replay with its review done and the charts open."""
    from ai.review import BUDGETS
    from tests.web.test_replay import SCREEN_BUDGET, golden_text, open_replay, seats
    from web.play.timeline import OPEN

    monkeypatch.setitem(BUDGETS, "quick", SCREEN_BUDGET)
    scene = open_replay(app, golden_text("6p_coins_only", seats(6, (0, 3))), view=OPEN)
    scene.panel.start(seats=[0, 3], budget="quick")
    # At once, not a slice a frame (tests/web/test_replay.py runs it so): a frame drew the
    # screen again each time.
    while not scene.panel.step(1000.0):
        pass
    app.frame()
    scene.charts = True
    assert scene.panel.turning_points()
    return scene


# The review's charts: the desktop's four, and a phone's, 844x390 and 800x360, normal and large.
CHART_CONFIGS = [c for c in CONFIGS if c[2] is None] + [
    (lang, large, screen) for lang in ("en", "ru") for large in (False, True)
    for screen in (PHONE, (800, 360))
]  # fmt: skip


def test_the_review_charts_fit(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text of the review's charts fits, on a phone at its text floor too: the turning
    points' numbers were 11 canvas pixels there, 6 CSS pixels."""
    _review_charts(app, monkeypatch)
    checker = Checker(app)
    checker.check("the review's charts", configs=CHART_CONFIGS)
    problems = sorted(checker.problems.values())
    assert not problems, f"{len(problems)} texts do not fit:\n" + "\n".join(problems[:60])


def test_the_review_charts_name_the_kingdoms_on_a_phone(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Beside the review's charts the desktop has the players' panel to tell whose colour is
    whose; on a phone that panel is a drawer, under the charts, so the colours had no names.
    There the charts have a legend, every name in it, covering none of the charts' other texts
    (and fitting, ``test_the_review_charts_fit``); the desktop draws none."""
    scene = _review_charts(app, monkeypatch)
    checker = Checker(app)
    try:
        for config in CHART_CONFIGS:
            checker.configure(*config)
            names = {scene.kingdom_name(seat) for seat in range(6)}
            with theme.recording() as log:
                app.draw()
            drawn = [(d.asked, pygame.Rect(d.rect).inflate(-2, -2)) for d in log
                     if d.caller in ("web.scenes.review_panel", "web.render.chart")
                     and d.rect is not None]  # fmt: skip
            legend = names & {asked for asked, _ in drawn}
            assert legend == (names if config[2] else set()), (config, legend)
            for i, (a, ra) in enumerate(drawn):
                for b, rb in drawn[i + 1 :]:
                    assert not ra.colliderect(rb), (config, a, b)
    finally:
        checker.configure("en", False, None)


def _column_texts(app: App, scene: ReplayScene) -> list[str]:
    """What the review's column shows whole at each of its scrolls, from the top to its end
    by the wheel (``" ".join`` of the lines seen whole, one string per scroll)."""
    from tests.web.player import wheel
    from web.scenes.review_panel import COLUMN

    panel = scene.panel
    panel.scroll = 0.0
    seen = []
    while True:
        with theme.recording() as log:
            app.draw()
        asked: list[str] = []
        for d in log:
            if d.caller != "web.scenes.review_panel" or d.rect is None or d.bounds is None:
                continue
            r, clip = pygame.Rect(d.rect), pygame.Rect(d.bounds)
            whole = clip == pygame.Rect(COLUMN.tuple()) and clip.contains(r)
            # A label may be recorded twice in a row (its shadow): once is enough here.
            if whole and (not asked or asked[-1] != d.asked):
                asked.append(d.asked)
        seen.append(" ".join(" ".join(asked).split()))
        before = panel.scroll
        wheel(app, *COLUMN.center, -1)
        if panel.scroll == before:
            return seen


def test_the_review_counts_each_seats_decisions_by_class(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Beside the charts, each reviewed seat's result in parts and its decisions counted by
    class (best … blunder), the classes' limits and every turning point, each whole and
    fitting, in both languages and text sizes, on the desktop and on phones down to 568x320.
    The column scrolls where they are longer than it: on a phone the turning points were left
    off under the seats' paragraphs; now each is seen whole at some scroll of the wheel."""
    from tests.web.test_replay import shot

    scene = _review_charts(app, monkeypatch)
    checker = Checker(app)
    configs = CHART_CONFIGS + [
        (lang, large, SE) for lang in ("en", "ru") for large in (False, True)
    ]
    ours: set[str] = set()
    try:
        for config in configs:
            checker.configure(*config)
            lines = scene.panel.class_lines()
            assert [seat for seat, _ in lines] == [0, 3, -1]
            turning = [scene.panel.line(scene.board, w) for w in scene.panel.turning_points()]
            seen = _column_texts(app, scene)
            for text in [t for _seat, t in lines] + turning:
                whole = " ".join(text.split())
                assert any(whole in shown for shown in seen), (config, text)
            ours.update([t for _seat, t in lines] + turning)
            lang, large, screen = config
            w, h = screen or (1280, 720)
            shot(app, f"review_classes_{lang}{'_large' if large else ''}_{w}x{h}.png")
            scene.panel.scroll = 0.0
        checker.check("the review's classes", configs=configs)
    finally:
        checker.configure("en", False, None)
    # At 568x320 the charts' own titles do not fit yet in Russian (CHART_CONFIGS leaves that
    # phone out); the column's texts are held to it, every line of them.
    problems = sorted(
        p
        for p in checker.problems.values()
        if "568x320" not in p or any(t in p or p.split("'")[1] in t for t in ours)
    )
    assert not problems, f"{len(problems)} texts do not fit:\n" + "\n".join(problems[:60])


def test_the_tray_changes_language_at_once_under_the_menu(app: App, random_ai: None) -> None:
    from tests.web.player import click_button
    from web.scenes.menu import MenuScene
    from web.scenes.title import TitleScene

    app.push(TitleScene(app))
    config = MatchConfig([SeatConfig(HUMAN), SeatConfig(AI, "easy")], seed=3)
    scene = app.nav.open_match(saves.new_session(app, config))
    app.run_frames(5)
    assert scene.controls.tray.find("hint") is not None
    click_button(app, scene.chrome.buttons, "menu")
    assert isinstance(app.top, MenuScene)
    app.set_language("ru")
    try:
        hint = scene.controls.tray.find("hint")
        assert hint is not None and hint.label == "Подсказка"
        menu_button = scene.chrome.buttons.find("menu")
        assert menu_button is not None and menu_button.tip == i18n.t("menu_tip")
    finally:
        app.set_language("en")


def test_a_word_broken_between_the_lines_of_a_sentence_is_found(app: App) -> None:
    """A toast, the title's notice and a tooltip draw a sentence as several labels, one a
    line: a word broken between two of them went unseen, each label being whole. A word
    wider than any line (which ``theme.wrap`` breaks where the width ends) is now found in
    each, and a path broken after a folder's separator or a file name's dot is not."""
    from web.scenes.title import TitleScene

    word = "Тридцатидвухбуквенноеслововсееще" * 3
    path = f"{DATA_DIR}/autosave.{ASIDE}"
    title = TitleScene(app, attract_seed=3)
    app.push(title)
    app.set_screen(SE)
    checker = Checker(app)
    for name, broken in ((word, True), (path, False)):
        app.notices[:] = [("autosave_set_aside", {"name": name})]
        app.toast(i18n.t("exported", path=name), 8.0)
        app.hover, app._hover_t = (640, 200), app.now - 1
        title.tooltip_at = lambda _x, _y, name=name: ([f"{name} {name}"], None)  # type: ignore
        checker.problems.clear()
        with theme.recording() as log:
            app.draw()
        checker._look(log, "ru/normal/568x320", "a long word", True)
        said = {"toast": i18n.t("exported", path=name), "tooltip": f"{name} {name}",
                "notice": i18n.t("autosave_set_aside", name=name)}  # fmt: skip
        found = {what for what, text in said.items() for key in checker.problems
                 if key.endswith(f"{text!r}: a word broken over two lines")}  # fmt: skip
        assert found == (set(said) if broken else set()), (name, sorted(checker.problems))
    app.notices.clear()
    app.set_screen(None)


def test_fit_shrinks_then_wraps_then_cuts() -> None:
    pygame.init()
    try:
        theme.reset()
        text = "Подсказка"
        width = theme.font(18).size(text)[0]
        assert theme.fit(text, 18, width).lines == [text]  # fits as it is
        shrunk = theme.fit(text, 18, width - 8)
        assert shrunk.lines == [text] and shrunk.size < 18 and not shrunk.cut
        two = theme.fit("Конец хода", 18, theme.font(18).size("Конец")[0] + 2, lines=2)
        assert two.lines == ["Конец", "хода"] and two.size == 18
        cut = theme.fit("Разрушить", 18, 30)
        assert cut.cut and cut.lines[0].endswith("…")
        theme.set_floor(23)
        assert theme.fit(text, 12, 400).size == 23  # the phone's floor
    finally:
        theme.set_floor(0)
        pygame.quit()


def test_a_wrapped_line_never_starts_with_a_dash() -> None:
    """«Поверните телефон горизонтально / — карта станет больше.»: the turn-your-phone line
    broke before its dash; a dash stays at the end of the line before."""
    pygame.init()
    try:
        theme.reset()
        text = "Поверните телефон горизонтально — карта станет больше."
        full = theme.font(56, "bold").size(text)[0]
        widest = theme.font(56, "bold").size("горизонтально —")[0] + 2  # no word split
        for width in range(widest, full, 10):
            lines = theme.wrap(text, 56, width, "bold")
            assert not any(line.startswith(("—", "–")) for line in lines), (width, lines)
            assert " ".join(lines) == text
    finally:
        pygame.quit()


def test_screenshots_of_the_russian_tray_and_large_text(app: App, random_ai: None) -> None:
    """Pictures for people: the Russian tray with a general chosen, large text, the phone."""
    from tests.web.player import shot
    from web.play import intents
    from web.scenes.title import TitleScene

    app.push(TitleScene(app))
    config = MatchConfig([SeatConfig(HUMAN)] + [SeatConfig(AI, "easy")] * 3, seed=21)
    scene = app.nav.open_match(saves.new_session(app, config))
    play_to_human_turn(app, scene, 3000)
    scene.selection.die = max(scene.view.public.dice)
    scene.selection.general = min(intents.actable_generals(scene.session.legal()))
    app.set_language("ru")
    scene._refresh()
    assert shot(app, "tray_ru.png").stat().st_size > 10_000
    app.settings.large_text = True
    app.save_settings()
    assert shot(app, "tray_ru_large.png").stat().st_size > 10_000
    app.set_screen(PHONE)
    assert phone_shot(app, "phone_ru.png", PHONE).stat().st_size > 10_000
    scene.chrome.toggle_drawer(scene, "quests")
    assert phone_shot(app, "phone_ru_quests.png", PHONE).stat().st_size > 10_000
    app.set_screen(None)
    app.set_language("en")
    assert (SHOTS / "tray_ru.png").exists()


@pytest.mark.parametrize("figures", [False, True], ids=["no seat table", "seat table"])
def test_the_seat_order_fits(app: App, monkeypatch: pytest.MonkeyPatch, figures: bool) -> None:
    """The new game's seat order (R1.3, R9.7): the note under the seats, with the kingdom
    book's figures and without (a book from before it counted seats), the person's seat
    buttons drawn and chosen and their tooltips, a table of people (labels), at every seat
    count; at 568x320 with six seats, where the note has no room, the toast that says it."""
    from tests.web.test_seat_order import sample_shares
    from web.scenes.new_game import NewGameScene

    if figures:
        sample_shares(monkeypatch)
    else:
        monkeypatch.setattr(ai_bridge, "seat_shares", lambda n: None)
    new = NewGameScene(app)
    app.push(new)
    checker = Checker(app)
    for n in range(2, 7):
        new._players(n)
        new.config.seats[-1 if new.config.seats[-1].kind == AI else 0].difficulty = "expert"
        new.on_language()
        checker.check(f"new game, {n} seats, the person's seat drawn", configs=SE_CONFIGS)
    person = new.config.humans()[0]
    app.hover = new.buttons.find(f"seat{person}").box.center  # type: ignore[union-attr]
    app._hover_t = app.now - 1
    checker.check("new game, the tooltip of the person's seat", configs=SE_CONFIGS)
    new._seat((person + 1) % 6)
    app.hover = new.buttons.find(f"seat{person}").box.center  # type: ignore[union-attr]
    checker.check("new game, a seat chosen, the tooltip of another", configs=SE_CONFIGS)
    new._kind(new.config.humans()[0])
    app.hover = (new.form.seat_cell[0] + 4, new.form.row_y + 4)
    checker.check("new game, AIs alone, a seat's tooltip", configs=SE_CONFIGS)
    app.hover = None
    new._kind(1)
    new._kind(4)
    checker.check("new game, two people", configs=SE_CONFIGS)
    checker.configure("ru", True, SE)
    new._players(5)
    new._players(6)
    order = dict(new.note_parts())["order"]
    assert "order" not in dict(new.note_shown()) and app.toast_text == order
    checker.check("new game, six seats at 568x320: the seat order in a toast",
                  configs=[c for c in SE_CONFIGS if c[2] == SE])  # fmt: skip
    problems = sorted(checker.problems.values())
    assert not problems, f"{len(problems)} texts do not fit:\n" + "\n".join(problems[:60])


def test_new_game_columns_have_headers_and_tooltips(app: App) -> None:
    from web.scenes.new_game import COLUMN_KEYS, NewGameScene

    for screen in (None, PHONE):
        app.set_screen(screen)
        scene = NewGameScene(app)
        app.push(scene)
        with theme.recording() as log:
            app.draw()
        shown = {d.asked for d in log}
        for header, _tip in COLUMN_KEYS.values():
            assert i18n.t(header) in shown
        for column, tag in (("kind", "kind1"), ("diff", "diff1"), ("kingdom", "kingdom1")):
            button = scene.buttons.find(tag)
            assert button is not None
            tip = [i18n.t(COLUMN_KEYS[column][1])]
            assert scene.tooltip_at(*button.box.center) == (tip, None)
            x, w = scene.form.columns[column]
            assert scene.tooltip_at(x + w // 2, scene.form.header_y + 10) == (tip, None)
        app.pop()
    app.set_screen(None)
