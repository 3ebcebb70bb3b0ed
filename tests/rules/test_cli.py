"""`skald rules GAME QUERY` prints the best entries, best first, takes game names in any form, and starts light."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.rules.cli import split_game
from bot.rules.games import GAMES

ROOT = Path(__file__).resolve().parents[2]


def test_skald_rules_prints_the_best_entries_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "valda", "sacrifical", "stone"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1. Sacrificial Stone (card)  [Valda: Rise of the Giants › Cards › Card effects]")
    assert "up to 5" in out and "(valda/cards/sacrificial-stone)" in out
    assert main(["rules", "valda", "Thrym", "-n", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1. Thrym, Ruler of the Giants")
    assert "\n2. " in out and "\n3. " not in out


@pytest.mark.parametrize("count", ["0", "-2"])
def test_rules_n_0_is_refused_with_a_clear_message_instead_of_printing_one_entry(
    capsys: pytest.CaptureFixture[str], count: str
) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["rules", "my-city", "dice", "-n", count])
    assert refused.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"argument -n/--limit: must be 1 or more, not {int(count)} (how many entries to print)" in captured.err
    assert "Traceback" not in captured.err


def test_rules_n_takes_whole_numbers_only_and_1_prints_exactly_one_entry(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["rules", "my-city", "dice", "-n", "two"])
    assert refused.value.code == 2
    assert "argument -n/--limit: 'two' is not a number of entries" in capsys.readouterr().err
    assert main(["rules", "my-city", "dice", "-n", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1. The dice  [") and "\n2. " not in out


def test_skald_rules_all_searches_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "all", "Giant's Mace"]) == 0
    assert capsys.readouterr().out.startswith("1. The Giant's Mace  [Lords of Ragnarok: Utgard")


def test_skald_rules_without_a_match_suggests_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "valda", "qwxz", "vbnm"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("Nothing in the rules matches 'qwxz vbnm'.\nClosest entries:")


@pytest.mark.parametrize(
    ("argv", "title", "entry_id"),
    [
        (["wonderful-world", "how does the draft work"], "The draft", "wonderful-world/draft"),
        (["my-city", "rocks"], "Rocks", "my-city/rocks"),
    ],
)
def test_the_issue_19_sample_questions_answer_with_the_right_entry(
    capsys: pytest.CaptureFixture[str], argv: list[str], title: str, entry_id: str
) -> None:
    assert main(["rules", *argv]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"1. {title}  [")
    assert out.index(f"({entry_id})") < out.index("\n2. ")


@pytest.mark.parametrize(
    ("game", "query", "expected"),
    [
        ("Nidavellir", ["dwerg"], ("nidavellir", ["dwerg"])),
        ("NIDAVELLIR", ["dwerg"], ("nidavellir", ["dwerg"])),
        ("iaww", ["draft"], ("wonderful-world", ["draft"])),
        ("IAWW", ["draft"], ("wonderful-world", ["draft"])),
        ("my city", ["rocks"], ("my-city", ["rocks"])),
        ("My-City", ["rocks"], ("my-city", ["rocks"])),
        ("wonderful world", ["draft"], ("wonderful-world", ["draft"])),
        ("its a wonderful world", ["draft"], ("wonderful-world", ["draft"])),
        ("It's a Wonderful World", ["draft"], ("wonderful-world", ["draft"])),
        ("Valda: Rise of the Giants", ["Ymir"], ("valda", ["Ymir"])),
        ("ALL", ["brute"], ("all", ["brute"])),
        # A name typed without quotes spills into the query words.
        ("my", ["city", "rocks"], ("my-city", ["rocks"])),
        ("its", ["a", "wonderful", "world", "how", "does", "the", "draft", "work"],
         ("wonderful-world", ["how", "does", "the", "draft", "work"])),
        ("wonderful", ["world", "draft"], ("wonderful-world", ["draft"])),
        ("valhalla", ["king", "of", "the", "hill"], ("valhalla", ["king", "of", "the", "hill"])),
        ("chess", ["rules"], (None, ["rules"])),
    ],
)
def test_game_names_and_nicknames_in_any_case_choose_the_game(
    game: str, query: list[str], expected: tuple[str | None, list[str]]
) -> None:
    assert split_game(game, query) == expected


def test_an_unknown_game_answers_with_the_list_of_games_and_exit_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "chess", "castling"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("No game called 'chess'. The games are:")
    assert all(key in captured.err and name in captured.err for key, name in GAMES.items())
    assert "Traceback" not in captured.err


def test_aliases_work_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "My-City", "rocks"]) == 0
    assert capsys.readouterr().out.startswith("1. Rocks  [My City Roll & Build")
    assert main(["rules", "IAWW", "krystallium"]) == 0
    assert capsys.readouterr().out.startswith("1. Krystallium  [It's a Wonderful World")


def test_the_rules_command_module_imports_neither_discord_nor_aiohttp() -> None:
    probe = (
        "import sys, bot.rules.cli, bot.rules.index\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('discord', 'aiohttp'))\n"
        "print(heavy)\n"
        "sys.exit(1 if heavy else 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"the rules CLI pulled in {done.stdout.strip()} {done.stderr.strip()}"
