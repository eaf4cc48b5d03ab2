"""Persistence: SQLAlchemy 2 with Alembic migrations; SQLite by default, PostgreSQL by URL.

``bridgedesk.store.service.Store`` is the one API the command line and the web
app call.  Importing this package loads no database driver; the submodules do.
"""
