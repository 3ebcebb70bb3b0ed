"""Every rules data file follows the format of docs/rules.md, and the question sets point at real entries."""

from __future__ import annotations

import json
from typing import Any

import pytest

from benchmarks.rules import load_questions
from bot.rules.book import RulesDataError, check_unique, data_files, load_entries, parse_entries
from bot.rules.games import GAMES
from bot.rules.index import RulesIndex, entry_key

FILES = data_files()


def _good() -> dict[str, Any]:
    return {"id": "valda/x", "game": "valda", "path": ["A"], "title": "X", "text": "Some text.", "aliases": ["Y"]}


def test_data_files_ship_inside_the_package_via_importlib_resources() -> None:
    names = {name for name, _ in FILES}
    assert {"valda.json", "lords-of-ragnarok.json", "valhalla.json", "my-city.json", "wonderful-world.json"} <= names


@pytest.mark.parametrize(("name", "text"), FILES, ids=[name for name, _ in FILES])
def test_each_data_file_validates(name: str, text: str) -> None:
    entries = parse_entries(json.loads(text), name)
    assert entries, f"{name} has no entries"
    game = name.removesuffix(".json")
    assert game in GAMES
    assert all(entry.game == game for entry in entries)
    assert all(entry.text.strip() and entry.title.strip() for entry in entries)
    check_unique(entries)


def test_entry_ids_are_unique_across_all_games_and_short_keys_do_not_collide() -> None:
    entries = load_entries()
    assert len({e.id for e in entries}) == len(entries)
    assert len({entry_key(e.id) for e in entries}) == len(entries)


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"id": "valhalla/x"}, "must look like"),
        ({"id": "valda/Bad Id"}, "must look like"),
        ({"title": "  "}, "'title' must be a non-empty string"),
        ({"text": ""}, "'text' must be a non-empty string"),
        ({"aliases": "Y"}, "'aliases' must be a list"),
        ({"path": [""]}, "'path' must be a list"),
        ({"colour": "red"}, "unknown fields"),
    ],
)
def test_a_broken_entry_is_refused_with_a_reason(change: dict[str, Any], complaint: str) -> None:
    with pytest.raises(RulesDataError, match=complaint):
        parse_entries([{**_good(), **change}], "test.json")


def test_missing_required_field_and_duplicate_ids_are_refused() -> None:
    missing = _good()
    del missing["text"]
    with pytest.raises(RulesDataError, match="'text'"):
        parse_entries([missing], "test.json")
    with pytest.raises(RulesDataError, match="duplicate"):
        check_unique(parse_entries([_good(), _good()], "test.json"))
    with pytest.raises(RulesDataError, match="a list of entries"):
        parse_entries({"id": "x"}, "test.json")


def test_every_question_expects_an_existing_entry_of_its_own_game() -> None:
    index = RulesIndex.load()
    for question in load_questions():
        entry = index.entry(question.expect)
        assert entry is not None, f"{question.q!r} expects unknown entry {question.expect}"
        assert entry.game == question.game


def test_question_sets_cover_all_seven_games_with_at_least_sixty_questions() -> None:
    questions = load_questions()
    assert len(questions) >= 60
    assert {q.game for q in questions} == set(GAMES)
