"""Players' names in pictures: what the fonts can draw, the "Seat N" fallback, engine texts renamed,
and long names shortened so that players stay apart (docs/renderer.md, 2026-12-02)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from engine.views import replace_seats, seat_label
from renderer.canvas import BOLD, NAME_IN_SENTENCE, clip, font, least_size, text_width

ELLIPSIS = "…"


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
              max_width: float = NAME_IN_SENTENCE, face: str = BOLD) -> str:
    """The player's name as the bot gave it, or "Seat N" when it gave none (or none we can draw).

    With `size`, a name wider than `max_width` pixels of `face` at that size is shortened by
    `short_names` beside the other players' names, so no two players read alike: a name inside
    a sentence must leave room for the rest of it, a name in a slot must fit the slot.
    """
    shown = _shown(tuple(names))
    name = shown[seat] if 0 <= seat < len(shown) else seat_label(seat)
    if size is None:
        return name
    if not 0 <= seat < len(shown):
        return clip(name, face, size, max_width)
    return short_names(shown, max_width, face=face, size=size)[seat]


@lru_cache(maxsize=1024)
def _shown(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(drawable(name) or seat_label(seat) for seat, name in enumerate(names))


@lru_cache(maxsize=4096)
def short_names(names: tuple[str, ...], max_width: float, *, face: str = BOLD, size: int) -> tuple[str, ...]:
    """Each name as it fits `max_width` px of `face` at `size`, no two players' names shown alike.

    A name that fits stays whole; one that does not is cut at the end ("Ulfhild the Far-Tra…").
    Names that would then read alike are written shorter, a step at a time until they differ:
    the first words as initials ("U. the Far-Travelled", "U. t. Far-Travelled"), then the words
    before a capitalised one left out ("Far-Travelled"), each cut at the end if still too wide
    ("Far-Trav…"), last the name's end ("…the Younger"). Names alike at every step (the same
    name twice) stay cut at the end.
    """
    forms = [_forms(name) for name in names]
    steps = [0] * len(names)

    def shown(index: int) -> str:
        form = forms[index][steps[index]]
        if form is None:
            return _ending(names[index], face, size, max_width)
        return clip(form, face, size, max_width)

    def could_be(index: int, other: int, text: str) -> bool:
        """Whether `text`, the name at `index` shortened, could be read as the name at `other`
        written the same way: the same text, or a cut whose start that name also has."""
        if names[other] == names[index]:
            return False
        form = forms[other][min(steps[index], len(forms[other]) - 1)]
        start = text.removesuffix(ELLIPSIS)
        return text == texts[other] or (text.endswith(ELLIPSIS) and form is not None and form != start
                                        and form.startswith(start))

    while True:
        texts = [shown(i) for i in range(len(names))]
        alike = {k for i in range(len(names)) if texts[i] != names[i]
                 for j in range(len(names)) if could_be(i, j, texts[i]) for k in (i, j)}
        moving = [k for k in alike if texts[k] != names[k] and steps[k] < len(forms[k]) - 1]
        if not moving:
            break
        for k in moving:
            steps[k] += 1
    for i in range(len(names)):  # the same text at every step: nothing tells them apart, so the plain cut
        if any(texts[j] == texts[i] and names[j] != names[i] for j in range(len(names))):
            steps[i] = 0
    return tuple(shown(i) for i in range(len(names)))


def _forms(name: str) -> list[str | None]:
    """The ways to write `name`, longest first; None stands for its end ("…the Younger")."""
    words = name.split()
    initialled = [" ".join([word[0] + "." for word in words[:count]] + words[count:]) for count in range(1, len(words))]
    # left out up to a word that can stand for the name: "Far-Travelled", not "the Far-Travelled"
    dropped = [" ".join(words[count:]) for count in range(1, len(words)) if not words[count].islower()]
    return [name, *initialled, *dropped, None]


def _ending(name: str, face: str, size: int, max_width: float) -> str:
    """"…" and the longest end of `name` that fits `max_width`."""
    for cut in range(1, len(name)):
        shown = ELLIPSIS + name[cut:].lstrip()
        if text_width(shown, face, size) <= max_width:
            return shown
    return ELLIPSIS


def fitted_name(names: Sequence[str], seat: int, max_width: float, *, size: int, face: str = BOLD,
                around: str = "") -> str:
    """The seat's name for `Sheet.text` at `size` with `max_width`, sharing the line with `around`
    ("▶ ", " (you)", "Start · ", not included): shortened (`short_names`) only if it does not fit
    at the smallest size `Sheet.text` would shrink it to."""
    least = least_size(size)
    return seat_name(names, seat, size=least, max_width=max_width - text_width(around, face, least), face=face)


def name_seats(text: str, names: Sequence[str], *, size: int | None = None) -> str:
    """An engine text with each "Seat N" replaced by that player's name (see `seat_name`)."""
    return replace_seats(text, lambda seat: seat_name(names, seat, size=size))


def joined(words: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
