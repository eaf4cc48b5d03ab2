"""KoPS's board protocols (the Polish scoring program's ``p1.html``, ``p2.html`` ...) read
as results.

KoPS (its pages say ``<meta name="GENERATOR" content="KoPS2www, JFR 2005">``)
publishes a pairs tournament as one protocol page per board, headed
``ROZDANIE NR 7`` (board 7), whose table rows (``<tr class=niep>`` and
``<tr class=parz>``) give the NS and EW pair numbers, the contract (level, the
suit drawn as an image ``S.gif`` / ``H.gif`` / ``D.gif`` / ``C.gif`` or ``NT``,
``x`` doubled), the declarer, the lead, the result (``=``, ``+1``, ``-2``), the
score in the NS column when NS scored it and in the EW column (as a negative
NS score) otherwise, and KoPS's points for NS and EW.  A director's score is
``sędzia`` (judge) with ``średnia`` (average for both) or the two sides'
percentages (``60%`` ``40%``: average plus and average minus).

The pages are ISO 8859-2 (the charset of their ``<meta>``); KoPS's points are
not read: bridgedesk computes them (``--convention average-per-comparison`` for
an IMP tournament).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from bridgedesk import reading
from bridgedesk.bridge.contract import Contract, parse_result
from bridgedesk.errors import BridgedeskError, FormatError, Location
from bridgedesk.formats.html_rows import Row, rows
from bridgedesk.formats.score_input import ScoreInput, checked_score
from bridgedesk.scoring.results import Adjustment, Board, TravellerLine, Weighted

_PERCENT = {"50%": Adjustment.AVERAGE, "60%": Adjustment.AVERAGE_PLUS,
            "40%": Adjustment.AVERAGE_MINUS}  # fmt: skip
_SUITS = {"S.GIF": "S", "H.GIF": "H", "D.GIF": "D", "C.GIF": "C"}


def decode(data: bytes, filename: str) -> str:
    """A KoPS page's text, in the charset its ``<meta>`` names (ISO 8859-2 when none)."""
    found = re.search(rb"charset=([A-Za-z0-9_-]{1,30})", data[:2048])
    charset = found.group(1).decode("ascii") if found else "iso-8859-2"
    return reading.decode(data, filename, encoding=charset)


def is_protocol(text: str) -> bool:
    """True when ``text`` is a KoPS board protocol page."""
    return "KoPS" in text and re.search(r"ROZDANIE NR\s+\d", text) is not None


def load(paths: Sequence[str | Path]) -> ScoreInput:
    """The boards of one tournament from its protocol pages (one page a board)."""
    if not paths:
        raise FormatError("no KoPS protocol pages given", code="kops.no-pages")
    pages = [(str(p), decode(reading.read_bytes(p, what="the KoPS page"), str(p))) for p in paths]
    return loads(pages, filename=str(Path(paths[0]).parent))


def loads(pages: Sequence[tuple[str, str]], filename: str = "<kops>") -> ScoreInput:
    """The boards of ``pages`` (each a (file name, decoded HTML text) pair)."""
    boards: dict[int, list[TravellerLine]] = {}
    board_lines: dict[int, int] = {}
    result_lines: dict[tuple[int, int], int] = {}
    where_of: dict[int, str] = {}
    for page_name, text in pages:
        found, titles = rows(text)
        numbers = {int(m.group(1)) for t in titles for m in [re.search(r"ROZDANIE NR (\d{1,4})", t)]
                   if m is not None}  # fmt: skip
        if len(numbers) != 1:
            raise FormatError(
                "no board number (a KoPS page headed ROZDANIE NR ... was expected)",
                Location(file=page_name),
                code="kops.no-board-number",
            )
        number = numbers.pop()
        if number in boards:
            raise FormatError(
                "board {number} is also in {page}",
                Location(file=page_name, board=number),
                code="kops.board-twice",
                number=number,
                page=where_of[number],
            )
        where_of[number] = page_name
        results = [r for r in found if r.css in ("niep", "parz")]
        board_lines[number] = results[0].line if results else 1
        lines = []
        for i, row in enumerate(results):
            where = Location(file=page_name, line=row.line, board=number)
            lines.append(_line(row, number, where))
            result_lines[(number, i)] = row.line
        boards[number] = lines
    return ScoreInput(
        filename=filename,
        boards=tuple(Board.of(n, boards[n]) for n in sorted(boards)),
        board_lines=board_lines,
        result_lines=result_lines,
        scoring="KoPS",
    )


def _line(row: Row, board: int, where: Location) -> TravellerLine:
    cells = row.cells
    if len(cells) < 4:
        raise FormatError(
            "a protocol row needs the pair numbers and a result", where, code="kops.row-pairs"
        )
    ns, ew = (reading.whole_number(c.text) for c in cells[:2])
    if ns is None or ew is None:
        raise FormatError(
            "pair numbers {first!r} {second!r} are not whole numbers",
            where,
            code="kops.pair-numbers",
            first=cells[0].text[:10],
            second=cells[1].text[:10],
        )
    if cells[2].text.startswith("sędzia"):
        marks = [c.text for c in cells[3:5]]
        if marks and marks[0] == "średnia":
            return TravellerLine.adjusted(ns, ew, Adjustment.AVERAGE)
        if len(marks) == 2 and all(m in _PERCENT for m in marks):
            return TravellerLine.adjusted(ns, ew, _PERCENT[marks[0]], _PERCENT[marks[1]])
        raise FormatError(
            "director's score {given!r} is not średnia or 60/50/40 per cent for each side",
            where,
            code="kops.director-score",
            given=" ".join(marks)[:20],
        )
    if len(cells) < 8:
        raise FormatError(
            "a protocol row needs contract, declarer, lead, result and score",
            where,
            code="kops.row-cells",
        )
    contract_cell, declarer, _lead, made, score_ns, score_ew = cells[2:8]
    suits = [_SUITS[s.rsplit("/", 1)[-1].upper()] for s in contract_cell.images
             if s.rsplit("/", 1)[-1].upper() in _SUITS]  # fmt: skip
    text = contract_cell.text.replace(" ", "")
    if text.upper() in ("PASS", "PAS", "4XPAS"):
        contract_text, tricks, seat = "PASS", None, None
    else:
        level = text[:1]
        rest = text[1:]
        strain = suits[0] if suits else ""
        contract_text = level + strain + rest.upper()
        seat = declarer.text
        try:
            tricks = parse_result(made.text, Contract.parse(contract_text))
        except BridgedeskError as e:
            raise e.located(where) from None
    points = score_ns.text or score_ew.text
    value = reading.whole_number(points.lstrip("-"))
    if value is None:
        raise FormatError(
            "score {given!r} is not a whole number", where, code="kops.score", given=points[:20]
        )
    value = -value if points.startswith("-") else value
    play, computed = checked_score(board, contract_text, seat, tricks, value, where)
    outcome = Weighted.of(computed)
    return TravellerLine(str(ns), str(ew), outcome, outcome, play=play)


__all__ = ["decode", "is_protocol", "load", "loads"]
