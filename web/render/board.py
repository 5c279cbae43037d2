"""The board as a player sees it: the map picture, towers, generals, lit targets, battles.

Drawing reads a ``PlayerView`` and the scene's marks; it never changes game state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game import PlayerView
from web import layout, theme
from web.layout import Camera
from web.render.mapart import BoardGeometry, MapArt
from web.render.tokens import draw_token, draw_tower


@dataclass
class Marks:
    targets: dict[int, str] = field(default_factory=dict)  # lit cities and their cost labels
    target_color: tuple[int, int, int] = theme.HIGHLIGHT
    selected: int | None = None  # selected general
    actable: set[int] = field(default_factory=set)
    own: set[int] = field(default_factory=set)  # the viewer's generals: they stand out
    moving: dict[int, tuple[float, float]] = field(default_factory=dict)  # general -> world pos
    hints: list[tuple[int, int, str]] = field(default_factory=list)  # (from, to, label) cities
    battles: list[int] = field(default_factory=list)
    flash: dict[int, tuple[int, int, int]] = field(default_factory=dict)


class BoardView:
    def __init__(self, geometry: BoardGeometry) -> None:
        self.g = geometry
        self.art = MapArt(geometry)
        self.t = 0.0

    def token_size(self, camera: Camera) -> int:
        zoom = camera.scale / camera.fit_scale
        base = theme.small(20)
        return int(max(base, min(34, base * zoom**0.45)))

    def general_screen(
        self, camera: Camera, view: PlayerView, marks: Marks | None = None
    ) -> dict[int, tuple[float, float]]:
        """Screen positions of the generals on the board (hit testing and drawing share it)."""
        state = view.public
        by_city: dict[int, list[int]] = {}
        for g, c in enumerate(state.gen_city):
            if c >= 0 and state.kingdom_seat[g >> 2] >= 0:
                by_city.setdefault(c, []).append(g)
        size = self.token_size(camera)
        out: dict[int, tuple[float, float]] = {}
        for c, gens in by_city.items():
            x, y = camera.to_screen(*self.g.pos[c])
            for g, (dx, dy) in zip(gens, layout.token_offsets(len(gens), size * 0.9), strict=True):
                out[g] = (x + dx, y - size * 0.55 + dy)
        if marks is not None:
            for g, (wx, wy) in marks.moving.items():
                sx, sy = camera.to_screen(wx, wy)
                out[g] = (sx, sy - size * 0.55)
        return out

    def city_at(self, camera: Camera, x: float, y: float) -> int:
        board = self.g.board
        pts = []
        for c in range(board.num_cities):
            sx, sy = camera.to_screen(*self.g.pos[c])
            pts.append((c, sx, sy))
        return layout.nearest(pts, x, y, layout.hit_radius(camera.scale, camera.fit_scale))

    def general_at(self, camera: Camera, view: PlayerView, x: float, y: float) -> int:
        pos = self.general_screen(camera, view)
        size = self.token_size(camera)
        return layout.nearest(((g, px, py) for g, (px, py) in pos.items()), x, y, size * 0.6)

    def ship_at(self, camera: Camera, x: float, y: float) -> int:
        board = self.g.board
        pts = [
            (n, *camera.to_screen(*self.g.pos[n])) for n in range(board.num_cities, board.num_nodes)
        ]
        return layout.nearest(pts, x, y, 14)

    def tower_anchor(self, camera: Camera, city: int) -> tuple[float, float]:
        x, y = camera.to_screen(*self.g.pos[city])
        size = self.token_size(camera)
        return (x + size * 0.75, y + 4)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, camera: Camera, view: PlayerView, marks: Marks) -> None:
        state = view.public
        vp = camera.viewport
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(vp.tuple()))
        surface.blit(self.art.surface(camera, state.is_winter()), (vp.x, vp.y))
        self._towers(surface, camera, view)
        self._targets(surface, camera, marks)
        self._hints(surface, camera, marks)
        self._battles(surface, camera, marks)
        self._generals(surface, camera, view, marks)
        surface.set_clip(clip)

    def _towers(self, surface: pygame.Surface, camera: Camera, view: PlayerView) -> None:
        state = view.public
        board = state.board
        scale = max(0.9, min(1.5, (camera.scale / camera.fit_scale) ** 0.5))
        for c in range(board.num_cities):
            floors = state.floors[c]
            if floors <= 0:
                continue
            if board.is_island[c]:
                owners = [state.seat_kingdom[s] for s in state.island_stack.get(c, ())]
            else:
                owners = [state.seat_kingdom[state.tower_owner[c]]] * floors
            x, y = self.tower_anchor(camera, c)
            draw_tower(surface, owners, x, y, scale)

    def _targets(self, surface: pygame.Surface, camera: Camera, marks: Marks) -> None:
        """Lit cities: a pulsing ring; the cost sits inside a disc on the city, so crowded
        places (the Bosporus, Sicily) keep one mark per city instead of a tangle of tags."""
        pulse = 0.5 + 0.5 * math.sin(self.t * 5)
        size = theme.small(13)
        for c, text in marks.targets.items():
            x, y = camera.to_screen(*self.g.pos[c])
            r = 11 + 3 * pulse
            pygame.draw.circle(surface, (20, 20, 20), (x, y), r + 2, 2)
            pygame.draw.circle(surface, marks.target_color, (x, y), r, 3)
            if text:
                img = theme.text(text, size, (20, 20, 20), "bold")
                disc = max(img.get_width(), img.get_height()) // 2 + 1
                pygame.draw.circle(surface, (20, 20, 20), (x, y), disc + 1)
                pygame.draw.circle(surface, marks.target_color, (x, y), disc)
                surface.blit(img, img.get_rect(center=(int(x), int(y) + 1)))
        for c, color in marks.flash.items():
            x, y = camera.to_screen(*self.g.pos[c])
            pygame.draw.circle(surface, color, (x, y), 18, 4)

    def _hints(self, surface: pygame.Surface, camera: Camera, marks: Marks) -> None:
        for i, (src, dest, text) in enumerate(marks.hints):
            b = camera.to_screen(*self.g.pos[dest])
            color = (120, 230, 140) if i == 0 else (190, 230, 200)
            if src >= 0 and src != dest:
                a = camera.to_screen(*self.g.pos[src])
                pygame.draw.line(surface, (20, 40, 20), a, b, 6)
                pygame.draw.line(surface, color, a, b, 3)
            pygame.draw.circle(surface, color, b, 16, 3)
            img = theme.text(text, 13, (10, 30, 10), "bold")
            box = img.get_rect(midbottom=(b[0], b[1] - 18))
            pygame.draw.rect(surface, color, box.inflate(8, 2), border_radius=6)
            surface.blit(img, box)

    def _battles(self, surface: pygame.Surface, camera: Camera, marks: Marks) -> None:
        for c in marks.battles:
            x, y = camera.to_screen(*self.g.pos[c])
            for sign in (-1, 1):
                pygame.draw.line(surface, (20, 20, 20), (x - 12, y - 40 - 12 * sign),
                                 (x + 12, y - 40 + 12 * sign), 6)  # fmt: skip
                pygame.draw.line(surface, theme.RED, (x - 12, y - 40 - 12 * sign),
                                 (x + 12, y - 40 + 12 * sign), 3)  # fmt: skip

    def _generals(
        self, surface: pygame.Surface, camera: Camera, view: PlayerView, marks: Marks
    ) -> None:
        state = view.public
        size = self.token_size(camera)
        pos = self.general_screen(camera, view, marks)
        for g, (x, y) in sorted(pos.items(), key=lambda kv: (kv[0] == marks.selected, kv[1][1])):
            k = g >> 2
            faded = bool(state.acted >> g & 1) and state.kingdom_seat[k] == state.active
            if g == marks.selected:
                pygame.draw.circle(surface, theme.HIGHLIGHT, (x, y), size * 0.85, 4)
            elif g in marks.actable:
                pygame.draw.circle(surface, (255, 255, 255), (x, y), size * 0.75, 2)
            draw_token(surface, k, state.gen_level[g], x, y, size, faded, g in marks.own)
