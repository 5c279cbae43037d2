"""Frame times while AI seats think: a whole AI-only game through the real client, headless.

    SDL_VIDEODRIVER=dummy python -m web.bench --players 2 --difficulty easy --seed 1

Prints JSON: frames, mean / 95th percentile / max milliseconds per frame, overall and for the
frames in which an AI search ran, and how many of those exceeded the 25 ms target. A figure to
watch, not a pass/fail test (timings depend on the machine).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

TARGET_MS = 25.0


def run(players: int = 2, difficulty: str = "easy", seed: int = 1, max_frames: int = 400_000,
        animations: bool = False) -> dict[str, Any]:  # fmt: skip
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from web.app import App
    from web.config import spectator_config
    from web.scenes.match import MatchScene
    from web.session import MatchSession
    from web.storage import FileStorage

    app = App(headless=True, store=FileStorage(_scratch()))
    session = MatchSession(spectator_config(players, seed, difficulty))
    scene = MatchScene(app, session)
    scene.animator.enabled = animations
    app.push(scene)
    start = time.perf_counter()
    while not session.is_over() and app.frames < max_frames:
        app.frame()
    report = app.frame_report()
    busy = app.busy_frame_ms
    report["ai_thinking"]["over_25ms"] = sum(1 for ms in busy if ms > TARGET_MS)
    report["game"] = {
        "players": players,
        "difficulty": difficulty,
        "seed": seed,
        "finished": session.is_over(),
        "actions": len(session.record.actions),
        "season": session.state.season_name(),
        "seconds": round(time.perf_counter() - start, 1),
    }
    import pygame

    pygame.quit()
    return report


def _scratch() -> Any:
    import tempfile
    from pathlib import Path

    return Path(tempfile.mkdtemp(prefix="strategos-bench-"))


def main(argv: list[str] | None = None) -> int:
    from web.ai_bridge import DIFFICULTIES

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--difficulty", default="easy", choices=DIFFICULTIES)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--animations", action="store_true", help="include move animations")
    args = p.parse_args(argv)
    print(json.dumps(run(args.players, args.difficulty, args.seed, animations=args.animations)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
