"""The masterpoint ledger in the store (SQLite and PostgreSQL): the sample statement
of 000:56-84 from the database, event awards written in one audited transaction,
held awards of non-members, and the ledger commands with --db."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import text

from bridgedesk.cli import main
from bridgedesk.errors import EntryError, MasterpointError
from bridgedesk.events import Entry, Event, GridMovement, Player, Rating, ScoringMethod
from bridgedesk.events.entry import make_result
from bridgedesk.masterpoints.award import Award
from bridgedesk.masterpoints.ledger import InMemoryRepository, Ledger, LedgerEntry, Member
from bridgedesk.services import slips
from bridgedesk.store.ledger import RecordedAward, ledger_audit, open_ledger, record_event_awards
from bridgedesk.store.service import Store

SEED = Path(__file__).resolve().parents[2] / "docs" / "sources" / "000_7213318c585aab36.txt"
SEED_LINES = SEED.read_text(encoding="utf-8").splitlines()
#: the sample card, 000:60-73, as the seed prints it (tab-separated, lines end in a tab)
CARD = "\n".join(SEED_LINES[59:73]) + "\n"


def card_events() -> list[tuple[dt.date, str, Decimal, Decimal]]:
    """The card's event lines 000:63-70 read from the seed: (date, event, RP, MP)."""
    out = []
    for line in SEED_LINES[62:70]:
        day, event, rp, mp = line.rstrip("\t").split("\t")
        when = dt.date(2000 + int(day[:2]), int(day[2:4]), int(day[4:]))
        out.append((when, event, Decimal(rp or "0"), Decimal(mp)))
    return out


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "federation.sqlite3")
    url: str = request.getfixturevalue("new_postgres_db")()
    return url


@pytest.fixture
def store(db: str) -> Iterator[Store]:
    with Store.open(db) as s:
        yield s


def jcbl(member: str, day: dt.date, event: str, points: Decimal, colour: str) -> LedgerEntry:
    kind = "fmp" if "FMP" in event else "ccg"
    return LedgerEntry(member, day, event, "jcbl", "2007", points, colour, kind=kind)


def fill_sample(book: Ledger, skip: str | None = None) -> None:
    """The card's member: the balance carried into 2003 and Jan-Oct 2003 derived from
    the card's own totals (000:61, 000:71-72), then the November lines (but ``skip``)."""
    m = "59156"
    book.add_player(Member(m, "橋 之介", dt.date(1980, 4, 1), marker="*"))
    # before 2003: RP 1307.76 - 104.71, MP 3095.24 - 210.92
    book.record(jcbl(m, dt.date(2002, 12, 31), "opening", Decimal("1203.05"), "red"))
    book.record(jcbl(m, dt.date(2002, 12, 31), "opening", Decimal("1681.27"), "black"))
    # Jan-Oct 2003: carried 1273.86 / 3051.57 minus the balance before 2003
    book.record(jcbl(m, dt.date(2003, 6, 1), "earlier", Decimal("70.81"), "red"))
    book.record(jcbl(m, dt.date(2003, 6, 1), "earlier", Decimal("96.44"), "black"))
    for day, event, rp, mp in card_events():
        if event == skip:
            continue
        if rp:
            book.record(jcbl(m, day, event, rp, "red"))
        book.record(jcbl(m, day, event, mp - rp, "black"))
    book.repository.set_seed_points(m, dt.date(2003, 6, 30), 382)  # 000:72
    book.repository.set_seed_points(m, dt.date(2003, 11, 30), 400)


