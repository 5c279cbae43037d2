"""Strategos client entry: one async frame loop, the same on the desktop and in the browser.

    python -m web                                   # play
    python -m web --spectate --players 4 --seed 7   # watch AIs play
    python -m web --spectate --max-frames 600 --screenshot shot.png   # headless-capable run
    python -m web --replay game.json [--view 0|open] [--review [--budget quick|thorough]]
                                                    # watch a game again (and review it)
    strategos …                                     # the same, as the installed command


Every frame awaits ``asyncio.sleep(0)`` so the browser (pygbag) keeps running; the AI thinks in
slices of a few milliseconds inside the frame, never in a thread.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import re
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from web.app import App
    from web.play.session import MatchSession

SCREENSHOT_TYPES = (".png", ".bmp", ".tga", ".jpg", ".jpeg")  # what pygame.image.save writes

if __package__ in (None, ""):  # run as a script (pygbag stages main.py at the top level)
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


PROG = "python -m web"
COMMAND = "strategos"  # pyproject.toml's [project.scripts]: run() below
CLIENT_EXTRA = "strategos[client]"


def parse_args(argv: list[str] | None = None, prog: str = PROG) -> argparse.Namespace:
    from web.ai_bridge import DIFFICULTIES, REVIEW_BUDGETS

    p = argparse.ArgumentParser(prog=prog, description="Strategos, the desktop client")
    p.add_argument("--spectate", action="store_true", help="watch an AI-only game")
    p.add_argument("--players", type=int, default=None,
                   help="with --spectate: seats (2-6, default 4)")  # fmt: skip
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--difficulty", default=None, choices=DIFFICULTIES,
                   help="with --spectate: the AIs' level (default normal)")  # fmt: skip
    p.add_argument("--max-frames", type=int, default=None, help="exit after this many frames")
    p.add_argument("--screenshot", default=None, help="write the last frame to this PNG")
    p.add_argument("--lang", choices=("en", "ru"), default=None)
    p.add_argument("--frame-report", action="store_true", help="print frame times as JSON")
    p.add_argument("--replay", metavar="FILE", default=None,
                   help="watch a game record or save again")  # fmt: skip
    p.add_argument("--review", action="store_true", help="with --replay: review it at once")
    p.add_argument("--view", default=None, help="with --replay: a seat number, or open")
    p.add_argument(
        "--budget",
        default=None,
        choices=REVIEW_BUDGETS,
        help="with --review: how closely it searches (default: as last picked)",
    )
    args = p.parse_args(argv)
    # A game to spectate is the only one these shape: elsewhere they would be ignored unseen.
    if (args.players is not None or args.difficulty is not None) and not args.spectate:
        p.error("--players and --difficulty go with --spectate: they set up the game watched")
    if args.spectate and args.replay is not None:
        p.error("--spectate and --replay each open a game to watch; give one of them")
    args.players = 4 if args.players is None else args.players
    args.difficulty = args.difficulty or "normal"
    if not 2 <= args.players <= 6:
        p.error("--players must be 2 to 6 (R1.1)")
    if not -(2**63) <= args.seed < 2**63:
        p.error("--seed must be a 64-bit integer (from -2**63 to 2**63 - 1)")
    if args.max_frames is not None and args.max_frames < 1:
        p.error("--max-frames must be at least 1")
    if args.screenshot is not None:
        # Refused now rather than after the run: pygame would raise on a folder at the end,
        # and save another format than the name says (TGA for .txt).
        if os.path.isdir(args.screenshot) or not args.screenshot:
            p.error("--screenshot takes a file name, such as shot.png")
        if os.path.splitext(args.screenshot)[1].lower() not in SCREENSHOT_TYPES:
            p.error(f"--screenshot writes {', '.join(SCREENSHOT_TYPES)} files; name one so")
    from web.ui import device

    try:
        device.screen_size()  # STRATEGOS_SCREEN, refused here rather than mid-start
    except ValueError as err:
        p.error(str(err))
    if (args.review or args.view is not None) and args.replay is None:
        p.error("--review and --view go with --replay FILE")
    if args.budget is not None and not args.review:
        p.error("--budget goes with --review: it says how closely the review searches")
    # ASCII digits only ("²" is a digit to str.isdigit but no number to int()), and no more
    # than a game's six seats (R1.1): int() raises on a number of thousands of digits.
    if args.view is not None and args.view != "open" and not re.fullmatch("0*[0-5]", args.view):
        p.error("--view takes a seat number (0-5) or open")
    return args


def read_replay(path: str, view: str | None = None) -> tuple[bytes | None, str]:
    """The file to replay if the client accepts it, seen as ``view`` (--view) may see it, else
    None and why (in one sentence)."""
    from game import StateFormatError
    from web.play.saves import IMPORT_LIMIT
    from web.play.session import MatchSession
    from web.text import i18n

    try:
        with open(path, "rb") as f:
            data = f.read(IMPORT_LIMIT + 1)
    except OSError as err:
        return None, f"{path} cannot be read: {err.strerror or err}."
    if len(data) > IMPORT_LIMIT:
        return None, i18n.t("file_too_large", path=path)
    try:  # as the replay reads it: the record, and the client's seats if it is a save
        session = MatchSession.from_save(data)
    except StateFormatError as err:
        return None, f"{path}: {err}"
    why = view_refusal(view, session) if view is not None else ""
    return (None, f"{path}: {why}") if why else (data, "")


def view_refusal(view: str, session: MatchSession) -> str:
    """Why the replay of ``session`` cannot be seen as ``view`` (a seat number, or open), in a
    sentence; "" if it can. The replay's own rule (``ReplayScene.allowed_seats``): anyone's
    eyes once the game is over, before that only a person's, as an AI's would show its hand
    (R11); the command line says so rather than show another seat."""
    n, over, humans = session.state.num_players, session.is_over(), session.humans
    if view == "open":
        return "" if over else "--view open is for a finished game; this one is not over."
    seat = int(view)
    if seat >= n:
        return f"--view {seat}: the game has seats 0 to {n - 1}."
    if not over and humans and seat not in humans:
        people = ", ".join(map(str, humans))
        return (
            f"--view {seat}: the game is not over, so only a person's seat may watch it ({people})."
        )
    return ""


def build_app(args: argparse.Namespace, replay: bytes | None = None) -> App:
    from web.app import App
    from web.play import saves
    from web.play.config import spectator_config
    from web.ui import device

    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    app = App(headless=headless, fixed_step=True if args.max_frames is not None else None)
    if args.lang:
        app.set_language(args.lang)
    app.nav.start_title(attract_seed=args.seed)
    if replay is not None:
        from web.play.timeline import OPEN

        scene = app.nav.replay_text(replay, review=args.review)
        if scene is not None:  # a command line starts watching at once, seen as it says
            view = args.view
            scene.start_as = OPEN if view == "open" else int(view) if view else scene.default_seat
            scene.review_budget = args.budget
    elif args.spectate:
        app.nav.watch(spectator_config(args.players, args.seed, args.difficulty))
    else:
        resume = saves.resumable(app)
        if resume is not None:
            app.nav.open_match(resume)
    if device.portrait():
        app.nav.ask_to_turn_phone()
    return app


def missing_pygame() -> str:
    """Why the client cannot open its window here, in a sentence; "" when pygame-ce is
    importable. The engine and the AI install without it (it is the client extra), so an
    install without the extra gets this sentence rather than an ImportError's traceback."""
    if importlib.util.find_spec("pygame") is not None:
        return ""
    return (
        "the desktop client needs pygame-ce, which is not installed in this Python "
        f"({sys.executable}); install the client extra: pip install '{CLIENT_EXTRA}' "
        "(or pip install pygame-ce), or with pipx: pipx inject strategos pygame-ce."
    )


