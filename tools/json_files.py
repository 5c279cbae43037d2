"""Reading the JSON files of the offline tools: their own earlier outputs, one JSON object a
line (self-play games, search samples, rolled-out values, recorded positions), and the single
objects they keep (a tuning state).

A file that cannot be read, is not text, or holds a line that is not what it should be (a run
stopped while writing it, or the wrong file named) raises ``DataFileError``: one line that
names the file and the line, never a traceback and never a line skipped unsaid. A tool's
``main`` under ``@reported`` ends with that line on stderr and exit code 2, as argparse ends a
tool given a wrong argument; a model file named by the command line (``ai.model_file``) ends it
the same way.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

from ai.model_file import ModelError

F = TypeVar("F", bound=Callable[..., Any])


class DataFileError(Exception):
    """A file a tool reads cannot be read or does not hold what it should; the message is one
    line naming the file (and the line at fault)."""


def read_text(path: Path) -> str:
    """The text of ``path`` (UTF-8), or DataFileError saying why there is none."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise DataFileError(
            f"{path} is not text (it is not UTF-8); is it the file meant?"
        ) from None
    except OSError as err:
        raise DataFileError(f"{path} cannot be read: {err.strerror or err}") from None


def _not_json(err: Exception, lines: bool = True) -> str:
    """What is wrong with text that ``json.loads`` refused with ``err``."""
    if isinstance(err, json.JSONDecodeError):
        where = f"line {err.lineno}, column {err.colno}" if lines else f"column {err.colno}"
        return f"damaged or cut short at {where}"
    return "nested too deep, or a number thousands of digits long"  # RecursionError, ValueError


def read_json(path: Path, what: str) -> dict[str, Any]:
    """The JSON object that is the whole of ``path`` (a ``what``), or DataFileError."""
    text = read_text(path)
    if not text.strip():
        raise DataFileError(f"{path}: not a {what}: the file is empty")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise DataFileError(
            f"{path}: not a {what}: its text is not JSON ({_not_json(err)})"
        ) from None
    if not isinstance(data, dict):
        raise DataFileError(f"{path}: not a {what} (not a JSON object); is it the file meant?")
    return data


def read_json_lines(path: Path, what: str, keys: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The JSON objects of ``path``, one a line (blank lines skipped), each a ``what`` with
    ``keys``; or DataFileError naming the first line that is not one: not JSON (damaged, or cut
    short by a run that was stopped), not an object, or without one of ``keys`` (a line of
    another kind of file)."""
    rows = []
    for number, line in enumerate(read_text(path).split("\n"), 1):
        if not line.strip():
            continue
        at = f"{path}:{number}: not a {what}"
        try:
            row = json.loads(line)
        except (ValueError, RecursionError) as err:
            raise DataFileError(f"{at}: the line is not JSON ({_not_json(err, False)})") from None
        if not isinstance(row, dict):
            raise DataFileError(f"{at} (not a JSON object); is it the file meant?")
        missing = next((key for key in keys if key not in row), None)
        if missing is not None:
            raise DataFileError(f"{at} (it has no {missing!r}); is it the file meant?")
        rows.append(row)
    return rows


def reported(main: F) -> F:
    """``main`` ending the tool, on a file it cannot use, with the one line that says why
    (named by the tool's script) and exit code 2."""
    name = Path(main.__code__.co_filename).name

    @functools.wraps(main)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return main(*args, **kwargs)
        except (DataFileError, ModelError) as err:
            print(f"{name}: {err}", file=sys.stderr)
            raise SystemExit(2) from None

    return cast(F, run)


__all__ = ["DataFileError", "read_json", "read_json_lines", "read_text", "reported"]
