"""Opening the store: where the database is, engine settings, migrations.

``--db`` takes a file path (SQLite) or a database URL (``postgresql://...``); with
neither, the ``BRIDGEDESK_DB`` environment variable, else ``bridgedesk.sqlite3``
in the user's data directory (platformdirs).

SQLite runs in WAL mode with a busy timeout, ``synchronous=FULL`` (a committed
write survives a killed process or a power cut) and foreign keys on.  Every
transaction starts with ``BEGIN IMMEDIATE``, so two writers queue on the busy
timeout instead of failing when one upgrades a read lock; read-only work opens
a deferred transaction, which WAL lets run beside a writer.

The schema is created and upgraded by the Alembic migrations shipped in
``store/alembic``, run on open.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from bridgedesk.errors import StoreError

#: Seconds a writer waits for another writer's transaction before giving up.
BUSY_TIMEOUT = 30.0
#: Execution option marking a read-only transaction (plain deferred BEGIN on SQLite).
READ_ONLY = "bridgedesk_read_only"
ENV_VAR = "BRIDGEDESK_DB"
#: Alembic keeps its running environment in module globals: one migration at a
#: time per process (stores opened from several threads, e.g. by the web app).
_MIGRATION_LOCK = threading.Lock()


def default_path() -> Path:
    """``bridgedesk.sqlite3`` in the user's data directory."""
    from platformdirs import user_data_path

    return user_data_path("bridgedesk", appauthor=False) / "bridgedesk.sqlite3"


def database_url(db: str | Path | None = None) -> str:
    """The SQLAlchemy URL for ``--db``: a URL as given, a path as a SQLite file."""
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
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the directory for database {path}: {exc}") from exc
    return f"sqlite:///{path.resolve()}"


def _sqlite_events(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event issue BEGIN itself (the driver's own
        # implicit BEGIN would be deferred).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        if connection.get_execution_options().get(READ_ONLY):
            connection.exec_driver_sql("BEGIN")
        else:
            connection.exec_driver_sql("BEGIN IMMEDIATE")


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
        raise StoreError(f"cannot use database {url!r}: {exc}") from exc
    return engine


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration, in one transaction."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "alembic"))
    try:
        with _MIGRATION_LOCK, engine.begin() as conn:
            names = set(inspect(conn).get_table_names())
            if names and "alembic_version" not in names:
                raise StoreError(
                    f"{engine.url.render_as_string(hide_password=True)} is not a bridgedesk "
                    f"database (it has tables {', '.join(sorted(names)[:5])} but no "
                    "schema version); give another --db"
                )
            config.attributes["connection"] = conn
            command.upgrade(config, "head")
    except SQLAlchemyError as exc:
        raise StoreError(f"cannot open database {engine.url!s}: {exc}") from exc


def open_engine(db: str | Path | None = None) -> Engine:
    """An engine on an up-to-date bridgedesk schema."""
    engine = make_engine(db)
    migrate(engine)
    return engine