async def main(argv: list[str] | None = None, prog: str = PROG) -> int:
    args = parse_args(
        argv if argv is not None else (sys.argv[1:] if sys.platform != "emscripten" else []),
        prog,
    )
    why = missing_pygame()
    if why:
        print(f"{prog}: {why}", file=sys.stderr)
        return 2
    replay = None
    if args.replay is not None:
        replay, why = read_replay(args.replay, args.view)
        if replay is None:
            print(why, file=sys.stderr)
            return 2
    app = build_app(args, replay)
    from web import probe

    # The browser smoke test (tools/build/smoke_web.py) reads what the screen shows from the page.
    publishing = asyncio.create_task(probe.publish(app)) if probe.wanted() else None
    await app.run(max_frames=args.max_frames)
    if publishing is not None:
        publishing.cancel()
    import pygame

    if args.screenshot:
        try:
            app.screenshot(args.screenshot)
        except (OSError, pygame.error) as err:  # the picture's folder or disk refused it
            print(f"{args.screenshot} cannot be written: {err}.", file=sys.stderr)
            pygame.quit()
            return 2
    if args.frame_report:
        print(json.dumps(app.frame_report()))
    pygame.quit()
    return 0


def run() -> None:
    """The ``strategos`` command that ``pip install 'strategos[client]'`` (or pipx) installs:
    the desktop client, as ``python -m web``."""
    raise SystemExit(asyncio.run(main(prog=COMMAND)))


if __name__ == "__main__":
    asyncio.run(main())
