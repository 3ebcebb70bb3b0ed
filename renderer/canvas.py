"""Drawing surface shared by every game's pictures: shipped fonts, the sheet, PNG encoding.

Pictures are opaque parchment sheets inside a dark frame, so they read the same on
Discord's dark and light themes. Sizes are chosen so text stays legible when a phone
shows the picture at half its size: body text is never under 22 px.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

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

FRAME_WIDTH = 10
MARGIN = 28
# Phones show pictures at about half size: no text is drawn under 16 px (8 px there); text
# that does not fit at that size is cut short with an ellipsis instead of shrinking further.
MIN_TEXT = 16
# How wide a player's name may be inside a sentence ("Name: take a card"), so a 32-character
# Discord name leaves room for what the sentence says.
NAME_IN_SENTENCE = 400


@cache
def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """A shipped face at `size` pixels; loaded once per process."""
    return ImageFont.truetype(str(FONT_DIR / face), size)


@lru_cache(maxsize=16384)
def text_width(text: str, face: str, size: int) -> float:
    """Advance width of `text` in pixels; cached, since the same labels are measured on every render."""
    return font(face, size).getlength(text)


@cache
def _missing_glyph(face: str) -> tuple[tuple[int, int], bytes]:
    """What the face draws for a character it has no glyph for (U+FFFF is never a character)."""
    mask = font(face, 24).getmask("\uffff")
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def has_glyph(ch: str, face: str = BOLD) -> bool:
    """True when the face draws `ch` itself rather than its empty box (DejaVu has no CJK, for one)."""
    mask = font(face, 24).getmask(ch)
    return (mask.size, bytes(mask)) != _missing_glyph(face)


@lru_cache(maxsize=1024)
def drawable(text: str) -> str:
    """`text` without the characters the shipped fonts cannot draw: emoji and their joiners, and
    scripts DejaVu lacks such as CJK (Discord names are full of them; they would come out as
    empty boxes). Runs of spaces left behind are folded."""
    kept = "".join(ch for ch in text
                   if ord(ch) <= 0xFFFF and ch not in "\u200d\ufe0f\ufe0e" and (ch.isspace() or has_glyph(ch)))
    return " ".join(kept.split())


@lru_cache(maxsize=8192)
def text_stamp(text: str, face: str, size: int, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """The antialiased coverage of one line of text and its offset from the anchor point.

    The same numbers, names and labels come back on every render; rasterizing each once and
    pasting its mask afterwards is several times cheaper than asking FreeType again.
    """
    chosen = font(face, size)
    left, top, right, bottom = chosen.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, int(right - left)), max(1, int(bottom - top))), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=chosen, fill=255, anchor=anchor)
    return mask, (int(left), int(top))


def seat_name(names: Sequence[str], seat: int, *, size: int | None = None,
              max_width: float = NAME_IN_SENTENCE) -> str:
    """The player's name as the bot gave it, or "Seat N" when it gave none (or none we can draw).

    With `size`, the name is cut short (…) to `max_width` pixels of bold text at that size: a
    name inside a sentence must leave room for the rest of the sentence.
    """
    name = drawable(names[seat]) if 0 <= seat < len(names) else ""
    name = name or f"Seat {seat + 1}"
    return name if size is None else clip(name, BOLD, size, max_width)


class Sheet:
    """A framed parchment picture with the few drawing moves every game needs."""

    def __init__(self, width: int, height: int, background: RGB = PARCHMENT) -> None:
        self.image = Image.new("RGB", (width, height), FRAME)
        self.draw = ImageDraw.Draw(self.image)
        inner = (FRAME_WIDTH, FRAME_WIDTH, width - FRAME_WIDTH - 1, height - FRAME_WIDTH - 1)
        self.draw.rounded_rectangle(inner, radius=18, fill=background)

    @classmethod
    def from_image(cls, image: Image.Image) -> Sheet:
        """A sheet drawing on a copy of a prepared (cached) background."""
        sheet = cls.__new__(cls)
        sheet.image = image.copy()
        sheet.draw = ImageDraw.Draw(sheet.image)
        return sheet

    @property
    def width(self) -> int:
        return self.image.width

    @property
    def height(self) -> int:
        return self.image.height

    def text(self, xy: tuple[float, float], text: str, size: int, *, face: str = SANS, fill: RGB = INK,
             anchor: str = "la", max_width: float | None = None, tail: str = "") -> float:
        """Draw one line; shrink it (then cut it short) to `max_width` when given. `tail` is
        kept whole after the cut, e.g. a name's " (you)". Returns the drawn width."""
        chosen = fit(text + tail, face, size, max_width)
        if max_width is not None:
            text = clip(text, face, chosen.size, max_width - text_width(tail, face, int(chosen.size)))
        text += tail
        self.stamp(xy, text, face, int(chosen.size), fill, anchor)
        return text_width(text, face, int(chosen.size))

    def stamp(self, xy: tuple[float, float], text: str, face: str, size: int, fill: RGB, anchor: str) -> None:
        """Paint one line of text through its cached coverage mask."""
        if not text:
            return
        mask, (dx, dy) = text_stamp(text, face, size, anchor)
        self.image.paste(fill, (round(xy[0]) + dx, round(xy[1]) + dy), mask)

    def box(self, rect: tuple[float, float, float, float], fill: RGB | None, *, outline: RGB | None = None,
            width: int = 2, radius: int = 10) -> None:
        """A rounded box."""
        self.draw.rounded_rectangle(rect, radius=radius, fill=fill, outline=outline, width=width)

    def coin(self, center: tuple[float, float], radius: int, label: str, *, fill: RGB, ink: RGB = INK,
             rim: RGB = FRAME, size: int | None = None) -> None:
        """A round coin with its value."""
        x, y = center
        self.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=rim, width=3)
        self.stamp((x, y), label, BOLD, int(fit(label, BOLD, size or radius, radius * 1.7).size), ink, "mm")

    def png(self) -> bytes:
        return to_png(self.image)


