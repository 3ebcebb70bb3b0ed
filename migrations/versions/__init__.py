"""The revisions, one file per schema version (Alembic loads them by path)."""
