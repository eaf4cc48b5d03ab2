"""The store and its service layer on SQLite: events, entries, results, corrections, imports."""

from __future__ import annotations

import datetime as dt
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from bridgedesk.errors import EntryError, ForbiddenError, MovementError, StoreError
from bridgedesk.events import Entry, Event, GridMovement, Player, Rating, Result, ScoringMethod
from bridgedesk.events.entry import make_result
from bridgedesk.events.model import Section, Session
from bridgedesk.services import slips
from bridgedesk.store.db import database_url
from bridgedesk.store.models import Base
from bridgedesk.store.service import Store


def pair(n: int, a: str, b: str, members: tuple[str | None, str | None] = (None, None)) -> Entry:
    return Entry(n, (Player(a, members[0]), Player(b, members[1])))


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """The store on SQLite and, where a PostgreSQL server can be started, on PostgreSQL."""
    if request.param == "sqlite":
        db = str(tmp_path / "club.sqlite3")
    else:
        db = request.getfixturevalue("new_postgres_db")()
    with Store.open(db) as s:
        yield s


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "club.sqlite3") as s:
        yield s


@pytest.fixture
def event(store: Store, mitchell: GridMovement) -> int:
    eid = store.create_event(
        Event("Tuesday pairs", dt.date(2026, 11, 24), Rating.WEEKLY, 3, ScoringMethod.MATCHPOINTS)
    )
    for n in range(1, 7):
        store.add_entry(eid, pair(n, f"N{n}", f"S{n}"))
    store.set_movement(eid, mitchell)
    return eid


def slip(**kw: object) -> Result:
    base: dict[str, object] = {"contract": "4S", "declarer": "N", "result": "="}
    base.update(kw)
    return make_result(**base)  # type: ignore[arg-type]


@pytest.mark.fresh_migration  # the migrations themselves, not a copy of their store
def test_migrations_build_exactly_the_models(store: Store) -> None:
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []


def test_sqlite_runs_in_wal_mode_with_busy_timeout(sqlite_store: Store) -> None:
    with sqlite_store.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 30000
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_reopen_keeps_data_and_schema(tmp_path: Path) -> None:
    path = tmp_path / "x.sqlite3"
    with Store.open(path) as s:
        eid = s.create_event(Event("A", dt.date(2026, 1, 2)))
    with Store.open(path) as s:
        assert s.event(eid).event.name == "A"
        assert s.event("A").id == eid


def test_foreign_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("create table recipes (id integer)")
    with pytest.raises(StoreError, match="not a bridgedesk database"):
        Store.open(path)


def test_database_url() -> None:
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgresql+psycopg2://u@h/db") == "postgresql+psycopg2://u@h/db"
    assert database_url("/tmp/x/y.sqlite3") == "sqlite:////tmp/x/y.sqlite3"


def test_events_by_id_and_name(store: Store) -> None:
    a = store.create_event(
        Event(
            "Club championship",
            dt.date(2026, 12, 1),
            Rating.CLUB_CHAMPIONSHIP,
            2,
            ScoringMethod.MATCHPOINTS,
            club="Marunouchi BC",
            sessions=(Session(1, (Section("A"), Section("B"))), Session(2)),
        )
    )
    info = store.event("Club championship")
    assert info.id == a and info.sections == ((1, ("A", "B")), (2, ("A",)))
    assert info.event.club == "Marunouchi BC" and info.event.rating is Rating.CLUB_CHAMPIONSHIP
    store.create_event(Event("Club championship", dt.date(2027, 12, 1)))
    with pytest.raises(EntryError, match="several events are named"):
        store.event("Club championship")
    with pytest.raises(EntryError, match="no event with id 99"):
        store.event(99)
    assert [e.event.date for e in store.events()] == [dt.date(2026, 12, 1), dt.date(2027, 12, 1)]


