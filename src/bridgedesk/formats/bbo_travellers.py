"""Bridge Base Online's travellers (its ``hands.php?traveller=...`` pages) read as results.

BBO publishes a tournament as one traveller page per board: a table whose rows
(``<tr class="tourney">``) give the four players (``north``, ``south``,
``east``, ``west`` cells), the result written ``4♠W-1``, ``3NxxE+1`` or
``PASS``, the NS points, BBO's own score for the row (a percentage in a
matchpoint tournament, IMPs in an IMP one) and a link to BBO's hand viewer
whose LIN text names the board (``ah|Board 7|``) and its vulnerability
(``sv|o|``: none, ``n``, ``e``, ``b`` both).  An artificial score is written
``A`` then one mark for NS and one for EW: ``=`` average, ``+`` average plus,
``-`` average minus (``A+=`` is NS average plus, EW average); its points are
``N/A``.

A partnership is named by its two players as BBO names a pair, ``"north+south"``
or ``"east+west"``, with the spelling of its first appearance (BBO user names
are not case-sensitive: ``Walkos`` and ``walkos`` are one player); a pair that
sits NS on one board and EW on another is one competitor.  Every contract is
scored at the board's vulnerability and must give BBO's points.  BBO's own
score column is not read: bridgedesk computes it (``--convention bbo``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import unquote

from bridgedesk import reading
from bridgedesk.bridge.board import board_vulnerability
from bridgedesk.bridge.contract import Contract, parse_result
from bridgedesk.errors import BridgedeskError, FormatError, Location
from bridgedesk.formats.html_rows import Row, rows
from bridgedesk.formats.score_input import ScoreInput, checked_score
from bridgedesk.scoring.results import Adjustment, Board, TravellerLine, Weighted

_MARKS = {"=": Adjustment.AVERAGE, "+": Adjustment.AVERAGE_PLUS, "-": Adjustment.AVERAGE_MINUS}
_VULNERABLE = {"o": "None", "n": "NS", "e": "EW", "b": "All"}
_RESULT = re.compile(
    r"(?P<level>[1-7])(?P<strain>[♣♦♥♠]|N)(?P<doubled>x{0,2})(?P<declarer>[NESW])"
    r"(?P<made>=|[+-]\d{1,2})"
)
_SEATS = ("north", "south", "east", "west")


def is_traveller(text: str) -> bool:
    """True when ``text`` looks like a BBO traveller page."""
    return 'class="tourney"' in text and "Traveller" in text


def load(paths: Sequence[str | Path]) -> ScoreInput:
    """The boards of one tournament from its traveller pages (one page a board)."""
    if not paths:
        raise FormatError("no BBO traveller pages given", code="bbo.no-pages")
    pages = [(str(p), reading.read_text(p, what="the BBO traveller page")) for p in paths]
    return loads(pages, filename=str(Path(paths[0]).parent))


def loads(pages: Sequence[tuple[str, str]], filename: str = "<bbo>") -> ScoreInput:
    """The boards of ``pages`` (each a (file name, HTML text) pair)."""
    names: dict[frozenset[str], str] = {}
    boards: dict[int, list[TravellerLine]] = {}
    board_lines: dict[int, int] = {}
    result_lines: dict[tuple[int, int], int] = {}
    where_of: dict[int, str] = {}
    for page_name, text in pages:
        found = [r for r in rows(text)[0] if r.css == "tourney"]
        if not found:
            raise FormatError(
                "no traveller rows (a BBO hands.php?traveller= page was expected)",
                Location(file=page_name),
                code="bbo.no-rows",
            )
        number = _board_of(found, page_name)
        if number in boards:
            raise FormatError(
                "board {number} is also in {page}",
                Location(file=page_name, board=number),
                code="bbo.board-twice",
                number=number,
                page=where_of[number],
            )
        where_of[number] = page_name
        board_lines[number] = found[0].line
        lines = []
        for i, row in enumerate(found):
            where = Location(file=page_name, line=row.line, board=number)
            lines.append(_line(row, number, names, where))
            result_lines[(number, i)] = row.line
        boards[number] = lines
    return ScoreInput(
        filename=filename,
        boards=tuple(Board.of(n, boards[n]) for n in sorted(boards)),
        board_lines=board_lines,
        result_lines=result_lines,
        scoring="BBO",
    )


def _board_of(found: list[Row], page: str) -> int:
    """The board number (and its vulnerability, checked) from the hand viewer links."""
    numbers: set[int] = set()
    for row in found:
        for cell in row.cells:
            for link in cell.links:
                lin = unquote(link.get("onclick", "") + link.get("href", ""))
                board = re.search(r"\|ah\|Board (\d{1,4})\|", lin)
                if board is None:
                    continue
                number = int(board.group(1))
                if number < 1:
                    raise FormatError(
                        "board number {number} is not 1 or more",
                        Location(file=page, line=row.line),
                        code="bbo.board-number",
                        number=number,
                    )
                numbers.add(number)
                vul = re.search(r"\|sv\|([oneb])\|", lin, re.IGNORECASE)
                if vul is not None:
                    said = _VULNERABLE[vul.group(1).lower()]
                    if said != board_vulnerability(number).value:
                        raise FormatError(
                            "board {number} is vulnerable {given} in the page but {by_number} "
                            "by its number (004:421-434)",
                            Location(file=page, line=row.line, board=number),
                            code="bbo.vulnerability",
                            number=number,
                            given=said,
                            by_number=board_vulnerability(number).value,
                        )
    if len(numbers) != 1:
        if not numbers:
            raise FormatError(
                "no board number in the hand viewer links; a traveller page shows one board",
                Location(file=page),
                code="bbo.no-board-number",
            )
        raise FormatError(
            "boards {boards} in the hand viewer links; a traveller page shows one board",
            Location(file=page),
            code="bbo.boards-in-links",
            boards=sorted(numbers),
        )
    return numbers.pop()


def _line(row: Row, board: int, names: dict[frozenset[str], str], where: Location) -> TravellerLine:
    by_class: dict[str, list[str]] = {}
    for cell in row.cells:
        by_class.setdefault(cell.css, []).append(cell.text)
    try:
        players = [by_class[seat][0] for seat in _SEATS]
        result = by_class["result"][0]
        points = by_class["score"][0]
    except (KeyError, IndexError):
        raise FormatError(
            "a traveller row needs north, south, east, west, result and score cells",
            where,
            code="bbo.row-cells",
        ) from None
    if not all(players):
        raise FormatError(
            "a traveller row has a seat without a player", where, code="bbo.seat-without-player"
        )
    ns = _pair(players[0], players[1], names)
    ew = _pair(players[2], players[3], names)
    adjusted = re.fullmatch(r"A([=+-])([=+-])", result)
    if adjusted is not None:
        return TravellerLine.adjusted(ns, ew, _MARKS[adjusted.group(1)], _MARKS[adjusted.group(2)])
    score = reading.whole_number(points.lstrip("-"))
    if score is None:
        raise FormatError(
            "points {given!r} are not a whole number", where, code="bbo.points", given=points[:20]
        )
    score = -score if points.startswith("-") else score
    if result.upper() == "PASS":
        contract_text, declarer, tricks = "PASS", None, None
    else:
        found = _RESULT.fullmatch(result)
        if found is None:
            raise FormatError(
                "result {given!r} is not a BBO result (4♠W-1, 3NE=, PASS, A==)",
                where,
                code="bbo.result",
                given=result[:20],
            )
        contract_text = found["level"] + found["strain"] + "X" * len(found["doubled"])
        declarer = found["declarer"]
        try:
            tricks = parse_result(found["made"], Contract.parse(contract_text))
        except BridgedeskError as e:
            raise e.located(where) from None
    play, computed = checked_score(board, contract_text, declarer, tricks, score, where)
    outcome = Weighted.of(computed)
    return TravellerLine(ns, ew, outcome, outcome, play=play)


def _pair(first: str, second: str, names: dict[frozenset[str], str]) -> str:
    """The partnership's name: its spelling when first seen (BBO names ignore case)."""
    key = frozenset((first.lower(), second.lower()))
    return names.setdefault(key, f"{first}+{second}")


__all__ = ["is_traveller", "load", "loads"]
