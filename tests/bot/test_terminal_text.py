"""Finding: "Player names and public lines reach the terminal raw (escape sequences)". A name (a
Discord display name, `--names`, a saved game's) or a line from a file or a broker must not clear
the screen, retitle the window or ring the bell of whoever runs a terminal tool."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bot.terminal.console import Screen
from bot.terminal.text import printable
from tests.bot.test_terminal_tools import SKALD, child_env

ANN = "Ann\x1b[2J\x07"  # clears the screen, rings the bell
BOB = "Bo\x1b]0;title\x07b"  # sets the window's title (an OSC string)
NAMES = f"{ANN},{BOB}"
CONTROLS = [chr(c) for c in (*range(0x00, 0x0A), *range(0x0B, 0x20), *range(0x7F, 0xA0))]  # all but "\n"


def shown_on_a_terminal(out: str) -> None:
    """No control character reached the output but newlines, nor what the sequences held; the
    names did."""
    assert not [ch for ch in CONTROLS if ch in out], repr(out[:300])
    assert "Ann" in out and "title" not in out and "[2J" not in out


def test_printable_drops_escape_sequences_and_control_characters_and_keeps_newlines() -> None:
    assert printable(ANN) == "Ann" and printable(BOB) == "Bob"
    assert printable("one\r\ntwo\tthree\x00\x7f") == "one\ntwothree"
    assert printable("\x9b31mred\x9b0m \x1bPq#0\x1b\\ \x1b(B\x1b[?25lplain") == "red  plain"  # C1 CSI, DCS, others
    assert printable("cut \x1b]0;no end") == "cut 0;no end"  # what is left of a cut-off sequence is only text
    assert printable("Ástríðr 🛡️ ─ Bjørn") == "Ástríðr 🛡️ ─ Bjørn"


def test_player_names_and_public_lines_reach_the_terminal_raw_no_more_on_the_screen() -> None:
    """Every terminal tool writes through a Screen: names, public lines, boards."""
    written: list[str] = []
    screen = Screen(written.append, [ANN, BOB])
    screen("Seat 1 places 12 in cell 3. \x1b]0;title\x07Seat 2 waits.")
    screen("----", clear="\x1b[2J\x1b[H")  # the tool's own clearing of the screen is kept
    assert written == ["Ann places 12 in cell 3. Bob waits.", "\x1b[2J\x1b[H----"]


@pytest.mark.parametrize("saved", [False, True], ids=["in-memory", "saved"])
def test_player_names_and_public_lines_reach_the_terminal_raw_no_more_in_skald_demo(saved: bool,
                                                                                    tmp_path: Path) -> None:
    """The public log, the final table and the result name the players; with --db the names are
    the ones stored in the file."""
    db = ["--db", "games.db"] if saved else []
    done = subprocess.run([*SKALD, "demo", "tranquility", "--players", "2", "--seed", "3", "--names", NAMES, *db],
                          cwd=tmp_path, env=child_env(), stdin=subprocess.DEVNULL, capture_output=True,
                          timeout=120)
    out = done.stdout.decode()
    assert (done.returncode, done.stderr) == (0, b"")
    shown_on_a_terminal(out)
    assert "Ann places " in out and "Bob places " in out


def test_player_names_reach_the_terminal_raw_no_more_in_skald_play_prompts(tmp_path: Path) -> None:
    """A hot-seat game resumed from its file: the names come from the database, into the prompts
    (printed by the input, not the screen) and the table."""
    first = subprocess.run([*SKALD, "play", "tranquility", "--players", "2", "--seed", "3", "--names", NAMES, "--db",
                            "games.db"], cwd=tmp_path, env=child_env(), stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=120)
    assert first.returncode == 1 and b"Input ended; the game is saved." in first.stdout
    resumed = subprocess.run([*SKALD, "play", "tranquility", "--db", "games.db"], cwd=tmp_path, env=child_env(),
                             input=b"\n", capture_output=True, timeout=120)  # Enter: Ann's turn is shown
    out = resumed.stdout.decode()
    assert resumed.returncode == 1 and resumed.stderr == b""
    assert "Pass the device to Ann and press Enter." in out and "\nAnn> " in out
    shown_on_a_terminal(first.stdout.decode() + out)
