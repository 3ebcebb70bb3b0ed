"""It's a Wonderful World's pictures (issue 32): every text 9 px tall on a phone at every player
count, both Empire faces and every moment of a round, with long names; nothing private drawn; the
printed facts read from the view; every card's cost fits its tile and every card's name stays
apart. The game is not registered yet, so its games are played here with `engine.wonderful.GAME`
rather than through benchmarks/legibility.py."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator
from functools import cache
from typing import Any, NamedTuple, cast

import pytest

import renderer
from benchmarks.legibility import LONG_NAMES
from engine.views.wonderful import WonderfulView
from engine.wonderful import GAME
from engine.wonderful.cards import CARDS, DEVELOPMENTS
from engine.wonderful.game import card_view
from engine.wonderful.state import WonderfulState
from renderer.canvas import INNER, Sheet
from renderer.wonderful import board, hand, outcome
from renderer.wonderful.pieces import Site, site_slots, slots_width, span, tile_width
from tests.renderer.phone_rule import too_small
from tests.wonderful.greedy import greedy_game

JSON = dict[str, Any]
NAMES = ["Astrid", "Bjorn", "Cecilia", "Dagny", "Einar"]


def _view(state: WonderfulState, seat: int | None) -> WonderfulView:
    return cast(WonderfulView, GAME.view(state, seat))


class Moment(NamedTuple):
    label: str
    state: WonderfulState


def _moments(players: int, face: str, seed: int) -> list[Moment]:
    """A game played by the greedy AI, kept at: the first draft turn with seat 1's pick made and
    the others' not, planning, a production step (round 2 and 3), the last round's draft and the end."""
    kept: list[Moment] = []
    wanted = {(1, "draft"), (2, "planning"), (2, "production"), (3, "production"), (4, "draft"), (4, "planning")}
    for step, seat, state in greedy_game(players, face, seed):
        view = _view(state, None)
        moment = (view["round"], view["phase"])
        if moment in wanted:
            wanted.discard(moment)
            kept.append(Moment(f"r{moment[0]}-{moment[1]}", state))
        if step == 0 and seat == 0:
            kept.append(Moment("r1-draft-picked", state))  # seat 1 picked, hidden from the others
    kept.append(Moment("over", state))
    return kept


@cache
def _games() -> tuple[tuple[int, str, tuple[Moment, ...]], ...]:
    return tuple((players, face, tuple(_moments(players, face, 10 * players + (face == "b"))))
                 for players, face in itertools.product(range(2, 6), "ab"))


def _pictures() -> Iterator[tuple[str, Sheet]]:
    for players, face, moments in _games():
        for moment in moments:
            for names in (NAMES[:players], list(itertools.islice(itertools.cycle(LONG_NAMES), players))):
                label = f"{players}p-{face}-{moment.label}-{'long' if names[0] in LONG_NAMES else 'short'}"
                public = _view(moment.state, None)
                mine = _view(moment.state, 0)
                yield f"{label}-board", board(public, names)
                yield f"{label}-board-seat1", board(mine, names)
                yield f"{label}-hand-seat1", hand(mine, names)
                if public["outcome"] is not None:
                    yield f"{label}-outcome", outcome(public, names)


def test_every_text_is_9_px_tall_at_400_px_wide() -> None:
    small = []
    kinds = set()
    for name, sheet in _pictures():
        assert sheet.texts, name
        assert sheet.width == 800
        kinds.add(name.rsplit("-", 1)[-1] if "hand" not in name else "hand")
        small += [(name, round(r.height, 2), r.drawn.text) for r in too_small([sheet])]
    assert not small, small[:8]
    assert {"board", "seat1", "hand", "outcome"} <= kinds


def test_the_moments_cover_every_phase_at_every_table() -> None:
    for players, face, moments in _games():
        labels = {m.label for m in moments}
        assert {"r1-draft-picked", "r2-planning", "r2-production", "r4-draft", "over"} <= labels, (players, face)


def _drawn_titles(key: str) -> set[str]:
    """Every way a card's name may be written in a picture: whole."""
    return {CARDS[key].title}


