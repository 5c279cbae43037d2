"""Strategos client entry: one async frame loop, the same on the desktop and in the browser.

    python -m web                                   # play
    python -m web --spectate --players 4 --seed 7   # watch AIs play
    python -m web --spectate --max-frames 600 --screenshot shot.png   # headless-capable run

Every frame awaits ``asyncio.sleep(0)`` so the browser (pygbag) keeps running; the AI thinks in
slices of a few milliseconds inside the frame, never in a thread.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys

if __package__ in (None, ""):  # run as a script (pygbag stages main.py at the top level)
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    from web.ai_bridge import DIFFICULTIES

    p = argparse.ArgumentParser(prog="python -m web", description="Strategos, the desktop client")
    p.add_argument("--spectate", action="store_true", help="watch an AI-only game")
    p.add_argument("--players", type=int, default=4, help="seats in a spectated game (2-6)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--difficulty", default="normal", choices=DIFFICULTIES,
                   help="AI level in a spectated game")  # fmt: skip
    p.add_argument("--max-frames", type=int, default=None, help="exit after this many frames")
    p.add_argument("--screenshot", default=None, help="write the last frame to this PNG")
    p.add_argument("--lang", choices=("en", "ru"), default=None)
    p.add_argument("--frame-report", action="store_true", help="print frame times as JSON")
    args = p.parse_args(argv)
    if not 2 <= args.players <= 6:
        p.error("--players must be 2 to 6 (R1.1)")
    if not -(2**63) <= args.seed < 2**63:
        p.error("--seed must be a 64-bit integer (from -2**63 to 2**63 - 1)")
    if args.max_frames is not None and args.max_frames < 1:
        p.error("--max-frames must be at least 1")
    return args


def build_app(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from web import saves
    from web.app import App
    from web.config import spectator_config
    from web.scenes.match import MatchScene
    from web.scenes.title import TitleScene
    from web.session import MatchSession

    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    app = App(headless=headless, fixed_step=args.max_frames is not None)
    if args.lang:
        app.set_language(args.lang)
    if args.spectate:
        app.push(TitleScene(app, attract_seed=args.seed))
        config = spectator_config(args.players, args.seed, args.difficulty)
        app.push(MatchScene(app, MatchSession(config)))
    else:
        app.push(TitleScene(app, attract_seed=args.seed))
        resume = saves.resumable(app)
        if resume is not None:
            saves.start(app, resume)
    from web import device

    if device.portrait():
        from web.scenes.rotate import RotateScene

        app.push(RotateScene(app))
    return app


async def main(argv: list[str] | None = None) -> int:
    args = parse_args(
        argv if argv is not None else (sys.argv[1:] if sys.platform != "emscripten" else [])
    )
    app = build_app(args)
    await app.run(max_frames=args.max_frames, screenshot=args.screenshot)
    if args.frame_report:
        print(json.dumps(app.frame_report()))
    import pygame

    pygame.quit()
    return 0


if __name__ == "__main__":
    asyncio.run(main())
