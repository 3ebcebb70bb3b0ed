"""Pictures under pressure: 32-character and CJK names, five players with full columns."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import renderer
from bot.render_cli import SCENES
from engine.nidavellir.cards import BASE_HERO_KEYS
from engine.nidavellir.view import piece_view
from renderer.canvas import BOLD, NAME_IN_SENTENCE, Sheet, has_glyph, seat_name, text_width
from renderer.nidavellir.table import (
    CHIP_H,
    COLUMN_HEAD,
    COLUMN_TOP,
    chip_boxes,
    columns_width,
    row_height,
    status_line,
)
from tests.renderer.golden import stored_view

SCENE = {scene.name: scene for scene in SCENES}
LONG = "W" * 32  # Discord's longest display name, in its widest letter
CJK = "山田太郎"
MIXED = "Ренат 山田 the Long-Named Viking"
NAMES = [LONG, CJK, MIXED, "Ulfhild the Far-Travelled", "🐉🐉"]


def _crowded_table() -> dict[str, Any]:
    """The 5-player Age 2 table with a 15-card hunter column, a warrior column of 13 dwarves
    under two heroes, every neutral hero in one command zone and every hero in the reserve."""
    view = copy.deepcopy(stored_view(SCENE["nidavellir-5p-age2"]))
    heroes = [piece_view(key) for key in BASE_HERO_KEYS]
    view["heroes"] = heroes
    view["seats"][0]["army"]["hunter"]["items"] = [piece_view("hunter") for _ in range(15)]
    view["seats"][1]["army"]["warrior"]["items"] = (
        [piece_view("kraal"), piece_view("tarah")]
        + [piece_view("warrior 7") for _ in range(13)])
    view["seats"][2]["command"] = [h for h in heroes if h["suit"] is None]
    return view


def test_cjk_letters_the_fonts_lack_are_dropped_and_a_name_of_nothing_else_becomes_its_seat() -> None:
    assert not has_glyph("山") and has_glyph("Ж") and has_glyph("★")
    assert seat_name([CJK, MIXED], 0) == "Seat 1"
    assert seat_name([CJK, MIXED], 1) == "Ренат the Long-Named Viking"


def test_a_long_name_inside_a_sentence_is_cut_short_so_the_sentence_ends() -> None:
    view = stored_view(SCENE["nidavellir-3p-picking"])
    view["task"]["seat"] = 0
    line = status_line(view, NAMES)
    name, _, task = line.partition(": ")
    assert task == view["task"]["text"]
    assert name.endswith("…") and text_width(name, BOLD, 26) <= NAME_IN_SENTENCE


def test_short_names_are_never_cut() -> None:
    assert seat_name(["Ulfhild the Far-Travelled"], 0, size=28) == "Ulfhild the Far-Travelled"


def test_you_stays_after_a_long_name_cut_short(painted: list[tuple[str, int]]) -> None:
    renderer.board_png({**_crowded_table(), "viewer": 0}, NAMES)
    mine = [text for text, _ in painted if text.startswith("WWW") and text.endswith(" (you)")]
    assert mine and all("…" in text for text in mine)


def test_a_fifteen_card_column_wraps_inside_its_column_and_its_row_grows_to_hold_it() -> None:
    view = _crowded_table()
    width = columns_width()
    for seat in view["seats"]:
        height = row_height(seat)
        for column in seat["army"].values():
            boxes = chip_boxes(column["items"], width)
            assert len(boxes) == len(column["items"])
            for left, top, right, bottom in boxes:
                assert 0 <= left < right <= width and 0 <= top < bottom
                assert COLUMN_TOP + COLUMN_HEAD + bottom <= height
    hunters = view["seats"][0]["army"]["hunter"]["items"]
    assert chip_boxes(hunters, width)[-1][3] > 3 * CHIP_H  # four lines of chips


def test_every_chip_of_the_crowded_table_is_drawn_in_full(painted: list[tuple[str, int]],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    plain_height = renderer.board_image(stored_view(SCENE["nidavellir-5p-age2"]), NAMES).height
    painted.clear()
    heights: list[float] = []
    original = Sheet.box

    def recording(self: Sheet, rect: tuple[float, float, float, float], fill: Any, **kwargs: Any) -> None:
        heights.append(rect[3] - rect[1])
        original(self, rect, fill, **kwargs)

    monkeypatch.setattr(Sheet, "box", recording)
    view = _crowded_table()
    assert renderer.board_image(view, NAMES).height > plain_height
    chips = sum(len(column["items"]) for seat in view["seats"] for column in seat["army"].values())
    headers = 5 * len(view["seats"])  # the column headers are as tall as a chip
    assert heights.count(CHIP_H) == headers + chips
    assert {"Kraal 7·0", "Tarah 14"} <= {text for text, _ in painted}
    assert not any(CJK[0] in text for text, _ in painted)


@pytest.mark.parametrize("picture", ["board", "hand", "outcome"])
def test_crowded_pictures_never_paint_text_under_16_px(picture: str, painted: list[tuple[str, int]]) -> None:
    """Half size on a phone leaves 8 px: text that would shrink further is cut short instead."""
    scene = {"board": "nidavellir-5p-age2", "hand": "nidavellir-4p-purse", "outcome": "nidavellir-4p-result"}
    view = _crowded_table() if picture == "board" else stored_view(SCENE[scene[picture]])
    {"board": renderer.board_png, "hand": renderer.hand_png, "outcome": renderer.outcome_png}[picture](view, NAMES)
    assert painted and min(size for _, size in painted) >= 16
