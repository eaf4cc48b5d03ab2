"""``bridgedesk calc demo``: a short demonstration of the calculator.

It scores the traveller of one board, compares a four-board team match board by
board in IMPs and turns the match total into victory points, using only the
library (:mod:`bridgedesk.bridge`).  The main demo, ``bridgedesk demo``, runs a
whole simulated club session.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from rich.console import Console
from rich.table import Table

from bridgedesk.bridge import (
    BoardInfo,
    Contract,
    Seat,
    get_scale,
    imps,
    parse_result,
    score_ns,
)

#: Board 5 as a club's traveller might read: NS pair, EW pair, contract, by, result.
TRAVELLER_BOARD = 5
TRAVELLER: tuple[tuple[int, int, str, str, str], ...] = (
    (1, 11, "4S", "N", "="),
    (2, 12, "4S", "N", "+1"),
    (3, 13, "5DX", "W", "-3"),
    (4, 14, "3NT", "S", "-1"),
    (5, 15, "PASS", "", ""),
    (6, 16, "4SX", "N", "="),
)

#: A four-board team match: (board, open room, closed room); each room is
#: (contract, declarer, result).  The home team sits NS in the open room and
#: EW in the closed room, so its score on a board is open NS - closed NS.
MATCH: tuple[tuple[int, tuple[str, str, str], tuple[str, str, str]], ...] = (
    (1, ("3NT", "S", "+1"), ("3NT", "S", "=")),
    (2, ("4H", "E", "="), ("4H", "E", "-1")),
    (3, ("2S", "N", "+1"), ("4SX", "N", "-2")),
    (4, ("6NT", "N", "="), ("3NT", "N", "+3")),
)
MATCH_SCALE = "wbf2013"


@dataclass(frozen=True)
class TravellerLine:
    ns_pair: int
    ew_pair: int
    contract: Contract
    declarer: Seat | None
    result: str
    score_ns: int


@dataclass(frozen=True)
class MatchBoard:
    board: int
    open_room: str
    closed_room: str
    open_ns: int
    closed_ns: int
    difference: int
    imps: int


@dataclass(frozen=True)
class Demo:
    board: BoardInfo
    traveller: tuple[TravellerLine, ...]
    match: tuple[MatchBoard, ...]
    imps_total: int
    vp: tuple[Decimal, Decimal]
    scale_title: str


def _play(board: int, contract: str, declarer: str, result: str) -> tuple[str, Seat | None, int]:
    parsed = Contract.parse(contract)
    vulnerability = BoardInfo.of(board).vulnerability
    if parsed.is_pass:
        return "PASS", None, score_ns(parsed, None, 0, vulnerability)
    seat = Seat.parse(declarer)
    tricks = parse_result(result, parsed)
    return (
        f"{parsed} {seat} {result}",
        seat,
        score_ns(parsed, seat, tricks, vulnerability),
    )


def build_demo() -> Demo:
    """Compute everything the demo shows (no printing)."""
    lines = []
    for ns_pair, ew_pair, contract, declarer, result in TRAVELLER:
        _, seat, points = _play(TRAVELLER_BOARD, contract, declarer, result)
        lines.append(
            TravellerLine(ns_pair, ew_pair, Contract.parse(contract), seat, result, points)
        )
    rows = []
    for board, (oc, od, orr), (cc, cd, cr) in MATCH:
        open_text, _, open_ns = _play(board, oc, od, orr)
        closed_text, _, closed_ns = _play(board, cc, cd, cr)
        difference = open_ns - closed_ns
        rows.append(
            MatchBoard(
                board, open_text, closed_text, open_ns, closed_ns, difference, imps(difference)
            )
        )
    total = sum(row.imps for row in rows)
    scale = get_scale(MATCH_SCALE)
    return Demo(
        board=BoardInfo.of(TRAVELLER_BOARD),
        traveller=tuple(lines),
        match=tuple(rows),
        imps_total=total,
        vp=scale.vp(total, len(rows)),
        scale_title=scale.title,
    )


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def command() -> None:
    """Demonstrate the calculator: a traveller, a team match in IMPs, and its VPs."""

    demo = build_demo()
    console = Console(highlight=False)
    info = demo.board
    traveller = Table(
        title=f"Board {info.number} traveller: dealer {info.dealer.english}, "
        f"vulnerable {info.vulnerability}",
        title_justify="left",
    )
    for name in ("NS", "EW", "Contract", "By", "Result", "NS score", "EW score"):
        traveller.add_column(name, justify="right" if "score" in name else "left")
    for line in demo.traveller:
        traveller.add_row(
            str(line.ns_pair),
            str(line.ew_pair),
            str(line.contract),
            "" if line.declarer is None else line.declarer.value,
            line.result,
            _signed(line.score_ns),
            _signed(-line.score_ns),
        )
    console.print(traveller)
    console.print()

    match = Table(
        title="Team match, home team NS in the open room (scores from NS's view)",
        title_justify="left",
    )
    for name in ("Board", "Open room", "NS", "Closed room", "NS", "Diff", "IMPs"):
        match.add_column(name, justify="left" if "room" in name else "right")
    for row in demo.match:
        match.add_row(
            str(row.board),
            row.open_room,
            _signed(row.open_ns),
            row.closed_room,
            _signed(row.closed_ns),
            _signed(row.difference),
            _signed(row.imps),
        )
    match.add_section()
    match.add_row("Total", "", "", "", "", "", _signed(demo.imps_total))
    console.print(match)
    home, away = demo.vp
    console.print(
        f"\n{_signed(demo.imps_total)} IMPs over {len(demo.match)} boards on the "
        f"{demo.scale_title}: home [bold]{home}[/bold], visitors [bold]{away}[/bold] VPs"
    )
    console.print(
        "\nTry: bridgedesk calc score 4SX S -2 --vul ns | calc imps 430 | "
        "calc vp 17 --boards 16 | calc board 5"
    )
