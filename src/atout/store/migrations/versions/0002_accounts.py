"""Accounts and sessions for the server: a password hash on players, and session tokens.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Add players.password_hash and the sessions table."""
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("password_hash", sa.String(255), nullable=True))
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("expires_at", WHEN, nullable=False),
        sa.Column("revoked", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], ondelete="CASCADE",
                                name="fk_sessions_player_id_players"),
        sa.PrimaryKeyConstraint("token_hash", name="pk_sessions"),
    )
    op.create_index("ix_sessions_player_id", "sessions", ["player_id"])


def downgrade() -> None:
    """Drop them again."""
    op.drop_index("ix_sessions_player_id", "sessions")
    op.drop_table("sessions")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("password_hash")
