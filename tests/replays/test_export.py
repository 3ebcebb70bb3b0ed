"""The move-list export (docs/replays.md): a finished game with its seed and move texts, a running one
with neither, never a private line; read back to the same log."""

from __future__ import annotations

import json
import re

import pytest

from bot.replays import (
    FORMAT,
    FORMAT_VERSION,
    BadExport,
    NotReplayable,
    export_bytes,
    export_file,
    read_export,
    rebuild,
    to_export,
)
from bot.store import open_store
from engine import registry
from tests.conformance import leaves
from tests.replays.conftest import RESIGNED, RUNNING, Stored

KEYS = ["format", "version", "game", "title", "status", "engine_version", "options", "seed", "players", "holders",
        "changes", "outcome"]


def strings_in(document: object) -> list[str]:
    return [value for _, value in leaves(document) if isinstance(value, str)]


@pytest.mark.parametrize("name", ["nidavellir", "tranquility-monsters-rocks", RESIGNED.name])
def test_a_finished_game_exports_its_seed_moves_and_public_lines_only(stored: Stored, name: str) -> None:
    played = stored(name)
    document = json.loads(export_bytes(played.log))
    assert list(document) == KEYS
    assert document["format"] == FORMAT and document["version"] == FORMAT_VERSION
    assert document["game"] == played.case.game and document["title"] == registry.get(played.case.game).title
    assert document["seed"] == played.case.seed and document["status"] == "finished"
    assert played.case.options.items() <= document["options"].items()
    assert document["engine_version"] == registry.get(played.case.game).version
    assert [p["name"] for p in document["players"]] == played.names
    assert [p["ai"] for p in document["players"]] == [None] + [played.case.kind] * (played.case.players - 1)
    # Who held each seat from the start (no user ids: people are named as the story named them).
    assert [(h["seat"], h["since"], h["name"], h["why"]) for h in document["holders"]] == [
        (seat, 0, name, "start") for seat, name in enumerate(played.names)]
    assert [(c["state_id"], c["seat"], c["kind"], c["text"]) for c in document["changes"]] == [
        (row.state_id, row.seat, row.kind, row.text) for row in played.rows]
    assert [c["public"] for c in document["changes"]] == [
        [text for text, seats in row.events if seats is None] for row in played.rows]
    assert not set(strings_in(document)) & played.private_lines()
    assert played.log.outcome is not None and document["outcome"] == played.log.outcome


def test_a_running_game_exports_no_seed_and_no_move_text_only_what_was_told(stored: Stored) -> None:
    played = stored(RUNNING.name)
    assert played.log.status == "running"
    # Face-down discards were played: their texts name the cards, which nobody else has seen.
    assert any(text.startswith(("discard ", "place ")) and "discard" in text and any(ch.isdigit() for ch in text)
               for text in played.move_texts())
    document = json.loads(export_bytes(played.log))
    assert document["seed"] is None and document["outcome"] is None
    assert all(change["text"] is None for change in document["changes"])
    assert [c["public"] for c in document["changes"]] == [
        [text for text, seats in row.events if seats is None] for row in played.rows]
    found = strings_in(document)
    assert not set(found) & played.move_texts() and not set(found) & played.private_lines()
    assert re.search(r"discards \d cards? face down", json.dumps(document))  # the public wording of a discard


@pytest.mark.parametrize("name", ["tranquility", "nidavellir-thingvellir", RUNNING.name, RESIGNED.name])
def test_an_export_reads_back_to_the_same_log(stored: Stored, name: str) -> None:
    log = stored(name).log
    assert read_export(export_bytes(log)) == log
    assert read_export(export_bytes(log).decode()) == log


def test_a_finished_export_rebuilds_the_stored_final_state_and_result(stored: Stored) -> None:
    played = stored("nidavellir")
    rebuilt = rebuild(read_export(export_bytes(played.log)))
    engine = registry.get("nidavellir")
    assert rebuilt.views[-1] == engine.view(played.states[-1], None)
    assert rebuilt.outcome == played.log.outcome


@pytest.mark.parametrize(("data", "reason"), [
    (b"\x89PNG\r\n\x1a\n", "not JSON"),
    (b"[1, 2, 3]", "not a Skald game export"),
    (b'{"format": "skald-save", "version": 1}', "not a Skald game export"),
    (b'{"format": "skald-game"}', "no valid format version"),
    (b'{"format": "skald-game", "version": true}', "no valid format version"),
    (b'{"format": "skald-game", "version": 2}', "format version 2, from a newer Skald"),
    (b'{"format": "skald-game", "version": 1, "game": "chess"}', "doesn't host"),
])
def test_what_is_not_a_readable_export_is_refused_with_a_reason(data: bytes, reason: str) -> None:
    with pytest.raises(BadExport, match=reason):
        read_export(data)


@pytest.mark.parametrize(("field", "value", "reason"), [
    ("players", None, "'players' should be a list of objects"),
    ("seed", "42", "'seed' should be a whole number or null"),
    ("changes", [{"state_id": 1, "seat": 0, "kind": "move", "text": 5, "public": []}], r"changes\[0\] 'text'"),
    ("changes", [{"state_id": 1, "seat": True, "kind": "move", "text": "start", "public": []}], r"'seat'"),
    ("changes", [{"state_id": 1, "seat": 0, "kind": "move", "text": "start", "public": [3]}], r"'public'"),
])
def test_a_damaged_export_names_the_field(stored: Stored, field: str, value: object, reason: str) -> None:
    document = to_export(stored("tranquility").log)
    document[field] = value
    with pytest.raises(BadExport, match=reason):
        read_export(json.dumps(document))


async def test_export_file_reads_any_started_game_from_the_store(stored: Stored) -> None:
    played = stored(RUNNING.name)
    store = await open_store(played.db, exclusive=False)
    try:
        attachment = await export_file(store, played.game_id)
        with pytest.raises(NotReplayable, match="no game #404"):
            await export_file(store, 404)
    finally:
        await store.close()
    assert attachment.filename == f"skald-tranquility-{played.game_id}.json"
    assert attachment.media_type == "application/json" and read_export(attachment.data) == played.log