def test_sample_statement_from_the_database(store: Store, db: str) -> None:
    # 000:56-84: the card, byte for byte, from awards stored in the database
    with open_ledger(store) as book:
        fill_sample(book)
    with open_ledger(store, write=False) as book:
        statement = book.statement("59156", 2003, 11)
        assert statement.render_ja() == CARD
        assert statement.rank is not None and statement.rank.name_en == "Silver Life Master"
        # the same awards in memory give the same statement (the repositories agree)
        memory = Ledger(InMemoryRepository())
        fill_sample(memory)
        assert memory.statement("59156", 2003, 11) == statement
    # reopening the database keeps everything
    with Store.open(db) as again, open_ledger(again, write=False) as book:
        assert book.statement("59156", 2003, 11).render_ja() == CARD


def test_ledger_players_are_the_stores_players(store: Store) -> None:
    eid = store.create_event(
        Event("Club night", dt.date(2026, 1, 6), Rating.WEEKLY, 3, ScoringMethod.MATCHPOINTS)
    )
    store.add_entry(eid, Entry(1, (Player("Aiko", "100"), Player("Ben", "200"))))
    with open_ledger(store) as book:
        book.add_player(Member("100", joined=dt.date(2020, 1, 1)))  # name kept from events
        book.add_player(Member("300", "Chie"))
        with pytest.raises(MasterpointError, match="is 'Ben' in the register"):
            book.add_player(Member("200", "Someone else"))
    with open_ledger(store, write=False) as book:
        assert [(p.member, p.name) for p in book.repository.players()] == [
            ("100", "Aiko"),
            ("300", "Chie"),
        ]
    # the event's entries still name the same player rows
    assert store.entries(eid)[1].players[0] == Player("Aiko", "100")
    with store.engine.connect() as conn:
        count = conn.execute(text("select count(*) from players where member = '100'")).scalar()
    assert count == 1


def test_a_failed_ledger_transaction_writes_nothing(store: Store) -> None:
    with pytest.raises(MasterpointError), open_ledger(store) as book:
        book.add_player(Member("1"))
        book.record(jcbl("1", dt.date(2020, 1, 1), "x", Decimal("1.00"), "black"))
        raise MasterpointError("stop")
    with open_ledger(store, write=False) as book:
        assert book.repository.players() == ()
        assert book.repository.awards() == ()


def test_non_member_points_held_until_joining(store: Store) -> None:
    # 000:141-151: CCG and up if the player joins within one month, FMP while valid
    with open_ledger(store) as book:
        assert not book.record(jcbl("9", dt.date(2020, 3, 10), "CCG", Decimal("1.20"), "black"))
        assert not book.record(jcbl("9", dt.date(2020, 1, 10), "old", Decimal("0.50"), "black"))
        assert not book.record(jcbl("9", dt.date(2019, 6, 1), "FMP club", Decimal("0.30"), "black"))
        assert book.totals("9").mp == 0
    with open_ledger(store) as book:
        added, expired = book.join(Member("9", joined=dt.date(2020, 4, 10)))
        assert sorted(e.event for e in added) == ["CCG", "FMP club"]
        assert [e.event for e in expired] == ["old"]
    with open_ledger(store, write=False) as book:
        assert book.totals("9").mp == Decimal("1.50")
        assert book.repository.pending() == ()


# -- awarding a stored, scored event ---------------------------------------------------


def scored_event(store: Store, mitchell: GridMovement, day: dt.date, name: str) -> int:
    ccg = Rating.CLUB_CHAMPIONSHIP
    eid = store.create_event(Event(name, day, ccg, 2, ScoringMethod.MATCHPOINTS))
    for n in range(1, 7):
        store.add_entry(eid, Entry(n, (Player(f"N{n}", f"{n}01"), Player(f"S{n}", f"{n}02"))))
    store.set_movement(eid, mitchell)
    slips.enter(
        store,
        eid,
        make_result(board=1, round=1, table=1, ns=1, ew=4, contract="4S", declarer="N", result="="),
    )
    return eid


def award(member: str, place: int, points: str, colour: str = "black") -> Award:
    reason = f"place {place} of 6, CCG formula"
    return Award(member, member[:-2], "", None, place, Decimal(points), colour, reason)


