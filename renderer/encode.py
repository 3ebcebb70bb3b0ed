"""PNG encoding: a 256-colour palette chosen and applied in Pillow's C code, packed quickly.

Flat pictures lose nothing visible in a palette and the file is several times smaller, which
Discord uploads and phones appreciate. A sheet's palette is made from what it painted: its
fills and inks exactly, then for each colour of text on its ground the shades of the text's
antialiased edge (2026-12-01: the octree over a reduced copy it replaces cost 2 of a 5-player
board's 15 ms, under load the main cost is pictures). A picture whose painter kept no such record
gets octree colours from a quarter-size copy. No Python loop visits the picture's pixels.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Sequence

from PIL import Image

RGB = tuple[int, int, int]
Blend = tuple[RGB, RGB]  # (ink, ground) of antialiased text

PALETTE = 256
# At most this many painted colours go in exactly; the octree fills the rest of the palette.
EXACT_COLOURS = 128
PACK_LEVEL = 3  # zlib: nearly as small as 6 here, in a third of the time
BLEND_STEPS = 7  # edge shades per (ink, ground): coverage in eighths, as near as a palette needs


def palette_for(image: Image.Image, exact: Collection[RGB] = ()) -> Image.Image:
    """A 256-colour palette image for `image`: `exact` first, then octree colours.

    The octree runs on a 4× reduced copy (the box filter keeps flat fills exactly and the edge
    blends roughly): as good a choice as on every pixel, at a sixteenth of the work. An octree
    alone averages a large fill with its edges and shifts it (gold by 8 steps); with the painted
    colours in the palette a fill comes back within Pillow's lookup cells (4 steps).
    """
    fixed = sorted(exact)[:EXACT_COLOURS]
    small = image.reduce(4) if min(image.size) >= 64 else image
    octree = small.quantize(PALETTE - len(fixed), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    entries = [channel for colour in fixed for channel in colour]
    entries += (octree.getpalette() or [])[: 3 * (PALETTE - len(fixed))]
    palette = Image.new("P", (1, 1))
    palette.putpalette(entries + [0] * (3 * PALETTE - len(entries)))
    return palette


def to_png(image: Image.Image, exact: Collection[RGB] = (), blends: Collection[Blend] = ()) -> bytes:
    """PNG bytes, quantized without dithering (dither noise would fringe every letter) to the
    painted palette when the painter says what it painted (`exact`, `blends`), else to
    `palette_for(image)`. zlib level 3 packs nearly as well as 6 here in a third of the time."""
    palette = palette_image(painted_palette(exact, blends)) if exact else palette_for(image)
    paletted = image.quantize(palette=palette, dither=Image.Dither.NONE)
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
