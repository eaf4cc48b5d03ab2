"""Table terminals: per-table login codes, terminal tokens, the director's round
holds and closes, and idempotency keys of the tables' requests.

Revision ID: 0004_table_terminals
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004_table_terminals"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def _section_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["section_id"], ["sections.id"], name=op.f(f"fk_{table}_section_id_sections")
    )


def upgrade() -> None:
    op.create_table(
        "table_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("generation", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        _section_fk("table_codes"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_codes")),
        sa.UniqueConstraint(
            "section_id", "table_no", name=op.f("uq_table_codes_section_id_table_no")
        ),
    )
    op.create_index(op.f("ix_table_codes_section_id"), "table_codes", ["section_id"])
    op.create_table(
        "table_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("csrf", sa.String(length=64), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("generation", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        _section_fk("table_tokens"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_tokens")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_table_tokens_token_hash")),
    )
    op.create_index(op.f("ix_table_tokens_section_id"), "table_tokens", ["section_id"])
    op.create_table(
        "round_controls",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(length=10), nullable=False),
        sa.Column("who", sa.String(length=100), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        _section_fk("round_controls"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_round_controls")),
        sa.UniqueConstraint("section_id", "round", name=op.f("uq_round_controls_section_id_round")),
    )
    op.create_index(op.f("ix_round_controls_section_id"), "round_controls", ["section_id"])
    op.create_table(
        "idempotency_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("request", sa.String(length=64), nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("response", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        _section_fk("idempotency_keys"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_idempotency_keys")),
        sa.UniqueConstraint(
            "section_id",
            "table_no",
            "key",
            name=op.f("uq_idempotency_keys_section_id_table_no_key"),
        ),
    )
    op.create_index(op.f("ix_idempotency_keys_section_id"), "idempotency_keys", ["section_id"])


def downgrade() -> None:
    for table in ("idempotency_keys", "round_controls", "table_tokens", "table_codes"):
        op.drop_index(op.f(f"ix_{table}_section_id"), table_name=table)
        op.drop_table(table)