def test_entries_share_players_across_events(store: Store) -> None:
    e1 = store.create_event(Event("One", dt.date(2026, 1, 1)))
    e2 = store.create_event(Event("Two", dt.date(2026, 1, 8)))
    store.add_entry(e1, pair(1, "山口", "小林", ("123", "456")))
    store.add_entry(e2, pair(3, "山口", "高柳", ("123", "789")))
    with store.engine.connect() as conn:
        assert conn.execute(text("select count(*) from players")).scalar() == 3
    assert store.entries(e2)[3].players[0] == Player("山口", "123")
    with pytest.raises(EntryError, match="already entered in section A"):
        store.add_entry(e2, pair(3, "a", "b"))
    with pytest.raises(EntryError, match="member 123 is '山口' in the register"):
        store.add_entry(e2, pair(4, "Yamaguchi", "b", ("123", None)))


def test_late_pair_takes_the_phantom_number(store: Store, howell: GridMovement) -> None:
    # 004:884-898: with an odd field the late pair gets the phantom's number
    eid = store.create_event(Event("Howell", dt.date(2026, 1, 1)))
    for n in range(1, 8):
        store.add_entry(eid, pair(n, f"a{n}", f"b{n}"))
    store.add_entry(eid, Entry(8, phantom=True))
    store.set_movement(eid, howell)
    slips.enter(store, eid, slip(round=1, table=2, board=5, ns=2, ew=7))
    number = store.add_entry(eid, Entry(99, (Player("x"), Player("y")), late=True))
    assert number == 8
    got = store.entries(eid)[8]
    assert not got.phantom and got.late and got.names == "x - y"
    # now pair 8 plays: round 1 table 1 is 8 v 1
    slips.enter(store, eid, slip(round=1, table=1, board=1, ns=8, ew=1))


def test_late_pair_refused_once_round_2_is_in(store: Store, event: int) -> None:
    slips.enter(store, event, slip(round=2, table=1, board=3, ns=1, ew=6))
    with pytest.raises(EntryError, match="only before round 2"):
        store.add_entry(event, Entry(7, (Player("x"), Player("y")), late=True))


def test_add_result_checked_and_stored(store: Store, event: int) -> None:
    rid = slips.enter(store, event, slip(round=2, table=1, board=3, ns=1, ew=6), who="td")
    [stored] = store.results(event)
    assert stored.id == rid and stored.entered_by == "td"
    assert stored.result == slip(round=2, table=1, board=3, ns=1, ew=6)
    with pytest.raises(EntryError, match="round 2 table 1 plays boards 3-4, not 5"):
        slips.enter(store, event, slip(round=2, table=1, board=5, ns=1, ew=6))
    with pytest.raises(EntryError, match="already has a result"):
        slips.enter(store, event, slip(round=2, table=1, board=3, ns=1, ew=6, contract="3NT"))
    assert len(store.results(event)) == 1  # rejected entries changed nothing


def test_result_needs_a_movement(store: Store) -> None:
    eid = store.create_event(Event("No movement", dt.date(2026, 1, 1)))
    with pytest.raises(EntryError, match="no movement yet"):
        slips.enter(store, eid, slip(round=1, table=1, board=1, ns=1, ew=4))


def test_new_movement_must_fit_results_in(store: Store, event: int, howell: GridMovement) -> None:
    slips.enter(store, event, slip(round=2, table=1, board=3, ns=1, ew=6))
    with pytest.raises(EntryError, match="does not fit result"):
        store.set_movement(event, howell)
    assert store.movement(event) is not None
    assert store.movement(event).kind == "mitchell"  # type: ignore[union-attr]


def test_correction_is_audited_and_reversible(store: Store, event: int) -> None:
    rid = slips.enter(store, event, slip(round=2, table=1, board=3, ns=1, ew=6))
    fixed = slip(round=2, table=1, board=3, ns=1, ew=6, contract="4S", declarer="N", result="+1")
    with pytest.raises(EntryError, match="needs a reason"):
        slips.correct(store, event, rid, fixed, who="td", reason=" ")
    cid = slips.correct(store, event, rid, fixed, who="td", reason="NS wrote = for +1")
    assert store.results(event)[0].result == fixed
    [c] = store.corrections(event)
    assert (c.id, c.action, c.who, c.reason) == (cid, "correct", "td", "NS wrote = for +1")
    assert c.old.tricks == 10 and c.new.tricks == 11
    # corrections are checked against the movement too
    with pytest.raises(EntryError, match="plays boards 3-4, not 5"):
        slips.correct(
            store, event, rid, slip(round=2, table=1, board=5, ns=1, ew=6), who="td", reason="x"
        )
    uid = slips.undo(store, event, cid, who="td", reason="EW showed it was =")
    assert store.results(event)[0].result.tricks == 10
    with pytest.raises(EntryError, match="already undone"):
        slips.undo(store, event, cid, who="td", reason="again")
    history = store.board_history(event, 3)
    assert len(history) == 1
    assert [h.action for h in history[0].corrections] == ["correct", "undo"]
    assert history[0].corrections[1].undoes == cid and history[0].corrections[1].id == uid
    assert history[0].original.tricks == 10


