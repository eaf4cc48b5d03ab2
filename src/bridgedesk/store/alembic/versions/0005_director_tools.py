"""The director's tools: rulings (penalties, fouled boards, boards not played) and
their audit log.

Revision ID: 0005
Revises: 0004_table_terminals
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004_table_terminals"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "rulings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("pair", sa.Integer(), nullable=True),
        sa.Column("board", sa.Integer(), nullable=True),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("table_no", sa.Integer(), nullable=True),
        sa.Column("amount", sa.String(length=32), nullable=True),
        sa.Column("unit", sa.String(length=10), nullable=True),
        sa.Column("grp", sa.String(length=10), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("who", sa.String(length=100), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("cancelled", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["section_id"], ["sections.id"], name=op.f("fk_rulings_section_id_sections")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rulings")),
    )
    with op.batch_alter_table("rulings", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rulings_section_id"), ["section_id"], unique=False)
    op.create_table(
        "director_audit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("subject", sa.String(length=100), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("who", sa.String(length=100), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("old", sa.Text(), nullable=False),
        sa.Column("new", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_director_audit_event_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_director_audit")),
    )
    with op.batch_alter_table("director_audit", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_director_audit_event_id"), ["event_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("director_audit", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_director_audit_event_id"))
    op.drop_table("director_audit")
    with op.batch_alter_table("rulings", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rulings_section_id"))
    op.drop_table("rulings")
