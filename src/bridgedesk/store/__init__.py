"""Persistence: SQLAlchemy 2 with Alembic migrations; SQLite by default, PostgreSQL by URL.

Modules by concept (events and entries, movements and deals, results,
corrections, the director's rulings, the ledger, analyses, table terminals)
share one unit of work, :class:`bridgedesk.store.unit.UnitOfWork`;
``bridgedesk.store.service.Store`` is the façade the command line and the web
app call.  Importing this package loads no database driver; the submodules do.
"""
