"""The terminal picture of a Nidavellir view shows only what the viewer may see."""

from __future__ import annotations

from engine.nidavellir import GAME
from renderer.text import render_view
from tests.nidavellir.position import apply, fresh, set_taverns


def test_text_shows_own_bids_and_hides_the_others() -> None:
    state = fresh(2)
    set_taverns(state, ["warrior 7", "hunter", "miner 1"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(state, 0, "bid 5 2 0")
    mine = render_view(GAME.view(state, 0), ["Ann", "Bo"])
    assert "5 / 2 / 0" in mine and "Warrior 7" in mine
    theirs = render_view(GAME.view(state, 1), ["Ann", "Bo"])
    assert "? / ? / ?" in theirs and "5 / 2 / 0" not in theirs and "pouch: hidden" in theirs


def test_text_ends_with_the_score_sheet() -> None:
    state = fresh(2)
    ai = GAME.ai_players()["random"]
    while GAME.outcome(state) is None:
        seat = min(GAME.to_move(state))
        state = GAME.apply(state, seat, ai.choose(state, seat, 7)).state
    text = render_view(GAME.view(state, None), ["Ann", "Bo"])
    assert "blacksm" in text and "total" in text
    assert text.splitlines()[-1].startswith(("Ann", "Bo"))


def test_text_names_seats_seat_n_like_the_engine_when_a_name_is_missing() -> None:
    state = apply(fresh(3), 0, "bid 5 2 0")
    text = render_view(GAME.view(state, None), ["Ann", ""])
    assert "Bidding: waiting for Seat 2, Seat 3." in text
    assert "Seat 2 *  gem" in text and "Ann  gem" in text and "Player" not in text
    named = render_view(GAME.view(state, None), ["Ann", "Bo", "Cy"])
    assert "Bidding: waiting for Bo, Cy." in named


def test_text_shows_the_camp_artefacts_mercenaries_and_their_score_lines() -> None:
    state = fresh(2, thingvellir=True)
    state.seats[0].command += ["draupnir", "mercenary hunter miner 1"]
    text = render_view(GAME.view(state, 0), ["Ann", "Bo"])
    camp = GAME.view(state, 0)["camp"]["cards"]
    assert f"camp: {camp[0]['label']}" in text and "camp deck 7" in text
    assert "artefacts: Draupnir" in text and "to enlist: Mercenary Hunter / Miner 1" in text
    ai = GAME.ai_players()["random"]
    while GAME.outcome(state) is None:
        seat = min(GAME.to_move(state))
        state = GAME.apply(state, seat, ai.choose(state, seat, 3)).state
    text = render_view(GAME.view(state, None), ["Ann", "Bo"])
    assert "artef" in text and "mercen" in text and "total" in text


def test_text_shows_the_mythology_tavern_gods_giants_valkyries_and_their_score_lines() -> None:
    state = fresh(2, idavoll=True)
    state.seats[0].command += ["loki", "surt", "olrun"]
    state.seats[0].marks.update({"loki": 1, "olrun": 2, "olrun class": 3})
    state.reserved, state.reserved_card = [0, 1], state.taverns[0][0]
    text = render_view(GAME.view(state, 0), ["Ann", "Bo"])
    assert "[hidden] (mythology)" in text and "reserved for Bo" in text
    assert "gods: Loki (power used)" in text and "giants: Surt waits for a warrior" in text
    assert "valkyries: Ölrun on explorer 2 down (6)" in text and "mythology deck 6, reserve 11" in text
    ai = GAME.ai_players()["random"]
    while GAME.outcome(state) is None:
        seat = min(GAME.to_move(state))
        state = GAME.apply(state, seat, ai.choose(state, seat, 3)).state
    text = render_view(GAME.view(state, None), ["Ann", "Bo"])
    assert "gods" in text and "giants" in text and "valkyr" in text and "total" in text
