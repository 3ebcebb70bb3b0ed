"""Stored games must replay to the same history after every change (tests/golden/playthrough.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import registry
from tests.golden.playthrough import files, plans, replay_record

FILES = files()


def test_every_game_and_option_set_is_pinned() -> None:
    names = {path.stem for path in FILES}
    missing = [plan.name for plan in plans() if plan.name not in names]
    assert not missing, f"record them with `python -m tests.golden.playthrough --write`: {missing}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough_replays_to_the_same_history(path: Path) -> None:
    data = json.loads(path.read_text())
    game = registry.get(data["game"])
    state, digest = replay_record(game, data)
    assert digest == data["events"], "the event lines of a stored game changed"
    outcome = game.outcome(state)
    assert outcome is not None and outcome.to_dict() == data["outcome"]
    # The final state as stored then still decodes to the state the log replays to now.
    assert game.decode(data["encoding"]) == state
    current = game.encode(state)
    if current.get("version") == data["encoding"].get("version"):
        assert current == data["encoding"], "the encoding changed without a new version"
