"""The board picture that changes only with the camera: sea, land from the Natural Earth
coastlines (``web/data/coastlines.json``), kingdom territories, land routes, sea lanes with their
ships, city markers and names. Rebuilt when the camera, season or language changes."""

from __future__ import annotations

import pygame

from game.content import MapSpec
from web import geo, i18n, layout, theme
from web.layout import Camera
from web.render.tokens import draw_ship, kingdom_color

CELL = 6.0  # world units per territory cell
REACH = 85.0  # a city colours land up to this far


class BoardGeometry:
    """World positions of nodes, coastlines and a coarse territory map, computed once."""

    def __init__(self, board: MapSpec) -> None:
        self.board = board
        self.pos = [geo.project(n.lat, n.lon) for n in board.nodes]
        self.coasts = geo.load_coastlines()
        self.bounds = [
            (min(x for x, _ in p), min(y for _, y in p), max(x for x, _ in p), max(y for _, y in p))
            for p in self.coasts
        ]
        self.territory = self._territory()

    def _territory(self) -> pygame.Surface:
        cols = int(geo.WORLD_WIDTH / CELL) + 1
        rows = int(geo.WORLD_HEIGHT / CELL) + 1
        best = [[REACH * REACH] * cols for _ in range(rows)]
        owner = [[-1] * cols for _ in range(rows)]
        span = int(REACH / CELL) + 1
        board = self.board
        for node in board.nodes[: board.num_cities]:
            x, y = self.pos[node.index]
            ci, ri = int(x / CELL), int(y / CELL)
            for r in range(max(0, ri - span), min(rows, ri + span + 1)):
                dy = (r + 0.5) * CELL - y
                brow, orow = best[r], owner[r]
                for c in range(max(0, ci - span), min(cols, ci + span + 1)):
                    dx = (c + 0.5) * CELL - x
                    d = dx * dx + dy * dy
                    if d < brow[c]:
                        brow[c] = d
                        orow[c] = node.kingdom
        surf = pygame.Surface((cols, rows), pygame.SRCALPHA)
        surf.fill((0, 0, 0, 0))
        colors = {k: (*kingdom_color(k), 255) for k in range(6)}
        for r in range(rows):
            orow = owner[r]
            for c in range(cols):
                k = orow[c]
                if k >= 0:
                    surf.set_at((c, r), colors[k])
        return surf


