"""Writing a file for a terminal command: never over a database or something that is not a
file, never over an existing file unless asked (`force`), all or nothing, and private where it
may hold a server's data (docs/replays.md, "Files", 2026-12-06).

`skald export` writes a game's moves and names (0600); `skald render-samples` sample pictures
(0644: made up, no one's data), replacing only pictures it drew before; `skald relay-watch --save`
a server's public boards (0600: `picture_file`). Each says where it wrote, with the absolute path.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

SQLITE_HEADER = b"SQLite format 3\x00"
PNG_HEADER = b"\x89PNG\r\n\x1a\n"
PRIVATE = 0o600  # may hold a server's data: its owner alone reads it
SHARED = 0o644


def _head(path: Path, size: int) -> bytes:
    try:
        with path.open("rb") as file:
            return file.read(size)
    except OSError:
        return b""


def problem(path: Path, *, force: bool = False, keep: Iterable[Path] = (), replaces: bytes | None = None,
            option: str = "--out", instead: str = "add --force to replace it") -> str | None:
    """Why `path` can't be written (None: it can). Never a folder, a missing folder, a device or
    pipe, a database (a SQLite file, or one of `keep`: the database being read), whatever `force`
    says; an existing file only with `force`, or (`replaces`) one that starts with those bytes, a
    file of the command's own kind (`instead`: what to do about another one)."""
    if path.is_dir():
        return f"{path} is a folder; give {option} a file name"
    folder = path.parent
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if not path.exists() and not path.is_symlink():
        return None
    if path.exists() and not stat.S_ISREG(path.stat().st_mode):
        return f"{path} is not a plain file; Skald writes only files"
    if _head(path, len(SQLITE_HEADER)) == SQLITE_HEADER or any(_same(path, kept) for kept in keep):
        return f"{path} is a database; Skald never writes over one (give {option} another name)"
    if force or (replaces is not None and _head(path, len(replaces)) == replaces):
        return None
    return f"{path} exists; {instead}"


def _same(path: Path, other: Path) -> bool:
    try:
        return path.samefile(other)
    except OSError:
        return False


class Unwritten(Exception):
    """The file could not be written (what `problem` did not foresee: it appeared meanwhile, the
    disk is full); `reason` says why in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def write(path: Path, data: bytes, *, replace: bool = False, mode: int = PRIVATE) -> Path:
    """Write `data` at `path` with `mode`, all at once (a scratch file beside it, then moved in
    place), and return where, as an absolute path. Without `replace`, a file that appeared at
    `path` since `problem` looked is kept (Unwritten): the move never clobbers one."""
    folder = path.parent
    try:
        handle, scratch = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".part")
    except OSError as error:
        raise Unwritten(f"can't write in {folder}: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as file:
            os.fchmod(file.fileno(), mode)
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if replace:
            os.replace(scratch, path)
        else:
            os.link(scratch, path)  # fails, rather than replace, if something is there now
    except FileExistsError:
        raise Unwritten(f"{path} exists; add --force to replace it") from None
    except OSError as error:
        raise Unwritten(f"can't write {path}: {error.strerror or error}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(scratch)
    return path.absolute()
