"""Reading the JSON files of the offline tools: their own earlier outputs, one JSON object a
line (self-play games, search samples, rolled-out values, recorded positions), and the single
objects they keep (a tuning state).

A file that cannot be read, is not text, or holds a line that is not what it should be (a run
stopped while writing it, or the wrong file named) raises ``DataFileError``: one line that
names the file and the line, never a traceback and never a line skipped unsaid. A tool's
``main`` under ``@reported`` ends with that line on stderr (``tool.py: error: …``) and exit
code 2, as argparse ends a tool given a wrong argument; a model file named by the command line
(``ai.model_file``) ends it the same way. Ctrl-C ends it with one sentence and exit code 130
(``lab.command_line.stopping``): by default that nothing was written, since the fits write
their output only at the end; a tool that keeps work as it goes says what it kept, in a
``stopping`` block of its own within.
"""

from __future__ import annotations

import functools
import json
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # lab/ is not installed
from ai.model_file import ModelError
from game import GameRecord
from lab.command_line import refuse, stopping

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


@dataclass(frozen=True, slots=True)
class Kind:
    """What a value of a line must be (``name``, as a sentence says it) to be used as one."""

    name: str
    fits: Callable[[Any], bool]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any) -> bool:
    return (_whole(value) or isinstance(value, float)) and math.isfinite(value)


WHOLE = Kind("a whole number", _whole)
NUMBER = Kind("a number", _number)
NUMBERS = Kind("a list of numbers", lambda v: isinstance(v, list) and all(map(_number, v)))
# A search's values: null where it holds no estimate of an action.
VALUES = Kind(
    "a list of numbers or nulls",
    lambda v: isinstance(v, list) and all(x is None or _number(x) for x in v),
)
OBJECT = Kind("a JSON object", lambda v: isinstance(v, dict))


# The keys of a line of tools/search_targets.py's samples that its readers use.
SAMPLE = {"game": WHOLE, "seed": WHOLE, "action": WHOLE, "visits": NUMBERS}
# A self-play game of tools/selfplay.py.
PLAYED = {"seed": WHOLE, "index": WHOLE, "record": OBJECT}


def played_game(line: Mapping[str, Any]) -> str:
    """Why the self-play line ``line`` is not a game its tool can use, in words; "" when it
    is: its record must be a game that replays (``GameRecord.from_dict``, whose own error
    was a traceback from the worker that replayed it) and its returns, where it has them,
    one a seat (a fit's arrays of another length ended in a ValueError far from the file)."""
    try:
        record = GameRecord.from_dict(line.get("record"))
    except ValueError as err:
        return f"its 'record' is not a game that replays ({err})"
    returns = line.get("returns")
    if isinstance(returns, list) and len(returns) != record.num_players:
        return f"its 'returns' has {len(returns)} values for a game of {record.num_players} seats"
    return ""


def read_json_lines(
    path: Path,
    what: str,
    keys: Sequence[str] | Mapping[str, Kind] = (),
    unless: str | None = None,
    optional: Mapping[str, Kind] | None = None,
    check: Callable[[dict[str, Any]], str] | None = None,
) -> list[dict[str, Any]]:
    """The JSON objects of ``path``, one a line (blank lines skipped), each a ``what`` with
    ``keys`` (except a line with the key ``unless``: a game a sampler marked skipped); or
    DataFileError naming the first line that is not one: not JSON (damaged, or cut short by a
    run that was stopped), not an object, without one of ``keys`` (a line of another kind of
    file), or with a value not of its key's kind (``keys`` given with their kinds, and the
    ``optional`` keys where a line has them: a count given as text, a list where a number
    belongs), or that ``check`` (given a line whose keys are of their kinds) finds fault with:
    the fields of one line that must agree, such as a game's returns and its seats. Each of
    these would otherwise end the tool in a traceback further on."""
    return json_lines(path, read_text(path), what, keys, unless, optional, check)


def json_lines(
    path: Path,
    text: str,
    what: str,
    keys: Sequence[str] | Mapping[str, Kind] = (),
    unless: str | None = None,
    optional: Mapping[str, Kind] | None = None,
    check: Callable[[dict[str, Any]], str] | None = None,
) -> list[dict[str, Any]]:
    """``read_json_lines`` of ``text``, read from ``path`` already (by a reader that first
    sets aside a last line cut short: ``selfplay.read_rows``)."""
    kinds = {**(keys if isinstance(keys, Mapping) else {}), **(optional or {})}
    rows = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        at = f"{path}:{number}: not a {what}"
        try:
            row = json.loads(line)
        except (ValueError, RecursionError) as err:
            raise DataFileError(f"{at}: the line is not JSON ({_not_json(err, False)})") from None
        if not isinstance(row, dict):
            raise DataFileError(f"{at} (not a JSON object); is it the file meant?")
        skipped = unless is not None and unless in row
        needed = () if skipped else keys
        missing = next((key for key in needed if key not in row), None)
        if missing is not None:
            raise DataFileError(f"{at} (it has no {missing!r}); is it the file meant?")
        wrong = next((k for k, kind in kinds.items() if k in row and not kind.fits(row[k])), None)
        if wrong is not None:
            raise DataFileError(f"{at}: its {wrong!r} is not {kinds[wrong].name}")
        why = check(row) if check is not None and not skipped else ""
        if why:
            raise DataFileError(f"{at}: {why}")
        rows.append(row)
    return rows


def reported(main: F) -> F:
    """``main`` ending the tool, on a file it cannot use, with the one line that says why
    (named by the tool's script) and exit code 2; on Ctrl-C, with the sentence that nothing
    was written and exit code 130."""
    name = Path(main.__code__.co_filename).name

    @functools.wraps(main)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            with stopping(name, lambda: "nothing was written; the same command starts over"):
                return main(*args, **kwargs)
        except (DataFileError, ModelError) as err:
            refuse(name, str(err))

    return cast(F, run)


__all__ = [
    "NUMBER", "NUMBERS", "OBJECT", "PLAYED", "SAMPLE", "VALUES", "WHOLE",
    "DataFileError", "Kind", "json_lines", "played_game", "read_json", "read_json_lines",
    "read_text", "reported",
]  # fmt: skip
