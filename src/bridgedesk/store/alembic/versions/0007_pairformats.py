"""An event's format (Swiss pairs, barometer, Houston pairs) and scoring options.

Revision ID: 0007_pairformats
Revises: 0006_users
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007_pairformats"
down_revision: str | None = "0006_users"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "event_options",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("format", sa.String(length=20), nullable=True),
        sa.Column("pairing", sa.String(length=20), nullable=True),
        sa.Column("vp_scale", sa.String(length=40), server_default="wbf2013", nullable=False),
        sa.Column("convention", sa.String(length=30), server_default="jcbl", nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_event_options_event_id_events")
        ),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_event_options")),
    )


def downgrade() -> None:
    op.drop_table("event_options")
