"""The match: the board, a turn by direct manipulation, AI seats thinking in slices.

Input becomes one of the session's legal actions (``web.intents``); a refused choice is
explained with the engine's own sentence. Everything drawn comes from the viewer's PlayerView.
"""

from __future__ import annotations

import pygame

from game import IllegalActionError, PlayerView
from game.actions import Action, Build, Trade
from game.state import P_ACTION, P_BATTLE_ORDER, P_CONTINUE, P_PLACE
from web import ai_bridge, describe, i18n, intents, saves
from web.animation import Animator
from web.app import App, Scene
from web.gestures import UIEvent
from web.layout import Camera, MatchLayout
from web.render import battle as battle_render
from web.render import hud, tokens
from web.render.board import BoardView, Marks
from web.render.mapart import BoardGeometry
from web.scenes import match_chrome, match_controls
from web.scenes.match_controls import Prompt
from web.session import Applied, MatchSession
from web.widgets import ButtonGroup, label, panel

LAYOUT = MatchLayout()
CAMERA_REST_FRAMES = 10  # a camera unchanged this long is not being dragged or pinched
SLICE_MS = 8.0  # AI search time per frame: the frame stays well under 25 ms
_GEOMETRY: BoardGeometry | None = None


def geometry(board: object) -> BoardGeometry:
    global _GEOMETRY
    if _GEOMETRY is None:
        _GEOMETRY = BoardGeometry(board)  # type: ignore[arg-type]
    return _GEOMETRY


