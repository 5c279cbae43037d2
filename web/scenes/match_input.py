"""Pointer and keys in the match: zoom and pan, picking dice, generals and cities.

What lights up and what a tap means both come from the legal actions (``web.play.intents``).
"""

from __future__ import annotations

import pygame

from game import P_ACTION, P_BATTLE_ORDER, P_CONTINUE, P_PLACE
from game.actions import Action, FightAt, PlaceGeneral
from web.play import coach, intents
from web.render import hud
from web.render.board import Marks
from web.scenes.board_common import GESTURES, board_gesture
from web.scenes.match_host import MatchHost
from web.text import i18n
from web.ui import layout
from web.ui.gestures import UIEvent
from web.ui.layout import MatchLayout

LAYOUT = MatchLayout()
PROMPT_SAFE = ("hint", "undo", "move_now")  # the tray's buttons that work beside a prompt


def handle(scene: MatchHost, ev: UIEvent) -> None:
    cam = scene.camera
    if ev.kind == "back":
        if scene.controls.local_prompt is not None:
            scene.controls.close_prompt(scene)
        elif scene.selection.general is not None or scene.selection.die is not None:
            scene.selection.clear()
        else:
            scene.open_menu()
        return
    if ev.kind in GESTURES:
        moved = board_gesture(ev, cam, scene.chrome.drawers)
        if moved.camera:
            scene.events.stop_following()  # the camera is the player's again
        scene.log_scroll = max(0, scene.log_scroll + moved.scroll)
        return
    if ev.kind == "key":
        _key(scene, ev)
        return
    if ev.kind == "tap":
        tap(scene, ev.x, ev.y, ev.button)


def _key(scene: MatchHost, ev: UIEvent) -> None:
    cam = scene.camera
    mid = LAYOUT.map.center
    if ev.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        cam.zoom_at(1.25, *mid)
    elif ev.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
        cam.zoom_at(0.8, *mid)
    elif ev.key == pygame.K_0:
        cam.fit()
    elif ev.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
        d = {pygame.K_LEFT: (60, 0), pygame.K_RIGHT: (-60, 0), pygame.K_UP: (0, 60),
             pygame.K_DOWN: (0, -60)}[ev.key]  # fmt: skip
        cam.pan(*d)
    elif ev.key == pygame.K_z:
        scene.undo()
    elif ev.key == pygame.K_h:
        scene.controls.ask_hint(scene)
    elif ev.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
        # Space or Enter reads on: a held battle result, a banner; else hurries the AI.
        if not scene.events.dismiss(scene) and ev.key == pygame.K_SPACE:
            scene.hurry_ai()
    elif ev.text and ev.text in "123456":
        _pick_die_value(scene, int(ev.text))


def tap(scene: MatchHost, x: float, y: float, button: int = 1) -> None:
    if scene.attract:
        return
    controls = scene.controls
    prompt = controls.shown_prompt(scene)
    if prompt is not None and prompt.box.contains(x, y):
        # Drawn over the zoom buttons, the drawer tabs and the coach (on the smallest phone
        # it fills the map): a tap on it is the prompt's, never theirs.
        if button != 3 and (controls.prompt_buttons.tap(x, y) or controls.prompt_hint.tap(x, y)):
            scene.app.sound.play("click")
        return
    if scene.chrome.buttons.tap(x, y):
        scene.app.sound.play("click")
        return
    if scene.chrome.tap_coach(scene, x, y):
        return
    anim = scene.animator.current
    if anim is not None and anim.kind == "battle":
        if anim.progress > 0.5:
            scene.animator.update(anim.duration)  # a tap hurries a settled battle along
        return
    if scene.events.tap(scene, x, y):
        return
    if button == 3:
        scene.selection.clear()
        return
    if prompt is not None:
        # The prompt waits for its answer; the tray's Hint, Undo and Move now still work.
        b = controls.tray.at(x, y)
        if b is not None and b.tag in PROMPT_SAFE and b.tap():
            scene.app.sound.play("click")
        return
    if controls.tray.tap(x, y):
        scene.app.sound.play("click")
        return
    for i, box in enumerate(LAYOUT.dice(len(scene.view.public.dice))):
        if box.contains(x, y):  # in the tray, or over the map on the smallest phone
            _pick_die(scene, i)
            return
    if LAYOUT.tray.contains(x, y):
        return
    if LAYOUT.top.contains(x, y):
        found = layout.nearest(
            ((g, *box.center) for g, box in hud.track_tokens(scene.view)), x, y, 20
        )
        if found >= 0 and found in intents.actable_generals(scene.session.legal()):
            _pick_general(scene, found)
        else:
            scene.app.pin_tooltip(x, y)  # a finger cannot hover: a tap explains instead
        return
    drawers = scene.chrome.drawers
    side = hud.side_box(drawers)
    if side is not None and side.contains(x, y):
        scene.app.pin_tooltip(x, y)
        return
    if LAYOUT.compact and drawers.open is not None and LAYOUT.map.contains(x, y):
        scene.chrome.toggle_drawer(scene, drawers.open)  # a tap beside a drawer shuts it
        return
    if LAYOUT.map.contains(x, y):
        _tap_map(scene, x, y)


def _pick_die(scene: MatchHost, index: int) -> None:
    dice = scene.view.public.dice
    if not scene.session.legal() or index >= len(dice):
        return
    value = dice[index]
    scene.selection.die = None if scene.selection.die == value else value
    scene.app.sound.play("click")


def _pick_die_value(scene: MatchHost, value: int) -> None:
    dice = list(scene.view.public.dice)
    if value in dice:
        _pick_die(scene, dice.index(value))


