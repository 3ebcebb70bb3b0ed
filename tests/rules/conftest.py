"""The rules index is read-only, so one per test session is enough."""

from __future__ import annotations

import pytest

from bot.rules.index import RulesIndex


@pytest.fixture(scope="session")
def index() -> RulesIndex:
    return RulesIndex.load()