def test_undo_refused_when_changed_again(store: Store, event: int) -> None:
    rid = slips.enter(store, event, slip(round=2, table=1, board=3, ns=1, ew=6))
    c1 = slips.correct(
        store,
        event,
        rid,
        slip(round=2, table=1, board=3, ns=1, ew=6, result="+1"),
        who="a",
        reason="r",
    )
    c2 = slips.correct(
        store,
        event,
        rid,
        slip(round=2, table=1, board=3, ns=1, ew=6, result="+2"),
        who="a",
        reason="r",
    )
    with pytest.raises(
        EntryError, match=f"changed again after correction {c1} \\(by correction {c2}"
    ):
        slips.undo(store, event, c1, who="a", reason="r")
    slips.undo(store, event, c2, who="a", reason="r")
    slips.undo(store, event, c1, who="a", reason="r")
    assert store.results(event)[0].result.tricks == 10


def test_deadline_only_director_after(store: Store, event: int) -> None:
    # 003:123-159: after the deadline only the director corrects, reason recorded
    rid = slips.enter(store, event, slip(round=2, table=1, board=3, ns=1, ew=6))
    store.set_deadline(event, dt.datetime(2026, 11, 24, 22, 0, tzinfo=dt.UTC))
    fixed = slip(round=2, table=1, board=3, ns=1, ew=6, result="-1")
    before = dt.datetime(2026, 11, 24, 21, 59)
    after = dt.datetime(2026, 11, 24, 22, 1)
    with pytest.raises(EntryError, match="only the director can correct"):
        slips.correct(store, event, rid, fixed, who="NS 1", reason="r", now=after)
    cid = slips.correct(
        store,
        event,
        rid,
        fixed,
        who="td",
        reason="record error confirmed",
        director=True,
        now=after,
    )
    assert store.corrections(event)[0].after_deadline
    # the director's correction is undone by the director alone (issue 22)
    with pytest.raises(ForbiddenError, match="only the director undoes it"):
        slips.undo(store, event, cid, who="scorer", reason="r", now=before)
    slips.undo(store, event, cid, who="td", reason="r", director=True, now=before)
    assert not store.corrections(event)[1].after_deadline


def test_import_is_idempotent(store: Store, event: int, mitchell: GridMovement) -> None:
    rows = []
    line = 1
    for (rnd, table), a in sorted(mitchell.grid.items()):
        for board in a.boards:
            line += 1
            rows.append((line, slip(round=rnd, table=table, board=board, ns=a.ns, ew=a.ew)))
    first = slips.import_slips(store, event, rows[:5], batch=2)
    assert (first.added, first.skipped) == (5, 0)
    again = slips.import_slips(store, event, rows, batch=4)
    assert (again.added, again.skipped) == (13, 5)
    assert len(store.results(event)) == 18


def test_import_rejects_everything_on_one_bad_row(store: Store, event: int) -> None:
    rows = [
        (2, slip(round=1, table=1, board=1, ns=1, ew=4)),
        (3, slip(round=1, table=1, board=7, ns=1, ew=4)),
    ]
    with pytest.raises(EntryError, match=r"^line 3, round 1, table 1, board 7: .*plays boards 1-2"):
        slips.import_slips(store, event, rows)
    assert store.results(event) == []
    # two rows for the same board and table in one file
    dup = [(2, rows[0][1]), (3, rows[0][1])]
    with pytest.raises(EntryError, match="line 3"):
        slips.import_slips(store, event, dup)


