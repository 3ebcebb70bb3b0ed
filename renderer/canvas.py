"""Drawing surface shared by every game's pictures: shipped fonts, the sheet, and what it drew.

Pictures are opaque parchment sheets inside a dark frame, so they read the same on Discord's
dark and light themes. Every picture is `WIDTH` pixels wide and a phone shows it about
`PHONE_WIDTH` wide, half size (docs/renderer.md, 2026-12-01). So that it reads there without
zooming, every text is painted at `MIN_TEXT` px or more (2026-12-02; names, points, coins and card
values, the `KEY_ROLES`, were first, at `KEY_TEXT`), which makes its capitals and digits at least
9 px tall on the phone (renderer/legibility.py measures it). Text that would have to shrink
further is cut short, or said in fewer words.

A sheet records every line of text it paints (`Sheet.texts`) with its size and role, so tests
can check that rule on any picture, and the colours it paints. It paints palette indices, not
colours: its palette (`Sheet.inks`) fills as it paints, each colour and each text edge's shades
taking entries as they are first used, so the picture is its PNG's pixels with nothing left to
quantize (renderer/encode.py). Shapes are not antialiased (Pillow's never were); text is, in
eighths of coverage blended into the colour under the corner of its box.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Literal, NamedTuple, overload

from PIL import Image, ImageDraw, ImageFont

from renderer.encode import LEVEL_OF, Inks, pack_png

FONT_DIR = Path(__file__).with_name("fonts")

# The three faces shipped in renderer/fonts (DejaVu, see LICENSE.txt there).
SANS = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
SERIF = "DejaVuSerif-Bold.ttf"

RGB = tuple[int, int, int]

FRAME: RGB = (43, 33, 24)
PARCHMENT: RGB = (241, 230, 203)
PARCHMENT_DARK: RGB = (226, 210, 174)
INK: RGB = (40, 30, 22)
INK_SOFT: RGB = (105, 88, 70)
GOLD: RGB = (214, 160, 40)
HIGHLIGHT: RGB = (228, 92, 32)
WHITE: RGB = (255, 255, 255)

WIDTH = 800  # every picture; a phone shows it PHONE_WIDTH wide
PHONE_WIDTH = 400
FRAME_WIDTH = 8
MARGIN = 24
INNER = WIDTH - 2 * MARGIN

# What a line of text is: names, points, coins and card values are what a player reads at a
# glance; labels, headings and hints are the rest. Since 2026-12-02 both read on a phone alike.
Role = Literal["name", "points", "coin", "card", "label"]
KEY_ROLES: frozenset[str] = frozenset({"name", "points", "coin", "card"})
# The size that gives at WIDTH (DejaVu's capitals are 0.729 of the font size): 25 px draws 18.2 px
# capitals, 9.1 px at half size.
KEY_TEXT = 25
MIN_TEXT = 25
# How wide a player's name may be inside a sentence ("Name: take a card"), so a 32-character
# Discord name leaves room for what the sentence says.
NAME_IN_SENTENCE = 440


@cache
def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """A shipped face at `size` pixels; loaded once per process."""
    return ImageFont.truetype(str(FONT_DIR / face), size)


@cache
def cap_ratio(face: str) -> float:
    """Height of the face's capitals (and, near enough, digits) per pixel of font size."""
    top = font(face, 1000).getbbox("H", anchor="ls")[1]
    return -float(top) / 1000


@lru_cache(maxsize=16384)
def text_width(text: str, face: str, size: int) -> float:
    """Advance width of `text` in pixels; cached, since the same labels are measured on every render."""
    return font(face, size).getlength(text)


@lru_cache(maxsize=8192)
def text_stamp(text: str, face: str, size: int, anchor: str) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """One line of text as coverage levels (a "P" image of 0 to 8, which a sheet maps to its
    ink's shades), the mask of the pixels it paints, and its offset from the anchor point.

    The same numbers, names and labels come back on every render; rasterizing each once and
    pasting it afterwards is several times cheaper than asking FreeType again.
    """
    chosen = font(face, size)
    left, top, right, bottom = chosen.getbbox(text, anchor=anchor)
    coverage = Image.new("L", (max(1, int(right - left)), max(1, int(bottom - top))), 0)
    ImageDraw.Draw(coverage).text((-left, -top), text, font=chosen, fill=255, anchor=anchor)
    levels = coverage.point(LEVEL_OF)
    painted = levels.point([0] + [255] * 255)
    return Image.frombytes("P", levels.size, levels.tobytes()), painted, (int(left), int(top))


