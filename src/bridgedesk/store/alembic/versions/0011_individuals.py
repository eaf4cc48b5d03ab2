"""Individual events: which stored events are individuals (004:1576-1614).

Revision ID: 0011_individuals
Revises: 0010_sessions
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0011_individuals"
down_revision: str | None = "0010_sessions"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "individual_events",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_individual_events_event_id_events")
        ),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_individual_events")),
    )


def downgrade() -> None:
    op.drop_table("individual_events")
