"""Frame times while AI seats think: a whole AI-only game through the real client, headless;
and what static screens cost (``--idle``).

    SDL_VIDEODRIVER=dummy python -m lab.client_bench --players 2 --difficulty easy --seed 1
    SDL_VIDEODRIVER=dummy python -m lab.client_bench --idle --seconds 5
    SDL_VIDEODRIVER=dummy python -m lab.client_bench --players 4 --review  # then a review, replayed

Prints JSON: frames, mean / 95th percentile / max milliseconds per frame, overall and for the
frames in which an AI search ran, and how many of those exceeded the 25 ms target. ``--idle``
runs the real frame loop (real time, as on the desktop) on the title with its background game,
the game-over screen and a match waiting for the human (with nothing chosen, and with a general
chosen so that lit cities pulse), and reports for each the share of one core it used: process
CPU time over wall time. Figures to watch, not pass/fail tests (they depend on the machine).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable
from typing import Any

TARGET_MS = 25.0


def run(players: int = 2, difficulty: str = "easy", seed: int = 1, max_frames: int = 400_000,
        animations: bool = False, review: bool = False) -> dict[str, Any]:  # fmt: skip
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from web.app import App
    from web.play.config import spectator_config
    from web.play.storage import FileStorage

    app = App(headless=True, store=FileStorage(_scratch()))
    scene = app.nav.watch(spectator_config(players, seed, difficulty))
    scene.animator.enabled = animations
    session = scene.session
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
    if review:
        report["review"] = _review_frames(app, session, max_frames)
    import pygame

    pygame.quit()
    return report


def _review_frames(app: Any, session: Any, max_frames: int) -> dict[str, Any]:
    """The game just played, watched again while a quick review of every seat runs."""
    scene = app.nav.replay_session(session)
    scene.start_as = scene.default_seat
    while scene.seat is None and app.frames < max_frames:
        app.frame()
    scene.panel.start(seats=list(range(session.state.num_players)), budget="quick")
    app.busy_frame_ms.clear()
    while not scene.panel.finished and app.frames < max_frames:
        app.frame()
    busy = app.busy_frame_ms
    ordered = sorted(busy) or [0.0]
    return {
        "frames": len(busy),
        "mean_ms": round(sum(busy) / max(1, len(busy)), 2),
        "max_ms": round(ordered[-1], 2),
        "over_25ms": sum(1 for ms in busy if ms > TARGET_MS),
        "seconds": round(scene.panel.review.elapsed, 1) if scene.panel.review else 0.0,
    }


def idle(seconds: float = 5.0, warmup: float = 1.0) -> dict[str, Any]:
    """The share of a core each static screen uses in the real-time loop (see the module)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    out: dict[str, Any] = {"seconds": seconds}
    for name, setup in _IDLE_SCREENS.items():
        app = _idle_app()
        setup(app)
        _loop(app, warmup)
        draws, frames = app.draws, app.frames
        c0, w0 = time.process_time(), time.perf_counter()
        _loop(app, seconds)
        wall = time.perf_counter() - w0
        out[name] = {
            "core": round((time.process_time() - c0) / wall, 3),
            "loops_per_s": round((app.frames - frames) / wall, 1),
            "draws_per_s": round((app.draws - draws) / wall, 1),
        }
        import pygame

        pygame.quit()
    return out


def _idle_app() -> Any:
    from web.app import App
    from web.play.storage import FileStorage

    return App(headless=True, fixed_step=True, store=FileStorage(_scratch()))


def _loop(app: Any, seconds: float) -> None:
    """``app.run`` for ``seconds`` of real time, paced as on the desktop."""
    import asyncio

    app.fixed_step = False
    app.running = True
    loop = asyncio.new_event_loop()
    try:
        loop.call_later(seconds, lambda: setattr(app, "running", False))
        loop.run_until_complete(app.run())
    finally:
        loop.close()


def _title(app: Any) -> None:
    """The title, its background game some way in (moves and battles, not the placements)."""
    app.nav.start_title(attract_seed=7)
    app.run_frames(60 * 40)  # forty seconds of its time, at the fixed step


