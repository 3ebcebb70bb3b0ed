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


@pytest.mark.parametrize(("value", "on"), [("1", True), ("true", True), (" Yes ", True), ("on", True),
                                           ("0", False), ("", False), ("false", False), ("off", False)])
def test_skald_mqtt_pictures_turns_pictures_on(value: str, on: bool) -> None:
    settings = settings_from_env({"SKALD_MQTT_URL": "mqtt://broker", "SKALD_MQTT_PICTURES": value})
    assert settings is not None and settings.pictures is on
    assert RelaySettings.from_url("mqtt://broker", {}).pictures is False  # off unless asked for


def test_a_bad_pictures_value_is_refused_with_a_reason() -> None:
    with pytest.raises(RelayConfigError, match="SKALD_MQTT_PICTURES must be yes or no"):
        settings_from_env({"SKALD_MQTT_URL": "mqtt://broker", "SKALD_MQTT_PICTURES": "maybe"})


@pytest.mark.parametrize("url", [
    "http://odin:Sl3ipnir@valhalla",
    "mqtt://odin:Sl3ipnir@",
    "mqtt://odin:Sl3ip/nir@valhalla",  # unescaped '/': "Sl3ip" would become the port, "nir@valhalla" the path
    "mqtt://odin:1234/Sl3ipnir+@valhalla",  # ... a valid port, and a path with a wildcard in it
    "mqtt://odin:1234/Sl3ipnir@valhalla",  # ... a valid port, and a path with '@' in it
    "mqtt://odin:Sl3ip#nir@valhalla",
    "mqtt://odin:Sl3ip?nir@valhalla",
    "odin:Sl3ipnir@valhalla",
])
def test_no_error_message_repeats_any_part_of_the_url(url: str) -> None:
    with pytest.raises(RelayConfigError) as refused:
        RelaySettings.from_url(url, {})
    message = str(refused.value)
    assert not any(piece in message for piece in ("Sl3ip", "nir", "odin", "valhalla")), message


def test_a_namespace_is_one_plain_topic_level() -> None:
    assert RelaySettings(host="h", namespace="term-1a2b3c4d").space(5) == "term-1a2b3c4d"
    assert RelaySettings(host="h").space(5) == "5"
    for bad in ("", "a/b", "a+", "#", "x" * 65):
        with pytest.raises(RelayConfigError):
            RelaySettings(host="h", namespace=bad)
