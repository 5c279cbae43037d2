"""The match's frame: the season track with the time track, the players, the quest hand, the log.

Pure drawing of a ``PlayerView``; the boxes it uses come from ``web.ui.layout`` and the functions
here, so the scene hit-tests exactly what was drawn. On the desktop the players, the hand and
the log share the side panel; in the compact (phone) layout each is a drawer over the map,
opened by its tab, with text a phone can read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game import COIN_VALUES, P_PICK, P_PLACE, GameState, PlayerView, is_winter
from game.actions import ChooseDeck
from web.play import coach
from web.play.session import Applied
from web.render.tokens import (
    badge_reach,
    draw_badge,
    draw_coin,
    draw_own_halo,
    draw_own_star,
    draw_token,
    kingdom_color,
    kingdom_letter,
    swatch,
    track_badge_center,
)
from web.text import describe, i18n
from web.ui import theme
from web.ui.layout import C_TOP, DRAWERS, Box, MatchLayout
from web.ui.widgets import label, panel, text_in

LAYOUT = MatchLayout()


def track_groups(view: PlayerView) -> list[tuple[int, list[tuple[int, Box]]]]:
    """Generals off the board, by the season slot from which they may return (R6.2), laid out
    in one row under the track so that a crowded season stays readable."""
    state = view.public
    by_slot: dict[int, list[int]] = {}
    for g, c in enumerate(state.gen_city):
        if c >= 0 or state.kingdom_seat[g >> 2] < 0 or state.gen_return[g] < 0:
            continue
        slot = max(state.round, min(15, state.gen_return[g]))
        by_slot.setdefault(slot, []).append(g)
    boxes = LAYOUT.track_tokens({slot: len(gens) for slot, gens in by_slot.items()})
    return [(slot, list(zip(by_slot[slot], boxes[slot], strict=True))) for slot in sorted(by_slot)]


def track_tokens(view: PlayerView) -> list[tuple[int, Box]]:
    return [placed for _slot, group in track_groups(view) for placed in group]


# The season slots show a sign, not a cut name (the tooltip and the year line name it).
SEASON_SIGNS = ("✿", "☀", "☂", "❄")
CARD_INK, POINTS_INK = theme.INK, (120, 60, 20)
MIN_BAR_W = 60  # px: an AI's progress bar narrower than this goes under the status lines
BLOCKED_INK = (150, 28, 24)  # a quest card that cannot be completed now: why, in red


@dataclass(frozen=True)
class RowStyle:
    """How a player row is drawn: the desktop's side panel or the phone's drawer."""

    token: int
    name: int
    kind: int
    score: int
    coin_r: int
    line2: int  # y of the second line in the row


DESK_ROW = RowStyle(token=24, name=15, kind=12, score=24, coin_r=8, line2=22)
PHONE_ROW = RowStyle(token=34, name=23, kind=23, score=30, coin_r=12, line2=44)


def _row_style() -> RowStyle:
    return PHONE_ROW if LAYOUT.compact else DESK_ROW


def draw_top(
    surface: pygame.Surface, view: PlayerView, status: str, progress: float | None,
    selected: int | None,
) -> pygame.Rect | None:  # fmt: skip
    """The top bar: the season track, the status and its second line; returns where the AI's
    progress bar went (None: no bar)."""
    state = view.public
    top = LAYOUT.top
    compact = LAYOUT.compact
    pygame.draw.rect(surface, theme.PANEL, top.tuple())
    pygame.draw.line(surface, theme.PANEL_EDGE, (0, top.bottom - 1), (top.right, top.bottom - 1))
    slots = LAYOUT.season_slots()
    if not compact:
        for year in range(4):
            first, last = slots[year * 4], slots[year * 4 + 3]
            text = i18n.t("bc", year=264 - year)
            if state.round // 4 == year:  # the current year names its season in full
                text = f"{text} · {i18n.t(f'season_{state.round % 4}')}"
            label(surface, text, first.x + 2, 3, 13, theme.TEXT_DIM, width=last.right - first.x)
    for i, box in enumerate(slots):
        winter = is_winter(i)
        fill = theme.blend(theme.WINTER, theme.PANEL, 0.55) if winter else theme.PANEL_LIGHT
        if i < state.round:
            fill = theme.blend(fill, theme.PANEL, 0.5)
        rect = pygame.Rect(box.tuple())
        pygame.draw.rect(surface, fill, rect, border_radius=5)
        if i == state.round:
            pygame.draw.rect(surface, theme.GOLD, rect, width=3, border_radius=5)
        color = (225, 240, 255) if winter else theme.TEXT
        if i == state.round:
            color = theme.GOLD
        img = theme.text(SEASON_SIGNS[i % 4], theme.ui(16), color, "sans")
        surface.blit(img, img.get_rect(center=rect.center))
    x = slots[-1].right + 16
    right = LAYOUT.menu_button().x - 12
    if compact:
        # Line one the status, line two the season and the AI's progress; winter's rule is the
        # winter slot's tooltip (the line has no room for it at a phone's size). A status too
        # long for one line takes both.
        bar_w = 160 if progress is not None else 0
        extra = top.h - C_TOP  # a small phone's taller bar: half to each line
        bar = None
        if progress is not None:
            bar = pygame.Rect(right - bar_w, 42 + extra // 2, bar_w, 10)
            _bar(surface, bar, progress)
        if theme.fit(status, 17, right - x, "bold").cut:
            text_in(surface, status, Box(x, 2, right - x - bar_w - 12, 58 + extra), 17,
                    theme.GOLD, "bold", "left", lines=2)  # fmt: skip
            return bar
        text_in(surface, status, Box(x, 2, right - x, 30 + extra // 2), 17, theme.GOLD, "bold",
                "left")  # fmt: skip
        winter = state.is_winter()
        line = ("❄ " if winter else "") + i18n.season_label(state.round)
        room = Box(x, 32 + extra // 2, right - x - bar_w - 12, 28 + extra - extra // 2)
        color = theme.WINTER if winter else theme.TEXT_DIM
        text_in(surface, line, room, 12, color, "sans", "left")
        return bar
    label(surface, status, x, 10, 17, theme.GOLD, "bold", width=right - x)
    bar_x = x
    if state.is_winter() and not state.is_terminal():  # under "Game over" it tells nothing
        # The winter rule first on the second line; an AI's progress goes after it, where it
        # was drawn over the rule's words (EN and RU).
        note = label(surface, i18n.t("winter_note"), x, 36, 12, theme.WINTER, width=right - x)
        bar_x = note.right + 12
    if progress is None:
        return None
    bar = pygame.Rect(bar_x, 38, min(200, right - bar_x), 10)
    if bar.w < MIN_BAR_W:  # no room left on the line: under it, left of the track's row
        bar = pygame.Rect(x, 56, 200, 8)
    _bar(surface, bar, progress)
    return bar


def _bar(surface: pygame.Surface, bar: pygame.Rect, progress: float) -> None:
    pygame.draw.rect(surface, theme.PANEL_LIGHT, bar, border_radius=4)
    done = bar.copy()
    done.w = max(4, int(bar.w * progress))
    pygame.draw.rect(surface, theme.GOLD, done, border_radius=4)


def draw_track_tokens(
    surface: pygame.Surface, view: PlayerView, own: set[int] | None = None,
    actable: set[int] | None = None, selected: int | None = None,
) -> None:  # fmt: skip
    """The generals on the time track: each season's group on a tab hanging from its slot,
    the slot marked with how many wait there (on a phone the tab alone shows it)."""
    state = view.public
    slots = LAYOUT.season_slots()
    groups = track_groups(view)
    for slot, group in groups:
        first, last = group[0][1], group[-1][1]
        reach = badge_reach(last.w - 2) - last.w // 2  # the last badge, right of its token
        tab = pygame.Rect(first.x - 3, first.y - 3, last.right - first.x + 6 + reach, first.h + 5)
        sbox = slots[slot]
        stem = pygame.Rect(sbox.x + 6, sbox.bottom - 4, sbox.w - 12, tab.y - sbox.bottom + 6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, stem, border_radius=3)
        pygame.draw.rect(surface, theme.PANEL_EDGE, tab, border_radius=8)
        if not LAYOUT.compact:
            badge = (sbox.right - 4, sbox.y + 3)
            pygame.draw.circle(surface, theme.GOLD, badge, 8)
            img = theme.text(str(len(group)), 11, (20, 20, 20), "bold")
            surface.blit(img, img.get_rect(center=(badge[0], badge[1] + 1)))
    # In layers, so that no token hides a neighbour's letter or level: the halos of own
    # generals, the tokens, the own stars, then the levels right of each token.
    placed = [(g, box) for _slot, group in groups for g, box in group]
    for g, box in placed:
        if own and g in own:
            draw_own_halo(surface, *box.center, box.w - 2)
    for g, box in placed:
        cx, cy = box.center
        if g == selected:
            pygame.draw.circle(surface, theme.HIGHLIGHT, (cx, cy), box.w * 0.62, 3)
        elif actable and g in actable:
            pygame.draw.circle(surface, (255, 255, 255), (cx, cy), box.w * 0.6, 2)
        draw_token(surface, g >> 2, 0, cx, cy, box.w - 2)
    for g, box in placed:
        if own and g in own:
            draw_own_star(surface, *box.center, box.w - 2)
    for g, box in placed:
        draw_badge(surface, state.gen_level[g], *track_badge_center(*box.center, box.w - 2),
                   box.w - 2)  # fmt: skip


# -- the side panel, or the drawers ------------------------------------------------------------
@dataclass
class Drawers:
    """Which drawer of the compact layout is open (None: the map is all there is)."""

    open: str | None = None

    def toggle(self, name: str) -> None:
        self.open = None if self.open == name else name


def side_box(drawers: Drawers) -> Box | None:
    """Where the side panel is now: the desktop's column, or the open drawer, or nowhere."""
    if not LAYOUT.compact:
        return LAYOUT.side
    return LAYOUT.side if drawers.open in DRAWERS else None


