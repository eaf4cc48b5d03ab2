"""Stored team events: the event's form and scoring, the draw's matches, line-ups and
withdrawn teams.

Revision ID: 0009_teamstore
Revises: 0008_console
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0009_teamstore"
down_revision: str | None = "0008_console"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "team_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("form", sa.String(length=20), nullable=False),
        sa.Column("scoring", sa.String(length=10), nullable=False),
        sa.Column("vp_scale", sa.String(length=40), nullable=False),
        sa.Column("vp_scale_data", sa.Text(), nullable=True),
        sa.Column("stock", sa.Integer(), nullable=False),
        sa.Column("boards_per_match", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("cycles", sa.Integer(), nullable=False),
        sa.Column("swiss_rule", sa.String(length=10), nullable=True),
        sa.Column("rematch", sa.String(length=20), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_team_events_event_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_team_events")),
        sa.UniqueConstraint("event_id", name=op.f("uq_team_events_event_id")),
    )
    op.create_table(
        "team_lineups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("team", sa.Integer(), nullable=False),
        sa.Column("ns", sa.String(length=10), nullable=False),
        sa.Column("ew", sa.String(length=10), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_team_lineups_event_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_team_lineups")),
        sa.UniqueConstraint(
            "event_id", "round", "team", name=op.f("uq_team_lineups_event_id_round_team")
        ),
    )
    with op.batch_alter_table("team_lineups", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_team_lineups_event_id"), ["event_id"], unique=False)

    op.create_table(
        "team_matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("home", sa.Integer(), nullable=False),
        sa.Column("away", sa.Integer(), nullable=True),
        sa.Column("open_round", sa.Integer(), nullable=True),
        sa.Column("open_table", sa.Integer(), nullable=True),
        sa.Column("closed_round", sa.Integer(), nullable=True),
        sa.Column("closed_table", sa.Integer(), nullable=True),
        sa.Column("boards", sa.Text(), nullable=False),
        sa.Column("forfeited_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_team_matches_event_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_team_matches")),
        sa.UniqueConstraint(
            "event_id", "round", "home", name=op.f("uq_team_matches_event_id_round_home")
        ),
    )
    with op.batch_alter_table("team_matches", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_team_matches_event_id"), ["event_id"], unique=False)

    op.create_table(
        "team_withdrawals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("team", sa.Integer(), nullable=False),
        sa.Column("from_round", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_team_withdrawals_event_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_team_withdrawals")),
        sa.UniqueConstraint("event_id", "team", name=op.f("uq_team_withdrawals_event_id_team")),
    )
    with op.batch_alter_table("team_withdrawals", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_team_withdrawals_event_id"), ["event_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("team_withdrawals", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_team_withdrawals_event_id"))

    op.drop_table("team_withdrawals")
    with op.batch_alter_table("team_matches", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_team_matches_event_id"))

    op.drop_table("team_matches")
    with op.batch_alter_table("team_lineups", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_team_lineups_event_id"))

    op.drop_table("team_lineups")
    op.drop_table("team_events")
