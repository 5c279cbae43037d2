"""Draw the Strategos icon: a three-floor tower on a bronze shield over the wine-dark sea.

Usage: python3 tools/build/make_icon.py [out.png] [--size 128]

The committed output is web/assets/icon.png (the browser build's favicon). It is drawn with
pygame-ce at four times the final size and scaled down smoothly, so the result is the same on
every machine. Run it again after changing the drawing.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # SDL reads its drivers from the environment set above

DEFAULT_OUT = Path(__file__).resolve().parents[2] / "web" / "assets" / "icon.png"

SEA_TOP = (22, 48, 84)
SEA_BOTTOM = (10, 26, 50)
BRONZE = (176, 112, 48)
BRONZE_DARK = (110, 64, 24)
BRONZE_LIGHT = (224, 168, 88)
STONE = (236, 218, 178)
STONE_SHADE = (196, 172, 126)
INK = (40, 26, 18)
PENNANT = (176, 38, 38)


def draw(size: int) -> pygame.Surface:
    scale = 4
    big = size * scale
    s = pygame.Surface((big, big), pygame.SRCALPHA)

    def px(v: float) -> int:
        return round(v * big)

    # Rounded tile with a vertical sea gradient.
    tile = pygame.Surface((big, big), pygame.SRCALPHA)
    for y in range(big):
        t = y / (big - 1)
        color = tuple(round(a + (b - a) * t) for a, b in zip(SEA_TOP, SEA_BOTTOM, strict=True))
        pygame.draw.line(tile, color, (0, y), (big - 1, y))
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, big, big), border_radius=px(0.18))
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(tile, (0, 0))

    # Bronze shield (a hoplite aspis) behind the tower.
    centre = (px(0.5), px(0.56))
    pygame.draw.circle(s, BRONZE_DARK, centre, px(0.40))
    pygame.draw.circle(s, BRONZE, centre, px(0.37))
    pygame.draw.circle(s, BRONZE_LIGHT, centre, px(0.37), width=px(0.025))
    pygame.draw.circle(s, BRONZE_DARK, centre, px(0.30), width=px(0.012))

    # Three floors, each narrower than the one below (R4: towers have three floors).
    floors = [(0.50, 0.84, 0.40, 0.17), (0.50, 0.67, 0.32, 0.17), (0.50, 0.50, 0.25, 0.17)]
    for cx, bottom, width, height in floors:
        rect = pygame.Rect(px(cx - width / 2), px(bottom - height), px(width), px(height))
        pygame.draw.rect(s, STONE, rect)
        shade = pygame.Rect(rect.right - px(width * 0.28), rect.top, px(width * 0.28), rect.height)
        pygame.draw.rect(s, STONE_SHADE, shade)
        # Mortar line and a narrow window.
        pygame.draw.line(
            s, INK, (rect.left, rect.centery), (rect.right - 1, rect.centery), max(1, px(0.008))
        )
        window = pygame.Rect(0, 0, px(0.045), px(0.085))
        window.center = (rect.centerx - px(0.02), rect.centery)
        pygame.draw.rect(s, INK, window, border_radius=px(0.02))
        pygame.draw.rect(s, INK, rect, width=px(0.018))

    # Crenellations on the top floor.
    top_w = 0.25
    top_y = 0.50 - 0.17
    merlons = 4
    merlon_w = top_w / (2 * merlons - 1)
    for i in range(merlons):
        left = 0.5 - top_w / 2 + i * 2 * merlon_w
        rect = pygame.Rect(px(left), px(top_y - 0.06), px(merlon_w) + 1, px(0.065))
        pygame.draw.rect(s, STONE, rect)
        pygame.draw.rect(s, INK, rect, width=px(0.015))

    # A pennant on a staff: the tower is held.
    staff_x = px(0.5)
    pygame.draw.line(s, INK, (staff_x, px(top_y - 0.06)), (staff_x, px(0.10)), px(0.018))
    pygame.draw.polygon(
        s,
        PENNANT,
        [(staff_x, px(0.10)), (staff_x + px(0.17), px(0.135)), (staff_x, px(0.18))],
    )
    pygame.draw.polygon(
        s,
        INK,
        [(staff_x, px(0.10)), (staff_x + px(0.17), px(0.135)), (staff_x, px(0.18))],
        width=px(0.01),
    )
    return pygame.transform.smoothscale(s, (size, size))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(DEFAULT_OUT))
    parser.add_argument("--size", type=int, default=128)
    args = parser.parse_args(argv)
    surface = draw(args.size)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, args.out)
    print(f"wrote {args.out} ({args.size}x{args.size})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
