"""MQTT relay: public game state for table-side devices (see docs/relay.md)."""

from bot.relay.relay import MqttRelay, RelayStats, relay_attached, relay_from_env
from bot.relay.settings import RelayConfigError, RelaySettings, settings_from_env

__all__ = ["MqttRelay", "RelayConfigError", "RelaySettings", "RelayStats", "relay_attached",
           "relay_from_env", "settings_from_env"]
