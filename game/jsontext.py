"""Reading JSON that comes from outside (a save, a record, a state, stored settings).

Everything the program did not write itself in this run passes through ``load_json``: it refuses
text that is too large or nested too deep before the parser sees it (Python's parser would
raise ``RecursionError`` on a few thousand ``[``), refuses an object that gives a key twice,
and says in words what is wrong with text that is not JSON. Its errors are
``StateFormatError``, so every caller handles one kind.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

MAX_BYTES = 8_000_000  # a whole 6-player game record is under 1 MB; localStorage holds ~5 MB
MAX_DEPTH = 32  # the deepest thing we write is 5 levels


class StateFormatError(ValueError):
    """A state, record or save that is malformed, corrupt or from another game.

    The message is a sentence for a person: what was read, and what is wrong with it.
    """


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deep ``[`` and ``{`` nest in ``text``, ignoring those inside strings."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    return max(0, *accumulate(map(_STEP.__getitem__, brackets)))


def load_json(
    text: str | bytes | bytearray,
    what: str,
    *,
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
) -> Any:
    """The parsed value of ``text``, or ``StateFormatError`` saying why ``what`` can't be read.

    ``what`` names the thing for the message, e.g. "saved game" or "game record".
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > max_bytes:
            raise _too_large(what, len(text), max_bytes)
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise StateFormatError(
                f"This is not a {what}: the file is not text (it is not UTF-8)."
            ) from None
    elif not isinstance(text, str):
        raise StateFormatError(f"This is not a {what}: expected text, got {type(text).__name__}.")
    else:
        # The byte order mark an editor may put first (Notepad does) is dropped as from bytes
        # above: a file must not load as bytes and be refused once read as text.
        text = text.removeprefix("\ufeff")
    if len(text) > max_bytes:
        raise _too_large(what, len(text), max_bytes)
    if not text.strip():
        raise StateFormatError(f"This is not a {what}: the file is empty.")
    if nesting_depth(text) > max_depth:
        raise StateFormatError(
            f"This is not a {what}: its data is nested more than {max_depth} levels deep."
        )
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except _DuplicateKey as err:
        raise StateFormatError(
            f"This is not a {what}: it gives {err.args[0]!r} twice in one place, so which of "
            "the two is meant cannot be told."
        ) from None
    except json.JSONDecodeError as err:
        raise StateFormatError(
            f"This is not a {what}: the text is damaged or cut off "
            f"(it stops making sense at line {err.lineno}, column {err.colno})."
        ) from None
    except RecursionError:  # a belt to the depth check's braces
        raise StateFormatError(f"This is not a {what}: its data is nested too deep.") from None
    except ValueError:
        # Python refuses to read an integer of more than 4300 digits (a guard against slow
        # conversions); nothing we write has a number a thousandth as long.
        raise StateFormatError(
            f"This is not a {what}: it holds a number with thousands of digits, longer than "
            "any a game has."
        ) from None


class _DuplicateKey(Exception):
    """A key given twice in one object (its name is the argument)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The object of ``pairs``, refusing a key given twice: ``json.loads`` would keep the last
    silently (another reader may keep the first), so a save with two "actions" opened as the
    game of the second. Nothing this program writes repeats a key."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def _too_large(what: str, size: int, limit: int) -> StateFormatError:
    return StateFormatError(
        f"This is not a {what}: at {size:,} characters it is larger than any game "
        f"(the limit is {limit:,})."
    )
