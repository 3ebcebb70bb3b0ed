"""Rules text is written in Skald's own words: no run of 6 words is copied from the seed documents.

The seeds (the documents Skald was started from) live outside the repository, at
/work/shared/rules/seeds or wherever SKALD_RULES_SEEDS points; the test skips without them.
The check covers the games whose reference was written from public sources after this test
existed; the older files still share some phrases with their rulebooks (see docs/rules.md).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.rules.book import load_entries
from bot.rules.index import words

SEEDS = Path(os.environ.get("SKALD_RULES_SEEDS", "/work/shared/rules/seeds"))
CHECKED_GAMES = ("my-city", "wonderful-world")
RUN = 6  # words in a row that count as copied


def _runs(text: str) -> set[tuple[str, ...]]:
    found = words(text)
    return {tuple(found[i : i + RUN]) for i in range(len(found) - RUN + 1)}


@pytest.fixture(scope="module")
def seed_runs() -> set[tuple[str, ...]]:
    files = sorted(SEEDS.glob("*.txt")) if SEEDS.is_dir() else []
    if not files:
        pytest.skip(f"no seed documents in {SEEDS}")
    runs: set[tuple[str, ...]] = set()
    for path in files:
        runs |= _runs(path.read_text(encoding="utf-8", errors="replace"))
    return runs


@pytest.mark.parametrize("game", CHECKED_GAMES)
def test_no_six_word_run_of_the_text_or_titles_is_copied_from_the_seeds(seed_runs: set[tuple[str, ...]],
                                                                        game: str) -> None:
    copied = {
        entry.id: " ".join(run)
        for entry in load_entries()
        if entry.game == game
        for run in _runs(f"{entry.title}\n{entry.text}") & seed_runs
    }
    assert copied == {}


def test_the_checked_games_have_at_least_25_entries_each() -> None:
    counts = {game: sum(entry.game == game for entry in load_entries()) for game in CHECKED_GAMES}
    assert all(count >= 25 for count in counts.values()), counts