def _private_only(state: WonderfulState, viewer: int | None) -> set[str]:
    """Cards only in some other seat's hand or pick: in no public place the viewer can see."""
    public = _view(state, None)
    shown = set(public["discard"])
    for seat_board in public["boards"]:
        shown |= set(seat_board["drafted"]) | set(seat_board["built"]) | {s["card"] for s in seat_board["sites"]}
    if viewer is not None:
        mine = _view(state, viewer)
        shown |= set(mine["hand"]) | ({mine["pick"]} if mine["pick"] else set())
        shown |= set(mine["boards"][viewer]["drafted"]) | {s["card"] for s in mine["boards"][viewer]["sites"]}
        shown |= set(mine["boards"][viewer]["built"])
    hidden: set[str] = set()
    for seat in range(state.players):
        if seat != viewer:
            view = _view(state, seat)
            hidden |= set(view["hand"]) | ({view["pick"]} if view["pick"] else set())
    return hidden - shown


def test_pictures_draw_no_card_from_another_seats_hand() -> None:
    checked = 0
    for _players, _face, moments in _games():
        for moment in moments:
            for viewer in (None, 0):
                secret = set().union(*(_drawn_titles(key) for key in _private_only(moment.state, viewer)))
                if not secret:
                    continue
                view = _view(moment.state, viewer)
                sheets = [board(view, NAMES)] + ([hand(view, NAMES)] if viewer is not None else [])
                for sheet in sheets:
                    texts = {drawn.text for drawn in sheet.texts}
                    assert not texts & secret, (moment.label, viewer, texts & secret)
                    checked += 1
    assert checked > 10


def test_a_seats_own_hand_and_pick_are_in_its_hand_picture() -> None:
    _, _, moments = _games()[2]  # 3 players, face a
    state = next(m.state for m in moments if m.label == "r1-draft-picked")
    view = _view(state, 0)
    assert view["pick"] is not None
    texts = {drawn.text for drawn in hand(view, NAMES).texts}
    for key in [*view["hand"], view["pick"]]:
        assert texts & _drawn_titles(key), key
    assert "your pick" in texts


def test_supremacy_names_the_steps_settled_and_leaves_the_rest_for_later() -> None:
    for _players, _face, moments in _games():
        state = next(m.state for m in moments if m.label == "r2-production")
        view = _view(state, None)
        assert view["step"] == "materials"  # a step's supremacy is settled as it begins
        texts = [drawn.text for drawn in board(view, NAMES).texts]
        assert texts.count("later") == 4
        winner = view["supremacy"][0]
        assert (NAMES[winner] if winner is not None else "nobody") in texts


def test_hand_needs_a_seat_and_outcome_an_ended_game() -> None:
    _, _, moments = _games()[0]
    running = _view(moments[0].state, None)
    with pytest.raises(ValueError):
        hand(running, NAMES)
    with pytest.raises(ValueError):
        outcome(running, NAMES)


def test_the_score_sheet_shows_every_seats_total_and_sources() -> None:
    _, _, moments = _games()[4]  # 4 players, face a
    view = _view(moments[-1].state, None)
    result = view["outcome"]
    assert result is not None and result["sheet"] is not None
    texts = [drawn.text for drawn in outcome(view, NAMES).texts]
    for seat, sheet in enumerate(result["sheet"]["seats"]):
        assert f"{sheet['total']} pt{'s' * (sheet['total'] != 1)}" in texts
        assert NAMES[seat] in texts
    assert {"Printed", "Structure", "Discovery", "Financier", "General"} <= set(texts)


