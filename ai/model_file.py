"""Reading a model that ships as data (``ai/data/<name>.json``): one check for every kind.

A model file comes with the code, but a hand may change it: one that is missing, is not JSON,
or is of another kind or version is a ``ModelError`` that names the file and what is wrong.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, TypeGuard

DATA_DIR = Path(__file__).resolve().parent / "data"


class ModelError(ValueError):
    """A model file that is missing, malformed, or made for other code."""


def read_model(path: Path, fmt: str, what: str) -> dict[str, Any]:
    """The JSON object of ``path``, if it is version 1 of the format ``fmt`` (a ``what``)."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ModelError(f"the {what} {path.stem!r} cannot be read: {err}") from None
    if not isinstance(data, dict) or data.get("format") != fmt or data.get("version") != 1:
        raise ModelError(f"{path.name} is not a {what}")
    return data


def is_number(value: object) -> TypeGuard[float | int]:
    """A finite int or float, as a model's parameter must be (JSON's true is not one)."""
    return isinstance(value, float | int) and not isinstance(value, bool) and math.isfinite(value)


__all__ = ["DATA_DIR", "ModelError", "is_number", "read_model"]
