"""A scripted player that plays through the client's input layer: it posts mouse clicks at the
places the screen shows, never calling the engine to act."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pygame

from game import Action, PlayerView
from game.actions import (
    Build,
    ChooseDeck,
    CommitCoin,
    Continue,
    Destroy,
    EndTurn,
    FightAt,
    Halt,
    Move,
    Pass,
    PickKingdom,
    PlaceGeneral,
    Return,
    StopMove,
    Trade,
    Train,
)
from web.app import App
from web.render import hud
from web.scene import Scene
from web.scenes.game_over import GameOverScene
from web.scenes.match import MatchScene
from web.scenes.pass_device import PassDeviceScene
from web.text import describe, i18n
from web.ui.layout import Box, MatchLayout
from web.ui.widgets import Button, ButtonGroup

S = TypeVar("S", bound=Scene)
LAYOUT = MatchLayout()
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"


def shot(app: App, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    app.draw()
    app.screenshot(str(path))
    return path


def phone_shot(app: App, name: str, size: tuple[int, int]) -> Path:
    """The frame as a phone of ``size`` CSS pixels shows it: the 1280x720 canvas scaled down
    and letterboxed, as the browser does (for people to judge legibility)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    app.draw()
    w, h = size
    scale = min(w / app.screen.get_width(), h / app.screen.get_height())
    fw, fh = round(app.screen.get_width() * scale), round(app.screen.get_height() * scale)
    out = pygame.Surface(size)
    out.fill((0, 0, 0))
    out.blit(pygame.transform.smoothscale(app.screen, (fw, fh)), ((w - fw) // 2, (h - fh) // 2))
    path = SHOTS / name
    pygame.image.save(out, str(path))
    return path


def click(app: App, x: float, y: float) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(x), int(y)), button=1))
    app.frame()


def drag(app: App, x0: float, y0: float, x1: float, y1: float, steps: int = 4) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x0), int(y0)), button=1))
    for i in range(1, steps + 1):
        x = x0 + (x1 - x0) * i / steps
        y = y0 + (y1 - y0) * i / steps
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(1, 0, 0)
            )
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(x1), int(y1)), button=1))
    app.frame()


def press_key(app: App, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0, scancode=0))
    app.frame()


def wheel(app: App, x: float, y: float, notches: int) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEWHEEL,
            x=0,
            y=notches,
            precise_x=0.0,
            precise_y=float(notches),
            flipped=False,
        )
    )
    app.frame()


def top(app: App, kind: type[S]) -> S:
    """The scene on top of the stack, which must be a ``kind``."""
    scene = app.top
    assert isinstance(scene, kind), f"{kind.__name__} expected on top, found {scene}"
    return scene


def find(group: ButtonGroup, tag: str) -> Button:
    """The button of ``group`` tagged ``tag``, which must be there."""
    button = group.find(tag)
    assert button is not None, f"no button {tag!r}"
    return button


def click_button(app: App, group: ButtonGroup, tag: str) -> None:
    click(app, *find(group, tag).box.center)


def click_prompt(app: App, scene: MatchScene, text_match: Callable[[str], bool]) -> None:
    assert scene.controls.prompt is not None, "a prompt was expected"
    for b in scene.controls.prompt_buttons.buttons:
        if text_match(b.label):
            click(app, *b.box.center)
            return
    raise AssertionError(
        f"no prompt option matched in {[b.label for b in scene.controls.prompt_buttons.buttons]}"
    )


def _free_area() -> Box:
    m = LAYOUT.map
    return m.inset(30)


def _under_buttons(scene: MatchScene, x: float, y: float) -> bool:
    """The buttons over the map (zoom, and on a phone the menu, the "?", the drawer tabs and
    on the smallest phone the dice), the coach's close button, a scoring banner and a toast
    take taps; a city under one is dragged into the open first."""
    covers = [b.box.inset(-12) for b in scene.chrome.buttons.buttons]
    covers += [b.inset(-12) for b in LAYOUT.dice(len(scene.view.public.dice))]
    covers.append(scene.app.help_box().inset(-12))
    coach_at = scene.chrome.coach_place(scene)
    if coach_at is not None:
        covers.append(coach_at[1].inset(-12))
    banner = scene.events.banner_box(scene)
    if banner is not None:
        covers.append(banner.inset(-12))
    app = scene.app
    assert isinstance(app, App)  # the scene knows its app as a Host; the toast is the App's
    if app.toast_shown():  # a tap on it puts it away
        covers.append(Box(*app.toast_rect()).inset(-12))
    return any(b.contains(x, y) for b in covers)


