"""No tracebacks in the terminal tools (issue 12): each finding, reproduced, answered in one clear line."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import EXIT_CLOSED_PIPE, EXIT_INTERRUPTED, main
from bot.counts import counted
from bot.store.migrate import latest_version
from engine import registry
from tests.relay.broker import LocalBroker

ROOT = Path(__file__).resolve().parents[2]
SKALD = [sys.executable, "-m", "bot.cli"]


def child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SKALD_", "PYTEST_"))}
    env["PYTHONPATH"] = str(ROOT)
    return env


def _hear_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Child:
    """A `skald` process whose output is collected by a thread, so a test can wait for a prompt.

    It hears Ctrl-C as a terminal's foreground process does, however the tests were started: a
    shell that runs a command in the background (`make test &`) has it ignore SIGINT, and a child
    inherits that (Python then never raises KeyboardInterrupt)."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        ignored = signal.getsignal(signal.SIGINT) == signal.SIG_IGN  # reset in the child only then
        self.process = subprocess.Popen([*SKALD, *args], cwd=cwd, env=child_env(), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        preexec_fn=_hear_ctrl_c if ignored else None)
        self.out = b""
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        while chunk := os.read(self.process.stdout.fileno(), 65536):
            with self._changed:
                self.out += chunk
                self._changed.notify_all()

    def wait_for(self, text: bytes, timeout: float = 60.0) -> None:
        """Until `text` was printed (the timeout only stops a hang)."""
        with self._changed:
            assert self._changed.wait_for(lambda: text in self.out, timeout), self.out.decode()[-500:]

    def interrupt(self) -> tuple[int, str, str]:
        """Ctrl-C; then (exit code, stdout, stderr)."""
        self.process.send_signal(signal.SIGINT)
        code = self.process.wait(timeout=60)
        self._reader.join(timeout=10)
        assert self.process.stderr is not None
        return code, self.out.decode(), self.process.stderr.read().decode()


@pytest.fixture
def cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)
    for name in ("SKALD_DB", "SKALD_MQTT_URL", "SKALD_MQTT_USERNAME", "SKALD_MQTT_PASSWORD", "SKALD_MQTT_PICTURES"):
        monkeypatch.delenv(name, raising=False)
    yield tmp_path


def quit_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.play_cli.read_line", lambda prompt="": "quit")


# -- saved games -------------------------------------------------------------------------------
def test_an_unknown_game_id_is_refused_in_one_line(cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "tranquility", "--seed", "3", "--db", "games.db"]) == 0
    capsys.readouterr()
    assert main(["demo", "tranquility", "--db", "games.db", "--game-id", "9"]) == 2
    err = capsys.readouterr().err
    assert "There is no game #9" in err and "Traceback" not in err
    assert main(["demo", "tranquility", "--game-id", "1", "--mqtt", "mqtt://127.0.0.1:9"]) == 2
    assert "--game-id picks a game saved in a --db file" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["demo", "play"])