def test_import_conflict_with_stored_value(store: Store, event: int) -> None:
    slips.enter(store, event, slip(round=1, table=1, board=1, ns=1, ew=4))
    other = slip(round=1, table=1, board=1, ns=1, ew=4, result="-1")
    with pytest.raises(EntryError, match="already stored as 4S N =, the file says 4S N -1"):
        slips.import_slips(store, event, [(2, other)])


def test_section_results_snapshot(store: Store, event: int, mitchell: GridMovement) -> None:
    a = slips.enter(store, event, slip(round=2, table=1, board=3, ns=1, ew=6))
    slips.enter(store, event, slip(round=1, table=2, board=3, ns=2, ew=5, result="-1"))
    snap = store.section_results(event)
    assert snap.movement == mitchell
    assert snap.event.name == "Tuesday pairs" and sorted(snap.entries) == [1, 2, 3, 4, 5, 6]
    assert [r.ns_score for r in snap.travellers()[3]] == [-50, 420]  # board 3: EW vul
    assert a == 1


def test_set_movement_reports_problems(store: Store, howell: GridMovement) -> None:
    eid = store.create_event(Event("Howell", dt.date(2026, 1, 1)))
    for n in range(1, 8):
        store.add_entry(eid, pair(n, f"a{n}", f"b{n}"))
    problems = store.set_movement(eid, howell)
    assert problems == [
        "seated by the movement but not entered: 8 (enter them, or enter the missing one "
        "as the phantom)"
    ]
    store.add_entry(eid, Entry(8, phantom=True))
    assert store.check_section(eid) == []


def test_deals(store: Store, event: int) -> None:
    deal = "N:AKQ2.KJ3.T98.A2 J9.AQ2.KQJ.KQJ93 T8765.T9.A765.T8 43.87654.432.765"
    store.set_deal(event, 1, deal)
    store.set_deal(event, 1, deal.replace("N:", "E:"))
    assert store.deals(event) == {1: deal.replace("N:", "E:")}
    with pytest.raises(EntryError, match="board 2: bad deal"):
        store.set_deal(event, 2, "N:AKQ")


def test_db_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGEDESK_DB", str(tmp_path / "env.sqlite3"))
    assert database_url(None) == f"sqlite:///{tmp_path / 'env.sqlite3'}"
    monkeypatch.delenv("BRIDGEDESK_DB")
    assert database_url(None).endswith("bridgedesk.sqlite3")


def test_delete_and_undo_delete(store: Store, event: int) -> None:
    rid = slips.enter(store, event, slip(round=2, table=1, board=3, ns=1, ew=6))
    cid = slips.delete(store, event, rid, who="td", reason="entered twice by mistake")
    assert store.results(event) == []
    assert [r.withdrawn for r in store.results(event, include_withdrawn=True)] == [True]
    with pytest.raises(EntryError, match="already deleted"):
        slips.delete(store, event, rid, who="td", reason="again")
    with pytest.raises(EntryError, match="is deleted: undo the deletion first"):
        slips.correct(
            store,
            event,
            rid,
            slip(round=2, table=1, board=3, ns=1, ew=6, result="+1"),
            who="td",
            reason="r",
        )
    # the deleted row still holds its key: entering it again points to the undo
    with pytest.raises(EntryError, match="undo its deletion instead"):
        slips.enter(store, event, slip(round=2, table=1, board=3, ns=1, ew=6))
    # a different result on the other board of the round is fine, and the deleted
    # one no longer blocks pair checks
    slips.enter(store, event, slip(round=2, table=1, board=4, ns=1, ew=6))
    slips.undo(store, event, cid, who="td", reason="it was right after all")
    assert len(store.results(event)) == 2
    [h] = store.board_history(event, 3)
    assert [c.action for c in h.corrections] == ["delete", "undo"] and not h.current.withdrawn


