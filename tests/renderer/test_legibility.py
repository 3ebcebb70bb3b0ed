"""Every text at least 9 px tall on a phone (issue 30): the capitals and digits of every text of
every picture, once it is shown 400 px wide, for every game at every player count, over a covering
set of options, at several moments of a game and at its end, with long names; and the records'
pictures and a replay's caption band. The tests draw `python -m benchmarks.legibility --quick`'s
pictures (each player count with one option set in turn and with the fullest); the benchmark draws
them all and prints the figures."""

from __future__ import annotations

import pytest

from benchmarks.legibility import LONG_NAMES, Sample, game_samples, option_sets, records_samples
from engine import registry
from engine.core import OptionSpec
from renderer.canvas import BOLD, SANS, SERIF, Drawn
from renderer.legibility import PHONE_TEXT, readings, smallest, text_height
from tests.renderer.phone_rule import too_small


def _check(samples: list[Sample]) -> None:
    assert samples
    small = []
    for sample in samples:
        sheet = sample.draw()
        found = smallest(sheet)
        assert found is not None, f"{sample.name}: no text recorded"
        small += [(sample.name, round(r.height, 2), r.drawn.text) for r in too_small([sheet])]
    assert not small, f"under {PHONE_TEXT} px at 400 px wide: {small[:8]}"


@pytest.mark.parametrize("game", registry.names())
def test_every_text_of_every_game_is_9_px_tall_at_400_px_wide(game: str) -> None:
    samples = list(game_samples(game, quick=True))
    game_ = registry.get(game)
    counts = {int(s.name.split("-")[1].removesuffix("p")) for s in samples}
    assert counts == set(range(game_.min_players, game_.max_players + 1)), "every player count"
    assert any(s.name.endswith("-outcome") for s in samples) and any("-hand-" in s.name for s in samples)
    assert any("long-names" in s.name for s in samples)
    _check(samples)


def test_every_text_of_the_records_pictures_and_a_replay_band_is_9_px_tall_at_400_px_wide() -> None:
    _check(list(records_samples()))


def test_text_height_is_the_cap_height_of_the_shipped_face_scaled_to_400_px() -> None:
    # DejaVu's capitals are 0.729 of the font size in all three faces: 25 px draws 18.2 px capitals
    for face in (SANS, BOLD, SERIF):
        assert text_height(Drawn("H", face, 25, "label"), 800) == pytest.approx(9.11, abs=0.01)
        assert text_height(Drawn("H", face, 24, "label"), 800) < PHONE_TEXT
        assert text_height(Drawn("H", face, 25, "label"), 400) == pytest.approx(18.2, abs=0.05)


def test_the_smallest_reading_names_the_text_it_is() -> None:
    [sample] = [s for s in records_samples() if s.name == "replay-caption-band"]
    sheet = sample.draw()
    first = smallest(sheet)
    assert first is not None and first == readings(sheet)[0]
    assert first.height == min(r.height for r in readings(sheet)) and first.drawn in sheet.texts


def test_the_option_sets_cover_every_value_and_all_on_and_off() -> None:
    specs = (OptionSpec("monsters", 0, (0, 3, 4, 5), ""), OptionSpec("rocks", "off", ("off", "auto", "manual"), ""),
             OptionSpec("removed", 0, tuple(range(0, 13)), ""))
    sets = option_sets(specs)
    for spec in specs:
        assert {chosen[spec.name] for chosen in sets} == set(spec.choices)
    assert {"monsters": 0, "rocks": "off", "removed": 0} in sets and {"monsters": 5, "rocks": "manual",
                                                                      "removed": 12} in sets
    assert len(sets) <= 15
    both = (OptionSpec("a", False, (False, True), ""), OptionSpec("b", False, (False, True), ""))
    assert len(option_sets(both)) == 4, "few combinations: all of them"


def test_long_names_start_alike_so_the_samples_try_the_shortening_rule() -> None:
    assert LONG_NAMES[0].split()[0] == LONG_NAMES[1].split()[0] and LONG_NAMES[3] in LONG_NAMES[4]
