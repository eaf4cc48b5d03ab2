"""The federation's player ledger: awards by member number, totals, ranks, statements.

Storage-agnostic: :class:`Ledger` works over any :class:`Repository`;
:class:`InMemoryRepository` is the reference implementation (CSV import/export is
in :mod:`bridgedesk.formats.ledger_csv`; a database store can implement the same
protocol).  Totals, ranks and master classes are recomputed from the awards on
demand, never stored.

JCBL (000): every award is red (RP) or black (BP) MP; MP totals include RP.  The
monthly statement follows the sample at 000:60-73.  A non-member's points are held
until the player joins: federation-issued MP (CCG and up) if the player joins within
one month of earning them, FMP if registered while the certificate is valid
(000:141-151).

SBF (001): awards in bp / sp / gp; the holding gives the master class
(:func:`bridgedesk.masterpoints.sbf.classes.master_class`) and ranking points.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction
from typing import Protocol

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.jcbl.ranks import Rank, rank_for
from bridgedesk.masterpoints.sbf.classes import Holding, MasterClass, master_class

__all__ = [
    "AddedAwards",
    "AnnualAwards",
    "InMemoryRepository",
    "Ledger",
    "LedgerEntry",
    "Member",
    "Repository",
    "SbfStatement",
    "Statement",
    "Totals",
]

JCBL_COLOURS = ("red", "black")
SBF_COLOURS = ("bp", "sp", "gp")
#: No award comes near this many points: the largest table figures are a few hundred
#: bp (SBF) or tens of MP (JCBL); an opening balance of a whole career stays below it.
MAX_AWARD = Decimal(1_000_000)


@dataclass(frozen=True)
class Member:
    """A federation member.  ``marker`` is printed after the number on statements;
    ``mp_1973_and_before`` feeds the pre-1973 deemed-RP rule (000:102)."""

    member: str
    name: str = ""
    joined: date | None = None
    marker: str = ""
    mp_1973_and_before: Decimal = Decimal(0)


@dataclass(frozen=True)
class LedgerEntry:
    """One award as the ledger keeps it.

    ``kind``: what issued it (``"fmp"`` club certificate, ``"ccg"`` federation-issued
    CCG and up, ``"transfer"``, ``"opening"`` balance...).  ``issued`` is the FMP
    certificate date when it differs from ``day``.
    """

    member: str
    day: date
    event: str
    rules: str
    version: str
    points: Decimal
    colour: str
    place: int | None = None
    reason: str = ""
    kind: str = ""

    def __post_init__(self) -> None:
        if not self.member.strip():
            raise MasterpointError("member number is empty", code="masterpoint.member-empty")
        if not Decimal(self.points).is_finite():
            raise MasterpointError(
                "award points must be a number, got {points}",
                code="masterpoint.points-not-a-number",
                points=self.points,
            )
        if self.points < 0:
            raise MasterpointError(
                "award points cannot be negative, got {points}",
                code="masterpoint.points-negative",
                points=self.points,
            )
        if self.points > MAX_AWARD:
            raise MasterpointError(
                "award points must be at most {max_award}, got {points:.6g}",
                code="masterpoint.points-too-many",
                max_award=MAX_AWARD,
                points=self.points,
            )
        allowed = (
            JCBL_COLOURS if self.rules == "jcbl" else SBF_COLOURS if self.rules == "sbf" else ()
        )
        if not allowed:
            raise MasterpointError(
                "rule set must be jcbl or sbf, got {rules!r}",
                code="masterpoint.rule-set",
                rules=self.rules,
            )
        if self.colour not in allowed:
            raise MasterpointError(
                "{rules} awards are {colours}, got {colour!r}",
                code="masterpoint.colour",
                rules=self.rules,
                colours=" or ".join(allowed),
                colour=self.colour,
            )


class Repository(Protocol):
    """Where the ledger's players and awards live."""

    def add_player(self, player: Member) -> None: ...
    def player(self, member: str) -> Member | None: ...
    def players(self) -> Sequence[Member]: ...
    def add_award(self, entry: LedgerEntry) -> None: ...
    def awards(self, member: str | None = None) -> Sequence[LedgerEntry]: ...
    def add_pending(self, entry: LedgerEntry) -> None: ...
    def pending(self, member: str | None = None) -> Sequence[LedgerEntry]: ...
    def remove_pending(self, entry: LedgerEntry) -> None: ...
    def set_seed_points(self, member: str, as_of: date, sp: int) -> None: ...
    def seed_points(self, member: str) -> dict[date, int]: ...


