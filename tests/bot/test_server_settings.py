"""Server settings (bot/tables/settings.py): the defaults, what each may be, the messages a refused
value gets, what `/skald settings` reads from typed text and how it shows each value, and the
table of them in docs/async.md."""

from __future__ import annotations

from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

import pytest

from bot.discord.settings_cog import parse
from bot.tables import settings
from bot.tables.settings import DECLARED, ServerSettings, Setting, check, read

DOCS = Path(__file__).resolve().parents[2] / "docs" / "async.md"

DEFAULTS = {"clock": "daily", "timeout_policy": "stand_in", "away_days": 14, "games_channel": 0, "max_tables": 200,
            "max_tables_per_player": 12, "lobby_expiry_hours": 24, "min_reliability": 0,
            "organiser_role": 0, "thread_pings": "to_act", "web": "off"}


def test_a_server_that_changed_nothing_has_the_defaults() -> None:
    assert asdict(ServerSettings()) == DEFAULTS
    assert list(DECLARED) == list(DEFAULTS)
    assert read({}) == ServerSettings()
    assert settings.AWAY_WINDOW_DAYS == 90


def test_a_stored_value_no_longer_allowed_falls_back_to_the_default() -> None:
    stored = {"clock": "weekly", "away_days": 3, "max_tables": "7", "min_reliability": 50, "gone": 1}
    assert read(stored) == ServerSettings(away_days=3, min_reliability=50)


@pytest.mark.parametrize(("name", "value", "stored"), [
    ("clock", "relaxed", "relaxed"), ("clock", "none", "none"), ("clock", "12h+2d+1h", "12h+2d+1h"),
    ("timeout_policy", "vote", "vote"), ("away_days", 0, 0), ("away_days", 60, 60),
    ("games_channel", 2**63 - 1, 2**63 - 1), ("max_tables", 5000, 5000), ("max_tables_per_player", 1, 1),
    ("lobby_expiry_hours", 336, 336), ("min_reliability", 100, 100),
])
def test_allowed_values_are_stored_as_given(name: str, value: Any, stored: Any) -> None:
    assert check(name, value) == stored


@pytest.mark.parametrize(("name", "value", "message"), [
    ("away_days", 61, "away_days can't be '61': a whole number from 0 to 60."),
    ("away_days", True, "away_days can't be 'True': a whole number from 0 to 60."),
    ("clock", "weekly", "clock can't be 'weekly': A clock is a preset (none, live, daily, relaxed) or per move + "
                        "bank + increment, like 12h+2d+1h (12 hours a move, 2 days in the bank, an hour added per "
                        "move)."),
    ("clock", 5, "clock can't be '5': none, live, daily, relaxed."),
    ("timeout_policy", "x", "timeout_policy can't be 'x': stand_in, vote."),
    ("games_channel", -1, "games_channel can't be '-1': a whole number from 0 to 9223372036854775807."),
    ("max_tables", 0, "max_tables can't be '0': a whole number from 1 to 5000."),
    ("max_tables_per_player", 201, "max_tables_per_player can't be '201': a whole number from 1 to 200."),
    ("lobby_expiry_hours", 337, "lobby_expiry_hours can't be '337': a whole number from 1 to 336."),
    ("min_reliability", 101, "min_reliability can't be '101': a whole number from 0 to 100."),
    ("nope", 1, "There is no setting 'nope'; settings are: clock, timeout_policy, away_days, games_channel, "
                "max_tables, max_tables_per_player, lobby_expiry_hours, min_reliability, organiser_role, thread_pings, "
                "web."),
])
def test_a_refused_value_is_told_what_is_allowed(name: str, value: Any, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        check(name, value)
    assert str(refused.value) == message


@pytest.mark.parametrize(("name", "value", "shown"), [
    ("clock", "daily", "daily — 24 hours a move, 3 days in the bank"),
    ("clock", "none", "none — no clock"),
    ("clock", "12h+2d+1h", "custom — 12 hours a move, 2 days in the bank, +1 hour a move"),
    ("timeout_policy", "stand_in", "an AI stands in until they are back"),
    ("timeout_policy", "vote", "the table decides"),
    ("away_days", 14, "14"), ("max_tables", 200, "200"),
    ("games_channel", 0, "any channel"), ("games_channel", 123, "<#123>"),
    ("min_reliability", 0, "anyone may join"), ("min_reliability", 80, "80% of games played to the end"),
])
def test_each_value_is_shown_as_people_read_it(name: str, value: Any, shown: str) -> None:
    assert DECLARED[name].shown(value) == shown


@pytest.mark.parametrize(("name", "text", "value"), [
    ("clock", " Relaxed ", "relaxed"), ("clock", "12H+2d+1h", "12h+2d+1h"), ("timeout_policy", "VOTE", "vote"),
    ("away_days", "12", 12), ("games_channel", "<#123>", 123), ("games_channel", "456", 456),
    ("games_channel", " Any ", 0), ("games_channel", "none", 0), ("games_channel", "off", 0),
    ("games_channel", "0", 0),
])
def test_typed_text_becomes_a_value(name: str, text: str, value: Any) -> None:
    assert parse(name, text) == value


@pytest.mark.parametrize(("name", "text", "message"), [
    ("games_channel", "#general", "games_channel takes a whole number, not '#general'."),
    ("away_days", "x1", "away_days takes a whole number, not 'x1'."),
    ("max_tables", "٣", "max_tables takes a whole number, not '٣'."),
    ("max_tables", "1" * 21, f"max_tables takes a whole number, not {'1' * 21!r}."),
    ("nope", "1", "There is no setting 'nope'."),
])
def test_typed_text_that_is_no_value_is_refused(name: str, text: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse(name, text)
    assert str(refused.value) == message


def test_every_field_of_server_settings_is_a_declared_setting() -> None:
    assert [(f.name, f.default) for f in fields(ServerSettings)] == [(s.name, s.default) for s in DECLARED.values()]
    assert all(setting.allows(setting.default) for setting in DECLARED.values())


def docs_row(setting: Setting) -> str:
    """A setting's row in docs/async.md's table: its default as stored and as shown, its values, its help."""
    default = f"`{setting.default}`"
    if setting.shown(setting.default) != str(setting.default):
        default += f" ({setting.shown(setting.default)})"
    values = setting.allowed + (f", or {setting.also}" if setting.also else "")
    return f"| `{setting.name}` | {default} | {values} | {setting.description} |"


def test_the_docs_table_of_settings_is_the_declarations() -> None:
    section = DOCS.read_text(encoding="utf-8").split("## Server settings and defaults", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    expected = [docs_row(setting) for setting in DECLARED.values()]
    assert rows == expected, "docs/async.md's settings table should read:\n" + "\n".join(expected)
