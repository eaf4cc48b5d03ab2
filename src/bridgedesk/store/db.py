"""Opening the store: where the database is, engine settings, migrations.

``--db`` takes a file path (SQLite) or a database URL (``postgresql://...``); with
neither, the ``BRIDGEDESK_DB`` environment variable, else ``bridgedesk.sqlite3``
in the user's data directory (platformdirs).

SQLite runs in WAL mode with a busy timeout, ``synchronous=FULL`` (a committed
write survives a killed process or a power cut) and foreign keys on.  A write
transaction starts with ``BEGIN IMMEDIATE``, so two writers queue on the busy
timeout instead of failing when one upgrades a read lock; read-only work opens
a deferred transaction, which WAL lets run beside a writer.

The schema is created and upgraded by the Alembic migrations shipped in
``store/alembic``.  Opening first reads the schema version in a read-only
transaction, so a command that only reads never waits behind a writer; a store
at :data:`HEAD` (the usual case) is then open without loading Alembic, whose
import costs a store command about as much CPU as SQLAlchemy's own; the write
lock is taken only when the store is new or older than this bridgedesk.
A store written by a newer bridgedesk is refused with a clear message (nothing
is changed).  A SQLite file that this user may not write (file mode 0444, or a
read-only directory, where SQLite cannot create its ``-wal``/``-shm`` files)
is opened read-only: reading works, and a write is refused in one line.

Every database error reaching a user is one line saying what to do
(:func:`database_error`): the store is busy, read-only, not a database, the disk is
full.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError

from bridgedesk.errors import StoreError

#: Seconds a writer waits for another writer's transaction before giving up.
BUSY_TIMEOUT = 30.0
#: Execution option marking a read-only transaction (plain deferred BEGIN on SQLite).
READ_ONLY = "bridgedesk_read_only"
ENV_VAR = "BRIDGEDESK_DB"
#: The newest migration in ``store/alembic/versions`` (its ``revision``): a store at
#: this version needs no migration, which :func:`migrate` sees without loading Alembic.
#: A new migration changes it (``tests/events/test_store.py`` checks it is Alembic's head).
HEAD = "0018_loginfailures"
#: Alembic keeps its running environment in module globals: one migration at a
#: time per process (stores opened from several threads, e.g. by the web app).
_MIGRATION_LOCK = threading.Lock()


def default_path() -> Path:
    """``bridgedesk.sqlite3`` in the user's data directory."""
    from platformdirs import user_data_path

    return user_data_path("bridgedesk", appauthor=False) / "bridgedesk.sqlite3"


def database_url(db: str | Path | None = None) -> str:
    """The SQLAlchemy URL for ``--db``: a URL as given, a path as a SQLite file.

    A file this user may read but not write (or in a directory where SQLite may
    not create its ``-wal`` and ``-shm`` files) gets a read-only URI; see
    :func:`is_read_only`.
    """
    if db is None or db == "":
        db = os.environ.get(ENV_VAR) or default_path()
    text = str(db)
    if "://" in text:
        # a bare postgresql:// URL means the psycopg (3) driver bridgedesk installs
        for bare in ("postgresql://", "postgres://"):
            if text.startswith(bare):
                return "postgresql+psycopg://" + text[len(bare) :]
        return text
    path = Path(text).expanduser()
    try:
        if path.is_dir():
            raise StoreError(
                "{store}: is a directory; give --db a file name, e.g. {example}",
                code="store.db-is-directory",
                store=path,
                example=path / "club.sqlite3",
            )
        if not path.parent.is_dir():
            path.parent.mkdir(parents=True, exist_ok=True)
        path = path.resolve()
    except OSError as exc:
        what = (exc.strerror or str(exc)).lower()
        raise StoreError(
            "{store}: cannot create the store's directory ({problem}); give another --db",
            code="store.cannot-create-directory",
            store=path,
            problem=what,
        ) from exc
    if _read_only_file(path):
        # mode=ro: never write; immutable: no -shm file is needed (SQLite cannot
        # create one beside a file it may not write), unless a WAL still holds data.
        wal = path.with_name(path.name + "-wal")
        immutable = "" if wal.exists() and wal.stat().st_size else "&immutable=1"
        return f"sqlite:///file:{quote(str(path))}?mode=ro{immutable}&uri=true"
    return f"sqlite:///{path}"