class MapArt:
    """The board picture for the current camera, in summer and in winter.

    Both seasons stay cached for the camera, so that a change of season (every few turns,
    often while an AI thinks) costs no frame a rebuild; ``prepare`` builds the other season
    ahead of time, in a frame the caller has set aside for it.
    """

    def __init__(self, geometry: BoardGeometry) -> None:
        self.g = geometry
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self.show_labels = True

    def _key(self, camera: Camera, winter: bool) -> tuple[object, ...]:
        return (camera.key(), i18n.language(), self.show_labels, theme.text_scale(), winter)

    def surface(self, camera: Camera, winter: bool) -> pygame.Surface:
        self.prepare(camera, winter)
        return self._cache[self._key(camera, winter)]

    def prepare(self, camera: Camera, winter: bool) -> bool:
        """Build the picture for ``winter`` if it is not cached; True if that took a build."""
        key = self._key(camera, winter)
        if key in self._cache:
            return False
        # Only the two seasons of one camera and one text setting are worth keeping.
        for old in [k for k in self._cache if k[:-1] != key[:-1]]:
            del self._cache[old]
        self._cache[key] = self._build(camera, winter)
        return True

    def _build(self, camera: Camera, winter: bool) -> pygame.Surface:
        vp = camera.viewport
        size = (vp.w, vp.h)
        out = pygame.Surface(size)
        out.fill(theme.SEA if not winter else theme.blend(theme.SEA, (170, 190, 205), 0.25))
        s = camera.scale
        ox, oy = camera.ox, camera.oy
        x1, y1 = ox + vp.w / s, oy + vp.h / s
        mask = pygame.Surface(size, pygame.SRCALPHA)
        mask.fill((0, 0, 0, 0))
        shapes = []
        for poly, (bx0, by0, bx1, by1) in zip(self.g.coasts, self.g.bounds, strict=True):
            if bx1 < ox or by1 < oy or bx0 > x1 or by0 > y1:
                continue
            pts = [((x - ox) * s, (y - oy) * s) for x, y in poly]
            shapes.append(pts)
            pygame.draw.polygon(out, theme.LAND, pts)
            pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
        self._territories(out, mask, camera)
        for pts in shapes:
            pygame.draw.lines(out, theme.COAST, True, pts, 1)
        self._routes(out, camera, winter)
        self._cities(out, camera)
        return out

    def _territories(self, out: pygame.Surface, mask: pygame.Surface, camera: Camera) -> None:
        vp = camera.viewport
        terr = self.g.territory
        tw, th = terr.get_size()
        s = camera.scale
        # The visible part of the territory map, scaled up smoothly (soft borders).
        c0 = max(0, int(camera.ox / CELL))
        r0 = max(0, int(camera.oy / CELL))
        c1 = min(tw, int((camera.ox + vp.w / s) / CELL) + 2)
        r1 = min(th, int((camera.oy + vp.h / s) / CELL) + 2)
        if c1 <= c0 or r1 <= r0:
            return
        part = terr.subsurface((c0, r0, c1 - c0, r1 - r0))
        w = max(1, int((c1 - c0) * CELL * s))
        h = max(1, int((r1 - r0) * CELL * s))
        scaled = pygame.transform.smoothscale(part, (w, h))
        layer = pygame.Surface(out.get_size(), pygame.SRCALPHA)
        layer.fill((0, 0, 0, 0))
        layer.blit(scaled, ((c0 * CELL - camera.ox) * s, (r0 * CELL - camera.oy) * s))
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        layer.set_alpha(72)
        out.blit(layer, (0, 0))

    def _routes(self, out: pygame.Surface, camera: Camera, winter: bool) -> None:
        board = self.g.board
        pos = self.g.pos
        vp = camera.viewport
        s = camera.scale / camera.fit_scale
        width = max(2, int(2 * s**0.5))
        sea_color = theme.SEA_ROUTE if not winter else theme.blend(theme.SEA_ROUTE, theme.SEA, 0.6)
        for r in board.routes:
            ax, ay = camera.to_screen(*pos[r.a])
            bx, by = camera.to_screen(*pos[r.b])
            a = (ax - vp.x, ay - vp.y)
            b = (bx - vp.x, by - vp.y)
            if r.sea:
                _dashed(out, sea_color, a, b, max(1, width - 1), dash=7 * s**0.5)
            else:
                pygame.draw.line(out, theme.LAND_ROUTE, a, b, width)
        for node in board.nodes[board.num_cities :]:
            x, y = camera.to_screen(*pos[node.index])
            color = (236, 240, 244) if not winter else (170, 184, 196)
            draw_ship(out, x - vp.x, y - vp.y, max(0.8, min(1.8, s**0.5)), color)

    def _cities(self, out: pygame.Surface, camera: Camera) -> None:
        board = self.g.board
        r = marker_radius(camera)
        shown = self._shown(camera)
        for c, x, y in shown:
            node = board.nodes[c]
            color = kingdom_color(node.kingdom)
            if node.is_capital:
                rect = pygame.Rect(0, 0, 2 * r + 4, 2 * r + 4)
                rect.center = (x, y)
                pygame.draw.rect(out, (30, 26, 20), rect.inflate(4, 4), border_radius=3)
                pygame.draw.rect(out, color, rect, border_radius=3)
            elif node.is_island:
                pygame.draw.circle(out, (250, 250, 250), (x, y), r + 4)
                pygame.draw.circle(out, (30, 26, 20), (x, y), r + 4, 2)
                pygame.draw.circle(out, theme.GOLD, (x, y), r)
            else:
                pygame.draw.circle(out, (30, 26, 20), (x, y), r + 1)
                pygame.draw.circle(out, theme.blend(color, (255, 255, 255), 0.25), (x, y), r)
        if self.show_labels:
            for _c, (box, text, size, face) in self.labels(camera, shown).items():
                _halo_text(out, text, size, box.x + 1, box.y, face)

    def _shown(self, camera: Camera) -> list[tuple[int, int, int]]:
        """(city, x, y) of the cities inside the picture, in picture pixels."""
        vp = camera.viewport
        out = []
        for c in range(self.g.board.num_cities):
            x, y = camera.to_screen(*self.g.pos[c])
            x, y = int(x - vp.x), int(y - vp.y)
            if -60 <= x <= vp.w + 60 and -30 <= y <= vp.h + 30:
                out.append((c, x, y))
        return out

    def labels(
        self, camera: Camera, shown: list[tuple[int, int, int]] | None = None
    ) -> dict[int, tuple[layout.Box, str, int, str]]:
        """City names without clutter, in picture pixels: capitals first, then islands, then
        the other cities where room is left (and only when zoomed in); a name never covers
        another name or another city's marker."""
        nodes = self.g.board.nodes
        zoom = camera.scale / camera.fit_scale
        r = marker_radius(camera)
        step = 0 if zoom < 1.6 else 1 if zoom < 2.6 else 2
        big = theme.small((11, 13, 15)[step])
        small = theme.small((10, 12, 14)[step])
        spots: list[layout.LabelSpot] = []
        obstacles: list[tuple[int, layout.Box]] = []
        faces: dict[int, tuple[str, int, str]] = {}
        for c, x, y in shown if shown is not None else self._shown(camera):
            node = nodes[c]
            obstacles.append((c, layout.Box(x - r - 2, y - r - 2, 2 * r + 4, 2 * r + 4)))
            if not (node.is_capital or node.is_island or zoom >= ORDINARY_LABEL_ZOOM):
                continue
            face = "bold" if node.is_capital else "sans"
            size = big if node.is_capital or node.is_island else small
            text = i18n.name(node)
            w, h = theme.font(size, face).size(text)
            faces[c] = (text, size, face)
            priority = 3 if node.is_capital else 2 if node.is_island else 1
            spots.append(layout.LabelSpot(c, x, y, w + 2, h, r + 3, priority, node.is_capital))
        placed = layout.place_labels(spots, obstacles)
        return {c: (box, *faces[c]) for c, box in placed.items()}


def marker_radius(camera: Camera) -> int:
    zoom = camera.scale / camera.fit_scale
    return int(max(4, min(9, 4.5 * zoom**0.5)))


ORDINARY_LABEL_ZOOM = 1.3  # below this only capitals and islands are named


def _halo_text(out: pygame.Surface, s: str, size: int, x: int, y: int, face: str) -> None:
    halo = theme.text(s, size, (246, 238, 216), face)
    ink = theme.text(s, size, (28, 24, 18), face)
    rect = ink.get_rect(topleft=(x, y))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        out.blit(halo, rect.move(dx, dy))
    out.blit(ink, rect)


def _dashed(
    out: pygame.Surface, color: tuple[int, ...], a: tuple[float, float], b: tuple[float, float],
    width: int, dash: float,
) -> None:  # fmt: skip
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length < 1:
        return
    steps = max(1, int(length / dash))
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        pygame.draw.line(
            out, color, (a[0] + dx * t0, a[1] + dy * t0), (a[0] + dx * t1, a[1] + dy * t1), width
        )
