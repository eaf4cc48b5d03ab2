"""The defects of issue 10 (commands, store, security), one test each, and a
director's bad day: a locked store, a read-only one, one written by a newer
bridgedesk, a full disk, Ctrl-C during an import.

Every command runs through ``bridgedesk.cli.main``, which is what the console
script calls; the README promises one line ``error: <where>: <what>`` and exit
status 2 for bad input, with nothing stored changed.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from bridgedesk.cli import main
from bridgedesk.store import db as store_db
from bridgedesk.store.service import Store


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def one_error(err: str, *fragments: str) -> str:
    """``err`` is one line ``error: ...`` holding every fragment."""
    assert err.startswith("error: ") and err.count("\n") == 1, err
    for fragment in fragments:
        assert fragment in err, (fragment, err)
    return err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store holding one finished 8-pair demo event (event 1)."""
    from bridgedesk.demo_session import run as demo

    tmp = tmp_path_factory.mktemp("played")
    demo(pairs=8, seed=2, out=tmp / "reports", db=tmp / "club.sqlite3", dd=False)
    return tmp / "club.sqlite3"


@pytest.fixture
def store_copy(played: Path, tmp_path: Path) -> Path:
    target = tmp_path / "club.sqlite3"
    with sqlite3.connect(played) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    return target


# -- tracebacks of the issue ------------------------------------------------------


def test_number_beyond_64_bits_is_one_line(
    capsys: pytest.CaptureFixture[str], store_copy: Path
) -> None:
    code, _, err = run(capsys, "result", "list", "1", "--board", "99999999999999999999",
                       "--db", store_copy)  # fmt: skip
    assert code == 2
    one_error(err, "--board", "999")


def test_store_refuses_a_huge_board_from_a_library_caller(store_copy: Path) -> None:
    from bridgedesk.errors import EntryError

    with Store.open(store_copy) as store, pytest.raises(EntryError, match="too large"):
        store.results(1, board=10**20)


@pytest.mark.parametrize("ref", ["²", "١", "99999999999999999999999"])
def test_event_ids_are_ascii_digits(
    capsys: pytest.CaptureFixture[str], store_copy: Path, ref: str
) -> None:
    code, _, err = run(capsys, "results", ref, "--db", store_copy)
    assert code == 2
    one_error(err, "no event")


def test_unwritable_output_is_one_line(
    capsys: pytest.CaptureFixture[str], store_copy: Path, tmp_path: Path
) -> None:
    a_file = tmp_path / "file.txt"
    a_file.write_text("x", encoding="utf-8")
    for out in (a_file, Path("/proc/bridgedesk"), tmp_path / ("x" * 300)):
        code, _, err = run(capsys, "results", "1", "--format", "csv", "--out", out,
                           "--db", store_copy)  # fmt: skip
        assert code == 2, err
        one_error(err, str(out)[:20])
    # html into a directory whose parent is a file
    code, _, err = run(capsys, "results", "1", "--format", "html", "--out", a_file / "sub",
                       "--db", store_copy)  # fmt: skip
    assert code == 2
    one_error(err, "not a directory")


def test_nul_in_an_argument(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "calc", "board", "1\x00")
    assert code == 2
    one_error(err, "argument 3", "NUL")


def test_store_written_by_a_newer_bridgedesk(
    capsys: pytest.CaptureFixture[str], store_copy: Path
) -> None:
    with sqlite3.connect(store_copy) as conn:
        conn.execute("update alembic_version set version_num = '9999'")
    before = digest(store_copy)
    code, _, err = run(capsys, "event", "list", "--db", store_copy)
    assert code == 2
    one_error(err, str(store_copy), "newer bridgedesk", "schema 9999", "upgrade bridgedesk")
    assert digest(store_copy) == before


