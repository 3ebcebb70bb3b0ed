"""The animated replay (renderer/replay.py): one GIF of the stills given, readable on a phone, within
the attachment budget, degrading (fewer frames, then a smaller scale, then the result alone)
rather than failing."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image
from PIL.GifImagePlugin import GifImageFile

import renderer
from engine import registry
from engine.core import RandomPlayer
from renderer.canvas import WIDTH
from renderer.replay import (
    CAPTION_ROWS,
    RESULT_MS,
    Animation,
    Still,
    animate,
    caption_band,
    captions,
)
from tests.renderer.phone_rule import legible

NAMES = ["Astrid", "Bjorn 🐻", "Sigrid", "Ulfhild the Far-Travelled", "Eirik"]


@cache
def nidavellir_stills() -> tuple[Still, ...]:
    """A 5-player Nidavellir game played at random: a board every eighth change, then the result."""
    game = registry.get("nidavellir")
    player = RandomPlayer(game)
    state = game.setup(5, {}, 17)
    pictures = [Still(game.view(state, None), label="Start")]
    changes = 0
    while game.outcome(state) is None:
        seat = min(game.to_move(state))
        step = game.apply(state, seat, player.choose(state, seat, changes))
        state, changes = step.state, changes + 1
        lines = tuple(event.text for event in step.events if event.public)
        if changes % 8 == 0 or game.outcome(state) is not None:
            pictures.append(Still(game.view(state, None), lines, f"Move {changes}"))
    pictures.append(Still(game.view(state, None), ("Seat 2 wins.",), "Result", "outcome"))
    return tuple(pictures)


@cache
def full() -> Animation:
    return animate(nidavellir_stills(), NAMES)


def frames_of(animation: Animation) -> list[Image.Image]:
    with Image.open(io.BytesIO(animation.data)) as gif:
        assert isinstance(gif, GifImageFile)
        found = []
        for index in range(gif.n_frames):
            gif.seek(index)
            found.append(gif.convert("RGB"))
        return found


def test_within_the_budget_every_still_is_a_frame_at_full_width() -> None:
    stills, animation = nidavellir_stills(), full()
    assert animation.fits and animation.scale == 1.0 and animation.shown == tuple(range(len(stills)))
    frames = frames_of(animation)
    assert len(frames) == len(stills) and frames[0].width == WIDTH
    tallest = max(renderer.draw(s.view, NAMES, s.kind).height for s in stills)
    assert frames[0].height > tallest  # the caption band sits on top of the tallest picture
    assert animation.durations[-1] == RESULT_MS == max(animation.durations)


def test_frames_after_the_first_are_stored_as_their_changes_only() -> None:
    view = nidavellir_stills()[-2].view
    alone = len(animate([Still(view, ("Astrid wins.",), "Move 1")], NAMES).data)
    # Ten frames of one board, only the caption changing: the board is stored once.
    same = [Still(view, (f"Sigrid takes card {n}.",), f"Move {n}") for n in range(10)]
    assert len(animate(same, NAMES).data) < 1.5 * alone


def test_over_budget_middle_frames_go_first_their_lines_passing_to_the_next_frame() -> None:
    stills = nidavellir_stills()
    budget = len(full().data) // 3
    animation = animate(stills, NAMES, budget=budget)
    assert animation.fits and len(animation.data) <= budget and animation.scale == 1.0
    shown = animation.shown
    assert len(frames_of(animation)) == len(shown) < len(stills)
    assert {0, len(stills) - 2, len(stills) - 1} <= set(shown)
    told = captions(stills, shown)
    assert [line for caption in told for line in caption] == [line for s in stills for line in s.caption]


def test_a_tiny_budget_shrinks_the_frames_then_keeps_the_result_alone_and_never_fails() -> None:
    stills = nidavellir_stills()
    small = animate(stills, NAMES, budget=120_000)
    assert small.fits and len(small.data) <= 120_000
    assert small.scale < 1.0 or small.shown == (len(stills) - 1,)
    hopeless = animate(stills, NAMES, budget=1)
    assert not hopeless.fits and hopeless.shown == (len(stills) - 1,) and hopeless.scale == min(0.5, small.scale)
    (only,) = frames_of(hopeless)
    assert only.width == WIDTH // 2


def test_the_caption_band_reads_on_a_phone() -> None:
    band = caption_band("Move 12 of 80", ["Astrid takes Warrior 7 from the Laughing Goblin.",
                                          "Ulfhild the Far-Travelled and Eirik tied and swap gems 5 and 3."])
    assert band.width == WIDTH
    assert all(legible(drawn, band.width) for drawn in band.texts), [d for d in band.texts if not legible(d, WIDTH)]
    assert any(drawn.role == "name" for drawn in band.texts)


def test_a_long_caption_keeps_its_newest_lines_and_counts_the_others() -> None:
    lines = [f"Line {n}: Sigrid takes a card from the Dancing Dragon." for n in range(12)]
    band = caption_band("Move 40 of 80", lines)
    texts = [drawn.text for drawn in band.texts]
    assert "Line 11: Sigrid takes a card from the Dancing Dragon." in texts
    assert "Line 0: Sigrid takes a card from the Dancing Dragon." not in texts
    assert f"+{12 - CAPTION_ROWS} earlier lines" in texts


def test_characters_the_fonts_lack_are_left_out_of_captions() -> None:
    band = caption_band("Start", ["Bjorn 🐻 places 37 in cell 12."])
    assert "Bjorn places 37 in cell 12." in [drawn.text for drawn in band.texts]


def test_a_replay_needs_a_picture() -> None:
    with pytest.raises(ValueError, match="at least one"):
        animate([], NAMES)
