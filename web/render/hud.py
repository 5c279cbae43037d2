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


def track_tokens(view: PlayerView) -> list[tuple[int, Box]]:
    """Generals off the board, drawn on the season slot from which they may return (R6.2)."""
    state = view.public
    per_slot: dict[int, int] = {}
    out = []
    for g, c in enumerate(state.gen_city):
        if c >= 0 or state.kingdom_seat[g >> 2] < 0 or state.gen_return[g] < 0:
            continue
        slot = max(state.round, min(15, state.gen_return[g]))
        n = per_slot.get(slot, 0)
        per_slot[slot] = n + 1
        out.append((g, LAYOUT.track_token(slot, n)))
    return out


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


def draw_track_tokens(surface: pygame.Surface, view: PlayerView) -> None:
    state = view.public
    for g, box in track_tokens(view):
        draw_token(surface, g >> 2, state.gen_level[g], box.center[0], box.center[1], 17)


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
        label(surface, who, box.x + 40, box.y + 22, 12, theme.TEXT_DIM)
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
        lines = theme.wrap(describe.card_text(board, card), 11, box.w - 8)[:4]
        y = box.y + 4
        for line in lines:
            label(surface, line, box.x + 5, y, 11, theme.INK)
            y += 13
        label(surface, i18n.t("q_points", n=spec.points), box.right - 5, box.bottom - 4, 11,
              (120, 60, 20), "bold", "bottomright")  # fmt: skip
    return top + 22 + 74 + 8


def draw_log(
    surface: pygame.Surface, view: PlayerView, entries: list[Applied], viewer: int, top: int,
    scroll: int = 0,
) -> None:  # fmt: skip
    state = view.public
    board = state.board
    side = LAYOUT.side
    label(surface, i18n.t("log"), side.x + 10, top, 14, theme.TEXT_DIM, "bold")
    y = top + 20
    line_h = 16
    room = (side.bottom - y - 6) // line_h
    lines: list[tuple[int, str]] = []
    shown = [e for e in entries if not _quiet(e)]
    end = max(0, len(shown) - scroll)
    for entry in reversed(shown[:end]):
        seat = describe.actor_seat(entry)
        text = describe.log_line(board, entry, viewer)
        wrapped = theme.wrap(text, 12, side.w - 30)
        for line in reversed(wrapped):
            lines.append((seat, line))
        if len(lines) >= room:
            break
    lines = lines[:room][::-1]
    for seat, text in lines:
        k = state.seat_kingdom[seat] if 0 <= seat < state.num_players else -1
        pygame.draw.rect(surface, kingdom_color(k), (side.x + 10, y + 2, 6, line_h - 4))
        label(surface, text, side.x + 22, y, 12, theme.TEXT)
        y += line_h


def _quiet(entry: Applied) -> bool:
    from game.actions import ChooseDeck

    return isinstance(entry.action, ChooseDeck)


def draw_frame(surface: pygame.Surface) -> None:
    panel(surface, LAYOUT.tray, alpha=225, radius=0)
