"""Failed logins kept in the database, so that the limit on guessed codes and
passwords holds across the server's worker processes.

Revision ID: 0018_loginfailures
Revises: 0017_flights
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0018_loginfailures"
down_revision: str | None = "0017_flights"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("scope", sa.String(length=20), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_login_failures")),
    )
    op.create_index(op.f("ix_login_failures_scope_client"), "login_failures", ["scope", "client"])


def downgrade() -> None:
    op.drop_index(op.f("ix_login_failures_scope_client"), table_name="login_failures")
    op.drop_table("login_failures")
