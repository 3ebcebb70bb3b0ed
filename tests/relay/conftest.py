"""Fixtures: a real in-process MQTT broker, a real Tables over SQLite in tmp_path, the relay."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.relay import MqttRelay, RelaySettings
from bot.tables import Tables
from tests.relay.broker import LocalBroker


@pytest.fixture
async def broker() -> AsyncIterator[LocalBroker]:
    local = LocalBroker()
    await local.start()
    try:
        yield local
    finally:
        await local.stop()


@pytest.fixture
async def tables(tmp_path: Path) -> AsyncIterator[Tables]:
    service = await Tables.open(tmp_path / "skald.db")
    try:
        yield service
    finally:
        await service.close()


def fast_settings(broker: LocalBroker, *, state_limit: int = 1000, event_limit: int = 1000) -> RelaySettings:
    """Settings for `broker` with short backoffs, so a restarted broker is found again quickly."""
    base = RelaySettings.from_url(broker.url, {})
    return RelaySettings(host=base.host, port=base.port, backoff_initial=0.02, backoff_cap=0.2,
                         publish_timeout=5.0, state_limit=state_limit, event_limit=event_limit)


@pytest.fixture
async def relay(broker: LocalBroker, tables: Tables) -> AsyncIterator[MqttRelay]:
    async with MqttRelay(fast_settings(broker), jitter=lambda: 0.5) as attached:
        tables.attach(attached)
        yield attached
