"""Ratings: a rating per person and pool, each rated game's change, abandoned seats.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Add results.abandoned, the ratings and rating_changes tables."""
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("abandoned", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("pool", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], ondelete="CASCADE",
                                name="fk_ratings_player_id_players"),
        sa.PrimaryKeyConstraint("player_id", "pool", name="pk_ratings"),
    )
    op.create_index("ix_ratings_pool_rating", "ratings", ["pool", "rating"])
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("pool", sa.String(32), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("abandoned", sa.Boolean(), nullable=False),
        sa.Column("at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE",
                                name="fk_rating_changes_game_id_games"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], ondelete="CASCADE",
                                name="fk_rating_changes_player_id_players"),
        sa.PrimaryKeyConstraint("id", name="pk_rating_changes"),
        sa.UniqueConstraint("game_id", "player_id", name="uq_rating_changes_game_id"),
    )
    op.create_index("ix_rating_changes_player_pool", "rating_changes",
                    ["player_id", "pool", "id"])


def downgrade() -> None:
    """Drop them again."""
    op.drop_index("ix_rating_changes_player_pool", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_pool_rating", "ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("results") as batch:
        batch.drop_column("abandoned")
