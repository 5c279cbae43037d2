"""What the match tells about events as they happen: a banner for every scoring (which quest,
how many points, what left the board) and for the final round; a battle's result, which stays
until the player has read it; the camera turning to an AI's move off-screen; and, when the game
ends, a pause on the final board with a summary before the results.

Banners do not stop play; a held battle result and the summary do (the AIs wait).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

import pygame

from game import NUM_ROUNDS, P_PICK, P_PLACE, MapSpec
from game.actions import Build, Continue, Destroy, Move, PlaceGeneral, Return
from web.play import coach
from web.play.session import Applied, end_reached
from web.render import battle as battle_render
from web.render.tokens import kingdom_color, kingdom_letter, swatch
from web.scenes.match_host import MatchHost
from web.scenes.match_prompt import place
from web.text import describe, i18n, results
from web.ui import theme
from web.ui.layout import Box, MatchLayout
from web.ui.widgets import Button, ButtonGroup, panel, text_in

LAYOUT = MatchLayout()
BANNER_W = 600
SCORE_SECONDS = 7.0  # a scoring banner stays this long unless tapped away
FINAL_SECONDS = 10.0
BACKLOG_SECONDS = 3.0  # a scoring banner with two more waiting behind it
SUMMARY_PAUSE = 1.2  # the final board alone, before the summary comes up
SPECTATOR_RESULTS = 5.0  # a game nobody plays moves on to the results by itself
FOLLOW_RATE = 8.0  # how fast the camera closes on an AI's move (per second, of the distance)
EDGE = 60  # a city this close to the map's edge is as good as off-screen


@dataclass
class Banner:
    title: str
    body: str
    kingdom: int = -1
    city: int = -1
    seconds: float = SCORE_SECONDS
    kind: str = "score"  # score, final, blocked (a quest card out of reach)
    age: float = 0.0


@dataclass
class Held:
    """A battle result on screen until dismissed."""

    battle: tuple[int, ...]
    tower: int
    box: Box = field(default_factory=lambda: battle_render.BOX)


class Events:
    def __init__(self) -> None:
        self.banners: deque[Banner] = deque()
        self.held: Held | None = None
        self.held_buttons = ButtonGroup()
        self.over_t: float | None = None  # seconds since the game ended and the board stilled
        self.summary_buttons = ButtonGroup()
        self.follow: tuple[float, float] | None = None  # a world point the camera turns to
        self.final_announced = False
        self.blocked_told: set[tuple[int, int]] = set()  # (seat, card) said out of reach

    def note_blocked(self, scene: MatchHost) -> list[int]:
        """The viewer's quest cards that became impossible since last asked (a card's city lost
        its last floor, ``coach.quest_blocked``), each said once."""
        view = scene.view
        if scene.session.viewer < 0 or scene.attract or not view.public.rules.quests:
            return []  # a spectator holds no hand
        state, seat = view.public, view.seat
        told = self.blocked_told
        new = [c for c in state.hands[seat]
               if (seat, c) not in told and coach.quest_blocked(state, c)]  # fmt: skip
        told.update((seat, c) for c in new)
        return new

    # -- what happened -------------------------------------------------------------------------
    def on_applied(self, scene: MatchHost, applied: Applied, watched: bool) -> None:
        if scene.attract:
            return
        board = scene.view.public.board
        for event in describe.score_events(board, applied):
            k = applied.kingdoms[event.seat] if event.seat < len(applied.kingdoms) else -1
            body = event.body
            redraw = event.seat in scene.view.public.draw_queue  # R9.3: a replacement card
            if redraw and any(event.seat == s for s, _c in applied.completed):
                body += " " + _about(board, k, "ev_redraw")
            self.banners.append(Banner(event.title, body, k, event.city))
        state = scene.view.public
        for card in self.note_blocked(scene):  # a plan became impossible: said as it happens
            spec = board.cards[card]
            body = i18n.t("quest_blocked_body", city=describe.city(board, spec.city),
                          card=describe.card_text(board, card))  # fmt: skip
            self.banners.append(Banner(i18n.t("quest_blocked_title"), body, city=spec.city,
                                       kind="blocked"))  # fmt: skip
        if applied.final_round and not self.final_announced:
            self.final_announced = True
            self.banners.append(_final_banner(scene, applied))
        elif (
            state.round == NUM_ROUNDS - 1
            and applied.round != state.round
            and not state.is_terminal()
            and not self.final_announced
        ):
            self.final_announced = True  # the last season: the game ends with it (R1.3)
            self.banners.append(Banner(i18n.t("last_season_title"), i18n.t("last_season_body"),
                                       kind="final", seconds=FINAL_SECONDS))  # fmt: skip
        if applied.battle and self._holds(scene):
            self.held = Held(applied.battle, applied.tower, _away_from(scene, applied.battle[0]))
            box = battle_render.continue_box(self.held.box)
            ok = Button(box, i18n.t("battle_continue"), self.release, tag="battle_continue",
                        style="primary")  # fmt: skip
            self.held_buttons = ButtonGroup([ok])
        if watched and applied.actor >= 0 and applied.actor not in scene.session.humans:
            self._follow(scene, applied)
        scene.app.invalidate()

    def _holds(self, scene: MatchHost) -> bool:
        """A battle's result waits for the player, unless the setting says it goes by itself
        (and never in a game nobody plays, or with animations off for a quick run)."""
        return (
            scene.app.settings.hold_battles and scene.session.viewer >= 0 and scene.animator.enabled
        )

    def release(self) -> None:
        self.held = None
        self.held_buttons = ButtonGroup()

    def _follow(self, scene: MatchHost, applied: Applied) -> None:
        """An AI's move off-screen: the camera turns to it (the player cannot miss it)."""
        action = applied.action
        pos = scene.board_view.g.pos
        cities: list[int] = []
        if isinstance(action, Move | Continue):
            cities = [action.src, action.dest]
        elif isinstance(action, Return | PlaceGeneral | Destroy):
            cities = [action.city]
        elif isinstance(action, Build):
            cities = [action.island]
        if not cities:
            return
        cam = scene.camera
        view = cam.viewport.inset(EDGE)
        target = pos[cities[-1]]
        if view.contains(*cam.to_screen(*target)):
            return
        if len(cities) == 2:  # both ends in sight when they fit
            (ax, ay), (bx, by) = pos[cities[0]], pos[cities[1]]
            span_x, span_y = abs(ax - bx) * cam.scale, abs(ay - by) * cam.scale
            if span_x < view.w and span_y < view.h:
                target = ((ax + bx) / 2, (ay + by) / 2)
        self.follow = target

    # -- the frame -----------------------------------------------------------------------------
    def update(self, scene: MatchHost, dt: float) -> None:
        battle_on = self.held is not None or _rolling(scene)
        if self.banners and not battle_on and not self._yields(scene):
            banner = self.banners[0]
            if len(self.banners) > 2 and banner.kind == "score":
                banner.seconds = min(banner.seconds, BACKLOG_SECONDS)  # catch up with play
            banner.age += dt
            if banner.age >= banner.seconds:
                self.banners.popleft()
                scene.app.invalidate()
        if self.follow is not None:
            self._pan(scene, dt)
        if self.over_t is not None and not self.banners:
            # The pause starts once the last action's banners have been read (or tapped
            # away): the end is seen, then summed up.
            before = self.over_t
            self.over_t += dt
            if before < SUMMARY_PAUSE <= self.over_t:
                self._summary_buttons(scene)
                scene.app.invalidate()
            if scene.session.viewer < 0 and self.over_t >= SUMMARY_PAUSE + SPECTATOR_RESULTS:
                scene.open_results()

    def _pan(self, scene: MatchHost, dt: float) -> None:
        cam = scene.camera
        assert self.follow is not None
        sx, sy = cam.to_screen(*self.follow)
        cx, cy = cam.viewport.center
        dx, dy = cx - sx, cy - sy
        if math.hypot(dx, dy) < 3:
            self.follow = None
            return
        step = min(1.0, FOLLOW_RATE * dt)
        before = (cam.ox, cam.oy)
        cam.pan(dx * step, dy * step)
        if (cam.ox, cam.oy) == before:  # the map's edge: as near as it goes
            self.follow = None
        scene.app.invalidate()

    def stop_following(self) -> None:
        """The player moved the camera: it is theirs."""
        self.follow = None

    def blocking(self) -> bool:
        """The game waits: a battle result is being read, or the game is over."""
        return self.held is not None or self.over_t is not None

    def game_over(self, scene: MatchHost) -> None:
        """The game has ended and the board stands still: the pause, then the summary."""
        if self.over_t is None:
            self.over_t = 0.0
            # What the last actions scored stays to be read, quicker than in play; a final
            # round's warning is past news once the game is over.
            kept = [b for b in self.banners if b.kind != "final"]
            for b in kept:
                b.seconds = min(b.seconds, BACKLOG_SECONDS)
            self.banners = deque(kept)
            scene.app.invalidate()

    def summary_shown(self) -> bool:
        return self.over_t is not None and self.over_t >= SUMMARY_PAUSE

    def summary_on_screen(self, scene: MatchHost) -> bool:
        """The summary is drawn: it has come up, and no drawer of a phone is open over the map
        (a drawer opened at the end, the log say, was drawn under it); closed, it is back."""
        return self.summary_shown() and scene.chrome.drawers.open is None

    def _summary_buttons(self, scene: MatchHost) -> None:
        box = summary_box(scene)
        button = Box(box.center[0] - 140, box.bottom - 64, 280, 52)
        self.summary_buttons = ButtonGroup([Button(button, i18n.t("see_results"),
                                                   scene.open_results, tag="see_results",
                                                   style="primary", size=19)])  # fmt: skip

    def frame_rate(self, scene: MatchHost) -> float:
        if self.follow is not None:
            return 60.0
        if self.banners and self.held is None and not self._yields(scene):
            return 20.0  # the banner's city pulses
        if self.over_t is not None and not self.summary_shown():
            return 10.0
        return 0.0

    def waiting_button(self) -> Button | None:
        """The button the game waits on (the held result's Continue, the summary's Results)."""
        if self.held is not None and self.held_buttons.buttons:
            return self.held_buttons.buttons[0]
        if self.summary_shown() and self.summary_buttons.buttons:
            return self.summary_buttons.buttons[0]
        return None

    def covers(self, scene: MatchHost, x: float, y: float) -> bool:
        """A panel of the events is drawn at (x, y): the roll, a held result, the summary or a
        banner. What lies under it on the map is hidden, so it has no tooltip there."""
        boxes = [self.banner_box(scene)]
        anim = scene.animator.current
        if anim is not None and anim.kind == "battle" and anim.battle:
            boxes.append(self.battle_box(scene, anim.battle))
        if self.held is not None:
            boxes.append(self.held.box)
        if self.summary_on_screen(scene):
            boxes.append(summary_box(scene))
        return any(box is not None and box.contains(x, y) for box in boxes)

    def battle_box(self, scene: MatchHost, battle: tuple[int, ...]) -> Box:
        """Where a battle's roll is shown: the held result's place, else clear of its city."""
        held = self.held
        if held is not None and held.battle == battle:
            return held.box
        return _away_from(scene, battle[0])

    # -- input ---------------------------------------------------------------------------------
    def tap(self, scene: MatchHost, x: float, y: float) -> bool:
        """A tap the events take: any tap reads a held result (Continue or not), the summary's
        button, a banner (tapped away)."""
        if self.held is not None:
            self.release()
            scene.app.invalidate()
            return True
        box = self.banner_box(scene)
        if box is not None and box.contains(x, y):
            self.banners.popleft()
            scene.app.invalidate()
            return True
        if self.over_t is not None:
            if scene.chrome.drawers.open is not None:
                return False  # the drawer's, or a tap beside it that shuts it
            if self.summary_shown():
                self.summary_buttons.tap(x, y)
            return True
        return False

    def dismiss(self, scene: MatchHost) -> bool:
        """Space or Enter: the held result, or the banner on screen."""
        if self.held is not None:
            self.release()
        elif self.banners and not self.summary_shown() and not self._yields(scene):
            self.banners.popleft()
        else:
            return False
        scene.app.invalidate()
        return True

    # -- drawing -------------------------------------------------------------------------------
    def banner_box(self, scene: MatchHost) -> Box | None:
        if not self.banners or self.held is not None or self.summary_shown():
            return None
        return self._banner_place(scene)

    def _yields(self, scene: MatchHost) -> bool:
        """The banner waits, unseen and not ageing, for a prompt that leaves it no room."""
        return bool(self.banners) and self._banner_place(scene) is None

    def _banner_place(self, scene: MatchHost) -> Box | None:
        """At the top of the map; below a prompt that has the top; None when the prompt fills
        the map (a phone's coin prompt): drawn over the prompt, the banner hid its choices and
        took the tap meant for them."""
        banner = self.banners[0]
        m = LAYOUT.map
        w = min(round(BANNER_W * _grow(theme.small(15))), m.w - 140)
        title = theme.fit(banner.title, 19, w - 70, "bold")
        body = theme.fit(banner.body, theme.small(15), w - 70, "sans", lines=4)
        h = 18 + theme.line_height(title.size, "bold") + 4
        h += theme.line_height(body.size) * len(body.lines) + 14
        top = m.y + 8
        coach_at = scene.chrome.coach_place(scene)
        if coach_at is not None:
            top = coach_at[0].bottom + 8
        box = Box(m.x + (m.w - w) // 2, top, w, h)
        prompt = scene.controls.prompt
        if prompt is not None and _overlaps(box, prompt.box):
            box = Box(box.x, m.bottom - 8 - h, w, h)  # the prompt has the top: the banner goes low
            if _overlaps(box, prompt.box):
                return None
        return box

    def draw(self, scene: MatchHost, surface: pygame.Surface) -> None:
        box = self.banner_box(scene)
        if box is not None:
            self._draw_banner(scene, surface, box)
        if self.held is not None and not _rolling(scene):  # the roll's animation first
            state = scene.view.public
            battle_render.draw_battle(surface, scene.view, self.held.battle, 1.0, True,
                                      state.rules.battle_dice, self.held.tower,
                                      self.held.box)  # fmt: skip
            self.held_buttons.draw(surface)
        if self.summary_on_screen(scene):
            self._draw_summary(scene, surface)

    def _draw_banner(self, scene: MatchHost, surface: pygame.Surface, box: Box) -> None:
        banner = self.banners[0]
        if banner.city >= 0:  # the ring says where the points came from
            x, y = scene.camera.to_screen(*scene.board_view.g.pos[banner.city])
            if scene.camera.visible(x, y):
                r = 20 + 6 * math.sin(scene.board_view.t * 5)
                pygame.draw.circle(surface, theme.GOLD, (int(x), int(y)), int(r), 4)
        rect = pygame.Rect(box.tuple())
        pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=12)
        pygame.draw.rect(surface, theme.PAPER, rect, border_radius=12)
        edge = theme.RED if banner.kind in ("final", "blocked") else theme.GOLD
        pygame.draw.rect(surface, edge, rect, width=3, border_radius=12)
        if banner.kingdom >= 0:
            chip = pygame.Rect(box.x + 12, box.y + 14, 34, 34)
            pygame.draw.rect(surface, kingdom_color(banner.kingdom), chip, border_radius=8)
            text_in(surface, kingdom_letter(banner.kingdom), Box(chip.x, chip.y, chip.w, chip.h),
                    18, (250, 248, 240), "bold")  # fmt: skip
        elif banner.kind in ("final", "blocked"):
            sign = "⚑" if banner.kind == "final" else "⚠"
            text_in(surface, sign, Box(box.x + 12, box.y + 12, 34, 34), 26, theme.RED, "bold")
        x = box.x + 58
        title_h = theme.line_height(19, "bold")
        text_in(surface, banner.title, Box(x, box.y + 12, box.w - 70, title_h + 4), 19,
                theme.INK, "bold", "left")  # fmt: skip
        text_in(surface, banner.body, Box(x, box.y + 16 + title_h, box.w - 70,
                                          box.h - 24 - title_h), theme.small(15), theme.INK,
                "sans", "left", lines=4, valign="top")  # fmt: skip

    def _draw_summary(self, scene: MatchHost, surface: pygame.Surface) -> None:
        state = scene.view.public
        board = state.board
        box = summary_box(scene)
        panel(surface, box, alpha=245)
        x, w = box.x + 28, box.w - 56
        y = box.y + 14
        for text, size, face, color, lines in _summary_lines(scene):
            h = theme.line_height(size, face) * lines + 4
            text_in(surface, text, Box(x, y, w, h), size, color, face, lines=lines)
            y += h + 4
        y += 6
        scores = state.scores()
        viewer = scene.session.viewer
        row = theme.line_height(SUMMARY_ROW) + 4
        for rank, seat in enumerate(results.standings(state)[:6]):
            k = state.seat_kingdom[seat]
            star = "★ " if seat == viewer else ""  # the viewer's, as on the board
            line = (f"{results.place_of(state, seat)}. {star}{describe.kingdom(board, k)} — "
                    f"{scores[seat]}")  # fmt: skip
            col, r = divmod(rank, 3)
            cell = Box(x + col * (w // 2), y + r * row, w // 2 - 10, row)
            swatch(surface, k, (cell.x, cell.center[1] - 7, 12, 14))
            text_in(surface, line, Box(cell.x + 20, cell.y, cell.w - 20, cell.h), SUMMARY_ROW,
                    theme.GOLD if rank == 0 else theme.TEXT, "sans", "left")  # fmt: skip
        self.summary_buttons.draw(surface)


def _grow(size: int) -> float:
    """How much wider a panel gets for text drawn larger than its desktop ``size`` (large
    text, the phone's floor): less than the text grows, the lines wrap a little sooner."""
    return float(max(1.0, theme.ui(size) / 15) ** 0.8)


SUMMARY_ROW = 16


def _rolling(scene: MatchHost) -> bool:
    anim = scene.animator.current
    return anim is not None and anim.kind == "battle"


def _summary_w() -> int:
    """The summary panel's width; its texts have 56 px less (28 each side)."""
    return min(round(640 * _grow(SUMMARY_ROW)), LAYOUT.map.w - 40)


def _summary_lines(scene: MatchHost) -> list[tuple[str, int, str, tuple[int, ...], int]]:
    """The summary's texts: (text, size, face, colour, lines)."""
    state = scene.view.public
    winner = results.winner_line(state)
    if theme.fit(winner, 20, _summary_w() - 56, "bold").cut:
        # Six kingdoms sharing a victory do not fit the panel's line: counted, not named.
        winner = results.winner_line(state, short=True)
    out: list[tuple[str, int, str, tuple[int, ...], int]] = [
        (i18n.t("game_over"), 30, "serif", theme.GOLD, 1),
        (winner, 20, "bold", theme.TEXT, 1),
    ]
    if scene.session.viewer >= 0:
        sentence = results.placement_sentence(state, scene.session.viewer)
        out.append((sentence, 17, "sans", theme.TEXT, 2))
    return out


def summary_box(scene: MatchHost) -> Box:
    """The summary's panel, as tall as its texts, the standings (two columns of three) and
    the Results button need."""
    m = LAYOUT.map
    w = _summary_w()
    h = 14 + sum(theme.line_height(size, face) * lines + 8
                 for _t, size, face, _c, lines in _summary_lines(scene))  # fmt: skip
    rows = min(3, scene.view.public.num_players)
    h += 6 + rows * (theme.line_height(SUMMARY_ROW) + 4) + 20 + 52 + 12
    h = min(h, m.h - 20)
    return Box(m.x + (m.w - w) // 2, m.y + (m.h - h) // 2, w, h)


def _overlaps(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def _away_from(scene: MatchHost, city: int) -> Box:
    """The result panel's place: clear of the city fought over."""
    x, y = scene.camera.to_screen(*scene.board_view.g.pos[city])
    return place(*battle_render.result_size(), LAYOUT.map, [(x, y)])


def _about(board: MapSpec, k: int, key: str) -> str:
    if 0 <= k < len(board.kingdoms):
        return i18n.kingdom_t(key, board.kingdoms[k])
    return ""


def _final_banner(scene: MatchHost, applied: Applied) -> Banner:
    """R9.7 / R10.1: the round in which the end is reached is played to its end."""
    state = scene.view.public
    board = state.board
    n = state.num_players
    if state.rules.quests:
        leader = max(range(n), key=lambda s: (state.points[s], -s))
        body_key = "final_body"
    else:
        leader = next((s for s in range(n) if end_reached_by(scene, s)), state.active)
        body_key = "final_body_base"
    k = state.seat_kingdom[leader]
    body = _about(board, k, body_key)
    # The seats after the one whose turn it was (a battle may have handed the turn on).
    still = list(range(applied.active + 1, n))
    if still:
        names = ", ".join(describe.kingdom(board, state.seat_kingdom[s]) for s in still)
        body += " " + i18n.t("final_still", names=names)
    else:
        body += " " + i18n.t("final_last_turn")
    return Banner(i18n.t("final_title"), body, k, kind="final", seconds=FINAL_SECONDS)


def end_reached_by(scene: MatchHost, seat: int) -> bool:
    """R10.1 for one seat: 5 enemy floors destroyed, at least one of every enemy."""
    state = scene.view.public
    n = state.num_players
    return state.destroyed_by(seat) >= 5 and all(
        state.trophies[seat * n + v] > 0 for v in range(n) if v != seat
    )


def final_round(scene: MatchHost) -> bool:
    """The round now playing is the game's last (R9.7, R10.1, or the last season, R1.3)."""
    state = scene.view.public
    if state.is_terminal() or state.phase in (P_PICK, P_PLACE):
        return False
    return end_reached(state) or state.round == NUM_ROUNDS - 1
