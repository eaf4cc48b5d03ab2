"""Result slips as CSV: one line per board played, with a header line.

Columns (names are case-insensitive; the order is free; ``,`` ``;`` or tab):

``round, table, board, ns, ew`` (required; an individual's slips give
``north, south, east, west`` instead of ``ns, ew``, 004:1576-1614), then
either ``contract, declarer, result`` (``4SX, S, -2``; ``result`` may also be
the tricks taken, or use a ``tricks`` column) or ``adjusted`` (``A+/A-``);
optional ``lead`` (``HT``), ``section`` (default ``A``) and ``session``
(default 1).  A passed-out board has contract ``PASS`` and empty declarer and
result.  UTF-8, with or without a BOM.

    round,table,board,ns,ew,contract,declarer,result,lead
    2,4,7,3,10,4SX,S,-2,HA

:func:`loads` / :func:`load` return ``(line, Result)`` pairs; :func:`dumps` /
:func:`dump` write the same layout back.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from bridgedesk import reading
from bridgedesk.bridge import format_result
from bridgedesk.errors import BridgedeskError, FormatError, Location
from bridgedesk.events.entry import make_result
from bridgedesk.events.model import Result
from bridgedesk.formats import csv_cells

REQUIRED = ("round", "table", "board", "ns", "ew")
#: An individual's four players, in place of ``ns`` and ``ew``.
SEATS = ("north", "south", "east", "west")
OPTIONAL = ("contract", "declarer", "result", "tricks", "lead", "adjusted", "section", "session",
            *SEATS)  # fmt: skip
#: The four players (N, S, E, W) of an individual's slip.
Players = tuple[int, int, int, int]
ALIASES = {
    "rnd": "round",
    "rd": "round",
    "tbl": "table",
    "bd": "board",
    "by": "declarer",
    "decl": "declarer",
    "n-s": "ns",
    "ns pair": "ns",
    "e-w": "ew",
    "ew pair": "ew",
    "made": "result",
    "sect": "section",
}
COLUMNS = (
    "session",
    "section",
    "round",
    "table",
    "board",
    "ns",
    "ew",
    "contract",
    "declarer",
    "result",
    "lead",
    "adjusted",
)


def header_columns(
    row: list[str],
    file: str | None,
    required: tuple[str, ...] = REQUIRED,
    optional: tuple[str, ...] = OPTIONAL,
) -> dict[str, int]:
    """The columns of a slips header line by name (a team slips file has its own
    ``required`` and ``optional`` names, :mod:`bridgedesk.formats.team_slips_csv`)."""
    where: dict[str, int] = {}
    for i, raw in enumerate(row):
        name = raw.strip().lower()
        name = ALIASES.get(name, name)
        if name not in required and name not in optional:
            raise FormatError(
                "unknown column {given!r}: the columns are {columns}",
                Location(file=file, line=1, column=i + 1),
                code="slips.unknown-column",
                given=raw,
                columns=", ".join(required + optional),
            )
        if name in where:
            raise FormatError(
                "column {column!r} appears twice",
                Location(file=file, line=1),
                code="slips.column-twice",
                column=name,
            )
        where[name] = i
    seated = [c for c in SEATS if c in where]
    if seated and ("ns" in where or "ew" in where or len(seated) < 4):
        raise FormatError(
            "an individual's slips give north, south, east and west (and no ns / ew)",
            Location(file=file, line=1),
            code="slips.individual-columns",
        )
    missing = [c for c in required if c not in where and not (seated and c in ("ns", "ew"))]
    if missing:
        raise FormatError(
            "missing column(s) {missing}; the header needs {required}",
            Location(file=file, line=1),
            code="slips.missing-columns",
            missing=", ".join(missing),
            required=", ".join(required),
        )
    if "result" in where and "tricks" in where:
        raise FormatError(
            "give either a result or a tricks column, not both",
            Location(file=file, line=1),
            code="slips.result-or-tricks",
        )
    return where


class Cells:
    """The named cells of one data line."""

    def __init__(self, row: list[str], columns: dict[str, int], file: str | None, line: int):
        self.row, self.columns, self.file, self.line = row, columns, file, line

    def text(self, name: str) -> str | None:
        i = self.columns.get(name)
        if i is None or i >= len(self.row):
            return None
        return self.row[i].strip() or None

    def number(self, name: str, default: int | None = None) -> int:
        value = self.text(name)
        where = Location(file=self.file, line=self.line, field=name)
        if value is None:
            if default is not None:
                return default
            raise FormatError("{column} is empty", where, code="slips.cell-empty", column=name)
        number = reading.whole_number(value)
        if number is None:
            raise FormatError(
                "{column} must be a whole number, got {given!r}",
                where,
                code="slips.cell-not-a-number",
                column=name,
                given=value[:40],
            )
        return number


def data_lines(
    text: str,
    file: str | None,
    required: tuple[str, ...] = REQUIRED,
    optional: tuple[str, ...] = OPTIONAL,
) -> Iterator[Cells]:
    """The data lines of a slips CSV text, after its header line (blank and ``#``
    lines skipped); a file without a header is refused."""
    text = text.removeprefix("\ufeff")
    first = next(
        (ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), ""
    )
    delimiter = max(",;\t", key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    columns: dict[str, int] | None = None
    for raw in reading.csv_rows(reader, lambda: reader.line_num, file):
        row = [csv_cells.restore(cell) for cell in raw]
        if not any(cell.strip() for cell in row) or row[0].lstrip().startswith("#"):
            continue
        if columns is None:
            columns = header_columns(row, file, required, optional)
            continue
        yield Cells(row, columns, file, reader.line_num)
    if columns is None:
        raise FormatError(
            "the file has no header line", Location(file=file, line=1), code="slips.no-header"
        )


def loads(text: str, file: str | None = None) -> list[tuple[int, Result]]:
    """Parse CSV text into (line number, Result) pairs; raise FormatError with the line."""
    return [(line, result) for line, result, _ in loads_seated(text, file)]


def loads_seated(text: str, file: str | None = None) -> list[tuple[int, Result, Players | None]]:
    """As :func:`loads`, with each slip's four players when the file names them
    (an individual's: ``ns`` is then North, ``ew`` East)."""
    rows: list[tuple[int, Result, Players | None]] = []
    for cells in data_lines(text, file):
        line = cells.line
        players: Players | None = None
        if "north" in cells.columns:
            n, s, e, w = (cells.number(seat) for seat in SEATS)
            players = (n, s, e, w)
        try:
            result = make_result(
                round=cells.number("round"),
                table=cells.number("table"),
                board=cells.number("board"),
                ns=cells.number("ns") if players is None else players[0],
                ew=cells.number("ew") if players is None else players[2],
                contract=cells.text("contract"),
                declarer=cells.text("declarer"),
                result=cells.text("result") or cells.text("tricks"),
                lead=cells.text("lead"),
                adjusted=cells.text("adjusted"),
                section=cells.text("section") or "A",
                session=cells.number("session", default=1),
            )
        except FormatError:
            raise
        except BridgedeskError as exc:
            # the slip's own refusal, with its code, placed at the file's line
            raise FormatError(
                exc.msgid, Location(file=file, line=line), code=exc.code, **exc.params
            ) from None
        rows.append((line, result, players))
    return rows


def load(path: str | Path) -> list[tuple[int, Result]]:
    """Read a results CSV file (UTF-8)."""
    path = Path(path)
    return loads(reading.read_text(path), file=str(path))


def load_seated(path: str | Path) -> list[tuple[int, Result, Players | None]]:
    """Read a results CSV file (UTF-8), with an individual's four players."""
    path = Path(path)
    return loads_seated(reading.read_text(path), file=str(path))


def dumps(results: Iterable[Result], seats: Callable[[Result], Players] | None = None) -> str:
    """Results as CSV text with the full header (the layout :func:`loads` reads);
    ``seats`` gives an individual's four players of a slip, written in place of NS, EW."""
    out = io.StringIO()
    writer = csv_cells.writer(out, lineterminator="\n")
    header = list(COLUMNS)
    if seats is not None:
        header[header.index("ns") : header.index("ew") + 1] = SEATS
    writer.writerow(header)
    for r in results:
        if r.contract is None:
            contract = declarer = result = ""
        elif r.contract.is_pass:
            contract, declarer, result = "PASS", "", ""
        else:
            assert r.tricks is not None
            contract, declarer = str(r.contract), str(r.declarer)
            result = format_result(r.contract, r.tricks)
        writer.writerow(
            [
                r.session,
                r.section,
                r.round,
                r.table,
                r.board,
                *((r.ns, r.ew) if seats is None else seats(r)),
                contract,
                declarer,
                result,
                r.lead or "",
                "" if r.adjusted is None else str(r.adjusted),
            ]
        )
    return out.getvalue()


def dump(
    results: Iterable[Result], path: str | Path, seats: Callable[[Result], Players] | None = None
) -> None:
    Path(path).write_text(dumps(results, seats), encoding="utf-8")
