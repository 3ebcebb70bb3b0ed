"""`skald demo` and `skald play`, driven through their game loops and through `bot.cli.main`."""

from __future__ import annotations

import pytest

from bot.cli import main
from bot.terminal.driver import move_menu
from bot.terminal.local import open_table, run_demo, run_hot_seat
from engine import registry
from engine.tranquility import GAME


def test_demo_plays_to_the_end_for_1_to_5_players_and_every_option() -> None:
    for index, options in enumerate(GAME.option_sets()):
        players = 1 + index % 5
        lines: list[str] = []
        table = open_table(GAME, players, options, seed=index, kinds=["heuristic"] * players)
        outcome = run_demo(table, lines.append)
        assert outcome is not None
        assert lines[-1].startswith("Everybody")
        assert "\nrow 1 |" in "\n".join(lines)
        # The demo log is the public story: no seat's private lines.
        assert not any("You draw" in line for line in lines)


def test_skald_demo_command_prints_log_grid_and_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["demo", "tranquility", "--players", "3", "--seed", "7"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("Tranquility, 3 players, seed 7")
    assert "row 6 |" in out and "Player 1 draws" in out
    assert out.rstrip().splitlines()[-1].startswith("Everybody")


def test_skald_demo_takes_one_ai_kind_per_seat_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["demo", "tranquility", "--players", "2", "--seed", "1", "--ai", "random", "--ai", "heuristic",
                 "--option", "sea_monsters=3", "--option", "jagged_rocks=auto", "--names", "Ann,Bo"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Sea Monsters left" in out
    # The engine names seats "Seat N"; the terminal shows the display names instead.
    assert "Ann draws" in out and "Seat 1" not in out


def test_skald_demo_refuses_an_unknown_ai_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "tranquility", "--ai", "oracle"]) == 2
    assert "No AI called 'oracle'" in capsys.readouterr().err



def test_hot_seat_passes_the_device_and_answers_a_wrong_move_with_the_rule() -> None:
    table = open_table(GAME, 2, {}, seed=3, kinds=["human", "human"])
    island = str(min(table.state.hands[0]))
    prompts: list[str] = []
    answers = iter(["", "?", "place 5 at 99", f"discard {island}", "quit"])
    lines: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    assert run_hot_seat(table, read, lines.append) is None
    assert prompts[0] == "Pass the device to Player 1 and press Enter. "
    text = "\n".join(lines)
    assert "Your moves:" in text
    assert "Not allowed: There is no cell 99" in text or "Not allowed: You don't hold 5" in text
    assert "Not allowed: A discard action is exactly two cards" in text
    assert "Your hand: " in text
    assert lines[-1] == "Game stopped."


def test_hot_seat_game_plays_to_its_outcome_with_a_person_and_an_ai() -> None:
    table = open_table(GAME, 2, {"jagged_rocks": "manual"}, seed=5, kinds=["human", "heuristic"])
    helper = GAME.ai_players()["heuristic"]
    lines: list[str] = []

    def read(prompt: str) -> str:
        return helper.choose(table.state, 0, 0).text

    outcome = run_hot_seat(table, read, lines.append)
    assert outcome is not None
    assert lines[-1].startswith("Everybody")
    # Only the person's own draws are shown, never the AI seat's.
    own = [line for line in lines if "(only you)" in line]
    assert own and len(table.log) > 10


def test_long_move_lists_are_grouped_by_their_leading_tokens() -> None:
    state = GAME.setup(2, None, seed=4)
    menu = move_menu(GAME.legal_moves(state, 0))
    assert len(menu) < 20
    placing = next(line for line in menu if line.startswith("place "))
    assert placing.endswith("at 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | "
                            "20 | 21 | 22 | 23 | 24 | 25 | 26 | 27 | 28 | 29 | 30 | 31 | 32 | 33 | 34 | 35 | 36")


@pytest.mark.parametrize("name", registry.names())
def test_demo_is_generic_over_every_registered_game(name: str) -> None:
    game = registry.get(name)
    lines: list[str] = []
    table = open_table(game, game.min_players, {}, seed=2, kinds=["random"] * game.min_players)
    assert run_demo(table, lines.append) is not None
    assert lines[0].startswith(game.title)


def test_undo_at_the_hot_seat_takes_back_the_last_move_or_says_why_not() -> None:
    """The in-memory game as the saved one (tests/tables/test_terminal.py): rocks moved by hand, an
    island placed, then 'undo' at the rocks step; with nothing to take back, the reason."""
    table = open_table(GAME, 2, {"jagged_rocks": "manual"}, seed=3, kinds=["human", "human"])
    answers = iter(["", "undo", "?", "PLACE", "undo", "quit"])
    lines: list[str] = []

    def read(prompt: str) -> str:
        answer = next(answers)
        if answer == "PLACE":
            menu = next(line.strip() for line in lines[-1].splitlines() if line.strip().startswith("place"))
            return menu.split(" | ")[0]
        return answer

    start = table.state
    assert run_hot_seat(table, read, lines.append) is None
    assert "Not allowed: You have no move to take back." in lines
    assert "Player 1 takes back their last move." in lines
    assert table.state == start and table.log == []
