"""The board picture that changes only with the camera: sea, land from the Natural Earth
coastlines (``web/data/coastlines.json``), the kingdoms' territories with their borders and
names (``web/data/territories_N.json``, of map N), land routes, sea lanes with their ships,
city markers.

The picture is cut into square tiles at the camera's scale, each drawn once and kept: panning
only lays kept tiles side by side, and a new scale draws just the tiles it shows. City names
are not in it: they are placed each time the generals move, round the tokens (``labels``).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable

import pygame

from game import MapSpec
from web.render.tokens import draw_ship, kingdom_color, kingdom_letter
from web.text import i18n
from web.ui import geo, layout, theme
from web.ui.layout import Camera
from web.ui.placement import Name, place_names

TILE = 512  # px: a tile of the picture at one scale
MAX_TILES = 28  # about 28 MB: both seasons of a whole zoomed-in view and some of the last one
BAND = 32.0  # world units: polygons are cut into bands of this height, once
BAND_MARGIN = 8.0  # world units each band's pieces reach past it (their cut edges lie there)

Bounds = tuple[float, float, float, float]
ToPixels = Callable[[tuple[float, float]], tuple[float, float]]  # world -> tile pixels
Seen = Callable[[Bounds], bool]  # whether world bounds touch the tile


def _bounds(points: list[tuple[float, float]]) -> Bounds:
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


Ring = list[tuple[float, float]]
Piece = tuple[int, Ring, Bounds]  # owner (or -1 for land), the band's part of a ring, bounds


class BoardGeometry:
    """World positions of nodes, the coastlines and the territories of one map, read once."""

    def __init__(self, board: MapSpec) -> None:
        self.board = board
        self.pos = [geo.project(n.lat, n.lon) for n in board.nodes]
        self.coasts = geo.load_coastlines()
        self.bounds = [_bounds(p) for p in self.coasts]
        self.territories = geo.load_territories(board.version)
        self.border_bounds = [_bounds(line) for _, line in self.territories.borders]
        # pygame fills a polygon row by row over its whole height, testing every edge on each
        # row: the mainland zoomed in would cost tens of milliseconds a tile. Cut into bands,
        # a tile fills only its own rows, each against the few edges of that band.
        self.land_bands = bands([(-1, ring) for ring in self.coasts])
        self.region_bands = bands(self.territories.regions)


# The geometry of each map shown so far, by map version: a match and a replay on the same map
# share one (reading the territories takes a moment), and maps never share one.
_GEOMETRIES: dict[int, BoardGeometry] = {}


def board_geometry(board: MapSpec) -> BoardGeometry:
    """``BoardGeometry(board)``, made once per map version."""
    found = _GEOMETRIES.get(board.version)
    if found is None or found.board is not board:
        found = _GEOMETRIES[board.version] = BoardGeometry(board)
    return found


def _clip_rows(ring: Ring, lo: float, hi: float) -> Ring:
    """Sutherland-Hodgman against lo <= y <= hi. Where the ring leaves and comes back, the
    result runs along y = lo or y = hi: such edges are drawn only outside the band's rows."""
    for keep_low, y in ((True, lo), (False, hi)):
        out: Ring = []
        if not ring:
            return out
        px, py = ring[-1]
        p_in = py >= y if keep_low else py <= y
        for x, yy in ring:
            c_in = yy >= y if keep_low else yy <= y
            if c_in != p_in:
                t = (y - py) / (yy - py)
                out.append((px + t * (x - px), y))
            if c_in:
                out.append((x, yy))
            px, py, p_in = x, yy, c_in
        ring = out
    return ring


def bands(rings: list[tuple[int, Ring]]) -> dict[int, list[Piece]]:
    """Each band's pieces of ``rings`` (band b holds world rows b * BAND to (b + 1) * BAND),
    in the order of ``rings``: painting a band's pieces in order paints the rings in order."""
    count = math.ceil(geo.WORLD_HEIGHT / BAND)
    out: dict[int, list[Piece]] = {}

    def split(owner: int, ring: Ring, b0: int, b1: int) -> None:
        if len(ring) < 3:
            return
        if b1 - b0 == 1:
            out.setdefault(b0, []).append((owner, ring, _bounds(ring)))
            return
        mid = (b0 + b1) // 2  # halving, so each point is clipped a few times, not per band
        split(owner, _clip_rows(ring, b0 * BAND - BAND_MARGIN, mid * BAND + BAND_MARGIN), b0, mid)
        split(owner, _clip_rows(ring, mid * BAND - BAND_MARGIN, b1 * BAND + BAND_MARGIN), mid, b1)

    for owner, ring in rings:
        _, y0, _, y1 = _bounds(ring)
        b0 = max(0, math.floor(y0 / BAND))
        b1 = min(count, math.floor(y1 / BAND) + 1)
        if b1 > b0:
            split(owner, ring, b0, b1)
    return out


