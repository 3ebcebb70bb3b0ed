"""Audit of 2026-12-02: "`skald replay FILE` tracebacks on deeply nested JSON, odd digit strings in
an undo, odd winners in an export; reads any size (a 200 MB file took 1.6 GB; /dev/zero never
ends; a named pipe hangs)." Crafted files through the command: each is one line on stderr and
exit code 2, never a traceback, and nothing but a regular file of at most 8 MB is read."""

from __future__ import annotations

import copy
import json
import os
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.replay_cli import MAX_FILE_BYTES
from bot.replays import to_export
from tests.replays.conftest import RESIGNED, RUNNING, Stored

Document = dict[str, Any]


def _refused(path: Path, capsys: pytest.CaptureFixture[str], reason: str) -> None:
    """`skald replay path` exits 2 with exactly one line, the reason in it, and no traceback."""
    assert main(["replay", str(path), "--auto", "0"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith(f"skald replay: {path}: "), err
    assert reason in err, err


def _write(folder: Path, document: Document | str) -> Path:
    path = folder / "game.json"
    text = document if isinstance(document, str) else json.dumps(document)
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


def _finished(stored: Stored) -> Document:
    """A finished game's export, to damage: a copy, since the export shares the stored log's parts."""
    return copy.deepcopy(to_export(stored("tranquility").log))


def test_deeply_nested_json_is_refused_not_a_recursion_error(
        stored: Stored, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _refused(_write(tmp_path, "[" * 100_000 + "]" * 100_000), capsys, "nested too deeply")
    document = {**_finished(stored), "options": "NESTED"}
    nested = json.dumps(document).replace('"NESTED"', '{"a": ' * 50_000 + "1" + "}" * 50_000)
    _refused(_write(tmp_path, nested), capsys, "nested too deeply")


@pytest.mark.parametrize("text", ["٣", "²", "0009999999999999999999", "9" * 5000, "-1", "", None, "4 "])
def test_an_undo_with_odd_digits_or_no_move_named_is_refused(
        stored: Stored, tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None) -> None:
    document = _finished(stored)
    changes = document["changes"]
    changes.insert(5, {"state_id": 0, "seat": 0, "kind": "undo", "text": text, "public": []})
    for index, change in enumerate(changes, start=1):
        change["state_id"] = index
    _refused(_write(tmp_path, document), capsys, "Change 6 is an undo that names no move still standing.")


WINNERS: list[Any] = [["x"], [7], [-1], [0, 0], [1.0], [True], "01", None, {"0": 1}]


@pytest.mark.parametrize("winners", WINNERS, ids=[json.dumps(w) for w in WINNERS])
@pytest.mark.parametrize("case", ["finished", RESIGNED.name, RUNNING.name])
def test_winners_that_are_not_seats_of_the_game_are_refused(
        stored: Stored, tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, winners: Any) -> None:
    played = stored("tranquility" if case == "finished" else case)
    document = copy.deepcopy(to_export(played.log))
    # A running game's export has no outcome: a damaged one may still carry one.
    document["outcome"] = {**(document["outcome"] or {"summary": "", "cooperative": False}), "winners": winners}
    reason = "names a seat twice" if winners == [0, 0] else "outcome 'winners' should be a list of seat numbers"
    _refused(_write(tmp_path, document), capsys, reason)


CRAFTED: dict[str, tuple[Any, str]] = {
    "scores-not-a-list": (lambda d: d["outcome"].update(scores=5), "outcome 'scores' should be null or a list"),
    "scores-too-few": (lambda d: d["outcome"].update(scores=[1]), "outcome 'scores' should be null or a list"),
    "ranks-not-whole": (lambda d: d["outcome"].update(ranks=["a", "b"]), "outcome 'ranks' should be null or a list"),
    "no-players": (lambda d: d.update(players=[]), "played by 1 to 5 players, and it lists 0"),
    "a-hundred-thousand-players": (lambda d: d.update(players=[{"seat": i, "name": "x"} for i in range(100_000)]),
                                   "and it lists 100000"),
    "seats-out-of-order": (lambda d: d["players"].reverse(), "players[0] 'seat' should be 0"),
    "change-seat-out-of-range": (lambda d: d["changes"][2].update(seat=9), "changes[2] 'seat' should be a seat"),
    "state-ids-out-of-order": (lambda d: d["changes"][3].update(state_id=1), "changes[3] 'state_id' should come"),
    "holder-seat-out-of-range": (lambda d: d.update(holders=[{"seat": 5, "since": 0, "name": "x", "why": "start"}]),
                                 "holders[0] 'seat' should be a seat"),
    "half-a-surrogate-pair": (lambda d: d["players"][0].update(name="\ud800"), "players[0] 'name' should be text"),
    "an-unknown-change-kind": (lambda d: d["changes"][2].update(kind="x" * 10_000),
                               "Change 3 is a 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', which"),
    "odd-options": (lambda d: d.update(options={"sea_monsters": [[1]] * 10_000}), "can't be set up again"),
    "a-rules-version-from-far-away": (lambda d: d.update(engine_version=10**30), "can't be set up again"),
}


@pytest.mark.parametrize("case", CRAFTED)
def test_malformed_content_is_one_readable_line(
        stored: Stored, tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    damage, reason = CRAFTED[case]
    document = _finished(stored)
    damage(document)
    _refused(_write(tmp_path, document), capsys, reason)


def test_a_file_over_the_size_cap_is_refused_unread(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk, and no memory if it is never read
    _refused(path, capsys, "over 8 MB")
    assert MAX_FILE_BYTES >= 2 * 2**20


def test_a_named_pipe_or_a_device_is_refused_without_waiting(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    codes: list[int] = []
    # A named pipe with no writer used to hang the command: run it aside, and look it ended.
    worker = threading.Thread(target=lambda: codes.append(main(["replay", str(pipe)])), daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert codes == [2], "it waited for a writer"
    err = capsys.readouterr().err
    assert err == f"skald replay: {pipe}: This is a named pipe, not an export file: give the .json file " \
                  "`/game export` made.\n"
    if Path("/dev/zero").exists():
        _refused(Path("/dev/zero"), capsys, "This is a device, not an export file")
    _refused(tmp_path, capsys, "This is a folder, not an export file")


ODD: list[Any] = [None, True, 0, -1, 1, 3, 99, 10**30, 1.5, "", "x", "٣", "0009999999999999999999", "\ud800",
                  [], ["x"], [0, 1], {}, {"a": 1}, "Seat 1", "undo", "resign", "move", "pause", "finished"]


def _places(document: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in the document (the first few items of each list), as a path of keys."""
    found = [at] if at else []
    if isinstance(document, dict):
        for key, value in document.items():
            found += _places(value, (*at, key))
    elif isinstance(document, list):
        for index, value in enumerate(document[:6]):
            found += _places(value, (*at, index))
    return found


def test_fuzzed_exports_are_shown_or_refused_in_one_line_never_a_traceback(
        stored: Stored, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seeded mutations of real exports (finished, resigned, running): any field given an odd
    value, or an entry doubled. Each either shows (exit 0) or is refused in one line (exit 2)."""
    bases = [to_export(stored(name).log) for name in ("tranquility", RESIGNED.name, RUNNING.name)]
    rng = random.Random(2026_12_02)
    shown = refused = 0
    for _ in range(60):
        document = copy.deepcopy(rng.choice(bases))
        for _ in range(rng.choice((1, 1, 2, 3))):
            *parents, last = rng.choice(_places(document))
            target = document
            for key in parents:
                target = target[key]
            if isinstance(target, list) and rng.random() < 0.2:
                target.insert(last, copy.deepcopy(target[last]))
            else:
                target[last] = rng.choice(ODD)
        path = _write(tmp_path, document)
        code = main(["replay", str(path), "--auto", "0"])
        out, err = capsys.readouterr()
        assert "Traceback" not in err and code in (0, 2)
        if code == 2:
            assert out == "" and err.count("\n") == 1, err
            refused += 1
        else:
            assert err == ""
            shown += 1
    assert refused > 30 and shown > 0