def test_the_module_draws_through_the_renderers_api() -> None:
    """As renderer/places.py will find it once the game is registered."""
    _, _, moments = _games()[0]
    view = GAME.view(moments[-1].state, 1)
    renderer.place("wonderful", "renderer.wonderful")
    try:
        for png in (renderer.board_png, renderer.hand_png, renderer.outcome_png):
            assert png(view, NAMES).startswith(b"\x89PNG")
    finally:
        renderer.place("wonderful", None)


def test_the_pictures_print_the_facts_the_view_carries() -> None:
    """The renderer has no card table of its own: a title or cost changed in (a copy of) the view
    is drawn so."""
    _, _, moments = _games()[2]  # 3 players, face a
    view = copy.deepcopy(_view(next(m.state for m in moments if m.label == "r2-planning"), 0))
    built = next(board["built"][0] for board in view["boards"] if board["built"])
    drafted = view["boards"][0]["drafted"][0]
    view["cards"][built]["title"] = "Odd Title"
    view["cards"][drafted]["title"] = "Odder Title"
    view["cards"][drafted]["cost"] = ["krystallium"] * 4
    view["empires"][view["boards"][1]["empire"]]["title"] = "Oddland"
    texts = [drawn.text for drawn in board(view, NAMES).texts]
    assert "Odd Title" in texts and any(text.startswith("Oddland") for text in texts)
    texts = [drawn.text for drawn in hand(view, NAMES).texts]
    assert "Odder Title" in texts and texts.count("K") >= 4


def test_every_site_fits_its_tile_however_far_built() -> None:
    for key in CARDS:
        cost = card_view(key)["cost"]
        width = tile_width(span(CARDS[key].title, "#2")) - 12
        for placed, stood_in in itertools.product(range(len(cost) + 1), (0, 1)):
            stand_ins = tuple(item for item in cost[:placed] if item != "krystallium")[:stood_in]
            slots = site_slots(Site(tuple(cost[:placed]), tuple(cost[placed:]), len(stand_ins), stand_ins), width)
            assert slots_width(slots) <= width, (key, placed)
            assert sum(count for *_, count in slots) == len(cost)


def test_every_card_name_is_drawn_whole_on_its_tile_and_its_row() -> None:
    """No shortened names: a tile spans two columns when its name needs them."""
    state = next(m.state for m in _games()[6][2] if m.label == "r2-planning")  # 5 players, face a
    view = _view(state, 0)
    texts = {drawn.text for drawn in board(view, NAMES).texts} | {drawn.text for drawn in hand(view, NAMES).texts}
    shown = {key for b in view["boards"] for key in [*b["drafted"], *b["built"], *(s["card"] for s in b["sites"])]}
    shown |= set(view["hand"])
    assert shown and not [key for key in shown if CARDS[key].title not in texts]
    for development in DEVELOPMENTS:
        assert tile_width(span(development.title, "#2")) <= INNER - 28


def test_a_krystallium_marks_the_item_it_replaced() -> None:
    # Secret Society: 3 gold, 1 krystallium. Its own krystallium slot and a krystallium standing
    # in for one gold: one red gold, not the first two placed items.
    site = Site(("krystallium", "gold", "gold"), ("gold",), 2, ("gold",))
    assert site_slots(site, 400) == [("G", False, True, 1), ("G", False, False, 1), ("G", True, False, 1),
                                     ("K", False, False, 1)]
    nuclear = Site(("materials", "science"), ("materials",) * 3, 1, ("science",))
    assert [slot[:3] for slot in site_slots(nuclear, 400)] == [("M", False, False), ("M", True, False),
                                                               ("M", True, False), ("M", True, False),
                                                               ("S", False, True)]


def test_a_seat_on_autopass_says_so_on_its_panel() -> None:
    _, _, moments = _games()[2]  # 3 players, face a
    state = GAME.clone(next(m.state for m in moments if m.label == "r2-production"))
    state.autopass[1] = True
    lines = [drawn.text for drawn in board(_view(state, None), NAMES).texts]
    assert sum(text.endswith(" · autopass") for text in lines) == 1
