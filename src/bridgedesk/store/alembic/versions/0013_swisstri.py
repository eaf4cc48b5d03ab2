"""Knockout segments and carry-overs of a stored team event (004:1762-1772).

Revision ID: 0013_swisstri
Revises: 0012_teamsessions
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0013_swisstri"
down_revision: str | None = "0012_teamsessions"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("team_events") as batch:
        batch.add_column(sa.Column("segments", sa.Integer(), nullable=False, server_default="1"))
    with op.batch_alter_table("team_matches") as batch:
        batch.add_column(sa.Column("carry_over", sa.String(length=40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("team_matches") as batch:
        batch.drop_column("carry_over")
    with op.batch_alter_table("team_events") as batch:
        batch.drop_column("segments")
