"""CSV cells that a spreadsheet will not run as formulas (CSV injection).

A spreadsheet program opening a CSV file takes a cell beginning with ``=``,
``+``, ``-`` or ``@`` as a formula, and tab and carriage return can smuggle
one in; a player named ``=HYPERLINK(...)`` would run on the director's
machine.  Following the OWASP guidance on CSV injection, every CSV bridgedesk
writes passes its cells through :func:`neutral`, which puts a single quote
before such a cell (spreadsheets show the text and drop the quote).  Plain
numbers (``-500``, ``+1``, ``-0.5``) are left alone: they are no formula and
their columns stay numeric; so is a bridge result made exactly, ``=`` alone
(an equals sign with nothing after it computes nothing).

The readers of bridgedesk's own CSV files call :func:`restore` on every cell,
so a name written as ``'=Sato`` reads back as ``=Sato``; a cell that itself
begins with quotes before such a character gets one more quote, so writing
and reading back always gives the original text.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

__all__ = [
    "TRIGGERS",
    "dict_writer",
    "neutral",
    "restore",
    "spreadsheet_text",
    "write_spreadsheet",
    "writer",
]

#: The first characters that make a spreadsheet read a cell as a formula.
TRIGGERS = frozenset("=+-@\t\r")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\Z")


def _formula_like(text: str) -> bool:
    """True if ``text``, after any leading quotes, starts like a formula."""
    bare = text.lstrip("'")
    return bare[:1] in TRIGGERS and bare != "=" and not _NUMBER.match(bare)


def neutral(cell: object) -> str:
    """The cell as text a spreadsheet shows as text (a quote before formula-like text)."""
    text = "" if cell is None else str(cell)
    return "'" + text if _formula_like(text) else text


def restore(cell: str) -> str:
    """The text :func:`neutral` was given (for readers of bridgedesk's CSV files)."""
    if cell.startswith("'") and (_formula_like(cell[1:]) or cell == "'="):  # "'=": files
        return cell[1:]  # written before "=" was left alone
    return cell


class _Writer:
    """``csv.writer`` whose rows pass through :func:`neutral`."""

    def __init__(self, out: IO[str], **options: Any) -> None:
        self._csv = csv.writer(out, **options)

    def writerow(self, row: Iterable[object]) -> None:
        self._csv.writerow([neutral(c) for c in row])

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)


class _DictWriter:
    """``csv.DictWriter`` whose values pass through :func:`neutral`."""

    def __init__(self, out: IO[str], fieldnames: Sequence[str], **options: Any) -> None:
        self._csv = csv.DictWriter(out, fieldnames, **options)

    def writeheader(self) -> None:
        self._csv.writeheader()

    def writerow(self, row: Mapping[str, object]) -> None:
        self._csv.writerow({k: neutral(v) for k, v in row.items()})


def writer(out: IO[str], **options: Any) -> _Writer:
    """A CSV writer on ``out`` (``csv.writer`` options) that neutralises every cell."""
    return _Writer(out, **options)


def dict_writer(out: IO[str], fieldnames: Sequence[str], **options: Any) -> _DictWriter:
    """A ``csv.DictWriter`` on ``out`` that neutralises every value."""
    return _DictWriter(out, fieldnames, **options)


def spreadsheet_text(rows: Iterable[Sequence[object]]) -> str:
    """``rows`` as CSV text with CRLF line ends, every cell neutralised (the results
    CSV files: ranking, travellers)."""
    buffer = io.StringIO()
    writer(buffer, lineterminator="\r\n").writerows(rows)
    return buffer.getvalue()


def write_spreadsheet(text: str, path: str | Path) -> Path:
    """Write CSV ``text`` to ``path`` as UTF-8 with a byte-order mark (so spreadsheet
    programs read Japanese names right)."""
    target = Path(path)
    target.write_bytes(text.encode("utf-8-sig"))
    return target
