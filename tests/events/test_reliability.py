"""Crash and concurrency: SIGKILL during a bulk import, two writers at once, one duplicate."""

from __future__ import annotations

import datetime as dt
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bridgedesk.events import Event, GridMovement, Result
from bridgedesk.events.entry import make_result
from bridgedesk.services import slips
from bridgedesk.store.service import Store

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")

# Rows of a whole session: the script and the test build them the same way.
ROWS = """
from bridgedesk.events.entry import make_result
from bridgedesk.services import slips

def session_rows(movement, tables=None):
    rows = []
    for (rnd, table), a in sorted(movement.grid.items()):
        if tables is not None and table not in tables:
            continue
        for board in a.boards:
            rows.append((len(rows) + 2, make_result(
                round=rnd, table=table, board=board, ns=a.ns, ew=a.ew,
                contract="3NT", declarer="S", result=str(board % 4 - 1).replace("0", "="),
            )))
    return rows
"""


def run_script(body: str, *args: str) -> subprocess.Popen[str]:
    code = ROWS + textwrap.dedent(body)
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def session_rows(movement: GridMovement) -> list[tuple[int | None, Result]]:
    namespace: dict[str, object] = {}
    exec(ROWS, namespace)
    rows = namespace["session_rows"](movement)  # type: ignore[operator]
    return rows  # type: ignore[no-any-return]


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path, howell: GridMovement) -> str:
    if request.param == "sqlite":
        path = str(tmp_path / "club.sqlite3")
    else:
        path = request.getfixturevalue("new_postgres_db")()
    with Store.open(path) as store:
        eid = store.create_event(Event("Crash test", dt.date(2026, 11, 24)))
        assert eid == 1
        store.set_movement(eid, howell)
    return path


@pytest.mark.slow
def test_sigkill_during_import_then_resume(db: str, howell: GridMovement) -> None:
    proc = run_script(
        """
        import sys, time
        from bridgedesk.store.service import Store
        store = Store.open(sys.argv[1])
        rows = session_rows(store.movement(1))

        def progress(done):
            print(done, flush=True)
            time.sleep(0.03)

        slips.import_slips(store, 1, rows, who="import", batch=1, progress=progress)
        print("finished", flush=True)
        """,
        str(db),
    )
    assert proc.stdout is not None
    acknowledged = 0
    while acknowledged < 12:
        line = proc.stdout.readline()
        assert line, proc.stderr.read() if proc.stderr else ""
        acknowledged = int(line)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL

    if "://" not in db:
        with sqlite3.connect(db) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    total = 28 * 2
    with Store.open(db) as store:
        stored = store.results(1)
        # nothing acknowledged is lost; the kill came before the end
        assert acknowledged <= len(stored) < total
        keys = [(r.result.board, r.result.ns, r.result.ew) for r in stored]
        assert len(set(keys)) == len(keys)
        report = slips.import_slips(store, 1, session_rows(howell), who="import")
        assert (report.added, report.skipped) == (total - len(stored), len(stored))
        assert len(store.results(1)) == total


WRITER = """
import sys, time
from bridgedesk.errors import EntryError
from bridgedesk.store.service import Store

store = Store.open(sys.argv[1])
tables = {int(t) for t in sys.argv[2].split(",")}
start = float(sys.argv[3])
rows = session_rows(store.movement(1), tables)
while time.time() < start:
    time.sleep(0.001)
try:
    for _, result in rows:
        slips.enter(store, 1, result, who=sys.argv[2])
except EntryError as exc:
    print(exc, file=sys.stderr)
    sys.exit(3)
print(len(rows))
"""


@pytest.mark.slow
def test_two_writers_on_different_tables_both_succeed(db: str) -> None:
    start = str(time.time() + 1.5)
    procs = [run_script(WRITER, str(db), tables, start) for tables in ("1,2", "3,4")]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err for _, err in outs]
    assert sum(int(out) for out, _ in outs) == 56
    with Store.open(db) as store:
        assert len(store.results(1)) == 56
        assert {r.entered_by for r in store.results(1)} == {"1,2", "3,4"}


@pytest.mark.slow
def test_same_result_twice_at_once_is_rejected_once(db: str) -> None:
    start = str(time.time() + 1.5)
    procs = [run_script(WRITER, str(db), "2", start) for _ in range(2)]
    outs = [p.communicate(timeout=120) for p in procs]
    codes = sorted(p.returncode for p in procs)
    assert codes == [0, 3], [err for _, err in outs]
    err = next(e for p, (_, e) in zip(procs, outs, strict=True) if p.returncode == 3)
    assert "already has a result" in err
    assert err.count("\n") == 1  # one clear line, no traceback
    with Store.open(db) as store:
        assert len(store.results(1)) == 14  # table 2: 7 rounds x 2 boards, once each


def test_rows_helper_matches_the_test_movement(howell: GridMovement) -> None:
    rows = session_rows(howell)
    assert len(rows) == 56
    assert rows[0][1] == make_result(
        round=1, table=1, board=1, ns=8, ew=1, contract="3NT", declarer="S", result="="
    )