def test_game_id_without_db_is_refused(command: str, cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: `--game-id` without `--db` was ignored, and a new game played instead."""
    assert main([command, "tranquility", "--game-id", "1"]) == 2
    out, err = capsys.readouterr()
    assert err == f"skald {command}: --game-id picks a game saved in a --db file; give the file too.\n"
    assert out == ""


@pytest.mark.parametrize("command", ["demo", "play"])
def test_extra_names_are_refused(command: str, cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: names beyond the seats were dropped without a word."""
    assert main([command, "nidavellir", "--names", "Ann,Bo,Cy"]) == 2
    out, err = capsys.readouterr()
    assert err == f"skald {command}: --names gives 3 names for 2 players; give --players 3, or fewer names.\n"
    assert out == ""
    assert main(["demo", "tranquility", "--seed", "2", "--players", "2", "--names", "Ann"]) == 0  # fewer: fine
    assert "Ann places" in capsys.readouterr().out


def test_resuming_with_a_different_players_count_says_so(cwd: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    quit_at_once(monkeypatch)
    assert main(["play", "tranquility", "--players", "2", "--seed", "5", "--db", "games.db"]) == 1
    capsys.readouterr()
    assert main(["play", "tranquility", "--players", "3", "--db", "games.db"]) == 2
    err = capsys.readouterr().err
    assert "Game #1 (Tranquility) in this file has 2 players, not 3" in err and "without --players" in err
    assert main(["play", "tranquility", "--db", "games.db"]) == 1  # no --players: the stored game goes on
    assert "Resuming game #1" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["demo", "play"])
def test_a_db_path_that_is_not_a_database_is_refused_by_demo_and_play(
        command: str, cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (cwd / "notes.txt").write_text("not a database\n")
    (cwd / "folder").mkdir()
    for path, said in (("notes.txt", "is not a SQLite database"), ("folder", "is a directory"),
                       ("missing/games.db", "the folder missing does not exist")):
        assert main([command, "tranquility", "--db", path]) == 2
        err = capsys.readouterr().err
        assert said in err and "Traceback" not in err


# -- db verify / db migrate ----------------------------------------------------------------------
@pytest.mark.parametrize(("action", "path", "said"), [
    ("verify", "notes.txt", "notes.txt is not a SQLite database"),
    ("migrate", "notes.txt", "notes.txt is not a SQLite database"),
    ("verify", "folder", "folder is a directory, not a database file"),
    ("migrate", "folder", "folder is a directory, not a database file"),
    ("verify", "missing.db", "no database at missing.db"),
    ("migrate", "missing/games.db", "the folder missing does not exist"),
])
def test_db_verify_and_migrate_refuse_a_file_that_is_not_a_sqlite_database(
        action: str, path: str, said: str, cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (cwd / "notes.txt").write_bytes(b"just some notes, long enough to have a header\n")
    (cwd / "folder").mkdir()
    assert main(["db", action, "--db", path]) == 1
    err = capsys.readouterr().err
    assert err == f"skald db {action}: {said}\n"
    assert not (cwd / "missing.db").exists()


def test_db_migrate_creates_a_missing_file_in_an_existing_folder(cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "migrate", "--db", "new.db"]) == 0
    assert "new.db: schema 0 -> " in capsys.readouterr().out


def test_db_migrate_to_99_says_nothing_to_apply_no_more(cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: `db migrate --to 99` said "nothing to apply". A version beyond the newest (or below
    1) is refused by name, before the database is touched; one the database is past says so."""
    newest = latest_version()
    for wrong in (99, newest + 1, 0, -1):
        assert main(["db", "migrate", "--db", "new.db", "--to", str(wrong)]) == 2
        assert capsys.readouterr() == ("", f"skald db migrate: there is no schema version {wrong}: the versions are 1 "
                                           f"to {newest}, the newest this Skald knows (--to {newest}, or no --to, "
                                           "brings a database up to date).\n")
        assert not (cwd / "new.db").exists()
    assert main(["db", "migrate", "--db", "new.db", "--to", str(newest)]) == 0
    assert capsys.readouterr().out.startswith(f"new.db: schema 0 -> {newest} (applied 0001, ")
    assert main(["db", "migrate", "--db", "new.db", "--to", "2"]) == 0
    assert capsys.readouterr().out == f"new.db: schema {newest}, past 2 already (migrations are never undone)\n"
    assert main(["db", "migrate", "--db", "new.db"]) == 0
    assert capsys.readouterr().out == f"new.db: schema {newest}, nothing to apply\n"


def test_names_db_verify_says_1_game_not_1_games_1_snapshots(cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: `skald db verify` printed "1 games … 1 snapshots". Counts take their noun's number."""
    assert [counted(n, "game") for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]
    assert counted(1, "logged change") == "1 logged change" and counted(1, "problem") == "1 problem"
    assert counted(2, "person", "people") == "2 people"
    assert main(["demo", "tranquility", "--seed", "1", "--db", "games.db"]) == 0
    capsys.readouterr()
    assert main(["db", "verify", "--db", "games.db"]) == 0
    said = capsys.readouterr().out
    assert re.fullmatch(r"games\.db: 1 game, \d+ logged changes, \d+ snapshots?, 0 tournaments and every other "
                        r"table checked: OK\n", said), said
    with sqlite3.connect("games.db") as plain:
        kept = plain.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0]
    assert f" {counted(kept, 'snapshot')}, " in said


def test_db_verify_reports_any_exception_while_checking_a_game_and_checks_the_others(
        cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (1, 2, 3, 4):
        assert main(["demo", "tranquility", "--seed", str(seed), "--db", "games.db"]) == 0
    with sqlite3.connect("games.db") as plain:
        plain.execute("UPDATE games SET game = 'hnefatafl' WHERE id = 1")  # an unknown game name
        plain.execute("UPDATE moves SET text = 'fly away' WHERE game_id = 2 AND state_id = 2")  # no longer replays
        plain.execute("UPDATE moves SET events = '{not json' WHERE game_id = 3 AND state_id = 1")  # a broken row
    capsys.readouterr()
    assert main(["db", "verify", "--db", "games.db"]) == 1
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert "Traceback" not in captured.err + captured.out
    assert lines[0].startswith("game #1: is a game of 'hnefatafl', which this Skald does not know")
    assert lines[1].startswith("game #2: move 'fly away' at state 2 is refused on replay: ")
    assert lines[2].startswith("game #3: could not be checked: moves (state 1) does not decode (JSONDecodeError)")
    assert not any(line.startswith("game #4") for line in lines)
    assert lines[-1].startswith("games.db: 4 games, ") and lines[-1].endswith(": 3 problems")


# -- render-samples --------------------------------------------------------------------------------
def test_render_samples_out_naming_an_existing_file_is_refused(cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (cwd / "picture.png").write_bytes(b"")
    assert main(["render-samples", "--out", "picture.png"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("skald render-samples: --out picture.png is a file; give a directory")


def test_render_samples_says_where_and_replaces_its_own_pictures_only(cwd: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42: every command that writes a file says where and refuses a path it would damage."""
    assert main(["render-samples", "--out", "samples", "--game", "tranquility"]) == 0
    written = capsys.readouterr().out.splitlines()
    assert written and all(line.startswith(f"{cwd / 'samples'}/") for line in written)
    assert main(["render-samples", "--out", "samples", "--game", "tranquility"]) == 0, "its own: replaced"
    capsys.readouterr()
    first = Path(written[0].split("  (")[0])
    first.write_text("my notes\n")
    assert main(["render-samples", "--out", "samples", "--game", "tranquility"]) == 2
    said = f"{Path('samples') / first.name} exists; it is no picture: give another --out"
    assert capsys.readouterr().err == f"skald render-samples: {said}\n"
    assert first.read_text() == "my notes\n"


@pytest.mark.parametrize("game", ["chess", "Chess"])
def test_render_samples_with_an_unknown_game_is_refused(game: str, cwd: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: `render-samples --game chess` wrote nothing and exited 0."""
    assert main(["render-samples", "--out", "samples", "--game", "tranquility", "--game", game]) == 2
    out, err = capsys.readouterr()
    hosted = ", ".join(registry.names())
    assert err == f"skald render-samples: No game called {game!r}; Skald hosts: {hosted}.\n"
    assert out == "" and not (cwd / "samples").exists()


def test_render_samples_takes_a_games_title_in_any_case(cwd: Path, capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: `--game Tranquility` (the title, as the game calls itself) wrote nothing."""
    monkeypatch.setattr("bot.render_cli.render", lambda scene: b"png")  # which scenes, not their pictures
    assert main(["render-samples", "--out", "samples", "--game", "Tranquility"]) == 0
    written = sorted(path.name for path in (cwd / "samples").iterdir())
    assert written and all(name.startswith("tranquility-") for name in written)
    assert len(capsys.readouterr().out.splitlines()) == len(written)


# -- Ctrl-C and closed pipes ----------------------------------------------------------------------
def test_ctrl_c_in_play_stops_quietly_and_the_saved_game_goes_on(cwd: Path, capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    child = Child(["play", "tranquility", "--seed", "4", "--db", "games.db"], cwd)
    child.wait_for(b"Player 1> ")
    code, out, err = child.interrupt()
    assert (code, err) == (EXIT_INTERRUPTED, "")
    assert out.rstrip().endswith("Game #1 stopped; it is saved: run the same command to go on.")
    quit_at_once(monkeypatch)
    assert main(["play", "tranquility", "--db", "games.db"]) == 1
    assert "Resuming game #1 at board 0." in capsys.readouterr().out


def test_ctrl_c_in_a_hot_seat_game_without_a_file_stops_quietly(cwd: Path) -> None:
    child = Child(["play", "tranquility", "--seed", "4"], cwd)
    child.wait_for(b"Player 1> ")
    # Into the read itself: a signal that lands between the prompt and the read() call is only
    # seen once a line comes (CPython checks signals between bytecodes), as with any `input`.
    time.sleep(0.5)
    code, out, err = child.interrupt()
    assert (code, err) == (EXIT_INTERRUPTED, "")
    assert out.rstrip().endswith("Game stopped.")


async def test_ctrl_c_ends_relay_watch_quietly_with_code_0(broker: LocalBroker, tmp_path: Path) -> None:
    # The broker serves on this loop while the child runs, so the child is driven from a thread.
    child = await asyncio.to_thread(Child, ["relay-watch", broker.url], tmp_path)
    await asyncio.to_thread(child.wait_for, b"Waiting for games on skald/#")
    await asyncio.sleep(0.2)  # connected and subscribed: the usual state when someone presses Ctrl-C
    code, out, err = await asyncio.to_thread(child.interrupt)
    assert (code, err) == (0, "")
    assert "Traceback" not in out


@pytest.mark.parametrize("saved", [False, True], ids=["plain", "with-db"])
def test_a_closed_pipe_ends_skald_demo_quietly(saved: bool, tmp_path: Path) -> None:
    db = ["--db", "games.db"] if saved else []
    demo = subprocess.Popen([*SKALD, "demo", "nidavellir", "--players", "3", "--seed", "2", *db], cwd=tmp_path,
                            env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    head = subprocess.run(["head", "-n", "2"], stdin=demo.stdout, capture_output=True, timeout=120)
    assert demo.stdout is not None and demo.stderr is not None
    demo.stdout.close()  # only `head` reads it now; once head exits, the pipe is closed
    code = demo.wait(timeout=120)
    err = demo.stderr.read().decode()
    demo.stderr.close()
    assert len(head.stdout.splitlines()) == 2
    assert (code, err) == (EXIT_CLOSED_PIPE, "")


# -- MQTT settings ---------------------------------------------------------------------------------
BAD_URLS = [
    "http://odin:hunter2@broker",  # not MQTT
    "mqtt://odin:hunter2@",  # no host
    "mqtt://odin:hun/ter2@broker",  # an unescaped '/' splits the password into host, port and path
    "mqtt://odin:12/hunter2+@broker",
    "mqtt://odin:hunter2#x@broker",  # an unescaped '#'
    "odin:hunter2@broker:1883",  # no scheme
]


@pytest.mark.parametrize("url", BAD_URLS)
def test_a_bad_skald_mqtt_url_exits_2_without_echoing_the_password(
        url: str, cwd: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKALD_MQTT_URL", url)
    for args in (["relay-watch"], ["demo", "tranquility", "--mqtt"], ["play", "tranquility", "--mqtt"],
                 ["demo", "tranquility", "--mqtt", url]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert "MQTT" in err and "Traceback" not in err
        assert "hunter2" not in err and "hun" not in err and "ter2" not in err


def test_a_bad_pictures_flag_or_a_missing_url_exits_2(cwd: Path, capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["relay-watch"]) == 2
    assert "give the broker URL, or set SKALD_MQTT_URL" in capsys.readouterr().err
    assert main(["demo", "tranquility", "--mqtt"]) == 2
    assert "SKALD_MQTT_URL, which is not set" in capsys.readouterr().err
    assert main(["demo", "tranquility", "--mqtt-pictures"]) == 2
    assert "--mqtt-pictures goes with --mqtt" in capsys.readouterr().err
    monkeypatch.setenv("SKALD_MQTT_PICTURES", "sometimes")
    assert main(["relay-watch", "mqtt://127.0.0.1:9"]) == 2
    assert "SKALD_MQTT_PICTURES must be yes or no" in capsys.readouterr().err