def _pick_general(scene: MatchHost, g: int) -> None:
    legal = scene.session.legal()
    state = scene.view.public
    if not legal or state.phase != P_ACTION:
        return
    if g not in intents.actable_generals(legal):
        if state.kingdom_seat[g >> 2] == state.active and state.acted >> g & 1:
            scene.controls.explain_text(scene, i18n.t("tip_acted"))
        elif state.kingdom_seat[g >> 2] == state.active:
            reason = coach.selection_reason(state, legal, g, None)  # say why, never nothing
            if reason is not None:
                scene.controls.explain_text(scene, i18n.t(reason[0], **reason[1]))
        return
    scene.selection.general = None if scene.selection.general == g else g
    scene.app.sound.play("click")
    if scene.selection.general is not None:
        reason = coach.selection_reason(state, legal, g, scene.selection.die)
        if reason is not None:  # nothing lights up: say why at once
            key, values = reason
            scene.controls.explain_text(scene, i18n.t(key, **values))


def _tap_map(scene: MatchHost, x: float, y: float) -> None:
    legal = scene.session.legal()
    if not legal:
        scene.app.pin_tooltip(x, y)  # not our decision: a tap shows what is there
        return
    view = scene.view
    state = view.public
    bv = scene.board_view
    city = bv.city_at(scene.camera, x, y)
    for c, disc in bv.cost_discs(scene.camera, view, scene.marks()).items():
        if disc.contains(x, y):  # a cost moved off its crowded city is that city's
            city = c
            break
    phase = state.phase
    if phase == P_PLACE:
        found = intents.placements(legal)
        if city in found:
            scene.submit(found[city])
        elif city >= 0:
            g = next(a.general for a in legal if isinstance(a, PlaceGeneral))
            scene.controls.explain(scene, PlaceGeneral(g, city))
        return
    if phase == P_CONTINUE:
        found_c = intents.continuations(legal)
        if city in found_c:
            scene.submit(found_c[city])
        return
    if phase == P_BATTLE_ORDER:
        for a in legal:
            if isinstance(a, FightAt) and a.city == city:
                scene.submit(a)
        return
    if phase != P_ACTION or state.draw_queue:
        return
    sel = scene.selection
    # An own general's token and a lit city may overlap: the one nearer the pointer wins.
    g = bv.general_at(scene.camera, view, x, y)
    targets = target_actions(scene)
    actable = g >= 0 and g in intents.actable_generals(legal)
    if actable and (city not in targets or _nearer_token(scene, g, city, x, y)):
        _pick_general(scene, g)
        return
    if city in targets:
        scene.submit(targets[city])
        return
    if g >= 0 and state.kingdom_seat[g >> 2] == state.active:
        _pick_general(scene, g)
        return
    if sel.general is not None and city >= 0:
        meant = intents.intended_move(view, sel.general, sel.die, city)
        if meant is not None:
            scene.controls.explain(scene, meant)
        return
    if city >= 0:
        scene.app.toast(i18n.t("pick_die"), 2.5)


def _nearer_token(scene: MatchHost, g: int, city: int, x: float, y: float) -> bool:
    tx, ty = scene.board_view.general_screen(scene.camera, scene.view)[g]
    cx, cy = scene.camera.to_screen(*scene.board_view.g.pos[city])
    return (tx - x) ** 2 + (ty - y) ** 2 < (cx - x) ** 2 + (cy - y) ** 2


def target_actions(scene: MatchHost) -> dict[int, Action]:
    """City -> the action a tap there plays, for the current selection."""
    legal = scene.session.legal()
    if not legal:
        return {}
    state = scene.view.public
    phase = state.phase
    if phase == P_PLACE:
        return dict(intents.placements(legal))
    if phase == P_CONTINUE:
        return dict(intents.continuations(legal))
    if phase == P_BATTLE_ORDER:
        return {a.city: a for a in legal if isinstance(a, FightAt)}
    g = scene.selection.general
    if phase != P_ACTION or g is None:
        return {}
    if state.gen_city[g] < 0:
        return dict(intents.returns_for(legal, g, scene.selection.die))
    return dict(intents.moves_for(legal, g, scene.selection.die))


def own_generals(scene: MatchHost) -> set[int]:
    """The viewer's generals (none for a spectator)."""
    seat = scene.session.viewer
    state = scene.view.public
    return set(state.generals_of(seat)) if 0 <= seat < state.num_players else set()


def marks(scene: MatchHost) -> Marks:
    m = Marks()
    state = scene.view.public
    anim = scene.animator.current
    if anim is not None and anim.kind == "move":
        m.moving[anim.general] = anim.position()
    if anim is not None and anim.kind == "pause" and anim.city >= 0:
        m.flash[anim.city] = (255, 255, 255)
    m.battles = list(state.battles) + ([state.battle_city] if state.battle_city >= 0 else [])
    if scene.attract:
        return m
    m.own = own_generals(scene)
    if scene.animator.busy:
        return m
    legal = scene.session.legal()
    if not legal:
        return m
    targets = target_actions(scene)
    g = scene.selection.general
    if g is not None and state.phase == P_ACTION and state.gen_city[g] >= 0:
        costs = intents.move_costs(scene.view, g, list(targets))
        m.targets = {c: str(costs.get(c, "")) for c in targets}
    else:
        m.targets = {c: "" for c in targets}
    if state.phase == P_BATTLE_ORDER:
        m.target_color = (240, 120, 100)
    m.selected = g
    if state.phase == P_ACTION:
        m.actable = intents.actable_generals(legal)
    for action, chance in scene.controls.hints:
        dest = getattr(action, "dest", getattr(action, "city", -1))
        src = getattr(action, "src", -1)
        if dest >= 0:
            text = f"{round(chance * 100)}%" if chance is not None else "?"
            m.hints.append((src, dest, text))
    return m