@dataclass
class InMemoryRepository:
    """A repository in plain Python containers (tests, CSV round trips)."""

    _players: dict[str, Member] = field(default_factory=dict)
    _awards: list[LedgerEntry] = field(default_factory=list)
    _by_member: dict[str, list[LedgerEntry]] = field(default_factory=dict)
    _pending: list[LedgerEntry] = field(default_factory=list)
    _seed: dict[str, dict[date, int]] = field(default_factory=dict)

    def add_player(self, player: Member) -> None:
        self._players[player.member] = player

    def player(self, member: str) -> Member | None:
        return self._players.get(member)

    def players(self) -> Sequence[Member]:
        return tuple(self._players.values())

    def add_award(self, entry: LedgerEntry) -> None:
        self._awards.append(entry)
        self._by_member.setdefault(entry.member, []).append(entry)

    def awards(self, member: str | None = None) -> Sequence[LedgerEntry]:
        if member is None:
            return tuple(self._awards)
        return tuple(self._by_member.get(member, ()))

    def add_pending(self, entry: LedgerEntry) -> None:
        self._pending.append(entry)

    def pending(self, member: str | None = None) -> Sequence[LedgerEntry]:
        return tuple(a for a in self._pending if member is None or a.member == member)

    def remove_pending(self, entry: LedgerEntry) -> None:
        self._pending.remove(entry)

    def set_seed_points(self, member: str, as_of: date, sp: int) -> None:
        self._seed.setdefault(member, {})[as_of] = sp

    def seed_points(self, member: str) -> dict[date, int]:
        return dict(self._seed.get(member, {}))


@dataclass(frozen=True)
class Totals:
    """JCBL RP and MP (MP includes RP)."""

    rp: Decimal
    mp: Decimal


def _two(value: Decimal) -> str:
    return f"{value:.2f}"


@dataclass(frozen=True)
class Statement:
    """A monthly MP statement (000:56-84)."""

    member: str
    marker: str
    closing: date
    rank: Rank | None
    carried: Totals
    lines: tuple[tuple[date, str, Decimal, Decimal], ...]
    year_to_date: Totals
    totals: Totals
    sp_now: int | None
    sp_june: int | None

    def render_ja(self) -> str:
        """Tab-separated text in the layout of the sample card (000:60-73)."""

        def row(*cells: str) -> str:
            return "\t".join(cells) + "\t"

        out = [
            row(
                "締切日",
                self.closing.strftime("%Y/%m/%d"),
                self.rank.short_ja if self.rank else "",
                self.member + self.marker,
            ),
            row("前回までの累計点", "", _two(self.carried.rp), _two(self.carried.mp)),
            row("開催日", "競技会名", "RP", "MP"),
        ]
        for day, event, rp, mp in self.lines:
            out.append(row(day.strftime("%y%m%d"), event, _two(rp) if rp else "", _two(mp)))
        out.append(
            row("本年度獲得累計点", "", _two(self.year_to_date.rp), _two(self.year_to_date.mp))
        )
        out.append(row("累計点", "", _two(self.totals.rp), _two(self.totals.mp)))
        out.append(
            row(
                f"{self.closing.month}月末のSP",
                "" if self.sp_now is None else str(self.sp_now),
                "6月末のSP",
                "" if self.sp_june is None else str(self.sp_june),
            )
        )
        return "\n".join(out) + "\n"


@dataclass(frozen=True)
class SbfStatement:
    """A member's SBF statement for a month: the month's awards, the holding before
    and at the end of the month by colour, and the master class with its stars
    (001:67-132; a klövermästare's stars are his bronze stars, 001:86-96)."""

    member: str
    name: str
    closing: date
    carried: Holding
    lines: tuple[tuple[date, str, Decimal, str], ...]
    totals: Holding
    master_class: MasterClass

    def render(self) -> str:
        """Plain text: the header, one line per award, the totals and the class."""

        def holding(h: Holding) -> str:
            return f"{_whole(h.bp)} bp  {_whole(h.sp)} sp  {_whole(h.gp)} gp  ({_whole(h.mp)} mp)"

        out = [
            f"{self.member} {self.name}".rstrip() + f"  statement to {self.closing.isoformat()}",
            f"carried        {holding(self.carried)}",
        ]
        for day, event, points, colour in self.lines:
            out.append(f"{day.isoformat()}  {event}  {_whole(points)} {colour}")
        out.append(f"total          {holding(self.totals)}")
        out.append(f"class          {self.master_class}")
        return "\n".join(out) + "\n"


def _whole(value: Decimal | Fraction) -> str:
    """A point count as a decimal without a trailing ``.0``."""
    ratio = Fraction(value)
    exact = Decimal(ratio.numerator) / Decimal(ratio.denominator)
    return format(exact.normalize(), "f")


