"""What the pictures may show, what they refuse, and the hand hints they compute."""

from __future__ import annotations

import copy
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

import renderer
from bot.cli import main as skald
from bot.games import Scene
from bot.render_cli import SCENES, names_for, play
from engine import registry
from engine.views.nidavellir import NidavellirView
from renderer.canvas import FRAME, FRAME_RADIUS, FRAME_WIDTH, PARCHMENT, WIDTH, Sheet, wrap
from renderer.encode import pack_png
from renderer.names import seat_name
from renderer.nidavellir import table
from renderer.nidavellir.pieces import flow
from renderer.tranquility import SeaTable, card_hint, cell_ranges, island_room, placement_cost
from renderer.zones import GAP, Zone
from tests.renderer.golden import render_view, stored_view
from tests.renderer.phone_rule import legible
from tests.renderer.view_schema import tranquility

SCENE = {scene.name: scene for scene in SCENES}


def _size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        return image.size


@pytest.mark.parametrize("name", ["tranquility-5p-advanced", "nidavellir-2p-bidding", "nidavellir-5p-age2",
                                  "nidavellir-4p-thingvellir"])
def test_spectator_picture_is_the_same_whatever_the_hidden_cards(name: str) -> None:
    scene = SCENE[name]
    game = registry.get(scene.game)
    state = play(scene)
    redealt = game.determinize(state, None, seed=99)
    names = names_for(scene)
    assert renderer.board_png(game.view(state, None), names) == renderer.board_png(game.view(redealt, None), names)


@pytest.mark.parametrize("name", ["tranquility-3p-midgame", "nidavellir-3p-picking", "nidavellir-5p-thingvellir-age2",
                                  "nidavellir-3p-thingvellir-purse"])
def test_seat_picture_depends_only_on_what_that_seat_may_know(name: str) -> None:
    scene = SCENE[name]
    assert scene.viewer is not None
    game = registry.get(scene.game)
    state = play(scene)
    redealt = game.determinize(state, scene.viewer, seed=5)
    names = names_for(scene)
    for picture in (renderer.board_png, renderer.hand_png):
        assert picture(game.view(state, scene.viewer), names) == picture(game.view(redealt, scene.viewer), names)


def test_nidavellir_seat_board_shows_its_own_hidden_bids_and_the_spectator_board_does_not() -> None:
    scene = SCENE["nidavellir-3p-picking"]
    game = registry.get(scene.game)
    state = play(scene)
    names = names_for(scene)
    assert renderer.board_png(game.view(state, 0), names) != renderer.board_png(game.view(state, None), names)


@pytest.mark.parametrize("name", ["tranquility-2p-opening", "nidavellir-2p-bidding"])
def test_hand_picture_refuses_a_spectator_view(name: str) -> None:
    view = stored_view(SCENE[name])
    assert view["viewer"] is None
    with pytest.raises(ValueError, match="spectator"):
        renderer.hand_png(view, names_for(SCENE[name]))


@pytest.mark.parametrize("name", ["tranquility-3p-midgame", "nidavellir-5p-age2"])
def test_outcome_picture_refuses_a_running_game(name: str) -> None:
    with pytest.raises(ValueError, match="not over"):
        renderer.outcome_png(stored_view(SCENE[name]), names_for(SCENE[name]))


@pytest.mark.parametrize("scene", SCENES, ids=lambda scene: scene.name)
def test_drawing_leaves_the_view_untouched(scene: Scene) -> None:
    view = stored_view(scene)
    before = copy.deepcopy(view)
    render_view(scene, view)
    assert view == before


def test_unknown_game_is_refused_with_the_games_drawn() -> None:
    with pytest.raises(ValueError, match="nidavellir, tranquility"):
        renderer.board_png({"game": "hnefatafl"}, [])


def test_missing_or_blank_names_become_seat_numbers() -> None:
    assert seat_name(["Astrid", "  "], 0) == "Astrid"
    assert seat_name(["Astrid", "  "], 1) == "Seat 2"
    assert seat_name([], 4) == "Seat 5"


def test_emoji_the_fonts_lack_are_dropped_from_names() -> None:
    assert seat_name(["Astrid 🛡️ the Bold", "🐉"], 0) == "Astrid the Bold"
    assert seat_name(["Astrid 🛡️ the Bold", "🐉"], 1) == "Seat 2"


def test_pictures_draw_with_no_names_at_all() -> None:
    scene = SCENE["nidavellir-5p-final"]
    view = stored_view(scene)
    assert _size(renderer.board_png(view, [])) == _size(renderer.board_png(view, names_for(scene)))


def test_five_player_nidavellir_table_stays_under_400_kb() -> None:
    scene = SCENE["nidavellir-5p-age2"]
    assert len(renderer.board_png(stored_view(scene), names_for(scene))) < 400 * 1024


