"""A simultaneous event: many clubs play the same deal set, each its own heat, and the
organiser scores every result across the whole field (通信ゲーム、世界同時大会, 004:4206).

The organiser names the deal set (the boards every heat plays) and the heats: a club,
and what it said it would play (a movement family and a number of tables), each sent
its results under a token of its own.  A club runs its heat as an ordinary pairs
event and sends :class:`HeatResults`: its movement, the deals it played, its pairs and
every result.  :func:`check_heat` refuses, in one line naming what is wrong, a heat
that did not play the event: a board outside the deal set or with another deal, a
movement other than the one registered, a result where the movement seats no such
pairs on that board, a pair playing a board twice.  The checks read only the heat and
the event; nothing is stored by them.

:meth:`HeatResults.digest` is the content's fingerprint: a heat sent again with the
same content changes nothing, with other content it replaces the heat's results (a
correction, audited by the store) until the event's correction deadline.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from bridgedesk.bridge.contract import Contract
from bridgedesk.bridge.seats import Seat
from bridgedesk.errors import EntryError, Location
from bridgedesk.events.model import AdjustedScore
from bridgedesk.events.seating import GridMovement, boards_phrase
from bridgedesk.i18n import phrase

__all__ = [
    "HeatLine",
    "HeatMovement",
    "HeatPair",
    "HeatResults",
    "HeatSpec",
    "check_heat",
]


@dataclass(frozen=True)
class HeatPair:
    """A pair of a heat: its number in the heat's section, its players' names and, when
    known, their member numbers."""

    number: int
    names: str = ""
    members: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HeatLine:
    """One result of a heat: the board, the pairs, NS's score (or an adjusted score) and,
    when known, what was played and where (round, table)."""

    board: int
    ns: int
    ew: int
    score: int | None = None
    adjusted: AdjustedScore | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    round: int | None = None
    table: int | None = None

    def __post_init__(self) -> None:
        if (self.score is None) == (self.adjusted is None):
            raise EntryError(
                "board {board}, NS {ns} v EW {ew}: a result is a score or an adjusted score",
                code="heat.score-or-adjusted",
                board=self.board,
                ns=self.ns,
                ew=self.ew,
            )
        if self.ns == self.ew or min(self.ns, self.ew, self.board) < 1:
            raise EntryError(
                "board {board}: NS {ns} v EW {ew} is not a table of two pairs",
                code="heat.not-a-table",
                board=self.board,
                ns=self.ns,
                ew=self.ew,
            )


@dataclass(frozen=True)
class HeatMovement:
    """What a heat played: the movement's family (``mitchell``, ``howell``...), its
    tables and winners, and its grid when the heat sent it."""

    kind: str
    tables: int
    winners: int
    grid: GridMovement | None = None


@dataclass(frozen=True)
class HeatSpec:
    """A heat as the organiser registered it: its number, its club and, when said, the
    movement family and tables it plays."""

    number: int
    club: str
    kind: str | None = None
    tables: int | None = None


@dataclass(frozen=True)
class HeatResults:
    """A heat's results as a club sends them (module doc); ``source`` names the file's
    format (``bridgedesk``, ``pbn``, ``usebio``)."""

    club: str
    event: str
    date: dt.date | None
    movement: HeatMovement | None
    deals: Mapping[int, str]
    pairs: tuple[HeatPair, ...]
    lines: tuple[HeatLine, ...]
    source: str = "bridgedesk"

    def __post_init__(self) -> None:
        object.__setattr__(self, "deals", MappingProxyType(dict(self.deals)))

    @property
    def winners(self) -> int:
        """1 or 2: the movement's, else 2 when a number sits NS and another EW only."""
        if self.movement is not None:
            return self.movement.winners
        ns = {line.ns for line in self.lines}
        ew = {line.ew for line in self.lines}
        return 1 if ns & ew else 2

    @cached_property
    def digest(self) -> str:
        """The SHA-256 of the heat's content (not of how it was written down)."""
        content = {
            "movement": None if self.movement is None
            else [self.movement.kind, self.movement.tables, self.movement.winners],
            "deals": sorted(self.deals.items()),
            "pairs": sorted((p.number, p.names, list(p.members)) for p in self.pairs),
            "lines": sorted(
                json.dumps([ln.board, ln.ns, ln.ew, ln.score, str(ln.adjusted or ""),
                            str(ln.contract or ""), str(ln.declarer or ""), ln.tricks,
                            ln.round, ln.table])
                for ln in self.lines
            ),
        }  # fmt: skip
        text = json.dumps(content, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _same_deal(a: str, b: str) -> bool:
    """Two PBN deal texts of the same hands, whoever is written first."""
    return _hands(a) == _hands(b)


def _hands(text: str) -> dict[str, str]:
    first, _, rest = " ".join(text.split()).partition(":")
    seats = "NESW"
    start = seats.index(first.upper()) if first.upper() in seats else 0
    return {seats[(start + i) % 4]: hand for i, hand in enumerate(rest.split(" "))}


def _check_movement(heat: HeatResults, spec: HeatSpec) -> None:
    m = heat.movement
    if m is None:
        return
    # a family names its variants too: a skip or appendix Mitchell is a Mitchell
    kind = spec.kind is not None and m.kind != spec.kind and not m.kind.endswith(f"-{spec.kind}")
    tables = spec.tables is not None and m.tables != spec.tables
    if kind and tables:
        said = phrase("a {kind} of {tables} tables", kind=spec.kind, tables=spec.tables)
    elif kind:
        said = phrase("a {kind}", kind=spec.kind)
    elif tables:
        said = phrase("{tables} tables", tables=spec.tables)
    else:
        return
    raise EntryError(
        "heat {heat} ({club}) is registered as {registered}; its results are of "
        "a {kind} of {tables} tables",
        code="heat.wrong-movement",
        heat=spec.number,
        club=spec.club,
        registered=said,
        kind=m.kind,
        tables=m.tables,
    )


def _check_grid(heat: HeatResults, grid: GridMovement) -> None:
    for line in heat.lines:
        if line.round is None or line.table is None:
            continue
        seat = grid.assignment(line.round, line.table)
        where = Location(round=line.round, table=line.table, board=line.board)
        if seat is None:
            raise EntryError(
                "the heat's movement has no such table in that round",
                where,
                code="heat.no-such-table",
            )
        if (seat.ns, seat.ew) != (line.ns, line.ew) or line.board not in seat.boards:
            raise EntryError(
                "the heat's movement seats NS {ns} v EW {ew} on {boards} there, not NS "
                "{given_ns} v EW {given_ew} on board {board}",
                where,
                code="heat.wrong-seats",
                ns=seat.ns,
                ew=seat.ew,
                boards=boards_phrase(seat.boards),
                given_ns=line.ns,
                given_ew=line.ew,
                board=line.board,
            )


def check_heat(heat: HeatResults, spec: HeatSpec, deal_set: Mapping[int, str]) -> None:
    """Refuse, in one line, a heat that did not play the event (module doc)."""
    if not heat.lines:
        raise EntryError(
            "heat {heat} ({club}) sent no results",
            code="heat.no-results",
            heat=spec.number,
            club=spec.club,
        )
    boards = sorted(deal_set)
    for b, deal in sorted(heat.deals.items()):
        if b not in deal_set:
            continue  # reported below if played
        if not _same_deal(deal, deal_set[b]):
            raise EntryError(
                "heat {heat} ({club}): board {board} was dealt otherwise than the "
                "event's board (another deal set?)",
                code="heat.other-deal",
                heat=spec.number,
                club=spec.club,
                board=b,
            )
    _check_movement(heat, spec)
    if heat.movement is not None and heat.movement.grid is not None:
        _check_grid(heat, heat.movement.grid)
    pairs = {p.number for p in heat.pairs}
    seen: set[tuple[int, int]] = set()
    for line in heat.lines:
        if line.board not in deal_set:
            raise EntryError(
                "heat {heat} ({club}): board {board} is not one of the event's boards ({boards})",
                code="heat.not-event-board",
                heat=spec.number,
                club=spec.club,
                board=line.board,
                boards=boards_phrase(tuple(boards)),
            )
        for pair in (line.ns, line.ew):
            if pairs and pair not in pairs:
                raise EntryError(
                    "heat {heat} ({club}): pair {pair} plays board {board} but is not one of "
                    "the heat's pairs",
                    code="heat.unknown-pair",
                    heat=spec.number,
                    club=spec.club,
                    pair=pair,
                    board=line.board,
                )
            if (line.board, pair) in seen:
                raise EntryError(
                    "heat {heat} ({club}): pair {pair} plays board {board} twice",
                    code="heat.board-twice",
                    heat=spec.number,
                    club=spec.club,
                    pair=pair,
                    board=line.board,
                )
            seen.add((line.board, pair))