FRAME_RADIUS = 18


# A framed sheet's first two palette entries: its frame, then its background.
FRAME_INDEX, GROUND_INDEX = 0, 1


@cache
def frame_ends(width: int) -> Image.Image:
    """A framed sheet just tall enough for the frame's rounded corners, top and bottom."""
    height = 2 * (FRAME_WIDTH + FRAME_RADIUS + 2)
    strip = Image.new("P", (width, height), FRAME_INDEX)
    inner = (FRAME_WIDTH, FRAME_WIDTH, width - FRAME_WIDTH - 1, height - FRAME_WIDTH - 1)
    ImageDraw.Draw(strip).rounded_rectangle(inner, radius=FRAME_RADIUS, fill=GROUND_INDEX)
    return strip


# Boxes up to this size are drawn once and pasted after (cards, coins' plates, cells): Pillow
# draws a rounded box in Python, about 60 µs. Nine random games made 1,136 tiles, 26 MB (23 KB
# each, 108 KB at most): 1,024 kept is about 24 MB per render process.
BOX_TILE_MAX = 400
BOX_TILES = 1024


@lru_cache(maxsize=BOX_TILES)
def box_tile(rect: tuple[float, float, float, float], filled: bool, outlined: bool, width: int,
             radius: int, corners: tuple[bool, bool, bool, bool] | None) -> tuple[Image.Image, Image.Image]:
    """A rounded box drawn at `rect` on a tile (1 where filled, 2 on the outline, for a sheet to
    map to its colours), and the mask of the pixels it covers."""
    size = (math.ceil(rect[2]) + 2, math.ceil(rect[3]) + 2)
    tile = Image.new("P", size, 0)
    ImageDraw.Draw(tile).rounded_rectangle(rect, radius=radius, fill=1 if filled else None,
                                           outline=2 if outlined else None, width=width, corners=corners)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(rect, radius=radius, fill=255 if filled else None,
                                           outline=255 if outlined else None, width=width, corners=corners)
    return tile, mask


class Drawn(NamedTuple):
    """One line of text a sheet painted, at the size it was painted (after shrinking to fit)."""

    text: str
    face: str
    size: int
    role: Role

    def ink_at(self, picture_width: int, shown_width: int = PHONE_WIDTH) -> float:
        """Height of its capitals and digits when the picture is shown `shown_width` px wide."""
        return self.size * cap_ratio(self.face) * shown_width / picture_width

    def size_at(self, picture_width: int, shown_width: int = PHONE_WIDTH) -> float:
        """Its font size when the picture is shown `shown_width` px wide."""
        return self.size * shown_width / picture_width


