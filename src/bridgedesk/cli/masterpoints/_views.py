"""What the ledger's reading commands print: statements and the MP list as JSON rows,
the period and rule-set options checked."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

from bridgedesk.errors import Location, MasterpointError
from bridgedesk.masterpoints.ledger import Ledger, SbfStatement, Statement
from bridgedesk.masterpoints.sbf.classes import Holding
from bridgedesk.masterpoints.sbf.rules import RankingAward, ranking_kind, ranking_points
from bridgedesk.masterpoints.sbf.units import Denomination


def rule_set(rules: str) -> str:
    if rules not in ("jcbl", "sbf"):
        raise MasterpointError(
            "--rules must be jcbl or sbf, got {rules!r}",
            Location(input="--rules"),
            code="masterpoint.rules",
            rules=rules,
        )
    return rules


def period(period: str) -> tuple[int, int]:
    year_text, sep, month_text = period.partition("-")
    if not (
        sep
        and (year_text.isascii() and year_text.isdigit())
        and (month_text.isascii() and month_text.isdigit())
        and len(year_text) == 4
    ):
        raise MasterpointError(
            "--period must be YYYY-MM, got {period!r}",
            Location(input="--period"),
            code="masterpoint.period",
            period=period,
        )
    year, month = int(year_text), int(month_text)
    if not 1 <= month <= 12:
        raise MasterpointError(
            "month must be 1-12, got {month}",
            Location(input="--period"),
            code="masterpoint.month",
            month=month,
        )
    return year, month


def two(value: Decimal) -> str:
    return f"{value:.2f}"


def statement_json(statement: Statement) -> dict[str, Any]:
    return {
        "member": statement.member,
        "closing": statement.closing.isoformat(),
        "rank": statement.rank.name_en if statement.rank else None,
        "carried": {"rp": two(statement.carried.rp), "mp": two(statement.carried.mp)},
        "events": [
            {"date": d.isoformat(), "event": e, "rp": two(rp), "mp": two(mp)}
            for d, e, rp, mp in statement.lines
        ],
        "year_to_date": {
            "rp": two(statement.year_to_date.rp),
            "mp": two(statement.year_to_date.mp),
        },
        "totals": {"rp": two(statement.totals.rp), "mp": two(statement.totals.mp)},
        "sp": statement.sp_now,
        "sp_june": statement.sp_june,
    }


def exact(value: Fraction) -> str:
    """A fraction of a unit whose denominator divides a power of ten, as a decimal."""
    return str(Decimal(value.numerator) / Decimal(value.denominator))


def sbf_statement_json(statement: SbfStatement) -> dict[str, Any]:
    def holding(h: Holding) -> dict[str, str]:
        return {"bp": exact(h.bp), "sp": exact(h.sp), "gp": exact(h.gp), "mp": exact(h.mp)}

    return {
        "member": statement.member,
        "name": statement.name,
        "closing": statement.closing.isoformat(),
        "carried": holding(statement.carried),
        "events": [
            {"date": d.isoformat(), "event": e, "points": str(p), "colour": c}
            for d, e, p, c in statement.lines
        ],
        "totals": holding(statement.totals),
        "class": str(statement.master_class),
        "clover_stars": statement.master_class.clover_stars,
    }


def jcbl_ranks(book: Ledger, day: date, since: date | None) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for player, totals, rank in book.mp_list(day):
        previous = book.rank(player.member, since) if since else None
        if since and previous == rank:
            continue
        row: dict[str, Any] = {
            "member": player.member,
            "name": player.name,
            "rp": two(totals.rp),
            "mp": two(totals.mp),
            "rank": rank.name_en if rank else None,
        }
        if since:
            row["previous"] = previous.name_en if previous else None
        rows.append(row)
    return rows


def sbf_ranks(
    book: Ledger, day: date, since: date | None, ranking_day: date
) -> list[dict[str, Any]]:
    """Holdings, master classes (with stars) and the ranking points of the 24 months up
    to ``ranking_day`` (001:545-571)."""
    rows: list[dict[str, Any]] = []
    for player in book.repository.players():
        points = ranking_points(
            [
                RankingAward(
                    a.day, Fraction(a.points), Denomination(a.colour), ranking_kind(a.kind)
                )
                for a in book.repository.awards(player.member)
                if a.rules == "sbf"
            ],
            ranking_day,
        )
        holding = book.holding(player.member, day)
        klass = book.master_class(player.member, day)
        previous = book.master_class(player.member, since) if since else None
        if since and str(previous) == str(klass):
            continue
        row: dict[str, Any] = {
            "member": player.member,
            "name": player.name,
            "bp": str(holding.bp),
            "sp": str(holding.sp),
            "gp": str(holding.gp),
            "mp": exact(holding.mp),
            "class": str(klass),
            "clover_stars": klass.clover_stars,
            "ranking": str(points),
        }
        if since:
            row["previous"] = str(previous)
        rows.append(row)
    rows.sort(key=lambda r: (-Fraction(r["mp"]), r["member"]))
    return rows
