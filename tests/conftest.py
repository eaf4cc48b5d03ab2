"""Shared test fixtures.  The seed documents live in docs/sources inside the repo.

A test must never read a file beside the checkout (a user's clone has no
neighbouring folders): an audit hook records every ``open`` of a path in the
checkout's parent directory that is not inside the checkout, and the test that
did it fails.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# No test asserts a time (speed targets are bench/ scripts that print figures):
# hypothesis's 200 ms deadline per example is one, and failed under a loaded CI
# machine (test_vp, test_numbers), so it is off for every property test.
settings.register_profile("bridgedesk", deadline=None)
settings.load_profile("bridgedesk")

REPO = Path(__file__).resolve().parent.parent
SEEDS = REPO / "docs" / "sources"

_OUTSIDE: list[str] = []
_PARENT = str(REPO.parent) + os.sep
_INSIDE = str(REPO) + os.sep


def _outside_repo(path: str) -> bool:
    """A path beside the checkout (``../shared/...``), not temp dirs or the system."""
    absolute = os.path.abspath(path)  # noqa: PTH100 (no file-system calls inside the audit hook)
    return absolute.startswith(_PARENT) and not (absolute + os.sep).startswith(_INSIDE)


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event == "open" and args and isinstance(args[0], str | bytes | os.PathLike):
        path = os.fsdecode(args[0])
        if _outside_repo(path):
            _OUTSIDE.append(path)


def _temporary_files_in_memory() -> None:
    """Put the tests' temporary files (their stores, above all) in RAM when the machine
    has a memory file system and TMPDIR names no place: a SQLite store commits with
    ``synchronous = FULL``, so on a disk every one of the suite's tens of thousands of
    commits waits for its fsync, which made the workers idle more than a tenth of the
    run.  The code under test is the same; only where its scratch files live changes."""
    shm = Path("/dev/shm")
    if "TMPDIR" in os.environ or not shm.is_dir() or not os.access(shm, os.W_OK | os.X_OK):
        return
    if os.statvfs(shm).f_bavail * os.statvfs(shm).f_frsize < 2 * 1024**3:
        return  # too little room: stay on the disk
    os.environ["TMPDIR"] = str(shm)  # pytest's tmp_path, tempfile and the subprocesses
    tempfile.tempdir = None  # gettempdir() reads TMPDIR again


_temporary_files_in_memory()

# Temporary directories may live beside the checkout only if TMPDIR says so; then
# the guard would misfire, so it stays off.
if not _outside_repo(os.environ.get("TMPDIR", "/tmp")):
    sys.addaudithook(_audit)


@pytest.fixture(autouse=True)
def _no_reads_outside_repo() -> Iterator[None]:
    start = len(_OUTSIDE)
    yield
    opened = _OUTSIDE[start:]
    if opened:
        pytest.fail(f"the test opened {opened[0]!r}, outside the repository {REPO}")


#: The Argon2id cost of the passwords the tests store: a few milliseconds instead of the
#: library's default (64 MiB, three passes), which hundreds of console logins paid
#: for nothing the tests look at.  The hash is still Argon2id, made and verified by the
#: same code; ``tests/web/test_users.py`` keeps the default's parameters checked.
TEST_PASSWORD_COST = {"time_cost": 1, "memory_cost": 1024, "parallelism": 1}


@pytest.fixture(autouse=True)
def _cheap_password_hashes(request: pytest.FixtureRequest) -> Iterator[None]:
    users = sys.modules.get("bridgedesk.store.users")
    if users is None or request.node.get_closest_marker("password_cost"):
        yield
        return
    from argon2 import PasswordHasher

    kept = users._HASHER
    users._HASHER = PasswordHasher(**TEST_PASSWORD_COST)
    try:
        yield
    finally:
        users._HASHER = kept


#: An empty store at the newest schema, made once per test process by the real
#: migration; see :func:`_new_stores_from_a_migrated_copy`.
_MIGRATED: list[bytes] = []


def _new_sqlite_file(engine: Any) -> Path | None:
    """The file of ``engine``'s SQLite store if it does not exist yet (a plain path: no
    in-memory store, no URI options), else None."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or url.query or not url.database:
        return None
    if url.database == ":memory:" or url.database.startswith("file:"):
        return None
    path = Path(url.database)
    return None if path.exists() else path


@pytest.fixture(autouse=True)
def _new_stores_from_a_migrated_copy(request: pytest.FixtureRequest) -> Iterator[None]:
    """A new SQLite store starts as a copy of one the real migrations made (once per
    process), then goes through the real ``migrate``, which finds it up to date:
    running the 17 migrations for each of the suite's new stores cost more than most of
    the tests that wanted one.  Tests marked ``fresh_migration`` run them every time."""
    db = sys.modules.get("bridgedesk.store.db")
    if db is None or request.node.get_closest_marker("fresh_migration"):
        yield
        return
    real = db.migrate

    def migrate(engine: Any) -> None:
        path = _new_sqlite_file(engine)
        if path is not None:
            if not _MIGRATED:
                with tempfile.TemporaryDirectory() as tmp:
                    made = Path(tmp) / "migrated.sqlite3"
                    template = db.make_engine(made)
                    real(template)
                    template.dispose()
                    _MIGRATED.append(made.read_bytes())
            try:
                with path.open("xb") as file:
                    file.write(_MIGRATED[0])
            except OSError:
                pass  # the real migration meets the same place and says what is wrong
        real(engine)

    db.migrate = migrate
    try:
        yield
    finally:
        db.migrate = real


def _remember_double_dummy() -> None:
    """Solve each deal's double-dummy table once per test process: many tests analyse
    the same generated sets (a demo's, ``deals generate --seed 5``'s), and DDS took a
    second a deal on a loaded machine.  The first answer is DDS's own (what the tests
    compare against independent values); only a repeat is remembered.  Solving in
    worker processes (``--workers 2``) is untouched."""
    from bridgedesk.deals import dd

    real = dd.solve
    solved: dict[Any, Any] = {}

    def solve(deal: Any) -> Any:
        if deal not in solved:
            solved[deal] = real(deal)
        return solved[deal]

    dd.solve = solve  # type: ignore[assignment]


_remember_double_dummy()


@pytest.fixture
def repo_root() -> Path:
    return REPO
