"""Animated replays: a game's public pictures as one GIF that fits an attachment budget.

The caller hands in `Still`s: a spectator view (a board or, last, the outcome) and the caption
lines to show above it, already worded with names. Each frame is a caption band on top of the
picture, padded to the tallest picture so the board never jumps. GIF, not APNG: Discord strips
APNG animation from attachments (docs/renderer.md, 2026-12-01).

Each picture is paletted as its PNG would be, then every frame is mapped, without dithering, to
one shared palette of at most 255 colours (the colours the sheets painted, then octree colours
for the edge blends), so text is as crisp as on a board. Sharing it means an unchanged pixel
keeps its index from frame to frame: Pillow then writes each frame as the changed rectangle
only, with unchanged pixels inside it as the free 256th index (transparent), which LZW packs
into almost nothing.

Over budget, a replay degrades instead of failing: fewer frames first (the start, the final
board and the result always stay; a dropped frame's caption lines pass to the next kept frame),
then half size, which breaks the phone rule and so comes last; in the end the result alone.
`Animation.fits` tells whether even that fitted. Whatever the budget, at most MAX_FRAMES frames
are shown, chosen the same way; only the pictures of the frames still shown are kept.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from PIL import Image

import renderer
from renderer.canvas import (
    BOLD,
    FRAME,
    INK,
    INK_SOFT,
    INNER,
    KEY_TEXT,
    MARGIN,
    MIN_TEXT,
    RGB,
    SANS,
    WIDTH,
    Sheet,
    clip,
    wrap,
)
from renderer.encode import EXACT_COLOURS
from renderer.names import drawable

JSON = dict[str, Any]

MEDIA_TYPE = "image/gif"
EXTENSION = "gif"
# Discord takes 10 MB from a bot; 8 MB leaves room for the rest of the message.
DEFAULT_BUDGET = 8_000_000

# Pace, in milliseconds: long enough to read a caption, longer for the start and the result.
BASE_MS = 1000
PER_ROW_MS = 450
MAX_MS = 4000
START_MS = 2500
FINAL_BOARD_MS = 3500
RESULT_MS = 7000

# The caption band: a label row, then at most CAPTION_ROWS wrapped rows of caption, the newest
# lines kept. Captions name players, so they are key text (25 px: 9.1 px capitals on a phone).
CAPTION_ROWS = 5
CAPTION_SIZE = KEY_TEXT
CAPTION_PITCH = 33
LABEL_SIZE = MIN_TEXT + 2
BAND_PAD = 22
LABEL_ROW = 30

# One palette entry stays free for the transparency of unchanged pixels.
COLOURS = 255
# Sizes to try, as divisors of the full width. Half size is the only smaller step: a box filter
# over whole pixel blocks keeps text as crisp as it can be, while 3/4 size blurs every edge into
# new colours and comes out no smaller than full size.
REDUCTIONS = (1, 2)
PALETTE_SAMPLES = 8  # frames the octree looks at; colours barely change from frame to frame
# A replay is watched, not studied: at a second or more a frame, 120 frames are minutes already,
# and each is a picture to draw (a 20,000-change game had 5,000 key moments; audit of 2026-12-02).
# The move list (`/game export`, `skald replay`) has every change.
MAX_FRAMES = 120


@dataclass(frozen=True)
class Still:
    """One moment of a replay: a spectator view drawn as `kind`, with a label ("Move 12 of 80")
    and caption lines (public log lines, seats already named) telling what led to it; the seats
    are drawn under the names of who held them then."""

    view: JSON
    caption: tuple[str, ...] = ()
    label: str = ""
    kind: Literal["board", "outcome"] = "board"
    names: tuple[str, ...] = ()  # the seats' names at this moment (empty: the animation's)


@dataclass(frozen=True)
class Animation:
    """An encoded replay: the GIF bytes, which stills it shows, at what scale, and whether it fits."""

    data: bytes
    shown: tuple[int, ...]  # indices into the stills given, in order
    scale: float
    fits: bool
    durations: tuple[int, ...]  # ms per frame shown

    @property
    def frames(self) -> int:
        return len(self.shown)


def animate(stills: Sequence[Still], names: Sequence[str], *, budget: int = DEFAULT_BUDGET) -> Animation:
    """The stills as an animated GIF of at most `budget` bytes if at all possible (see module doc).

    Raises ValueError only for an empty sequence; anything else degrades, never fails."""
    if not stills:
        raise ValueError("A replay needs at least one picture.")
    shown = _at_most(len(stills), MAX_FRAMES)
    # Drawn as they are first shown and let go once they no longer are: frames only ever go.
    pictures: dict[int, _Picture] = {}
    reductions = list(REDUCTIONS)
    smallest: Animation | None = None
    while True:
        for index in set(pictures) - set(shown):
            del pictures[index]
        for index in shown:
            if index not in pictures:
                still = stills[index]
                pictures[index] = _Picture.of(renderer.draw(still.view, still.names or names, still.kind))
        animation = _encode(stills, pictures, shown, reductions[0], budget)
        if animation.fits:
            return animation
        if smallest is None or len(animation.data) < len(smallest.data):
            smallest = animation
        fewer = _thinned(shown, len(stills), len(animation.data), budget)
        if fewer != shown:
            shown = fewer
        elif len(reductions) > 1:
            reductions.pop(0)
        elif len(shown) > 1:
            shown = [len(stills) - 1]  # the result alone
        else:
            return smallest


# -- frames ---------------------------------------------------------------------------------

def captions(stills: Sequence[Still], shown: Sequence[int]) -> list[tuple[str, ...]]:
    """The caption of each shown still: its own lines after those of the stills dropped just
    before it, so a thinned replay still tells the whole story."""
    told: list[tuple[str, ...]] = []
    previous = -1
    for index in shown:
        told.append(tuple(line for still in stills[previous + 1:index + 1] for line in still.caption))
        previous = index
    return told


@lru_cache(maxsize=4096)
def _wrapped(line: str) -> tuple[str, ...]:
    return tuple(wrap(drawable(line), SANS, CAPTION_SIZE, INNER - 8))


def _kept_rows(caption: Sequence[str]) -> tuple[list[str], int]:
    """The newest lines that fit CAPTION_ROWS rows, and how many older lines were left out.
    A single line longer than the band is cut short."""
    rows: list[str] = []
    kept = 0
    for line in reversed(caption):
        wrapped = list(_wrapped(line))
        if len(rows) + len(wrapped) > CAPTION_ROWS:
            if not rows:
                rows = wrapped[:CAPTION_ROWS]
                rows[-1] = clip(rows[-1] + " …", SANS, CAPTION_SIZE, INNER - 8)
                kept = 1
            break
        rows = wrapped + rows
        kept += 1
    return rows, len(caption) - kept


def _band_rows(told: Sequence[Sequence[str]]) -> int:
    """The band is as tall as the longest caption needs (same for every frame)."""
    return max((len(_kept_rows(caption)[0]) for caption in told), default=0)


def caption_band(label: str, caption: Sequence[str], rows: int = CAPTION_ROWS) -> Sheet:
    """The band over a frame: the label, then the newest caption lines in `rows` rows (and how many
    older lines had no room)."""
    sheet = Sheet(2 * BAND_PAD + LABEL_ROW + rows * CAPTION_PITCH)
    lines, earlier = _kept_rows(caption)
    top = BAND_PAD
    sheet.text((MARGIN + 4, top + LABEL_ROW / 2), label, LABEL_SIZE, role="label", face=BOLD, fill=INK_SOFT,
               anchor="lm", max_width=INNER / 2)
    if earlier:
        more = f"+{earlier} earlier line{'s' if earlier != 1 else ''}"
        sheet.text((MARGIN + INNER - 4, top + LABEL_ROW / 2), more, LABEL_SIZE, role="label", face=BOLD,
                   fill=INK_SOFT, anchor="rm")
    y = top + LABEL_ROW + CAPTION_PITCH / 2
    for line in lines:
        sheet.text((MARGIN + 4, y), line, CAPTION_SIZE, role="name", face=SANS, fill=INK, anchor="lm")
        y += CAPTION_PITCH
    return sheet


@dataclass(frozen=True)
class _Picture:
    """A still's picture kept small until its frame is made: paletted as its PNG would be (exact
    painted colours, no dither), with the colours it painted. A 5-player table is 800×2800: in RGB
    two dozen of them, and the frames made of them, took half a gigabyte."""

    image: Image.Image
    colours: frozenset[RGB]

    @classmethod
    def of(cls, sheet: Sheet) -> _Picture:
        return cls(sheet.paletted(), frozenset(sheet.colours))


def _compose(band: Sheet, picture: _Picture, height: int, reduction: int) -> Image.Image:
    canvas = Image.new("RGB", (WIDTH, band.height + height), FRAME)
    canvas.paste(band.rgb(), (0, 0))
    canvas.paste(picture.image.convert("RGB"), (0, band.height))
    return canvas.reduce(reduction) if reduction > 1 else canvas


def _duration(position: int, count: int, rows: int) -> int:
    """Long enough to read the caption; the start, the final board and the result are held longer."""
    if position == count - 1:
        return RESULT_MS
    if position == 0:
        return START_MS
    if position == count - 2:
        return max(FINAL_BOARD_MS, BASE_MS + PER_ROW_MS * rows)
    return min(MAX_MS, BASE_MS + PER_ROW_MS * max(rows, 1))


# -- encoding -------------------------------------------------------------------------------

def _encode(stills: Sequence[Still], pictures: Mapping[int, _Picture], shown: Sequence[int], reduction: int,
            budget: int) -> Animation:
    told = captions(stills, shown)
    rows = _band_rows(told)
    height = max(pictures[i].image.height for i in shown)
    bands = [caption_band(stills[i].label, caption, rows) for i, caption in zip(shown, told, strict=True)]
    painted: set[RGB] = {FRAME}
    for band in bands:
        painted |= band.colours
    for i in shown:
        painted |= pictures[i].colours

    def frame(position: int) -> Image.Image:
        return _compose(bands[position], pictures[shown[position]], height, reduction)

    # Frames are made twice (a few for the palette, then each for good) rather than all held in
    # RGB at once: a frame is cheap to paste together and several megabytes to keep.
    step = max(1, len(shown) // PALETTE_SAMPLES)
    palette = _palette([_reduced(frame(p)) for p in range(0, len(shown), step)], painted)
    paletted = (frame(p).quantize(palette=palette, dither=Image.Dither.NONE) for p in range(len(shown)))
    durations = tuple(_duration(p, len(shown), len(_kept_rows(caption)[0])) for p, caption in enumerate(told))
    out = io.BytesIO()
    first = next(paletted)
    if len(shown) == 1:
        first.save(out, "GIF", optimize=False)
    else:
        # disposal 1: each frame stays under the next, whose unchanged pixels are transparent. The
        # frames are made as Pillow asks for them, so they are not held twice.
        first.save(out, "GIF", save_all=True, append_images=paletted, duration=list(durations), loop=0,
                   disposal=1, optimize=True)
    data = out.getvalue()
    return Animation(data, tuple(shown), 1 / reduction, len(data) <= budget, durations)


def _reduced(frame: Image.Image) -> Image.Image:
    """A frame 4× smaller for the octree: flat fills kept exactly, edge blends roughly (renderer/encode.py)."""
    return frame.reduce(4) if min(frame.size) >= 64 else frame


def _palette(small: Sequence[Image.Image], painted: set[RGB]) -> Image.Image:
    """One palette of COLOURS entries for every frame: painted colours exactly, then octree colours
    from a few frames (`_reduced`), as for still PNGs."""
    fixed = sorted(painted)[:EXACT_COLOURS]
    montage = Image.new("RGB", (small[0].width, sum(s.height for s in small)))
    y = 0
    for sample in small:
        montage.paste(sample, (0, y))
        y += sample.height
    octree = montage.quantize(COLOURS - len(fixed), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    entries = [channel for colour in fixed for channel in colour]
    entries += (octree.getpalette() or [])[: 3 * (COLOURS - len(fixed))]
    palette = Image.new("P", (1, 1))
    palette.putpalette(entries)
    return palette


def _ends(total: int) -> set[int]:
    """The stills always shown: the first (the start) and the last two (the final board, the result)."""
    return {0, max(0, total - 2), total - 1}


def _at_most(total: int, count: int) -> list[int]:
    """Every still, or `count` of them when there are more: the ends and the others spread evenly."""
    if total <= count:
        return list(range(total))
    ends = _ends(total)
    middle = [i for i in range(total) if i not in ends]
    return sorted(ends | set(_spread(middle, count - len(ends))))


def _thinned(shown: Sequence[int], total: int, size: int, budget: int) -> list[int]:
    """Fewer frames for the next try, about in proportion to how far over budget the last one was.

    The first still (the start) and the last two (the final board, the result) always stay; the
    others kept are spread evenly. Returns `shown` unchanged when nothing more can go."""
    ends = _ends(total)
    middle = [i for i in shown if i not in ends]
    if not middle:
        return list(shown)
    # 0.9: a frame costs more once its neighbours go, since more of the picture changed meanwhile.
    wanted = max(0, min(int(len(shown) * budget / size * 0.9) - len(ends), len(middle) - 1))
    return sorted(ends | set(_spread(middle, wanted)))


def _spread(items: Sequence[int], count: int) -> list[int]:
    """`count` of `items`, evenly spaced, the first and last among them when count >= 2."""
    if count <= 0:
        return []
    if count == 1:
        return [items[len(items) // 2]]
    return [items[round(k * (len(items) - 1) / (count - 1))] for k in range(count)]