def test_event_awards_recorded_replaced_and_audited(store: Store, mitchell: GridMovement) -> None:
    eid = scored_event(store, mitchell, dt.date(2026, 1, 6), "New year pairs")
    first = [award("101", 1, "1.20"), award("102", 1, "1.20"), award("201", 2, "0.84")]
    done = record_event_awards(
        store, eid, first, rules="jcbl", version="2007", who="office", reason="monthly run"
    )
    assert (done.recorded, done.held, done.replaced) == (3, 0, 0) and done.audit is not None
    with open_ledger(store, write=False) as book:
        assert book.totals("101").mp == Decimal("1.20")
        [entry] = book.repository.awards("201")
        assert entry == LedgerEntry(
            "201",
            dt.date(2026, 1, 6),
            "New year pairs",
            "jcbl",
            "2007",
            Decimal("0.84"),
            "black",
            2,
            "place 2 of 6, CCG formula",
            "ccg",
        )
        # every entrant with a member number joined the ledger
        assert len(book.repository.players()) == 12

    # the same awards again: nothing changes, nothing is audited
    again = record_event_awards(
        store, eid, first, rules="jcbl", version="2007", who="office", reason="run twice"
    )
    assert again.audit is None and again.recorded == 3
    assert len(ledger_audit(store, eid)) == 1

    # corrected awards replace the old ones; the audit keeps both
    second = [award("101", 1, "1.50"), award("102", 1, "1.50")]
    done = record_event_awards(
        store,
        eid,
        second,
        rules="jcbl",
        version="2007",
        who="director",
        reason="fouled board fixed",
    )
    assert (done.recorded, done.replaced) == (2, 3)
    with open_ledger(store, write=False) as book:
        assert book.totals("101").mp == Decimal("1.50")
        assert book.repository.awards("201") == ()
    audit = ledger_audit(store, eid)
    assert [a.action for a in audit] == ["award", "replace"]
    assert audit[1].who == "director" and audit[1].reason == "fouled board fixed"
    assert [a["points"] for a in audit[1].old] == ["1.20", "1.20", "0.84"]
    assert [a["points"] for a in audit[1].new] == ["1.50", "1.50"]


def test_event_awards_to_a_non_member_are_held(store: Store, mitchell: GridMovement) -> None:
    eid = scored_event(store, mitchell, dt.date(2026, 1, 6), "Open pairs")
    awards = [award("101", 1, "1.20"), award("G-7", 2, "0.84")]  # a guest, no member number
    done = record_event_awards(
        store, eid, awards, rules="jcbl", version="2007", who="o", reason="r"
    )
    assert (done.recorded, done.held) == (1, 1)
    with open_ledger(store) as book:
        assert [e.event for e in book.repository.pending("G-7")] == ["Open pairs"]
        added, _ = book.join(Member("G-7", "Guest", joined=dt.date(2026, 1, 20)))
        assert len(added) == 1
    # the released award stays the event's: re-awarding still replaces it
    done = record_event_awards(
        store,
        eid,
        [award("101", 1, "1.20")],
        rules="jcbl",
        version="2007",
        who="o",
        reason="guest out",
    )
    assert done.replaced == 2
    with open_ledger(store, write=False) as book:
        assert book.totals("G-7").mp == 0


def test_event_awards_refused(store: Store, mitchell: GridMovement) -> None:
    eid = store.create_event(
        Event("Unplayed", dt.date(2026, 2, 1), Rating.WEEKLY, 3, ScoringMethod.MATCHPOINTS)
    )
    with pytest.raises(MasterpointError, match="no results stored"):
        record_event_awards(store, eid, [], rules="jcbl", version="2007", who="o", reason="r")
    eid = scored_event(store, mitchell, dt.date(2026, 1, 6), "Played")
    with pytest.raises(MasterpointError, match="needs a reason"):
        record_event_awards(store, eid, [], rules="jcbl", version="2007", who="o", reason=" ")
    with pytest.raises(MasterpointError, match="red or black"):
        record_event_awards(
            store,
            eid,
            [award("101", 1, "1", "sp")],
            rules="jcbl",
            version="2007",
            who="o",
            reason="r",
        )
    with pytest.raises(EntryError, match="no event named"):
        record_event_awards(store, "Nope", [], rules="jcbl", version="2007", who="o", reason="r")
    assert ledger_audit(store, eid) == []


