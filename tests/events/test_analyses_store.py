"""Double-dummy tables and par cached in the store by deal (SQLite and PostgreSQL):
solved once, read back equal to DDS's published answers, attached to stored events."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from tests.deals.test_dd import CASES

from bridgedesk.bridge import Seat, Vulnerability
from bridgedesk.bridge.contract import Contract
from bridgedesk.cli import main
from bridgedesk.deals.analysis import BoardRecord, DDTable, Par, ParContract
from bridgedesk.deals.dd import analyse
from bridgedesk.deals.deal import Deal
from bridgedesk.deals.generate import generate
from bridgedesk.events import Event, Rating, ScoringMethod
from bridgedesk.formats import pbn_deals
from bridgedesk.store.analyses import analyse_cached, cached, deal_key, event_records, save
from bridgedesk.store.service import Store


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "hands.sqlite3")
    url: str = request.getfixturevalue("new_postgres_db")()
    return url


@pytest.fixture
def store(db: str) -> Iterator[Store]:
    with Store.open(db) as s:
        yield s


def dds_deals() -> list[Deal]:
    return [c[0] for c in CASES[:3]]


class CountingSolver:
    def __init__(self) -> None:
        self.calls: list[list[Deal]] = []

    def __call__(self, deals: Sequence[Deal]) -> list[BoardRecord]:
        self.calls.append(list(deals))
        return analyse(deals, workers=1)


def test_solved_once_and_equal_to_dds(store: Store) -> None:
    # CASES are DDS's own test hands with their published tables and par (tests/deals)
    deals = dds_deals()
    solver = CountingSolver()
    first, fresh = analyse_cached(store, deals, solver)
    assert fresh == 3 and [len(c) for c in solver.calls] == [3]
    again, fresh = analyse_cached(store, deals, solver)
    assert fresh == 0 and len(solver.calls) == 1  # nothing solved the second time
    for record, (_, table, score, _contracts) in zip(again, CASES[:3], strict=True):
        assert record.dd == table
        assert record.par is not None and record.par.score == score
    assert again == first


def test_only_new_deals_are_solved(store: Store) -> None:
    deals = dds_deals()
    analyse_cached(store, deals[:1], CountingSolver())
    solver = CountingSolver()
    records, fresh = analyse_cached(store, [*deals, deals[0]], solver)
    assert fresh == 2 and solver.calls == [deals[1:]]
    assert [r.deal for r in records] == [*deals, deals[0]]


def test_key_includes_dealer_and_vulnerability(store: Store) -> None:
    # par depends on who deals and who is vulnerable; the same cards on another board
    # with other conditions is another analysis
    deal = dds_deals()[0]
    other = deal.with_board(deal.board, Seat.W, Vulnerability.BOTH)
    if deal_key(other) == deal_key(deal):
        other = deal.with_board(deal.board, Seat.E, Vulnerability.NONE)
    analyse_cached(store, [deal], CountingSolver())
    assert cached(store, [other]) == [None]


def test_par_round_trip_through_the_store(store: Store) -> None:
    # several par contracts, a sacrifice and a passed-out par come back as they went in
    a, b = generate(2, seed=7)
    table = DDTable(((7, 8, 9, 10, 6), (6, 5, 4, 3, 7), (7, 8, 9, 10, 6), (6, 5, 4, 3, 7)))
    sacrifice = Par(
        -300,
        (
            ParContract(Contract.parse("5DX"), (Seat.E, Seat.W), -2),
            ParContract(Contract.parse("4S"), (Seat.N,), 1),
        ),
    )
    records = [BoardRecord(a, table, sacrifice), BoardRecord(b, table, Par(0))]
    assert save(store, records) == 2
    assert save(store, records) == 0
    assert cached(store, [a, b]) == records


def test_event_deals_get_their_analysis(store: Store) -> None:
    eid = store.create_event(
        Event("Hand records", dt.date(2026, 3, 3), Rating.WEEKLY, 3, ScoringMethod.MATCHPOINTS)
    )
    deals = generate(3, seed=11)
    for d in deals:
        store.set_deal(eid, d.board, d.pbn())
    analyse_cached(store, deals[:2], CountingSolver())
    records = event_records(store, eid)
    assert [r.deal for r in records] == deals
    assert [r.dd is not None for r in records] == [True, True, False]
    assert records[:2] == analyse(deals[:2], workers=1)
    assert event_records(store, "Hand records") == records


def test_analyse_command_with_db(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "set.pbn"
    assert main(["deals", "generate", "-n", "4", "--seed", "5", "-o", str(file)]) == 0
    with Store.open(db) as store:
        store.create_event(
            Event("Thursday", dt.date(2026, 3, 5), Rating.WEEKLY, 3, ScoringMethod.MATCHPOINTS)
        )
    capsys.readouterr()
    args = ["deals", "analyse", str(file), "--db", db, "--workers", "1", "--no-progress"]
    assert main([*args, "--event", "Thursday"]) == 0
    out = capsys.readouterr().out
    assert "4 solved now, 0 from the database" in out and "attached to event Thursday" in out
    result = tmp_path / "solved.pbn"
    assert main([*args, "--out", str(result)]) == 0
    assert "0 solved now, 4 from the database" in capsys.readouterr().out
    deals = [r.deal for r in pbn_deals.load(file)]
    assert pbn_deals.load(result) == analyse(deals, workers=1)
    with Store.open(db) as store:
        assert [r.dd is not None for r in event_records(store, "Thursday")] == [True] * 4
    assert main(["deals", "analyse", str(file), "--event", "Thursday"]) == 2
    assert "--event needs --db" in capsys.readouterr().err


def test_print_takes_the_analyses_from_the_database(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "set.pbn"
    assert main(["deals", "generate", "-n", "2", "--seed", "9", "-o", str(file)]) == 0
    args = ["deals", "analyse", str(file), "--db", db, "--workers", "1", "--no-progress"]
    assert main(args) == 0
    import bridgedesk.deals.dd

    def no_solving(*_args: object, **_kw: object) -> list[BoardRecord]:
        raise AssertionError("solved again although the database has the analyses")

    monkeypatch.setattr(bridgedesk.deals.dd, "analyse", no_solving)
    page = tmp_path / "set.html"
    assert main(["deals", "print", str(file), "--db", db, "--out", str(page)]) == 0
    deals = [r.deal for r in pbn_deals.load(file)]
    with Store.open(db) as store:
        records = cached(store, deals)
    html = page.read_text(encoding="utf-8")
    for r in records:
        assert r is not None and r.par is not None
        assert r.par.optimum_score().split()[1] in html