def test_migration_from_0001_keeps_data(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from bridgedesk.store import db

    path = tmp_path / "old.sqlite3"
    engine = db.make_engine(path)
    config = Config()
    config.set_main_option("script_location", str(Path(db.__file__).parent / "alembic"))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(
            text(
                "insert into events (name, club, date, rating, event_class, scoring, created_at) "
                "values ('Old', '', '2025-01-07', 'weekly', 3, 'mp', '2025-01-07 10:00:00')"
            )
        )
        conn.execute(text("insert into sessions (event_id, number) values (1, 1)"))
        conn.execute(text("insert into sections (session_id, name) values (1, 'A')"))
        conn.execute(
            text(
                "insert into results (section_id, round, table_no, board, ns, ew, contract, "
                "declarer, tricks, ns_score, entered_by, entered_at) values "
                "(1, 1, 1, 1, 1, 4, '4S', 'N', 10, 420, 'x', '2025-01-07 10:00:00')"
            )
        )
    engine.dispose()
    with Store.open(path) as store:
        [r] = store.results("Old")
        assert r.result.ns_score == 420 and not r.withdrawn
        with store.engine.connect() as conn:
            version = conn.execute(text("select version_num from alembic_version")).scalar()
        from alembic.script import ScriptDirectory

        import bridgedesk.store

        scripts = ScriptDirectory(str(Path(bridgedesk.store.__file__).parent / "alembic"))
        assert version == scripts.get_current_head()  # upgraded to the newest migration


def test_head_constant_is_alembics_head() -> None:
    from alembic.script import ScriptDirectory

    from bridgedesk.store import db

    scripts = ScriptDirectory(str(Path(db.__file__).parent / "alembic"))
    assert scripts.get_current_head() == db.HEAD


def test_a_current_store_opens_without_alembic(tmp_path: Path) -> None:
    # db.migrate reads the version with SQLAlchemy alone when it is db.HEAD; a new
    # store (no version yet) loads Alembic to create the schema.
    path = tmp_path / "club.sqlite3"
    code = (
        "import sys\n"
        "from bridgedesk.store.service import Store\n"
        f"with Store.open({str(path)!r}) as s:\n"
        "    s.events()\n"
        "print('alembic' in sys.modules)"
    )
    run = [sys.executable, "-c", code]
    assert subprocess.run(run, capture_output=True, text=True, check=True).stdout == "True\n"
    assert subprocess.run(run, capture_output=True, text=True, check=True).stdout == "False\n"


def test_late_pair_with_a_new_movement_from_round_2(store: Store, event: int) -> None:
    # 004:884-898: with an even field a late pair can still join before round 2 if
    # tables are added; round 1 keeps the seats it was played with.
    from bridgedesk.events import TableAssignment

    for table, (ns, ew, boards) in enumerate([(1, 4, (1, 2)), (2, 5, (3, 4)), (3, 6, (5, 6))], 1):
        slips.enter(store, event, slip(round=1, table=table, board=boards[0], ns=ns, ew=ew))
    # test data: an arbitrary 4-table grid for rounds 2-3 that seats pair 7 (and phantom 8)
    later = {
        (2, 1): TableAssignment(1, 6, (3, 4)),
        (2, 2): TableAssignment(2, 4, (5, 6)),
        (2, 3): TableAssignment(3, 7, (1, 2)),
        (2, 4): TableAssignment(8, 5, (1, 2)),
        (3, 1): TableAssignment(1, 5, (5, 6)),
        (3, 2): TableAssignment(2, 7, (1, 2)),
        (3, 3): TableAssignment(3, 4, (3, 4)),
        (3, 4): TableAssignment(8, 6, (3, 4)),
    }
    new = GridMovement("with table 4", "mitchell", 3, 4, 2, later)
    with pytest.raises(EntryError, match="does not fit result"):
        store.set_movement(event, new)  # round 1 results do not fit the new round 1
    store.set_movement(event, new, from_round=2)
    # now the movement seats the late pair (and the phantom of the odd field)
    store.add_entry(event, Entry(7, (Player("late"), Player("comer")), late=True))
    store.add_entry(event, Entry(8, phantom=True))
    movement = store.movement(event)
    assert movement is not None and movement.tables == 4
    assert movement.name == "Mitchell 3 tables, then with table 4 from round 2"
    slips.enter(store, event, slip(round=2, table=3, board=1, ns=3, ew=7))
    with pytest.raises(EntryError, match="round 2 table 1 seats NS 1 v EW 6"):
        slips.enter(store, event, slip(round=2, table=1, board=3, ns=1, ew=5))
    with pytest.raises(MovementError, match="from round 2 to 3, not 1"):
        movement.switch(new, 1)


def test_racing_writers_cannot_both_give_a_pair_the_same_board(
    store: Store, event: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two slips for pair 1 on board 5 at different tables, entered at the same moment.

    No unique key catches this (the tables and opponents differ); the writers must take
    turns on the section so the second sees the first.  The slip's check is slowed down
    so both would read the board before either writes if they did not.
    """
    import threading
    import time

    from bridgedesk.events import slips as slip_rules

    def slow_check(*args: object, **kwargs: object) -> None:
        time.sleep(0.4)
        slip_rules.check_slip(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(slips, "check_slip", slow_check)
    url = store.engine.url.render_as_string(hide_password=False)
    both = [
        (slip(round=3, table=1, board=5, ns=1, ew=5), None),
        (slip(round=2, table=1, board=5, ns=1, ew=6), "pairs swapped boards by mistake"),
    ]
    outcomes: list[str] = []

    def enter(result: Result, override: str | None) -> None:
        with Store.open(url) as other:
            try:
                slips.enter(other, event, result, override=override)
                outcomes.append("stored")
            except EntryError as exc:
                outcomes.append(str(exc))

    threads = [threading.Thread(target=enter, args=s) for s in both]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(outcomes)[-1] == "stored"
    assert "pair 1 already has a result on board 5" in sorted(outcomes)[0]
    assert len(store.results(event)) == 1


def test_stores_opened_from_many_threads_at_once(store: Store) -> None:
    """Alembic keeps its environment in globals; opening must still work from threads."""
    import threading

    path = store.engine.url.render_as_string(hide_password=False)
    errors: list[BaseException] = []
    barrier = threading.Barrier(8)

    def open_one() -> None:
        barrier.wait()
        try:
            for _ in range(3):
                Store.open(path).close()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert errors == []


def test_a_slip_written_on_the_drivers_cursor_keeps_the_stores_refusals(
    store: Store, event: int
) -> None:
    """The slip's statements run on the driver's cursor (``store/prepared.py``): a natural
    key taken meanwhile is still SQLAlchemy's IntegrityError to the insert, refused as a
    conflict naming the board; the row written reads back as the ORM wrote it (its time)."""
    from bridgedesk.errors import ConflictError
    from bridgedesk.store.lookups import event_row, section_row
    from bridgedesk.store.results_repo import insert_result

    first = slip(round=1, table=1, board=1, ns=1, ew=4)
    rid = slips.enter(store, event, first, who="desk")
    with store.transaction() as s:
        sec = section_row(s, event_row(s, event), 1, "A")
    with pytest.raises(ConflictError) as refused, store.transaction() as s:
        insert_result(s, sec.id, first, "desk")  # the checks skipped, as a race would
    assert refused.value.code == "result.entered-meanwhile"
    assert "board 1 already has a result for NS 1 v EW 4" in str(refused.value)
    [stored] = store.results(event)
    assert (stored.id, stored.entered_by) == (rid, "desk")
    assert stored.entered_at.year >= 2026  # written by the driver, read back by the ORM


def test_a_write_behind_another_writer_is_refused_as_busy(tmp_path: Path) -> None:
    """BEGIN IMMEDIATE runs on the driver's connection (``store/db.py``): the lock it
    cannot take is still the store's one-line refusal (here after 0.1 s, not 30)."""
    from sqlalchemy import event as sa_event

    from bridgedesk.store.unit import statements

    path = tmp_path / "club.sqlite3"
    with Store.open(path) as store:

        @sa_event.listens_for(store.engine, "connect")
        def _short(dbapi_connection: sqlite3.Connection, _record: object) -> None:
            dbapi_connection.execute("PRAGMA busy_timeout = 100")

        store.engine.dispose()
        other = sqlite3.connect(path, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            with pytest.raises(StoreError) as refused, store.transaction() as s:
                statements(s)
        finally:
            other.close()
    assert refused.value.code == "store.busy"
    assert "the store is busy" in str(refused.value)
