"""`skald demo --db` / `skald play --db`: terminal games saved move by move and resumed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import open_store
from bot.tables.audit import verify
from bot.terminal.saved import SavedGame, play_saved
from engine import registry
from engine.errors import BadOptions
from renderer.text import named
from tests.databases import Target


class Keyboard:
    """Scripted people: ask for the moves, play the first one listed; quit after `stop_after` moves."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.out: list[str] = []
        self.prompts: list[str] = []
        self.moves = 0
        self.stop_after = stop_after

    def write(self, text: str) -> None:
        self.out.append(text)

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not prompt.endswith("> "):
            return ""  # "pass the device ... press Enter"
        last = self.out[-1]
        if not last.startswith("Your moves:"):
            return "?"
        if self.stop_after is not None and self.moves >= self.stop_after:
            return "quit"
        self.moves += 1
        return last.splitlines()[1].strip().split(" | ")[0]  # a grouped line's first move


TWO_PEOPLE = SavedGame("tranquility", 2, {}, ["human", "human"], seed=31, names=["Astrid", ""])


async def test_a_demo_is_saved_and_verifies(database: Target) -> None:
    keys = Keyboard()
    outcome = await play_saved(database, SavedGame("tranquility", 3, {}, ["random"] * 3, seed=5),
                               keys.read, keys.write, demo=True)
    assert outcome is not None and "New game #1." in keys.out
    store = await open_store(database)
    try:
        assert (await verify(store, registry.get)).ok
        (row, seats), = await store.games.games()
        assert row.status == "finished" and all(s.ai == "random" for s in seats)
    finally:
        await store.close()


@pytest.mark.parametrize("game", ["nidavellir", "tranquility"])
async def test_a_saved_all_ai_demo_prints_no_prompt_and_one_winner_line(database: Target, game: str) -> None:
    """Issue 30: a saved demo said "Type '?' for your moves" (nobody types), and the result twice
    (the final board's own line, then the outcome's)."""
    keys = Keyboard()
    outcome = await play_saved(database, SavedGame(game, 2, {}, ["random"] * 2, seed=5), keys.read, keys.write,
                               demo=True)
    assert outcome is not None and not keys.prompts
    text = "\n".join(keys.out)
    assert "Type '?'" not in text and "quit" not in text
    lines = text.splitlines()
    winner_line = "Everybody" if outcome["cooperative"] else "Winner"
    assert sum(line.startswith(winner_line) for line in lines) == 1
    board, told = keys.out[-3], keys.out[-1]  # the final board, then the outcome (a blank line before each)
    summary = named(outcome["summary"], ["Player 1", "Player 2"])
    assert (summary in board) != (summary in told), "the result is said once under the board"


async def test_a_hot_seat_game_stopped_midway_resumes_to_the_same_end(database: Target,
                                                                      another_database: Target) -> None:
    first = Keyboard(stop_after=3)
    assert await play_saved(database, TWO_PEOPLE, first.read, first.write, demo=False) is None
    assert any("stopped; it is saved" in line for line in first.out)
    second = Keyboard()
    resumed = await play_saved(database, TWO_PEOPLE, second.read, second.write, demo=False)
    assert "Resuming game #1 at board 3." in second.out and resumed is not None
    assert {"Pass the device to Astrid and press Enter. ", "Astrid> ", "Player 2> "} <= set(second.prompts)
    whole = Keyboard()
    assert await play_saved(another_database, TWO_PEOPLE, whole.read, whole.write, demo=False) == resumed
    assert any(line.startswith("  (only you) ") for line in whole.out)


async def test_a_game_id_of_another_game_is_refused(tmp_path: Path) -> None:
    keys = Keyboard(stop_after=0)
    await play_saved(tmp_path / "one.db", TWO_PEOPLE, keys.read, keys.write, demo=False)
    with pytest.raises(BadOptions, match="Tranquility"):
        await play_saved(tmp_path / "one.db", SavedGame("nidavellir", 2, {}, ["human"] * 2, game_id=1),
                         keys.read, keys.write, demo=False)


def test_skald_demo_and_play_take_a_database(database_for_commands: str, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.cli import main

    path = database_for_commands
    assert main(["demo", "tranquility", "--seed", "3", "--db", path]) == 0
    assert "New game #1." in capsys.readouterr().out
    answers = iter(["?", "quit"])
    monkeypatch.setattr("bot.play_cli.read_line", lambda prompt="": next(answers))
    assert main(["play", "nidavellir", "--seed", "2", "--ai", "human", "--ai", "random", "--db", path]) == 1
    assert "Game #2 stopped; it is saved" in capsys.readouterr().out
    answers = iter(["quit"])
    assert main(["play", "nidavellir", "--db", path]) == 1
    assert "Resuming game #2 at board 1." in capsys.readouterr().out
    assert main(["db", "verify", "--db", path]) == 0


async def test_undo_at_the_prompt_takes_back_a_move_or_says_why_not(tmp_path: Path) -> None:
    """Tranquility with the rocks moved by hand: place an island, then 'undo' at the rocks step."""
    answers = iter(["undo", "?", "PLACE", "undo", "quit"])
    out: list[str] = []

    def read(prompt: str) -> str:
        if not prompt.endswith("> "):
            return ""
        answer = next(answers)
        if answer == "PLACE":
            # The first move of the menu's first "place" line (grouped: "place 14 at 7 | 8 | …").
            menu = next(line.strip() for line in out[-1].splitlines() if line.strip().startswith("place"))
            return menu.split(" | ")[0]
        return answer

    game = SavedGame("tranquility", 2, {"jagged_rocks": "manual"}, ["human", "random"], seed=3, names=["Astrid", ""])
    await play_saved(tmp_path / "undo.db", game, read, out.append, demo=False)
    assert "Not allowed: You have no move to take back." in out
    assert "Astrid takes back their last move." in out
