"""Paletted pictures: the palette a sheet fills as it paints, and its PNG, packed quickly.

Flat pictures lose nothing visible in a palette and the file is several times smaller, which
Discord uploads and phones appreciate. A sheet paints palette indices, not colours
(2026-12-01): each fill and ink gets an entry as it is first used, and each colour of text on
its ground the shades of its antialiased edge, in eighths of coverage. The picture is then
already its PNG's pixels: nothing is quantized afterwards (quantizing an RGB sheet was 29% of
the render processes' time at 200 tables). A replay GIF's one palette for all its frames is
made in renderer/replay.py. No Python loop visits the picture's pixels.

The PNG's chunks are written here so its pixels can be deflated by ISA-L (python-isal), not
zlib (2026-12-01): a 5-player board's 2.2 MB of rows took zlib 5.4 ms at level 3 (101 KB), ISA-L
0.8 ms at level 1 (109 KB). Under load pictures are the main cost; 8% more bytes to upload is not.
"""

from __future__ import annotations

import struct
import zlib

from isal import isal_zlib
from PIL import Image

RGB = tuple[int, int, int]
Blend = tuple[RGB, RGB]  # (ink, ground) of antialiased text

PALETTE = 256
# Edge shades stop taking entries when only this many are left, so a colour painted late is
# still exact (a picture paints about 30 colours; every picture together, 43).
EXACT_RESERVE = 48
# A replay's shared palette keeps at most this many painted colours exactly.
EXACT_COLOURS = 128
SHADES = 7  # edge shades per (ink, ground): coverage in eighths, as near as a palette needs
PACK_LEVEL = 1  # ISA-L's: its 2 packs no smaller here, its 3 takes 3.5 times as long
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Coverage (0–255) of a text pixel -> its level: 0 leaves the pixel alone, SHADES + 1 is the ink.
LEVEL_OF = [round(coverage * (SHADES + 1) / 255) for coverage in range(256)]


class Inks:
    """A picture's palette, filled as it paints: an index per colour, and for each (ink,
    ground) of text the indices of its edge's shades."""

    def __init__(self) -> None:
        self.colours: list[RGB] = []
        self._index: dict[RGB, int] = {}
        self._shades: dict[Blend, list[int]] = {}
        self._near: dict[RGB, int] = {}  # colours that found no room, to their nearest entry

    def of(self, colour: RGB) -> int:
        """The index of `colour`, given a new entry if there is room, else the nearest."""
        index = self._index.get(colour)
        return index if index is not None else self._entry(colour, PALETTE)

    def shades(self, ink: RGB, ground: RGB) -> list[int]:
        """A 256-entry lookup from a text pixel's level to its index: ground, the edge's shades,
        then ink (the rest unused). Shades find the nearest entry once the palette is nearly full."""
        lookup = self._shades.get((ink, ground))
        if lookup is None:
            steps = SHADES + 1
            levels = [self.of(ground)]
            for step in range(1, steps):
                shade = (round(ground[0] + (ink[0] - ground[0]) * step / steps),
                         round(ground[1] + (ink[1] - ground[1]) * step / steps),
                         round(ground[2] + (ink[2] - ground[2]) * step / steps))
                found = self._index.get(shade)
                levels.append(found if found is not None else self._entry(shade, PALETTE - EXACT_RESERVE))
            levels.append(self.of(ink))
            lookup = self._shades[(ink, ground)] = levels + [0] * (256 - len(levels))
        return lookup

    def entries(self) -> list[int]:
        """The palette as Pillow's `putpalette` takes it."""
        return [channel for colour in self.colours for channel in colour] or [0, 0, 0]

    def _entry(self, colour: RGB, limit: int) -> int:
        """A new entry for `colour` while the palette has fewer than `limit`, else the nearest."""
        if len(self.colours) < limit:
            index = self._index[colour] = len(self.colours)
            self.colours.append(colour)
            return index
        near = self._near.get(colour)
        if near is None:
            near = self._near[colour] = min(range(len(self.colours)),
                                            key=lambda i: _distance(self.colours[i], colour))
        return near


def _distance(a: RGB, b: RGB) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2


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
    palette = paletted.getpalette() or [0, 0, 0]
    return b"".join((
        PNG_SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        _chunk(b"PLTE", bytes(palette[: 3 * PALETTE])),
        _chunk(b"IDAT", isal_zlib.compress(rows.tobytes(), PACK_LEVEL)),
        _chunk(b"IEND", b""),
    ))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
