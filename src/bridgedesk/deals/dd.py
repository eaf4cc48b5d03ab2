"""Double-dummy tables and par through endplay (which wraps Bo Haglund's DDS).

:func:`solve` gives one deal's 20-entry trick table and par;
:func:`analyse` solves a whole set, spreading the boards over worker
processes (one per core by default) with an optional progress bar.  endplay
is imported only inside the functions here, so importing
:mod:`bridgedesk.deals` stays light.

endplay's tables are indexed [strain S H D C NT][player N E S W]; the
translation to bridgedesk's N E S W x C D H S NT happens in this module only.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bridgedesk.bridge import SEATS, Seat, Vulnerability
from bridgedesk.bridge.contract import Contract, Doubling, Strain
from bridgedesk.deals.analysis import BoardRecord, DDTable, Par, ParContract
from bridgedesk.deals.deal import Deal

#: endplay's strain order (its ``Denom`` values 0-4).
_ENDPLAY_STRAINS = (Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT)
_VUL_NAMES = {
    Vulnerability.NONE: "none",
    Vulnerability.NS: "ns",
    Vulnerability.EW: "ew",
    Vulnerability.BOTH: "both",
}
_DOUBLING = {1: Doubling.UNDOUBLED, 2: Doubling.DOUBLED, 4: Doubling.REDOUBLED}


def _endplay_deal(deal: Deal) -> Any:
    from endplay.types import Deal as EDeal

    return EDeal(deal.pbn(Seat.N))


def _table_from_endplay(table: Any) -> DDTable:
    grid = table.to_list()  # [denom][player]
    values: dict[tuple[Seat, Strain], int] = {}
    for d, strain in enumerate(_ENDPLAY_STRAINS):
        for p, seat in enumerate(SEATS):
            values[(seat, strain)] = int(grid[d][p])
    return DDTable.from_mapping(values)


def _par_from_endplay(table: Any, deal: Deal) -> Par:
    from endplay.dds import par
    from endplay.types import Player, Vul

    result = par(table, Vul[_VUL_NAMES[deal.vulnerability]], Player(deal.dealer.index))
    merged: dict[tuple[Contract, int, str], list[Seat]] = {}
    for c in result:
        contract = Contract(int(c.level), _ENDPLAY_STRAINS[int(c.denom)], _DOUBLING[int(c.penalty)])
        seat = SEATS[int(c.declarer)]
        merged.setdefault((contract, int(c.result), seat.side.value), []).append(seat)
    contracts = tuple(
        ParContract(contract, tuple(seats), result)
        for (contract, result, _), seats in merged.items()
    )
    return Par(int(result.score), contracts)


def solve(deal: Deal) -> BoardRecord:
    """The double-dummy table and par of one deal."""
    from endplay.dds import calc_dd_table

    table = calc_dd_table(_endplay_deal(deal))
    return BoardRecord(deal, _table_from_endplay(table), _par_from_endplay(table, deal))


def _init_worker() -> None:
    """Worker processes run DDS single-threaded: the processes are the parallelism,
    and several DDS thread pools on the same cores only get in each other's way."""
    try:
        from endplay._dds import SetMaxThreads

        SetMaxThreads(1)
    except ImportError:  # pragma: no cover - an endplay without the raw binding
        pass


def _solve_pbn(
    args: tuple[str, int, str, str],
) -> tuple[tuple[tuple[int, ...], ...], int, list[tuple[str, tuple[str, ...], int]]]:
    """Worker: solve one deal sent as plain data (cheap to pickle)."""
    pbn, board, dealer, vul = args
    deal = Deal.from_pbn(pbn, board, Seat(dealer), Vulnerability(vul))
    record = solve(deal)
    assert record.dd is not None and record.par is not None
    contracts = [
        (str(c.contract), tuple(s.value for s in c.declarers), c.result)
        for c in record.par.contracts
    ]
    return record.dd.tricks, record.par.score, contracts


def analyse(
    deals: Sequence[Deal],
    *,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[BoardRecord]:
    """Solve every deal, in parallel over ``workers`` processes (default: one per core).

    ``progress(done, total)`` is called after each board.  The result keeps the
    order of ``deals``.
    """
    total = len(deals)
    if workers is None:
        workers = os.cpu_count() or 1
    jobs = [(d.pbn(Seat.N), d.board, d.dealer.value, d.vulnerability.value) for d in deals]
    out: list[BoardRecord | None] = [None] * total
    if workers <= 1 or total <= 1:
        for i, deal in enumerate(deals):
            out[i] = solve(deal)
            if progress is not None:
                progress(i + 1, total)
    else:
        with ProcessPoolExecutor(max_workers=min(workers, total), initializer=_init_worker) as pool:
            for i, (tricks, score, contracts) in enumerate(pool.map(_solve_pbn, jobs)):
                rows = tuple((r[0], r[1], r[2], r[3], r[4]) for r in tricks)
                par = Par(
                    score,
                    tuple(
                        ParContract(Contract.parse(c), tuple(Seat(s) for s in seats), res)
                        for c, seats, res in contracts
                    ),
                )
                out[i] = BoardRecord(deals[i], DDTable(rows), par)
                if progress is not None:
                    progress(i + 1, total)
    return [r for r in out if r is not None]


__all__ = ["analyse", "solve"]
