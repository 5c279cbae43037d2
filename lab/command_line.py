"""What the command lines of ``ai`` and ``tools/`` share off the happy path.

- A value or file the user gave that cannot be used ends the command as argparse ends it:
  ``prog: error: …`` on stderr, one line, exit code 2 (``refuse``; ``parser.error`` where the
  parser is in reach).
- A file it is to write is checked before the run (``unwritable``): an hour of games is not
  to be lost to a mistyped ``--json`` found only when the report is written, nor a log to a
  report written over it (``overlap``).
- A penalty or weight of a fit that is nan, infinite or below 0 is refused with what is wrong
  with it (``not_from_zero``), before the data is read.
- Ctrl-C ends a long run with one sentence saying what was kept, and exit code 130, as a
  shell reports a command stopped by SIGINT (``stopping``); never a traceback, and worker
  processes leave the interrupt to the process that started them (``ignore_interrupts``).
"""

from __future__ import annotations

import argparse
import math
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn

USAGE = 2  # argparse's exit code for arguments it refuses
STOPPED = 130  # 128 + SIGINT
GivenPath = str | os.PathLike[str] | None  # a file named on the command line, or none given


def refuse(prog: str, message: str) -> NoReturn:
    """End the command ``prog`` as argparse ends it on a wrong argument: ``message`` (one
    line saying what the user gave that cannot be used) and exit code 2."""
    print(f"{prog}: error: {message}", file=sys.stderr)
    raise SystemExit(USAGE)


def unwritable(path: str | os.PathLike[str] | None, make_folders: bool = False) -> str:
    """Why a file cannot be written at ``path``, in a sentence; "" when it can, or when no
    path is given. ``make_folders``: the command makes the folders missing on the way, so
    only a folder that exists and cannot hold them refuses.

    Checked before a run, whose output it would otherwise lose at the end: a folder where the
    file belongs, a file or folder that is read-only, a file where a folder belongs."""
    if not path:
        return ""
    path = os.fspath(path)
    if os.path.isdir(path):
        return f"{path} is a folder; give a file name"
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            return f"{path} cannot be written: it is read-only"
        return ""
    folder = os.path.dirname(os.path.abspath(path))
    if not make_folders and not os.path.isdir(folder):
        return f"{path} cannot be written: there is no folder {os.path.dirname(path) or '.'}"
    while not os.path.exists(folder):  # the nearest folder that is there holds the new ones
        folder = os.path.dirname(folder)
    if not os.path.isdir(folder):
        return f"{path} cannot be written: {folder} is a file, not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{path} cannot be written: the folder {folder} is read-only"
    return ""


def not_from_zero(option: str, value: float, above: bool = False) -> str:
    """Why the number ``value`` given for ``option`` (a penalty or a weight of a fit) cannot
    be used, in a sentence; "" when it is finite and from 0 (``above``: above 0). Each says
    what is wrong with the value: "--l2 a number from 0 (not inf)" read as if inf were not
    one; nan or inf fitted a nan model, a negative penalty pushed the weights away."""
    wanted = "above 0" if above else "from 0"
    if math.isnan(value):
        why = "is not a number"
    elif math.isinf(value):
        why = "is infinite"
    elif value < 0 or (above and value == 0):
        why = "is 0" if value == 0 else "is below 0"
    else:
        return ""
    return f"{option} {value:g} {why}: give a finite number {wanted}"


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether ``a`` and ``b`` name one file (by the same name where one is not there yet)."""
    try:
        return os.path.samefile(a, b)
    except OSError:  # one is not there yet: the same name is the same file
        return os.path.abspath(a) == os.path.abspath(b)


def overlap(outputs: Sequence[GivenPath], reads: Sequence[GivenPath] = ()) -> str:
    """Why the files a command writes (``outputs``) and reads (``reads``) cannot be given as
    they are, in a sentence; "" when they can: an output that is also an input (a report
    written over the log it reports on, its hours of games lost) or two outputs in one file
    (the second replaces the first)."""
    seen: list[str | os.PathLike[str]] = []
    for path in outputs:
        if not path:
            continue
        if any(same_file(path, read) for read in reads if read):
            return f"{path} is also a file this command reads: writing it would replace that"
        if any(same_file(path, other) for other in seen):
            return f"{path} is given for two of the files this command writes: give each its own"
        seen.append(path)
    return ""


def check_outputs(
    parser: argparse.ArgumentParser, *paths: GivenPath, reads: Sequence[GivenPath] = ()
) -> None:
    """The parser's error for the first of ``paths`` (the files a command writes when its
    run ends, each made with its folders) that cannot be written (``unwritable``), or that is
    one of the files it ``reads`` or another of ``paths`` (``overlap``)."""
    for path in paths:
        why = unwritable(path, make_folders=True)
        if why:
            parser.error(why)
    why = overlap(paths, reads)
    if why:
        parser.error(why)


@contextmanager
def stopping(prog: str, kept: Callable[[], str]) -> Iterator[None]:
    """Ctrl-C within the block ends the command ``prog`` with ``stopped; <kept()>`` on a line
    of its own (``kept`` says, at that moment, what stays of the run and how to go on) and
    exit code 130, without a traceback."""
    try:
        yield
    except KeyboardInterrupt:
        print(f"\n{prog}: stopped; {kept()}", file=sys.stderr)
        raise SystemExit(STOPPED) from None


def ignore_interrupts() -> None:
    """A worker process's initializer: Ctrl-C reaches every process of the terminal's group,
    and a worker's own KeyboardInterrupt would print its traceback beside the command's one
    sentence. The process that started the workers stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


__all__ = [
    "STOPPED", "USAGE", "check_outputs", "ignore_interrupts", "not_from_zero", "overlap",
    "refuse", "same_file", "stopping", "unwritable",
]  # fmt: skip
