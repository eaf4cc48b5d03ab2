"""Double-dummy results as plain values: the 20-entry trick table and par.

These types need nothing beyond the standard library; computing them is the
job of :mod:`bridgedesk.deals.dd` (endplay / DDS).  Seats run N E S W and
strains C D H S NT, bridgedesk's canonical orders; file formats translate at
their edge.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from bridgedesk.bridge import SEATS, Seat, Side
from bridgedesk.bridge.contract import STRAINS, Contract, Strain
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import DealError
from bridgedesk.reading import whole_number


@dataclass(frozen=True)
class DDTable:
    """Tricks declarer takes double dummy, by declaring seat (N E S W) and strain (C..NT)."""

    tricks: tuple[tuple[int, int, int, int, int], ...]

    def __post_init__(self) -> None:
        if len(self.tricks) != 4 or any(len(row) != 5 for row in self.tricks):
            raise DealError(
                "a double-dummy table has 4 seats x 5 strains", code="deal.dd-table-shape"
            )
        for row in self.tricks:
            for t in row:
                if not 0 <= t <= 13:
                    raise DealError(
                        "double-dummy tricks must be 0-13, got {given}",
                        code="deal.dd-tricks",
                        given=t,
                    )

    @classmethod
    def from_mapping(cls, values: Mapping[tuple[Seat, Strain], int]) -> DDTable:
        """A table from ``{(seat, strain): tricks}`` with all 20 entries."""
        missing = [(s, t) for s in SEATS for t in STRAINS if (s, t) not in values]
        if missing:
            seat, strain = missing[0]
            raise DealError(
                "double-dummy table lacks {seat} {strain} (and {more} more)",
                code="deal.dd-table-missing",
                seat=seat,
                strain=strain,
                more=len(missing) - 1,
            )
        rows = tuple(
            (
                values[(s, STRAINS[0])],
                values[(s, STRAINS[1])],
                values[(s, STRAINS[2])],
                values[(s, STRAINS[3])],
                values[(s, STRAINS[4])],
            )
            for s in SEATS
        )
        return cls(rows)

    def __getitem__(self, key: tuple[Seat, Strain]) -> int:
        seat, strain = key
        return self.tricks[seat.index][strain.index]

    def entries(self) -> Iterator[tuple[Seat, Strain, int]]:
        """(seat, strain, tricks) for all 20 entries, seat-major."""
        for seat in SEATS:
            for strain in STRAINS:
                yield seat, strain, self.tricks[seat.index][strain.index]

    def level(self, seat: Seat, strain: Strain) -> int:
        """The highest level ``seat`` makes in ``strain`` (0 when not even 1)."""
        return max(0, self[seat, strain] - 6)


@dataclass(frozen=True)
class ParContract:
    """One par contract: the contract, the seats that can declare it, and the result.

    ``result`` is tricks relative to the contract: 0 made exactly, +1 an
    overtrick, -3 three down (a sacrifice).
    """

    contract: Contract
    declarers: tuple[Seat, ...]
    result: int = 0

    @property
    def side(self) -> Side:
        return self.declarers[0].side

    def __str__(self) -> str:
        """``NS 4S``, ``E 3NT+1``, ``EW 5DX-2``: the seats (both of a side when both can)."""
        seats = "".join(
            s.value for s in sorted(self.declarers, key=lambda s: "NSEW".index(s.value))
        )
        suffix = f"{self.result:+d}" if self.result else ""
        return f"{seats} {self.contract}{suffix}"

    @classmethod
    def parse(cls, text: str) -> ParContract:
        """Read :meth:`__str__`'s form (``NS 4S``, ``E 3NT+1``, ``EW 5DX-2``)."""
        parts = text.split()
        if len(parts) != 2 or not parts[0] or any(c not in "NESW" for c in parts[0].upper()):
            raise DealError(
                "par contract {given!r}: expected seats and contract, e.g. 'NS 4S'",
                code="deal.par-contract",
                given=text,
            )
        declarers = tuple(Seat(c) for c in parts[0].upper())
        body = parts[1]
        result = 0
        for sign in "+-":
            pos = body.rfind(sign)
            over = whole_number(body[pos + 1 :], max_digits=2)
            if pos > 0 and over is not None:
                result = over if sign == "+" else -over
                body = body[:pos]
                break
        try:
            contract = Contract.parse(body)
        except ValueError as exc:
            raise DealError(
                "par contract {given!r}: {problem}",
                code="deal.par-contract-bad",
                given=text,
                problem=exc,
            ) from None
        return cls(contract, declarers, result)


@dataclass(frozen=True)
class Par:
    """The par score (from NS's point of view) and the contracts that reach it."""

    score: int
    contracts: tuple[ParContract, ...] = ()

    def optimum_score(self) -> str:
        """The PBN ``OptimumScore`` value: ``NS 420`` / ``EW 100`` (``NS 0`` when passed out)."""
        if self.score < 0:
            return f"EW {-self.score}"
        return f"NS {self.score}"

    def contracts_text(self) -> str:
        """The PBN ``ParContract`` value: contracts separated by ``;`` (``Pass`` if none)."""
        if not self.contracts:
            return "Pass"
        return ";".join(str(c) for c in self.contracts)

    @classmethod
    def parse(cls, optimum_score: str, par_contract: str | None = None) -> Par:
        """From PBN ``OptimumScore`` (``NS 420``, ``EW 100``) and ``ParContract`` values."""
        parts = optimum_score.split()
        try:
            if len(parts) == 2 and parts[0].upper() in ("NS", "EW"):
                score = int(parts[1]) * (1 if parts[0].upper() == "NS" else -1)
            elif len(parts) == 1:
                score = int(parts[0])
            else:
                raise ValueError(optimum_score)
        except ValueError:
            raise DealError(
                "optimum score {given!r}: expected 'NS <points>' or 'EW <points>'",
                code="deal.optimum-score",
                given=optimum_score,
            ) from None
        contracts: list[ParContract] = []
        if par_contract and par_contract.strip().upper() not in ("PASS", "NS PASS", "EW PASS"):
            for item in par_contract.replace(",", ";").split(";"):
                if item.strip():
                    contracts.append(ParContract.parse(item.strip()))
        return cls(score, tuple(contracts))


@dataclass(frozen=True)
class BoardRecord:
    """A hand-record entry: the deal, and its double-dummy table and par when known."""

    deal: Deal
    dd: DDTable | None = None
    par: Par | None = None


__all__ = ["BoardRecord", "DDTable", "Par", "ParContract"]