def test_awarded_event_line_on_the_sample_statement(store: Store, mitchell: GridMovement) -> None:
    # the card's first line (000:63, 兵庫県知事杯 RP 15.60 MP 16.97) comes from a
    # stored event awarded through the store; the rest from the ledger
    day, name, rp, mp = card_events()[0]
    eid = scored_event(store, mitchell, day, name)
    store.add_entry(eid, Entry(7, (Player("橋 之介", "59156"), Player("X", "999"))))
    with open_ledger(store) as book:
        fill_sample(book, skip=name)
    awards = [award("59156", 1, str(rp), "red"), award("59156", 1, str(mp - rp), "black")]
    record_event_awards(store, eid, awards, rules="jcbl", version="2007", who="o", reason="Nov run")
    with open_ledger(store, write=False) as book:
        assert book.statement("59156", 2003, 11).render_ja() == CARD


def test_ledger_commands_default_to_the_events_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # without --ledger or --db: $BRIDGEDESK_DB, as the event commands do
    monkeypatch.setenv("BRIDGEDESK_DB", str(tmp_path / "env.sqlite3"))
    past = tmp_path / "past.csv"
    past.write_text(
        "member,date,event,rules,version,points,colour\n1,2026-01-06,x,jcbl,2007,0.36,black\n",
        encoding="utf-8",
    )
    assert main(["masterpoints", "import", str(past)]) == 0
    capsys.readouterr()
    assert main(["masterpoints", "ranks", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["mp"] == "0.36"
    with Store.open(tmp_path / "env.sqlite3") as store, open_ledger(store, write=False) as book:
        assert book.totals("1").mp == Decimal("0.36")


def test_recorded_award_from_json_shape() -> None:
    a = RecordedAward("1", 2, Decimal("0.50"), "black", "why", session=2)
    assert (a.member, a.place, a.session) == ("1", 2, 2)


# -- the commands with --db ------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["masterpoints", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_commands_on_the_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: str, mitchell: GridMovement
) -> None:
    lines = ["member,date,event,rules,version,points,colour,kind"]
    opening = [
        ("2002-12-31", "opening", "1203.05", "red"),
        ("2002-12-31", "opening", "1681.27", "black"),
        ("2003-06-01", "earlier", "70.81", "red"),
        ("2003-06-01", "earlier", "96.44", "black"),
    ]
    for day, event, points, colour in opening:
        lines.append(f"59156,{day},{event},jcbl,2007,{points},{colour},ccg")
    for when, event, rp, mp in card_events():
        if rp:
            lines.append(f"59156,{when},{event},jcbl,2007,{rp},red,ccg")
        lines.append(f"59156,{when},{event},jcbl,2007,{mp - rp},black,ccg")
    past = tmp_path / "past.csv"
    past.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "import", str(past), "--db", db)
    assert (code, out) == (0, "imported 18 awards into the database\n")
    with Store.open(db) as store, open_ledger(store) as book:  # the card's member details
        book.add_player(Member("59156", "橋 之介", dt.date(1980, 4, 1), marker="*"))
        book.repository.set_seed_points("59156", dt.date(2003, 6, 30), 382)
        book.repository.set_seed_points("59156", dt.date(2003, 11, 30), 400)
    code, out, _ = run(capsys, "statement", "--member", "59156", "--period", "2003-11", "--db", db)
    assert (code, out) == (0, CARD)
    # the month's mailing: every member with awards in the period (only the card's)
    code, out, _ = run(capsys, "statement", "--period", "2003-11", "--db", db)
    assert (code, out) == (0, CARD)

    code, out, _ = run(capsys, "ranks", "--db", db, "--json")
    assert json.loads(out) == [
        {"member": "59156", "name": "橋 之介", "rp": "1307.76", "mp": "3095.24",
         "rank": "Silver Life Master"},
    ]  # fmt: skip

    # awards of a stored event recorded from `award --json` output
    with Store.open(db) as store:
        eid = scored_event(store, mitchell, dt.date(2026, 1, 6), "Tuesday CCG")
    awards_file = tmp_path / "awards.json"
    awards_file.write_text(
        json.dumps(
            [
                {"member": "101", "place": 1, "points": "1.20", "colour": "black",
                 "reason": "place 1"},
                {"member": "102", "place": 1, "points": "1.20", "colour": "black",
                 "reason": "place 1"},
                {"member": "101", "place": 1, "points": "0.30", "colour": "black",
                 "reason": "session 2, place 1", "session": 2},
            ]
        ),
        encoding="utf-8",
    )  # fmt: skip
    args = ["record", str(awards_file), "--event", str(eid), "--rules", "jcbl", "--db", db]
    code, out, _ = run(capsys, *args, "--reason", "January run", "--by", "office")
    assert (code, out) == (0, f"event {eid}: recorded 3 awards\n")
    code, out, _ = run(capsys, *args, "--reason", "again")
    assert "nothing changed" in out
    code, out, _ = run(capsys, "list", "--db", db, "--member", "101", "--json")
    rows = json.loads(out)
    assert [(r["event"], r["points"], r["reason"]) for r in rows] == [
        ("Tuesday CCG", "1.20", "place 1"),
        ("Tuesday CCG (session 2)", "0.30", "session 2, place 1"),
    ]
    assert rows[0]["rules"] == "jcbl" and rows[0]["version"] == "2007"

    code, _, err = run(
        capsys, "statement", "--member", "1", "--period", "2003-11", "--db", db, "--ledger", "x"
    )
    assert code == 2 and "--ledger FILE.csv or --db" in err
    awards_file.write_text('[{"member": "1"}]', encoding="utf-8")
    code, _, err = run(capsys, *args, "--reason", "x")
    assert code == 2 and "award 1 needs member, place, points and colour" in err


