"""Encodings: by field name with a version; the old positional snapshots of stored base games
still decode to the state their move log replays to; what can't be read is a StaleEncoding."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from engine.core import replay
from engine.errors import StaleEncoding
from engine.nidavellir import GAME
from engine.nidavellir.legacy import LEGACY_CARDS
from engine.nidavellir.state import VERSION, Codec, IdavollState, NidavellirState, SeatState
from tests.nidavellir.position import apply, fresh, texts

# Written by the engine of 2026-11-29 (commit 87c4956) from seeded games: the move log and a
# snapshot each time a new kind of choice was pending (transforms of every source, Dagda's
# second discard, the Pioneer, Ylud, Thrud, ...).
LEGACY = json.loads((Path(__file__).with_name("data") / "legacy_snapshots.json").read_text())
SNAPSHOTS = [(game, snap) for game in LEGACY for snap in game["snapshots"]]


@pytest.mark.parametrize(("game", "snap"), SNAPSHOTS,
                         ids=[f"p{g['players']}-after{s['after']}" for g, s in SNAPSHOTS])
def test_old_positional_snapshot_decodes_to_the_replayed_state(game: dict[str, Any], snap: dict[str, Any]) -> None:
    moves = [(int(seat), str(text)) for seat, text in game["moves"][:snap["after"]]]
    replayed = replay(GAME, game["players"], {}, game["seed"], moves, version=1)  # stored before version 2
    decoded = GAME.decode(snap["encoding"])
    assert decoded == replayed
    # and the game goes on from the decoded state exactly as from the replayed one
    rest = game["moves"][snap["after"]:]
    for seat, text in rest:
        decoded = GAME.apply(decoded, seat, text).state
    assert GAME.outcome(decoded) is not None


def test_legacy_card_numbers_are_the_old_positions() -> None:
    assert len(LEGACY_CARDS) == 45
    assert (LEGACY_CARDS[0], LEGACY_CARDS[21], LEGACY_CARDS[23], LEGACY_CARDS[38], LEGACY_CARDS[44]) == (
        "blacksmith", "offering 3", "armorer", "thrud", "dwerg ymir")


def test_encoding_is_by_field_name_with_a_version_and_cards_by_name() -> None:
    state = apply(fresh(3, thingvellir=True), 0, "bid 5 2 0")
    data = GAME.encode(state)
    assert data["version"] == VERSION
    assert data["expansions"] == ["thingvellir"] and len(data["camp"]) == 5
    assert all(isinstance(card, str) for tavern in data["taverns"] for card in tavern)
    assert set(data["seats"][0]["army"]) == {"blacksmith", "hunter", "explorer", "miner", "warrior"}
    assert GAME.decode(json.loads(json.dumps(data))) == state


def test_a_thingvellir_game_round_trips_at_every_step() -> None:
    state = fresh(2, seed=7, thingvellir=True)
    while GAME.outcome(state) is None:
        assert GAME.decode(json.loads(json.dumps(GAME.encode(state)))) == state
        seat = min(GAME.to_move(state))
        state = apply(state, seat, texts(state, seat)[-1])


@pytest.mark.parametrize("change", [
    {"version": 99},
    {"version": VERSION, "camp": ["no such card"]},
    {"version": VERSION, "seats": "broken"},
])
def test_an_encoding_that_cannot_be_read_is_a_stale_encoding(change: dict[str, Any]) -> None:
    data = {**GAME.encode(fresh(2, thingvellir=True)), **change}
    with pytest.raises(StaleEncoding, match="Replay the move log"):
        GAME.decode(data)


def test_an_old_snapshot_with_a_card_number_never_used_is_a_stale_encoding() -> None:
    data = dict(SNAPSHOTS[0][1]["encoding"])
    data["discard"] = [45]
    with pytest.raises(StaleEncoding):
        GAME.decode(data)


def test_an_expansion_part_is_encoded_only_with_its_expansion() -> None:
    """Idavoll's fields (and a seat's captures) stay out of the encodings of games without it."""
    idavoll_keys = {f.name for f in fields(IdavollState)}
    base = GAME.encode(fresh(3, thingvellir=True))
    assert not idavoll_keys & set(base) and all("captured" not in seat for seat in base["seats"])
    assert idavoll_keys <= set(GAME.encode(fresh(3, idavoll=True)))


@pytest.mark.parametrize("change", [
    {"myth_deck": ["no such card"]}, {"reserved_card": "no such card"}, {"drawn": 3}, {"reserved": ["x"]},
])
def test_a_damaged_expansion_field_is_a_stale_encoding(change: dict[str, Any]) -> None:
    data = {**GAME.encode(fresh(2, idavoll=True)), **change}
    with pytest.raises(StaleEncoding, match="Replay the move log"):
        GAME.decode(data)


def test_every_field_of_the_state_declares_its_codec() -> None:
    for cls in (NidavellirState, SeatState):
        assert all(isinstance(f.metadata.get("codec"), Codec) for f in fields(cls))
