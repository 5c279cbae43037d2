"""Mouse and touch gestures (pure): tap, drag, hold (the phone tooltip), pinch."""

from __future__ import annotations

from web.ui.gestures import HOLD_S, Gestures, UIEvent


def kinds(events: list[UIEvent]) -> list[str]:
    return [e.kind for e in events]


def test_tap() -> None:
    g = Gestures()
    assert g.down(0, 100, 100, 0.0) == []
    assert kinds(g.up(0, 102, 101, 0.1)) == ["tap"]


def test_drag_is_not_a_tap() -> None:
    g = Gestures()
    g.down(0, 100, 100, 0.0)
    first = g.move(0, 130, 100, 0.05)
    assert kinds(first) == ["drag"] and first[0].dx == 30 and first[0].x0 == 100
    second = g.move(0, 140, 110, 0.06)
    assert second[0].dx == 10 and second[0].dy == 10
    assert g.up(0, 140, 110, 0.1) == []


def test_hold_shows_a_tooltip_and_eats_the_tap() -> None:
    g = Gestures()
    g.down(1000, 50, 60, 0.0)
    assert g.tick(HOLD_S / 2) == []
    held = g.tick(HOLD_S + 0.01)
    assert kinds(held) == ["hold"] and (held[0].x, held[0].y) == (50, 60)
    assert g.up(1000, 50, 60, 1.0) == []


def test_pinch_zooms() -> None:
    g = Gestures()
    g.down(1, 100, 100, 0.0)
    g.down(2, 200, 100, 0.0)
    out = g.move(2, 300, 100, 0.1)
    assert kinds(out) == ["pinch"] and out[0].factor == 2.0
    assert (out[0].x, out[0].y) == (200, 100)
    assert g.up(2, 300, 100, 0.2) == []
    assert g.up(1, 100, 100, 0.2) == []  # the end of a pinch is not a tap


def test_hover_moves_without_press() -> None:
    g = Gestures()
    assert kinds(g.move(0, 5, 5, 0.0)) == ["move"]