# -- upper bounds ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "where"),
    [
        (["calc", "vp", "17", "--boards", "99999999999999999999"], "--boards"),
        (["calc", "vp", "17", "--boards", "257"], "--boards"),
        (["deals", "generate", "--boards", "999999", "--out", "x.pbn"], "--boards"),
        (["event", "new", "X", "--sessions", "999999"], "--sessions"),
        (["movement", "show", "howell", "--tables", "99999"], "--tables"),
        (
            [
                "result",
                "add",
                "1",
                "--round",
                "1",
                "--table",
                "1",
                "--board",
                "1000000",
                "--ns",
                "1",
                "--ew",
                "2",
                "4S",
                "N",
                "=",
            ],
            "--board",
        ),
    ],
)
def test_sizes_are_bounded(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    where: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "bounded.sqlite3"
    code, _, err = run(capsys, *argv, *(["--db", db] if argv[0] in ("event", "result") else []))
    assert code == 2
    one_error(err, where, "less than or equal")
    assert not (tmp_path / "x.pbn").exists()
    if db.exists():
        with Store.open(db) as store:
            assert store.events() == []


def test_two_session_search_has_a_time_budget(capsys: pytest.CaptureFixture[str]) -> None:
    from bridgedesk.movements.budget import SearchTimeoutError
    from bridgedesk.movements.interwoven import two_sessions

    # 5 tables, appendix Mitchell 5 rounds then interwoven Howell 5 rounds does not
    # exist; without a budget the search ran 14 s before saying so.
    with pytest.raises(SearchTimeoutError, match=r"within 0\.2 s"):
        two_sessions(5, "AM", 5, 5, boards_per_round=2, time_budget=0.2)
    argv = "movement two-session --tables 5 --first AM --first-rounds 5 --second-rounds 5"
    code, _, err = run(capsys, *argv.split(), "--time-limit", "0.3")
    assert code == 2
    one_error(err, "within 0.3 s", "004:2117-2170")


def test_a_size_that_exists_is_found_within_the_default_budget() -> None:
    from bridgedesk.movements.interwoven import meetings, two_sessions

    one, two = two_sessions(9, "SM", 9, 9, boards_per_round=3)
    assert one.tables == two.tables == 9
    assert not meetings(one) & meetings(two)


# -- wrong acceptances ----------------------------------------------------------


def test_movement_check_compares_declared_size_with_body(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from bridgedesk.formats import movement_json
    from bridgedesk.movements.catalogue import build

    data = json.loads(movement_json.dumps(build("howell", tables=4)))
    assert data["tables"] == 4
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "movement", "check", good)
    assert code == 0 and "no errors" in out
    data["tables"] = 99
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "movement", "check", bad)
    assert code == 1
    assert "declares 99 tables but no round seats anyone at tables 5-99" in out
    assert "no errors" not in out


# -- the store: locks, read-only, one-line errors ---------------------------------


