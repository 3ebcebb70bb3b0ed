"""Pictures under pressure: 32-character and CJK names, five players with full columns."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import renderer
from bot.render_cli import SCENES
from engine.nidavellir import GAME
from engine.nidavellir.cards import BASE_HERO_KEYS
from engine.nidavellir.view import piece_view
from renderer.canvas import BOLD, NAME_IN_SENTENCE, text_width
from renderer.names import has_glyph, seat_name
from renderer.nidavellir.army import TILES_W, army_height, row_height, tile_width
from renderer.nidavellir.pieces import flow
from renderer.nidavellir.words import status_line
from tests.renderer.golden import stored_view
from tests.renderer.phone_rule import legible
from tests.renderer.view_schema import nidavellir

SCENE = {scene.name: scene for scene in SCENES}
LONG = "W" * 32  # Discord's longest display name, in its widest letter
CJK = "山田太郎"
MIXED = "Ренат 山田 the Long-Named Viking"
NAMES = [LONG, CJK, MIXED, "Ulfhild the Far-Travelled", "🐉🐉"]


def _crowded_table() -> dict[str, Any]:
    """The 5-player Age 2 table with a 15-card hunter column, a warrior column of 13 dwarves
    under two heroes, every neutral hero in one command zone and every hero in the reserve."""
    view = copy.deepcopy(stored_view(SCENE["nidavellir-5p-age2"]))
    heroes = [piece_view(GAME.ruleset, key) for key in BASE_HERO_KEYS]
    view["heroes"] = heroes
    view["seats"][0]["army"]["hunter"]["items"] = [piece_view(GAME.ruleset, "hunter") for _ in range(15)]
    view["seats"][1]["army"]["warrior"]["items"] = (
        [piece_view(GAME.ruleset, "kraal"), piece_view(GAME.ruleset, "tarah")]
        + [piece_view(GAME.ruleset, "warrior 7") for _ in range(13)])
    view["seats"][2]["command"] = [h for h in heroes if h["suit"] is None]
    return view


def test_cjk_letters_the_fonts_lack_are_dropped_and_a_name_of_nothing_else_becomes_its_seat() -> None:
    assert not has_glyph("山") and has_glyph("Ж") and has_glyph("★")
    assert seat_name([CJK, MIXED], 0) == "Seat 1"
    assert seat_name([CJK, MIXED], 1) == "Ренат the Long-Named Viking"


def test_a_long_name_inside_a_sentence_is_cut_short_so_the_sentence_ends() -> None:
    view = stored_view(SCENE["nidavellir-3p-picking"])
    view["task"]["seat"] = 0
    line = status_line(nidavellir(view), NAMES)
    name, _, task = line.partition(": ")
    assert task == view["task"]["text"]
    assert name.endswith("…") and text_width(name, BOLD, 26) <= NAME_IN_SENTENCE


def test_short_names_are_never_cut() -> None:
    assert seat_name(["Ulfhild the Far-Travelled"], 0, size=28) == "Ulfhild the Far-Travelled"


def test_you_stays_after_a_long_name_cut_short() -> None:
    sheet = renderer.draw({**_crowded_table(), "viewer": 0}, NAMES)
    mine = [d.text for d in sheet.texts if "WWW" in d.text and d.text.endswith(" (you)")]
    assert mine and all("…" in text for text in mine)


def test_a_fifteen_card_column_wraps_inside_its_row_and_the_row_grows_to_hold_it() -> None:
    hunters = _crowded_table()["seats"][0]["army"]["hunter"]
    placed = flow([tile_width(item) for item in hunters["items"]], TILES_W, 6)
    assert len(placed) == 15 and placed[-1][1] >= 2  # three lines of tiles at least
    assert all(x + tile_width(item) <= TILES_W for item, (x, _) in zip(hunters["items"], placed, strict=True))
    assert row_height(hunters) >= 3 * 40


def test_the_crowded_seat_picture_draws_every_card_of_its_army_in_full() -> None:
    view = {**_crowded_table(), "viewer": 1}
    plain = renderer.draw({**stored_view(SCENE["nidavellir-5p-age2"]), "viewer": 1}, NAMES, "hand")
    sheet = renderer.draw(view, NAMES, "hand")
    assert sheet.height - plain.height == army_height(view["seats"][1]) - army_height(
        stored_view(SCENE["nidavellir-5p-age2"])["seats"][1])
    tiles = [d.text for d in sheet.texts if d.role == "card"]
    assert tiles.count("7") >= 13 and {"Kraal 7·0", "Tarah 14"} <= set(tiles)
    assert not any("…" in text for text in tiles)


def test_the_crowded_table_names_every_hero_and_no_letter_the_fonts_lack() -> None:
    sheet = renderer.draw(_crowded_table(), NAMES)
    drawn = {d.text for d in sheet.texts}
    assert {"Kraal", "Tarah", "Skaa", "Uline", "Thrud", "Ylud", "Dwerg ×5"} <= drawn
    assert not any(CJK[0] in text for text in drawn)


@pytest.mark.parametrize("picture", ["board", "hand", "outcome"])
def test_crowded_pictures_stay_legible_on_a_phone(picture: renderer.Kind) -> None:
    """Long names are cut short, never shrunk under the phone floor."""
    scene = {"board": "nidavellir-5p-age2", "hand": "nidavellir-4p-purse", "outcome": "nidavellir-4p-result"}
    view = _crowded_table() if picture == "board" else stored_view(SCENE[scene[picture]])
    sheet = renderer.draw(view, NAMES, picture)
    assert sheet.texts and all(legible(d, sheet.width) for d in sheet.texts)
