"""The masterpoint ledger as one CSV file (import, export).

Columns (header required; missing optional columns default to empty)::

    type,member,date,event,rules,version,points,colour,place,kind,reason,name,marker

``type`` is ``award`` (default), ``player`` (member, name, marker, date = joined,
points = MP earned in 1973 and before), ``seed`` (member, date, points = seed points
on that date) or ``pending`` (an award held for a non-member).  Dates are ISO
``YYYY-MM-DD``; points are decimals.  A member who appears only in awards is taken to
be a member since before the awards.
"""

from __future__ import annotations

import csv
import io
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path

from bridgedesk import reading
from bridgedesk.errors import FormatError, Location, MasterpointError
from bridgedesk.formats import csv_cells
from bridgedesk.masterpoints.ledger import InMemoryRepository, LedgerEntry, Member

__all__ = ["COLUMNS", "dumps", "load", "load_awards", "loads", "loads_awards"]

COLUMNS = (
    "type", "member", "date", "event", "rules", "version", "points", "colour",
    "place", "kind", "reason", "name", "marker",
)  # fmt: skip


def _date(text: str, where: Location) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise FormatError(
            "date must be YYYY-MM-DD, got {given!r}", where, code="ledger.date", given=text
        ) from None


def _decimal(text: str, where: Location, name: str = "points", *, bounded: bool = False) -> Decimal:
    """A finite decimal number (``NaN`` and ``Infinity`` are refused).  An award's
    size is the ledger's to check (it names the limit); ``bounded`` refuses here
    the absurd sizes (``1e999999``) of numbers no later check bounds."""
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise FormatError(
            "{column} must be a number, got {given!r}",
            where,
            code="ledger.not-a-number",
            column=name,
            given=text[:40],
        ) from None
    if not value.is_finite():
        raise FormatError(
            "{column} must be a number, got {given!r}",
            where,
            code="ledger.not-a-number",
            column=name,
            given=text[:40],
        )
    if bounded:
        try:
            reading.checked_decimal(text.strip())
        except ValueError:
            raise FormatError(
                "{column} must be a number of at most {digits} digits, got {given!r}",
                where,
                code="ledger.number-digits",
                column=name,
                digits=reading.MAX_NUMBER_DIGITS,
                given=text[:40],
            ) from None
    return value


def _rows(text: str, file: str | None) -> list[tuple[int, dict[str, str]]]:
    reader = csv.DictReader(io.StringIO(text.removeprefix("\ufeff"), newline=""))
    with reading.csv_errors(lambda: reader.line_num, file):
        names = reader.fieldnames
    if names is None or "member" not in names:
        raise FormatError(
            "the ledger CSV needs a header with at least a member column",
            Location(file, 1),
            code="ledger.header",
        )
    unknown = set(names) - set(COLUMNS)
    if unknown:
        raise FormatError(
            "unknown columns {unknown}; allowed: {allowed}",
            Location(file, 1),
            code="ledger.unknown-columns",
            unknown=sorted(unknown),
            allowed=", ".join(COLUMNS),
        )
    return [
        (reader.line_num, {k: csv_cells.restore(v or "") for k, v in row.items() if k is not None})
        for row in reading.csv_rows(reader, lambda: reader.line_num, file)
    ]


def _entry(row: dict[str, str], where: Location) -> LedgerEntry:
    place = row.get("place", "").strip()
    if place and reading.whole_number(place) is None:
        raise FormatError(
            "place must be a whole number, got {given!r}",
            where,
            code="ledger.place",
            given=place[:40],
        )
    try:
        return LedgerEntry(
            member=row["member"].strip(),
            day=_date(row.get("date", ""), where),
            event=row.get("event", ""),
            rules=row.get("rules", "").strip(),
            version=row.get("version", "").strip(),
            points=_decimal(row.get("points", ""), where),
            colour=row.get("colour", "").strip(),
            place=int(place) if place else None,
            reason=row.get("reason", ""),
            kind=row.get("kind", "").strip(),
        )
    except MasterpointError as exc:
        raise FormatError(exc.msgid, where, code=exc.code, **exc.params) from exc


def loads_awards(text: str, file: str | None = None) -> list[LedgerEntry]:
    """Only the award rows of a CSV (for ``masterpoints import``)."""
    out: list[LedgerEntry] = []
    for line, row in _rows(text, file):
        if row.get("type", "award").strip() in ("", "award"):
            out.append(_entry(row, Location(file, line)))
    return out


def loads(text: str, file: str | None = None) -> InMemoryRepository:
    """A whole ledger file into an in-memory repository."""
    repo = InMemoryRepository()
    awards: list[LedgerEntry] = []
    for line, row in _rows(text, file):
        where = Location(file, line)
        kind = row.get("type", "").strip() or "award"
        member = row.get("member", "").strip()
        if not member:
            raise FormatError("member number is empty", where, code="ledger.member-empty")
        if kind == "award":
            awards.append(_entry(row, where))
        elif kind == "pending":
            repo.add_pending(_entry(row, where))
        elif kind == "player":
            joined = row.get("date", "").strip()
            early = row.get("points", "").strip()
            repo.add_player(
                Member(
                    member,
                    row.get("name", ""),
                    _date(joined, where) if joined else None,
                    row.get("marker", ""),
                    _decimal(early, where, bounded=True) if early else Decimal(0),
                )
            )
        elif kind == "seed":
            value = _decimal(row.get("points", ""), where, "seed points", bounded=True)
            repo.set_seed_points(member, _date(row.get("date", ""), where), int(value))
        else:
            raise FormatError(
                "type must be award, pending, player or seed, got {given!r}",
                where,
                code="ledger.type",
                given=kind,
            )
    for entry in awards:
        if repo.player(entry.member) is None:
            repo.add_player(Member(entry.member))
        repo.add_award(entry)
    return repo


def load(path: str | Path) -> InMemoryRepository:
    """A ledger CSV file (UTF-8) into an in-memory repository."""
    return loads(reading.read_text(path, what="the ledger"), str(path))


def load_awards(path: str | Path) -> list[LedgerEntry]:
    """The award rows of a CSV file (UTF-8)."""
    return loads_awards(reading.read_text(path), str(path))


def dumps(repo: InMemoryRepository) -> str:
    """The CSV text of a repository: players, seed points, awards, held awards."""
    buffer = io.StringIO()
    writer = csv_cells.dict_writer(buffer, COLUMNS, lineterminator="\n")
    writer.writeheader()
    for p in repo.players():
        writer.writerow(
            {
                "type": "player",
                "member": p.member,
                "date": p.joined.isoformat() if p.joined else "",
                "points": str(p.mp_1973_and_before) if p.mp_1973_and_before else "",
                "name": p.name,
                "marker": p.marker,
            }
        )
        for day, sp in sorted(repo.seed_points(p.member).items()):
            writer.writerow(
                {"type": "seed", "member": p.member, "date": day.isoformat(), "points": sp}
            )
    for kind, entries in (("award", repo.awards()), ("pending", repo.pending())):
        for e in entries:
            writer.writerow(
                {
                    "type": kind,
                    "member": e.member,
                    "date": e.day.isoformat(),
                    "event": e.event,
                    "rules": e.rules,
                    "version": e.version,
                    "points": str(e.points),
                    "colour": e.colour,
                    "place": "" if e.place is None else str(e.place),
                    "kind": e.kind,
                    "reason": e.reason,
                }
            )
    return buffer.getvalue()