def shows(drawers: Drawers, part: str) -> bool:
    """Whether ``part`` (players, quests, log) is on screen now."""
    return not LAYOUT.compact or drawers.open == part


def header_h() -> int:
    return theme.line_height(14, "bold") + 6


def hand_top(view: PlayerView) -> int:
    """The y of the hand's heading: under the player rows, or the quests drawer's top."""
    if LAYOUT.compact:
        return LAYOUT.side.y + 10
    return LAYOUT.player_rows(view.public.num_players)[-1].bottom + 8


def draw_side(
    surface: pygame.Surface, view: PlayerView, kinds: list[str], thinking: int, t: float,
    hand: bool, entries: list[Applied], viewer: int, scroll: int, drawers: Drawers,
    chances: Sequence[float] = (),
) -> None:  # fmt: skip
    """The players, the hand (when ``hand``) and the log: stacked in the side panel, or the
    one drawer that is open."""
    if not LAYOUT.compact:
        y = draw_players(surface, view, kinds, thinking, t, chances)
        if hand:
            y = draw_hand(surface, view, y)
        draw_log(surface, view, entries, viewer, y, scroll)
        return
    if drawers.open not in DRAWERS or (drawers.open == "quests" and not hand):
        return
    box = LAYOUT.side
    pygame.draw.rect(surface, (0, 0, 0), pygame.Rect(box.tuple()).move(3, 4), border_radius=12)
    panel(surface, box, alpha=250, radius=12)
    if drawers.open == "players":
        draw_players(surface, view, kinds, thinking, t, chances)
    elif drawers.open == "quests":
        draw_hand(surface, view, hand_top(view))
    else:
        draw_log(surface, view, entries, viewer, box.y + 10, scroll)