def _read_only_file(path: Path) -> bool:
    """True if ``path`` exists and this user may not write it or its directory."""
    if not path.is_file():
        return False
    return not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK))


def is_read_only(engine: Engine) -> bool:
    """True for a SQLite store opened read-only (see :func:`database_url`)."""
    return engine.url.get_backend_name() == "sqlite" and engine.url.query.get("mode") == "ro"


def describe(engine: Engine) -> str:
    """The store as a user named it: the SQLite file, or the URL without password."""
    url = engine.url
    if url.get_backend_name() == "sqlite":
        name = url.database or ":memory:"
        return name.removeprefix("file:")
    return url.render_as_string(hide_password=True)


def database_error(exc: BaseException, where: str) -> StoreError:
    """The refusal for a database error: what happened to the store and what to do."""
    orig = getattr(exc, "orig", None) or exc
    lines = str(orig).strip().splitlines()
    text = lines[0] if lines else type(orig).__name__
    low = text.lower()
    if "locked" in low or "busy" in low:
        return StoreError(
            "{store}: the store is busy: another bridgedesk has been writing to it for "
            "{seconds:.0f} s; try again when it has finished",
            code="store.busy",
            store=where,
            seconds=BUSY_TIMEOUT,
        )
    if "readonly" in low or "read-only" in low:
        return StoreError(
            "{store}: the store is read-only (file or directory permissions): it can be read; "
            "to change it, run as a user who may write the file and its directory",
            code="store.read-only",
            store=where,
        )
    if "full" in low:
        return StoreError(
            "{store}: the disk is full: the change under way was not stored; free some "
            "space and run the command again",
            code="store.disk-full",
            store=where,
        )
    if "not a database" in low or "malformed" in low:
        return StoreError(
            "{store}: not a bridgedesk database (not SQLite, or damaged); give another --db",
            code="store.not-a-database",
            store=where,
        )
    if "unable to open" in low:
        return StoreError(
            "{store}: cannot open the store file; check that its directory exists and that "
            "you may read it",
            code="store.cannot-open",
            store=where,
        )
    if "disk i/o" in low:
        return StoreError(
            "{store}: the disk failed reading or writing the store: the change under way was "
            "not stored; check the disk and run the command again",
            code="store.disk-failed",
            store=where,
        )
    if (isinstance(exc, DBAPIError) and exc.connection_invalidated) or "connect" in low:
        return StoreError(
            "{store}: cannot connect to the database ({problem}); check --db",
            code="store.cannot-connect",
            store=where,
            problem=text,
        )
    return StoreError(
        "{store}: database error: {problem}", code="store.database-error", store=where, problem=text
    )


def _sqlite_events(engine: Engine) -> None:
    read_only = is_read_only(engine)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event issue BEGIN itself (the driver's own
        # implicit BEGIN would be deferred).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        if not read_only:
            cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        driver = connection.connection.driver_connection
        if driver.in_transaction:  # begun on the driver (UnitOfWork.core_transaction): taken on
            return
        read = read_only or connection.get_execution_options().get(READ_ONLY)
        # on the driver's connection (every transaction begins: SQLAlchemy's execution
        # costs more than the statement)
        on_sqlite_driver(driver, "BEGIN" if read else "BEGIN IMMEDIATE")


def on_sqlite_driver(driver: Any, sql: str) -> None:
    """``sql`` (BEGIN, COMMIT, ROLLBACK) run by SQLite's own ``driver`` connection; its
    error as SQLAlchemy's, as from a statement."""
    try:
        driver.execute(sql)
    except sqlite3.Error as exc:
        raise DBAPIError.instance(sql, (), exc, sqlite3.Error) from exc


def make_engine(db: str | Path | None = None) -> Engine:
    """An engine for ``--db`` (not yet migrated; see :func:`open_engine`)."""
    url = database_url(db)
    try:
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite":
            engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT})
            _sqlite_events(engine)
        else:
            engine = create_engine(url, pool_pre_ping=True)
    except (ArgumentError, SQLAlchemyError, ImportError) as exc:
        shown = url if "@" not in url else url.split("://", 1)[0] + "://..."
        message = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise StoreError(
            "{store}: cannot use this database ({problem}); check --db",
            code="store.cannot-use",
            store=shown,
            problem=message,
        ) from exc
    return engine


