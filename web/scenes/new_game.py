"""New game: 2-6 seats (human or AI with a difficulty; a kingdom, random, or picked in turn at
the table), the three rule switches (R8, all on by default), a seed for a reproducible game,
the language.

The seat columns carry headers, and every seat button a tooltip saying what a tap changes.
Under the seats a note says which seat moves first and which last in every round (R1.3) and
what the last seat won in the AI's self-play (the kingdom book, ``ai_bridge.seat_shares``): the
round in which someone reaches 7 points is played to its end (R9.7), so the last seat answers
everyone. A person alone against AIs sits where the seed draws (``MatchConfig.seat_drawn``, ⚄
on their seat's button) until they tap a seat to choose it; people sharing the device sit as
they were entered.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import Rules, default_map
from web import ai_bridge
from web.play import saves
from web.play.config import AI, HUMAN, PICK_KINGDOM, RANDOM_KINGDOM, MatchConfig, SeatConfig
from web.render.tokens import draw_token
from web.scene import Scene
from web.text import i18n
from web.ui import layout, theme
from web.ui.gestures import UIEvent
from web.ui.layout import HEIGHT, WIDTH, Box, row
from web.ui.widgets import Button, ButtonGroup, label, text_in, wrapped

if TYPE_CHECKING:
    from web.scene import Host

# The note under the seats (right of Back on the desktop): the seat order, the person's seat,
# how long AI seats think, as many of them, in that order, as there is room for.
NOTE_LINE, NOTE_SIZE = 18, 14
DRAWN = "⚄"  # on the person's seat when the seed drew it, as on the button of a random seed
# The seat columns' header and tooltip keys (the kind, the AI level, the kingdom).
COLUMN_KEYS = {"kind": ("col_seat_kind", "tip_seat_kind"),
               "diff": ("col_seat_level", "tip_seat_level"),
               "kingdom": ("col_seat_kingdom", "tip_seat_kingdom")}  # fmt: skip


@dataclass(frozen=True)
class Form:
    """Where the form's parts go: the seats on the left, the rules, the seed, the language and
    Start on the right, Back at the bottom left (on a phone beside Start), the note under the
    seats."""

    title: tuple[int, int]
    players_label: Box  # "Players", left of the count buttons
    players: list[Box]  # 2 to 6
    header_y: int  # the seat columns' headers, down to the first row
    row_y: int
    row_h: int  # from one seat row to the next
    cell_h: int
    seat_label: Box  # "Seat 1"'s room in the first row, where the seats are not buttons
    seat_cell: tuple[int, int]  # x, width of the seats' buttons (a lone person's table)
    token_x: int
    columns: dict[str, tuple[int, int]]  # x, width
    right: Box  # the right column's span: its x and width
    rules_label_y: int
    rules: list[Box]
    seed_label_y: int
    seed: tuple[Box, Box, Box]  # minus, plus (the seed between them), a random seed
    language: Box
    error: Box  # above Start
    start: Box
    back: Box
    note: Box  # its x, top and width; its lines stop at NOTE_MAX_LINES


def form(touch: int) -> Form:
    """The desktop's form, or with buttons at least ``touch`` tall (a phone, ``layout.touch``):
    each row a finger tall, the title and the language beside the count buttons and Back
    beside Start, so that six seats and the note under them (three lines at most, as wide as
    the seats) still fit, and an error over Start has room for three lines."""
    if not touch:
        return Form(
            (40, 20), Box(40, 96, 200, 24), row(250, 84, [56] * 5, 48, 8), 148, 182, 62, 52,
            Box(40, 196, 112, 24), (40, 100), 160,
            {"kind": (200, 150), "diff": (360, 170), "kingdom": (540, 290)},
            Box(840, 0, 400, 0), 118, [Box(840, 150 + i * 62, 400, 52) for i in range(3)],
            352, (Box(840, 380, 52, 52), Box(1004, 380, 52, 52), Box(1064, 380, 176, 52)),
            Box(840, 470, 400, 52), Box(840, 530, 400, 84), Box(840, 620, 400, 64),
            Box(40, 620, 200, 64), Box(260, 556, 570, 0),
        )  # fmt: skip
    t = max(touch, 64)
    gap = 4
    text = layout.touch_text(touch)
    # Over 24 px (568x320: 28) the seat table's labels need more room: the seats' names on two
    # lines in a narrower column, the kind and level columns and their headers wider, the
    # headers' row taller; the kingdoms' names take two lines there («Восточное Царство»), which
    # leaves the seats' buttons room for «Место» at the text floor.
    tight = text > 24
    line = math.ceil(text * 7 / 6)  # DejaVu's line height
    row_y = 6 + t + max(34, line + 4)  # under the count buttons and the headers
    row_h = t + gap
    rows_end = row_y + 5 * row_h + t  # six seats
    right = Box(816, 0, WIDTH - 16 - 816, 0)
    rules = [Box(right.x, row_y + i * row_h, right.w, t) for i in range(3)]
    seed_y = rules[-1].bottom + 38  # room for the "Seed" label
    minus = Box(right.x, seed_y, t, t)
    plus = Box(minus.right + 108, seed_y, t, t)  # the seed's digits between them
    rnd_gap = 4 if tight else 8  # «Случайно» on its line needs 154 px at 28 px
    rnd = Box(plus.right + rnd_gap, seed_y, right.right - plus.right - rnd_gap, t)
    bottom = HEIGHT - 8 - t
    # "Players" right of the title (at most 260 wide in Russian), the count buttons after it.
    players_label = Box(282, 6 + (t - 28) // 2, 112 if tight else 104, 28)
    players = row(players_label.right + 8, 6, [t] * 5, t, 6)
    # The language on the top row too, between the count buttons and the "?": under the seed
    # it left an error two lines at most of the text floor (one at 800x360).
    corner = layout.WIDTH - 8 - max(layout.HELP_SIDE, touch) - 8
    language = Box(players[-1].right + 10, 6, corner - players[-1].right - 10, t)
    return Form(
        (24, 6 + (t - 43) // 2), players_label, players, 6 + t + 2, row_y, row_h, t,
        Box(8, row_y, 110, t) if tight else Box(16, row_y + (t - 28) // 2, 104, 28),
        (8, 110) if tight else (12, 108),
        134 if tight else 138,
        {"kind": (156, 167), "diff": (329, 176), "kingdom": (511, 262)} if tight
        else {"kind": (160, 150), "diff": (318, 170), "kingdom": (496, 296)},
        right, 6 + t + 2, rules, seed_y - 30, (minus, plus, rnd), language,
        Box(right.x, minus.bottom + 6, right.w, bottom - minus.bottom - 12),
        Box(right.x + 168, bottom, right.w - 168, t), Box(right.x, bottom, 160, t),
        Box(16, rows_end + 8, 792 - 16, 0),
    )  # fmt: skip


class NewGameScene(Scene):
    def __init__(self, app: Host, config: MatchConfig | None = None) -> None:
        super().__init__(app)
        if config is None:
            config = MatchConfig(seed=random.randrange(1, 100000), seat_drawn=True)
            config.seat_by_seed()
        self.config = config
        self.buttons = ButtonGroup()
        self.error = ""
        self.form = form(layout.touch())
        self.on_language()

    # -- building the form ---------------------------------------------------------------------
    def on_language(self) -> None:
        c = self.config
        f = self.form = form(layout.touch())
        b = ButtonGroup()
        for i, box in enumerate(f.players):
            n = i + 2
            b.add(Button(box, str(n), partial(self._players, n), selected=n == c.num_players,
                         tag=f"players{n}", size=20))  # fmt: skip
        board = default_map()  # the map the new game is played on
        person = c.lone_person()
        for s, seat in enumerate(c.seats):
            y = f.row_y + s * f.row_h

            def cell(column: str, y: int = y) -> Box:
                return Box(f.columns[column][0], y, f.columns[column][1], f.cell_h)

            if person is not None:
                mine = s == person
                drawn = mine and c.seat_drawn
                tip = "tip_seat_drawn" if drawn else "tip_seat_chosen" if mine else "tip_seat_take"
                # The die after the number: on a phone's two lines «Место» / «2 ⚄».
                name = i18n.t("seat", n=s + 1) + (f" {DRAWN}" if drawn else "")
                b.add(Button(Box(f.seat_cell[0], y, f.seat_cell[1], f.cell_h), name,
                             partial(self._seat, s), selected=mine, tag=f"seat{s}",
                             tip=" ".join([i18n.t(tip), *self.seat_share_tip(s)])))  # fmt: skip

            kind = i18n.t("human") if seat.is_human else i18n.t("ai")
            b.add(Button(cell("kind"), kind, partial(self._kind, s), tag=f"kind{s}",
                         selected=seat.is_human, tip=i18n.t("tip_seat_kind")))  # fmt: skip
            diff = i18n.t("diff_" + seat.difficulty) if not seat.is_human else "—"
            b.add(Button(cell("diff"), diff, partial(self._difficulty, s),
                         enabled=not seat.is_human, tag=f"diff{s}",
                         tip=i18n.t("tip_seat_level")))  # fmt: skip
            if seat.kingdom >= 0:
                name = i18n.name(board.kingdoms[seat.kingdom])
            else:
                name = i18n.t("random" if seat.kingdom == RANDOM_KINGDOM else "kingdom_picked")
            b.add(Button(cell("kingdom"), name, partial(self._kingdom, s), tag=f"kingdom{s}",
                         tip=i18n.t("tip_seat_kingdom")))  # fmt: skip
        for key, box in zip(("coins", "battle_dice", "quests"), f.rules, strict=True):
            on = getattr(c.rules, key)
            text = f"{i18n.t('rule_' + key)}: {i18n.t('on') if on else i18n.t('off')}"
            b.add(Button(box, text, partial(self._rule, key), selected=on, tag=f"rule_{key}",
                         size=16, rule="R8"))  # fmt: skip
        minus, plus, rnd = f.seed
        b.add(Button(minus, "−", lambda: self._seed(-1), tag="seed_minus", size=24))
        b.add(Button(plus, "+", lambda: self._seed(1), tag="seed_plus", size=24))
        b.add(Button(rnd, "⚄ " + i18n.t("random"), self._random_seed, tag="seed_random",
                     size=16))  # fmt: skip
        b.add(Button(f.language, f"{i18n.t('language')}: {i18n.t('lang_name')}",
                     self._language, tag="language"))  # fmt: skip
        b.add(Button(f.start, i18n.t("start"), self._start, tag="start", style="primary",
                     size=24))  # fmt: skip
        b.add(Button(f.back, i18n.t("back"), self.app.pop, tag="back"))
        self.buttons = b

    # -- changes -------------------------------------------------------------------------------
    def _players(self, n: int) -> None:
        """Seats added are AIs; seats taken away are AIs first, from the last, so that no
        person's seat goes while an AI's is left."""
        seats = list(self.config.seats)
        while len(seats) > n:
            ais = [s for s, seat in enumerate(seats) if not seat.is_human]
            seats.pop(ais[-1] if ais else -1)
        kingdom = PICK_KINGDOM if self.config.picks else RANDOM_KINGDOM
        while len(seats) < n:
            seats.append(SeatConfig(AI, "normal", kingdom))
        self.config.seats = seats
        self._fix_kingdoms()
        self.config.seat_by_seed()
        self.on_language()
        self._say_if_unseen("order")

    def _kind(self, s: int) -> None:
        """A person's seat set by hand is where they sit: not drawn again by the seed."""
        seat = self.config.seats[s]
        seat.kind = AI if seat.is_human else HUMAN
        self.config.seat_drawn = False
        self.on_language()

    def _seat(self, s: int) -> None:
        """The lone person takes seat ``s``; tapping their own seat switches between keeping
        it and having it drawn from the seed."""
        c = self.config
        if s == c.lone_person():
            c.seat_drawn = not c.seat_drawn
            c.seat_by_seed()
        else:
            c.seat_person(s)
            c.seat_drawn = False
        self.on_language()

    def _difficulty(self, s: int) -> None:
        levels = ai_bridge.difficulties()
        seat = self.config.seats[s]
        i = levels.index(seat.difficulty) if seat.difficulty in levels else 0
        seat.difficulty = levels[(i + 1) % len(levels)]
        self.on_language()
        self._say_if_unseen("think")

    def _kingdom(self, s: int) -> None:
        """Random, then each kingdom not taken, then picked in turn, which every seat shares
        (R3.1: all seats pick, or none does); leaving it sets every seat to random."""
        seats = self.config.seats
        taken = {seat.kingdom for i, seat in enumerate(seats) if i != s}
        order = [RANDOM_KINGDOM, *range(6), PICK_KINGDOM]
        i = order.index(seats[s].kingdom)
        for step in range(1, len(order)):
            k = order[(i + step) % len(order)]
            if k < 0 or k not in taken:
                break
        for seat in seats if k == PICK_KINGDOM or self.config.picks else [seats[s]]:
            seat.kingdom = k
        self.on_language()

    def _fix_kingdoms(self) -> None:
        seen: set[int] = set()
        for seat in self.config.seats:
            if seat.kingdom in seen and seat.kingdom >= 0:
                seat.kingdom = RANDOM_KINGDOM
            seen.add(seat.kingdom)

    def _rule(self, key: str) -> None:
        r = self.config.rules
        values = {k: getattr(r, k) for k in ("coins", "battle_dice", "quests")}
        values[key] = not values[key]
        self.config.rules = Rules(**values)
        self.on_language()

    def _seed(self, d: int) -> None:
        self._set_seed(max(0, self.config.seed + d))

    def _random_seed(self) -> None:
        self._set_seed(random.randrange(1, 100000))

    def _set_seed(self, seed: int) -> None:
        """Another seed deals other dice, and draws the person's seat again unless chosen."""
        self.config.seed = seed
        self.config.seat_by_seed()
        self.on_language()

    def _language(self) -> None:
        self.app.set_language("ru" if i18n.language() == "en" else "en")

    def _start(self) -> None:
        try:
            self.config.resolve_kingdoms()
        except ValueError as err:
            self.error = str(err)
            return
        self.app.nav.offer_match(saves.new_session(self.app, self.config))

    def think_note(self) -> str:
        """The i18n key telling how long the slowest AI seat thinks (native, measured with
        the arena: hard 0.6 s on average, expert 4.3 s and up to 28 s; expert beat hard in 0.556
        of 195 games), or ""."""
        levels = {seat.difficulty for seat in self.config.seats if not seat.is_human}
        if "expert" in levels:
            return "think_expert"
        if "hard" in levels:
            return "think_hard"
        return "think_fast" if levels else ""

    def seat_share_tip(self, s: int) -> list[str]:
        """What seat ``s`` won in the kingdom book's self-play games of as many seats, in a
        sentence; none while the book has no seat table."""
        n = self.config.num_players
        shares = ai_bridge.seat_shares(n)
        if shares is None:
            return []
        return [i18n.t("tip_seat_share", share=_percent(shares[s]), players=n,
                       even=_percent(1 / n))]  # fmt: skip

    def note_parts(self) -> list[tuple[str, str]]:
        """The note's parts, most needed first, each a (what, text): the seat order ("order":
        who moves first and last, and what the last seat won in self-play where the kingdom
        book says), the lone person's seat ("yours"), how long AI seats think ("think")."""
        c = self.config
        n = c.num_players
        shares = ai_bridge.seat_shares(n)
        if shares is None:  # a book from before the seats were counted
            order = i18n.t("seat_order", last=n)
        else:
            order = i18n.t("seat_order_measured", last=n, share=_percent(shares[-1]), players=n,
                           even=_percent(1 / n))  # fmt: skip
        parts = [("order", order)]
        person = c.lone_person()
        if person is not None:
            yours = "seat_yours_drawn" if c.seat_drawn else "seat_yours_chosen"
            parts.append(("yours", i18n.t(yours, seat=person + 1)))
        if self.think_note():
            parts.append(("think", i18n.t(self.think_note())))
        return parts

    def note_shown(self) -> list[tuple[str, list[str]]]:
        """The parts of the note there is room for, each wrapped to the seats' width: the first
        ones, as many as fit (none with six seats at 568x320, where a toast says the seat order
        when the count is chosen, and how long AIs think when a level is)."""
        shown: list[tuple[str, list[str]]] = []
        for what, text in self.note_parts():
            lines = theme.wrap(text, NOTE_SIZE, self.form.note.w)
            if self.note_y(sum(len(ls) for _, ls in shown) + len(lines)) is None:
                break
            shown.append((what, lines))
        return shown

    def note_lines(self) -> list[str]:
        """The lines of the note under the seats, as ``note_shown`` finds room for them."""
        return [line for _what, lines in self.note_shown() for line in lines]

    def _say_if_unseen(self, what: str) -> None:
        """A part of the note the seats leave no room for, said in a toast instead."""
        parts = dict(self.note_parts())
        if what in parts and what not in dict(self.note_shown()):
            self.app.toast(parts[what], 8.0)

    def note_y(self, lines: int) -> int | None:
        """Where a note of ``lines`` lines begins: under six seats' rows, or, where that leaves
        it no room (568x320), right under the seats there are; None where neither does."""
        f = self.form
        step = max(NOTE_LINE, theme.line_height(NOTE_SIZE))
        under = f.row_y + len(self.config.seats) * f.row_h + 4
        return next((y for y in (f.note.y, under) if y + step * lines <= HEIGHT), None)

    # -- events --------------------------------------------------------------------------------
    def handle(self, ev: UIEvent) -> None:
        if ev.kind == "back":
            self.app.pop()
        elif ev.kind == "tap":
            self.buttons.tap(ev.x, ev.y)
        elif ev.kind == "key":
            if ev.text.isdigit():
                self._set_seed(int(str(self.config.seed) + ev.text) % 1_000_000_000)
            elif ev.key == pygame.K_BACKSPACE:
                self._set_seed(self.config.seed // 10)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._start()

    def tooltip_at(self, x: float, y: float) -> tuple[list[str], str | None] | None:
        b = self.buttons.at(x, y)
        if b is not None and b.rule:
            return [i18n.t("rule_switches")], b.rule
        if b is not None and b.tip:
            return [b.tip], None
        f = self.form
        if self.config.lone_person() is None:  # the seats' names are labels: what each won
            for s in range(self.config.num_players):
                x0, w = f.seat_cell
                share = self.seat_share_tip(s)
                if share and Box(x0, f.row_y + s * f.row_h, w, f.cell_h).contains(x, y):
                    return share, None
        for column, (_header, tip) in COLUMN_KEYS.items():
            column_x, w = f.columns[column]
            if Box(column_x, f.header_y, w, f.row_y - f.header_y).contains(x, y):
                return [i18n.t(tip)], None
        return None

    def draw(self, surface: pygame.Surface) -> None:
        f = self.form
        surface.fill(theme.PANEL)
        label(surface, i18n.t("new_game"), *f.title, 36, theme.GOLD, "serif")
        pl = f.players_label
        label(surface, i18n.t("players"), pl.x, pl.y, 20, theme.TEXT, width=pl.w)
        for column, (header, _tip) in COLUMN_KEYS.items():
            column_x, w = f.columns[column]
            room = Box(column_x + 2, f.header_y, w - 4, f.row_y - f.header_y - 4)
            text_in(surface, i18n.t(header), room, 15, theme.TEXT_DIM, "sans", "left",
                    valign="bottom")  # fmt: skip
        seat_buttons = self.config.lone_person() is not None
        for s, seat in enumerate(self.config.seats):
            y = f.row_y + s * f.row_h
            seat_y = f.seat_label.y + s * f.row_h
            name = i18n.t("seat", n=s + 1)
            # A lone person's table has the seats' names on their buttons, drawn below.
            if not seat_buttons and f.seat_label.h == f.cell_h:  # room for two lines
                room = Box(f.seat_label.x, seat_y, f.seat_label.w, f.seat_label.h)
                text_in(surface, name, room, 20, theme.TEXT, "sans", "left", lines=2)
            elif not seat_buttons:
                label(surface, name, f.seat_label.x, seat_y, 20, theme.TEXT, width=f.seat_label.w)
            if seat.kingdom >= 0:
                draw_token(surface, seat.kingdom, 0, f.token_x, y + f.cell_h // 2, 30)
        label(surface, i18n.t("rule_switches"), f.right.x, f.rules_label_y, 18, theme.TEXT_DIM,
              width=f.right.w)  # fmt: skip
        label(surface, i18n.t("seed"), f.right.x, f.seed_label_y, 18, theme.TEXT_DIM,
              width=f.right.w)  # fmt: skip
        minus, plus, _rnd = f.seed
        room = Box(minus.right + 4, minus.y, plus.x - minus.right - 8, minus.h)
        text_in(surface, str(self.config.seed), room, 24, theme.TEXT, "bold")
        step = max(NOTE_LINE, theme.line_height(NOTE_SIZE))
        shown = self.note_shown()
        texts = dict(self.note_parts())
        y = self.note_y(sum(len(lines) for _what, lines in shown)) or 0
        for what, lines in shown:
            # The seat order is news to a newcomer; the rest tells what they set themselves.
            colour = theme.TEXT if what == "order" else theme.TEXT_DIM
            wrapped(surface, texts[what], lines, f.note.x, y, NOTE_SIZE, colour, f.note.w, step)
            y += step * len(lines)
        if self.error:  # above Start
            text_in(surface, self.error, f.error, 16, theme.RED, "sans", "left",
                    lines=3)  # fmt: skip
        self.buttons.draw(surface)


def _percent(share: float) -> int:
    return round(100 * share)
