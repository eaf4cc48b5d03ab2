"""A pair's flight in a stratified event (004:1515-1532, 004:2551-2602).

``entries.flight`` holds the flight a pair was placed in by its masterpoints or seed
points ("A" the top); the ranking gives each flight its own ranks (flight A ranks
every pair, B the pairs of B and below, ...) and the awards are made per flight.
None: the event is not stratified.

Revision ID: 0017_flights
Revises: 0016_simultaneous
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0017_flights"
down_revision: str | None = "0016_simultaneous"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("entries") as batch:
        batch.add_column(sa.Column("flight", sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("entries") as batch:
        batch.drop_column("flight")