def test_seat_board_adds_the_hand_under_the_public_board() -> None:
    view = stored_view(SCENE["tranquility-3p-midgame"])
    names = names_for(SCENE["tranquility-3p-midgame"])
    public = _size(renderer.board_png({**view, "viewer": None, "hand": None}, names))
    private = _size(renderer.board_png(view, names))
    assert private[0] == public[0] and private[1] > public[1]


# -- Tranquility hand hints: the sea must stay ascending in reading order ---------------------

def _cells(**placed: int) -> list[int | None]:
    cells: list[int | None] = [None] * 36
    for cell, number in placed.items():
        cells[int(cell.removeprefix("c")) - 1] = number
    return cells


def test_island_fits_only_between_its_smaller_and_larger_neighbours_in_reading_order() -> None:
    cells = _cells(c3=10, c9=30)
    assert island_room(cells, 20, None) == [4, 5, 6, 7, 8]
    assert island_room(cells, 5, None) == [1, 2]
    assert island_room(cells, 31, None) == list(range(10, 37))


def test_jagged_rocks_row_is_closed_to_islands() -> None:
    cells = _cells(c3=10, c9=30)
    assert island_room(cells, 20, rocks_row=1) == [7, 8]
    assert island_room(cells, 20, rocks_row=2) == [4, 5, 6]


def test_cells_split_by_the_jagged_rocks_are_named_as_separate_runs() -> None:
    assert cell_ranges(island_room(_cells(c3=10, c20=30), 20, rocks_row=2)) == "4–6, 13–19"
    assert cell_ranges([7]) == "7"


def test_placing_5_next_to_3_costs_2() -> None:
    assert placement_cost(_cells(c1=3), 5, 2) == 2


def test_placement_cost_with_two_neighbours_is_the_smaller_difference() -> None:
    assert placement_cost(_cells(c1=3, c3=20), 18, 2) == 2
    assert placement_cost(_cells(c6=40, c7=41), 60, 12) == 0


def test_finish_card_is_playable_only_on_a_full_sea_after_the_start() -> None:
    view = stored_view(SCENE["tranquility-3p-midgame"])
    full = {**view, "cells": list(range(1, 37)), "start_played": True, "start_played_by": 0}
    assert card_hint(SeaTable.read(tranquility(full)), "finish", 5)[1] == ("play it", "to win!")
    assert card_hint(SeaTable.read(tranquility({**full, "start_played_by": None})), "finish", 5)[1] == (
        "discard", "only")
    lurking = {**full, "sea_monsters": {"total": 3, "played": 1, "discarded": 0, "left": 2}}
    assert card_hint(SeaTable.read(tranquility(lurking)), "finish", 5)[1] == ("discard", "only")


def test_island_whose_cheapest_spot_costs_more_than_the_hand_left_is_marked_unpayable() -> None:
    view = {**stored_view(SCENE["tranquility-3p-midgame"]), "cells": _cells(c1=3, c2=40), "rocks_row": None}
    title, hint, _ = card_hint(SeaTable.read(tranquility(view)), "20", 3)
    assert (title, hint) == ("20", ("no room", "discard"))
    view["cells"] = _cells(c1=3, c3=40)
    assert card_hint(SeaTable.read(tranquility(view)), "20", 3)[1] == ("cell 2", "can't pay")


def test_flow_wraps_when_the_next_item_would_overflow() -> None:
    assert flow([40, 40, 40], 100, 10) == [(0, 0), (50, 0), (0, 1)]


def test_wrap_keeps_lines_within_the_width() -> None:
    lines = wrap("Player 1 can't act with 0 cards in hand", "DejaVuSans-Bold.ttf", 22, 200)
    assert len(lines) > 1 and " ".join(lines) == "Player 1 can't act with 0 cards in hand"


def test_render_samples_command_writes_every_scene_of_a_game(tmp_path: Path) -> None:
    assert skald(["render-samples", "--out", str(tmp_path), "--game", "tranquility"]) == 0
    written = sorted(p.stem for p in tmp_path.glob("*.png"))
    assert written == sorted(s.name for s in SCENES if s.game == "tranquility")


def test_every_scene_names_its_game_and_picture() -> None:
    scene: Scene
    for scene in SCENES:
        assert scene.game in renderer.games() and scene.picture in ("board", "hand", "outcome")


@pytest.mark.parametrize(("game_name", "options"), [
    ("tranquility", {"sea_monsters": 4, "jagged_rocks": "manual", "removed_islands": 8}),
    ("nidavellir", {}),
    ("nidavellir", {"thingvellir": True}),
], ids=["tranquility", "nidavellir", "thingvellir"])
def test_every_phase_of_random_games_draws(game_name: str, options: dict[str, Any]) -> None:
    """Random games at every player count, drawn every few steps for a spectator and the seat
    to act, and at the end: whatever phase a game is in, its pictures come out, legible on a phone."""
    game = registry.get(game_name)
    for players in range(max(2, game.min_players), game.max_players + 1):
        state = game.setup(players, options, seed=players * 17)
        ai = game.ai_players()["random"]
        step = 0
        while game.outcome(state) is None:
            seat = min(game.to_move(state))
            if step % 9 == 0:
                _assert_draws_legibly(game.view(state, None), "board")
                _assert_draws_legibly(game.view(state, seat), "hand")
            state = game.apply(state, seat, ai.choose(state, seat, seed=step)).state
            step += 1
        _assert_draws_legibly(game.view(state, None), "outcome")
        _assert_draws_legibly(game.view(state, 0), "board")