def _alembic() -> tuple[Any, Any]:
    """Alembic's configuration and script directory for bridgedesk's migrations."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "alembic"))
    return config, ScriptDirectory.from_config(config)


def _version(conn: Connection, script: Any, where: str) -> str | None:
    """The store's schema version (None for an empty store); refuses foreign ones."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script.revision import RevisionError
    from alembic.util import CommandError

    names = set(inspect(conn).get_table_names())
    if not names:
        return None
    if "alembic_version" not in names:
        raise StoreError(
            "{store}: not a bridgedesk database (it has tables {tables} but no "
            "schema version); give another --db",
            code="store.not-bridgedesk-tables",
            store=where,
            tables=", ".join(sorted(names)[:5]),
        )
    heads = MigrationContext.configure(conn).get_current_heads()
    for version in heads:
        try:
            script.get_revision(version)
        except (CommandError, RevisionError):
            from bridgedesk import __version__

            raise StoreError(
                "{store}: written by a newer bridgedesk (schema {schema}; bridgedesk "
                "{bridgedesk} knows schemas up to {known}): upgrade bridgedesk (pip "
                "install --upgrade bridgedesk) to use this store, or give another --db; "
                "nothing was changed",
                code="store.newer-schema",
                store=where,
                schema=version,
                bridgedesk=__version__,
                known=script.get_current_head(),
            ) from None
    return heads[0] if len(heads) == 1 else None


def _at_head(conn: Connection) -> bool:
    """True if the store's schema version is :data:`HEAD` (read with SQLAlchemy alone)."""
    if not inspect(conn).has_table("alembic_version"):
        return False
    versions = conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    return versions == [HEAD]


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration; take the write lock only if needed.

    The version is read in a read-only transaction first: an up-to-date store
    (the usual case) is never locked, so reads do not queue behind a writer, and
    Alembic is loaded only for a store not at :data:`HEAD` (new, older, newer or
    foreign: the last two are refused).
    """
    where = describe(engine)
    try:
        with engine.connect() as conn, conn.execution_options(**{READ_ONLY: True}).begin():
            if _at_head(conn):
                return
            from alembic import command

            config, script = _alembic()
            head = script.get_current_head()
            if _version(conn, script, where) == head:
                return
        if is_read_only(engine):
            raise StoreError(
                "{store}: the store is read-only and needs a schema upgrade for this "
                "bridgedesk: open it once as a user who may write the file and its "
                "directory",
                code="store.read-only-upgrade",
                store=where,
            )
        with _MIGRATION_LOCK, engine.begin() as conn:
            version = _version(conn, script, where)
            if version == head:
                return  # another process upgraded it meanwhile
            config.attributes["connection"] = conn
            try:
                command.upgrade(config, "head")
            except (DBAPIError, SQLAlchemyError) as exc:
                if "already exists" not in str(exc):
                    raise
                # the tables are ahead of the version the store says it has
                raise StoreError(
                    "{store}: the store's schema version ({version}) does not match its "
                    "tables, which are already newer (the version was changed by hand, or "
                    "two stores were mixed): restore the store from a backup, or give "
                    "another --db; nothing was changed",
                    code="store.schema-mismatch",
                    store=where,
                    version=version or "none",
                ) from None
    except DBAPIError as exc:
        raise database_error(exc, where) from exc
    except SQLAlchemyError as exc:
        raise database_error(exc, where) from exc


def open_engine(db: str | Path | None = None) -> Engine:
    """An engine on an up-to-date bridgedesk schema."""
    engine = make_engine(db)
    try:
        migrate(engine)
    except BaseException:
        engine.dispose()
        raise
    return engine