def percent(p: float) -> str:
    """A chance as players read it: whole percent, never a certain 0 or 100 before the end."""
    if 0.0 < p < 0.01:
        return "<1%"
    if 0.99 < p < 1.0:
        return ">99%"
    return f"{round(p * 100)}%"


def framed_seat(state: GameState) -> int:
    """The seat whose row is framed: whose turn it is, and before the first roll the seat
    picking a kingdom, placing its fourth general or drawing its cards (``state.active``
    stays on seat 0 meanwhile, while the header named another). -1 once the game is over."""
    if state.is_terminal():
        return -1
    if state.phase in (P_PICK, P_PLACE):
        return state.setup_seat
    if state.draw_queue:
        return state.draw_queue[0]
    return state.active


def draw_players(
    surface: pygame.Surface, view: PlayerView, kinds: list[str], thinking: int = -1,
    t: float = 0.0, chances: Sequence[float] = (),
) -> int:  # fmt: skip
    """Player rows, each with its win chance when ``chances`` has them (ai.chances: the same
    estimate for every seat); returns the y below them."""
    state = view.public
    side = LAYOUT.side
    st = _row_style()
    if not LAYOUT.compact:
        pygame.draw.rect(surface, theme.PANEL, side.tuple())
        pygame.draw.line(surface, theme.PANEL_EDGE, (side.x, side.y), (side.x, side.bottom))
    scores = state.scores()
    rows = LAYOUT.player_rows(state.num_players)
    n = state.num_players
    for seat, box in enumerate(rows):
        k = state.seat_kingdom[seat]
        rect = pygame.Rect(box.tuple())
        active = seat == framed_seat(state)
        fill = theme.blend(kingdom_color(k), theme.PANEL, 0.78)
        pygame.draw.rect(surface, fill, rect, border_radius=8)
        if active:
            pygame.draw.rect(surface, theme.GOLD, rect, width=3, border_radius=8)
        cx, cy = box.x + st.token // 2 + 8, box.y + st.token // 2 + 10
        if seat == thinking:  # the AI of this seat is searching: a turning arc
            arc = pygame.Rect(0, 0, st.token + 10, st.token + 10)
            arc.center = (cx, cy)
            start = (t * 6) % 6.283
            pygame.draw.arc(surface, theme.GOLD, arc, start, start + 4.2, 3)
        if k >= 0:
            draw_token(surface, k, 0, cx, cy, st.token)
            name = i18n.name(state.board.kingdoms[k])
        else:
            name = i18n.t("seat", n=seat + 1)
        who = kinds[seat] if seat < len(kinds) else ""
        left = box.x + st.token + 16
        score = label(surface, str(scores[seat]), box.right - 10, box.y + 4, st.score,
                      theme.GOLD, "bold", "topright")  # fmt: skip
        # trophies: one small floor per destroyed enemy floor, in the victim's colour
        count = sum(state.trophies[seat * n + v] for v in range(n))
        # On a phone they follow the name on its line, which leaves it their room; on the
        # desktop they go on the line under it («Carthaginians» was cut for seven trophies
        # drawn below).
        trophy_w = 10 * count if LAYOUT.compact else 0
        name_end = score.x - 8
        if seat < len(chances):  # beside the score, clear of its digits
            chance = label(surface, percent(chances[seat]), name_end, box.y + 8,
                           theme.small(st.kind), theme.TEXT_DIM, "sans", "topright")  # fmt: skip
            name_end = chance.x - 8
        name_rect = label(surface, name, left, box.y + 4, st.name, theme.TEXT, "bold",
                          width=max(40, name_end - left - trophy_w))  # fmt: skip
        tx = name_rect.right + 8 if LAYOUT.compact else left
        ty = box.y + 14 if LAYOUT.compact else box.y + 40
        for v in range(n):
            for _ in range(state.trophies[seat * n + v]):
                k = state.seat_kingdom[v]
                pygame.draw.rect(surface, kingdom_color(k), (tx, ty, 8, 10))
                edge = theme.rim(kingdom_color(k)) or (20, 20, 20)  # a dark one gets a light rim
                pygame.draw.rect(surface, edge, (tx, ty, 8, 10), 1)
                tx += 10
        coins_x = box.right
        if state.rules.coins:
            step = st.coin_r * 2 + 3
            coins_x = box.right - 10 - 5 * step
            cy2 = box.y + (st.line2 + 22 if LAYOUT.compact else 44)
            played = state.coins_played[seat]
            for i, value in enumerate(COIN_VALUES):
                draw_coin(surface, coins_x + st.coin_r + i * step, cy2, value, st.coin_r,
                          bool(played >> i & 1))  # fmt: skip
        kind_size = st.kind if LAYOUT.compact else theme.small(st.kind)
        kind_right = coins_x - 8 if LAYOUT.compact else box.right - 10
        counts = ""
        if state.rules.quests:
            o, s = view.hand_counts[seat]
            counts = f"▯{o} ◆{s}"
        if LAYOUT.compact:
            if counts:
                c = label(surface, counts, kind_right, box.y + st.line2, st.kind,
                          theme.TEXT_DIM, "sans", "topright")  # fmt: skip
                kind_right = c.x - 10
            label(surface, who, left, box.y + st.line2, kind_size, theme.TEXT_DIM,
                  width=kind_right - left)  # fmt: skip
        else:
            label(surface, who, left, box.y + st.line2, kind_size, theme.TEXT_DIM,
                  width=kind_right - left)  # fmt: skip
            if counts:
                label(surface, counts, box.x + 2, box.y + 40, 11, theme.TEXT_DIM)
    return rows[-1].bottom + 8 if rows else side.y