def test_concurrent_re_awards_leave_one_whole_set(store: Store, mitchell: GridMovement) -> None:
    # two offices re-award the same event at once: the writers take turns, and the
    # ledger ends with exactly one of the two sets, each write audited
    import threading

    eid = scored_event(store, mitchell, dt.date(2026, 1, 6), "Busy")
    sets = {
        "a": [award("101", 1, "1.20"), award("102", 1, "1.20")],
        "b": [award("201", 1, "0.90"), award("202", 1, "0.90"), award("301", 2, "0.60")],
    }
    errors: list[BaseException] = []

    def write(name: str) -> None:
        try:
            for _ in range(3):
                record_event_awards(
                    store, eid, sets[name], rules="jcbl", version="2007", who=name, reason="race"
                )
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in sets]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with open_ledger(store, write=False) as book:
        members = sorted(e.member for e in book.repository.awards())
    assert members in (["101", "102"], ["201", "202", "301"])
    audit = ledger_audit(store, eid)
    assert 2 <= len(audit) <= 6
    last = [a["member"] for a in audit[-1].new]
    assert sorted(last) == members


def test_migration_0003_reverses_and_keeps_the_events(db: str) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    from bridgedesk.store import db as store_db

    with Store.open(db) as store:
        store.create_event(
            Event("Kept", dt.date(2026, 1, 6), Rating.WEEKLY, 3, ScoringMethod.MATCHPOINTS)
        )
        config = Config()
        config.set_main_option("script_location", str(Path(store_db.__file__).parent / "alembic"))
        with store.engine.begin() as conn:
            config.attributes["connection"] = conn
            command.downgrade(config, "0002")
        with store.engine.connect() as conn:
            names = set(inspect(conn).get_table_names())
        assert not names & {"ledger_members", "ledger_awards", "deal_analyses"}
    with Store.open(db) as store:  # opening upgrades again
        assert [e.event.name for e in store.events()] == ["Kept"]
        with open_ledger(store, write=False) as book:
            assert book.repository.players() == ()