def territory_fill(owner: int) -> tuple[int, int, int, int]:
    """The wash over a territory's land; neutral land keeps the bare parchment."""
    if owner == geo.TERRITORY_NEUTRAL:
        return (0, 0, 0, 0)
    if owner == geo.TERRITORY_ISLAND:
        return (*theme.GOLD, 110)
    color = kingdom_color(owner)
    # A dark colour darkens the parchment more at the same opacity: each wash darkens the land
    # about as much as the others, so no kingdom's land looks in shadow.
    darker = sum(theme.LAND) / 3 - sum(color) / 3
    return (*color, round(max(72, min(96, 8400 / (max(0.0, darker) + 40)))))


def territory_band(owner: int) -> tuple[int, int, int, int]:
    """The strong strip of colour just inside a kingdom's border, as printed boards have;
    the quest islands get a gold one, neutral land none."""
    if owner == geo.TERRITORY_NEUTRAL:
        return (0, 0, 0, 0)
    if owner == geo.TERRITORY_ISLAND:
        return (*theme.GOLD, 200)
    return (*kingdom_color(owner), 190)


class MapArt:
    """The board picture for the current camera, in summer and in winter.

    Both seasons stay cached for the camera, so that a change of season (every few turns,
    often while an AI thinks) costs no frame a rebuild; ``prepare`` builds the other season
    ahead of time, in a frame the caller has set aside for it.
    """

    def __init__(self, geometry: BoardGeometry) -> None:
        self.g = geometry
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self._tiles: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._names: dict[tuple[object, ...], pygame.Surface] = {}
        self._name_fit: dict[tuple[object, ...], pygame.Surface | None] = {}
        self.show_labels = True
        self._fit = 1.0  # the fit scale of the camera being drawn: zoom = scale / fit

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
        out = pygame.Surface((vp.w, vp.h))
        s = camera.scale
        self._fit = camera.fit_scale
        # Tiles are aligned to the world's origin at this scale; the picture starts here.
        left, top = round(camera.ox * s), round(camera.oy * s)
        for ty in range(math.floor(top / TILE), math.floor((top + vp.h - 1) / TILE) + 1):
            for tx in range(math.floor(left / TILE), math.floor((left + vp.w - 1) / TILE) + 1):
                out.blit(self._tile(s, tx, ty, winter), (tx * TILE - left, ty * TILE - top))
        return out

    # -- tiles --------------------------------------------------------------------------------
    def _tile(self, s: float, tx: int, ty: int, winter: bool) -> pygame.Surface:
        zoom = (round(s * 10000), round(self._fit * 10000))
        key = (*zoom, tx, ty, winter, i18n.language(), theme.text_scale())
        found = self._tiles.get(key)
        if found is not None:
            self._tiles.move_to_end(key)
            return found
        tile = self._draw_tile(s, tx, ty, winter)
        self._tiles[key] = tile
        while len(self._tiles) > MAX_TILES:
            self._tiles.popitem(last=False)
        return tile

    def _draw_tile(self, s: float, tx: int, ty: int, winter: bool) -> pygame.Surface:
        tile = pygame.Surface((TILE, TILE))
        tile.fill(theme.SEA if not winter else theme.blend(theme.SEA, (170, 190, 205), 0.25))
        ox, oy = tx * TILE, ty * TILE  # the tile's corner in world pixels

        def px(p: tuple[float, float]) -> tuple[float, float]:
            return (p[0] * s - ox, p[1] * s - oy)

        # The world rectangle the tile shows, a little grown for line widths and markers.
        pad = 24 / s
        w0, h0 = ox / s - pad, oy / s - pad
        w1, h1 = (ox + TILE) / s + pad, (oy + TILE) / s + pad

        def seen(b: Bounds) -> bool:
            return not (b[2] < w0 or b[3] < h0 or b[0] > w1 or b[1] > h1)

        shapes = [
            [px(p) for p in poly]
            for poly, b in zip(self.g.coasts, self.g.bounds, strict=True)
            if seen(b)
        ]
        if shapes:
            mask = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
            mask.fill((0, 0, 0, 0))
            for rows, pieces in self._bands(self.g.land_bands, s, oy, seen):
                tile.set_clip(rows)
                mask.set_clip(rows)
                for _, piece, _ in pieces:
                    pts = [(x * s - ox, y * s - oy) for x, y in piece]
                    pygame.draw.polygon(tile, theme.LAND, pts)
                    pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
            tile.set_clip(None)
            mask.set_clip(None)
            self._territories(tile, mask, s, oy, ox, px, seen)
            for pts in shapes:
                pygame.draw.lines(tile, theme.COAST, True, pts, 1)
            self._kingdom_names(tile, s, ox, oy)
        self._routes(tile, s, px, seen, winter)
        self._markers(tile, s, px, seen)
        return tile

    def _bands(
        self, table: dict[int, list[Piece]], s: float, oy: float, seen: Seen
    ) -> list[tuple[pygame.Rect, list[Piece]]]:
        """The bands crossing a tile whose top is world pixel ``oy``: the tile rows each band
        covers and its pieces in view. Neighbouring bands' rows meet without gap or overlap."""
        out = []
        first = max(0, math.floor(oy / s / BAND))
        last = math.floor((oy + TILE) / s / BAND)
        for b in range(first, last + 1):
            pieces = [p for p in table.get(b, ()) if seen(p[2])]
            if not pieces:
                continue
            top = round(b * BAND * s - oy)
            bottom = round((b + 1) * BAND * s - oy)
            rows = pygame.Rect(0, top, TILE, bottom - top).clip(pygame.Rect(0, 0, TILE, TILE))
            if rows.h > 0:
                out.append((rows, pieces))
        return out

    def _territories(self, tile: pygame.Surface, mask: pygame.Surface, s: float, oy: float,
                     ox: float, px: ToPixels, seen: Seen) -> None:  # fmt: skip
        """Territories painted in the file's order, a strip of stronger colour inside every
        border, the border lines, all clipped to the land by the coastline mask (the
        territory file reaches a little into the sea)."""
        terr = self.g.territories
        layer = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        layer.fill((0, 0, 0, 0))
        strong = layer.copy()  # the same land in each owner's strip colour
        unclaimed = layer.copy()  # neutral land, to be hatched
        white, clear = (255, 255, 255, 255), (0, 0, 0, 0)
        for rows, pieces in self._bands(self.g.region_bands, s, oy, seen):
            for surf in (layer, strong, unclaimed):
                surf.set_clip(rows)
            for owner, piece, _ in pieces:
                pts = [(x * s - ox, y * s - oy) for x, y in piece]
                pygame.draw.polygon(layer, territory_fill(owner), pts)
                pygame.draw.polygon(strong, territory_band(owner), pts)
                pygame.draw.polygon(
                    unclaimed, white if owner == geo.TERRITORY_NEUTRAL else clear, pts
                )
        for surf in (layer, strong, unclaimed):
            surf.set_clip(None)
        # Land no kingdom holds is hatched, as blank land on a printed map: it never reads as
        # a pale kingdom, in any colour vision.
        unclaimed.blit(_hatch(round(ox + oy)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        layer.blit(unclaimed, (0, 0))
        zoom = s / self._fit
        band = max(3, round(4 * zoom**0.5))
        line = 1 if zoom < 2.2 else 2
        # Every pixel within ``band`` of a border shows its own owner's strip: the two sides
        # of a border each get their colour, however sharply it turns.
        near = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        near.fill((0, 0, 0, 0))
        drawn = []
        for ((left, right), pts), b in zip(terr.borders, self.g.border_bounds, strict=True):
            if seen(b):
                screen = [px(p) for p in pts]
                drawn.append((left < 6 and right < 6, screen))
                pygame.draw.lines(near, (255, 255, 255, 255), False, screen, 2 * band)
                for p in screen[1:-1]:  # thick lines leave notches at their corners
                    pygame.draw.circle(near, (255, 255, 255, 255), p, band)
        if drawn:
            strong.blit(near, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            layer.blit(strong, (0, 0))
        for both_kingdoms, screen in drawn:
            ink = (58, 46, 32, 235) if both_kingdoms else (90, 76, 56, 170)
            pygame.draw.lines(layer, ink, False, screen, line + (1 if both_kingdoms else 0))
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        tile.blit(layer, (0, 0))

    def _kingdom_names(self, tile: pygame.Surface, s: float, ox: float, oy: float) -> None:
        """Each kingdom's name across its land in spaced capitals, faint, as on a printed
        board: the territory says whose it is in words too, not by its colour alone."""
        for owner, (wx, wy), room in self.g.territories.names:
            img = self._name_image(owner, room * s)
            if img is None:
                continue
            rect = img.get_rect(center=(round(wx * s - ox), round(wy * s - oy)))
            if rect.colliderect(tile.get_rect()):
                tile.blit(img, rect)

    def _name_image(self, owner: int, room: float) -> pygame.Surface | None:
        """The name in the largest size that fits ``room`` pixels round its point, or None
        where even a small one would not."""
        text = i18n.name(self.g.board.kingdoms[owner]).upper()
        key: tuple[object, ...] = (text, round(room), owner, theme.text_scale())
        if key in self._name_fit:
            return self._name_fit[key]
        size = min(theme.small(30), round(room * 0.32))
        while size >= theme.small(11):
            f = theme.font(size, "serif")
            spacing = max(1, size // 4)
            width = sum(f.size(ch)[0] for ch in text) + spacing * (len(text) - 1)
            if width <= room * 1.8:
                break
            size -= 1
        found = self._spaced(owner, text, size) if size >= theme.small(11) else None
        self._name_fit[key] = found
        return found

    def _spaced(self, owner: int, text: str, size: int) -> pygame.Surface:
        key = (text, size, owner)
        found = self._names.get(key)
        if found is None:
            ink = theme.blend(kingdom_color(owner), theme.INK, 0.45)
            f = theme.font(size, "serif")
            spacing = max(1, size // 4)
            glyphs = [f.render(ch, True, ink) for ch in text]
            w = sum(g.get_width() for g in glyphs) + spacing * (len(text) - 1)
            found = pygame.Surface((w, f.get_height()), pygame.SRCALPHA)
            found.fill((0, 0, 0, 0))
            x = 0
            for glyph in glyphs:
                found.blit(glyph, (x, 0))
                x += glyph.get_width() + spacing
            found.set_alpha(120)
            self._names[key] = found
        return found

    def _routes(self, tile: pygame.Surface, s: float, px: ToPixels, seen: Seen,
                winter: bool) -> None:  # fmt: skip
        board = self.g.board
        pos = self.g.pos
        zoom = s / self._fit
        width = max(2, int(2 * zoom**0.5))
        sea_color = theme.SEA_ROUTE if not winter else theme.blend(theme.SEA_ROUTE, theme.SEA, 0.6)
        for r in board.routes:
            (ax, ay), (bx, by) = pos[r.a], pos[r.b]
            if not seen((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))):
                continue
            a, b = px(pos[r.a]), px(pos[r.b])
            if r.sea:
                _dashed(tile, sea_color, a, b, max(1, width - 1), dash=7 * zoom**0.5)
            else:
                pygame.draw.line(tile, theme.LAND_ROUTE, a, b, width)
        color = (236, 240, 244) if not winter else (170, 184, 196)
        for node in board.nodes[board.num_cities :]:
            x, y = pos[node.index]
            if seen((x, y, x, y)):
                sx, sy = px((x, y))
                draw_ship(tile, sx, sy, max(0.8, min(1.8, zoom**0.5)), color)

    def _markers(self, tile: pygame.Surface, s: float, px: ToPixels, seen: Seen) -> None:
        board = self.g.board
        r = round(max(4.0, min(9.0, 4.5 * math.sqrt(s / self._fit))))
        for c in range(board.num_cities):
            wx, wy = self.g.pos[c]
            if not seen((wx, wy, wx, wy)):
                continue
            x, y = px((wx, wy))
            node = board.nodes[c]
            color = kingdom_color(node.kingdom)
            if node.is_capital:
                rect = pygame.Rect(0, 0, 2 * r + 4, 2 * r + 4)
                rect.center = (round(x), round(y))
                pygame.draw.rect(tile, (30, 26, 20), rect.inflate(4, 4), border_radius=3)
                pygame.draw.rect(tile, color, rect, border_radius=3)
                if r >= 5:  # the kingdom's letter, where it can be read
                    ink = (255, 255, 255) if sum(color) < 420 else (20, 20, 20)
                    img = theme.text(kingdom_letter(node.kingdom), 2 * r, ink, "bold")
                    tile.blit(img, img.get_rect(center=(rect.centerx, rect.centery + 1)))
            elif node.is_island:
                pygame.draw.circle(tile, (250, 250, 250), (x, y), r + 4)
                pygame.draw.circle(tile, (30, 26, 20), (x, y), r + 4, 2)
                pygame.draw.circle(tile, theme.GOLD, (x, y), r)
            else:
                # The kingdom's own colour, not a paler one: the city stands out from the wash
                # of its territory.
                pygame.draw.circle(tile, (30, 26, 20), (x, y), r + 1)
                pygame.draw.circle(tile, color, (x, y), r)

    # -- city names ---------------------------------------------------------------------------
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
        self,
        camera: Camera,
        shown: list[tuple[int, int, int]] | None = None,
        tokens: list[layout.Box] | tuple[layout.Box, ...] = (),
    ) -> dict[int, tuple[layout.Box, str, int, str]]:
        """City names without clutter, in picture pixels: capitals first, then islands, then
        the other cities where room is left (and only when zoomed in); a name never covers
        another name or another city's marker, nor ``tokens`` (the generals and towers drawn
        over the names, in picture pixels) where any place beside its city is free."""
        if not self.show_labels:
            return {}
        nodes = self.g.board.nodes
        zoom = camera.scale / camera.fit_scale
        r = marker_radius(camera)
        step = 0 if zoom < 1.6 else 1 if zoom < 2.6 else 2
        big = theme.small((11, 13, 15)[step])
        small = theme.small((10, 12, 14)[step])
        if layout.compact():
            # A phone shows the canvas at about half size: names keep the interface's floor
            # (12 device pixels), and the placement leaves out what no longer has room.
            big, small = max(big, theme.floor()), max(small, theme.floor())
        names: list[Name] = []
        markers: list[tuple[int, layout.Box]] = []
        faces: dict[int, tuple[str, int, str]] = {}
        for c, x, y in shown if shown is not None else self._shown(camera):
            node = nodes[c]
            markers.append((c, layout.Box(x - r - 2, y - r - 2, 2 * r + 4, 2 * r + 4)))
            if not (node.is_capital or node.is_island or zoom >= ORDINARY_LABEL_ZOOM):
                continue
            face = "bold" if node.is_capital else "sans"
            size = big if node.is_capital or node.is_island else small
            text = i18n.name(node)
            w, h = theme.font(size, face).size(text)
            faces[c] = (text, size, face)
            priority = 3 if node.is_capital else 2 if node.is_island else 1
            names.append(Name(c, x, y, w + 2, h, r + 3, priority, node.is_capital))
        placed = place_names(names, markers, tokens)
        return {c: (box, *faces[c]) for c, box in placed.items()}

    def label_image(self, text: str, size: int, face: str) -> pygame.Surface:
        """A city name with its light halo, drawn once and kept (names are laid every frame)."""
        key = (text, size, face)
        found = self._names.get(key)
        if found is None:
            halo = theme.text(text, size, (246, 238, 216), face)
            ink = theme.text(text, size, (28, 24, 18), face)
            found = pygame.Surface((ink.get_width() + 2, ink.get_height() + 2), pygame.SRCALPHA)
            found.fill((0, 0, 0, 0))
            for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
                found.blit(halo, (dx, dy))
            found.blit(ink, (1, 1))
            if len(self._names) > 600:
                self._names.clear()
            self._names[key] = found
        return found


HATCH_STEP = 7  # px between the hatch lines of neutral land


_hatches: dict[int, pygame.Surface] = {}


def _hatch(phase: int) -> pygame.Surface:
    """A tile of diagonal lines, shifted by ``phase`` so that neighbouring tiles' lines meet."""
    phase %= HATCH_STEP  # the tile's corner x + y in world pixels, modulo the step
    found = _hatches.get(phase)
    if found is None:
        found = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        found.fill((0, 0, 0, 0))
        ink = (110, 92, 66, 70)
        # The lines x + y = c in the tile are the world's x + y = multiples of the step.
        for c in range(-phase, 2 * TILE, HATCH_STEP):
            pygame.draw.line(found, ink, (c, 0), (c - TILE, TILE))
        _hatches[phase] = found
    return found


def marker_radius(camera: Camera) -> int:
    zoom = camera.scale / camera.fit_scale
    return round(max(4.0, min(9.0, 4.5 * math.sqrt(zoom))))


ORDINARY_LABEL_ZOOM = 1.3  # below this only capitals and islands are named


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
