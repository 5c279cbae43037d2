"""The match's frame: the season track with the time track, the players, the quest hand, the log.

Pure drawing of a ``PlayerView``; the boxes it uses come from ``web.layout`` and the functions
here, so the scene hit-tests exactly what was drawn.
"""

from __future__ import annotations

import pygame

from game import PlayerView
from game.state import COIN_VALUES
from web import describe, i18n, theme
from web.layout import Box, MatchLayout
from web.render.tokens import draw_coin, draw_token, kingdom_color
from web.session import Applied
from web.widgets import label, panel

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


def draw_top(
    surface: pygame.Surface, view: PlayerView, status: str, progress: float | None,
    selected: int | None,
) -> None:  # fmt: skip
    state = view.public
    top = LAYOUT.top
    pygame.draw.rect(surface, theme.PANEL, top.tuple())
    pygame.draw.line(surface, theme.PANEL_EDGE, (0, top.bottom - 1), (top.right, top.bottom - 1))
    slots = LAYOUT.season_slots()
    for year in range(4):
        first = slots[year * 4]
        label(surface, i18n.t("bc", year=264 - year), first.x + 2, 3, 13, theme.TEXT_DIM)
    for i, box in enumerate(slots):
        winter = i % 4 == 3
        fill = theme.blend(theme.WINTER, theme.PANEL, 0.55) if winter else theme.PANEL_LIGHT
        if i < state.round:
            fill = theme.blend(fill, theme.PANEL, 0.5)
        rect = pygame.Rect(box.tuple())
        pygame.draw.rect(surface, fill, rect, border_radius=5)
        if i == state.round:
            pygame.draw.rect(surface, theme.GOLD, rect, width=3, border_radius=5)
        name = "❄" if winter else i18n.t(f"season_{i % 4}")[:3]
        color = (225, 240, 255) if winter else theme.TEXT
        img = theme.text(
            name, 13 if not winter else 16, color, "bold" if i == state.round else "sans"
        )
        surface.blit(img, img.get_rect(center=rect.center))
    x = slots[-1].right + 16
    if state.is_winter():
        label(surface, i18n.t("winter_note"), x, 36, 12, theme.WINTER)
    label(
        surface, theme.fit_text(status, 17, 1280 - 190 - x, "bold"), x, 10, 17, theme.GOLD, "bold"
    )
    if progress is not None:
        bar = pygame.Rect(x, 36, 200, 10)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, bar, border_radius=4)
        fill = bar.copy()
        fill.w = max(4, int(bar.w * progress))
        pygame.draw.rect(surface, theme.GOLD, fill, border_radius=4)


def draw_track_tokens(
    surface: pygame.Surface, view: PlayerView, own: set[int] | None = None,
    actable: set[int] | None = None, selected: int | None = None,
) -> None:  # fmt: skip
    """The generals on the time track: each season's group on a tab hanging from its slot,
    the slot marked with how many wait there."""
    state = view.public
    slots = LAYOUT.season_slots()
    for slot, group in track_groups(view):
        first, last = group[0][1], group[-1][1]
        tab = pygame.Rect(first.x - 3, first.y - 3, last.right - first.x + 6, first.h + 5)
        sbox = slots[slot]
        stem = pygame.Rect(sbox.x + 6, sbox.bottom - 4, sbox.w - 12, tab.y - sbox.bottom + 6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, stem, border_radius=3)
        pygame.draw.rect(surface, theme.PANEL_EDGE, tab, border_radius=8)
        badge = (sbox.right - 4, sbox.y + 3)
        pygame.draw.circle(surface, theme.GOLD, badge, 8)
        img = theme.text(str(len(group)), 11, (20, 20, 20), "bold")
        surface.blit(img, img.get_rect(center=(badge[0], badge[1] + 1)))
        for g, box in group:
            cx, cy = box.center
            if g == selected:
                pygame.draw.circle(surface, theme.HIGHLIGHT, (cx, cy), box.w * 0.62, 3)
            elif actable and g in actable:
                pygame.draw.circle(surface, (255, 255, 255), (cx, cy), box.w * 0.6, 2)
            draw_token(surface, g >> 2, state.gen_level[g], cx, cy, box.w - 2,
                       own=bool(own and g in own))  # fmt: skip


