"""Disputed results: a table calls the director about a result; the director confirms
or corrects it.

Revision ID: 0008_console
Revises: 0007_pairformats
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0008_console"
down_revision: str | None = "0007_pairformats"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "disputes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("result_id", sa.Integer(), nullable=False),
        sa.Column("raised_by", sa.String(length=100), nullable=False),
        sa.Column("raised_at", sa.DateTime(), nullable=False),
        sa.Column("note", sa.Text(), server_default="", nullable=False),
        sa.Column("resolution", sa.String(length=10), nullable=True),
        sa.Column("resolved_by", sa.String(length=100), nullable=True),
        sa.Column("resolved_at", sa.DateTime(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("correction_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_disputes_event_id_events")
        ),
        sa.ForeignKeyConstraint(
            ["result_id"], ["results.id"], name=op.f("fk_disputes_result_id_results")
        ),
        sa.ForeignKeyConstraint(
            ["correction_id"],
            ["corrections.id"],
            name=op.f("fk_disputes_correction_id_corrections"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_disputes")),
    )
    with op.batch_alter_table("disputes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_disputes_event_id"), ["event_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_disputes_result_id"), ["result_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("disputes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_disputes_result_id"))
        batch_op.drop_index(batch_op.f("ix_disputes_event_id"))
    op.drop_table("disputes")
