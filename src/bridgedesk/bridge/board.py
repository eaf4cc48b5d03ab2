"""Board number -> dealer and vulnerability (JCBL Director Manual, 004:421-434).

Dealers go N, E, S, W board by board; the vulnerability pattern "none, NS, EW,
both" moves on one step every four boards, so the whole pattern repeats every
16 boards (boards 17-32, 33-48, ... repeat 1-16).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bridgedesk.bridge.seats import SEATS, Seat, Side
from bridgedesk.errors import BoardNumberError, ParseError


class Vulnerability(Enum):
    """Which sides are vulnerable on a board."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def is_vulnerable(self, side: Side | Seat) -> bool:
        if isinstance(side, Seat):
            side = side.side
        if self is Vulnerability.BOTH:
            return True
        if self is Vulnerability.NONE:
            return False
        return bool(self.value == side.value)

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Accept the spellings found in PBN, HND and CLI input (case-insensitive)."""
        key = text.strip().upper().replace("-", "").replace("/", "")
        for vul, names in _NAMES.items():
            if key in names:
                return vul
        raise ParseError(
            "unknown vulnerability {given!r}: expected none, ns, ew or all",
            code="vulnerability.unknown",
            given=text,
        )

    def __str__(self) -> str:
        return self.value


_NAMES: dict[Vulnerability, tuple[str, ...]] = {
    Vulnerability.NONE: ("NONE", "LOVE", "-", "O", "0", "NEITHER", "NIL"),
    Vulnerability.NS: ("NS", "N", "S", "SN"),
    Vulnerability.EW: ("EW", "E", "W", "WE"),
    Vulnerability.BOTH: ("ALL", "BOTH", "B"),
}

_VUL_CYCLE = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)


def _check(board: int) -> int:
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise BoardNumberError(
            "board number must be a whole number >= 1, got {given!r}",
            code="board.number-not-whole",
            given=board,
        )
    return (board - 1) % 16


def board_dealer(board: int) -> Seat:
    """The dealer of ``board`` (1-based): N, E, S, W in turn."""
    return SEATS[_check(board) % 4]


def board_vulnerability(board: int) -> Vulnerability:
    """The vulnerability of ``board``: the 4-board pattern rotated once per 4 boards."""
    i = _check(board)
    return _VUL_CYCLE[(i + i // 4) % 4]


@dataclass(frozen=True)
class BoardInfo:
    """A board's number with its dealer and vulnerability."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability

    @classmethod
    def of(cls, board: int) -> BoardInfo:
        return cls(board, board_dealer(board), board_vulnerability(board))
