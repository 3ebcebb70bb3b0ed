"""The records' pictures (renderer/records.py): plain data in, a picture that reads on a phone,
every name on it, the same bytes for the same data."""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pytest
from PIL import Image

import renderer.records as pictures
from bot.rendering import draw as draw_in_pool
from renderer.canvas import BOLD, GOLD, KEY_ROLES, WIDTH, Sheet
from tests.renderer.phone_rule import legible
from tests.renderer.records_samples import CREW, LEADERBOARD, RATING, SCENES, STANDINGS, SUMMARY, standing_rows


def illegible(sheet: Sheet) -> list[tuple[str, int]]:
    """The texts a phone showing the picture 400 px wide could not read at a glance."""
    return [(d.text, d.size) for d in sheet.texts if not legible(d, sheet.width)]


@pytest.mark.parametrize("kind", SCENES)
def test_every_records_picture_reads_on_a_phone(kind: str) -> None:
    sheet = pictures.draw(kind, SCENES[kind])
    assert sheet.width == WIDTH and any(d.role in KEY_ROLES for d in sheet.texts)
    small = illegible(sheet)
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


@pytest.mark.parametrize("count", [1, 8, 64])
def test_standings_name_every_entrant_in_place_order_and_read_on_a_phone(count: int) -> None:
    data = {**STANDINGS, "rows": standing_rows(count)}
    sheet = pictures.draw("standings", data)
    names = drawn(sheet)
    assert names[0] == "Yule Cup: Nidavellir" and len(names) == 1 + count
    assert [d.text for d in sheet.texts if d.role == "points" and d.face == BOLD][::4] == [
        str(row["place"]) for row in data["rows"]], "place, then two tie-breaks and played on each row"
    assert not illegible(sheet) and min(d.size for d in sheet.texts) >= 25
    png = pictures.png("standings", data)
    assert Image.open(io.BytesIO(png)).size == (WIDTH, sheet.height)


def test_a_field_of_64_is_one_picture_taller_than_8_but_no_smaller_text() -> None:
    eight = pictures.draw("standings", STANDINGS)
    field = pictures.draw("standings", {**STANDINGS, "rows": standing_rows(64)})
    assert field.height > eight.height and field.width == eight.width == WIDTH
    assert min(d.size for d in field.texts if d.role == "name") == min(d.size for d in eight.texts if d.role == "name")


def test_standings_points_show_halves_as_a_half_sign() -> None:
    assert [pictures.halves(v) for v in (4.5, 4.0, 0.5, 0.0, 12.5, 3.25, -1.5)] == [
        "4½", "4", "½", "0", "12½", "3.25", "−1½"]
    points = drawn(pictures.draw("standings", STANDINGS), "points")
    assert {"6½", "6", "4", "3½", "30½", "34"} <= set(points)
    assert "6.5" not in points and "6.0" not in points


def test_shared_places_repeat_and_leave_no_gap() -> None:
    sheet = pictures.draw("standings", STANDINGS)
    places = [d.text for d in sheet.texts if d.role == "points" and d.face == BOLD][::4]
    assert places == ["1", "2", "2", "4", "5", "6", "7", "8"]
    assert "…" not in drawn(sheet, "label"), "a shared place is no gap in the list"


def test_entrants_out_are_greyed_and_marked_and_the_asker_is_highlighted() -> None:
    sheet = pictures.draw("standings", STANDINGS)
    labels = drawn(sheet, "label")
    assert labels.count("out") == 1 and labels.count("1 bye") == 1
    assert {pictures.DROPPED_INK, pictures.YOU_FILL, GOLD, pictures.AI_INK} <= sheet.colours
    plain = pictures.draw("standings", {**STANDINGS, "rows": [{**row, "out": False, "you": False, "byes": 0}
                                                             for row in STANDINGS["rows"]]})
    assert "out" not in drawn(plain, "label") and "1 bye" not in drawn(plain, "label")
    assert not {pictures.DROPPED_INK, pictures.YOU_FILL, GOLD} & plain.colours


def test_the_formats_first_two_tie_breaks_are_drawn_and_without_them_names_get_the_room() -> None:
    swiss = pictures.draw("standings", STANDINGS)
    other = pictures.draw("standings", {**STANDINGS, "columns": []})
    assert {"Buch-1", "Buch"} <= set(drawn(swiss, "label")) and "S-B" not in drawn(swiss, "label")
    assert "Buch-1" not in drawn(other, "label")
    assert "30½" in drawn(swiss, "points") and "30½" not in drawn(other, "points")
    assert {"Points", "Played"} <= set(drawn(other, "label"))
    long_swiss, long_other = drawn(swiss)[3], drawn(other)[3]
    assert long_swiss.endswith("…") and len(long_other) > len(long_swiss)


def test_standings_shorten_long_names_and_leave_out_what_the_fonts_cannot_draw() -> None:
    names = drawn(pictures.draw("standings", STANDINGS))[1:]
    assert names[0] == "Astrid" and names[1] == "AI (greedy)"
    assert names[2].startswith("Ulfhild the Far") and names[2].endswith("…"), "cut short, not shrunk away"
    assert names[3] == "Светлана Иванова", "Cyrillic is drawn as it is"
    assert names[4] == "?", "a name the fonts have no glyph of at all"
    assert not any("🐉" in name or "李" in name for name in names)


def test_an_unknown_picture_is_refused_and_the_pool_draws_records_too() -> None:
    with pytest.raises(ValueError, match="No records picture"):
        pictures.draw("podium", {})
    assert draw_in_pool("summary", SUMMARY, []) == pictures.png("summary", SUMMARY)


def test_the_records_pictures_import_nothing_from_the_bot() -> None:
    tree = ast.parse(Path(pictures.__file__).read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert imported and not [m for m in imported if m.split(".")[0] in ("bot", "discord", "sqlite3", "aiosqlite")]
