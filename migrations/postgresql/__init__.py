"""PostgreSQL migrations: the same versions and meaning as the SQLite ones beside this package."""
