"""Idavoll in the pictures: the mythology tavern, Loki's reservation, the gods with their power tokens,
the giants with their capture tokens, the valkyries with their strength tracks, the animals and
Gullinbursti, Frigg's and Skymir's draws (the drawer's picture only), and the score sheet's columns
(docs/renderer.md)."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import renderer
from bot.render_cli import SCENES, names_for, play
from engine import registry
from engine.nidavellir import GAME
from engine.nidavellir.idavoll.cards import MYTHOLOGY_KEYS
from engine.nidavellir.view import piece_view
from renderer.canvas import INNER, Sheet
from renderer.nidavellir import idavoll, players
from renderer.nidavellir.mythology import pill_width, seat_pills
from renderer.nidavellir.tavern_cards import cards_height
from tests.renderer.golden import stored_view
from tests.renderer.phone_rule import legible
from tests.renderer.view_schema import nidavellir

SCENE = {scene.name: scene for scene in SCENES}
TABLE = "nidavellir-5p-idavoll-thingvellir"
PURSE = "nidavellir-3p-idavoll-purse"
RESULT = "nidavellir-4p-idavoll-thingvellir-result"


def _view(name: str) -> dict[str, Any]:
    return copy.deepcopy(stored_view(SCENE[name]))


def _sheet(view: dict[str, Any], kind: renderer.Kind, names: Sequence[str] = ()) -> Sheet:
    return renderer.draw(view, list(names), kind)


def _texts(view: dict[str, Any], kind: renderer.Kind, names: Sequence[str] = ()) -> list[str]:
    return [d.text for d in _sheet(view, kind, names).texts]


def test_the_mythology_tavern_names_each_card_with_its_kind_value_and_effect() -> None:
    texts = _texts(_view(TABLE), "board", names_for(SCENE[TABLE]))
    assert "Dancing Dragon · mythology" in texts
    assert {"Ratatosk", "Odin", "Freya", "Durathor", "Hrungnir"} <= set(texts)
    read = " ".join(texts)  # an effect may wrap over two lines
    assert "God · 15 points; once, before the bids: swap 2 cards of 2 taverns" in read
    assert "Giant · captures a miner: every coin but the trading coin +2" in read
    assert any(text.startswith("Animal · miner rank of 2") for text in texts)
    assert {"Miner 2", "Hunter", "15 pts", "next Miner"} <= set(texts)  # animals' classes, a god's points
    assert "Laughing Goblin · mythology" not in texts and "Shining Horse · mythology" not in texts


def test_lokis_reservation_is_marked_on_its_card_and_says_for_whom() -> None:
    view = _view(TABLE)
    assert view["taverns"][1]["reserved"] == {"seat": 0, "card": "freya"}
    texts = _texts(view, "board", names_for(SCENE[TABLE]))
    assert "Loki keeps Freya for Astrid" in texts and texts.count("Loki") == 1  # the tag on the card
    hand = _texts({**view, "viewer": 0}, "hand", names_for(SCENE[TABLE]))
    assert "Loki keeps Freya for Astrid" in hand
    view["taverns"][1]["reserved"] = None
    assert not any(text.startswith("Loki keeps") for text in _texts(view, "board"))


def test_a_reserved_dwarf_and_a_mythology_card_freya_moved_sit_in_an_age_tavern() -> None:
    view = _view(TABLE)
    horse = view["taverns"][2]
    plain = cards_height(horse)
    horse["cards"][2] = piece_view(GAME.ruleset, "thor")
    horse["reserved"] = {"seat": 3, "card": "warrior 8"}
    names = names_for(SCENE[TABLE])
    texts = _texts(view, "board", names)
    assert "Thor" in texts and "God · 8 points; once: cancel a discard aimed at you" in texts
    assert "Loki keeps Warrior 8 for Ulfhild the Far-Travelled" in texts
    assert cards_height(horse) > plain
    assert "Shining Horse · mythology" not in texts  # dealt from the Age deck; Freya only moved Thor there


def test_each_seat_shows_its_gods_power_tokens_giants_capture_tokens_and_valkyries_tracks() -> None:
    view = _view(TABLE)
    sheet = _sheet(view, "board", names_for(SCENE[TABLE]))
    texts = [d.text for d in sheet.texts]
    assert {"Loki (used)", "Frigg (used)", "Thor", "power"} <= set(texts)  # Thor's token is still there
    assert {"Surt (face down)", "Skymir", "next Hunter", "Gymir", "next Explorer"} <= set(texts)
    assert {"Hildr", "Ölrun", "Warrior", "Brynhildr"} <= set(texts)
    assert {"Hreasvelg", "Gullinbursti"} <= set(texts)  # the animal and the boar it brought, in the army
    assert all(legible(d, sheet.width) for d in sheet.texts)


def test_a_valkyries_track_is_drawn_with_her_tokens_value_in_it() -> None:
    seat = _view(TABLE)["seats"][3]
    brynhildr = seat["valkyries"][0]
    assert (brynhildr["notches"], brynhildr["points"]) == (1, 3)
    segments = [s for pills, _ in seat_pills(seat) for s in pills if s.track is not None]
    assert segments[0].track == ((0, 3, 6, 10, 16), 1)
    texts = _texts(_view(TABLE), "board")
    assert texts.count("16") >= 3  # the top values of the valkyries' tracks, drawn as points


def test_a_captured_dwarf_shows_under_its_giant() -> None:
    view = {**_view(PURSE), "viewer": None}
    texts = _texts(view, "board")
    assert {"took Warrior 8", "took Smith", "took Hunter", "Hrungnir (face down)", "Odin", "Svafa"} <= set(texts)


def test_the_seats_picture_has_its_gods_giants_and_valkyries_as_rows_with_their_tokens() -> None:
    texts = _texts(_view(PURSE), "hand", names_for(SCENE[PURSE]))
    assert "Gods · Giants · Valkyries" in texts
    assert texts.count("used") == 3  # Thor, Freya and Frigg (whose power is being used) spent
    assert {"Thor", "Freya", "Frigg", "Skymir", "took Hunter", "Ölrun", "Hunter", "10"} <= set(texts)
    assert "Valkyrie · a notch per card with a rank of the class you chose: 0-3-6-10-16" in " ".join(texts)


def test_friggs_cards_are_in_the_drawers_own_picture_only() -> None:
    scene = SCENE[PURSE]
    game = registry.get("nidavellir")
    state = play(scene)
    mine = game.view(state, 0)
    assert mine["mythology"]["drawn"] and mine["task"]["kind"] == "frigg_keep"
    texts = _texts(mine, "hand", names_for(scene))
    assert "Frigg drew these: keep one" in texts
    assert {"Miner", "Warrior", "Hunter"} <= set(texts)
    for viewer in (1, 2, None):
        other = game.view(state, viewer)
        assert idavoll.DRAWN.height(nidavellir(other), []) == 0
        if viewer is not None:
            assert "Frigg drew these: keep one" not in _texts(other, "hand")
        assert "Frigg drew these: keep one" not in _texts(other, "board")


def test_skymirs_draw_is_a_row_per_mythology_card_for_the_drawer() -> None:
    view = {**_view(TABLE), "viewer": 2}
    drawn = ("garm", "sigrdrifa", "svafa", "thrivaldi", "loki")
    view["mythology"]["drawn"] = [piece_view(GAME.ruleset, key) for key in drawn]
    view["task"] = {"seat": 2, "kind": "skymir_keep", "text": "keep a mythology card Skymir drew"}
    texts = _texts(view, "hand")
    assert "Skymir drew these: keep one" in texts
    assert {"Garm", "Sigrdrífa", "Svafa", "Thrivaldi", "Loki", "Explorer 9", "next Smith", "8 pts"} <= set(texts)


def test_animals_and_gullinbursti_are_named_in_the_army_and_gullinbursti_can_be_recovered() -> None:
    view = _view(PURSE)
    army = view["seats"][0]["army"]
    army["explorer"]["items"].append(piece_view(GAME.ruleset, "garm"))
    army["hunter"]["items"].append(piece_view(GAME.ruleset, "durathor"))
    army["miner"]["items"].append(piece_view(GAME.ruleset, "gullinbursti", 3))
    texts = _texts(view, "hand")
    assert {"Garm 9", "Durathor", "Gullinbursti"} <= set(texts)
    view["discard"].append(piece_view(GAME.ruleset, "gullinbursti"))
    view["task"] = {"seat": 0, "kind": "recover", "text": "take a card from the discard pile"}
    texts = _texts(view, "hand")
    assert "Discard pile: take one" in texts
    assert "Special · 1 rank in the column it stands in, 0 points (Hreasvelg)" in " ".join(texts)


def test_the_score_sheet_has_gods_giants_and_valkyries_and_explains_them() -> None:
    view = _view(RESULT)
    sheet = _sheet(view, "outcome", names_for(SCENE[RESULT]))
    texts = [d.text for d in sheet.texts]
    for label in ("Gods", "Giants", "Valkyries", "Artefacts", "Mercenaries"):
        assert texts.count(label) == 4
    winner = next(row for row in view["outcome"]["sheet"]["rows"] if row["rank"] == 1)
    assert (winner["gods"], winner["giants"]) == (23, 30)
    assert {"23", "30"} <= set(texts)
    note = " ".join(d.text for d in sheet.texts if d.role == "label")
    assert "Gods: their printed points" in note and "Valkyries: the value under each strength token" in note
    assert all(legible(d, sheet.width) for d in sheet.texts)


def test_the_base_game_and_thingvellir_have_no_idavoll_parts() -> None:
    for name in ("nidavellir-5p-age2", "nidavellir-5p-thingvellir-age2", "nidavellir-3p-thingvellir-purse"):
        view = stored_view(SCENE[name])
        kind = SCENE[name].picture
        texts = " ".join(_texts(view, kind))
        assert "mythology" not in texts and "Gods" not in texts and "Loki" not in texts
        assert all(not seat_pills(seat) for seat in view["seats"])
    view = {**stored_view(SCENE["nidavellir-3p-thingvellir-purse"])}
    assert idavoll.MYTHOLOGY.height(nidavellir(view), []) == 0 and idavoll.DRAWN.height(nidavellir(view), []) == 0


def _giant(key: str, state: str, captured: str | None = None) -> dict[str, Any]:
    card = piece_view(GAME.ruleset, key)
    return {"card": card, "column": card["captures"], "state": state,
            "captured": None if captured is None else piece_view(GAME.ruleset, captured)}


def _valkyrie(key: str, notches: int, column: str | None = None) -> dict[str, Any]:
    card = piece_view(GAME.ruleset, key)
    return {"card": card, "notches": notches, "points": card["track"][min(notches, len(card["track"]) - 1)],
            "column": column}


def test_every_mythology_card_on_one_seat_stays_inside_the_picture_and_legible() -> None:
    view = _view(TABLE)
    seat = view["seats"][3]
    gods = [key for key in MYTHOLOGY_KEYS if piece_view(GAME.ruleset, key)["kind"] == "god"]
    seat["gods"] = [{"card": piece_view(GAME.ruleset, key), "power": i % 2 == 0} for i, key in enumerate(gods)]
    seat["giants"] = [_giant("skymir", "waiting"), _giant("surt", "captured", "warrior 10"),
                      _giant("gymir", "face_down"), _giant("hrungnir", "waiting"),
                      _giant("thrivaldi", "captured", "blacksmith")]
    seat["valkyries"] = [_valkyrie("brynhildr", 4), _valkyrie("hildr", 3), _valkyrie("olrun", 2, "explorer"),
                         _valkyrie("sigrdrifa", 1), _valkyrie("svafa", 0)]
    names = ["W" * 32] * 5
    assert max(pill_width(segments) for segments, _ in seat_pills(seat)) < INNER - 2 * players.PAD
    for sheet in (renderer.draw(view, names), renderer.draw({**view, "viewer": 3}, names, "hand")):
        assert all(legible(d, sheet.width) for d in sheet.texts)
        assert not any("…" in d.text for d in sheet.texts if d.role in ("card", "points"))
    hand = [d.text for d in renderer.draw({**view, "viewer": 3}, names, "hand").texts]
    assert hand.count("power") == 3 and hand.count("used") == 2 and "face down" in hand
    assert "took Warrior 10" in hand and "Explorer" in hand
