"""`skald export --db FILE --game-id N` writes what `/game export` posts, from the database the bot
keeps (read beside the running bot), so a game replays in the terminal without Discord."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from tests.discord.harness import Harness
from tests.discord.table_play import open_table, resigned_nidavellir


async def skald(*words: str) -> int:
    """`skald WORDS…` as typed in a terminal (in a thread: the command runs its own event loop)."""
    return await asyncio.to_thread(main, list(words))


async def test_replay_from_the_terminal_needs_an_export_made_in_discord_no_more(
        harness: Harness, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: replaying in the terminal needed an export made in Discord; there was no
    `skald export` for a game saved with `--db`."""
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    finished = await resigned_nidavellir(h, ann, bob)
    running = await open_table(h, ann, "tranquility", [bob])
    here = tmp_path / "terminal"
    here.mkdir()
    monkeypatch.chdir(here)
    capsys.readouterr()
    unfinished = "the public lines so far (the game is not finished, so it can't be replayed yet)."
    for game_id, said in ((finished, "every move, for `skald replay {name}`."), (running, unfinished)):
        posted = await h.slash(ann, "game export", {"game": game_id})
        (name, data), = h.replies(posted)[-1].files.items()
        assert await skald("export", "--db", str(h.db), "--game-id", str(game_id)) == 0
        assert (here / name).read_bytes() == data, "the very file /game export posts"
        assert capsys.readouterr() == (f"Wrote {here / name}: {said.format(name=name)}\n", "")
        assert await skald("export", "--db", str(h.db), "--game-id", str(game_id), "--out", "-") == 0
        assert capsys.readouterr().out == data.decode()
    name = f"skald-nidavellir-{finished}.json"
    assert await skald("replay", name, "--auto", "0") == 0
    out = capsys.readouterr().out
    assert " · ann (resign) ──\nann resigned.\n" in out and "── Result ──\nann resigned; bob, mcts AI win.\n" in out


async def test_skald_export_refuses_in_one_line(harness: Harness, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    h = harness
    ann = h.user("ann")
    lobby = await h.slash(ann, "play tranquility", {})
    waiting = int(h.button(h.messages[lobby.original_id or 0], "Join").split(":")[1])
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("not a database, and long enough to have a header\n")
    (tmp_path / "folder").mkdir()
    capsys.readouterr()
    for words, said in (
            (["--game-id", "99"], "There is no game #99."),
            (["--game-id", str(waiting)], f"Game #{waiting} never started: there is nothing to show."),
            (["--game-id", str(waiting), "--out", "folder"], "folder is a folder; give --out a file name"),
            (["--game-id", str(waiting), "--out", "nowhere/x.json"], "the folder nowhere does not exist")):
        assert await skald("export", "--db", str(h.db), *words) == 2
        assert capsys.readouterr() == ("", f"skald export: {said}\n")
    assert await skald("export", "--db", "notes.txt", "--game-id", "1") == 2
    assert capsys.readouterr().err == "skald export: notes.txt is not a SQLite database\n"
    assert await skald("export", "--db", "missing.db", "--game-id", "1") == 2
    assert capsys.readouterr().err == "skald export: no database at missing.db\n"
    assert not (tmp_path / "missing.db").exists()


def run_skald(*words: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The installed `skald` command itself, in its own process."""
    skald = Path(sys.executable).parent / "skald"
    return subprocess.run([str(skald), *words], cwd=cwd, capture_output=True, text=True, timeout=120)


async def test_skald_export_never_writes_over_a_database_nor_a_file_without_force(
        harness: Harness, tmp_path: Path) -> None:
    """Issue 42: `skald export --db games.sqlite3 --game-id 1 --out games.sqlite3` exited 0 and left
    the JSON where the database was. The real command: a database (the one it reads, or another)
    is never written over, even with --force; an existing file only with --force; the file is its
    owner's alone (it names a server's players), and the command says where it is."""
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    game_id = await resigned_nidavellir(h, ann, bob)
    db = str(h.db)
    (tmp_path / "other.sqlite3").write_bytes(Path(db).read_bytes()[:4096])  # another database
    (tmp_path / "notes.txt").write_text("my notes\n")
    export = ("export", "--db", db, "--game-id", str(game_id))
    for out, force, said in ((db, True, f"{db} is a database; Skald never writes over one"),
                             ("other.sqlite3", True, "other.sqlite3 is a database; Skald never writes over one"),
                             ("notes.txt", False, "notes.txt exists; add --force to replace it"),
                             ("/dev/null", True, "/dev/null is not a plain file")):
        done = await asyncio.to_thread(run_skald, *export, "--out", out, *(["--force"] if force else []),
                                       cwd=tmp_path)
        assert (done.returncode, done.stdout) == (2, ""), out
        assert done.stderr.startswith(f"skald export: {said}") and done.stderr.count("\n") == 1, done.stderr
    assert Path(db).read_bytes().startswith(b"SQLite format 3\x00"), "the database is as it was"
    assert (tmp_path / "notes.txt").read_text() == "my notes\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "no scratch file left behind"

    done = await asyncio.to_thread(run_skald, *export, cwd=tmp_path)  # the name /game export gives it
    written = tmp_path / f"skald-nidavellir-{game_id}.json"
    assert done.returncode == 0 and done.stdout.startswith(f"Wrote {written}: every move"), done.stdout
    assert written.stat().st_mode & 0o777 == 0o600
    again = await asyncio.to_thread(run_skald, *export, cwd=tmp_path)
    assert again.returncode == 2 and f"{written.name} exists; add --force" in again.stderr
    replaced = await asyncio.to_thread(run_skald, *export, "--out", "notes.txt", "--force", cwd=tmp_path)
    assert replaced.returncode == 0 and replaced.stdout.startswith(f"Wrote {tmp_path / 'notes.txt'}: ")
    assert (tmp_path / "notes.txt").read_bytes() == written.read_bytes()
    assert (tmp_path / "notes.txt").stat().st_mode & 0o777 == 0o600
