"""The board as a player sees it: the map picture, towers, generals, lit targets, battles.

Drawing reads a ``PlayerView`` and the scene's marks; it never changes game state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game import PlayerView
from web.render.mapart import BoardGeometry, MapArt, marker_radius
from web.render.tokens import draw_token, draw_tower, tower_size
from web.text import i18n
from web.ui import layout, theme
from web.ui.layout import Box, Camera
from web.ui.placement import Name, Point, Stack, box_around, fan_tokens, place_marks, place_names

TAP_SPARE = 4  # px round what a tap hits (``tap_areas``): a finger is not a pixel


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


def cost_size() -> int:
    """The lit cities' costs: a small text, on a phone at the text floor (at 568x320 they
    were about 9 CSS px, under what a phone reads)."""
    return max(theme.small(13), theme.floor())


class BoardView:
    def __init__(self, geometry: BoardGeometry) -> None:
        self.g = geometry
        self.art = MapArt(geometry)
        self.t = 0.0
        self._fan_key: tuple[object, ...] = ()
        self._fan: dict[int, tuple[float, float]] = {}
        self._taps_key: tuple[object, ...] = ()
        self._taps: list[Box] = []
        self._names_key: tuple[object, ...] = ()
        self._names: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._name_leaders: list[tuple[Point, Point]] = []
        # Screen boxes of the controls a scene draws over the map (a phone's drawer tabs, the
        # zoom buttons): names are laid round them as round the tokens.
        self.overlays: tuple[Box, ...] = ()

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
        # Laid out in world pixels at this scale, so a pan only shifts the layout.
        key = (
            round(camera.scale * 10000),
            size,
            tuple(sorted((c, tuple(gs)) for c, gs in by_city.items())),
        )
        if key != self._fan_key:
            self._fan_key = key
            self._fan = self._spread(camera.scale, by_city, size)
        vp = camera.viewport
        dx, dy = vp.x - camera.ox * camera.scale, vp.y - camera.oy * camera.scale
        out = {g: (x + dx, y + dy) for g, (x, y) in self._fan.items()}
        if marks is not None:
            for g, (wx, wy) in marks.moving.items():
                sx, sy = camera.to_screen(wx, wy)
                out[g] = (sx, sy - size * 0.55)
        return out

    def _spread(
        self, scale: float, by_city: dict[int, list[int]], size: int
    ) -> dict[int, tuple[float, float]]:
        """Each general's token over its city (in world pixels at ``scale``), the rows of
        neighbouring cities pushed apart so that no token hides another city's (Ostia's
        general left Roma's in view)."""
        stacks = []
        for c, gens in sorted(by_city.items()):
            x, y = self.g.pos[c]
            stacks.append(Stack(c, (x * scale, y * scale - size * 0.55), len(gens)))
        rows = fan_tokens(stacks, size, size * 0.9)
        out: dict[int, tuple[float, float]] = {}
        for c, gens in by_city.items():
            for g, p in zip(gens, rows[c], strict=True):
                out[g] = p
        return out

    def token_boxes(
        self, camera: Camera, view: PlayerView, marks: Marks | None = None
    ) -> list[Box]:
        """Where the generals' tokens are drawn on screen, each the size of its shape."""
        size = self.token_size(camera)
        pos = self.general_screen(camera, view, marks)
        return [box_around(x, y, size, size) for x, y in pos.values()]

    def cost_discs(self, camera: Camera, view: PlayerView, marks: Marks) -> dict[int, Box]:
        """The lit cities' cost discs on screen, city -> its disc: on the city, or moved off
        it where lit cities crowd or a general stands (``placement.place_marks``); a tap on
        one is its city's."""
        labelled = [(c, *camera.to_screen(*self.g.pos[c])) for c, t in marks.targets.items() if t]
        if not labelled:
            return {}
        font = theme.font(cost_size(), "bold")
        d = max(font.size(marks.targets[c])[0] for c, _x, _y in labelled)
        d = max(d, font.get_height()) + 4
        placed = place_marks(labelled, d, self.token_boxes(camera, view, marks))
        return {c: box_around(round(x), round(y), d, d) for c, (x, y) in placed.items()}

    def target_boxes(self, camera: Camera, marks: Marks) -> list[Box]:
        """The lit cities and the suggested moves' cities on screen, each with its ring."""
        cities = set(marks.targets) | {c for src, dest, _ in marks.hints for c in (src, dest)}
        return [box_around(*camera.to_screen(*self.g.pos[c]), 36, 36) for c in cities if c >= 0]

    def interest_points(self, camera: Camera, view: PlayerView, marks: Marks) -> list[Point]:
        """What a player may want to tap or watch: lit and suggested cities, the generals
        that can act, the selected one."""
        pos = self.general_screen(camera, view, marks)
        keep = (
            marks.actable | marks.own | ({marks.selected} if marks.selected is not None else set())
        )
        return [b.center for b in self.target_boxes(camera, marks)] + [
            p for g, p in pos.items() if g in keep
        ]

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

    def tap_areas(self, camera: Camera, stack: int) -> list[Box]:
        """Where a tap meant for a city or a general lands at ``camera``: each city's hit
        circle, and over it the row a stack of ``stack`` generals takes (each token with its
        hit margin), laid out as ``_spread`` lays a city's row with no neighbour beside it;
        ``TAP_SPARE`` pixels more on every side."""
        size = self.token_size(camera)
        key = (camera.key(), camera.viewport.tuple(), size, stack)
        if key != self._taps_key:
            r = layout.hit_radius(camera.scale, camera.fit_scale) + TAP_SPARE
            # general_at: a token is hit 0.6 of its size from its centre
            row_w = (stack - 1) * size * 0.9 + size * 1.2 + 2 * TAP_SPARE
            row_h = size * 1.2 + 2 * TAP_SPARE
            self._taps = []
            for c in range(self.g.board.num_cities):
                x, y = camera.to_screen(*self.g.pos[c])
                self._taps.append(box_around(x, y, 2 * r, 2 * r))
                self._taps.append(box_around(x, y - size * 0.55, row_w, row_h))
            self._taps_key = key
        return self._taps

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
        self._city_names(surface, camera, view)
        self._towers(surface, camera, view)
        self._targets(surface, camera, view, marks)
        self._hints(surface, camera, marks)
        self._battles(surface, camera, marks)
        self._generals(surface, camera, view, marks)
        surface.set_clip(clip)

    def _city_names(self, surface: pygame.Surface, camera: Camera, view: PlayerView) -> None:
        """The names laid round what is drawn over them: the standing generals (not one on
        the move, or every name would shift under it) and the towers."""
        vp = camera.viewport
        covers = [*self.token_boxes(camera, view), *self.tower_boxes(camera, view),
                  *self.overlays]  # fmt: skip
        local = tuple(Box(b.x - vp.x, b.y - vp.y, b.w, b.h) for b in covers)
        key = (camera.key(), i18n.language(), theme.text_scale(), self.art.show_labels, local)
        if key != self._names_key:
            self._names_key = key
            placed = self.art.labels(camera, None, local)
            self._names = [
                (self.art.label_image(text, size, face), (vp.x + box.x, vp.y + box.y - 1))
                for box, text, size, face in placed.values()
            ]
            self._name_leaders = []
            far = marker_radius(camera) + 9
            for c, (box, *_) in placed.items():
                x, y = camera.to_screen(*self.g.pos[c])
                # A name pushed off its city by a crowd of tokens: a line says whose it is.
                nx = min(max(x, vp.x + box.x), vp.x + box.right)
                ny = min(max(y, vp.y + box.y), vp.y + box.bottom)
                if math.hypot(nx - x, ny - y) > far:
                    self._name_leaders.append(((x, y), (nx, ny)))
        for a, b in self._name_leaders:
            pygame.draw.line(surface, (246, 238, 216), a, b, 3)
            pygame.draw.line(surface, (28, 24, 18), a, b, 1)
        for img, at in self._names:
            surface.blit(img, at)

    def _tower_scale(self, camera: Camera) -> float:
        return max(0.9, min(1.5, math.sqrt(camera.scale / camera.fit_scale)))

    def tower_boxes(self, camera: Camera, view: PlayerView) -> list[Box]:
        state = view.public
        scale = self._tower_scale(camera)
        out = []
        for c in range(state.board.num_cities):
            floors = state.floors[c]
            if floors > 0:
                x, y = self.tower_anchor(camera, c)
                w, h = tower_size(floors, scale)
                out.append(Box(round(x - w / 2), round(y - h), w, h))
        return out

    def _towers(self, surface: pygame.Surface, camera: Camera, view: PlayerView) -> None:
        state = view.public
        board = state.board
        scale = self._tower_scale(camera)
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

    def _targets(
        self, surface: pygame.Surface, camera: Camera, view: PlayerView, marks: Marks
    ) -> None:
        """Lit cities: a pulsing ring; the cost sits inside a disc on the city, so crowded
        places (the Bosporus, Sicily) keep one mark per city instead of a tangle of tags."""
        pulse = 0.5 + 0.5 * math.sin(self.t * 5)
        for c in marks.targets:
            x, y = camera.to_screen(*self.g.pos[c])
            r = 11 + 3 * pulse
            pygame.draw.circle(surface, (20, 20, 20), (x, y), r + 2, 2)
            pygame.draw.circle(surface, marks.target_color, (x, y), r, 3)
        size = cost_size()
        for c, disc in self.cost_discs(camera, view, marks).items():
            x, y = camera.to_screen(*self.g.pos[c])
            cx, cy = disc.center
            if (cx, cy) != (round(x), round(y)):  # moved off a crowded city: a leader to it
                pygame.draw.line(surface, (20, 20, 20), (x, y), (cx, cy), 3)
                pygame.draw.line(surface, marks.target_color, (x, y), (cx, cy), 1)
            img = theme.text(marks.targets[c], size, (20, 20, 20), "bold")
            pygame.draw.circle(surface, (20, 20, 20), (cx, cy), disc.w // 2 + 1)
            pygame.draw.circle(surface, marks.target_color, (cx, cy), disc.w // 2)
            surface.blit(img, img.get_rect(center=(cx, cy + 1)))
        for c, color in marks.flash.items():
            x, y = camera.to_screen(*self.g.pos[c])
            pygame.draw.circle(surface, color, (x, y), 18, 4)

    def _hints(self, surface: pygame.Surface, camera: Camera, marks: Marks) -> None:
        colors = [(120, 230, 140) if i == 0 else (190, 230, 200) for i in range(len(marks.hints))]
        for (src, dest, _text), color in zip(marks.hints, colors, strict=True):
            b = camera.to_screen(*self.g.pos[dest])
            if src >= 0 and src != dest:
                a = camera.to_screen(*self.g.pos[src])
                pygame.draw.line(surface, (20, 40, 20), a, b, 6)
                pygame.draw.line(surface, color, a, b, 3)
            pygame.draw.circle(surface, color, b, 16, 3)
        # Suggestions often share a start, and a placement's cities are neighbours: their
        # tags take turns round their cities rather than pile up on one another.
        for i, box in self.hint_tags(camera, marks).items():
            rect = pygame.Rect(box.tuple())
            at = camera.to_screen(*self.g.pos[marks.hints[i][1]])
            if not rect.inflate(8, 8).collidepoint(at):  # put farther off: a leader to it
                edge = (min(max(at[0], rect.x), rect.right), min(max(at[1], rect.y), rect.bottom))
                pygame.draw.line(surface, (10, 30, 10), at, edge, 3)
                pygame.draw.line(surface, colors[i], at, edge, 1)
            pygame.draw.rect(surface, colors[i], rect, border_radius=6)
            img = theme.text(marks.hints[i][2], cost_size(), (10, 30, 10), "bold")
            surface.blit(img, img.get_rect(center=rect.center))

    def hint_tags(self, camera: Camera, marks: Marks) -> dict[int, Box]:
        """Each suggestion's chance tag ("45%") on screen, beside its city and clear of the
        other tags, of the other suggested cities' rings and of the lit cities' costs."""
        tags, rings = [], []
        for i, (_src, dest, text) in enumerate(marks.hints):
            x, y = camera.to_screen(*self.g.pos[dest])
            w, h = theme.font(cost_size(), "bold").size(text)
            tags.append(Name(i, x, y, w + 8, h + 2, 18, keep=True))
            rings.append((-1 - i, box_around(x, y, 32, 32)))
        return place_names(tags, rings)

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
        self._leaders(surface, camera, view, marks, pos, size)
        for g, (x, y) in sorted(pos.items(), key=lambda kv: (kv[0] == marks.selected, kv[1][1])):
            k = g >> 2
            faded = bool(state.acted >> g & 1) and state.kingdom_seat[k] == state.active
            if g == marks.selected:
                pygame.draw.circle(surface, theme.HIGHLIGHT, (x, y), size * 0.85, 4)
            elif g in marks.actable:
                pygame.draw.circle(surface, (255, 255, 255), (x, y), size * 0.75, 2)
            draw_token(surface, k, state.gen_level[g], x, y, size, faded, g in marks.own)

    def _leaders(
        self, surface: pygame.Surface, camera: Camera, view: PlayerView, marks: Marks,
        pos: dict[int, tuple[float, float]], size: int,
    ) -> None:  # fmt: skip
        """A thin line from a city to its generals where they were pushed aside to stay in
        view, so that whose city they stand in is never in doubt."""
        state = view.public
        by_city: dict[int, list[tuple[float, float]]] = {}
        for g, c in enumerate(state.gen_city):
            if c >= 0 and g in pos and g not in marks.moving:
                by_city.setdefault(c, []).append(pos[g])
        for c, points in by_city.items():
            x, y = camera.to_screen(*self.g.pos[c])
            gx = sum(p[0] for p in points) / len(points)
            gy = sum(p[1] for p in points) / len(points)
            if math.hypot(gx - x, gy - (y - size * 0.55)) < size * 0.3:
                continue
            pygame.draw.line(surface, (30, 26, 20), (x, y), (gx, gy), 3)
            pygame.draw.line(surface, (250, 248, 240), (x, y), (gx, gy), 1)
            pygame.draw.circle(surface, (30, 26, 20), (x, y), 3)
