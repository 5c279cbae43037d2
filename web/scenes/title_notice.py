"""The title's notice of stored files that did not read (``App.notices``), laid out in pages.

A desktop's names are whole paths ("/home/someone/.local/share/strategos/last-game-3.corrupt-
20261205-2038"), and each sentence names one: two of them took five lines, more than a phone
has under the title's buttons (at 800x360 the second ran off the screen). Each sentence starts
a line of its own; all go on one page when they fit the room, else as many whole sentences as
fit go on each page, with a last line that says which page this is and that a tap on the card
turns to the next. A sentence taller than a page by itself names its file without the folder.
"""

from __future__ import annotations

from web.text import i18n
from web.ui import theme

NOTICE_SIZE = 16  # a small text: it grows with the large-text setting

Notice = tuple[str, dict[str, str]]
Block = tuple[str, list[str]]  # a sentence as said, and the lines it is drawn on


def pages(notices: list[Notice], width: int, room: int) -> list[list[Block]]:
    """The sentences of ``notices`` in lines at most ``width`` px wide, page by page, each
    page at most ``room`` lines with its pager's (``pager``) on a page of several."""
    if not notices:
        return []
    size = theme.small(NOTICE_SIZE)
    whole = [_block(key, values, size, width, room) for key, values in notices]
    if sum(len(lines) for _, lines in whole) <= room:
        return [whole]
    most = room - pager_height(width)
    out: list[list[Block]] = [[]]
    for key, values in notices:
        block = _block(key, values, size, width, most)
        if out[-1] and lines_of(out[-1]) + len(block[1]) > most:
            out.append([])
        out[-1].append(block)
    return out


def lines_of(blocks: list[Block]) -> int:
    return sum(len(lines) for _, lines in blocks)


def pager(page: int, count: int, width: int) -> Block:
    """The last lines of page ``page`` (from 0) of ``count``: which it is and what a tap does."""
    key = "notice_next" if page + 1 < count else "notice_first"
    text = i18n.t(key, page=page + 1, pages=count)
    return text, theme.wrap(text, theme.small(NOTICE_SIZE), width)


def pager_height(width: int) -> int:
    """The lines a pager takes at most, in this language."""
    return max(len(pager(0, 2, width)[1]), len(pager(1, 2, width)[1]))


def _block(key: str, values: dict[str, str], size: int, width: int, most: int) -> Block:
    text = i18n.t(key, **values)
    lines = theme.wrap(text, size, width)
    name = values.get("name", "")
    if len(lines) > most and name:
        cut = max(name.rfind("/"), name.rfind("\\"))
        if cut >= 0:
            short = {**values, "name": "…" + name[cut:]}  # "…/autosave.corrupt-20261205-2038"
            text = i18n.t(key, **short)
            lines = theme.wrap(text, size, width)
    return text, lines
