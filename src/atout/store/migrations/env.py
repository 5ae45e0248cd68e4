"""Alembic's environment for the store: migrations run on the connection the store gives.

The store runs them by itself on start (:func:`atout.store.schema.upgrade`); a developer
adds one with ``alembic -c src/atout/store/migrations/alembic.ini revision -m "..."``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from atout.store.models import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    """Run the migrations on the given connection (or on ``sqlalchemy.url`` for a
    developer's command line)."""
    given = config.attributes.get("connection")
    if isinstance(given, Connection):
        context.configure(connection=given, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = config.get_main_option("sqlalchemy.url") or "sqlite:///atout-dev.sqlite3"
    engine = create_engine(url)
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run()
