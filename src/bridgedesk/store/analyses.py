"""Double-dummy tables and par cached in the store, keyed by the deal.

A deal is solved once: its 20-entry trick table and par are kept in
``deal_analyses`` under the deal as PBN text from North (``N:...``), the dealer
and the vulnerability (the par depends on both; the trick table on the cards
only).  :func:`analyse_cached` solves only the deals not solved before;
:func:`event_records` gives a stored event's deals with their analyses attached.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlalchemy import select, tuple_
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.bridge import Seat
from bridgedesk.deals.analysis import BoardRecord, DDTable, Par
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import StoreError
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import DealAnalysisRow, DealRow
from bridgedesk.store.unit import UnitOfWork, utcnow

__all__ = ["analyse_cached", "cached", "deal_key", "event_records", "save"]

Key = tuple[str, str, str]
Solver = Callable[[Sequence[Deal]], list[BoardRecord]]


def deal_key(deal: Deal) -> Key:
    """(PBN deal from North, dealer, vulnerability): what an analysis depends on."""
    return deal.pbn(Seat.N), deal.dealer.value, deal.vulnerability.value


def _tricks_text(table: DDTable) -> str:
    return "".join(f"{t:x}" for _, _, t in table.entries())


def _table(text: str) -> DDTable:
    values = [int(c, 16) for c in text]
    if len(values) != 20:
        raise StoreError(
            "a cached double-dummy table has 20 entries, got {given!r}",
            code="store.dd-cache",
            given=text,
        )
    rows = tuple(
        (values[i], values[i + 1], values[i + 2], values[i + 3], values[i + 4])
        for i in range(0, 20, 5)
    )
    return DDTable(rows)


def _record(deal: Deal, row: DealAnalysisRow) -> BoardRecord:
    par_text = "" if row.par_contracts == "Pass" else row.par_contracts
    score = f"NS {row.par_score}" if row.par_score >= 0 else f"EW {-row.par_score}"
    return BoardRecord(deal, _table(row.tricks), Par.parse(score, par_text or None))


def _lookup(s: OrmSession, keys: Sequence[Key]) -> dict[Key, DealAnalysisRow]:
    found: dict[Key, DealAnalysisRow] = {}
    unique = list(dict.fromkeys(keys))
    for start in range(0, len(unique), 200):
        chunk = unique[start : start + 200]
        rows = s.scalars(
            select(DealAnalysisRow).where(
                tuple_(
                    DealAnalysisRow.deal, DealAnalysisRow.dealer, DealAnalysisRow.vulnerability
                ).in_(chunk)
            )
        ).all()
        for row in rows:
            found[(row.deal, row.dealer, row.vulnerability)] = row
    return found


def cached(unit: UnitOfWork, deals: Sequence[Deal]) -> list[BoardRecord | None]:
    """Each deal's stored analysis, or ``None`` where it was never solved."""
    with unit.transaction(write=False) as s:
        found = _lookup(s, [deal_key(d) for d in deals])
        return [None if (row := found.get(deal_key(d))) is None else _record(d, row) for d in deals]


def save(unit: UnitOfWork, records: Sequence[BoardRecord]) -> int:
    """Keep solved analyses (those with a table and par); return how many were new.

    A deal stored meanwhile by someone else is left as it is (the same deal has the
    same analysis).
    """
    todo = [r for r in records if r.dd is not None and r.par is not None]
    if not todo:
        return 0
    with unit.transaction() as s:
        known = _lookup(s, [deal_key(r.deal) for r in todo])
        added = 0
        for r in todo:
            key = deal_key(r.deal)
            if key in known:
                continue
            assert r.dd is not None and r.par is not None
            row = DealAnalysisRow(
                deal=key[0],
                dealer=key[1],
                vulnerability=key[2],
                tricks=_tricks_text(r.dd),
                par_score=r.par.score,
                par_contracts=r.par.contracts_text(),
                solved_at=utcnow(),
            )
            try:
                with s.begin_nested():
                    s.add(row)
            except IntegrityError:  # solved and saved by another process meanwhile
                continue
            known[key] = row
            added += 1
        return added


def analyse_cached(
    unit: UnitOfWork, deals: Sequence[Deal], solve: Solver
) -> tuple[list[BoardRecord], int]:
    """Every deal's analysis, solving (with ``solve``) only those not in the store.

    Returns the records in the order of ``deals`` and how many of them were not in the
    store (a deal given twice is solved once).
    """
    records = cached(unit, deals)
    missing = [i for i, r in enumerate(records) if r is None]
    if missing:
        # a deal given twice in one set is solved once
        first: dict[Key, int] = {}
        for i in missing:
            first.setdefault(deal_key(deals[i]), i)
        solved = solve([deals[i] for i in first.values()])
        by_key = {deal_key(r.deal): r for r in solved}
        save(unit, solved)
        for i in missing:
            r = by_key[deal_key(deals[i])]
            records[i] = BoardRecord(deals[i], r.dd, r.par)
    return [r for r in records if r is not None], len(missing)


def event_records(unit: UnitOfWork, ref: int | str) -> list[BoardRecord]:
    """A stored event's deals by board, with their cached analyses attached
    (``dd`` and ``par`` are ``None`` for a deal never solved)."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        rows = s.scalars(
            select(DealRow).where(DealRow.event_id == ev.id).order_by(DealRow.board)
        ).all()
        deals = [Deal.from_pbn(r.pbn, r.board) for r in rows]
        found = _lookup(s, [deal_key(d) for d in deals])
        out: list[BoardRecord] = []
        for d in deals:
            row = found.get(deal_key(d))
            out.append(BoardRecord(d) if row is None else _record(d, row))
        return out
