"""Stored games shared by the replay tests, each played once per test process when first asked for."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.replays.games import Case, Played, play_stored

# One finished game per registered game at least (the replay of each game), with options on;
# a resignation; a game still running (for the export of a running game).
FINISHED = (
    Case("tranquility", "tranquility", 3, "heuristic", seed=20),
    Case("tranquility-monsters-rocks", "tranquility", 3, "heuristic", seed=7,
         options={"sea_monsters": 3, "jagged_rocks": "auto", "removed_islands": 4}),
    Case("nidavellir", "nidavellir", 3, "greedy", seed=11),
    Case("nidavellir-thingvellir", "nidavellir", 2, "greedy", seed=5, options={"thingvellir": True}),
    Case("wonderful-face-b", "wonderful", 3, "greedy", seed=8, options={"face": "b"}),
)
RESIGNED = Case("nidavellir-resigned", "nidavellir", 4, "greedy", seed=3, resign_at=30)
RUNNING = Case("tranquility-running", "tranquility", 2, "heuristic", seed=4, stop_at=24)
CASES = {case.name: case for case in (*FINISHED, RESIGNED, RUNNING)}

Stored = Callable[[str], Played]


@pytest.fixture(scope="session")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Stored:
    """`stored(name)`: the case of that name, played into its own database file on first use.

    Played in a thread of its own, so sync and async tests alike can ask (an async test's
    event loop is already running)."""
    folder = tmp_path_factory.mktemp("replays")
    cache: dict[str, Played] = {}

    def get(name: str) -> Played:
        if name not in cache:
            with ThreadPoolExecutor(1) as pool:
                cache[name] = pool.submit(asyncio.run, play_stored(CASES[name], folder / f"{name}.db")).result()
        return cache[name]

    return get