@pytest.fixture
def writer_holding_lock(store_copy: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Another process in the middle of a write transaction on the store."""
    monkeypatch.setattr(store_db, "BUSY_TIMEOUT", 0.3)
    conn = sqlite3.connect(store_copy, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("update events set club = 'busy' where id = 1")
    try:
        yield store_copy
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def test_reads_do_not_queue_behind_a_writer(
    capsys: pytest.CaptureFixture[str], writer_holding_lock: Path
) -> None:
    code, out, err = run(capsys, "event", "list", "--db", writer_holding_lock)
    assert code == 0, err
    assert "Demo weekly pairs" in out
    code, out, err = run(capsys, "results", "1", "--db", writer_holding_lock)
    assert code == 0, err


def test_a_locked_store_is_one_line_saying_what_to_do(
    capsys: pytest.CaptureFixture[str], writer_holding_lock: Path
) -> None:
    code, _, err = run(capsys, "event", "new", "Wednesday", "--db", writer_holding_lock)
    assert code == 2
    one_error(err, str(writer_holding_lock), "busy", "try again")


def test_read_only_store_is_readable(
    capsys: pytest.CaptureFixture[str], store_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """File mode 0444 in a read-only directory: what a user other than root sees.

    The tests may run as root, whom permissions do not stop, so os.access is made to
    answer as for an ordinary user; SQLite is then opened read-only for real.
    """
    real_access = store_db.os.access

    def access(path: object, mode: int) -> bool:
        if mode & store_db.os.W_OK and str(path).startswith(str(store_copy.parent)):
            return False
        return real_access(path, mode)  # type: ignore[arg-type]

    monkeypatch.setattr(store_db.os, "access", access)
    before = digest(store_copy)
    code, out, err = run(capsys, "event", "list", "--db", store_copy)
    assert code == 0, err
    assert "Demo weekly pairs" in out
    code, out, err = run(capsys, "results", "1", "--db", store_copy)
    assert (code == 0 and "Rank" in out) or "1" in out, err
    code, _, err = run(capsys, "event", "new", "Thursday", "--db", store_copy)
    assert code == 2
    one_error(err, "read-only", "it can be read")
    assert digest(store_copy) == before
    assert not Path(str(store_copy) + "-shm").exists()


@pytest.mark.skipif(
    not hasattr(store_db.os, "geteuid") or store_db.os.geteuid() == 0,
    reason="root may write anything",
)
def test_read_only_store_for_real(capsys: pytest.CaptureFixture[str], store_copy: Path) -> None:
    store_copy.chmod(0o444)
    store_copy.parent.chmod(0o555)
    try:
        code, out, err = run(capsys, "event", "list", "--db", store_copy)
        assert code == 0, err
        assert "Demo weekly pairs" in out
        code, _, err = run(capsys, "event", "new", "Thursday", "--db", store_copy)
        assert code == 2
        one_error(err, "read-only")
    finally:
        store_copy.parent.chmod(0o755)


@pytest.mark.parametrize(
    ("message", "fragments"),
    [
        ("database or disk is full", ("disk is full", "not stored", "free some space")),
        ("disk I/O error", ("the disk failed",)),
        ("file is not a database", ("not a bridgedesk database",)),
    ],
)
def test_database_errors_are_one_line(
    capsys: pytest.CaptureFixture[str],
    store_copy: Path,
    monkeypatch: pytest.MonkeyPatch,
    message: str,
    fragments: tuple[str, ...],
) -> None:
    """A write that SQLite refuses (simulated at commit) changes nothing and says why."""
    from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite

    def fail(_self: object, _connection: object) -> None:
        raise sqlite3.OperationalError(message)

    before = digest(store_copy)
    monkeypatch.setattr(SQLiteDialect_pysqlite, "do_commit", fail)
    code, _, err = run(capsys, "entry", "add", "1", "--pair", "30", "--names", "A, B",
                       "--db", store_copy)  # fmt: skip
    assert code == 2
    one_error(err, str(store_copy), *fragments)
    monkeypatch.undo()
    assert digest(store_copy) == before
    with Store.open(store_copy) as store:
        assert 30 not in store.entries(1)


def test_not_a_database(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not SQLite" * 100)
    code, _, err = run(capsys, "event", "list", "--db", junk)
    assert code == 2
    one_error(err, str(junk), "not a bridgedesk database")
    code, _, err = run(capsys, "event", "list", "--db", tmp_path)
    assert code == 2
    one_error(err, "is a directory", "give --db a file name")


def test_disk_full_while_writing_reports(
    capsys: pytest.CaptureFixture[str],
    store_copy: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import errno

    def full(_self: Path, _data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device", "ranking.csv")

    monkeypatch.setattr(Path, "write_bytes", full)
    code, _, err = run(capsys, "results", "1", "--format", "csv", "--out", tmp_path / "o",
                       "--db", store_copy)  # fmt: skip
    assert code == 2
    one_error(err, "ranking.csv", "no space left on device", "free some space")


def test_ctrl_c_during_an_import_leaves_the_store_consistent(
    capsys: pytest.CaptureFixture[str],
    played: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Interrupted in its third batch, an import keeps its first two; run again, it ends."""
    from bridgedesk.formats import results_csv

    with Store.open(played) as store:
        results = [r.result for r in store.results(1)]
    slips = tmp_path / "slips.csv"
    results_csv.dump(results, slips)
    db = tmp_path / "fresh.sqlite3"
    from bridgedesk.demo_session import run as demo

    # the same event without its results: a second demo store, results removed
    demo(pairs=8, seed=2, out=tmp_path / "r", db=db, dd=False)
    with sqlite3.connect(db) as conn:
        conn.execute("delete from results")
    calls = {"n": 0}
    from bridgedesk.services import slips as slip_service

    real_add = slip_service.insert_result

    def add(*args: object, **kwargs: object) -> object:
        calls["n"] += 1
        if calls["n"] == 25:
            raise KeyboardInterrupt
        return real_add(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(slip_service, "insert_result", add)
    code, _, err = run(capsys, "result", "import", "1", slips, "--batch", "10", "--db", db)
    assert code == 130
    one_error(err, "interrupted", "run the command again")
    with Store.open(db) as store:
        assert len(store.results(1)) == 20  # two whole batches, nothing of the third
    monkeypatch.undo()
    code, out, err = run(capsys, "result", "import", "1", slips, "--batch", "10", "--db", db)
    assert code == 0, err
    assert f"imported {len(results) - 20} result(s)" in out and "20 already stored" in out
    with Store.open(db) as store:
        assert sorted(map(repr, (r.result for r in store.results(1)))) == sorted(map(repr, results))


# -- security: CSV cells and paths --------------------------------------------------


#: Names a spreadsheet would run (tab and CR are refused in names at entry; the
#: cell helper's own test covers them).
HOSTILE_NAMES = ('=HYPERLINK("http://x","y")', "+SUM(1)", "-2+3", "@cmd")


def formula_like(cell: str) -> bool:
    """What a spreadsheet would run: a first character of OWASP's list, not a number, not
    "=" alone (a bridge result made exactly: nothing to compute)."""
    number = re.fullmatch(r"[+-]?\d+(\.\d+)?", cell)
    return cell[:1] != "" and cell[0] in "=+-@\t\r" and not number and cell != "="


def test_csv_exports_neutralise_formulas(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgedesk.demo_session import NAMES
    from bridgedesk.demo_session import run as demo

    # Every player of the demo gets a formula-like name and member number.
    hostile = tuple((h, h) for h in HOSTILE_NAMES) * (len(NAMES) // len(HOSTILE_NAMES) + 1)
    monkeypatch.setattr("bridgedesk.demo_session.NAMES", hostile[: len(NAMES)])
    made = demo(pairs=8, seed=1, out=tmp_path / "r", db=tmp_path / "h.sqlite3", dd=False)
    rows = list(csv.reader(io.StringIO((tmp_path / "r" / "ranking.csv").read_text("utf-8-sig"))))
    names = [row[3] for row in rows[1:]]
    assert names and all(n.startswith("'") for n in names), names
    travellers = (tmp_path / "r" / "travellers.csv").read_text("utf-8-sig")
    rows += list(csv.reader(io.StringIO(travellers)))
    for row in rows:  # results such as "=" are neutral; "-1", "-500" plain numbers
        for cell in row:
            assert not formula_like(cell), (cell, row)
    assert made.event_id == 1


def test_csv_cells_round_trip() -> None:
    from bridgedesk.formats.csv_cells import neutral, restore

    samples = ("=1+1", "+x", "-x", "@x", "\tx", "\rx", "'=x", "''+x", "plain", "-500",
               "+1", "-0.5", "", "'quoted", "=")  # fmt: skip
    for sample in samples:
        assert restore(neutral(sample)) == sample
    assert neutral("=1+1") == "'=1+1"
    assert neutral("=") == "=" and restore("'=") == "="  # a bridge result, made exactly
    assert neutral("-500") == "-500"
    assert neutral("'=x") == "''=x"
    assert neutral("Sato") == "Sato"


def test_result_export_is_neutral_and_imports_back(
    capsys: pytest.CaptureFixture[str], store_copy: Path, tmp_path: Path
) -> None:
    from bridgedesk.formats import results_csv

    out = tmp_path / "slips.csv"
    code, _, err = run(capsys, "result", "export", "1", "--out", out, "--db", store_copy)
    assert code == 0, err
    text = out.read_text("utf-8")
    rows = list(csv.reader(io.StringIO(text)))
    made_exactly = [row for row in rows if "=" in row]
    assert made_exactly, "no result made exactly in the demo"
    assert not any("'=" in row for row in rows)  # a result made exactly is no formula (issue 23)
    with Store.open(store_copy) as store:
        stored = sorted((r.result for r in store.results(1)), key=repr)
    assert sorted((r for _, r in results_csv.load(out)), key=repr) == stored


def test_ledger_csv_is_neutral_and_reads_back() -> None:
    from bridgedesk.formats import ledger_csv
    from bridgedesk.masterpoints.ledger import InMemoryRepository, Member

    repo = InMemoryRepository()
    repo.add_player(Member("=1001", '=HYPERLINK("x")'))
    text = ledger_csv.dumps(repo)
    assert "'=1001" in text and "'=HYPERLINK" in text
    again = ledger_csv.loads(text)
    [player] = again.players()
    assert (player.member, player.name) == ("=1001", '=HYPERLINK("x")')


@pytest.mark.parametrize("sections", ["../../x", "A,../x", ".", "a/b", "A\nB", "x" * 11])
def test_section_names_that_are_paths_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, sections: str
) -> None:
    db = tmp_path / "s.sqlite3"
    code, _, err = run(capsys, "event", "new", "X", "--sections", sections, "--db", db)
    assert code == 2
    one_error(err, "section name")
    with Store.open(db) as store:
        assert store.events() == []


def test_reports_stay_inside_out_even_for_an_old_store(
    capsys: pytest.CaptureFixture[str], store_copy: Path, tmp_path: Path
) -> None:
    """A store made before section names were checked may hold ``..``: refused at write."""
    with sqlite3.connect(store_copy) as conn:
        conn.execute("insert into sections (session_id, name) values (1, '..')")
    out = tmp_path / "deep" / "out"
    code, _, err = run(capsys, "results", "1", "--format", "html", "--out", out,
                       "--db", store_copy)  # fmt: skip
    assert code == 2
    one_error(err, "would write outside")
    assert not any((tmp_path / "deep").glob("*.html"))


# -- demo ---------------------------------------------------------------------------


def test_demo_without_db_leaves_no_temporary_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "demo", "--pairs", "8", "--no-dd", "--out", "r")
    assert code == 0, err
    assert "temporary database, now deleted" in out
    assert list(scratch.iterdir()) == []
    assert (tmp_path / "r" / "index.html").is_file()


def test_demo_twice_into_one_store(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "demo.sqlite3"
    for n in (1, 2):
        code, out, err = run(capsys, "demo", "--pairs", "8", "--no-dd", "--db", db,
                             "--out", tmp_path / f"r{n}")  # fmt: skip
        assert code == 0, err
        assert f"event {n} stored in" in out
    with Store.open(db) as store:
        assert [e.id for e in store.events()] == [1, 2]
        assert len(store.results(1)) == len(store.results(2)) > 0


def test_a_failed_demo_leaves_no_event_behind(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "demo.sqlite3"
    code, _, _ = run(capsys, "demo", "--pairs", "8", "--no-dd", "--db", db, "--out", tmp_path / "a")
    assert code == 0

    def broken(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("bridgedesk.demo_session.write_all", broken)
    code, _, err = run(
        capsys, "demo", "--pairs", "8", "--no-dd", "--db", db, "--out", tmp_path / "b"
    )
    assert code == 130
    one_error(err, "interrupted")
    with Store.open(db) as store:
        assert [e.id for e in store.events()] == [1]
        with store.engine.connect() as conn:
            for table in ("sessions", "sections", "entries", "results", "deals"):
                left = conn.execute(text(f"select count(*) from {table}")).scalar()
                first = conn.execute(text(f"select count(*) from {table}")).scalar()
                assert left == first
    # an output directory that is a file: refused before anything is stored
    a_file = tmp_path / "file"
    a_file.write_text("x", encoding="utf-8")
    monkeypatch.undo()
    code, _, err = run(capsys, "demo", "--pairs", "8", "--no-dd", "--db", db, "--out", a_file)
    assert code == 2
    one_error(err, "is a file")
    with Store.open(db) as store:
        assert [e.id for e in store.events()] == [1]
