"""Simultaneous events: the event's masterpoint rules, its heats, their pairs and results,
and the audit of every upload.

Revision ID: 0016_simultaneous
Revises: 0015_leagues
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0016_simultaneous"
down_revision: str | None = "0015_leagues"
branch_labels: str | None = None
depends_on: str | None = None


def _index(table: str, column: str, unique: bool = False) -> None:
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.create_index(batch_op.f(f"ix_{table}_{column}"), [column], unique=unique)


def upgrade() -> None:
    op.create_table(
        "simultaneous_events",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("masterpoints", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_simultaneous_events_event_id_events")
        ),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_simultaneous_events")),
    )
    op.create_table(
        "heats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("club", sa.String(length=200), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=True),
        sa.Column("tables", sa.Integer(), nullable=True),
        sa.Column("digest", sa.String(length=64), nullable=True),
        sa.Column("source", sa.String(length=20), nullable=True),
        sa.Column("movement", sa.Text(), nullable=True),
        sa.Column("winners", sa.Integer(), nullable=True),
        sa.Column("uploaded_at", sa.DateTime(), nullable=True),
        sa.Column("uploaded_by", sa.String(length=100), nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_heats_event_id_events")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_heats")),
        sa.UniqueConstraint("event_id", "number", name=op.f("uq_heats_event_id_number")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_heats_token_hash")),
    )
    _index("heats", "event_id")
    op.create_table(
        "heat_pairs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("heat_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("names", sa.String(length=400), nullable=False),
        sa.Column("members", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["heat_id"], ["heats.id"], name=op.f("fk_heat_pairs_heat_id_heats")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_heat_pairs")),
        sa.UniqueConstraint("heat_id", "number", name=op.f("uq_heat_pairs_heat_id_number")),
    )
    _index("heat_pairs", "heat_id")
    op.create_table(
        "heat_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("heat_id", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("ns", sa.Integer(), nullable=False),
        sa.Column("ew", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=True),
        sa.Column("adjusted", sa.String(length=8), nullable=True),
        sa.Column("contract", sa.String(length=8), nullable=True),
        sa.Column("declarer", sa.String(length=1), nullable=True),
        sa.Column("tricks", sa.Integer(), nullable=True),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("table_no", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["heat_id"], ["heats.id"], name=op.f("fk_heat_results_heat_id_heats")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_heat_results")),
    )
    _index("heat_results", "heat_id")
    op.create_table(
        "heat_uploads",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("heat_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("who", sa.String(length=100), nullable=False),
        sa.Column("source", sa.String(length=20), nullable=False),
        sa.Column("old", sa.String(length=64), nullable=True),
        sa.Column("new", sa.String(length=64), nullable=False),
        sa.Column("results", sa.Integer(), nullable=False),
        sa.Column("after_deadline", sa.Boolean(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["heat_id"], ["heats.id"], name=op.f("fk_heat_uploads_heat_id_heats")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_heat_uploads")),
    )
    _index("heat_uploads", "heat_id")


def downgrade() -> None:
    for table in ("heat_uploads", "heat_results", "heat_pairs", "heats"):
        column = "event_id" if table == "heats" else "heat_id"
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(batch_op.f(f"ix_{table}_{column}"))
        op.drop_table(table)
    op.drop_table("simultaneous_events")
