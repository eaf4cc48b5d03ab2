"""The private PostgreSQL server of the store tests, for the services' tests that run on
both databases (a simultaneous event's federation store)."""

from tests.events.conftest import new_postgres_db, postgres_server

__all__ = ["new_postgres_db", "postgres_server"]