def coin_boxes(view: PlayerView) -> list[tuple[int, Box]]:
    rows = LAYOUT.player_rows(view.public.num_players)
    if LAYOUT.compact:
        w = 5 * (PHONE_ROW.coin_r * 2 + 3) + 6
        return [(seat, Box(b.right - 10 - w, b.y + PHONE_ROW.line2 + 6, w + 6, 32))
                for seat, b in enumerate(rows)]  # fmt: skip
    return [(seat, Box(b.right - 110, b.y + 34, 104, 20)) for seat, b in enumerate(rows)]


def _card_size() -> int:
    return theme.ui(theme.small(11))


def _card_layout(view: PlayerView, width: int) -> list[tuple[int, list[str], list[str]]]:
    """Each card of the hand: its text in lines beside its points, and under them, for a card
    that cannot be completed now, why (``coach.quest_blocked``) across the card's width."""
    state = view.public
    board = state.board
    size = _card_size()
    out = []
    for card in state.hands[view.seat]:
        points = i18n.t("q_points", n=board.cards[card].points)
        room = width - 16 - theme.font(size, "bold").size(points)[0] - 8
        lines = theme.wrap(describe.card_text(board, card), size, room)
        blocked = coach.quest_blocked(state, card)
        note = theme.wrap(i18n.t(blocked[0], **blocked[1]), size, width - 16) if blocked else []
        out.append((card, lines, note))
    return out


