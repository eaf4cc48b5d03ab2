"""A team event's room results as CSV: one line per room and board, with a header line.

Columns (names case-insensitive, any order; ``,`` ``;`` or tab; UTF-8, a BOM
is fine; lines starting with ``#`` are comments):

``round, home, away, room, board`` (required; ``room`` is ``open``, the home
team's NS table, or ``closed``, the away team's, 004:1631-1633), then
``contract, declarer, result`` (``4SX, S, -2``; ``result`` may be the tricks
taken, or use a ``tricks`` column) or ``adjusted`` (``A+/A-``, NS/EW at that
table); optional ``lead``.  A passed-out board has contract ``PASS``.

    round,home,away,room,board,contract,declarer,result
    1,1,8,open,1,4S,N,=
    1,1,8,closed,1,4S,N,-1

:func:`loads` / :func:`load` return ``(line, TeamSlip)`` pairs, which
``bridgedesk result team-import`` checks against the draw and stores.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from bridgedesk import reading
from bridgedesk.errors import BridgedeskError, FormatError, Location
from bridgedesk.events.entry import make_result
from bridgedesk.formats import csv_cells
from bridgedesk.results.team_draw import ROOMS, TeamSlip

REQUIRED = ("round", "home", "away", "room", "board")
OPTIONAL = ("contract", "declarer", "result", "tricks", "lead", "adjusted")

__all__ = ["OPTIONAL", "REQUIRED", "load", "loads"]


def _header(row: list[str], file: str | None) -> dict[str, int]:
    where: dict[str, int] = {}
    for i, raw in enumerate(row):
        name = raw.strip().lower()
        if name not in REQUIRED + OPTIONAL:
            raise FormatError(
                f"unknown column {raw!r}: the columns are {', '.join(REQUIRED + OPTIONAL)}",
                Location(file=file, line=1, column=i + 1),
            )
        if name in where:
            raise FormatError(f"column {name!r} appears twice", Location(file=file, line=1))
        where[name] = i
    missing = [c for c in REQUIRED if c not in where]
    if missing:
        raise FormatError(
            f"missing column(s) {', '.join(missing)}; the header needs {', '.join(REQUIRED)}",
            Location(file=file, line=1),
        )
    return where


class _Cells:
    """The named cells of one data line."""

    def __init__(self, row: list[str], columns: dict[str, int], file: str | None, line: int):
        self.row, self.columns, self.file, self.line = row, columns, file, line

    def text(self, name: str) -> str | None:
        i = self.columns.get(name)
        return None if i is None or i >= len(self.row) else (self.row[i].strip() or None)

    def number(self, name: str) -> int:
        value = self.text(name)
        got = None if value is None else reading.whole_number(value)
        if got is None or got < 1:
            raise FormatError(
                f"{name} must be a whole number from 1, got {value!r}",
                Location(file=self.file, line=self.line, field=name),
            )
        return got


def loads(text: str, file: str | None = None) -> list[tuple[int, TeamSlip]]:
    """Parse the CSV text; a bad line is a FormatError naming the file and line."""
    text = text.removeprefix("\ufeff")
    header = next(
        (ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), ""
    )
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=max(",;\t", key=header.count))
    columns: dict[str, int] | None = None
    out: list[tuple[int, TeamSlip]] = []
    for raw in reading.csv_rows(reader, lambda: reader.line_num, file):
        line = reader.line_num
        row = [csv_cells.restore(cell) for cell in raw]
        if not any(cell.strip() for cell in row) or row[0].lstrip().startswith("#"):
            continue
        if columns is None:
            columns = _header(row, file)
            continue

        cells = _Cells(row, columns, file, line)
        cell, number = cells.text, cells.number
        room = (cell("room") or "").lower()
        if room not in ROOMS:
            raise FormatError(
                f"room is open or closed, not {cell('room')!r}",
                Location(file=file, line=line, field="room"),
            )
        board = number("board")
        try:
            result = make_result(
                round=number("round"), table=1, board=board, ns=1, ew=2,
                contract=cell("contract"), declarer=cell("declarer"),
                result=cell("result") or cell("tricks"), lead=cell("lead"),
                adjusted=cell("adjusted"),
            )  # fmt: skip
        except FormatError:
            raise
        except BridgedeskError as exc:
            raise FormatError(exc.message, Location(file=file, line=line)) from None
        out.append((line, TeamSlip(result.round, number("home"), number("away"), room, board,
                                   result)))  # fmt: skip
    if columns is None:
        raise FormatError("the file has no header line", Location(file=file, line=1))
    return out


def load(path: str | Path) -> list[tuple[int, TeamSlip]]:
    """Read a team slips CSV file (UTF-8)."""
    path = Path(path)
    return loads(reading.read_text(path), file=str(path))