class Sheet:
    """A framed parchment picture with the few drawing moves every game needs.

    Game code paints through these methods only, so `texts` and `colours` stay complete and
    `image` holds indices into `inks` (`paletted` and `rgb` give the picture itself).
    """

    def __init__(self, height: int, width: int = WIDTH, background: RGB = PARCHMENT, *, framed: bool = True) -> None:
        self.inks = Inks()
        self.texts: list[Drawn] = []
        self.colours: set[RGB] = set()
        frame = self._ink(FRAME) if framed else 0  # FRAME_INDEX, then the ground is GROUND_INDEX
        self.ground = self._ink(background)
        self.image = Image.new("P", (width, height), self.ground)
        self.draw = ImageDraw.Draw(self.image)
        if framed:
            # The frame's rounded ends come from a short framed strip, the sides are two bars:
            # the same pixels as one rounded box over the whole sheet, at a third of the cost.
            ends = frame_ends(width)
            if (frame, self.ground) != (FRAME_INDEX, GROUND_INDEX):  # a parchment the frame's colour
                ends = _mapped(ends, [frame, self.ground] + [0] * 254)
            half = ends.height // 2
            if height >= 2 * half:
                self.image.paste(ends.crop((0, 0, width, half)), (0, 0))
                self.image.paste(ends.crop((0, half, width, ends.height)), (0, height - (ends.height - half)))
                self.draw.rectangle((0, half, FRAME_WIDTH - 1, height - half), fill=frame)
                self.draw.rectangle((width - FRAME_WIDTH, half, width - 1, height - half), fill=frame)
            else:
                self.draw.rectangle((0, 0, width - 1, height - 1), fill=frame)
                inner = (FRAME_WIDTH, FRAME_WIDTH, width - FRAME_WIDTH - 1, height - FRAME_WIDTH - 1)
                self.draw.rounded_rectangle(inner, radius=FRAME_RADIUS, fill=self.ground)

    def paste(self, layer: Sheet, xy: tuple[int, int]) -> None:
        """Copy a prepared (cached) layer onto this sheet, its indices mapped to this sheet's
        palette, with what it drew."""
        lookup = [self.inks.of(colour) for colour in layer.inks.colours]
        self.image.paste(_mapped(layer.image, lookup + [0] * (256 - len(lookup))), xy)
        self.texts.extend(layer.texts)
        self.colours.update(layer.colours)

    @property
    def width(self) -> int:
        return self.image.width

    @property
    def height(self) -> int:
        return self.image.height

    def text(self, xy: tuple[float, float], text: str, size: int, *, role: Role, face: str = SANS,
             fill: RGB = INK, anchor: str = "la", max_width: float | None = None, tail: str = "") -> float:
        """Draw one line; shrink it (not under its role's floor), then cut it short, to fit
        `max_width` when given. `tail` is kept whole after the cut, e.g. a name's " (you)".
        Returns the drawn width."""
        chosen = fit(text + tail, face, size, max_width, role)
        if max_width is not None:
            text = clip(text, face, chosen, max_width - text_width(tail, face, chosen))
        text += tail
        self.stamp(xy, text, face, chosen, fill, anchor, role)
        return text_width(text, face, chosen)

    def stamp(self, xy: tuple[float, float], text: str, face: str, size: int, fill: RGB, anchor: str,
              role: Role) -> None:
        """Paint one line of text through its cached coverage levels, and record it."""
        if not text:
            return
        levels, painted, (dx, dy) = text_stamp(text, face, size, anchor)
        at = (round(xy[0]) + dx, round(xy[1]) + dy)
        under = self.ground
        if 0 <= at[0] < self.image.width and 0 <= at[1] < self.image.height:
            corner = self.image.getpixel(at)  # a corner of the text's box: what its edges blend into
            if isinstance(corner, int):
                under = corner
        self._ink(fill)
        self.image.paste(_mapped(levels, self.inks.shades(fill, self.inks.colours[under])), at, painted)
        self.texts.append(Drawn(text, face, size, role))

    def lines(self, x: float, y: float, lines: list[str], size: int, *, role: Role, pitch: float,
              face: str = BOLD, fill: RGB = INK, anchor: str = "la") -> float:
        """Draw wrapped lines `pitch` apart from `y`; returns the y under the last."""
        for line in lines:
            self.stamp((x, y), line, face, size, fill, anchor, role)
            y += pitch
        return y

    def box(self, rect: tuple[float, float, float, float], fill: RGB | None, *, outline: RGB | None = None,
            width: int = 2, radius: int = 10,
            corners: tuple[bool, bool, bool, bool] | None = None) -> None:
        """A rounded box; `corners` (top left, top right, bottom right, bottom left) says which
        corners are rounded, all by default."""
        x0, y0, x1, y1 = rect
        # Moved by an even number of pixels (Pillow rounds halves to even) a box comes out the
        # same, so the tile keeps the corners' place within two pixels.
        left, top = 2 * math.floor(x0 / 2), 2 * math.floor(y0 / 2)
        inside, edge = self._ink(fill), self._ink(outline)
        if max(x1 - x0, y1 - y0) <= BOX_TILE_MAX:
            tile, mask = box_tile((x0 - left, y0 - top, x1 - left, y1 - top), fill is not None, outline is not None,
                                  width, radius, corners)
            lookup = [0, inside or 0, edge or 0] + [0] * 253
            self.image.paste(_mapped(tile, lookup), (left, top), mask)
        else:
            self.draw.rounded_rectangle(rect, radius=radius, fill=inside, outline=edge, width=width, corners=corners)

    def line(self, points: tuple[float, float, float, float], fill: RGB, width: int = 2) -> None:
        self.draw.line(points, fill=self._ink(fill), width=width)

    def polyline(self, points: list[tuple[float, float]], fill: RGB, width: int = 2) -> None:
        """Connected segments with rounded joints (a chart's line)."""
        self.draw.line(points, fill=self._ink(fill), width=width, joint="curve")

    def ellipse(self, rect: tuple[float, float, float, float], fill: RGB | None, *, outline: RGB | None = None,
                width: int = 2) -> None:
        self.draw.ellipse(rect, fill=self._ink(fill), outline=self._ink(outline), width=width)

    def polygon(self, points: list[tuple[float, float]], fill: RGB, outline: RGB | None = None) -> None:
        self.draw.polygon(points, fill=self._ink(fill), outline=self._ink(outline))

    def coin(self, center: tuple[float, float], radius: int, label: str, *, fill: RGB, ink: RGB = INK,
             rim: RGB = FRAME, size: int = KEY_TEXT) -> None:
        """A round coin with its value."""
        x, y = center
        self.ellipse((x - radius, y - radius, x + radius, y + radius), fill, outline=rim, width=3)
        self.stamp((x, y), label, BOLD, fit(label, BOLD, size, radius * 1.7, "coin"), ink, "mm", "coin")

    def paletted(self) -> Image.Image:
        """The picture: `image` with its palette put in (the sheet's own image, not a copy)."""
        self.image.putpalette(self.inks.entries())
        return self.image

    def rgb(self) -> Image.Image:
        """The picture in RGB (tests, a replay's frames)."""
        return self.paletted().convert("RGB")

    def png(self) -> bytes:
        """The picture as PNG bytes, in the palette it painted."""
        return pack_png(self.paletted())

    @overload
    def _ink(self, colour: RGB) -> int: ...
    @overload
    def _ink(self, colour: RGB | None) -> int | None: ...
    def _ink(self, colour: RGB | None) -> int | None:
        """The palette index to paint `colour` with, recorded as painted."""
        if colour is None:
            return None
        self.colours.add(colour)
        return self.inks.of(colour)