def test_annual_awards_from_the_database(capsys: pytest.CaptureFixture[str], db: str) -> None:
    # 000:110-126: most RP; newcomers under 20 MP at the start of the year (deemed MP
    # counts, 000:163); most MP per rank held at the start of the year
    with Store.open(db) as store, open_ledger(store) as book:
        for m in ("a", "b", "c", "d"):
            book.add_player(Member(m))
        for m, day, points, colour in [
            ("a", dt.date(2019, 5, 1), "25", "black"),  # Master at the start of 2020
            ("b", dt.date(2019, 5, 1), "30", "black"),  # Master at the start of 2020
            ("a", dt.date(2020, 5, 1), "10", "red"),
            ("b", dt.date(2020, 5, 1), "12", "black"),
            ("c", dt.date(2020, 5, 1), "8", "black"),
            ("d", dt.date(2020, 5, 1), "9", "black"),
        ]:
            book.record(jcbl(m, day, "x", Decimal(points), colour))
    code, out, _ = run(capsys, "annual", "--year", "2020", "--db", db, "--deemed", "d=20", "--json")
    assert code == 0
    assert json.loads(out) == {
        "year": 2020,
        "best_player": ["a"],
        "best_newcomer": ["c"],
        "by_rank": {"Master": ["b"]},
    }
    code, _, err = run(capsys, "annual", "--year", "2020", "--db", db, "--deemed", "d")
    assert code == 2 and "MEMBER=MP" in err


def test_awards_from_the_award_engine_into_the_store(store: Store, mitchell: GridMovement) -> None:
    # a stored weekly game's ranking awarded by masterpoints.award (JCBL weekly, class
    # 3, 000:173-228): what the engine paid is what the ledger holds, reasons included
    from bridgedesk.masterpoints.award import award as pay
    from bridgedesk.masterpoints.jcbl.weekly import GameKind, WeeklyGame
    from bridgedesk.masterpoints.ranking import Placing, Ranking

    eid = store.create_event(
        Event("Weekly", dt.date(2026, 2, 3), Rating.WEEKLY, 3, ScoringMethod.MATCHPOINTS)
    )
    for n in range(1, 7):
        store.add_entry(eid, Entry(n, (Player(f"N{n}", f"{n}01"), Player(f"S{n}", f"{n}02"))))
    store.set_movement(eid, mitchell)
    slips.enter(
        store,
        eid,
        make_result(
            board=1, round=1, table=1, ns=1, ew=4, contract="3NT", declarer="S", result="+1"
        ),
    )
    ranking = Ranking(tuple(Placing(str(n), (f"{n}01", f"{n}02"), n) for n in range(1, 7)))
    paid = pay(ranking, "jcbl", WeeklyGame(3, GameKind.PAIRS))
    assert paid and all(a.reason for a in paid)
    done = record_event_awards(
        store, eid, paid, rules="jcbl", version="2007", who="club", reason="r"
    )
    assert (done.recorded, done.held) == (len(paid), 0)
    with open_ledger(store, write=False) as book:
        stored = book.repository.awards()
    assert [(e.member, e.place, e.points, e.colour, e.reason) for e in stored] == [
        (a.member, a.place, a.points, a.colour, a.reason) for a in paid
    ]
    assert {e.kind for e in stored} == {"fmp"}  # a weekly game issues club FMP (000:17-54)
