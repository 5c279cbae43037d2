"""Watch a played game again: the board at any point, stepped by action, turn or season, played
on at a chosen speed with the match's animations, the log and the charts to jump by, and the
review (``web.scenes.review_panel``) of where the game was won and lost.

Everything drawn comes from one ``PlayerView``: the seat chosen when the replay opens (what that
player saw, R11), or, for a game that is over, a view with every card and coin open. Positions
come from ``web.play.timeline`` (a snapshot every few actions), so no frame replays a whole game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import COIN_VALUES, GameRecord, PlayerView, defender_seat, kinds
from game.actions import (
    BattleRoll,
    Build,
    ChooseDeck,
    Continue,
    Destroy,
    FightAt,
    Move,
    PlaceGeneral,
    Return,
    StopMove,
    Train,
)
from web import ai_bridge
from web.play.config import MatchConfig
from web.play.session import Applied
from web.play.timeline import OPEN, Timeline
from web.render import battle as battle_render
from web.render import hud
from web.render.board import BoardView, Marks
from web.render.mapart import board_geometry
from web.render.tokens import draw_die, kingdom_color, swatch
from web.scene import Scene, Tip
from web.scenes.board_common import GESTURES, board_gesture, pace_animations
from web.scenes.review_panel import OVERLAY, ReviewPanel
from web.text import describe, i18n
from web.ui import layout, theme
from web.ui.animation import Animator
from web.ui.gestures import UIEvent
from web.ui.layout import DRAWERS, Box, Camera, MatchLayout, centered
from web.ui.widgets import Button, ButtonGroup, label, panel, text_in

if TYPE_CHECKING:
    from web.scene import Host

LAYOUT = MatchLayout()
BUILD_MS = 4.0  # replaying the record while the scene opens, per frame
SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_GAP = 0.35  # seconds between two actions played on, at speed 1, after their animation
SOUNDS = {kinds.ROLL: "dice", kinds.MOVE: "move", kinds.CONTINUE: "move",
          kinds.BATTLE_ROLL: "battle"}  # fmt: skip
LOG_SIZE = 12  # a small text: it grows with the large-text setting
HANDS_SIZE = 13
HANDS_W = 460
BANNER_SIZE = 15
# The tray's buttons on a phone: the whole width is theirs, and the text is bigger («Графики»
# takes 125 px at 800x360's text floor of 24).
COMPACT_WIDTHS = {"prev_season": 124, "prev_turn": 100, "prev_step": 100, "play": 104,
                  "next_step": 100, "next_turn": 100, "next_season": 124, "speed": 72,
                  "charts": 128, "review": 116, "view": 96}  # fmt: skip


class ReplayScene(Scene):
    def __init__(
        self,
        app: Host,
        record: GameRecord,
        config: MatchConfig,
        viewer: int = -1,
        review: bool = False,
    ) -> None:
        super().__init__(app)
        self.timeline = Timeline(record)
        self.config = config
        board = record.new_state().board
        self.board = board
        ai_bridge.prepare(board)
        self.board_view = BoardView(board_geometry(board))
        self.camera = Camera(LAYOUT.map)
        self.animator = Animator(board, self.board_view.g.pos)
        self.position = 0
        humans = config.humans()
        self.default_seat = viewer if viewer in humans else (humans[0] if humans else OPEN)
        self.seat: int | None = None  # chosen in the opening panel
        self.pick = self.default_seat
        self.playing = False
        self.speed = 1
        self.wait = 0.0
        self._charts = False
        self.drawers = hud.Drawers()  # the compact layout's side panel
        self.log_scroll = 0
        self.log_rows: list[tuple[Box, int]] = []
        self.view: PlayerView = self.timeline.view_at(0, max(0, self.default_seat))
        self._prepared = 0  # season pictures drawn ahead of time (summer, winter)
        self._camera_key: tuple[int, int, int] | None = None
        self.review_first = review
        self.start_as: int | None = None  # set: watch at once, seen so (no opening panel)
        # The budget of the review that starts at once (a command line's --budget); None: the
        # dialog's, which is the player's setting.
        self.review_budget: str | None = None
        self.panel = ReviewPanel(self.timeline, humans or list(range(record.num_players)),
                                 self.kingdom_name, self.app.toast,
                                 self.allowed_seats, self.app.settings.review_budget,
                                 self.keep_review_budget)  # fmt: skip
        self.buttons = ButtonGroup()
        self.chooser = ButtonGroup()
        self.top = ButtonGroup()
        self.apply_settings()
        self.on_language()

    @property
    def charts(self) -> bool:
        """The charts overlay is open (the running review's box then moves into it)."""
        return self._charts

    @charts.setter
    def charts(self, shown: bool) -> None:
        self._charts = shown
        self.panel.dock(shown)

    # -- set-up --------------------------------------------------------------------------------
    def apply_settings(self) -> None:
        pace_animations(self.animator, self.app.settings)

    def on_enter(self) -> None:
        self.apply_settings()

    def on_layout(self) -> None:
        self.camera.set_viewport(LAYOUT.map)
        self.drawers.open = None
        self.on_language()

    def on_language(self) -> None:
        self.top = ButtonGroup([
            Button(LAYOUT.menu_button(), "", self.close, icon="✕", size=22, tag="close",
                   tip=i18n.t("close")),
        ])  # fmt: skip
        self._build_chooser()
        self._build_controls()
        self.panel.rebuild()

    def allowed_seats(self) -> list[int]:
        """Whose eyes the replay may take: anyone's once the game is over; while it is not,
        only a person's own (an AI's view would show its hand to the player)."""
        n = self.timeline.num_players
        if self.timeline.built and self.timeline.is_over():
            return list(range(n))
        humans = self.config.humans()
        return humans or list(range(n))

    def _build_chooser(self) -> None:
        b = ButtonGroup()
        if self.seat is None:
            seats = self.allowed_seats()
            choices: list[tuple[int, str]] = [(s, self.seat_label(s)) for s in seats]
            if self.timeline.built and self.timeline.is_over():
                choices.append((OPEN, i18n.t("rp_open")))
            box, note_h, button_h = self.chooser_layout(len(choices))
            w = (box.w - 48 - 8) // 2
            for i, (seat, text) in enumerate(choices):
                x = box.x + 24 + (i % 2) * (w + 8)
                y = box.y + 62 + note_h + 10 + (i // 2) * (button_h + 8)
                b.add(Button(Box(x, y, w, button_h), text, partial(self._choose, seat), size=15,
                             selected=seat == self.pick, tag=f"view{seat}"))  # fmt: skip
            act = _action_h()
            b.add(Button(Box(box.right - 24 - 240, box.bottom - 24 - act, 240, act),
                         i18n.t("rp_watch"), self.start_watching, style="primary", size=20,
                         enabled=self.timeline.built, tag="watch"))  # fmt: skip
            b.add(Button(Box(box.x + 24, box.bottom - 24 - act, 180, act),
                         i18n.t("close"), self.close, tag="chooser_close", size=18))  # fmt: skip
        self.chooser = b

    def chooser_layout(self, choices: int) -> tuple[Box, int, int]:
        """The opening panel, its note's height and its buttons' height: wider on a phone,
        and taller when a name takes two lines at the phone's text size, or to be a finger
        tall; a panel taller than the map may then reach over its bars."""
        w = 820 if LAYOUT.compact else 620
        labels = [self.seat_label(s) for s in range(self.timeline.num_players)]
        widest = max(theme.font(theme.ui(15)).size(text)[0] for text in labels)
        one_line = widest + 16 <= (w - 56) // 2
        button_h = max(44 if one_line else 2 * theme.line_height(15) + 10, layout.touch())
        note_h = 3 * theme.line_height(theme.small(14))
        rows = (choices + 1) // 2
        h = 62 + note_h + 10 + rows * (button_h + 8) + 16 + _action_h() + 24
        area = LAYOUT.dialog_area(h)
        return centered(w, min(h, area.h - 16), area), note_h, button_h

    def _choose(self, seat: int) -> None:
        self.pick = seat
        self._build_chooser()

    def start_watching(self, seat: int | None = None) -> None:
        """The replay begins, seen by ``seat`` (or the one picked in the opening panel)."""
        if not self.timeline.built:
            return
        chosen = self.pick if seat is None else seat
        if chosen not in self.allowed_seats() and not (chosen == OPEN and self.timeline.is_over()):
            chosen = self.allowed_seats()[0]
        self.seat = chosen
        self.chooser = ButtonGroup()
        self.set_position(self.position)
        self._build_controls()
        if self.review_first:
            self.review_first = False
            self.panel.start(budget=self.review_budget)
            self.charts = True

    def choose_view_again(self) -> None:
        self.playing = False
        self.pick = self.seat if self.seat is not None else self.default_seat
        self.seat = None
        self._build_chooser()
        self._build_controls()

    def _build_controls(self) -> None:
        t = LAYOUT.tray
        h = max(56, layout.touch())  # a phone's floor fills the compact tray
        y = t.y + (t.h - h) // 2
        phone = LAYOUT.compact
        items: list[tuple[str, str, Callable[[], object], int, str]] = [
            ("prev_season", i18n.t("rp_prev_season"), self.previous_season, 86,
             "rp_tip_prev_season"),
            ("prev_turn", i18n.t("rp_prev_turn"), self.previous_turn, 76, "rp_tip_prev_turn"),
            ("prev_step", i18n.t("rp_prev_step"), self.previous_step, 76, "rp_tip_prev_step"),
            ("play", i18n.t("rp_pause" if self.playing else "rp_play"), self.toggle_play, 84,
             "rp_tip_play"),
            ("next_step", i18n.t("rp_next_step"), self.next_step, 76, "rp_tip_next_step"),
            ("next_turn", i18n.t("rp_next_turn"), self.next_turn, 76, "rp_tip_next_turn"),
            ("next_season", i18n.t("rp_next_season"), self.next_season, 86, "rp_tip_next_season"),
            ("speed", i18n.t("rp_speed", n=_speed_text(SPEEDS[self.speed])), self.faster, 60,
             "rp_tip_speed"),
            ("charts", i18n.t("rp_charts"), self.toggle_charts, 96, "rp_tip_charts"),
            ("review", i18n.t("rp_review"), self.open_review, 92, "rp_tip_review"),
            ("view", i18n.t("rp_view"), self.choose_view_again, 76, "rp_tip_view"),
        ]  # fmt: skip
        b = ButtonGroup()
        x = t.x + 10
        ready = self.seat is not None
        for tag, text, fn, base, tip in items:
            w = max(COMPACT_WIDTHS[tag], layout.touch()) if phone else base
            button = Button(Box(x, y, w, h), text, fn, tag=tag, tip=i18n.t(tip), size=15,
                            enabled=ready, selected=(tag == "charts" and self.charts)
                            or (tag == "play" and self.playing))  # fmt: skip
            b.add(button)
            x += w + (12 if tag in ("next_season", "speed") else 6)
        if LAYOUT.compact:  # a phone: the side panel is three drawers over the map
            for box, name in zip(LAYOUT.drawer_tabs(), DRAWERS, strict=True):
                b.add(Button(box, i18n.t(f"drawer_{name}"), partial(self.toggle_drawer, name),
                             selected=self.drawers.open == name, tip=i18n.t("drawer_tip"),
                             tag=f"drawer_{name}", size=15))  # fmt: skip
        self.buttons = b

    def toggle_drawer(self, name: str) -> None:
        self.drawers.toggle(name)
        self._build_controls()

    # -- moving through the game ---------------------------------------------------------------
    def set_position(self, position: int, animate: bool = False) -> None:
        tl = self.timeline
        position = max(0, min(position, len(tl.entries)))
        stepped = animate and position == self.position + 1
        self.position = position
        seat = self.seat if self.seat is not None else max(0, self.default_seat)
        self.view = tl.view_at(position, seat)
        if not stepped:
            self.animator.skip()
            self.wait = 0.0
        else:
            entry = tl.entry_before(position)
            if entry is not None:
                self.animator.add(entry, self.view.public.is_winter(), watched=True)
                sound = SOUNDS.get(entry.action.kind)
                if sound:
                    self.app.sound.play(sound)
        self.log_scroll = 0
        if position >= len(tl.entries) and self.playing:
            self.playing = False
            self._build_controls()

    def jump(self, position: int) -> None:
        self.playing = False
        self.set_position(position)
        self._build_controls()

    def next_step(self) -> None:
        self.set_position(self.position + 1, animate=True)

    def previous_step(self) -> None:
        self.jump(self.position - 1)

    def next_turn(self) -> None:
        self.jump(self.timeline.next_turn(self.position))

    def previous_turn(self) -> None:
        self.jump(self.timeline.previous_turn(self.position))

    def next_season(self) -> None:
        self.jump(self.timeline.next_season(self.position))

    def previous_season(self) -> None:
        self.jump(self.timeline.previous_season(self.position))

    def toggle_play(self) -> None:
        if self.seat is None:
            return
        self.playing = not self.playing
        if self.playing and self.position >= len(self.timeline.entries):
            self.set_position(0)
        self.wait = 0.0
        self._build_controls()

    def faster(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)
        self._build_controls()

    def toggle_charts(self) -> None:
        self.charts = not self.charts
        self._build_controls()

    def keep_review_budget(self, budget: str) -> None:
        """The budget the player picked in the review dialog is what it offers next time."""
        if self.app.settings.review_budget != budget:
            self.app.settings.review_budget = budget
            self.app.save_settings()

    def open_review(self) -> None:
        if self.panel.running:
            self.charts = True
            self._build_controls()
            return
        self.playing = False
        self.panel.open_dialog()
        self._build_controls()

    def close(self) -> None:
        if self.panel.running and self.panel.review is not None:
            self.panel.review.cancel()
        self.app.pop()

    # -- the frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.board_view.t += dt
        tl = self.timeline
        if not tl.built:
            if tl.build_ms(BUILD_MS):
                if self.default_seat == OPEN and not tl.is_over():
                    self.default_seat = self.pick = self.allowed_seats()[0]
                self._build_chooser()
                if self.start_as is not None:
                    self.start_watching(self.start_as)
            return
        if self._prepare_seasons():
            return  # a frame that drew a season's map does nothing else
        speed = SPEEDS[self.speed]
        self.animator.update(dt * speed)
        self.ai_busy = self.panel.running
        if self.panel.running:
            self.panel.step()
            if self.panel.finished:
                self.charts = True
                self._build_controls()
        if self.playing and not self.animator.busy:
            self.wait += dt * speed
            if self.wait >= STEP_GAP:
                self.wait = 0.0
                self.next_step()

    def frame_rate(self) -> float:
        """Full rate while anything moves: preparing, playing on, an animation, a review."""
        busy = not self.timeline.built or self._prepared < 2 or self.playing
        if busy or self.animator.busy or self.panel.running:
            return 60.0
        return 0.0

    def _prepare_seasons(self) -> bool:
        """Draw both seasons' maps for the camera ahead of time, one per frame, so that a
        step into winter never waits on the picture."""
        key = self.camera.key()
        if key != self._camera_key:
            self._camera_key = key
            self._prepared = 0
        while self._prepared < 2:
            winter = self._prepared == 1
            self._prepared += 1
            if self.board_view.art.prepare(self.camera, winter):
                return True
        return False

    # -- input ---------------------------------------------------------------------------------
    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "back":
            if self.panel.dialog_open:
                self.panel.close_dialog()
            elif self.charts:
                self.toggle_charts()
            else:
                self.close()
        elif ev.kind == "tap":
            self.tap(ev.x, ev.y)
        elif ev.kind == "key":
            self._key(ev)
        elif ev.kind in GESTURES:
            if self.charts and self.panel.column_gesture(ev):
                return
            camera = None if self.charts else self.camera  # the charts cover the map
            moved = board_gesture(ev, camera, self.drawers)
            self.log_scroll = max(0, self.log_scroll + moved.scroll)

    def _key(self, ev: UIEvent) -> None:
        if self.seat is None or self.panel.dialog_open:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.seat is None:
                self.start_watching()
            return
        actions: dict[int, Callable[[], None]] = {
            pygame.K_RIGHT: self.next_step, pygame.K_LEFT: self.previous_step,
            pygame.K_DOWN: self.next_turn, pygame.K_UP: self.previous_turn,
            pygame.K_PAGEDOWN: self.next_season, pygame.K_PAGEUP: self.previous_season,
            pygame.K_SPACE: self.toggle_play, pygame.K_HOME: partial(self.jump, 0),
            pygame.K_END: partial(self.jump, len(self.timeline.entries)),
        }  # fmt: skip
        found = actions.get(ev.key)
        if found is not None:
            found()

    def tap(self, x: float, y: float) -> None:
        if self.top.tap(x, y):
            return
        if self.seat is None:
            self.chooser.tap(x, y)
            return
        if self.panel.dialog_open:
            self.panel.buttons.tap(x, y)
            return
        if self.panel.stop_button.tap(x, y) or self.buttons.tap(x, y):
            self.app.sound.play("click")
            return
        if self.charts and OVERLAY.contains(x, y):
            found = self.panel.overlay_tap(x, y, self.kingdoms())
            if found is not None:
                self.charts = False
                self.jump(found)
            return
        for box, position in self.log_rows:
            if box.contains(x, y):
                self.jump(position)
                return

    def live_buttons(self) -> list[ButtonGroup]:
        """The buttons a tap reaches now: while the opening panel or the review dialog is open,
        the close button and theirs alone (the tray under them does nothing)."""
        if self.seat is None:
            return [self.top, self.chooser]
        if self.panel.dialog_open:
            return [self.top, self.panel.buttons]
        return [self.top, self.panel.stop_button, self.buttons]

    def tooltip_at(self, x: float, y: float) -> Tip | None:
        for group in self.live_buttons():
            b = group.at(x, y)
            if b is not None and b.tip:
                return ([b.tip], None)
        if any(box.contains(x, y) for box, _ in self.log_rows):
            return ([i18n.t("rp_tip_log")], None)
        return None

    def occupied(self) -> list[Box]:
        boxes = [*super().occupied()]
        if self.panel.dialog_open:
            boxes.append(self.panel.dialog_box())
        return boxes

    # -- words ---------------------------------------------------------------------------------
    def kingdoms(self) -> list[int]:
        final = self.timeline.final
        state = final if final is not None else self.view.public
        return list(state.seat_kingdom)

    def kingdom_name(self, seat: int) -> str:
        k = self.kingdoms()[seat] if 0 <= seat < self.timeline.num_players else -1
        return i18n.name(self.board.kingdoms[k]) if k >= 0 else i18n.t("seat", n=seat + 1)

    def seat_label(self, seat: int) -> str:
        human = self.config.seats[seat].is_human if seat < len(self.config.seats) else False
        key = "rp_seat_human" if human else "rp_seat_ai"
        return i18n.t(key, kingdom=self.kingdom_name(seat))

    def seat_kinds(self) -> list[str]:
        out = []
        for cfg in self.config.seats:
            out.append(i18n.t("human") if cfg.is_human
                       else f"{i18n.t('ai')} · {i18n.t('diff_' + cfg.difficulty)}")  # fmt: skip
        return out

    def status_text(self) -> str:
        if self.position == 0:
            return i18n.t("rp_status_start")
        return i18n.t(
            "rp_status",
            season=i18n.season_label(self.timeline.rounds[self.position]),
            n=self.position,
            total=len(self.timeline.actions),
        )

    def seen_by(self) -> str:
        if self.seat == OPEN:
            return i18n.t("rp_seen_open")
        return i18n.t("rp_seen_by", kingdom=self.kingdom_name(self.view.seat))

    # -- drawing -------------------------------------------------------------------------------
    def marks(self) -> Marks:
        m = Marks()
        state = self.view.public
        anim = self.animator.current
        if anim is not None and anim.kind == "move":
            m.moving[anim.general] = anim.position()
        if anim is not None and anim.kind == "pause" and anim.city >= 0:
            m.flash[anim.city] = (255, 255, 255)
        m.battles = list(state.battles) + ([state.battle_city] if state.battle_city >= 0 else [])
        if self.seat is not None and self.seat != OPEN:
            m.own = set(state.generals_of(self.seat))
        entry = self.timeline.entry_before(self.position)
        if entry is not None:
            _highlight(m, entry)
        swing = self.panel.swing_at(self.position)
        if swing is not None and swing.decision is not None:
            # The better action as an arrow, and the one played with what it lost.
            decision = swing.decision
            m.hints = [
                hint
                for hint in (
                    _hint(decision.best, "★"),
                    _hint(decision.action, f"−{max(1, round(-swing.amount * 100))}%"),
                )
                if hint is not None
            ]
        return m

    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        marks = self.marks()
        # The names keep clear of what is drawn over the map (a phone's drawer tabs).
        over = [b.box for group in (self.top, self.buttons) for b in group.buttons]
        self.board_view.overlays = tuple(b for b in [*over, self.app.help_box()]
                                         if layout.overlaps(b, LAYOUT.map))  # fmt: skip
        self.board_view.draw(surface, self.camera, view, marks)
        if not self.timeline.built:
            self._draw_preparing(surface)
            return
        hud.draw_top(surface, view, self.status_text(), None, None)
        hud.draw_track_tokens(surface, view, marks.own)
        if not LAYOUT.compact:
            self._draw_side(surface)
        hud.draw_frame(surface)
        top = self._draw_banner(surface, self.banner_lines())
        self._draw_dice(surface, top)
        # Under the charts these would peek out, cut, above the overlay's top edge.
        if self.seat is not None and not self.charts:
            below = self._draw_seen_by(surface, top)
            if self.seat == OPEN:
                self._draw_open_hands(surface, below)
        if LAYOUT.compact:  # a drawer lies over the map and what is on it
            self._draw_side(surface)
        anim = self.animator.current
        if anim is not None and anim.kind == "battle":
            battle_render.draw_battle(surface, view, anim.battle, anim.progress,
                                      self.app.settings.reduced_motion,
                                      view.public.rules.battle_dice)  # fmt: skip
        if self.charts:
            self.panel.draw_overlay(surface, self.board, self.kingdoms(), self._now())
        self.panel.draw_status(surface)
        self.buttons.draw(surface)
        self.top.draw(surface)
        if self.seat is None:
            self._draw_chooser(surface)
        elif self.panel.dialog_open:
            self.panel.draw_dialog(surface)

    def _draw_side(self, surface: pygame.Surface) -> None:
        """Players, the hand and the log: the side column, or on a phone the open drawer."""
        view = self.view
        hand = self.seat != OPEN and view.public.rules.quests
        self.log_rows = []
        if not LAYOUT.compact:
            y = hud.draw_players(surface, view, self.seat_kinds(), -1, self.board_view.t)
            if hand:
                y = hud.draw_hand(surface, view, y)
            self._draw_log(surface, y)
        elif self.drawers.open == "log":
            box = LAYOUT.side
            panel(surface, box, alpha=250, radius=12)
            self._draw_log(surface, box.y + 10)
        else:
            hud.draw_side(surface, view, self.seat_kinds(), -1, self.board_view.t, hand, [],
                          view.seat, 0, self.drawers)  # fmt: skip

    def _now(self) -> float:
        """Where the replay stands on the charts' axis (seasons, a seat's turn a fraction)."""
        tl = self.timeline
        n = tl.num_players
        return tl.rounds[self.position] + max(0, tl.actives[self.position]) / n

    def _draw_preparing(self, surface: pygame.Surface) -> None:
        box = centered(420, 80, LAYOUT.map)
        panel(surface, box, alpha=240)
        text = i18n.t("rp_preparing", pct=round(self.timeline.progress() * 100))
        label(surface, text, box.center[0], box.center[1], 18, theme.TEXT, "sans", "center",
              width=box.w - 24)  # fmt: skip
        self.top.draw(surface)

    def _draw_chooser(self, surface: pygame.Surface) -> None:
        choices = len(self.allowed_seats()) + (1 if self.timeline.is_over() else 0)
        box, note_h, _ = self.chooser_layout(choices)
        panel(surface, box, alpha=248)
        label(surface, i18n.t("rp_watch_as"), box.center[0], box.y + 18, 26, theme.GOLD, "serif",
              "midtop", width=box.w - 48)  # fmt: skip
        if self.pick == OPEN:
            note = i18n.t("rp_open_note")
        elif self.timeline.is_over():
            note = i18n.t("rp_watch_note")
        else:
            note = i18n.t("rp_watch_note") + " " + i18n.t("rp_open_unfinished")
        text_in(surface, note, Box(box.x + 24, box.y + 62, box.w - 48, note_h), theme.small(14),
                theme.TEXT_DIM, align="left", lines=3, valign="top")  # fmt: skip
        self.chooser.draw(surface)

    def banner_lines(self) -> list[str]:
        """At a turning point, its line (wrapped) for the top of the map; else nothing."""
        swing = self.panel.swing_at(self.position)
        if swing is None or self.charts:
            return []
        size = theme.small(BANNER_SIZE)
        return theme.wrap(self.panel.line(self.board, swing), size, banner_box(1).w - 32)

    def _draw_banner(self, surface: pygame.Surface, lines: list[str]) -> int:
        """The turning point's line across the top of the map; the y below it."""
        if not lines:
            return LAYOUT.map.y + 8
        size = theme.small(BANNER_SIZE)
        step = theme.line_height(size)
        box = banner_box(len(lines))
        panel(surface, box, alpha=240)
        pygame.draw.rect(surface, theme.RED, (box.x, box.y, 4, box.h))
        for i, line in enumerate(lines):
            label(surface, line, box.x + 16, box.y + 7 + i * step, size, theme.TEXT,
                  width=box.w - 32)  # fmt: skip
        return box.bottom + 8

    def _draw_seen_by(self, surface: pygame.Surface, top: int) -> int:
        """Whose eyes the board shows, at the map's left; the y below it."""
        size = theme.small(13)
        m = LAYOUT.map
        text = self.seen_by()
        w = min(420, theme.font(theme.ui(size)).size(text)[0] + 20)
        box = Box(m.x + 8, top, w, theme.line_height(size) + 10)
        panel(surface, box, alpha=220)
        label(surface, text, box.x + 10, box.y + 5, size, theme.TEXT, width=box.w - 20)
        return box.bottom + 6

    def _draw_dice(self, surface: pygame.Surface, top: int) -> None:
        state = self.view.public
        if not state.dice:
            return
        m = LAYOUT.map
        color = kingdom_color(state.seat_kingdom[state.active])
        anim = self.animator.current
        dice = list(state.dice)
        if anim is not None and anim.kind == "roll" and not self.app.settings.reduced_motion:
            shake = random.Random(int(anim.progress * 12))
            dice = [shake.randint(1, 6) for _ in dice]
        for i, value in enumerate(dice):
            right = LAYOUT.column_x() if LAYOUT.compact else m.right
            rect = pygame.Rect(right - 8 - (len(dice) - i) * 44, top, 38, 38)
            draw_die(surface, rect, value)
            pygame.draw.rect(surface, color, rect.inflate(4, 4), width=2, border_radius=11)

    def _draw_open_hands(self, surface: pygame.Surface, top: int) -> None:
        """Every seat's quest cards, and a coin committed to the coming roll, face up."""
        state = self.view.public
        rules = state.rules
        committed = _committed_coins(self.view)
        if not rules.quests and not committed:
            return
        m = LAYOUT.map
        size = theme.small(HANDS_SIZE)
        step = theme.line_height(size)
        width = HANDS_W - 20 - 26
        rows: list[tuple[int, list[str]]] = []
        for seat in range(state.num_players):
            parts = [describe.card_text(self.board, c) for c in state.hands[seat]]
            if rules.quests and not parts:
                parts = [i18n.t("rp_no_cards")]
            if seat in committed:
                parts.append(i18n.t("rp_coin", value=committed[seat]))
            rows.append((seat, theme.wrap(" · ".join(parts), size, width)))
        head = theme.line_height(14, "bold")
        h = 10 + head + sum(len(lines) for _, lines in rows) * step + 8
        box = Box(m.x + 8, top, HANDS_W, min(h, m.bottom - 8 - top))
        panel(surface, box, alpha=225)
        label(surface, i18n.t("rp_hands"), box.x + 10, box.y + 6, 14, theme.TEXT_DIM, "bold",
              width=box.w - 20)  # fmt: skip
        y = box.y + 10 + head
        for seat, lines in rows:
            if y + step * len(lines) > box.bottom:
                break
            k = state.seat_kingdom[seat]
            swatch(surface, k, (box.x + 10, y + 2, 8, step - 4))
            for line in lines:
                label(surface, line, box.x + 26, y, size, theme.TEXT)
                y += step

    def _draw_log(self, surface: pygame.Surface, top: int) -> None:
        """The actions around the current one; the current one marked, those to come dim."""
        side = LAYOUT.side
        label(surface, i18n.t("log"), side.x + 10, top, 14, theme.TEXT_DIM, "bold",
              width=side.w - 20)  # fmt: skip
        size = theme.small(LOG_SIZE)
        line_h = max(theme.ui(size) + 4, theme.line_height(size))
        y0 = top + theme.line_height(14, "bold") + 6
        room = max(1, (side.bottom - y0 - 6) // line_h) * line_h
        shown = [e for e in self.timeline.entries if not isinstance(e.action, ChooseDeck)]
        current = self.position - 1

        def row(entry: Applied) -> tuple[int, int, list[str]]:
            """An entry's row: its index, its seat and its lines, which a tap on any of them
            jumps to; on a phone a finger tall (``layout.touch``), its lines centred in it."""
            return entry.index, _actor(entry), self._log_lines(entry, size, side.w - 30)

        def height(lines: list[str]) -> int:
            return max(len(lines) * line_h, layout.touch())

        # The current entry sits two thirds down, so both what led here and what follows show.
        rows: list[tuple[int, int, list[str]]] = []
        used = 0
        before = [e for e in shown if e.index <= current]
        after = [e for e in shown if e.index > current]
        back = max(0, len(before) - self.log_scroll)
        budget_before = room // line_h * 2 // 3 * line_h
        for entry in reversed(before[:back]):
            found = row(entry)
            if used + height(found[2]) > budget_before:
                break
            rows.append(found)
            used += height(found[2])
        rows.reverse()
        for entry in after:
            found = row(entry)
            if used + height(found[2]) > room:
                break
            rows.append(found)
            used += height(found[2])
        self.log_rows = []
        y = y0
        state = self.view.public
        for index, seat, lines in rows:
            box = Box(side.x + 6, y, side.w - 12, height(lines))
            if index == current:
                pygame.draw.rect(surface, (80, 70, 40), box.tuple(), border_radius=4)
            k = state.seat_kingdom[seat] if 0 <= seat < state.num_players else -1
            color = theme.TEXT if index <= current else theme.TEXT_DIM
            ly = y + (box.h - len(lines) * line_h) // 2
            for text in lines:
                swatch(surface, k, (side.x + 10, ly + 2, 6, line_h - 4))
                label(surface, text, side.x + 22, ly, size, color, width=side.w - 30)
                ly += line_h
            self.log_rows.append((box, index + 1))
            y += box.h

    def _log_lines(self, entry: Applied, size: int, width: int) -> list[str]:
        viewer = self.view.seat if self.seat != OPEN else _open_viewer(entry)
        return theme.wrap(describe.log_line(self.board, entry, viewer), size, width)


def banner_box(lines: int) -> Box:
    """The turning point's banner of ``lines`` lines at the top of the map: on a phone it
    stops before the right column of buttons over the map (the close button, the drawer
    tabs), as the dice under it do."""
    m = LAYOUT.map
    right = LAYOUT.column_x() - 8 if LAYOUT.compact else m.right - 8
    step = theme.line_height(theme.small(BANNER_SIZE))
    return Box(m.x + 8, m.y + 8, right - m.x - 8, 14 + step * lines)


def _action_h() -> int:
    """The opening panel's Watch and Close buttons: a finger tall on a phone."""
    return max(52, layout.touch())


def _speed_text(speed: float) -> str:
    return "½" if speed == 0.5 else f"{speed:g}"


def _actor(entry: Applied) -> int:
    return describe.actor_seat(entry)


def _open_viewer(entry: Applied) -> int:
    """With everything open, each line is written for the seat it concerns, which sees all."""
    return entry.drawer if entry.drawer >= 0 else entry.actor


def _committed_coins(view: PlayerView) -> dict[int, int]:
    """Coins committed to the coming battle roll, by seat (an open view hides none)."""
    state = view.public
    out: dict[int, int] = {}
    if state.coin_attacker >= 0:
        out[state.active] = COIN_VALUES[state.coin_attacker]
    if state.coin_defender >= 0:
        out[defender_seat(state)] = COIN_VALUES[state.coin_defender]
    return out


def _highlight(m: Marks, entry: Applied) -> None:
    """The action that led here: its route, or a ring on its city."""
    action = entry.action
    if isinstance(action, Move | Continue):
        m.hints.append((action.src, action.dest, str(getattr(action, "die", "")) or "→"))
    elif isinstance(action, Destroy | Return | PlaceGeneral | StopMove | FightAt):
        m.flash[action.city] = theme.HIGHLIGHT
    elif isinstance(action, Build):
        m.flash[action.island] = theme.HIGHLIGHT
    elif isinstance(action, BattleRoll) and entry.battle:
        m.flash[entry.battle[0]] = theme.RED
    elif isinstance(action, Train):
        pass  # the token's level shows it


def _hint(action: object, text: str) -> tuple[int, int, str] | None:
    dest = getattr(action, "dest", getattr(action, "city", -1))
    src = getattr(action, "src", -1)
    return (src, dest, text) if isinstance(dest, int) and dest >= 0 else None