def _assert_draws_legibly(view: dict[str, Any], kind: renderer.Kind) -> None:
    sheet = renderer.draw(view, [], kind)
    assert sheet.png()
    assert all(legible(d, sheet.width) for d in sheet.texts), [d for d in sheet.texts if not legible(d, sheet.width)]


def test_a_new_zone_in_the_table_list_is_drawn_in_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """How an expansion adds to the Nidavellir table (a camp after the taverns): one more zone."""

    def draw_camp(sheet: Sheet, view: NidavellirView, names: Sequence[str], top: float) -> None:
        sheet.text((40, top + 30), "Camp", 26, role="label")

    scene = SCENE["nidavellir-5p-age2"]
    plain = renderer.draw(stored_view(scene), names_for(scene))
    zones = list(table.BOARD_ZONES)
    zones.insert(zones.index(table.TAVERNS) + 1, Zone("camp", lambda view, names: 60, draw_camp))
    monkeypatch.setattr(table, "BOARD_ZONES", tuple(zones))
    sheet = renderer.draw(stored_view(scene), names_for(scene))
    assert sheet.height == plain.height + 60 + GAP
    texts = [d.text for d in sheet.texts]
    assert texts.index("Camp") > texts.index("Shining Horse")


def test_a_nidavellir_game_ended_by_a_resignation_draws_its_result() -> None:
    """The result has no scores when the rules never scored the game (a resignation)."""
    from engine import registry

    game = registry.get("nidavellir")
    view = game.view(game.setup(3, {}, 5), None)
    view["outcome"] = {"winners": [1, 2], "summary": "Astrid resigned; Bjorn, Sigrid win.", "cooperative": False,
                       "scores": None, "ranks": [2, 1, 1], "sheet": None}
    assert renderer.outcome_png(view, ["Astrid", "Bjorn", "Sigrid"]).startswith(b"\x89PNG")
    assert renderer.board_png(view, ["Astrid", "Bjorn", "Sigrid"]).startswith(b"\x89PNG")


@pytest.mark.parametrize("height", [40, 53, 54, 55, 57, 120, 1076, 2225])
def test_a_sheets_frame_is_one_rounded_box_whatever_its_height(height: int) -> None:
    """The frame is put together from cached ends and two bars: the same pixels as drawing it."""
    drawn = Image.new("RGB", (WIDTH, height), FRAME)
    ImageDraw.Draw(drawn).rounded_rectangle((FRAME_WIDTH, FRAME_WIDTH, WIDTH - FRAME_WIDTH - 1,
                                             height - FRAME_WIDTH - 1), radius=FRAME_RADIUS, fill=PARCHMENT)
    assert ImageChops.difference(Sheet(height).rgb(), drawn).getbbox() is None


def test_a_pasted_box_tile_is_the_box_drawn_in_place_at_any_fraction_of_a_pixel() -> None:
    """Boxes come from a cache of tiles moved by even pixels; halves must land as Pillow draws them."""
    sheet = Sheet(300, framed=False)
    drawn = sheet.rgb()
    pen = ImageDraw.Draw(drawn)
    for index, (x, y) in enumerate([(10, 10), (33.5, 20), (61, 40.5), (97.5, 71.5), (150.25, 90.75), (201, 130)]):
        rect = (x, y, x + 40 + index * 3.5, y + 30 + index)
        corners = (True, False, True, False) if index % 2 else None
        sheet.box(rect, (200, 60, 40) if index != 3 else None, outline=(20, 20, 20), width=3, radius=8,
                  corners=corners)
        pen.rounded_rectangle(rect, radius=8, fill=(200, 60, 40) if index != 3 else None, outline=(20, 20, 20),
                              width=3, corners=corners)
    assert ImageChops.difference(sheet.rgb(), drawn).getbbox() is None


@pytest.mark.parametrize("size", [(1, 1), (7, 3), (800, 1076)])
def test_a_packed_png_decodes_to_the_paletted_pictures_pixels_and_palette(size: tuple[int, int]) -> None:
    """The PNG chunks are written by hand (to deflate with ISA-L): Pillow must read back every index."""
    paletted = Image.effect_noise(size, 60).convert("RGB").quantize(colors=200, dither=Image.Dither.NONE)
    with Image.open(io.BytesIO(pack_png(paletted))) as read:
        read.load()
        assert (read.mode, read.size) == ("P", size)
        assert read.tobytes() == paletted.tobytes()
        assert read.getpalette() == paletted.getpalette()


def test_packing_refuses_a_picture_that_is_not_paletted() -> None:
    with pytest.raises(ValueError, match="paletted"):
        pack_png(Image.new("RGB", (4, 4)))
