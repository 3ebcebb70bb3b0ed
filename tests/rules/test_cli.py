"""`skald rules GAME QUERY` prints the best entries, best first, and says when nothing matched."""

from __future__ import annotations

import pytest

from bot.cli import main


def test_skald_rules_prints_the_best_entries_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "valda", "sacrifical", "stone"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1. Sacrificial Stone (card)  [Valda: Rise of the Giants › Cards › Card effects]")
    assert "up to 5" in out and "(valda/cards/sacrificial-stone)" in out
    assert main(["rules", "valda", "Thrym", "-n", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1. Thrym, Ruler of the Giants")
    assert "\n2. " in out and "\n3. " not in out


def test_skald_rules_all_searches_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "all", "Giant's Mace"]) == 0
    assert capsys.readouterr().out.startswith("1. The Giant's Mace  [Lords of Ragnarok: Utgard")


def test_skald_rules_without_a_match_suggests_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "valda", "qwxz", "vbnm"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("Nothing in the rules matches 'qwxz vbnm'.\nClosest entries:")