def _game_over(app: Any) -> None:
    from web import ai_bridge
    from web.play.config import spectator_config
    from web.play.session import MatchSession

    app.nav.start_title(attract_seed=7)
    session = MatchSession(spectator_config(2, 5, "easy"))
    session.agents.update(ai_bridge.quick_agents(2, "easy"))
    while not session.is_over():
        session.tick(5.0)
    app.nav.open_game_over(session)


def play_to_human_turn(app: Any, scene: Any, frames: int) -> None:
    """Play the match of ``scene`` on (the human taking the first choice each time, without
    animations) until the human's action phase with the dice rolled."""
    from game import P_ACTION

    scene.animator.enabled = False
    for _ in range(frames):
        s = scene.session
        legal = s.legal()
        if legal and s.state.phase == P_ACTION and not s.state.draw_queue:
            return
        if legal:
            scene.submit(legal[0])
        app.frame()
    raise AssertionError(f"no action phase of the human's in {frames} frames")


def _human_turn(app: Any, choose: bool = False) -> None:
    """A match at the human's turn, dice rolled; ``choose``: a general is chosen too."""
    from web.play import intents
    from web.play.config import AI, HUMAN, MatchConfig, SeatConfig
    from web.play.session import MatchSession

    app.nav.start_title(attract_seed=7)
    config = MatchConfig([SeatConfig(HUMAN), SeatConfig(AI, "easy")], seed=3)
    scene = app.nav.open_match(MatchSession(config))
    play_to_human_turn(app, scene, 50_000)
    scene.animator.enabled = True
    if choose:
        scene.selection.die = max(scene.view.public.dice)
        scene.selection.general = min(intents.actable_generals(scene.session.legal()))
    app.frame()


_IDLE_SCREENS: dict[str, Callable[[Any], None]] = {
    "title": _title,
    "game_over": _game_over,
    "match_human_turn": _human_turn,
    "match_general_chosen": lambda app: _human_turn(app, choose=True),
}


def _scratch() -> Any:
    import tempfile
    from pathlib import Path

    return Path(tempfile.mkdtemp(prefix="strategos-bench-"))


def main(argv: list[str] | None = None) -> int:
    from web.ai_bridge import DIFFICULTIES

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--players", type=int, help="seats of the game played (2-6, default 2)")
    p.add_argument("--difficulty", choices=DIFFICULTIES, help="its AIs' level (default easy)")
    p.add_argument("--seed", type=int, help="its seed (default 1)")
    p.add_argument("--animations", action="store_true", help="include move animations")
    p.add_argument("--review", action="store_true", help="then frames while it is reviewed")
    p.add_argument("--idle", action="store_true", help="the share of a core static screens use")
    p.add_argument("--seconds", type=float, help="measured per screen (--idle; default 5)")
    args = p.parse_args(argv)
    # Each option belongs to one of the two measures; given to the other it would be ignored.
    game_options = {"--players": args.players, "--difficulty": args.difficulty,
                    "--seed": args.seed, "--animations": args.animations or None,
                    "--review": args.review or None}  # fmt: skip
    if args.idle:
        given = [name for name, value in game_options.items() if value is not None]
        if given:
            p.error(f"{', '.join(given)}: not with --idle, which measures fixed screens")
        seconds = 5.0 if args.seconds is None else args.seconds
        if not 0.5 <= seconds <= 600:
            p.error("--seconds must be from 0.5 to 600")
        print(json.dumps(idle(seconds)))
        return 0
    if args.seconds is not None:
        p.error("--seconds goes with --idle: it is how long each screen is measured")
    players = 2 if args.players is None else args.players
    seed = 1 if args.seed is None else args.seed
    if not 2 <= players <= 6:
        p.error(f"--players must be 2 to 6 (R1.1), not {players}")
    if not -(2**63) <= seed < 2**63:
        p.error("--seed must be a 64-bit integer (from -2**63 to 2**63 - 1)")
    print(json.dumps(run(players, args.difficulty or "easy", seed, animations=args.animations,
                         review=args.review)))  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
