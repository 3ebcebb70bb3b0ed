"""The relay tests' in-process MQTT broker, for the terminal tools that publish through it."""

from tests.relay.conftest import broker

__all__ = ["broker"]
