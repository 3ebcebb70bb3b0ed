"""A throwaway PostgreSQL cluster for the benchmarks, like the one `make test` starts
(.ci/with-postgres), but durable (fsync and synchronous commits on), since benchmarks measure
durable moves. Debian's server programs must be installed (apt-get install postgresql)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def server_programs() -> Path:
    """The folder of initdb, pg_ctl and postgres."""
    candidates = [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    if found := shutil.which("initdb"):
        candidates.insert(0, Path(found).resolve().parent)
    for folder in candidates:
        if all((folder / name).exists() for name in ("initdb", "pg_ctl", "postgres")):
            return folder
    raise SystemExit("PostgreSQL's server is not installed (apt-get install postgresql), and no --url was given.")


@contextmanager
def throwaway_cluster() -> Iterator[str]:
    """Start a cluster in a temporary folder, listening on a unix socket there; yields its URL."""
    programs = server_programs()
    folder = Path(tempfile.mkdtemp(prefix="skald-bench-pg."))
    run_as: list[str] = []
    if os.getuid() == 0:  # postgres refuses to run as root
        try:
            owner = pwd.getpwnam("postgres").pw_name
        except KeyError:
            owner = "nobody"
        shutil.chown(folder, owner)
        run_as = ["runuser", "-u", owner, "--"]
    data = folder / "data"
    try:
        subprocess.run([*run_as, str(programs / "initdb"), "-D", str(data), "-U", "skald", "--auth=trust",
                        "-E", "UTF8"], check=True, capture_output=True)
        options = f"-c listen_addresses='' -c unix_socket_directories='{folder}' -c max_connections=300"
        subprocess.run([*run_as, str(programs / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-w",
                        "-o", options, "start"], check=True, capture_output=True)
        try:
            yield f"postgresql://skald@/postgres?host={folder}"
        finally:
            subprocess.run([*run_as, str(programs / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"],
                           capture_output=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
