"""League seasons and a team match's second half.

``leagues`` holds a season's rules, ``league_days`` its match days and
``league_divisions`` its divisions, each a round-robin team event; ``team_half_seats``
a team's pairs in the second half of a match after the half-time move and any
substitution (004:1672-1686); ``team_origins`` the round-robin team each team of a
knockout qualified as (a championship's carry-over).

Revision ID: 0015_leagues
Revises: 0014_services
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0015_leagues"
down_revision: str | None = "0014_services"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "leagues",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("season", sa.String(length=40), nullable=False),
        sa.Column("club", sa.String(length=200), nullable=False),
        sa.Column("divisions", sa.Integer(), nullable=False),
        sa.Column("boards_per_match", sa.Integer(), nullable=False),
        sa.Column("vp_scale", sa.String(length=40), nullable=False),
        sa.Column("cycles", sa.Integer(), nullable=False),
        sa.Column("half_time", sa.String(length=20), nullable=False),
        sa.Column("change", sa.String(length=20), nullable=False),
        sa.Column("promote", sa.Integer(), nullable=False),
        sa.Column("relegate", sa.Integer(), nullable=False),
        sa.Column("points", sa.String(length=20), nullable=False),
        sa.Column("previous_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["previous_id"], ["leagues.id"], name=op.f("fk_leagues_previous_id_leagues")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_leagues")),
        sa.UniqueConstraint("name", name=op.f("uq_leagues_name")),
    )
    op.create_table(
        "league_days",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("date", sa.Date(), nullable=False),
        sa.Column("first_round", sa.Integer(), nullable=False),
        sa.Column("last_round", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"], ["leagues.id"], name=op.f("fk_league_days_league_id_leagues")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_days")),
        sa.UniqueConstraint("league_id", "day", name=op.f("uq_league_days_league_id_day")),
    )
    with op.batch_alter_table("league_days", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_league_days_league_id"), ["league_id"], unique=False)
    op.create_table(
        "league_divisions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("division", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_league_divisions_event_id_events")
        ),
        sa.ForeignKeyConstraint(
            ["league_id"], ["leagues.id"], name=op.f("fk_league_divisions_league_id_leagues")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_divisions")),
        sa.UniqueConstraint("event_id", name=op.f("uq_league_divisions_event_id")),
        sa.UniqueConstraint(
            "league_id", "division", name=op.f("uq_league_divisions_league_id_division")
        ),
    )
    with op.batch_alter_table("league_divisions", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_league_divisions_league_id"), ["league_id"], unique=False
        )
    op.create_table(
        "team_half_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("home", sa.Integer(), nullable=False),
        sa.Column("team", sa.Integer(), nullable=False),
        sa.Column("ns", sa.String(length=10), nullable=False),
        sa.Column("ew", sa.String(length=10), nullable=False),
        sa.Column("moved", sa.Boolean(), nullable=False),
        sa.Column("first_board", sa.Integer(), nullable=False),
        sa.Column("who", sa.String(length=100), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_team_half_seats_event_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_team_half_seats")),
        sa.UniqueConstraint(
            "event_id", "round", "team", name=op.f("uq_team_half_seats_event_id_round_team")
        ),
    )
    with op.batch_alter_table("team_half_seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_team_half_seats_event_id"), ["event_id"], unique=False)

    op.create_table(
        "team_origins",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("team", sa.Integer(), nullable=False),
        sa.Column("qualifying_id", sa.Integer(), nullable=False),
        sa.Column("origin", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_team_origins_event_id_events")
        ),
        sa.ForeignKeyConstraint(
            ["qualifying_id"], ["events.id"], name=op.f("fk_team_origins_qualifying_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_team_origins")),
        sa.UniqueConstraint("event_id", "team", name=op.f("uq_team_origins_event_id_team")),
    )
    with op.batch_alter_table("team_origins", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_team_origins_event_id"), ["event_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_team_origins_qualifying_id"), ["qualifying_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("team_origins", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_team_origins_qualifying_id"))
        batch_op.drop_index(batch_op.f("ix_team_origins_event_id"))
    op.drop_table("team_origins")
    with op.batch_alter_table("team_half_seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_team_half_seats_event_id"))
    op.drop_table("team_half_seats")
    with op.batch_alter_table("league_divisions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_divisions_league_id"))
    op.drop_table("league_divisions")
    with op.batch_alter_table("league_days", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_days_league_id"))
    op.drop_table("league_days")
    op.drop_table("leagues")
