"""PNG encoding: a 256-colour palette chosen and applied in Pillow's C code, packed quickly.

Flat pictures lose nothing visible in a palette and the file is several times smaller, which
Discord uploads and phones appreciate. A sheet's palette is made from what it painted: its
fills and inks exactly, then for each colour of text on its ground the shades of the text's
antialiased edge (2026-12-01: the octree over a reduced copy it replaces cost 2 of a 5-player
board's 15 ms, under load the main cost is pictures). A replay GIF's one palette for all its
frames is made in renderer/replay.py. No Python loop visits the picture's pixels.

The PNG's chunks are written here so its pixels can be deflated by ISA-L (python-isal), not
zlib (2026-12-01): a 5-player board's 2.2 MB of rows took zlib 5.4 ms at level 3 (101 KB), ISA-L
0.8 ms at level 1 (109 KB). Under load pictures are the main cost; 8% more bytes to upload is not.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Collection, Sequence

from isal import isal_zlib
from PIL import Image

RGB = tuple[int, int, int]
Blend = tuple[RGB, RGB]  # (ink, ground) of antialiased text

PALETTE = 256
# At most this many painted colours go in exactly; edge shades (a replay: octree colours) fill the rest.
EXACT_COLOURS = 128
PACK_LEVEL = 1  # ISA-L's: its 2 packs no smaller here, its 3 takes 3.5 times as long
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BLEND_STEPS = 7  # edge shades per (ink, ground): coverage in eighths, as near as a palette needs


def to_png(image: Image.Image, exact: Collection[RGB], blends: Collection[Blend]) -> bytes:
    """PNG bytes of a sheet, quantized without dithering (dither noise would fringe every
    letter) to the palette of what it painted."""
    return pack_png(image.quantize(palette=palette_image(painted_palette(exact, blends)), dither=Image.Dither.NONE))


def pack_png(paletted: Image.Image) -> bytes:
    """A paletted picture as an 8-bit indexed PNG, its rows unfiltered (a flat picture packs as
    well without filters) and deflated by ISA-L."""
    if paletted.mode != "P":
        raise ValueError(f"pack_png takes a paletted picture, not mode {paletted.mode}")
    width, height = paletted.size
    # Each PNG row starts with its filter byte (0, none): the picture pasted one pixel right on a
    # zeroed canvas one pixel wider gives exactly those rows, without a Python loop.
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(paletted, (1, 0))
    palette = paletted.getpalette() or []
    return b"".join((
        PNG_SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        _chunk(b"PLTE", bytes(palette[: 3 * PALETTE])),
        _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), PACK_LEVEL)),
        _chunk(b"IEND", b""),
    ))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


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
