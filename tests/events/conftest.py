"""Small real movements, computed here independently of bridgedesk.movements."""

from __future__ import annotations

import pytest

from bridgedesk.events.seating import GridMovement, TableAssignment


def mitchell_3_tables() -> GridMovement:
    """3-table Mitchell, 6 pairs, 3 rounds of 2 boards: NS 1-3 sit, EW 4-6 move up, boards down.

    EW pair 3 + e starts at table e and moves to the next higher table; board set b
    (boards 2b-1, 2b) starts at table b and moves to the next lower table.  With an
    odd number of tables every EW pair meets every board set once.
    """
    grid = {}
    for rnd in range(1, 4):
        for table in range(1, 4):
            e = (table - rnd) % 3 + 1
            b = (table + rnd - 2) % 3 + 1
            grid[(rnd, table)] = TableAssignment(table, 3 + e, (2 * b - 1, 2 * b))
    return GridMovement("Mitchell 3 tables", "mitchell", 3, 3, 2, grid)


def howell_8_pairs() -> GridMovement:
    """4-table Howell for 8 pairs (7 pairs + phantom 8), 7 rounds of 2 boards.

    Circle method: pair 8 stays, pairs 1-7 (labels 0-6) rotate; in round r table
    k+1 seats labels r+k (NS) and r-k (EW), table 1 seats 8 v r.  Table k plays
    board set r + f(k) with f = (0, 2, 4, 1), chosen so that each pair meets every
    set exactly once.
    """
    offsets = (0, 2, 4, 1)
    grid = {}
    for r in range(7):
        for k in range(4):
            s = (r + offsets[k]) % 7
            boards = (2 * s + 1, 2 * s + 2)
            if k == 0:
                ns, ew = 8, r + 1
            else:
                ns, ew = (r + k) % 7 + 1, (r - k) % 7 + 1
            grid[(r + 1, k + 1)] = TableAssignment(ns, ew, boards)
    return GridMovement("Howell 8 pairs", "howell", 7, 4, 1, grid)


@pytest.fixture
def mitchell() -> GridMovement:
    return mitchell_3_tables()


@pytest.fixture
def howell() -> GridMovement:
    return howell_8_pairs()


# -- a throw-away PostgreSQL server (skipped where PostgreSQL or psycopg is missing) --

import itertools  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402


def _pg_tool(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for root in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (root / name).exists():
            return str(root / name)
    return None


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL prefix of a private PostgreSQL server, started for this test session."""
    initdb, pg_ctl = _pg_tool("initdb"), _pg_tool("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL server binaries not installed")
    pytest.importorskip("psycopg")
    prefix: list[str] = []
    base = Path(tempfile.mkdtemp(prefix="bridgedesk-pg-"))
    if os.geteuid() == 0:  # initdb refuses to run as root
        import pwd

        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no postgres user")
        os.chown(base, user.pw_uid, user.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = base / "data"
    init = [
        *prefix,
        initdb,
        "-D",
        str(data),
        "-A",
        "trust",
        "-U",
        "bridgedesk",
        "-E",
        "UTF8",
        "--no-sync",
    ]
    start = [
        *prefix,
        pg_ctl,
        "-D",
        str(data),
        "-l",
        str(base / "log"),
        "-w",
        "-o",
        f"-p {port} -h 127.0.0.1 -k {base} -F",
        "start",
    ]
    for command in (init, start):
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:  # the machine cannot run a server: not a bridgedesk failure
            shutil.rmtree(base, ignore_errors=True)
            pytest.skip(f"cannot start PostgreSQL: {(done.stderr or done.stdout).strip()[:200]}")
    try:
        yield f"postgresql+psycopg://bridgedesk@127.0.0.1:{port}"
    finally:
        subprocess.run(
            [*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True
        )
        shutil.rmtree(base, ignore_errors=True)


_db_numbers = itertools.count(1)


#: The migrated, empty database this test process copies its new databases from, by server.
_TEMPLATES: dict[str, str] = {}


@pytest.fixture
def new_postgres_db(postgres_server: str, request: pytest.FixtureRequest) -> Callable[[], str]:
    """Make a fresh, empty database on the test server and return its URL.  It is made
    from a template the real migrations brought to the newest schema once per process
    (PostgreSQL's ``CREATE DATABASE ... TEMPLATE``: the migrations cost more than most
    tests that wanted a database); the store's ``migrate`` then finds it up to date.
    Tests marked ``fresh_migration`` get an empty database and run every migration."""
    import psycopg

    admin = f"{postgres_server.replace('+psycopg', '')}/postgres"
    fresh = request.node.get_closest_marker("fresh_migration") is not None

    def make() -> str:
        name = f"t{os.getpid()}_{next(_db_numbers)}"
        if not fresh and postgres_server not in _TEMPLATES:
            from bridgedesk.store import db

            template = f"template_{os.getpid()}_{len(_TEMPLATES)}"
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f"create database {template}")
            engine = db.make_engine(f"{postgres_server}/{template}")
            try:
                db.migrate(engine)
            finally:
                engine.dispose()
            _TEMPLATES[postgres_server] = template
        copy = "" if fresh else f" template {_TEMPLATES[postgres_server]}"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"create database {name}{copy}")
        return f"{postgres_server}/{name}"

    return make
