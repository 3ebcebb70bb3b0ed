"""`skald run`: clear messages for a missing or rejected token, which is never shown."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from bot import cli
from bot.discord.app import Settings, SettingsError, SkaldBot
from bot.discord.run import EXIT_CONFIG, serve
from bot.discord.shards import Shards
from bot.environment import VARIABLES


@pytest.fixture
def bare(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """An empty folder as the working directory, none of the bot's variables set, and a Discord
    that records whatever is asked of it (the network edge): the list of calls is yielded."""
    monkeypatch.chdir(tmp_path)
    for variable in VARIABLES:
        monkeypatch.delenv(variable.name, raising=False)
    contacted: list[str] = []

    async def discord_asked(self: discord.http.HTTPClient, route: Any, **kwargs: Any) -> Any:
        contacted.append(f"{route.method} {route.path}")
        raise aiohttp.ClientConnectionError("no network in this test")

    async def logging_in(self: discord.http.HTTPClient, token: str) -> Any:
        contacted.append("login")
        raise aiohttp.ClientConnectionError("no network in this test")

    monkeypatch.setattr(discord.http.HTTPClient, "request", discord_asked)
    monkeypatch.setattr(discord.http.HTTPClient, "static_login", logging_in)
    yield contacted


def test_run_without_a_token_says_what_to_set(bare: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["run"]) == EXIT_CONFIG
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err
    assert bare == []


def test_start_up_order_the_database_then_mqtt_then_the_token_before_discord_is_contacted(
        bare: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: `skald run` contacted Discord before checking its database (`SKALD_DB=README.md`
    got as far as "can't reach Discord"). Each setting is checked in order, the database opened, and
    the first that can't be used is the one named, with Discord never asked anything."""
    (tmp_path / "README.md").write_text("# Skald\n\nNorse-themed board games hosted in Discord.\n", encoding="utf-8")
    steps = [  # (a variable set as it should be, the message until it is)
        ("SKALD_DB", "skald.sqlite3", "skald run: SKALD_DB: README.md is not a SQLite database.\n"),
        ("SKALD_MQTT_URL", "mqtt://broker.example", "skald run: SKALD_MQTT_URL can't be used: The MQTT URL must look "
                                                    "like mqtt://[user[:password]@]host[:port][/prefix] (or mqtts:// "
                                                    "for TLS).\n"),
        ("DISCORD_TOKEN", "t", "skald run: DISCORD_TOKEN is not set: put the bot token from the Discord developer "
                               "portal (Bot → Reset Token) in the environment.\n"),
    ]
    monkeypatch.setenv("SKALD_DB", "README.md")
    monkeypatch.setenv("SKALD_MQTT_URL", "http://broker.example")
    for name, good, said in steps:
        assert cli.main(["run"]) == EXIT_CONFIG
        assert capsys.readouterr() == ("", said)
        monkeypatch.setenv(name, good)
    assert bare == [], "nothing reached Discord while a setting was wrong"
    assert (tmp_path / "skald.sqlite3").exists(), "the database was opened (and migrated) before the token was read"
    assert cli.main(["run"]) == 1  # every setting passed: only now is Discord contacted (no network here)
    assert bare == ["login"] and "can't reach Discord" in capsys.readouterr().err


