"""Reading the broker address: off by default, URL and environment credentials."""

from __future__ import annotations

import pytest

from bot.relay import RelayConfigError, RelaySettings, relay_from_env, settings_from_env


def test_relay_is_off_without_skald_mqtt_url() -> None:
    assert settings_from_env({}) is None
    assert relay_from_env({"SKALD_MQTT_URL": "  "}) is None


def test_credentials_in_the_url_win_over_the_environment() -> None:
    env = {"SKALD_MQTT_URL": "mqtts://od%40in:s3cr%3At@broker.example:9000", "SKALD_MQTT_USERNAME": "x"}
    settings = settings_from_env(env)
    assert settings == RelaySettings(host="broker.example", port=9000, tls=True, username="od@in",
                                     password="s3cr:t")
    assert "s3cr" not in repr(settings) and "s3cr" not in settings.url


def test_credentials_come_from_the_environment_when_the_url_has_none() -> None:
    env = {"SKALD_MQTT_USERNAME": "hall", "SKALD_MQTT_PASSWORD": "mead"}
    settings = RelaySettings.from_url("mqtt://10.0.0.5/longhouse", env)
    assert (settings.port, settings.tls, settings.username, settings.password) == (1883, False, "hall", "mead")
    assert settings.prefix == "longhouse"


@pytest.mark.parametrize("url", ["http://broker", "mqtt://", "mqtt://host:notaport", "mqtt://host/a/+"])
def test_unusable_urls_are_refused_with_a_reason(url: str) -> None:
    with pytest.raises(RelayConfigError):
        RelaySettings.from_url(url, {})
