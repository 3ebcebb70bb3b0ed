"""Long names shortened so players stay apart (renderer/names.py `short_names`, docs/renderer.md
2026-12-02): "Ulfhild…" twice told a table nothing."""

from __future__ import annotations

import renderer
from benchmarks.legibility import LONG_NAMES
from bot.render_cli import SCENES
from renderer.canvas import BOLD, KEY_TEXT, text_width
from renderer.names import fitted_name, seat_name, short_names
from tests.renderer.golden import stored_view

SCENE = {scene.name: scene for scene in SCENES}
TAVERN_SLOT = 136  # a name under its bid in a Nidavellir tavern: the narrowest place a name goes


def test_names_that_fit_stay_whole_and_a_lone_long_one_is_cut_at_the_end() -> None:
    names = ("Astrid", "Bjorn", "Sigrid", "Ulfhild the Far-Travelled", "Eirik")
    assert short_names(names, TAVERN_SLOT, size=KEY_TEXT) == ("Astrid", "Bjorn", "Sigrid", "Ulfhild…", "Eirik")
    assert short_names(names, 800, size=KEY_TEXT) == names


def test_names_that_would_read_alike_are_shortened_until_they_differ() -> None:
    for width in (TAVERN_SLOT, 200, 300, 440):
        shown = short_names(LONG_NAMES, width, size=KEY_TEXT)
        assert len(set(shown)) == len(LONG_NAMES), (width, shown)
        assert all(text_width(name, BOLD, KEY_TEXT) <= width for name in shown), (width, shown)
    assert short_names(LONG_NAMES[:2], 300, size=KEY_TEXT) == ("Ulfhild the Far-Trav…", "Ulfhild the Fair-Hai…")
    assert short_names(("Ulfhild the Far-Travelled", "Ulfhild the Far-Sighted"), TAVERN_SLOT, size=KEY_TEXT) == (
        "Far-Tra…", "Far-Sig…")


def test_initials_come_before_words_are_left_out() -> None:
    names = ("Ragnhild Sigurdsdottir", "Ragnhild Sigurdsdottir the Younger")
    assert short_names(names, 300, size=KEY_TEXT) == ("R. Sigurdsdottir", "R. Sigurdsdottir th…")


def test_a_cut_name_beside_a_whole_one_it_starts_like_is_left_alone() -> None:
    assert short_names(("Astrid the Bold", "Astrid"), 110, size=KEY_TEXT) == ("Astrid…", "Astrid")


def test_the_same_name_twice_has_nothing_to_tell_it_apart_and_is_cut_at_the_end() -> None:
    twice = ("Ulfhild the Far-Travelled", "Ulfhild the Far-Travelled")
    assert short_names(twice, TAVERN_SLOT, size=KEY_TEXT) == ("Ulfhild…", "Ulfhild…")


def test_a_seats_name_shares_its_line_with_what_is_drawn_beside_it() -> None:
    names = list(LONG_NAMES)
    alone = fitted_name(names, 0, 320, size=28)
    marked = fitted_name(names, 0, 320, size=28, around="▶  (you)")
    assert len(marked) < len(alone) and marked != fitted_name(names, 1, 320, size=28, around="▶  (you)")
    assert seat_name(names, 0) == LONG_NAMES[0], "without a size the name is whole"


def test_a_table_of_long_names_alike_shows_each_player_apart() -> None:
    scene = SCENE["nidavellir-5p-age2"]
    sheet = renderer.draw(stored_view(scene), list(LONG_NAMES), scene.picture)
    under_bids = [d.text for d in sheet.texts if d.role == "name" and text_width(d.text, BOLD, KEY_TEXT) <= TAVERN_SLOT]
    blocks = [d.text for d in sheet.texts if d.role == "name" and d.size == 28]
    assert len(set(blocks)) == 5, blocks
    assert len(set(under_bids[:5])) == 5, under_bids[:5]