def test_start_up_order_an_unreachable_postgresql_server_is_named_before_discord_is_contacted(
        bare: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as closed:  # a port nothing listens on: the connection is refused at once
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    monkeypatch.setenv("SKALD_DB", f"postgresql://skald:s3cret@127.0.0.1:{port}/skald")
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    assert cli.main(["run"]) == EXIT_CONFIG
    out, err = capsys.readouterr()
    assert out == "" and "s3cret" not in err
    assert err.startswith("skald run: SKALD_DB: Can't reach the PostgreSQL server")
    assert bare == []


def test_start_up_discord_py_voice_warnings_are_silenced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 30: discord.py warned "PyNaCl is not installed, voice will NOT be supported" (and the
    same of davey) at every start, which alarms a newcomer; Skald never joins a voice channel."""
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)  # as in a process that made no client yet
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    caplog.set_level(logging.DEBUG)
    SkaldBot(Settings(token="t", db_path=tmp_path / "skald.sqlite3"))
    assert "voice" not in caplog.text


def test_settings_come_from_the_environment(tmp_path: Path) -> None:
    db = str(tmp_path / "x.sqlite3")
    settings = Settings.from_env({"DISCORD_TOKEN": " tok ", "SKALD_GUILD": "42", "SKALD_DB": db})
    assert (settings.token, settings.guild_id, str(settings.db_path), settings.mqtt_url) == ("tok", 42, db, None)
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).db_path == Path("skald.sqlite3")
    assert "tok" not in repr(settings)
    with pytest.raises(SettingsError, match="SKALD_GUILD"):
        Settings.from_env({"DISCORD_TOKEN": "t", "SKALD_GUILD": "my server"})


def test_skald_ai_seconds_sets_how_long_an_ai_seat_may_think(tmp_path: Path) -> None:
    """The AI's time box is the host's to set (a small machine, a server of daily games); one
    out of range or not a number is refused, saying what it takes."""
    db = str(tmp_path / "x.sqlite3")
    assert Settings.from_env({"DISCORD_TOKEN": "t", "SKALD_DB": db}).ai_seconds == 1.0
    assert Settings.from_env({"DISCORD_TOKEN": "t", "SKALD_DB": db, "SKALD_AI_SECONDS": " 2.5 "}).ai_seconds == 2.5
    for wrong in ("0.001", "31", "fast", "nan"):
        with pytest.raises(SettingsError, match=r"SKALD_AI_SECONDS must be a number of seconds from 0\.01 to 30"):
            Settings.from_env({"DISCORD_TOKEN": "t", "SKALD_DB": db, "SKALD_AI_SECONDS": wrong})


@pytest.mark.parametrize(("word", "on"), [("yes", True), ("Yes", True), ("on", True), ("true", True), ("1", True),
                                         ("no", False), ("off", False), ("0", False), ("", False)])
def test_skald_mqtt_pictures_yes_leaves_pictures_off_no_more(word: str, on: bool, tmp_path: Path) -> None:
    """Issue 30: `SKALD_MQTT_PICTURES=yes` left pictures off. Every yes/no word is read alike, and the
    relay the bot starts publishes pictures as the settings say."""
    url = "mqtt://broker.example"
    env = {"DISCORD_TOKEN": "t", "SKALD_DB": str(tmp_path / "s.db"), "SKALD_MQTT_URL": url, "SKALD_MQTT_PICTURES": word}
    settings = Settings.from_env(env)
    assert settings.mqtt_pictures is on
    assert SkaldBot(settings).relay_settings(url).pictures is on


def test_a_pictures_word_skald_cant_read_or_pictures_without_a_relay_are_refused_by_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    env = {"DISCORD_TOKEN": "t", "SKALD_DB": str(tmp_path / "s.db"), "SKALD_MQTT_URL": "mqtt://broker.example",
           "SKALD_MQTT_PICTURES": "sometimes"}
    with pytest.raises(SettingsError, match=r"^SKALD_MQTT_PICTURES must be yes or no .* not 'sometimes'\.$"):
        Settings.from_env(env)
    del env["SKALD_MQTT_URL"]
    env["SKALD_MQTT_PICTURES"] = "yes"
    with pytest.raises(SettingsError, match="the relay is off: set SKALD_MQTT_URL"):
        Settings.from_env(env)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("SKALD_MQTT_URL", raising=False)
    assert cli.main(["run"]) == EXIT_CONFIG
    assert "skald run: SKALD_MQTT_PICTURES asks for board pictures over MQTT" in capsys.readouterr().err


def test_shards_and_a_postgresql_database_come_from_the_environment() -> None:
    url = "postgresql://skald:s3cret@db:5432/skald"
    settings = Settings.from_env({"DISCORD_TOKEN": "t", "SKALD_DB": url, "SKALD_SHARDS": " 2-3/8 "})
    assert settings.db_path == url and settings.shards == Shards((2, 3), 8) and str(settings.shards) == "2-3/8"
    assert "s3cret" not in repr(settings)
    bot = SkaldBot(settings)
    assert (bot.shard_ids, bot.shard_count) == ([2, 3], 8)
    assert Shards.parse("5/8").ids == (5,)
    for wrong in ("3-2/8", "8/8", "0-3", "a/b"):
        with pytest.raises(SettingsError, match="SKALD_SHARDS"):
            Settings.from_env({"DISCORD_TOKEN": "t", "SKALD_DB": url, "SKALD_SHARDS": wrong})
    with pytest.raises(SettingsError, match="PostgreSQL"):  # an SQLite file serves one process
        Settings.from_env({"DISCORD_TOKEN": "t", "SKALD_SHARDS": "0-0/2"})


async def test_a_rejected_token_ends_with_a_clear_message_and_is_never_shown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    async def discord_says_no(self: discord.http.HTTPClient, route: Any, **kwargs: Any) -> Any:
        raise discord.HTTPException(SimpleNamespace(status=401, reason="Unauthorized"),
                                    {"code": 0, "message": "401: Unauthorized"})

    monkeypatch.setattr(discord.http.HTTPClient, "request", discord_says_no)
    caplog.set_level(logging.DEBUG)
    token = "MTIz.secret-token-value"
    code = await serve(Settings(token=token, db_path=tmp_path / "skald.sqlite3"))
    err = capsys.readouterr().err
    assert code == EXIT_CONFIG
    assert "rejected DISCORD_TOKEN" in err
    assert token not in err and token not in caplog.text
    # Issue 30 ("What's running?"): the start-up line names the version first.
    assert f"Skald {metadata.version('skald')} starting: database " in caplog.text


def test_the_bot_process_collects_garbage_rarely_and_never_rescans_what_start_up_made() -> None:
    """Full collections stopped every click for 100-200 ms at 200 tables (issue 13); `skald run`
    tunes the collector before it starts. In a child process: freezing is for the whole process."""
    code = ("import gc; from bot.discord.run import COLLECTOR_THRESHOLDS, tune_collector; tune_collector(); "
            "print(gc.get_threshold() == COLLECTOR_THRESHOLDS, gc.get_freeze_count() > 10_000)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["True", "True"]


@pytest.mark.parametrize("port", ["99999", "abc"])
def test_a_malformed_postgresql_url_gives_a_traceback_no_more_in_skald_run(
        port: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A settings error like any other: one line, exit 2, before anything is started, and the
    URL's password nowhere."""
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("SKALD_DB", f"postgresql://skald:s3cret@db:{port}/skald")
    assert cli.main(["run"]) == EXIT_CONFIG
    out, err = capsys.readouterr()
    assert out == "" and "s3cret" not in err and "Traceback" not in err
    assert err == "skald run: SKALD_DB: The PostgreSQL URL can't be used: a port must be a number from 1 to 65535.\n"
    with pytest.raises(SettingsError, match="names no database"):
        Settings.from_env({"DISCORD_TOKEN": "t", "SKALD_DB": "postgresql://skald:s3cret@db:5432"})


@pytest.mark.parametrize("nonsense", ["abc", "-1", "4O", "17"])
def test_skald_run_stops_naming_a_variable_set_to_what_it_cant_take_before_anything_is_opened(
        nonsense: str, tmp_path: Path) -> None:
    """Issue 42: SKALD_RENDER_PROCESSES=abc (or -1, 4O) was silently read as one per CPU while
    other variables were refused by name. The real command, in its own process: one line naming
    the variable and what it takes, exit 2, and the database not even created."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("SKALD_", "DISCORD_"))}
    env.update(DISCORD_TOKEN="t", SKALD_DB=str(tmp_path / "skald.sqlite3"), SKALD_RENDER_PROCESSES=nonsense)
    skald = Path(sys.executable).parent / "skald"
    done = subprocess.run([str(skald), "run"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (EXIT_CONFIG, "")
    assert done.stderr == (f"skald run: SKALD_RENDER_PROCESSES must be a whole number from 0 to 16, "
                           f"not {nonsense!r}.\n")
    assert not (tmp_path / "skald.sqlite3").exists()
