"""The store's parts stay small: each one class of one concern with at most 25 public methods
(docs/storage.md, "The store"); the store itself only composes them and coordinates processes."""

from __future__ import annotations

import inspect
from pathlib import Path

from bot.store import Store, open_store
from bot.store.checking import CheckStore
from bot.store.clocks import ClockStore
from bot.store.games import GameStore
from bot.store.outbox import OutboxStore
from bot.store.results import ResultStore
from bot.store.settings import SettingsStore
from bot.store.tournaments import TournamentStore

PARTS = {"games": GameStore, "clocks": ClockStore, "results": ResultStore, "outbox": OutboxStore,
         "tournaments": TournamentStore, "settings": SettingsStore, "checks": CheckStore}
MOST = 25


def public(cls: type) -> list[str]:
    return [name for name, _ in inspect.getmembers(cls, callable) if not name.startswith("_")]


def test_each_part_of_the_store_has_at_most_25_public_methods() -> None:
    sizes = {name: len(public(part)) for name, part in PARTS.items()}
    assert all(0 < size <= MOST for size in sizes.values()), sizes


async def test_the_store_is_its_parts_and_the_coordination_of_processes(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "parts.db")
    try:
        assert {name: type(getattr(store, name)) for name in PARTS} == PARTS
        assert sorted(public(Store)) == ["close", "hold_leadership", "lock", "release_leadership", "version"]
    finally:
        await store.close()