def _into_open(app: App, scene: MatchScene, where: Callable[[], tuple[float, float]]) -> None:
    """Drag the map until the point ``where`` gives is in the open, zooming in while the board
    cannot pan far enough (at the whole-map scale it cannot pan at all), as a person would."""
    for _ in range(8):
        x, y = where()
        area = _free_area()
        if area.contains(x, y) and not _under_buttons(scene, x, y):
            return
        cx, cy = area.center
        wheel(app, cx, cy, 2)
        x, y = where()
        drag(app, cx, cy, cx + (cx - x), cy + (cy - y))


def city_point(app: App, scene: MatchScene, city: int, clear: bool = True) -> tuple[float, float]:
    """Where a city is on screen, dragging the map first when it is hidden."""
    pos = scene.board_view.g.pos[city]
    x, y = scene.camera.to_screen(*pos)
    for _ in range(6):
        area = _free_area()
        if not area.contains(x, y) or _under_buttons(scene, x, y):
            _into_open(app, scene, lambda: scene.camera.to_screen(*pos))
            x, y = scene.camera.to_screen(*pos)
            continue
        bv = scene.board_view
        if not clear:
            break
        g = bv.general_at(scene.camera, scene.view, x, y)
        covered = g >= 0 and g != scene.selection.general
        if g >= 0 and not covered:
            tx, ty = bv.general_screen(scene.camera, scene.view)[g]
            covered = (tx - x) ** 2 + (ty - y) ** 2 <= 1
        if bv.city_at(scene.camera, x, y) == city and not covered:
            break
        wheel(app, x, y, 2)  # zoom in until the city is clear of tokens and neighbours
        x, y = scene.camera.to_screen(*pos)
    return x, y


def general_point(app: App, scene: MatchScene, g: int) -> tuple[float, float]:
    view = scene.view
    if view.public.gen_city[g] < 0:
        for gg, box in hud.track_tokens(view):
            if gg == g:
                return box.center
        raise AssertionError("general not on the time track")

    def token() -> tuple[float, float]:
        return scene.board_view.general_screen(scene.camera, view)[g]

    # The token sits beside its city: it may be under a button where the city is not.
    _into_open(app, scene, token)
    return token()


def pick_die(app: App, scene: MatchScene, value: int) -> None:
    dice = list(scene.view.public.dice)
    box = LAYOUT.dice(len(dice))[dice.index(value)]
    click(app, *box.center)
    assert scene.selection.die == value


def pick_general(app: App, scene: MatchScene, g: int) -> None:
    if scene.selection.general == g:
        return
    pt = general_point(app, scene, g)
    click(app, *pt)
    hit = scene.board_view.general_at(scene.camera, scene.view, *pt)
    assert scene.selection.general == g, (
        f"general {g} not selected at {pt}: hit {hit}, selection {scene.selection}, "
        f"toast {app.toast_text!r}"
    )


