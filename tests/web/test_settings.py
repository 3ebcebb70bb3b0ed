"""The pages' variables as `skald run` reads them: each checked at start, a bad one refused by name
before Discord is contacted, a secret never repeated."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord.app import Settings, SettingsError, WebSettings
from bot.web import links


def settings(tmp_path: Path, **web: str) -> Settings:
    return Settings.from_env({"DISCORD_TOKEN": "t", "SKALD_DB": str(tmp_path / "s.db"), **web})


def test_the_pages_are_off_unless_asked_for(tmp_path: Path) -> None:
    assert settings(tmp_path).web == WebSettings() and not WebSettings().on


def test_the_pages_variables_are_read(tmp_path: Path) -> None:
    web = settings(tmp_path, SKALD_WEB_URL=" https://skald.example.org/games/ ", SKALD_WEB_PORT="8081",
                   SKALD_WEB_HOST="0.0.0.0", SKALD_WEB_PROXIES="127.0.0.1, ::1").web
    assert web == WebSettings(url="https://skald.example.org/games", port=8081, host="0.0.0.0",
                              proxies=frozenset({"127.0.0.1", "::1"}))
    assert web.on and links.root_of(web.url) == "/games"


@pytest.mark.parametrize(("name", "value", "said"), [
    ("SKALD_WEB_PORT", "http", "SKALD_WEB_PORT must be a whole number from 1 to 65535, not 'http'."),
    ("SKALD_WEB_PORT", "70000", "SKALD_WEB_PORT must be a whole number from 1 to 65535, not '70000'."),
    ("SKALD_WEB_URL", "skald.example.org", "SKALD_WEB_URL must be the pages' address, like https://skald.example.org "
                                           "(http or https, a host, maybe a port and a path; no ? or #)."),
    ("SKALD_WEB_URL", "https://x.org/?a=1", "SKALD_WEB_URL must be the pages' address"),
    ("SKALD_WEB_PROXIES", "10.0.0.1, nginx", "SKALD_WEB_PROXIES holds 'nginx', which is no IP address."),
    ("SKALD_WEB_SECRET", "hunter2", "SKALD_WEB_SECRET must be at least 32 characters long."),
])
def test_a_variable_skald_cant_use_is_refused_by_name(tmp_path: Path, name: str, value: str, said: str) -> None:
    with pytest.raises(SettingsError) as refused:
        settings(tmp_path, **{name: value})
    assert str(refused.value).startswith(said)
    assert name != "SKALD_WEB_SECRET" or value not in str(refused.value), "a secret is never repeated"


def test_a_link_is_signed_by_the_variables_key_when_it_is_set() -> None:
    given = {"SKALD_WEB_SECRET": "x" * 40}
    key = links.signing_key("stored in the database", given)
    assert key is not None and key == links.signing_key(None, given)
    assert key != links.signing_key("stored in the database", {})
    token = links.sign(key, 7, 0)
    assert links.signed(key, 7, 0, token) and not links.signed(key, 7, 1, token) and not links.signed(key, 8, 0, token)
    assert not links.signed(None, 7, 0, token) and not links.signed(key, 7, 0, "é" * 22)
