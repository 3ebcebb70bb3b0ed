"""Thingvellir in the pictures: the camp, artefacts in the command zone, mercenaries waiting to be
enlisted with their two classes, and their points on the score sheet (docs/renderer.md)."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import pytest

import renderer
from bot.render_cli import SCENES, names_for
from engine.nidavellir import GAME
from engine.nidavellir.view import piece_view
from engine.views.nidavellir import NidavellirView, SeatView
from renderer.canvas import INNER, MARGIN, Sheet
from renderer.nidavellir import players, purse
from renderer.nidavellir.camp import CAMP, draw_mercenary, mercenary_width
from renderer.zones import GAP, Zone
from tests.renderer.golden import stored_view
from tests.renderer.phone_rule import legible
from tests.renderer.view_schema import nidavellir

SCENE = {scene.name: scene for scene in SCENES}
BOARD = "nidavellir-4p-thingvellir"
AGE2 = "nidavellir-5p-thingvellir-age2"
PURSE = "nidavellir-3p-thingvellir-purse"
RESULT = "nidavellir-4p-thingvellir-result"
ARTEFACT_KEYS = ("fafnir", "draupnir", "vegvisir", "svalinn", "megingjord", "vidofnir", "brisingamens", "mjollnir",
                 "hofud", "hrafnsmerki", "jarnglofi", "gjallarhorn")


def _view(name: str) -> dict[str, Any]:
    return copy.deepcopy(stored_view(SCENE[name]))


def _texts(view: dict[str, Any], kind: renderer.Kind, names: Sequence[str] = ()) -> list[str]:
    return [d.text for d in renderer.draw(view, list(names), kind).texts]


def test_the_camp_names_each_card_says_which_are_artefacts_and_shows_each_mercenarys_two_classes() -> None:
    texts = _texts(_view(BOARD), "board")
    assert "Camp (5)" in texts
    assert {"Draupnir", "Vidofnir & Vedrfölnir", "Vegvisir"} <= set(texts)
    assert "Artefact · 6 points per coin of 15 or more" in texts
    assert texts.count("Mercenary") == 2
    assert {"Warrior 6", "Smith", "Miner 1", "Explorer 13"} <= set(texts)


def test_an_artefact_with_printed_points_shows_them_in_the_camp() -> None:
    view = _view(BOARD)
    view["camp"]["cards"][0] = piece_view(GAME.ruleset, "megingjord")
    assert "28 pts" in _texts(view, "board")


def test_a_seats_artefacts_and_waiting_mercenaries_are_in_its_block() -> None:
    sheet = renderer.draw(_view(AGE2), names_for(SCENE[AGE2]))
    texts = [d.text for d in sheet.texts]
    for label in ("Megingjord", "Gjallarhorn", "Fafnir Baleygr", "Svalinn", "Hrafnsmerki", "Jarnglofi"):
        assert label in texts
    assert texts.count("to enlist") == 2
    assert {"Warrior 9", "Explorer 11", "Explorer 8", "Miner 1"} <= set(texts)
    assert all(legible(d, sheet.width) for d in sheet.texts)


def test_a_camp_card_taken_instead_of_a_tavern_card_is_marked_at_its_tavern() -> None:
    texts = _texts(_view(AGE2), "board", names_for(SCENE[AGE2]))
    assert texts.count("camp") == 2  # the goblin and the dragon: their first picker took a camp card
    assert texts.count("✓") == 5  # the others who picked there
    assert "with Thingvellir · decks 0 / 0 · discard 16" in texts
    assert "Bjorn's view: others can't see dark-ringed coins" in texts


def test_the_purse_shows_the_camp_the_mercenaries_to_enlist_and_each_artefact_with_its_effect() -> None:
    texts = _texts(_view(PURSE), "hand", names_for(SCENE[PURSE]))
    assert "Camp (1)" in texts and "Höfud" in texts
    assert "To enlist at the end of Age 2" in texts
    assert texts.count("Mercenary") == 3  # the three waiting (the camp holds Höfud only)
    assert {"Hunter", "Smith", "Explorer 8", "Warrior 6"} <= set(texts)
    assert {"Mjöllnir", "Hrafnsmerki", "Jarnglofi", "24 pts"} <= set(texts)
    assert "Artefact · 5 points per mercenary" in texts
    assert "you pick 1st · camp card" in texts


def test_the_purse_rings_enlisted_mercenaries_and_names_vegvisir_and_doubles_in_the_army() -> None:
    view = _view(PURSE)
    explorers = view["seats"][2]["army"]["explorer"]["items"]
    explorers += [piece_view(GAME.ruleset, "vegvisir"), piece_view(GAME.ruleset, "double", 2)]
    texts = _texts(view, "hand")
    assert {"Vegvisir 13", "Double", "11"} <= set(texts)


def test_mjollnirs_column_is_shown_once_named_and_zolkur_says_when_his_trade_is_used() -> None:
    view = _view(PURSE)
    seat = view["seats"][2]
    seat["mjollnir"] = "hunter"
    seat["zolkur_spent"] = True
    seat["command"].append(piece_view(GAME.ruleset, "zolkur"))
    hand = _texts(view, "hand")
    assert "on Hunter" in hand and "Zolkur (used)" in hand
    board = _texts({**view, "viewer": None}, "board")
    assert "Mjöllnir: Hunter" in board and "Zolkur (used)" in board


def test_olwyns_doubles_waiting_for_a_column_are_shown_to_be_placed() -> None:
    view = _view(BOARD)
    view["seats"][2]["placing"] = [piece_view(GAME.ruleset, "double"), piece_view(GAME.ruleset, "double")]
    board = _texts(view, "board")
    assert "to place" in board and board.count("Double") == 2
    hand = _texts({**view, "viewer": 2}, "hand")
    assert "To place" in hand and hand.count("Olwyn's double") == 2


def test_while_recovering_a_card_the_seat_sees_the_discard_pile() -> None:
    view = {**_view(PURSE), "task": {"seat": 2, "kind": "recover", "text": "take a card from the discard pile"}}
    plain = renderer.draw(_view(PURSE), [], "hand")
    sheet = renderer.draw(view, [], "hand")
    assert "Discard pile: take one" in [d.text for d in sheet.texts]
    assert sheet.height > plain.height
    cards = {str(card["key"]) for card in view["discard"]}
    assert len([d for d in sheet.texts if d.role == "card"]) >= len(cards)
    someone_else = {**view, "task": {**view["task"], "seat": 0}}
    assert "Discard pile: take one" not in _texts(someone_else, "hand")


def test_the_score_sheet_has_artefact_and_mercenary_points_and_explains_them() -> None:
    view = _view(RESULT)
    sheet = renderer.draw(view, names_for(SCENE[RESULT]), "outcome")
    texts = [d.text for d in sheet.texts]
    assert texts.count("Artefacts") == 4 and texts.count("Mercenaries") == 4
    winner = next(row for row in view["outcome"]["sheet"]["rows"] if row["rank"] == 1)
    assert str(winner["artefacts"]) in texts and str(winner["mercenaries"]) in texts
    note = " ".join(d.text for d in sheet.texts if d.role == "label")
    assert "Artefacts: those in the command zone" in note and "Mercenaries: what the enlisted" in note


def test_the_base_game_has_no_camp_nor_thingvellir_words() -> None:
    view = stored_view(SCENE["nidavellir-5p-age2"])
    assert CAMP.height(nidavellir(view), []) == 0
    texts = " ".join(_texts(view, "board") + _texts(stored_view(SCENE["nidavellir-4p-result"]), "outcome"))
    assert "Camp" not in texts and "Thingvellir" not in texts and "Artefacts" not in texts


def test_at_game_over_the_camp_is_left_out() -> None:
    view = _view(AGE2)
    view["outcome"] = stored_view(SCENE[RESULT])["outcome"]
    assert CAMP.height(nidavellir(view), []) == 0
    assert "Camp (3)" not in _texts(view, "board")


def test_every_artefact_and_five_mercenaries_on_one_seat_stay_inside_the_picture_and_legible() -> None:
    view = _view(BOARD)
    seat = view["seats"][3]
    seat["artefacts"] = [piece_view(GAME.ruleset, key) for key in ARTEFACT_KEYS if key != "vegvisir"]
    hired = stored_view(SCENE[AGE2])["seats"][1]["mercenaries"]
    seat["mercenaries"] = [piece_view(GAME.ruleset, c["key"]) for c in hired] * 2
    names = ["W" * 32] * 4
    for sheet in (renderer.draw(view, names), renderer.draw({**view, "viewer": 3}, names, "hand")):
        assert all(legible(d, sheet.width) for d in sheet.texts)
        assert not any("…" in d.text for d in sheet.texts if d.role == "card")
    assert max(mercenary_width(m) for m in seat["mercenaries"]) < INNER - 2 * players.PAD


def test_a_mercenary_chip_is_split_between_its_two_classes() -> None:
    sheet = Sheet(80)
    card = piece_view(GAME.ruleset, "mercenary warrior 9 explorer 11")
    width = draw_mercenary(sheet, MARGIN, 20, card)
    assert [d.text for d in sheet.texts] == ["Warrior 9", "Explorer 11"]
    assert width == mercenary_width(card)
    left, right = sheet.rgb().getpixel((MARGIN + 20, 40)), sheet.rgb().getpixel((MARGIN + int(width) - 20, 40))
    assert left != right  # the warrior half and the explorer half in their class colours


def test_a_new_seat_part_is_one_entry_and_every_block_grows_by_its_height(monkeypatch: pytest.MonkeyPatch) -> None:
    """How Idavoll will add a seat's gods, giants or valkyries to the table: one more part."""

    def draw_gods(sheet: Sheet, view: NidavellirView, names: Sequence[str], seat: SeatView, top: float) -> None:
        sheet.text((40, top + 20), "Gods", 26, role="label")

    view = _view(BOARD)
    plain = renderer.draw(view, [])
    monkeypatch.setattr(players, "SEAT_PARTS", (*players.SEAT_PARTS, players.SeatPart("gods", lambda v, s: 30,
                                                                                      draw_gods)))
    sheet = renderer.draw(view, [])
    assert sheet.height == plain.height + 30 * len(view["seats"])
    assert [d.text for d in sheet.texts].count("Gods") == len(view["seats"])


def test_a_new_zone_of_the_seats_picture_is_one_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    """How Idavoll will add the mythology tavern to a seat's picture: one more zone."""
    view = {**_view(BOARD), "viewer": 1}
    plain = renderer.draw(view, [], "hand")
    zones = list(purse.HAND_ZONES)
    zones.insert(zones.index(CAMP) + 1, Zone("mythology", lambda v, n: 50, lambda s, v, n, top: None))
    monkeypatch.setattr(purse, "HAND_ZONES", tuple(zones))
    assert renderer.draw(view, [], "hand").height == plain.height + 50 + GAP
