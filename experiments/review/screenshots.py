"""The screenshots of experiments/review/README.md, made again from its game.

    .venv/bin/python experiments/review/screenshots.py [--out experiments/review]

Headless (SDL's dummy drivers), with a data folder of its own: the replay of
normal_2p_seed54.json with everything open, a quick review of both seats, then in English and
Russian, on the desktop (1280x720) and a phone (844x390, the compact layout and its text floor):
the charts with the review beside them (``review_*``), the same column scrolled to its end
where it is longer than its room (``review_end_*``), and the board at the largest decision of
the first seat with its banner (``turning_point_*``).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SCREENS = {"1280x720": None, "844x390": (844, 390)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="strategos-shots-") as data:
        os.environ["STRATEGOS_DATA_DIR"] = data
        shoot(args.out, Path(data))


def shoot(out: Path, data: Path) -> None:
    from web.app import App
    from web.play.storage import FileStorage
    from web.play.timeline import OPEN
    from web.scenes.title import TitleScene

    app = App(headless=True, store=FileStorage(data))
    app.push(TitleScene(app))
    scene = app.nav.replay_text((HERE / "normal_2p_seed54.json").read_text(), remember=False)
    assert scene is not None, app.toast_text
    while not (scene.timeline.built and scene._prepared >= 2):
        app.frame()
    scene.start_watching(OPEN)
    scene.panel.start(seats=[0, 1], budget="quick")
    while not scene.panel.step(1000.0):
        pass
    app.frame()
    app.toast_until = app.now  # "Review done" would cover the column's foot
    points = scene.panel.turning_points()
    decisions = [w for w in points if w.seat == 0 and w.decision is not None]
    largest = min(decisions, key=lambda w: w.amount) if decisions else points[0]
    for lang in ("en", "ru"):
        app.set_language(lang)
        for name, screen in SCREENS.items():
            app.set_screen(screen)
            scene.jump(0)
            scene.charts = True
            scene.panel.scroll = 0.0
            app.draw()
            app.screenshot(str(out / f"review_{lang}_{name}.png"))
            if scene.panel.column_h > scene.panel.column_view().h:
                scene.panel.scroll_by(scene.panel.column_h)
                app.draw()
                app.screenshot(str(out / f"review_end_{lang}_{name}.png"))
            scene.charts = False
            scene.jump(largest.position)
            app.draw()
            app.screenshot(str(out / f"turning_point_{lang}_{name}.png"))
    print(f"{len(points)} turning points; the board at {largest.position} ({out})")


if __name__ == "__main__":
    main()