def hand_boxes(view: PlayerView, top: int) -> list[tuple[int, Box]]:
    """The hand's cards under its heading at ``top``, each as tall as its text."""
    pad = 10 if LAYOUT.compact else 8
    width = LAYOUT.side.w - 2 * pad
    cards = _card_layout(view, width)
    step = theme.font(_card_size()).get_linesize()
    heights = [(max(1, len(lines)) + len(note)) * step + 10 for _card, lines, note in cards]
    boxes = LAYOUT.hand_cards(len(cards), top + header_h(), heights)
    return [(card, box) for (card, _lines, _note), box in zip(cards, boxes, strict=True)]


def draw_hand(surface: pygame.Surface, view: PlayerView, top: int) -> int:
    """The quest cards, each whole; returns the y below them."""
    state = view.public
    board = state.board
    label(surface, i18n.t("hand"), LAYOUT.side.x + 10, top, 14, theme.TEXT_DIM, "bold",
          width=LAYOUT.side.w - 20)  # fmt: skip
    size = _card_size()
    step = theme.font(size).get_linesize()
    bottom = top + header_h()
    width = LAYOUT.side.w - 2 * (10 if LAYOUT.compact else 8)
    layout = {card: (lines, note) for card, lines, note in _card_layout(view, width)}
    for card, box in hand_boxes(view, top):
        spec = board.cards[card]
        rect = pygame.Rect(box.tuple())
        special = spec.deck == 1
        lines, note = layout[card]
        fill = (236, 222, 186) if not special else (232, 206, 150)
        if note:  # out of reach now: greyed, its edge red
            fill = theme.blend(fill, (150, 150, 150), 0.45)
        pygame.draw.rect(surface, fill, rect, border_radius=6)
        edge = BLOCKED_INK if note else theme.GOLD if special else theme.COAST
        pygame.draw.rect(surface, edge, rect, 2, border_radius=6)
        points = label(surface, i18n.t("q_points", n=spec.points), box.right - 8, box.y + 5,
                       size, POINTS_INK, "bold", "topright")  # fmt: skip
        y = box.y + 5
        for line in lines:
            label(surface, line, box.x + 8, y, size, CARD_INK, width=points.x - 8 - box.x - 8)
            y += step
        for line in note:
            label(surface, line, box.x + 8, y, size, BLOCKED_INK, width=box.w - 16)
            y += step
        bottom = box.bottom
    return bottom + 8


