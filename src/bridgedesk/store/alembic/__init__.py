"""Alembic migrations of the bridgedesk store, shipped in the package and run on open."""