def _month(year: int, month: int) -> tuple[date, date]:
    """The first and last day of a month, checked (the day before it must exist too)."""
    if not 2 <= year <= 9999:
        raise MasterpointError(
            "year must be 2-9999, got {year}", code="masterpoint.year", year=year
        )
    if not 1 <= month <= 12:
        raise MasterpointError(
            "month must be 1-12, got {month}", code="masterpoint.month", month=month
        )
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


@dataclass(frozen=True)
class AnnualAwards:
    """Annual award winners of a year (000:110-126); ties list every player."""

    year: int
    best_player: tuple[str, ...]
    best_newcomer: tuple[str, ...]
    by_rank: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class AddedAwards:
    """What :meth:`Ledger.add_awards` did: awards stored, held for non-members,
    skipped as already in the ledger, and members registered."""

    recorded: int
    held: int
    skipped: int
    new_members: int


def _add_month(day: date) -> date:
    year, month = (day.year + 1, 1) if day.month == 12 else (day.year, day.month + 1)
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def _add_year(day: date) -> date:
    try:
        return day.replace(year=day.year + 1)
    except ValueError:
        return date(day.year + 1, 3, 1)


class Ledger:
    """Players, awards and everything computed from them."""

    def __init__(self, repository: Repository | None = None) -> None:
        self.repository: Repository = repository if repository is not None else InMemoryRepository()

    # --- recording -------------------------------------------------------------------

    def add_player(self, player: Member) -> None:
        self.repository.add_player(player)

    def is_member(self, member: str, on: date) -> bool:
        player = self.repository.player(member)
        return player is not None and (player.joined is None or player.joined <= on)

    def record(self, entry: LedgerEntry) -> bool:
        """Store an award; a non-member's award is held (False) until the player joins."""
        if self.is_member(entry.member, entry.day):
            self.repository.add_award(entry)
            return True
        self.repository.add_pending(entry)
        return False

    def add_awards(self, entries: Iterable[LedgerEntry]) -> AddedAwards:
        """Record awards, registering unknown member numbers as members; an award the
        ledger holds already (the same row: member, date, event, rules, version,
        points, colour, place, kind and reason, held or not) is not stored again, so
        importing the same file twice changes nothing."""
        known = set(self.repository.awards()) | set(self.repository.pending())
        recorded = held = skipped = new = 0
        for entry in entries:
            if entry in known:
                skipped += 1
                continue
            known.add(entry)
            if self.repository.player(entry.member) is None:
                self.add_player(Member(entry.member))
                new += 1
            if self.record(entry):
                recorded += 1
            else:
                held += 1
        return AddedAwards(recorded, held, skipped, new)

    def join(self, player: Member) -> tuple[tuple[LedgerEntry, ...], tuple[LedgerEntry, ...]]:
        """Register a new member and settle the held awards: (added, expired).

        FMP (``kind == "fmp"``) counts if the player joins while the certificate is
        valid (one year); other JCBL awards if within one month of earning them.
        """
        if player.joined is None:
            raise MasterpointError(
                "member {member}: joining needs a date",
                code="masterpoint.joining-date",
                member=player.member,
            )
        self.repository.add_player(player)
        added: list[LedgerEntry] = []
        expired: list[LedgerEntry] = []
        for entry in self.repository.pending(player.member):
            limit = _add_year(entry.day) if entry.kind == "fmp" else _add_month(entry.day)
            self.repository.remove_pending(entry)
            if player.joined <= limit:
                self.repository.add_award(entry)
                added.append(entry)
            else:
                expired.append(entry)
        return tuple(added), tuple(expired)

    # --- JCBL ------------------------------------------------------------------------

    def _jcbl(self, member: str, start: date | None, end: date | None) -> Iterable[LedgerEntry]:
        for a in self.repository.awards(member):
            if (
                a.rules == "jcbl"
                and (start is None or a.day >= start)
                and (end is None or a.day <= end)
            ):
                yield a

    def totals(self, member: str, through: date | None = None, since: date | None = None) -> Totals:
        rp = mp = Decimal(0)
        for a in self._jcbl(member, since, through):
            mp += a.points
            if a.colour == "red":
                rp += a.points
        return Totals(rp, mp)

    def rank(self, member: str, on: date | None = None) -> Rank | None:
        player = self.repository.player(member)
        early = player.mp_1973_and_before if player else Decimal(0)
        t = self.totals(member, on)
        return rank_for(t.mp, t.rp, early)

    def _member(self, member: str) -> Member:
        player = self.repository.player(member)
        if player is None:
            raise MasterpointError(
                "no member {member} in the ledger", code="masterpoint.no-member", member=member
            )
        return player

    def statement(self, member: str, year: int, month: int) -> Statement:
        first, closing = _month(year, month)
        player = self._member(member)
        carried = self.totals(member, date.fromordinal(first.toordinal() - 1))
        lines: dict[tuple[date, str], list[Decimal]] = {}
        for a in sorted(self._jcbl(member, first, closing), key=lambda a: a.day):
            cell = lines.setdefault((a.day, a.event), [Decimal(0), Decimal(0)])
            cell[1] += a.points
            if a.colour == "red":
                cell[0] += a.points
        seed = self.repository.seed_points(member)
        june_year = year if month >= 6 else year - 1
        sp_now = max(((d, v) for d, v in seed.items() if d <= closing), default=(None, None))[1]
        return Statement(
            member=member,
            marker=player.marker,
            closing=closing,
            rank=self.rank(member, closing),
            carried=carried,
            lines=tuple((d, e, v[0], v[1]) for (d, e), v in lines.items()),
            year_to_date=self.totals(member, closing, date(year, 1, 1)),
            totals=self.totals(member, closing),
            sp_now=sp_now,
            sp_june=seed.get(date(june_year, 6, 30)),
        )

    def mp_list(self, on: date) -> list[tuple[Member, Totals, Rank | None]]:
        """Every member's totals on ``on`` (the June / December lists, 000:106-108),
        highest MP first."""
        rows = [
            (p, self.totals(p.member, on), self.rank(p.member, on))
            for p in self.repository.players()
        ]
        return sorted(rows, key=lambda r: (-r[1].mp, r[0].member))

    def annual_awards(self, year: int, deemed_mp: dict[str, Decimal] | None = None) -> AnnualAwards:
        """Best player (most RP), best newcomer (under 20 MP at the start of the year,
        no deemed MP of 20 or more; most MP) and the most MP per rank held at the start
        of the year, ranks of 20 MP and more (000:110-126, 000:163)."""
        if not 2 <= year <= 9999:
            raise MasterpointError(
                "year must be 2-9999, got {year}", code="masterpoint.year", year=year
            )
        start, end = date(year, 1, 1), date(year, 12, 31)
        before = date(year - 1, 12, 31)
        deemed = deemed_mp or {}
        gained = {p.member: self.totals(p.member, end, start) for p in self.repository.players()}

        def winners(members: Iterable[str], key: str) -> tuple[str, ...]:
            scored = [(getattr(gained[m], key), m) for m in members]
            scored = [(v, m) for v, m in scored if v > 0]
            if not scored:
                return ()
            top = max(v for v, _ in scored)
            return tuple(sorted(m for v, m in scored if v == top))

        members = list(gained)
        newcomers = [
            m for m in members if self.totals(m, before).mp < 20 and deemed.get(m, Decimal(0)) < 20
        ]
        by_rank: dict[str, list[str]] = {}
        for m in members:
            rank = self.rank(m, before)
            if rank is not None and rank.mp >= 20:
                by_rank.setdefault(rank.name_en, []).append(m)
        return AnnualAwards(
            year,
            winners(members, "rp"),
            winners(newcomers, "mp"),
            {name: winners(ms, "mp") for name, ms in by_rank.items()},
        )

    # --- SBF -------------------------------------------------------------------------

    def holding(self, member: str, on: date | None = None) -> Holding:
        """SBF points by colour on ``on``."""
        by = {"bp": Fraction(0), "sp": Fraction(0), "gp": Fraction(0)}
        for a in self.repository.awards(member):
            if a.rules == "sbf" and (on is None or a.day <= on):
                by[a.colour] += Fraction(a.points)
        return Holding(by["bp"], by["sp"], by["gp"])

    def master_class(self, member: str, on: date | None = None) -> MasterClass:
        return master_class(self.holding(member, on))

    def sbf_statement(self, member: str, year: int, month: int) -> SbfStatement:
        """The member's SBF awards of the month, holdings and master class."""
        first, closing = _month(year, month)
        player = self._member(member)
        lines = sorted(
            (a.day, a.event, a.points, a.colour)
            for a in self.repository.awards(member)
            if a.rules == "sbf" and first <= a.day <= closing
        )
        before = self.holding(member, first - timedelta(days=1))
        return SbfStatement(
            member=member,
            name=player.name,
            closing=closing,
            carried=before,
            lines=tuple(lines),
            totals=self.holding(member, closing),
            master_class=self.master_class(member, closing),
        )

    def members_with_awards(self, rules: str, year: int, month: int) -> list[str]:
        """Member numbers with awards of ``rules`` in the month (a month's mailing)."""
        first, last = _month(year, month)
        return sorted(
            {
                a.member
                for a in self.repository.awards()
                if a.rules == rules and first <= a.day <= last
            }
        )
