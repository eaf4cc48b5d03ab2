"""Alembic environment: run by :func:`bridgedesk.store.db.migrate` on an open connection.

The connection comes in ``config.attributes["connection"]``; when Alembic's own
command line is used instead, ``sqlalchemy.url`` from the ini file is used.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from bridgedesk.store.models import Base


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    connection = context.config.attributes.get("connection")
    if isinstance(connection, Connection):
        _run(connection)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("set sqlalchemy.url in alembic.ini or pass a connection")
    engine = create_engine(url)
    with engine.begin() as conn:
        _run(conn)


main()
