"""PNG encoding: a 256-colour palette chosen and applied in Pillow's C code, packed quickly.

Flat pictures lose nothing visible in a palette and the file is several times smaller, which
Discord uploads and phones appreciate. A sheet's palette is made from what it painted: its
fills and inks exactly, then for each colour of text on its ground the shades of the text's
antialiased edge (2026-12-01: the octree over a reduced copy it replaces cost 2 of a 5-player
board's 15 ms, under load the main cost is pictures). A replay GIF's one palette for all its
frames is made in renderer/replay.py. No Python loop visits the picture's pixels.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Sequence

from PIL import Image

RGB = tuple[int, int, int]
Blend = tuple[RGB, RGB]  # (ink, ground) of antialiased text

PALETTE = 256
# At most this many painted colours go in exactly; edge shades (a replay: octree colours) fill the rest.
EXACT_COLOURS = 128
PACK_LEVEL = 3  # zlib: nearly as small as 6 here, in a third of the time
BLEND_STEPS = 7  # edge shades per (ink, ground): coverage in eighths, as near as a palette needs


def to_png(image: Image.Image, exact: Collection[RGB], blends: Collection[Blend]) -> bytes:
    """PNG bytes of a sheet, quantized without dithering (dither noise would fringe every
    letter) to the palette of what it painted. zlib level 3 packs nearly as well as 6 here in a
    third of the time."""
    paletted = image.quantize(palette=palette_image(painted_palette(exact, blends)), dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, "PNG", compress_level=PACK_LEVEL)
    return out.getvalue()


def painted_palette(exact: Collection[RGB], blends: Collection[Blend]) -> list[RGB]:
    """Up to 256 colours from the paints alone: the same paints always give the same palette."""
    colours = sorted(exact)[:EXACT_COLOURS]
    seen = set(colours)
    pairs = sorted({(ink, ground) for ink, ground in blends if ink != ground})
    steps = max(1, min(BLEND_STEPS, (PALETTE - len(colours)) // max(1, len(pairs))))
    for ink, ground in pairs:
        for step in range(1, steps + 1):
            share = step / (steps + 1)
            shade = (round(ground[0] + (ink[0] - ground[0]) * share), round(ground[1] + (ink[1] - ground[1]) * share),
                     round(ground[2] + (ink[2] - ground[2]) * share))
            if shade not in seen and len(colours) < PALETTE:
                seen.add(shade)
                colours.append(shade)
    return colours


def palette_image(colours: Sequence[RGB]) -> Image.Image:
    """A palette image for `Image.quantize`, padded with its own last colour (never black
    that nothing painted)."""
    padded = list(colours) + [colours[-1]] * (PALETTE - len(colours))
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in padded for channel in colour])
    return palette