def draw_log(
    surface: pygame.Surface, view: PlayerView, entries: list[Applied], viewer: int, top: int,
    scroll: int = 0,
) -> None:  # fmt: skip
    """The newest entries that fit, each whole (an entry never starts cut off at the top)."""
    state = view.public
    board = state.board
    side = LAYOUT.side
    label(surface, i18n.t("log"), side.x + 10, top, 14, theme.TEXT_DIM, "bold",
          width=side.w - 20)  # fmt: skip
    y = top + header_h()
    size = theme.small(12)
    line_h = max(theme.ui(size) + 4, theme.line_height(size))
    room = (side.bottom - y - 6) // line_h
    lines: list[tuple[int, str, bool]] = []
    shown = [e for e in entries if not _quiet(e)]
    end = max(0, len(shown) - scroll)
    for entry in reversed(shown[:end]):
        seat = describe.actor_seat(entry)
        text = describe.log_line(board, entry, viewer)
        wrapped = theme.wrap(text, size, side.w - 38)
        if len(lines) + len(wrapped) > room:
            break
        for i in range(len(wrapped) - 1, -1, -1):
            lines.append((seat, wrapped[i], i == 0))
    lines = lines[::-1]
    for seat, text, first in lines:
        k = state.seat_kingdom[seat] if 0 <= seat < state.num_players else -1
        _log_chip(surface, k, side.x + 8, y, line_h, first)
        label(surface, text, side.x + 28, y, size, theme.TEXT, width=side.w - 36)
        y += line_h


def _log_chip(surface: pygame.Surface, k: int, x: int, y: int, h: int, first: bool) -> None:
    """The kingdom beside a log entry: its colour and, on the entry's first line, its letter
    (the colour alone does not tell every eye the kingdoms apart)."""
    color = kingdom_color(k)
    if not first:
        swatch(surface, k, (x + 5, y + 1, 6, h - 2))
        return
    chip = pygame.Rect(x, y + 1, 16, h - 2)
    swatch(surface, k, chip, radius=3)
    if k >= 0:
        light = sum(color) > 420  # a pale colour takes dark ink
        img = theme.text(kingdom_letter(k), theme.ui(max(10, h - 6)),
                         theme.INK if light else (250, 248, 240), "bold")  # fmt: skip
        surface.blit(img, img.get_rect(center=chip.center))


def _quiet(entry: Applied) -> bool:
    return isinstance(entry.action, ChooseDeck)


def draw_frame(surface: pygame.Surface) -> None:
    # Opaque: nothing is drawn under the tray, so a translucent one would show whatever an
    # earlier frame left there (the desktop's buttons, after a switch to the phone's layout).
    panel(surface, LAYOUT.tray, alpha=255, radius=0)
