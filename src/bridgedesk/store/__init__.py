"""Persistence: SQLAlchemy, SQLite by default."""
