"""The records' pictures (renderer/records.py): plain data in, a picture that reads on a phone,
every name on it, the same bytes for the same data."""

from __future__ import annotations

import ast
import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import renderer.records as pictures
from bot.rendering import draw as draw_in_pool
from renderer.canvas import KEY_ROLES, PHONE_KEY_INK, PHONE_MIN_SIZE, WIDTH, Sheet

NAMES = ["Dee", "AI (greedy)", "Ann the Magnificent of the Northern Fjords 🐉", "Cy", "Eve", "Fritjof", "Gudrun",
         "Halvard", "Ingrid", "Jarl"]

LEADERBOARD: dict[str, Any] = {
    "title": "Nidavellir", "subtitle": "Leaderboard · 42 games · 11 players",
    "rows": [{"place": i, "name": name, "ai": name.startswith("AI"), "rating": 14.2 - 2.3 * i, "games": 20 - i,
              "wins": 10 - i, "you": False} for i, name in enumerate(NAMES, start=1)]
    + [{"place": 14, "name": "Bob", "ai": False, "rating": -3.25, "games": 2, "wins": 0, "you": True}],
    "note": "Rating = μ − 3σ (openskill, Plackett–Luce); AI kinds are rated as players.",
}
RATING: dict[str, Any] = {
    "title": "Ann", "subtitle": "Nidavellir · rating over time",
    "facts": [["Rating", "7.3"], ["Place", "3 of 11"], ["Games", "6"], ["Wins", "2"], ["Best score", "143"]],
    "points": [1.2, -0.4, 2.5, 4.0, 5.5, 7.3], "first": "1 Nov 2026", "last": "30 Nov 2026",
}
CREW: dict[str, Any] = {
    "title": "Tranquility", "subtitle": "Crew records in this server",
    "facts": [["Games", "14"], ["Wins", "5"], ["Win rate", "36%"]],
    "options": [{"label": "standard rules", "games": 10, "wins": 4},
                {"label": "Sea monsters: 3, Jagged rocks: automatic", "games": 4, "wins": 1}],
    "best": [{"won": True, "names": "Ann, Bob and Cy", "detail": "36 cells filled · 38 turns", "when": "3 Dec 2026"},
             {"won": False, "names": "Bob", "detail": "31 cells filled · 35 turns", "when": "1 Dec 2026"}],
}
SUMMARY: dict[str, Any] = {
    "title": "Ann", "subtitle": "Records in this server",
    "games": [{"title": "Nidavellir", "line": "Rating 7.3 · 3rd of 11", "games": 6, "wins": 2},
              {"title": "Tranquility", "line": "Crews won 36%", "games": 14, "wins": 5}],
}
SCENES = {"leaderboard": LEADERBOARD, "rating": RATING, "crew": CREW, "summary": SUMMARY}


@pytest.mark.parametrize("kind", SCENES)
def test_every_records_picture_reads_on_a_phone(kind: str) -> None:
    sheet = pictures.draw(kind, SCENES[kind])
    assert sheet.width == WIDTH and any(d.role in KEY_ROLES for d in sheet.texts)
    small = [(d.text, d.size) for d in sheet.texts
             if (d.role in KEY_ROLES and d.ink_at(sheet.width) < PHONE_KEY_INK)
             or d.size_at(sheet.width) < PHONE_MIN_SIZE]
    assert not small, small


@pytest.mark.parametrize("kind", SCENES)
def test_the_same_data_gives_the_same_picture(kind: str) -> None:
    first = pictures.png(kind, SCENES[kind])
    assert first == pictures.png(kind, SCENES[kind]) and first.startswith(b"\x89PNG")
    assert Image.open(io.BytesIO(first)).size[0] == WIDTH


def drawn(sheet: Sheet, role: str = "name") -> list[str]:
    return [d.text for d in sheet.texts if d.role == role]


def test_the_leaderboard_names_every_row_in_place_order_with_the_askers_row_after_a_gap() -> None:
    sheet = pictures.draw("leaderboard", LEADERBOARD)
    names = drawn(sheet)
    assert names[0] == "Nidavellir" and names[1:4] == ["Dee", "AI (greedy)", "Ann the Magnificent…"]
    assert names[-1] == "Bob" and "…" in drawn(sheet, "label"), "the asker's far place follows a gap"
    assert "−3.2" in drawn(sheet, "points"), "ratings below zero carry a true minus"
    assert not any("🐉" in text for text in names), "what the fonts can't draw is left out"


def test_the_rating_chart_shows_the_facts_and_the_span_of_games() -> None:
    sheet = pictures.draw("rating", RATING)
    assert {"7.3", "3 of 11", "6", "2", "143"} <= set(drawn(sheet, "points"))
    labels = drawn(sheet, "label")
    assert {"1 Nov 2026", "30 Nov 2026", "6 games"} <= set(labels)
    assert labels[6:12] == ["−2", "0", "2", "4", "6", "8"], "round ticks from under the lowest to over the highest"
    flat = pictures.draw("rating", {**RATING, "points": [0.0]})
    assert "1 game" in drawn(flat, "label")


def test_crew_records_show_the_win_rate_per_option_set_and_the_best_crews() -> None:
    sheet = pictures.draw("crew", CREW)
    assert {"40%", "25%", "✓", "✗"} <= set(drawn(sheet, "points"))
    assert drawn(sheet)[1:] == ["Ann, Bob and Cy", "Bob"]


def test_an_unknown_picture_is_refused_and_the_pool_draws_records_too() -> None:
    with pytest.raises(ValueError, match="No records picture"):
        pictures.draw("podium", {})
    assert draw_in_pool("summary", SUMMARY, []) == pictures.png("summary", SUMMARY)


def test_the_records_pictures_import_nothing_from_the_bot() -> None:
    tree = ast.parse(Path(pictures.__file__).read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert imported and not [m for m in imported if m.split(".")[0] in ("bot", "discord", "sqlite3", "aiosqlite")]
