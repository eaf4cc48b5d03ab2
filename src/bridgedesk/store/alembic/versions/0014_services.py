"""What recorded awards were made from; a team event's exact scoring method.

``award_bases`` keeps, for each event whose awards are in the ledger, the rules
and options they were awarded under and the ranking they placed, so a later
ruling that changes the ranking shows them stale (``bridgedesk.services.awards``).

A team event's ``events.scoring`` held the nearest pairs-era method (McCallum as
``imp``, B-a-M + VP as ``bam``); it now holds the team event's own method, copied
from ``team_events.scoring``.

Revision ID: 0014_services
Revises: 0013_swisstri
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0014_services"
down_revision: str | None = "0013_swisstri"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "award_bases",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("rules", sa.String(length=10), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("ranking", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("who", sa.String(length=100), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_award_bases_event_id_events")
        ),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_award_bases")),
    )
    op.execute(
        "UPDATE events SET scoring = (SELECT team_events.scoring FROM team_events "
        "WHERE team_events.event_id = events.id) "
        "WHERE id IN (SELECT event_id FROM team_events)"
    )


def downgrade() -> None:
    op.drop_table("award_bases")
