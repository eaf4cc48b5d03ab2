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

from pathlib import Path

from bridgedesk import reading
from bridgedesk.errors import BridgedeskError, FormatError, Location
from bridgedesk.events.entry import make_result
from bridgedesk.events.team_draw import ROOMS, TeamSlip
from bridgedesk.formats.results_csv import data_lines

REQUIRED = ("round", "home", "away", "room", "board")
OPTIONAL = ("contract", "declarer", "result", "tricks", "lead", "adjusted")

__all__ = ["OPTIONAL", "REQUIRED", "load", "loads"]


def loads(text: str, file: str | None = None) -> list[tuple[int, TeamSlip]]:
    """Parse the CSV text; a bad line is a FormatError naming the file and line."""
    out: list[tuple[int, TeamSlip]] = []
    for cells in data_lines(text, file, REQUIRED, OPTIONAL):
        line = cells.line
        cell, number = cells.text, cells.number
        room = (cell("room") or "").lower()
        if room not in ROOMS:
            raise FormatError(
                "room is open or closed, not {given!r}",
                Location(file=file, line=line, field="room"),
                code="slips.room",
                given=cell("room"),
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
            raise FormatError(
                exc.msgid, Location(file=file, line=line), code=exc.code, **exc.params
            ) from None
        out.append((line, TeamSlip(result.round, number("home"), number("away"), room, board,
                                   result)))  # fmt: skip
    return out


def load(path: str | Path) -> list[tuple[int, TeamSlip]]:
    """Read a team slips CSV file (UTF-8)."""
    path = Path(path)
    return loads(reading.read_text(path), file=str(path))
