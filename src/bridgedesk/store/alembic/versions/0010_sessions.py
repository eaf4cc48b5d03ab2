"""Several sessions as one event: each competitor's seat in every session, the final
made from a qualifying event (its cut and carry-over maximum), and a later
session's own deals.

Revision ID: 0010_sessions
Revises: 0009_teamstore (re-chained after merging main)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0010_sessions"
down_revision: str | None = "0009_teamstore"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "competitor_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("competitor", sa.String(length=20), nullable=False),
        sa.Column("session", sa.Integer(), nullable=False),
        sa.Column("section", sa.String(length=10), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("origin", sa.String(length=20), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_competitor_seats_event_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_competitor_seats")),
        sa.UniqueConstraint(
            "event_id",
            "competitor",
            "session",
            name=op.f("uq_competitor_seats_event_id_competitor_session"),
        ),
        sa.UniqueConstraint(
            "event_id",
            "session",
            "section",
            "number",
            name=op.f("uq_competitor_seats_event_id_session_section_number"),
        ),
    )
    op.create_index(
        op.f("ix_competitor_seats_event_id"), "competitor_seats", ["event_id"], unique=False
    )
    op.create_table(
        "finals",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("qualifying_id", sa.Integer(), nullable=False),
        sa.Column("places", sa.Integer(), nullable=False),
        sa.Column("cut_by", sa.String(length=10), nullable=False),
        sa.Column("withdrawn", sa.Text(), nullable=False),
        sa.Column("max_boards", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_finals_event_id_events")
        ),
        sa.ForeignKeyConstraint(
            ["qualifying_id"], ["events.id"], name=op.f("fk_finals_qualifying_id_events")
        ),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_finals")),
    )
    op.create_index(op.f("ix_finals_qualifying_id"), "finals", ["qualifying_id"], unique=False)
    op.create_table(
        "session_deals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("session", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("pbn", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_session_deals_event_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_session_deals")),
        sa.UniqueConstraint(
            "event_id", "session", "board", name=op.f("uq_session_deals_event_id_session_board")
        ),
    )
    op.create_index(op.f("ix_session_deals_event_id"), "session_deals", ["event_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_session_deals_event_id"), table_name="session_deals")
    op.drop_table("session_deals")
    op.drop_index(op.f("ix_finals_qualifying_id"), table_name="finals")
    op.drop_table("finals")
    op.drop_index(op.f("ix_competitor_seats_event_id"), table_name="competitor_seats")
    op.drop_table("competitor_seats")
