"""The six kingdom colours stay apart for players with the common colour-vision deficiencies.

Each colour is simulated as a dichromat sees it (Machado, Oliveira and Fernandes 2009, severity
1.0, applied to linear sRGB), converted to CIE Lab (D65) and compared with CIEDE2000. Colour is
never the only cue (tokens carry a letter and a shape), but a player must not have to read the
letter to tell two kingdoms apart on the board.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pytest

from game import default_map

Matrix = tuple[tuple[float, float, float], ...]
Lab = tuple[float, float, float]

# Machado et al. (2009), table of simulation matrices, severity 1.0 (dichromacy).
MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
VISIONS = ["normal", *MACHADO]

MIN_DELTA_E = 19.5
"""Smallest CIEDE2000 difference allowed between two kingdoms under any one vision (the
committed colours measure 22.8 for normal vision and 20.0 under each deficiency; about 2 is a
just-noticeable difference, and the old palette had two blues at 12 for a protanope)."""


def hex_rgb(text: str) -> tuple[int, int, int]:
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def seen(rgb: Sequence[int], vision: str) -> tuple[float, float, float]:
    """Linear RGB of ``rgb`` as ``vision`` sees it, clipped to the display's gamut."""
    r, g, b = (linear(c) for c in rgb)
    if vision == "normal":
        return (r, g, b)
    m = MACHADO[vision]
    out = [m[i][0] * r + m[i][1] * g + m[i][2] * b for i in range(3)]
    return (min(1.0, max(0.0, out[0])), min(1.0, max(0.0, out[1])), min(1.0, max(0.0, out[2])))


def lab(rgb_linear: tuple[float, float, float]) -> Lab:
    r, g, b = rgb_linear
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e_2000(one: Lab, two: Lab) -> float:
    """CIEDE2000 (Sharma, Wu and Dalal 2005), with kL = kC = kH = 1."""
    l1, a1, b1 = one
    l2, a2, b2 = two
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dlp, dcp = l2 - l1, c2p - c1p
    dhp = 0.0
    if c1p * c2p:
        dhp = h2p - h1p
        if dhp > 180:
            dhp -= 360
        elif dhp < -180:
            dhp += 360
    d_hp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    l_bar, c_barp = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_barp**7 / (c_barp**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * c_barp
    s_h = 1 + 0.015 * c_barp * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dlp / s_l) ** 2 + (dcp / s_c) ** 2 + (d_hp / s_h) ** 2 + r_t * (dcp / s_c) * (d_hp / s_h)
    )


def closest_pair(colours: Sequence[str], vision: str) -> tuple[float, int, int]:
    labs = [lab(seen(hex_rgb(c), vision)) for c in colours]
    return min(
        (delta_e_2000(labs[i], labs[j]), i, j)
        for i in range(len(labs))
        for j in range(i + 1, len(labs))
    )


def test_delta_e_2000_matches_the_published_test_data() -> None:
    # Pairs 1, 7 and 17 of Sharma, Wu and Dalal's table of CIEDE2000 test data.
    pairs = [
        ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
        ((50, 0, 0), (50, -1, 2), 2.3669),
        ((50, 2.5, 0), (73, 25, -18), 27.1492),
    ]
    for one, two, expected in pairs:
        assert delta_e_2000(one, two) == pytest.approx(expected, abs=1e-4)


def test_simulations_keep_greys_grey() -> None:
    # Each matrix row sums to 1: white, black and greys are seen as they are.
    for vision in MACHADO:
        for level in (0, 128, 255):
            r, g, b = seen((level, level, level), vision)
            assert r == pytest.approx(g, abs=1e-3) and g == pytest.approx(b, abs=1e-3)


@pytest.mark.parametrize("vision", VISIONS)
def test_kingdom_colours_stay_apart(vision: str) -> None:
    kingdoms = default_map().kingdoms
    colours = [k.color for k in kingdoms]
    distance, i, j = closest_pair(colours, vision)
    assert distance >= MIN_DELTA_E, (
        f"{vision}: {kingdoms[i].name_en} {colours[i]} and {kingdoms[j].name_en} {colours[j]} "
        f"are only {distance:.1f} apart"
    )


def test_the_old_palette_fails_the_same_check() -> None:
    # The Okabe-Ito colours the map had: Greeks and Sarmatians were two blues.
    old = ["#009E73", "#56B4E9", "#0072B2", "#D55E00", "#CC79A7", "#E69F00"]
    assert min(closest_pair(old, v)[0] for v in VISIONS) < MIN_DELTA_E


def test_every_kingdom_has_its_own_letter_and_shape() -> None:
    pytest.importorskip("pygame")
    from web.render.tokens import SHAPES, kingdom_letter

    letters = [kingdom_letter(k) for k in range(6)]
    assert len(set(letters)) == 6 and all(len(s) == 1 and s.isalpha() for s in letters)
    assert len(set(SHAPES)) == 6


def _max_contrast(surface: Any, rect: Any, ground: tuple[int, int, int]) -> float:
    """The strongest contrast with ``ground`` of any pixel of ``rect`` (pygame objects)."""
    from web.ui import theme

    pixels = [surface.get_at((x, y))[:3] for x in range(rect.x, rect.right)
              for y in range(rect.y, rect.bottom)]  # fmt: skip
    return max(theme.contrast(p, ground) for p in pixels)


@pytest.mark.parametrize("k", range(6))
def test_a_kingdoms_marks_stand_out_on_the_dark_panels(k: int) -> None:
    """Trophies, log chips and chart lines sit on dark panels; the Sarmatians' #3A3A40 on the
    panel (contrast 1.3) was all but invisible: four Sarmatian floors in a row of trophies
    looked like none. Every mark must show something at MARK_CONTRAST or more."""
    pygame = pytest.importorskip("pygame")
    from web.render.chart import Series, line_chart
    from web.render.tokens import swatch
    from web.ui import theme
    from web.ui.layout import Box

    pygame.init()
    theme.reset()  # fonts of an earlier pygame.init are gone
    try:
        surface = pygame.Surface((120, 60))
        surface.fill(theme.PANEL)
        mark = pygame.Rect(10, 10, 10, 14)
        swatch(surface, k, mark)
        assert _max_contrast(surface, mark, theme.PANEL) >= theme.MARK_CONTRAST

        def chart(points: list[tuple[float, float]]) -> Any:
            s = pygame.Surface((400, 260))
            s.fill(theme.PANEL)
            color = theme.hex_color(default_map().kingdoms[k].color)
            line_chart(s, Box(0, 0, 400, 260), "", [Series(color, "", points)], 16, 4)
            return s

        empty, drawn = chart([]), chart([(0.0, 0.0), (8.0, 2.0), (16.0, 4.0)])
        changed = [(x, y) for x in range(400) for y in range(260)
                   if empty.get_at((x, y)) != drawn.get_at((x, y))]  # fmt: skip
        assert changed
        best = max(theme.contrast(drawn.get_at(p)[:3], theme.CHART) for p in changed)
        assert best >= theme.MARK_CONTRAST
    finally:
        pygame.quit()