class MatchScene(Scene):
    def __init__(self, app: App, session: MatchSession, attract: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.attract = attract
        board = session.state.board
        self.board_view = BoardView(geometry(board))
        ai_bridge.prepare(board)
        self.camera = Camera(LAYOUT.map)
        self.animator = Animator(board, self.board_view.g.pos)
        self.selection = intents.Selection()
        self.local_prompt: Prompt | None = None
        self.controls = ButtonGroup()
        self.prompt: Prompt | None = None
        self.prompt_buttons = ButtonGroup()
        self.hints: list[tuple[Action, float | None]] = []
        self.hinting = False
        self.log_scroll = 0
        self._version: tuple[object, ...] = ()
        self._over_shown = False
        self._told_fallbacks: set[int] = set()
        self._handover_for = -1
        self._camera_key: tuple[int, int, int] | None = None
        self._camera_rest = 0
        self._opened = False
        self.view: PlayerView = session.view()
        self.chrome = ButtonGroup()
        self.coach_line: str | None = None
        self.apply_settings()
        self.on_language()

    def apply_settings(self) -> None:
        s = self.app.settings
        self.animator.move_seconds = s.move_seconds()
        self.animator.pause_seconds = s.pause_seconds()
        self.animator.reduced_motion = s.reduced_motion

    def on_enter(self) -> None:
        self.apply_settings()
        self._version = ()

    def on_language(self) -> None:
        self.chrome = ButtonGroup() if self.attract else match_chrome.chrome(self)
        self._version = ()

    # -- acting ------------------------------------------------------------------------------
    def submit(self, action: Action) -> None:
        try:
            applied = self.session.submit(action)
        except IllegalActionError as err:
            self.explain_text(str(err))
            return
        self.local_prompt = None
        self.selection.clear()
        self.hints = []
        self._after(applied, watched=False)

    def _after(self, applied: Applied, watched: bool) -> None:
        self.view = self.session.view()
        self.animator.add(applied, self.view.public.is_winter(), watched)
        kind = applied.action.kind
        sound = {5: "dice", 6: "move", 7: "move", 19: "battle"}.get(kind)
        if sound:
            self.app.sound.play(sound)
        self._version = ()

    def explain(self, action: Action) -> None:
        self.explain_text(intents.why_not(self.view.public, action))

    def explain_text(self, message: str) -> None:
        rule = intents.rule_of(message)
        if rule:
            self.app.last_rule = rule
        self.app.toast(f"{i18n.t('why')} {message}  [? → {rule or i18n.t('rules')}]", 6.0)

    def undo(self) -> None:
        if self.session.undo():
            self.selection.clear()
            self.view = self.session.view()
            self.animator.skip()
            self._version = ()

    def hurry_ai(self) -> None:
        if not self.attract:  # the title screen's background game is not the player's
            self.session.hurry()

    def ask_hint(self) -> None:
        if self.session.start_hint():
            self.hinting = True
            self.hints = []

    def open_trade(self, trades: list[Trade]) -> None:
        self.local_prompt = match_controls.trade_prompt(self, trades)
        self._version = ()

    def open_build(self, builds: list[Build]) -> None:
        if len({b.source for b in builds}) == 1:
            self.submit(min(builds, key=lambda b: b.die))
            return
        self.local_prompt = match_controls.build_prompt(self, builds)
        self._version = ()

    def close_prompt(self) -> None:
        self.local_prompt = None
        self._version = ()

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
        if not self.animator.busy and not drawing:
            if session.is_over():
                self._game_over()
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
        if self.hinting and not drawing:
            found = session.step_hint(SLICE_MS)
            self.ai_busy = True
            if found is not None or session.hint_thinking is None:
                self.hinting = False
                self.hints = [(i.action, i.win_chance) for i in (found or [])]
                if session.hint_failure is not None:
                    self.app.toast(i18n.t("hint_fallback"), 6.0)
                elif not self.hints:
                    self.app.toast(i18n.t("hint_none"), 2.5)
        self._refresh()

    def _tell_fallbacks(self) -> None:
        """A seat whose search failed is named once; its panel says so for the rest of the game."""
        for seat in sorted(set(self.session.fallbacks) - self._told_fallbacks):
            self._told_fallbacks.add(seat)
            self.app.toast(i18n.t("ai_fallback", kingdom=self.kingdom_name(seat)), 8.0)
            self._version = ()

    def _refresh(self) -> None:
        s = self.session
        version = (len(s.record.actions), s.viewer, self.selection.die, self.selection.general,
                   id(self.local_prompt), i18n.language(), self.animator.busy,
                   self.app.settings.coach, s.thinking is None)  # fmt: skip
        if version == self._version:
            return
        self._version = version
        self.view = s.view()
        self.coach_line = match_chrome.coach_text(self)
        if self.animator.busy and not self.attract:
            self.controls, self.prompt = ButtonGroup(), None
        else:
            self.controls, self.prompt = match_controls.build(self)
        self.prompt_buttons = ButtonGroup(self.prompt.buttons() if self.prompt else [])

    def _game_over(self) -> None:
        if self._over_shown or self.attract:
            return
        self._over_shown = True
        from web.scenes.game_over import GameOverScene

        saves.finished(self.app, self.session)
        self.app.sound.play("fanfare")
        if self.session.viewer >= 0 and self.app.settings.coach:
            self.app.settings.coach = False  # a whole game played: no longer a newcomer
            self.app.save_settings()
        self.app.push(GameOverScene(self.app, self.session))

    def _handover(self) -> None:
        seat = self.session.human_to_act()
        if self._handover_for == seat:
            return
        self._handover_for = seat
        from web.scenes.pass_device import PassDeviceScene

        self.app.push(PassDeviceScene(self.app, self.session, seat, self._taken_over))

    def _taken_over(self) -> None:
        self._handover_for = -1
        self.selection.clear()
        self.hints = []
        self._version = ()

    # -- input ---------------------------------------------------------------------------------
    def handle(self, ev: UIEvent) -> None:
        from web.scenes import match_input

        match_input.handle(self, ev)

    def tooltip_at(self, x: float, y: float) -> tuple[list[str], str | None] | None:
        from web.scenes import match_tips

        return match_tips.tooltip(self, x, y)

    # -- drawing -------------------------------------------------------------------------------
    def marks(self) -> Marks:
        from web.scenes import match_input

        return match_input.marks(self)

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        anim = self.animator.current
        marks = self.marks()
        self.board_view.draw(surface, self.camera, view, marks)
        hud.draw_top(surface, view, self.status_text(), self.progress(), self.selection.general)
        hud.draw_track_tokens(surface, view, marks.own, marks.actable, marks.selected)
        kinds = self.seat_kinds()
        thinking = self.session.thinking_seat if self.session.thinking is not None else -1
        y = hud.draw_players(surface, view, kinds, thinking, self.board_view.t)
        if self.hand_visible():
            y = hud.draw_hand(surface, view, y)
        hud.draw_log(surface, view, self.session.log, self.session.viewer, y, self.log_scroll)
        if not self.attract:
            hud.draw_frame(surface)
            self._draw_dice(surface)
            self.controls.draw(surface)
            self.chrome.draw(surface)
            self._draw_hints(surface)
            if self.coach_line and not (anim is not None and anim.kind == "battle"):
                match_chrome.draw_coach(surface, self.coach_line)
        if anim is not None and anim.kind == "battle":
            battle_render.draw_battle(surface, view, anim.battle, anim.progress,
                                      self.app.settings.reduced_motion,
                                      view.public.rules.battle_dice)  # fmt: skip
        if self.prompt is not None and not self.animator.busy:
            panel(surface, self.prompt.box, alpha=245)
            label(surface, self.prompt.title, self.prompt.box.center[0], self.prompt.box.y + 18,
                  20, (226, 182, 74), "bold", "midtop")  # fmt: skip
            if self.prompt.body:
                label(surface, self.prompt.body, self.prompt.box.center[0],
                      self.prompt.box.y + 56, 15, (230, 230, 230), "sans", "midtop")  # fmt: skip
            self.prompt_buttons.draw(surface)

    def _draw_dice(self, surface: pygame.Surface) -> None:
        state = self.view.public
        anim = self.animator.current
        dice = list(state.dice)
        if anim is not None and anim.kind == "roll" and not self.app.settings.reduced_motion:
            import random

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

    def _draw_hints(self, surface: pygame.Surface) -> None:
        if not self.hints:
            return
        board = self.view.public.board
        box = LAYOUT.map
        h = 40 + 22 * len(self.hints)
        area = panel
        from web.layout import Box

        rect = Box(box.x + 10, box.bottom - 92 - h - 10, 440, h)
        area(surface, rect, alpha=235)
        label(surface, i18n.t("hint_title"), rect.x + 12, rect.y + 8, 15, (226, 182, 74), "bold")
        for i, (action, chance) in enumerate(self.hints):
            pct = (
                i18n.t("win_unknown")
                if chance is None
                else i18n.t("win_chance", pct=round(chance * 100))
            )
            text = f"{i + 1}. {describe.action_text(board, action)} — {pct}"
            label(surface, text, rect.x + 12, rect.y + 32 + 22 * i, 14)

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

    def status_text(self) -> str:
        s = self.session
        state = self.view.public
        if s.thinking is not None and s.thinking_seat >= 0:
            pct = round(s.thinking_progress() * 100)
            return i18n.t("thinking", kingdom=self.kingdom_name(s.thinking_seat), pct=pct)
        if self.hinting:
            return i18n.t(
                "hint_thinking",
                pct=round((s.hint_thinking.progress() if s.hint_thinking else 1) * 100),
            )
        who = s.human_to_act()
        if who >= 0 and who == s.viewer:
            phase = state.phase
            if phase == P_PLACE:
                return i18n.t("place_fourth")
            if phase == P_CONTINUE:
                return i18n.t("continue_move")
            if phase == P_BATTLE_ORDER:
                return i18n.t("choose_battle")
            if phase == P_ACTION and not state.draw_queue:
                if self.selection.general is not None:
                    return i18n.t("pick_city")
                return i18n.t("your_turn", kingdom=self.kingdom_name(who))
        return i18n.t("their_turn", kingdom=self.kingdom_name(state.active))

    def progress(self) -> float | None:
        s = self.session
        if s.thinking is not None:
            return s.thinking_progress()
        if self.hinting and s.hint_thinking is not None:
            return s.hint_thinking.progress()
        return None
