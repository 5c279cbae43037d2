"""The match: the board, a turn by direct manipulation, AI seats thinking in slices.

Input becomes one of the session's legal actions (``web.play.intents``); a refused choice is
explained with the engine's own sentence, or where the client can name what blocks it (the
weaker general, the winter sea), with that. Everything drawn comes from the viewer's PlayerView.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
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
from game.actions import Action, Build, EndTurn, PlaceGeneral, Trade
from web import ai_bridge
from web.play import coach, intents, saves
from web.play.session import Applied, MatchSession
from web.render import battle as battle_render
from web.render import hud, tokens
from web.render.board import BoardView, Marks
from web.render.mapart import board_geometry
from web.scene import Scene, Tip
from web.scenes import (
    match_chrome,
    match_controls,
    match_events,
    match_input,
    match_prompt,
    match_tips,
)
from web.scenes.board_common import pace_animations
from web.scenes.match_prompt import Prompt
from web.text import describe, i18n
from web.ui import layout, placement, theme
from web.ui.animation import Animator
from web.ui.gestures import UIEvent
from web.ui.layout import Box, Camera, MatchLayout
from web.ui.widgets import Button, ButtonGroup, label, panel, text_in

if TYPE_CHECKING:
    from web.scene import Host

LAYOUT = MatchLayout()
CAMERA_REST_FRAMES = 10  # a camera unchanged this long is not being dragged or pinched
SLICE_MS = 8.0  # AI search time per frame: the frame stays well under 25 ms
PULSE_FPS = 12.0  # lit cities pulse slowly: a player thinking costs little
WHY_SECONDS = 6.0  # a refusal's explanation stays this long
PLACE_MARGIN = 70  # screen px kept round the cities of a placement the camera frames
PLACE_ZOOM = 2.5  # at most this many times the whole board's scale
HINT_W = 560  # the suggestions' panel: room for a Build named with its floor's capital
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
        self.local_prompt: Prompt | None = None
        # What makes ``local_prompt`` again: a change of language rebuilds it as the engine's
        # prompts are rebuilt by ``_refresh``.
        self._local_make: Callable[[], Prompt] | None = None
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
        self._framed_for = -1  # the placement (its record index) the camera turned to
        self._camera_key: tuple[int, int, int] | None = None
        self._camera_rest = 0
        self._opened = False
        self.view: PlayerView = session.view()
        self.chrome = ButtonGroup()
        self.drawers = hud.Drawers()  # the compact layout's side panel
        self.coach_line: str | None = None
        self.events = match_events.Events()  # banners, a held battle result, the summary
        self.prompt_extra = ButtonGroup()  # the prompt's own Hint button
        self._prompt_camera: tuple[int, int, int] | None = None
        self._why_until = 0.0  # a "Why not?" on screen keeps its rule for the ? button
        self._why_rule = ""
        self.apply_settings()
        self.on_language()
        self.events.note_blocked(self)  # a card already out of reach is marked, not announced

    def apply_settings(self) -> None:
        pace_animations(self.animator, self.app.settings)

    def on_enter(self) -> None:
        self.apply_settings()
        self._version = ()

    def on_language(self) -> None:
        self.chrome = ButtonGroup() if self.attract else match_chrome.chrome(self)
        if self.local_prompt is not None and self._local_make is not None:
            self.local_prompt = self._local_make()
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
        if session.thinking is not None or self.hinting:
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
            self.explain_text(str(err))
            return
        self.local_prompt = None
        self.selection.clear()
        self.hints = []
        self._after(applied, watched=False)

    def _after(self, applied: Applied, watched: bool) -> None:
        self.view = self.session.view()
        self.animator.add(applied, self.view.public.is_winter(), watched)
        self.events.on_applied(self, applied, watched)
        sound = SOUNDS.get(applied.action.kind)
        if sound:
            self.app.sound.play(sound)
        self._version = ()

    def explain(self, action: Action) -> None:
        self.explain_text(intents.why_not(self.view.public, action))

    def explain_text(self, message: str) -> None:
        rule = intents.rule_of(message)
        if rule:
            self.app.last_rule = self._why_rule = rule
            self._why_until = self.app.now + WHY_SECONDS
        self.app.toast(f"{i18n.t('why')} {message}  [? → {rule or i18n.t('rules')}]",
                       WHY_SECONDS)  # fmt: skip

    def why_showing(self) -> bool:
        """A "Why not?" with its rule is on screen (and no other toast has replaced it)."""
        return self.app.now < self._why_until and self.app.toast_text.startswith(i18n.t("why"))

    def tell(self, message: str) -> None:
        """A short note that cites no rule (why Hint cannot help now)."""
        if message:
            self.app.toast(message, 4.0)

    def end_turn(self, end: EndTurn) -> None:
        """R4.2: unused dice are lost; with dice some general could still use, ask first."""
        dice = match_controls.unused_dice(self.view.public, self.session.legal())
        if dice and self.app.settings.confirm_end_turn:
            self._open_local(partial(match_controls.confirm_end_prompt, self, end, dice))
            return
        self.submit(end)

    def end_turn_for_good(self, end: EndTurn) -> None:
        """End the turn and stop asking (Settings turns the question back on)."""
        self.app.settings.confirm_end_turn = False
        self.app.save_settings()
        self.submit(end)

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

    def ask_hint(self) -> None:
        if self.session.viewer < 0:  # H from a spectator: no decision of theirs to help with
            return
        why = match_controls.hint_refusal(self)
        if why:
            self.tell(why)
        elif self.session.start_hint():
            self.hinting = True
            self.hints = []

    def open_trade(self, trades: list[Trade]) -> None:
        self._open_local(partial(match_controls.trade_prompt, self, trades))

    def open_build(self, builds: list[Build]) -> None:
        if len({b.source for b in builds}) == 1:
            self.submit(min(builds, key=lambda b: b.die))
            return
        self._open_local(partial(match_controls.build_prompt, self, builds))

    def _open_local(self, make: Callable[[], Prompt]) -> None:
        """A prompt the player asked for (a trade, a build, ending a turn with dice left)."""
        self._local_make = make
        self.local_prompt = make()
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
        if self.why_showing():
            # The "Why not? … [? → R5.3]" on screen promised that rule to the ? button: a
            # tooltip met on the way there (a general's, R7.2) must not send it elsewhere.
            self.app.last_rule = self._why_rule
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
        if self.prompt is not None and self.camera.key() != self._prompt_camera:
            self._place_prompt()
        if self.hinting and not drawing:
            found = session.step_hint(SLICE_MS)
            self.ai_busy = True
            if found is not None or session.hint_thinking is None:
                self.hinting = False
                # Best first; a move without an estimate after those with one.
                ranked = sorted(found or [], key=lambda i: -1.0 if i.win_chance is None
                                else -i.win_chance)  # fmt: skip
                self.hints = [(i.action, i.win_chance) for i in ranked]
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
                   self.app.settings.coach, s.thinking is None, self.hinting,
                   len(self.hints), self.events.held is None)  # fmt: skip
        if version == self._version:
            return
        self._version = version
        self.app.invalidate()
        self.view = s.view()
        self.coach_line = match_chrome.coach_text(self)
        if self.animator.busy and not self.attract:
            self.controls, self.prompt = ButtonGroup(), None
        else:
            self.controls, self.prompt = match_controls.build(self)
            self._frame_placement()
        self._place_prompt()

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

    def _place_prompt(self) -> None:
        """Lay the prompt out clear of the cities it is about (again when the camera moves)."""
        prompt = self.prompt
        self._prompt_camera = self.camera.key()
        if prompt is None:
            self.prompt_buttons = ButtonGroup()
            self.prompt_extra = ButtonGroup()
            return
        pos = self.board_view.g.pos
        cities = [*prompt.about, *(b.city for b in list(self.events.banners)[:1])]
        avoid = [self.camera.to_screen(*pos[c]) for c in cities if c >= 0]  # and what scored
        clear = LAYOUT.map_buttons()
        if self.coach_line:
            clear.append(match_chrome.coach_boxes(self, self.coach_line)[0])
        prompt.layout(avoid, clear)
        self.prompt_buttons = ButtonGroup(prompt.buttons())
        self.prompt_extra = ButtonGroup()
        if prompt.hint:
            why = match_controls.hint_refusal(self)
            self.prompt_extra.add(Button(prompt.hint_box(), i18n.t("hint"), self.ask_hint,
                                         enabled=not why, tip=why or i18n.t("tip_hint"),
                                         tag="prompt_hint", size=16,
                                         on_refused=partial(self.tell, why)))  # fmt: skip
        self.app.invalidate()

    def open_menu(self) -> None:
        self.app.nav.open_menu(self)

    def open_results(self) -> None:
        """The summary's Results button (or, in a game nobody plays, its pause ending)."""
        if self.app.top is self:
            self.app.nav.open_game_over(self.session)

    def over_map(self) -> tuple[Box, ...]:
        """The controls always drawn over the map (zoom, menu and "?", a phone's drawer tabs,
        the dice where they stand on it): the city names keep clear of them."""
        boxes = [b.box for b in self.chrome.buttons] + [self.app.help_box()]
        if layout.compact():
            boxes += LAYOUT.drawer_tabs()
        if LAYOUT.dice_on_map():
            boxes += LAYOUT.dice(len(self.view.public.dice))
        return tuple(b for b in boxes if layout.overlaps(b, LAYOUT.map))

    def shown_prompt(self) -> Prompt | None:
        """The prompt when it is on screen: not while a move or a battle plays, nor while the
        game waits on a battle's result or its end. ``draw`` draws it by this, and ``tap``
        and the tooltips give it what lies in its box, as it is drawn over the map's buttons."""
        if self.prompt is None or self.animator.busy or self.events.blocking():
            return None
        return self.prompt

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
        self.hints = []
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
                      self.drawers, self.shown_chances())  # fmt: skip
        if not self.attract:
            hud.draw_frame(surface)
            self._draw_dice(surface)
            self.controls.draw(surface)
            self.chrome.draw(surface)
            self._draw_hints(surface)
            if self.coach_line and not (anim is not None and anim.kind == "battle"):
                match_chrome.draw_coach(surface, self, self.coach_line)
        if anim is not None and anim.kind == "battle":
            battle_render.draw_battle(surface, view, anim.battle, anim.progress,
                                      self.app.settings.reduced_motion,
                                      view.public.rules.battle_dice,
                                      box=self.events.battle_box(self, anim.battle))  # fmt: skip
        prompt = self.shown_prompt()
        if prompt is not None:
            self._draw_prompt(surface, prompt)
        if not self.attract:
            self.events.draw(self, surface)

    def _draw_prompt(self, surface: pygame.Surface, prompt: Prompt) -> None:
        for c in prompt.about:  # the city in question, ringed: the prompt keeps clear of it
            x, y = self.camera.to_screen(*self.board_view.g.pos[c])
            if self.camera.visible(x, y):
                pygame.draw.circle(surface, (255, 255, 255), (int(x), int(y)), 22, 3)
        panel(surface, prompt.box, alpha=245)
        text_in(surface, prompt.title, prompt.title_box, match_prompt.TITLE_SIZE, theme.GOLD,
                "bold", "left", lines=2)  # fmt: skip
        if prompt.body:
            text_in(surface, prompt.body, prompt.body_box, match_prompt.BODY_SIZE,
                    (230, 230, 230), "sans", "left", lines=4, valign="top")  # fmt: skip
        if prompt.matchup is not None:
            battle_render.draw_matchup(surface, prompt.matchup_box, self.view, prompt.matchup)
        self.prompt_buttons.draw(surface)
        self.prompt_extra.draw(surface)
        chances = dict(self.hints)
        for button, choice in zip(self.prompt_buttons.buttons, prompt.options, strict=False):
            if choice.action is not None and choice.action in chances:  # a suggested option
                chance = chances[choice.action]
                text = "★" if chance is None else f"★ {round(chance * 100)}%"
                rect = pygame.Rect(button.box.tuple())
                pygame.draw.rect(surface, theme.GOLD, rect, width=3, border_radius=8)
                w = theme.font(theme.ui(13), "bold").size(text)[0] + 16
                h = theme.line_height(13, "bold") + 4
                tag = Box(button.box.right - w - 4, button.box.y - h // 2, w, h)
                pygame.draw.rect(surface, theme.GOLD, tag.tuple(), border_radius=8)
                text_in(surface, text, tag, 13, theme.INK, "bold")

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

    def hint_lines(self) -> list[theme.Fit]:
        """Each suggestion in full (two suggestions never read the same), fitted to the
        panel: on one line, or two for a long one."""
        board = self.view.public.board
        texts = describe.distinct_texts(board, [a for a, _c in self.hints])
        out = []
        for i, (text, (_a, chance)) in enumerate(zip(texts, self.hints, strict=True)):
            pct = (
                i18n.t("win_unknown")
                if chance is None
                else i18n.t("win_chance", pct=round(chance * 100))
            )
            out.append(theme.fit(f"{i + 1}. {text} — {pct}", 14, HINT_W - 24, lines=2))
        return out

    def hint_box(self) -> Box | None:
        """Where the suggested moves are listed, or None while they are not in use: once the
        player picks a general the list gives way to the lit cities (the map's arrows still
        show the suggestions); until then it sits in the map's corner that covers fewest of
        the cities and generals worth tapping, clear of the zoom buttons, the coach and a
        prompt (whose suggested options carry a star)."""
        if not self.hints or self.selection.general is not None:
            return None
        clear = LAYOUT.map_buttons()
        if self.coach_line:
            clear.append(match_chrome.coach_boxes(self, self.coach_line)[0])
        if self.prompt is not None:
            clear.append(self.prompt.box)
        points = self.board_view.interest_points(self.camera, self.view, self.marks())
        h = 40 + sum(theme.line_height(f.size) * len(f.lines) + 4 for f in self.hint_lines())
        return placement.quiet_corner(HINT_W, h, LAYOUT.panel_area(), points,
                                      keep_clear=clear)  # fmt: skip

    def _draw_hints(self, surface: pygame.Surface) -> None:
        rect = self.hint_box()
        if rect is None:
            return
        panel(surface, rect, alpha=235)
        label(surface, i18n.t("hint_title"), rect.x + 12, rect.y + 8, 15, theme.GOLD, "bold",
              width=rect.w - 24)  # fmt: skip
        y = rect.y + 32
        for found in self.hint_lines():
            h = theme.line_height(found.size) * len(found.lines)
            text_in(surface, "\n".join(found.lines), Box(rect.x + 12, y, rect.w - 24, h),
                    found.size, theme.TEXT, "sans", "left", lines=2, valign="top")  # fmt: skip
            y += h + 4

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
        if self.hinting:
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
        if self.hinting and s.hint_thinking is not None:
            return s.hint_thinking.progress()
        return None
