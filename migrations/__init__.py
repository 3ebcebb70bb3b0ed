"""Skald's one migration history, for SQLite and PostgreSQL alike: Alembic revisions in
`versions/`, `0001` (schema 1) to the newest, each written once (bot/store/migrate.py runs them;
docs/storage.md, "Migrations", says how to add one).

A package (not a loose folder) so a non-editable `pip install .` carries the files;
`bot.store.migrate` finds them with importlib.resources.
"""
