"""What `skald db` makes of the database it is given: a new SQLite file only its owner can read,
and a PostgreSQL URL that can't be used answered in one line (exit 2), its password never shown."""

from __future__ import annotations

import stat
import subprocess
from pathlib import Path

import pytest

from bot.cli import main
from bot.store import StoreError, describe, open_store
from bot.store.opening import check_url
from tests.bot.test_terminal_tools import SKALD, child_env

PASSWORD = "hunter2-secret"


# -- "`skald db migrate` creates a world-readable database (0644; the bot's own creation is 0600)" --
def test_skald_db_migrate_creates_a_world_readable_database_no_more(tmp_path: Path) -> None:
    """Under the usual umask (022) SQLite would create the file 0644: seeds and hidden hands
    readable by every account on the machine."""
    path = tmp_path / "new.sqlite3"
    done = subprocess.run([*SKALD, "db", "migrate", "--db", str(path)], cwd=tmp_path, env=child_env(),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, umask=0o022)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert "nothing to apply" not in done.stdout  # it did create and migrate the file
    created = [path, *tmp_path.glob("new.sqlite3-*")]  # with the WAL's files, should they be left
    assert {file.name: oct(stat.S_IMODE(file.stat().st_mode)) for file in created} == \
        {file.name: "0o600" for file in created}
    assert main(["db", "verify", "--db", str(path)]) == 0  # and it is a database


def test_skald_db_migrate_leaves_an_existing_files_mode_alone(tmp_path: Path) -> None:
    """Only a new file is made private: an owner who shared a file on purpose keeps it so."""
    path = tmp_path / "shared.sqlite3"
    assert main(["db", "migrate", "--db", str(path)]) == 0
    path.chmod(0o640)
    assert main(["db", "migrate", "--db", str(path)]) == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


# -- "A malformed PostgreSQL URL (port 99999 or `abc`) gives a traceback" --------------------------
MALFORMED = {
    "port-out-of-range": (f"postgresql://skald:{PASSWORD}@db:99999/skald", "port must be a number from 1 to 65535"),
    "port-not-a-number": (f"postgresql://skald:{PASSWORD}@db:abc/skald", "port must be a number from 1 to 65535"),
    "port-zero": (f"postgresql://skald:{PASSWORD}@db:0/skald", "port must be a number from 1 to 65535"),
    "query-port": (f"postgresql://skald:{PASSWORD}@/skald?host=/run/pg&port=x", "?port= must be a number"),
    "no-host": (f"postgresql://skald:{PASSWORD}@/skald", "names no host"),
    "no-host-before-port": (f"postgresql://skald:{PASSWORD}@:5432/skald", "a host name is missing"),
    "no-database": (f"postgresql://skald:{PASSWORD}@db:5432", "names no database"),
    "database-with-folders": (f"postgresql://skald:{PASSWORD}@db/skald/games", "holds a '/'"),
    "unclosed-ipv6": (f"postgresql://skald:{PASSWORD}@[::1/skald", "missing its ']'"),
    # A raw '/', '@' or '?' in the password moves pieces of it where the host, port or path go.
    "slash-in-password": ("postgresql://skald:hunter2/secret@db/skald", "%40, %2F or %3F"),
    "at-in-password": ("postgresql://skald:hunter2@secret@db/skald", "%40, %2F or %3F"),
    "question-mark-in-password": ("postgresql://skald:hunter2?secret@db/skald", "%40, %2F or %3F"),
    "hash-in-password": ("postgresql://skald:hunter2#secret@db/skald", "%23"),
    "query-not-settings": (f"postgresql://skald:{PASSWORD}@db/skald?sslmode", "name=value"),
}
SECRETS = ("hunter2", "secret")


@pytest.mark.parametrize("case", MALFORMED)
def test_a_malformed_postgresql_url_gives_a_traceback_no_more_in_skald_db(
        case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    url, reason = MALFORMED[case]
    monkeypatch.chdir(tmp_path)
    for command in ("migrate", "verify"):
        assert main(["db", command, "--db", url]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err
        assert err.startswith(f"skald db {command}: The PostgreSQL URL can't be used: ") and reason in err, err
        assert not any(secret in err for secret in SECRETS), err
    assert list(tmp_path.iterdir()) == []  # nothing was taken for a file path either


def test_a_malformed_postgresql_url_gives_a_traceback_no_more_from_the_skald_command(tmp_path: Path) -> None:
    """The command as a user runs it, with the URL in SKALD_DB (its default for --db)."""
    for url, _ in (MALFORMED["port-out-of-range"], MALFORMED["port-not-a-number"]):
        done = subprocess.run([*SKALD, "db", "migrate"], cwd=tmp_path, env={**child_env(), "SKALD_DB": url},
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr == ("skald db migrate: The PostgreSQL URL can't be used: a port must be a number from 1 "
                               "to 65535.\n")


async def test_a_malformed_postgresql_url_is_refused_by_the_store_itself() -> None:
    """Whoever opens the store (the bot, `skald play --db`) gets the store's error, not asyncpg's
    ValueError; and the URL is shown nowhere, `describe` included."""
    for url, reason in MALFORMED.values():
        with pytest.raises(StoreError, match="The PostgreSQL URL can't be used") as refused:
            await open_store(url)
        assert reason in str(refused.value)
        assert not any(secret in str(refused.value) or secret in describe(url) for secret in SECRETS)


WELL_FORMED = [
    f"postgresql://skald:{PASSWORD}@postgres:5432/skald",  # docker-compose.yml
    "postgres://skald@localhost/skald",
    "postgresql://skald@/postgres?host=/tmp/skald-pg.x1y2",  # .ci/with-postgres: a unix socket
    f"postgresql://skald:{PASSWORD}@%2Fvar%2Frun%2Fpostgresql/skald",  # a socket folder, percent-encoded
    "postgresql://sk%40ld:p%2Fss%3Fw%40rd@[::1]:5432/skald",  # an encoded '@', '/' and '?'
    "postgresql://skald@db-1:5432,db-2:5433/skald?target_session_attrs=read-write",
    "postgresql://skald@db/?dbname=skald&sslmode=require",
]


@pytest.mark.parametrize("url", WELL_FORMED)
def test_a_well_formed_postgresql_url_passes(url: str) -> None:
    check_url(url)
    assert PASSWORD not in describe(url) and describe(url).startswith(("postgresql://", "postgres://"))