def perform(app: App, scene: MatchScene, action: Action) -> None:
    """Play ``action`` by clicks, as a person would."""

    def coin_or(value: int) -> Callable[[str], bool]:
        return lambda label: label.endswith(f" {value}")

    if isinstance(action, PlaceGeneral):
        click(app, *city_point(app, scene, action.city))
    elif isinstance(action, Move):
        pick_die(app, scene, action.die)
        pick_general(app, scene, action.general)
        click(app, *city_point(app, scene, action.dest))
    elif isinstance(action, Return):
        pick_die(app, scene, action.die)
        pick_general(app, scene, action.general)
        click(app, *city_point(app, scene, action.city))
    elif isinstance(action, Destroy | Train | Build):
        pick_die(app, scene, action.die)
        pick_general(app, scene, action.general)
        tag = {Destroy: "destroy", Train: "train", Build: "build"}[type(action)]
        click_button(app, scene.controls.tray, tag)
        if isinstance(action, Build) and scene.controls.prompt is not None:
            name = describe.city(scene.view.public.board, action.source)
            click_prompt(app, scene, lambda label: label == name)
    elif isinstance(action, Trade):
        click_button(app, scene.controls.tray, "trade")
        text = " ".join(map(str, action.dice)) + " → 6"
        click_prompt(app, scene, lambda label: label == text)
    elif isinstance(action, EndTurn):
        click_button(app, scene.controls.tray, "end_turn")
        prompt = scene.controls.prompt
        if prompt is not None and prompt.tag == "confirm_end":  # dice left (R4.2)
            click_prompt(app, scene, lambda label: label == i18n.t("end_turn"))
    elif isinstance(action, StopMove):
        click_button(app, scene.controls.tray, "stop")
    elif isinstance(action, Continue):
        click(app, *city_point(app, scene, action.dest))
    elif isinstance(action, FightAt):
        name = describe.city(scene.view.public.board, action.city)
        click_prompt(app, scene, lambda label: label == name)
    elif isinstance(action, CommitCoin):
        click_prompt(app, scene, coin_or(action.value))
    elif isinstance(action, Halt | Pass):
        index = 0 if isinstance(action, Halt) else 1
        b = scene.controls.prompt_buttons.buttons[index]
        click(app, *b.box.center)
    elif isinstance(action, ChooseDeck):
        b = [x for x in scene.controls.prompt_buttons.buttons][
            0 if action.deck == 0 or len(scene.controls.prompt_buttons.buttons) == 1 else 1
        ]
        click(app, *b.box.center)
    elif isinstance(action, PickKingdom):
        name = i18n.name(scene.view.public.board.kingdoms[action.kingdom])
        click_prompt(app, scene, lambda label: label == name)
    else:  # pragma: no cover
        raise AssertionError(f"no way to click {action}")


def pick_varied(legal: list[Action], rng: random.Random) -> Action:
    """Moves dominate the list; weigh the other kinds up so every control is exercised."""
    kinds: dict[type[Action], list[Action]] = {}
    for a in legal:
        kinds.setdefault(type(a), []).append(a)
    kind = rng.choice(list(kinds))
    if kind is EndTurn and len(kinds) > 1 and rng.random() < 0.7:
        kind = rng.choice([k for k in kinds if k is not EndTurn])
    return rng.choice(kinds[kind])


Chooser = Callable[[PlayerView, list[Action], random.Random], Action]


def play_game(
    app: App,
    rng: random.Random,
    max_frames: int = 200_000,
    on_frame: Callable[[App], object] | None = None,
    choose: Chooser | None = None,
    until: Callable[[], bool] | None = None,
) -> dict[str, int]:
    """Play every human decision by clicks until the game-over screen shows (or, sooner,
    ``until`` says the part of the game under test is played)."""
    stats = {"clicked": 0, "handovers": 0, "frames": 0}
    for _ in range(max_frames):
        top = app.top
        if isinstance(top, GameOverScene) or (until is not None and until()):
            return stats
        if isinstance(top, PassDeviceScene):
            click_button(app, top.buttons, "ready")
            stats["handovers"] += 1
            continue
        assert isinstance(top, MatchScene), f"unexpected scene {top}"
        scene = top
        waiting = scene.waiting_button()
        if waiting is not None and not scene.animator.busy:
            click(app, *waiting.box.center)  # a battle result read, the summary's Results
            continue
        legal = scene.session.legal()
        if legal and not scene.animator.busy:
            scene._refresh()
            before = len(scene.session.record.actions)
            action = choose(scene.view, legal, rng) if choose else pick_varied(legal, rng)
            perform(app, scene, action)
            record = scene.session.record.actions
            assert len(record) > before, f"clicks for {action} did not act"
            assert record[before] == action, f"clicked {action}, played {record[before]}"
            stats["clicked"] += 1
        else:
            app.frame()
        stats["frames"] += 1
        if on_frame is not None:
            on_frame(app)
    raise AssertionError("the game did not end")
