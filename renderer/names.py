"""Players' names in pictures: what the fonts can draw, the "Seat N" fallback, engine texts renamed."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from engine.views import replace_seats, seat_label
from renderer.canvas import BOLD, NAME_IN_SENTENCE, clip, font


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


def seat_name(names: Sequence[str], seat: int, *, size: int | None = None,
              max_width: float = NAME_IN_SENTENCE) -> str:
    """The player's name as the bot gave it, or "Seat N" when it gave none (or none we can draw).

    With `size`, the name is cut short (…) to `max_width` pixels of bold text at that size: a
    name inside a sentence must leave room for the rest of the sentence.
    """
    name = drawable(names[seat]) if 0 <= seat < len(names) else ""
    name = name or seat_label(seat)
    return name if size is None else clip(name, BOLD, size, max_width)


def name_seats(text: str, names: Sequence[str], *, size: int | None = None) -> str:
    """An engine text with each "Seat N" replaced by that player's name (see `seat_name`)."""
    return replace_seats(text, lambda seat: seat_name(names, seat, size=size))


def joined(words: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
