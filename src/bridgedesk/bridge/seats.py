"""Seats and sides in the one order bridgedesk uses everywhere: N, E, S, W; NS, EW."""

from __future__ import annotations

from enum import Enum

from bridgedesk.errors import ParseError


class Side(Enum):
    """A partnership direction.  Scores are stored from NS's point of view."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @property
    def sign(self) -> int:
        """+1 for NS, -1 for EW: multiply an NS score by this to get this side's."""
        return 1 if self is Side.NS else -1

    @classmethod
    def parse(cls, text: str) -> Side:
        key = text.strip().upper().replace("-", "").replace("/", "")
        if key in ("NS", "SN"):
            return cls.NS
        if key in ("EW", "WE"):
            return cls.EW
        raise ParseError(
            "unknown side {given!r}: expected NS or EW", code="side.unknown", given=text
        )

    def __str__(self) -> str:
        return self.value


class Seat(Enum):
    """A compass seat, in clockwise order starting from North."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def index(self) -> int:
        return _SEATS.index(self)

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @property
    def partner(self) -> Seat:
        return _SEATS[(self.index + 2) % 4]

    @property
    def lho(self) -> Seat:
        """The next seat clockwise (left-hand opponent)."""
        return _SEATS[(self.index + 1) % 4]

    @property
    def rho(self) -> Seat:
        return _SEATS[(self.index + 3) % 4]

    @property
    def english(self) -> str:
        return _ENGLISH[self.index]

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().upper()
        for seat, name in zip(_SEATS, _ENGLISH, strict=True):
            if key in (seat.value, name.upper()):
                return seat
        raise ParseError(
            "unknown seat {given!r}: expected N, E, S or W", code="seat.unknown", given=text
        )

    def __str__(self) -> str:
        return self.value


_SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_ENGLISH = ("North", "East", "South", "West")
SEATS = _SEATS
