"""Team events in several sessions, SRR + pairs mis-seated rooms, even-chance team pairs.

Revision ID: 0012_teamsessions
Revises: 0011_individuals
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0012_teamsessions"
down_revision: str | None = "0011_individuals"
branch_labels: str | None = None
depends_on: str | None = None


def _event_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["event_id"], ["events.id"], name=op.f(f"fk_{table}_event_id_events")
    )


def upgrade() -> None:
    op.create_table(
        "team_sessions",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("sessions", sa.Integer(), nullable=False),
        sa.Column("last_rounds", sa.Text(), nullable=True),
        _event_fk("team_sessions"),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_team_sessions")),
    )
    op.create_table(
        "team_misseats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("home", sa.Integer(), nullable=False),
        sa.Column("away", sa.Integer(), nullable=False),
        sa.Column("room", sa.String(length=10), nullable=False),
        sa.Column("boards", sa.Text(), nullable=False),
        _event_fk("team_misseats"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_team_misseats")),
        sa.UniqueConstraint(
            "event_id",
            "round",
            "home",
            "room",
            name=op.f("uq_team_misseats_event_id_round_home_room"),
        ),
    )
    with op.batch_alter_table("team_misseats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_team_misseats_event_id"), ["event_id"], unique=False)
    op.create_table(
        "even_chance_events",
        sa.Column("event_id", sa.Integer(), nullable=False),
        _event_fk("even_chance_events"),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_even_chance_events")),
    )
    op.create_table(
        "even_chance_pairs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("pair", sa.Integer(), nullable=False),
        sa.Column("players", sa.Text(), nullable=False),
        sa.Column("seed_points", sa.String(length=20), nullable=False),
        sa.Column("floater", sa.Boolean(), server_default="0", nullable=False),
        sa.Column("team", sa.Integer(), nullable=True),
        _event_fk("even_chance_pairs"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_even_chance_pairs")),
        sa.UniqueConstraint("event_id", "pair", name=op.f("uq_even_chance_pairs_event_id_pair")),
    )
    with op.batch_alter_table("even_chance_pairs", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_even_chance_pairs_event_id"), ["event_id"], unique=False
        )


def downgrade() -> None:
    op.drop_table("even_chance_pairs")
    op.drop_table("even_chance_events")
    op.drop_table("team_misseats")
    op.drop_table("team_sessions")
