"""Finding: "Player names and public lines reach the terminal raw (escape sequences)", in
`skald replay`: an export is a file anyone may hand over, and its names and lines are shown."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from bot.replays import to_export
from tests.bot.test_terminal_text import ANN, BOB, shown_on_a_terminal
from tests.bot.test_terminal_tools import SKALD, child_env
from tests.replays.conftest import RUNNING, Stored


def test_player_names_and_public_lines_reach_the_terminal_raw_no_more_in_skald_replay(
        stored: Stored, tmp_path: Path) -> None:
    """A running game's export (its lines are shown as the file has them, with no seed to check
    them against) whose names, title and a public line carry escape sequences."""
    document = to_export(stored(RUNNING.name).log)
    names = (ANN, BOB)
    for record in (*document["players"], *document["holders"]):
        record["name"] = names[record["seat"] % 2]
    document["title"] = "Tranquility\x1b]0;title\x07"
    first = next(change for change in document["changes"] if change["public"])
    first["public"] = ["\x1b]0;title\x07Seat 1 waves.", *first["public"]]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    done = subprocess.run([*SKALD, "replay", str(path), "--auto", "0"], cwd=tmp_path, env=child_env(),
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    out = done.stdout.decode()
    assert (done.returncode, done.stderr) == (0, b"")
    shown_on_a_terminal(out)
    assert "\nAnn waves.\n" in out and "Tranquility, 2 players: Ann, Bob (AI: heuristic)." in out