def _mapped(image: Image.Image, lookup: list[int]) -> Image.Image:
    """`image.point(lookup)` for a 256-entry table of ints, without the Python pass `point`
    makes over every table to round it: 400 stamps and boxes a picture, that pass was a
    third of drawing one (Pillow's own core call, pinned with Pillow ~=13.0)."""
    return image._new(image.im.point(lookup, None))


def fit(text: str, face: str, size: int, max_width: float | None, role: Role) -> int:
    """The largest size not above `size` (nor under `least_size(size)`) at which `text` fits
    `max_width`."""
    if max_width is None:
        return size
    floor = least_size(size)
    while size > floor and text_width(text, face, size) > max_width:
        size -= 1
    return size


def least_size(size: int) -> int:
    """The smallest size `Sheet.text` shrinks text of `size` to before cutting it short: 80% of
    it, and never under `MIN_TEXT`."""
    return max(min(size, MIN_TEXT), int(size * 0.8))


def clip(text: str, face: str, size: float, max_width: float) -> str:
    """`text`, cut short with an ellipsis if it is wider than `max_width`."""
    size = int(size)
    if text_width(text, face, size) <= max_width:
        return text
    while text and text_width(text + "…", face, size) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, face: str, size: int, max_width: float, max_lines: int | None = None) -> list[str]:
    """Greedy word wrap at `max_width` pixels; with `max_lines`, the last line kept is cut short
    with "…" when text is left over, and a word wider than a line is cut short too."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and text_width(candidate, face, size) > max_width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    lines = [clip(line, face, size, max_width) for line in lines]
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = clip(lines[-1] + " …", face, size, max_width)
    return lines


def wrap_parts(parts: Sequence[str], face: str, size: int, max_width: float, sep: str = " · ") -> list[str]:
    """`parts` joined with `sep`, a new line wherever the next part would not fit `max_width`, so
    a line never breaks inside a part ("hand 5 · pile 20" over "discarded 0"); a part wider than
    a line is word-wrapped on its own lines."""
    lines: list[str] = []
    for part in parts:
        if lines and text_width(f"{lines[-1]}{sep}{part}", face, size) <= max_width:
            lines[-1] = f"{lines[-1]}{sep}{part}"
        else:
            lines.extend(wrap(part, face, size, max_width) or [""])
    return lines