def fit(text: str, face: str, size: int, max_width: float | None) -> ImageFont.FreeTypeFont:
    """The largest size not above `size` (nor under 80% of it or `MIN_TEXT`) at which `text` fits."""
    if max_width is None:
        return font(face, size)
    floor = max(min(size, MIN_TEXT), int(size * 0.8))
    while size > floor and text_width(text, face, size) > max_width:
        size -= 1
    return font(face, size)


def clip(text: str, face: str, size: float, max_width: float) -> str:
    """`text`, cut short with an ellipsis if it is wider than `max_width`."""
    size = int(size)
    if text_width(text, face, size) <= max_width:
        return text
    while text and text_width(text + "…", face, size) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, face: str, size: int, max_width: float) -> list[str]:
    """Greedy word wrap at `max_width` pixels."""
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
    return lines


# Palette entries kept for the picture's most common colours, exactly as drawn; the rest of
# the 256 come from an octree over the picture (the blends at edges and text).
EXACT_COLOURS = 96


def palette_for(image: Image.Image) -> Image.Image:
    """A 256-colour palette for `image`, chosen on a quarter-size copy.

    The box filter keeps the flat fills exactly and the edge blends roughly, so the choice is
    as good as on every pixel and three times faster. The most common colours go in exactly:
    an octree alone would shift a large fill by a few steps and tint it.
    """
    small = image.reduce(4)
    counts = small.getcolors(small.width * small.height) or []
    common = [colour for _, colour in sorted(((n, c) for n, c in counts if isinstance(c, tuple)), reverse=True)]
    common = common[:EXACT_COLOURS]
    octree = small.quantize(256 - len(common), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    entries: list[int] = [int(channel) for colour in common for channel in colour]
    entries += (octree.getpalette() or [])[: 3 * (256 - len(common))]
    palette = Image.new("P", (1, 1))
    palette.putpalette(entries + [0] * (768 - len(entries)))
    return palette


def to_png(image: Image.Image) -> bytes:
    """PNG bytes, quantized to a 256-colour palette (see `palette_for`): flat pictures lose
    nothing visible and the file is several times smaller, which Discord uploads and phones
    appreciate. zlib level 3 packs nearly as well as 6 here in a third of the time."""
    paletted = image.quantize(palette=palette_for(image), dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, "PNG", compress_level=3)
    return out.getvalue()
