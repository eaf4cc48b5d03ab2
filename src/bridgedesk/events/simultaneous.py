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
from bridgedesk.events.seating import GridMovement, format_boards

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
                f"board {self.board}, NS {self.ns} v EW {self.ew}: a result is a score or an "
                "adjusted score"
            )
        if self.ns == self.ew or min(self.ns, self.ew, self.board) < 1:
            raise EntryError(
                f"board {self.board}: NS {self.ns} v EW {self.ew} is not a table of two pairs"
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
    said = []
    # a family names its variants too: a skip or appendix Mitchell is a Mitchell
    if spec.kind is not None and m.kind != spec.kind and not m.kind.endswith(f"-{spec.kind}"):
        said.append(f"a {spec.kind}")
    if spec.tables is not None and m.tables != spec.tables:
        said.append(f"{spec.tables} tables")
    if said:
        raise EntryError(
            f"heat {spec.number} ({spec.club}) is registered as {' of '.join(said)}; its results "
            f"are of a {m.kind} of {m.tables} tables"
        )


def _check_grid(heat: HeatResults, grid: GridMovement) -> None:
    for line in heat.lines:
        if line.round is None or line.table is None:
            continue
        seat = grid.assignment(line.round, line.table)
        where = Location(round=line.round, table=line.table, board=line.board)
        if seat is None:
            raise EntryError("the heat's movement has no such table in that round", where)
        if (seat.ns, seat.ew) != (line.ns, line.ew) or line.board not in seat.boards:
            raise EntryError(
                f"the heat's movement seats NS {seat.ns} v EW {seat.ew} on "
                f"{format_boards(seat.boards)} there, not NS {line.ns} v EW {line.ew} on "
                f"board {line.board}",
                where,
            )


def check_heat(heat: HeatResults, spec: HeatSpec, deal_set: Mapping[int, str]) -> None:
    """Refuse, in one line, a heat that did not play the event (module doc)."""
    if not heat.lines:
        raise EntryError(f"heat {spec.number} ({spec.club}) sent no results")
    boards = sorted(deal_set)
    for b, deal in sorted(heat.deals.items()):
        if b not in deal_set:
            continue  # reported below if played
        if not _same_deal(deal, deal_set[b]):
            raise EntryError(
                f"heat {spec.number} ({spec.club}): board {b} was dealt otherwise than the "
                "event's board (another deal set?)"
            )
    _check_movement(heat, spec)
    if heat.movement is not None and heat.movement.grid is not None:
        _check_grid(heat, heat.movement.grid)
    pairs = {p.number for p in heat.pairs}
    seen: set[tuple[int, int]] = set()
    for line in heat.lines:
        if line.board not in deal_set:
            raise EntryError(
                f"heat {spec.number} ({spec.club}): board {line.board} is not one of the "
                f"event's boards ({format_boards(tuple(boards))})"
            )
        for pair in (line.ns, line.ew):
            if pairs and pair not in pairs:
                raise EntryError(
                    f"heat {spec.number} ({spec.club}): pair {pair} plays board {line.board} "
                    "but is not one of the heat's pairs"
                )
            if (line.board, pair) in seen:
                raise EntryError(
                    f"heat {spec.number} ({spec.club}): pair {pair} plays board {line.board} twice"
                )
            seen.add((line.board, pair))
