"""`skald export --db FILE --game-id N` writes what `/game export` posts, from the database the bot
keeps (read beside the running bot), so a game replays in the terminal without Discord."""

from __future__ import annotations

import asyncio
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
        assert capsys.readouterr() == (f"Wrote {name}: {said.format(name=name)}\n", "")
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
