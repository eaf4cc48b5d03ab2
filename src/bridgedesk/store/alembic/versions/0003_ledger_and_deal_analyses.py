"""The masterpoint ledger (members, awards, held awards, seed points, audit) and
double-dummy analyses cached by deal.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 12:51:34.869534
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "deal_analyses",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("deal", sa.String(length=80), nullable=False),
        sa.Column("dealer", sa.String(length=1), nullable=False),
        sa.Column("vulnerability", sa.String(length=4), nullable=False),
        sa.Column("tricks", sa.String(length=20), nullable=False),
        sa.Column("par_score", sa.Integer(), nullable=False),
        sa.Column("par_contracts", sa.Text(), nullable=False),
        sa.Column("solved_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deal_analyses")),
        sa.UniqueConstraint(
            "deal",
            "dealer",
            "vulnerability",
            name=op.f("uq_deal_analyses_deal_dealer_vulnerability"),
        ),
    )
    op.create_table(
        "ledger_audit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=10), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("who", sa.String(length=100), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("old", sa.Text(), nullable=False),
        sa.Column("new", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_ledger_audit_event_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger_audit")),
    )
    with op.batch_alter_table("ledger_audit", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_ledger_audit_event_id"), ["event_id"], unique=False)

    op.create_table(
        "ledger_awards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=True),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("event", sa.String(length=200), nullable=False),
        sa.Column("rules", sa.String(length=10), nullable=False),
        sa.Column("version", sa.String(length=40), nullable=False),
        sa.Column("points", sa.String(length=32), nullable=False),
        sa.Column("colour", sa.String(length=8), nullable=False),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("held", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_ledger_awards_event_id_events")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_ledger_awards_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger_awards")),
    )
    with op.batch_alter_table("ledger_awards", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_ledger_awards_event_id"), ["event_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_ledger_awards_player_id"), ["player_id"], unique=False)

    op.create_table(
        "ledger_members",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("joined", sa.Date(), nullable=True),
        sa.Column("marker", sa.String(length=10), nullable=False),
        sa.Column("mp_1973_and_before", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_ledger_members_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", name=op.f("pk_ledger_members")),
    )
    op.create_table(
        "ledger_seed_points",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("as_of", sa.Date(), nullable=False),
        sa.Column("sp", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_ledger_seed_points_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", "as_of", name=op.f("pk_ledger_seed_points")),
    )


def downgrade() -> None:
    op.drop_table("ledger_seed_points")
    op.drop_table("ledger_members")
    with op.batch_alter_table("ledger_awards", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ledger_awards_player_id"))
        batch_op.drop_index(batch_op.f("ix_ledger_awards_event_id"))

    op.drop_table("ledger_awards")
    with op.batch_alter_table("ledger_audit", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ledger_audit_event_id"))

    op.drop_table("ledger_audit")
    op.drop_table("deal_analyses")
