"""Take-backs: the actions a player took back against computer players, kept as they were.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

JSONType = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    """Add the takebacks table."""
    op.create_table(
        "takebacks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("first", sa.Integer(), nullable=False),
        sa.Column("actions", JSONType, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE",
                                name="fk_takebacks_game_id_games"),
        sa.PrimaryKeyConstraint("id", name="pk_takebacks"),
    )
    op.create_index("ix_takebacks_game_id", "takebacks", ["game_id"])


def downgrade() -> None:
    """Drop it again."""
    op.drop_index("ix_takebacks_game_id", "takebacks")
    op.drop_table("takebacks")
