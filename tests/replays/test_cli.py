"""`skald replay FILE`: steps through an export, rebuilt from its seed, and refuses (exit 2, no
traceback) what is not an export, what is from a newer format and what no longer replays."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.cli import main
from bot.names import name_seats, result_line
from bot.replay_cli import PROMPT, pages, step_through
from bot.replays import export_bytes, read_export, rebuild, to_export
from engine import registry
from renderer.text import render_view
from tests.bot.test_cli_startup import run_probe
from tests.replays.conftest import RUNNING, Stored
from tests.replays.games import Played


def exported(played: Played, folder: Path, document: object = None) -> Path:
    path = folder / "game.json"
    path.write_bytes(export_bytes(played.log) if document is None else json.dumps(document).encode())
    return path


def final_table(played: Played) -> str:
    view = registry.get(played.case.game).view(played.states[-1], None)
    return name_seats(render_view(view, played.names), played.names)


@pytest.mark.parametrize("name", ["tranquility", "nidavellir"])
def test_replay_auto_rebuilds_the_stored_game_to_its_final_table_and_result(
        stored: Stored, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played = stored(name)
    assert main(["replay", str(exported(played, tmp_path)), "--auto", "0"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    total = len(played.log.changes)
    last_move, result = out.split(f"── Move {total} of {total}")[1].split("── Result ──")
    assert last_move.rstrip().endswith(final_table(played))
    assert result.strip().startswith(result_line(played.log.outcome or {}, played.names))
    assert out.count("── Move ") == total and "Seat 1" not in out


def scripted(answers: list[str]) -> Iterator[str]:
    yield from answers
    raise EOFError


def test_enter_goes_on_b_goes_back_q_quits_and_anything_else_is_explained(stored: Stored) -> None:
    played = stored("tranquility")
    shown = pages(played.log, rebuild(played.log))
    answers = scripted(["", "", "b", "later", "q", ""])
    written: list[str] = []
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    step_through(shown, read, written.append)
    headings = [line for line in written if line.startswith("── ")]
    total = len(played.log.changes)
    assert headings == ["── Start ──", f"── Move 1 of {total} · {played.names[0]} ──",
                        f"── Move 2 of {total} · {played.names[1]} ──", f"── Move 1 of {total} · {played.names[0]} ──"]
    assert "Press Enter for the next change, b to go back, q to quit." in written
    assert asked == [PROMPT] * 5  # stopped at "q"


def test_the_end_of_the_game_or_of_input_ends_the_replay(stored: Stored) -> None:
    played = stored("tranquility")
    shown = pages(played.log, rebuild(played.log))
    enter = scripted([""] * len(shown))  # one Enter too many would raise EOFError here
    written: list[str] = []
    step_through(shown, lambda prompt: next(enter), written.append)
    assert [line for line in written if line.startswith("── ")][-1] == "── Result ──"
    written.clear()
    nothing = scripted([])
    step_through(shown, lambda prompt: next(nothing), written.append)
    assert [line for line in written if line.startswith("── ")] == ["── Start ──"]


def test_a_running_games_export_shows_its_public_lines_without_a_table(
        stored: Stored, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played = stored(RUNNING.name)
    assert main(["replay", str(exported(played, tmp_path)), "--auto", "0"]) == 0
    out = capsys.readouterr().out
    assert "without its seed only the public lines can be shown" in out
    assert "row 1" not in out and "── Result ──" not in out
    for row in played.rows:
        for text, seats in row.events:
            assert (name_seats(text, played.names) in out) == (seats is None)


def _tampered_move(played: Played) -> dict[str, object]:
    document = to_export(played.log)
    changes = document["changes"]
    assert isinstance(changes, list)
    changes[4]["text"] = "place 80 at 1"
    return document


def _other_result(played: Played) -> dict[str, object]:
    document = to_export(played.log)
    document["outcome"] = {**(played.log.outcome or {}), "winners": []}
    return document


Build = Callable[[Played], object]
REFUSED: dict[str, tuple[Build, bytes | None, str]] = {
    "not-json": (lambda p: None, b"GIF89a....", "not a Skald game export (it is not JSON)"),
    "other-json": (lambda p: {"format": "something else"}, None, "not a Skald game export"),
    "newer": (lambda p: {**to_export(p.log), "version": 7}, None, "format version 7, from a newer Skald"),
    "damaged": (lambda p: {**to_export(p.log), "players": "Ann, Bo"}, None, "'players' should be a list"),
    "move-no-longer-replays": (_tampered_move, None, "Change 5 no longer replays under this version of the rules"),
    "another-result": (_other_result, None, "another result than the one recorded"),
    "rules-version-unknown": (lambda p: {**to_export(p.log), "engine_version": 99}, None, "can't be set up again"),
}


@pytest.mark.parametrize("case", REFUSED)
def test_what_cant_be_replayed_is_refused_with_exit_2_and_a_reason(
        stored: Stored, case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build, raw, reason = REFUSED[case]
    played = stored("tranquility")
    path = tmp_path / "game.json"
    path.write_bytes(raw if raw is not None else json.dumps(build(played)).encode())
    assert main(["replay", str(path), "--auto", "0"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert err.startswith(f"skald replay: {path}: ") and reason in err, err


def test_a_missing_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nowhere.json")]) == 2
    assert "can't read" in capsys.readouterr().err


def test_auto_takes_a_sensible_number_of_seconds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["replay", str(tmp_path / "game.json"), "--auto", "-1"])
    assert stop.value.code == 2 and "between 0 and 3600" in capsys.readouterr().err


def test_skald_replay_never_imports_discord(stored: Stored, tmp_path: Path) -> None:
    exported(stored("tranquility"), tmp_path)
    assert run_probe(["replay", "game.json", "--auto", "0"], tmp_path) == (0, [])


def test_the_export_the_cli_reads_is_the_log(stored: Stored, tmp_path: Path) -> None:
    played = stored("nidavellir-resigned")
    assert read_export(exported(played, tmp_path).read_bytes()) == played.log
