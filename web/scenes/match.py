"""The match: the board, a turn by direct manipulation, AI seats thinking in slices.

Input becomes one of the session's legal actions (``web.play.intents``); a refused choice is
explained with the engine's own sentence, or where the client can name what blocks it (the
weaker general, the winter sea), with that. Everything drawn comes from the viewer's PlayerView.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game import (
    P_ACTION,
    P_BATTLE_ORDER,
    P_COIN_ATTACKER,
    P_COIN_DEFENDER,
    P_CONTINUE,
    P_HALT,
    P_PICK,
    P_PLACE,
    IllegalActionError,
    PlayerView,
    kinds,
)
from game.actions import Action, PlaceGeneral
from web import ai_bridge
from web.play import coach, intents, saves
from web.play.session import Applied, MatchSession
from web.render import battle as battle_render
from web.render import hud, tokens
from web.render.board import BoardView, Marks
from web.render.mapart import board_geometry
from web.scene import Scene, Tip
from web.scenes import match_controls, match_events, match_input, match_tips
from web.scenes.board_common import pace_animations
from web.scenes.match_chrome import Chrome
from web.scenes.match_controls import Controls
from web.text import describe, i18n
from web.ui import layout
from web.ui.animation import Animator
from web.ui.gestures import UIEvent
from web.ui.layout import Box, Camera, MatchLayout
from web.ui.widgets import Button

if TYPE_CHECKING:
    from web.scene import Host

LAYOUT = MatchLayout()
CAMERA_REST_FRAMES = 10  # a camera unchanged this long is not being dragged or pinched
SLICE_MS = 8.0  # AI search time per frame: the frame stays well under 25 ms
PULSE_FPS = 12.0  # lit cities pulse slowly: a player thinking costs little
PLACE_MARGIN = 70  # screen px kept round the cities of a placement the camera frames
PLACE_ZOOM = 2.5  # at most this many times the whole board's scale
SOUNDS = {kinds.ROLL: "dice", kinds.MOVE: "move", kinds.CONTINUE: "move",
          kinds.BATTLE_ROLL: "battle"}  # fmt: skip


class MatchScene(Scene):
    touch_sized = False  # the compact layout sizes the match's controls

    def __init__(self, app: Host, session: MatchSession, attract: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.attract = attract
        board = session.state.board
        self.board_view = BoardView(board_geometry(board))
        ai_bridge.prepare(board)
        self.camera = Camera(LAYOUT.map)
        self.animator = Animator(board, self.board_view.g.pos)
        self.selection = intents.Selection()
        self.log_scroll = 0
        self._version: tuple[object, ...] = ()
        self._over_shown = False
        self._told_fallbacks: set[int] = set()
        self._handover_for = -1
        self._framed_for = -1  # the placement (its record index) the camera turned to
        self._camera_key: tuple[int, int, int] | None = None
        self._camera_rest = 0
        self._opened = False
        self.view: PlayerView = session.view()
        self.chrome = Chrome()  # menu and zoom buttons, a phone's drawers, the coach's line
        self.controls = Controls()  # the tray, the prompt, the suggested moves
        self.events = match_events.Events()  # banners, a held battle result, the summary
        self.apply_settings()
        self.on_language()
        self.events.note_blocked(self)  # a card already out of reach is marked, not announced

    def apply_settings(self) -> None:
        pace_animations(self.animator, self.app.settings)

    def on_enter(self) -> None:
        self.apply_settings()
        self._version = ()

    def on_language(self) -> None:
        self.chrome.rebuild(self)
        self.controls.remake_local()
        self._version = ()
        # The tray changes language at once, even under the menu (this scene then has no
        # update until the menu closes).
        self._refresh()

    def on_layout(self) -> None:
        self.camera.set_viewport(LAYOUT.map)
        self.on_language()

    def frame_rate(self) -> float:
        """Full rate while anything moves or an AI (or a hint) thinks; lit cities pulse at a
        gentle rate; else nothing to draw until something happens."""
        session = self.session
        anim = self.animator.current
        if anim is not None and anim.kind != "pause":
            return 60.0
        if session.thinking is not None or self.controls.hinting:
            return 60.0
        events = self.events.frame_rate(self)
        if events > 0:
            return events
        if self.app.settings.reduced_motion or self.attract:
            return 0.0
        return PULSE_FPS if match_input.target_actions(self) else 0.0

    # -- acting ------------------------------------------------------------------------------
    def submit(self, action: Action) -> None:
        try:
            applied = self.session.submit(action)
        except IllegalActionError as err:
            self.controls.explain_text(self, str(err))
            return
        self.controls.acted()
        self.selection.clear()
        self._after(applied, watched=False)

    def _after(self, applied: Applied, watched: bool) -> None:
        self.view = self.session.view()
        self.animator.add(applied, self.view.public.is_winter(), watched)
        self.events.on_applied(self, applied, watched)
        sound = SOUNDS.get(applied.action.kind)
        if sound:
            self.app.sound.play(sound)
        self._version = ()

    def mark_stale(self) -> None:
        """What is shown no longer holds: the next refresh builds it again."""
        self._version = ()

    def undo(self) -> None:
        if self.session.viewer < 0:  # Z from a spectator: nothing of theirs to take back
            return
        if self.session.undo():
            self.selection.clear()
            self.view = self.session.view()
            self.animator.skip()
            self._version = ()

    def hurry_ai(self) -> None:
        if not self.attract:  # the title screen's background game is not the player's
            self.session.hurry()

    # -- the frame ---------------------------------------------------------------------------
    def _prepare_other_season(self) -> bool:
        """Once the camera has rested a moment, draw the other season's map ahead of time."""
        key = self.camera.key()
        if key != self._camera_key:
            self._camera_key = key
            self._camera_rest = 0
            return False
        self._camera_rest += 1
        if self._camera_rest < CAMERA_REST_FRAMES:
            return False
        winter = self.view.public.is_winter()
        return self.board_view.art.prepare(self.camera, not winter)

    def update(self, dt: float) -> None:
        self.board_view.t += dt
        self.animator.update(dt)
        session = self.session
        self.ai_busy = False
        # The first frame draws the whole map, and a frame that draws the other season's map
        # ahead of time is full too: the AI waits for the next one.
        opening = not self._opened
        self._opened = True
        drawing = opening or self._prepare_other_season()
        self.controls.keep_why_rule(self)
        self.events.update(self, dt)
        if not self.animator.busy and not drawing and not self.events.blocking():
            if session.is_over():
                self._game_over()  # not for the title's background game: it restarts
            elif session.needs_handover() and not self.attract:
                self._handover()
            else:
                applied = session.tick(SLICE_MS)
                self.ai_busy = session.thinking is not None or (
                    applied is not None
                    and applied.actor >= 0
                    and applied.actor not in session.humans
                )
                if applied is not None:
                    self._after(applied, watched=applied.actor not in session.humans)
        self._tell_fallbacks()
        self.controls.follow_camera(self)
        if self.controls.hinting and not drawing:
            self.controls.step_hint(self, SLICE_MS)
            self.ai_busy = True
        self._refresh()

    def _tell_fallbacks(self) -> None:
        """A seat whose search failed is named once; its panel says so for the rest of the game."""
        for seat in sorted(set(self.session.fallbacks) - self._told_fallbacks):
            self._told_fallbacks.add(seat)
            self.app.toast(i18n.t("ai_fallback", kingdom=self.kingdom_name(seat)), 8.0)
            self._version = ()

    def _refresh(self) -> None:
        s = self.session
        controls = self.controls
        version = (len(s.record.actions), s.viewer, self.selection.die, self.selection.general,
                   id(controls.local_prompt), i18n.language(), self.animator.busy,
                   self.app.settings.coach, s.thinking is None, controls.hinting,
                   len(controls.hints), self.events.held is None)  # fmt: skip
        if version == self._version:
            return
        self._version = version
        self.app.invalidate()
        self.view = s.view()
        self.chrome.update_coach(self)
        if self.animator.busy and not self.attract:
            controls.clear()
        else:
            controls.rebuild(self)
            self._frame_placement()
        controls.place_prompt(self)

    def _frame_placement(self) -> None:
        """On a phone the whole board is too small to place a general on (R3.3): when the
        player is asked, the camera turns to their kingdom, the cities they may choose
        framed, once per placement (they may zoom out again)."""
        legal = self.session.legal()
        index = len(self.session.record.actions)
        if not layout.compact() or not legal or not isinstance(legal[0], PlaceGeneral):
            return
        if self._framed_for == index:
            return
        self._framed_for = index
        pos = self.board_view.g.pos
        state = self.view.public
        capitals = state.board.kingdoms[state.seat_kingdom[self.session.viewer]].capitals
        cities = [a.city for a in legal if isinstance(a, PlaceGeneral)] + list(capitals)
        self.camera.frame([pos[c] for c in cities], PLACE_MARGIN, PLACE_ZOOM)
        self.events.stop_following()

    def open_menu(self) -> None:
        self.app.nav.open_menu(self)

    def open_results(self) -> None:
        """The summary's Results button (or, in a game nobody plays, its pause ending)."""
        if self.app.top is self:
            self.app.nav.open_game_over(self.session)

    def over_map(self) -> tuple[Box, ...]:
        """The controls always drawn over the map (zoom, menu and "?", a phone's drawer tabs,
        the dice where they stand on it): the city names keep clear of them."""
        boxes = [b.box for b in self.chrome.buttons.buttons] + [self.app.help_box()]
        if layout.compact():
            boxes += LAYOUT.drawer_tabs()
        if LAYOUT.dice_on_map():
            boxes += LAYOUT.dice(len(self.view.public.dice))
        return tuple(b for b in boxes if layout.overlaps(b, LAYOUT.map))

    def occupied(self) -> list[Box]:
        """What a toast must not cover: the tray's buttons, the prompt's and the chrome's (its
        parts hold them; the events' buttons, drawn over the map, are not among them)."""
        controls = self.controls
        groups = (controls.tray, controls.prompt_buttons, self.chrome.buttons, controls.prompt_hint)
        return [b.box for group in groups for b in group.buttons]

    def waiting_button(self) -> Button | None:
        """The button the game waits on, if any (a held battle result, the summary)."""
        return self.events.waiting_button()

    def _game_over(self) -> None:
        """The game has ended: the autosave goes (if it was this game), the fanfare plays, and
        the board pauses with a summary before the results (``open_results``)."""
        if self._over_shown or self.attract:
            return
        self._over_shown = True
        saves.finished(self.app, self.session)
        self.app.sound.play("fanfare")
        if self.session.viewer >= 0 and self.app.settings.coach:
            self.app.settings.coach = False  # a whole game played: no longer a newcomer
            self.app.save_settings()
        self.events.game_over(self)

    def _handover(self) -> None:
        seat = self.session.human_to_act()
        if self._handover_for == seat:
            return
        self._handover_for = seat
        self.app.nav.pass_device(self.session, seat, self._taken_over)

    def _taken_over(self) -> None:
        self._handover_for = -1
        self.selection.clear()
        self.controls.forget_hints()
        self._version = ()

    # -- input ---------------------------------------------------------------------------------
    def handle(self, ev: UIEvent) -> None:
        match_input.handle(self, ev)

    def tooltip_at(self, x: float, y: float) -> Tip | None:
        return match_tips.tooltip(self, x, y)

    def tooltip_avoid(self) -> list[Box]:
        """The lit and the suggested cities: a tooltip goes beside them, not over them."""
        return self.board_view.target_boxes(self.camera, self.marks())

    # -- drawing -------------------------------------------------------------------------------
    def marks(self) -> Marks:
        return match_input.marks(self)

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        anim = self.animator.current
        marks = self.marks()
        self.board_view.overlays = () if self.attract else self.over_map()
        self.board_view.draw(surface, self.camera, view, marks)
        hud.draw_top(surface, view, self.status_text(), self.progress(), self.selection.general)
        hud.draw_track_tokens(surface, view, marks.own, marks.actable, marks.selected)
        kinds = self.seat_kinds()
        thinking = self.session.thinking_seat if self.session.thinking is not None else -1
        hud.draw_side(surface, view, kinds, thinking, self.board_view.t, self.hand_visible(),
                      self.session.log, self.session.viewer, self.log_scroll,
                      self.chrome.drawers, self.shown_chances())  # fmt: skip
        if not self.attract:
            hud.draw_frame(surface)
            self._draw_dice(surface)
            self.controls.tray.draw(surface)
            self.chrome.buttons.draw(surface)
            self.controls.draw_hints(surface, self)
            if not (anim is not None and anim.kind == "battle"):
                self.chrome.draw_coach(surface, self)
        if anim is not None and anim.kind == "battle":
            battle_render.draw_battle(surface, view, anim.battle, anim.progress,
                                      self.app.settings.reduced_motion,
                                      view.public.rules.battle_dice,
                                      box=self.events.battle_box(self, anim.battle))  # fmt: skip
        prompt = self.controls.shown_prompt(self)
        if prompt is not None:
            self.controls.draw_prompt(surface, self, prompt)
        if not self.attract:
            self.events.draw(self, surface)

    def _draw_dice(self, surface: pygame.Surface) -> None:
        state = self.view.public
        anim = self.animator.current
        dice = list(state.dice)
        if anim is not None and anim.kind == "roll" and not self.app.settings.reduced_motion:
            r = random.Random(int(anim.progress * 12))
            dice = [r.randint(1, 6) for _ in anim.dice]
        if not dice:
            return
        color = tokens.kingdom_color(state.seat_kingdom[state.active])
        face = (246, 240, 226)
        for i, (box, value) in enumerate(zip(LAYOUT.dice(len(dice)), dice, strict=True)):
            rect = pygame.Rect(box.tuple())
            selected = self.selection.die == value and self._die_index() == i
            draw_die = tokens.draw_die
            draw_die(surface, rect, value, selected=selected, color=face)
            pygame.draw.rect(surface, color, rect.inflate(6, 6), width=2, border_radius=12)

    def _die_index(self) -> int:
        if self.selection.die is None:
            return -1
        return list(self.view.public.dice).index(self.selection.die)

    def shown_chances(self) -> tuple[float, ...]:
        """Each seat's win chance at the last turn start (ai.chances), when the setting shows
        them; nothing behind the title."""
        points = self.session.chances.points
        if self.attract or not points or not self.app.settings.show_chances:
            return ()
        return points[-1].chances

    # -- texts -----------------------------------------------------------------------------------
    def seat_kinds(self) -> list[str]:
        out = []
        for seat, cfg in enumerate(self.session.config.seats):
            if cfg.is_human:
                out.append(
                    i18n.t("human")
                    + (f" ({i18n.t('human_seat')})" if seat == self.session.viewer else "")
                )
            elif seat in self.session.fallbacks:
                out.append(i18n.t("agent_fallback"))
            elif self.attract:  # the title's game plays greedy (ai_bridge.quick_agents)
                out.append(f"{i18n.t('ai')} · {i18n.t('agent_greedy')}")
            else:
                out.append(f"{i18n.t('ai')} · {i18n.t('diff_' + cfg.difficulty)}")
        return out

    def hand_visible(self) -> bool:
        return self.session.viewer >= 0 and self.view.public.rules.quests and not self.attract

    def kingdom_name(self, seat: int) -> str:
        k = self.view.public.seat_kingdom[seat]
        return (
            i18n.name(self.view.public.board.kingdoms[k]) if k >= 0 else i18n.t("seat", n=seat + 1)
        )

    def kingdom_said(self, key: str, seat: int, **values: object) -> str:
        """``key`` about the seat's kingdom, the verb agreeing with it ("The Greeks are
        thinking", "The Eastern Kingdom is thinking")."""
        state = self.view.public
        k = state.seat_kingdom[seat] if 0 <= seat < state.num_players else -1
        if k < 0:
            name = i18n.t("seat", n=seat + 1)
            return i18n.t(key, kingdom=name, the_kingdom=name, **values)
        return i18n.kingdom_t(key, state.board.kingdoms[k], **values)

    def status_text(self) -> str:
        """The header: who is to act and what is asked, with the final round flagged (and,
        when it is simply someone's turn, named: the banner said why)."""
        text = self._status()
        if match_events.final_round(self):
            return i18n.t("final_status", text=text)
        return text

    def _status(self) -> str:
        s = self.session
        state = self.view.public
        if state.is_terminal():
            return i18n.t("game_over")
        if self.events.held is not None:  # the game waits on the player, not on an AI
            return i18n.t("held_status")
        final = match_events.final_round(self)
        if s.thinking is not None and s.thinking_seat >= 0:
            pct = round(s.thinking_progress() * 100)
            return self.kingdom_said("thinking", s.thinking_seat, pct=pct)
        if self.controls.hinting:
            return i18n.t(
                "hint_thinking",
                pct=round((s.hint_thinking.progress() if s.hint_thinking else 1) * 100),
            )
        if state.draw_queue and not state.is_terminal():
            drawer = state.draw_queue[0]  # R9.3: who draws may not be the seat whose turn it is
            opening = match_controls.opening_draw(self, drawer)
            if drawer == s.viewer:
                return i18n.t("draw_own_setup" if opening else "draw_own")
            return self.kingdom_said("drawing_setup" if opening else "drawing", drawer)
        who = s.human_to_act()
        if who >= 0 and who == s.viewer:
            phase = state.phase
            if phase == P_PICK:
                return i18n.t("pick_kingdom")
            if phase == P_PLACE:
                return i18n.t("place_fourth")
            if phase == P_CONTINUE:
                return i18n.t("continue_move")
            if phase == P_BATTLE_ORDER:
                return i18n.t("choose_battle")
            if phase in (P_COIN_ATTACKER, P_COIN_DEFENDER):
                return i18n.t("coin_status", city=describe.city(state.board, state.battle_city))
            if phase == P_HALT:
                return i18n.t("halt_status")
            if phase == P_ACTION:
                g = self.selection.general
                if g is not None:
                    reason = coach.selection_reason(state, s.legal(), g, self.selection.die)
                    if reason is not None:  # nothing lit: never ask for a lit city
                        return i18n.t("sel_stuck", general=describe.general(state.board, g))
                    return i18n.t("pick_city")
                if final:
                    return i18n.t("your_turn_short")
                return i18n.t("your_turn", kingdom=self.kingdom_name(who))
        # Kingdoms are picked and fourth generals placed seat by seat (R3.1, R3.3) before the
        # first turn: the seat to act then is not the first turn's player.
        setup = state.phase in (P_PICK, P_PLACE)
        seat = state.current_player() if setup else state.active
        if final:
            return i18n.t("final_their_turn", kingdom=self.kingdom_name(seat))
        return i18n.t("their_turn", kingdom=self.kingdom_name(seat))

    def progress(self) -> float | None:
        s = self.session
        if s.thinking is not None:
            return s.thinking_progress()
        if self.controls.hinting and s.hint_thinking is not None:
            return s.hint_thinking.progress()
        return None