def draw_players(
    surface: pygame.Surface, view: PlayerView, kinds: list[str], thinking: int = -1,
    t: float = 0.0,
) -> int:  # fmt: skip
    """Player rows; returns the y below them."""
    state = view.public
    side = LAYOUT.side
    pygame.draw.rect(surface, theme.PANEL, side.tuple())
    pygame.draw.line(surface, theme.PANEL_EDGE, (side.x, side.y), (side.x, side.bottom))
    scores = state.scores()
    rows = LAYOUT.player_rows(state.num_players)
    n = state.num_players
    for seat, box in enumerate(rows):
        k = state.seat_kingdom[seat]
        rect = pygame.Rect(box.tuple())
        active = seat == state.active and not state.is_terminal()
        fill = theme.blend(kingdom_color(k), theme.PANEL, 0.78)
        pygame.draw.rect(surface, fill, rect, border_radius=8)
        if active:
            pygame.draw.rect(surface, theme.GOLD, rect, width=3, border_radius=8)
        if seat == thinking:  # the AI of this seat is searching: a turning arc
            arc = pygame.Rect(box.x + 3, box.y + 5, 34, 34)
            start = (t * 6) % 6.283
            pygame.draw.arc(surface, theme.GOLD, arc, start, start + 4.2, 3)
        if k >= 0:
            draw_token(surface, k, 0, box.x + 20, box.y + 22, 24)
            name = i18n.name(state.board.kingdoms[k])
        else:
            name = i18n.t("seat", n=seat + 1)
        who = kinds[seat] if seat < len(kinds) else ""
        label(
            surface,
            theme.fit_text(name, 15, 150, "bold"),
            box.x + 40,
            box.y + 4,
            15,
            theme.TEXT,
            "bold",
        )
        label(surface, theme.fit_text(who, theme.small(12), box.w - 90), box.x + 40, box.y + 22,
              theme.small(12), theme.TEXT_DIM)  # fmt: skip
        label(
            surface,
            str(scores[seat]),
            box.right - 10,
            box.y + 4,
            24,
            theme.GOLD,
            "bold",
            "topright",
        )
        # trophies: one small floor per destroyed enemy floor, in the victim's colour
        tx = box.x + 40
        for v in range(n):
            for _ in range(state.trophies[seat * n + v]):
                pygame.draw.rect(
                    surface, kingdom_color(state.seat_kingdom[v]), (tx, box.y + 40, 8, 10)
                )
                pygame.draw.rect(surface, (20, 20, 20), (tx, box.y + 40, 8, 10), 1)
                tx += 10
        if state.rules.coins:
            played = state.coins_played[seat]
            for i, value in enumerate(COIN_VALUES):
                draw_coin(
                    surface, box.right - 100 + i * 19, box.y + 44, value, 8, bool(played >> i & 1)
                )
        if state.rules.quests:
            o, s = view.hand_counts[seat]
            label(surface, f"▯{o} ◆{s}", box.x + 2, box.y + 40, 11, theme.TEXT_DIM)
    return rows[-1].bottom + 8 if rows else side.y


def coin_boxes(view: PlayerView) -> list[tuple[int, Box]]:
    rows = LAYOUT.player_rows(view.public.num_players)
    return [(seat, Box(b.right - 110, b.y + 34, 104, 20)) for seat, b in enumerate(rows)]


def hand_boxes(view: PlayerView, top: int) -> list[tuple[int, Box]]:
    hand = view.public.hands[view.seat]
    return list(zip(hand, LAYOUT.hand_cards(len(hand), top + 22), strict=True))


def draw_hand(surface: pygame.Surface, view: PlayerView, top: int) -> int:
    state = view.public
    board = state.board
    label(surface, i18n.t("hand"), LAYOUT.side.x + 10, top, 14, theme.TEXT_DIM, "bold")
    for card, box in hand_boxes(view, top):
        spec = board.cards[card]
        rect = pygame.Rect(box.tuple())
        special = spec.deck == 1
        pygame.draw.rect(
            surface, (236, 222, 186) if not special else (232, 206, 150), rect, border_radius=6
        )
        pygame.draw.rect(surface, theme.GOLD if special else theme.COAST, rect, 2, border_radius=6)
        size = theme.small(11)
        room = (box.h - 8 - size) // (size + 2)
        lines = theme.wrap(describe.card_text(board, card), size, box.w - 8)
        if len(lines) > room:
            rest = theme.fit_text(" ".join(lines[room - 1 :]), size, box.w - 8)
            lines = [*lines[: room - 1], rest]
        y = box.y + 4
        for line in lines:
            label(surface, line, box.x + 5, y, size, theme.INK)
            y += size + 2
        label(surface, i18n.t("q_points", n=spec.points), box.right - 5, box.bottom - 4, size,
              (120, 60, 20), "bold", "bottomright")  # fmt: skip
    return top + 22 + 74 + 8


def draw_log(
    surface: pygame.Surface, view: PlayerView, entries: list[Applied], viewer: int, top: int,
    scroll: int = 0,
) -> None:  # fmt: skip
    """The newest entries that fit, each whole (an entry never starts cut off at the top)."""
    state = view.public
    board = state.board
    side = LAYOUT.side
    label(surface, i18n.t("log"), side.x + 10, top, 14, theme.TEXT_DIM, "bold")
    y = top + 20
    size = theme.small(12)
    line_h = size + 4
    room = (side.bottom - y - 6) // line_h
    lines: list[tuple[int, str]] = []
    shown = [e for e in entries if not _quiet(e)]
    end = max(0, len(shown) - scroll)
    for entry in reversed(shown[:end]):
        seat = describe.actor_seat(entry)
        text = describe.log_line(board, entry, viewer)
        wrapped = theme.wrap(text, size, side.w - 30)
        if len(lines) + len(wrapped) > room:
            break
        for line in reversed(wrapped):
            lines.append((seat, line))
    lines = lines[::-1]
    for seat, text in lines:
        k = state.seat_kingdom[seat] if 0 <= seat < state.num_players else -1
        pygame.draw.rect(surface, kingdom_color(k), (side.x + 10, y + 2, 6, line_h - 4))
        label(surface, text, side.x + 22, y, size, theme.TEXT)
        y += line_h


def _quiet(entry: Applied) -> bool:
    from game.actions import ChooseDeck

    return isinstance(entry.action, ChooseDeck)


def draw_frame(surface: pygame.Surface) -> None:
    panel(surface, LAYOUT.tray, alpha=225, radius=0)
