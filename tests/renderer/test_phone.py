"""Pictures read on a phone: Discord shows them about 400 px wide, so every text (names, points,
coins and card values first) must have capitals and digits at least 9 px tall there (2026-12-02;
before, labels only had to be a 9 px font). Checked on what each picture records it drew
(`Sheet.texts`), for every sample scene; tests/renderer/test_legibility.py checks games at every
player count and option set."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import renderer
from bot.games import Scene
from bot.render_cli import SCENES, names_for
from renderer.canvas import KEY_ROLES, PHONE_WIDTH, RGB, Sheet
from renderer.legibility import PHONE_TEXT
from tests.renderer.golden import stored_view
from tests.renderer.phone_rule import legible

SCENE = {scene.name: scene for scene in SCENES}


def _draw(scene: Scene) -> Sheet:
    return renderer.draw(stored_view(scene), names_for(scene), scene.picture)


@pytest.mark.parametrize("scene", SCENES, ids=lambda scene: scene.name)
def test_every_name_point_coin_and_card_value_is_9_px_tall_at_400_px_wide(scene: Scene) -> None:
    sheet = _draw(scene)
    key = [d for d in sheet.texts if d.role in KEY_ROLES]
    assert key, "a picture with no names, points, coins or card values recorded"
    small = [(d.text, round(d.ink_at(sheet.width), 2)) for d in key if d.ink_at(sheet.width) < PHONE_TEXT]
    assert not small, f"{scene.name}: under {PHONE_TEXT} px at {PHONE_WIDTH} px wide: {small[:5]}"


@pytest.mark.parametrize("scene", SCENES, ids=lambda scene: scene.name)
def test_every_label_heading_and_hint_is_9_px_tall_at_400_px_wide_too(scene: Scene) -> None:
    sheet = _draw(scene)
    small = [(d.text, d.size) for d in sheet.texts if not legible(d, sheet.width)]
    assert not small, f"{scene.name}: {small[:5]}"


@pytest.mark.parametrize("scene", [s for s in SCENES if s.picture != "hand"], ids=lambda scene: scene.name)
def test_every_player_is_named_on_tables_and_results(scene: Scene) -> None:
    drawn = " ".join(d.text for d in _draw(scene).texts if d.role == "name")
    for name in names_for(scene):
        assert name[:6] in drawn


def test_the_cached_sea_is_recorded_on_every_render() -> None:
    """Tranquility's unchanging sea is drawn once and pasted: its texts still count."""
    scene = SCENE["tranquility-2p-opening"]
    first, second = _draw(scene), _draw(scene)
    assert first.texts == second.texts
    assert {str(cell) for cell in range(1, 37)} <= {d.text for d in second.texts if d.role == "card"}


@pytest.mark.parametrize("name", ["nidavellir-3p-picking", "nidavellir-4p-purse"])
def test_hunter_and_blacksmith_cards_say_so_rather_than_show_a_dot(name: str) -> None:
    sheet = _draw(SCENE[name])
    values = [d.text for d in sheet.texts if d.role == "card"]
    assert "Hunter" in values and "Smith" in values
    assert not any("●" in d.text for d in sheet.texts)


@pytest.mark.parametrize("kind", ["board", "hand"])
def test_at_game_over_the_taverns_no_longer_say_bids_hidden(kind: renderer.Kind) -> None:
    view = {**stored_view(SCENE["nidavellir-5p-final"]), "viewer": 2}
    texts = [d.text for d in renderer.draw(view, names_for(SCENE["nidavellir-5p-final"]), kind).texts]
    assert "bids hidden" not in texts and "Sigrid wins with 172 points" in texts


def test_hero_chips_are_drawn_at_the_size_of_players_names() -> None:
    scene = SCENE["nidavellir-5p-age2"]
    sheet = _draw(scene)
    heroes = {str(hero["label"]) for hero in stored_view(scene)["heroes"]} - {"Dwerg Aesir"}
    chips = [d for d in sheet.texts if d.text in heroes]
    assert chips and all(d.role == "name" and legible(d, sheet.width) for d in chips)


def test_the_nidavellir_result_names_the_winner_and_never_a_seat_number() -> None:
    scene = SCENE["nidavellir-4p-result"]
    view = stored_view(scene)
    assert "Seat" in view["outcome"]["summary"]  # the engine's words, which the picture must not show
    texts = [d.text for d in _draw(scene).texts]
    winner = names_for(scene)[view["outcome"]["winners"][0]]
    assert any(text.startswith(winner[:10]) and "wins with" in text for text in texts)
    assert not any("Seat" in text for text in texts)


def test_the_tranquility_result_says_the_crew_lost_and_why_with_names() -> None:
    scene = SCENE["tranquility-2p-result"]
    view = stored_view(scene)
    assert view["outcome"]["summary"].startswith("Seat 1 can't act")
    texts = [d.text for d in _draw(scene).texts]
    assert "The crew lost" in texts
    assert any(text.startswith("Astrid can't act") for text in texts)
    assert not any("Seat" in text for text in texts)


def test_a_won_voyage_says_so_plainly() -> None:
    view = stored_view(SCENE["tranquility-2p-result"])
    outcome = {**view["outcome"], "winners": [0, 1], "summary": "The grid is complete and the Finish card is down: "
               "everybody wins!"}
    texts = [d.text for d in renderer.draw({**view, "outcome": outcome}, ["Astrid", "Bjorn"], "outcome").texts]
    assert "The crew won: Tranquility reached!" in texts


@pytest.mark.parametrize("name", ["nidavellir-5p-age2", "tranquility-5p-advanced", "nidavellir-5p-idavoll-thingvellir"])
def test_the_png_is_the_sheet_with_every_painted_colour_exact(name: str) -> None:
    """The sheet paints palette indices: its PNG holds exactly its pixels, and every colour it
    painted (fills, card faces, the ink of text) is a palette entry of its own, so flat areas
    stay flat, even in the busiest picture (whose text edges fill the palette)."""
    sheet = _draw(SCENE[name])
    png = sheet.png()
    with Image.open(io.BytesIO(png)) as decoded:
        assert decoded.mode == "P"
        palette = decoded.getpalette() or []
        back = decoded.convert("RGB")
    assert ImageChops.difference(back, sheet.rgb()).getbbox() is None
    entries = {tuple(palette[i:i + 3]) for i in range(0, len(palette), 3)}
    assert sheet.colours <= entries
    assert len(png) < 400 * 1024


@pytest.mark.parametrize(("ink", "ground"), [((40, 30, 22), (241, 230, 203)), ((255, 255, 255), (150, 40, 30))])
def test_text_edges_are_shades_between_its_ink_and_its_ground(ink: RGB, ground: RGB) -> None:
    """Antialiased text in eighths of coverage: each pixel is the ground, the ink, or a blend of
    the two, and the letters have solid ink in them (crisp, not washed out)."""
    sheet = Sheet(80, background=ground, framed=False)
    sheet.text((10, 40), "Ragnarok 1249", 40, role="name", fill=ink, anchor="lm")
    picture = sheet.rgb()
    used = {colour for _, colour in picture.getcolors(256) or [] if isinstance(colour, tuple)}
    assert ink in used and ground in used and len(used) <= 9
    for colour in used:
        share = [(c - g) / (i - g) for c, i, g in zip(colour, ink, ground, strict=True) if i != g]
        assert max(share) - min(share) < 0.02 and all(0 <= s <= 1 for s in share), colour
