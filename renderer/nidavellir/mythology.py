"""How Idavoll's mythology cards look: a colour per kind, and the pills that say a god's power token,
a giant's capture token and a valkyrie's strength track.

Gods are navy with a gold rim, giants moss, valkyries rose; an animal is a card of its class
(its colour) and Gullinbursti takes its column's. A pill is a row of segments, each with its
own colour: "Skymir | next Hunter" (the capture token lies on the hunter column), "Surt | took
Warrior 8" (the captured dwarf), "Brynhildr | 0 3 6 10 16" with the strength token's notch
boxed in white. A god shows its power token as a gold "power" while it is there and says "(used)" once it is spent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.views.nidavellir import GiantView, GodView, PieceView, SeatView, ValkyrieView
from renderer.canvas import BOLD, GOLD, INK, KEY_TEXT, RGB, WHITE, Sheet, text_width
from renderer.nidavellir.pictures import picture
from renderer.nidavellir.pieces import BRAVE_SUITS, CHIP_H, NEUTRAL, SUIT_SHORT, card_bravery, suit_colour

GOD: RGB = (38, 50, 102)
GIANT: RGB = (86, 98, 40)
VALKYRIE: RGB = (160, 50, 112)
SPENT: RGB = (124, 116, 108)  # a used god, a giant turned face down
PASSED: RGB = (232, 178, 210)  # a valkyrie's notches the token has gone past
MYTHOLOGY_RIM: RGB = GOD  # an animal or Gullinbursti among dwarves

KIND_COLOURS: dict[str, RGB] = {"god": GOD, "giant": GIANT, "valkyrie": VALKYRIE}
KIND_WORDS = {"god": "God", "giant": "Giant", "valkyrie": "Valkyrie", "animal": "Animal", "special": "Special"}
MYTHOLOGY_KINDS = frozenset({"god", "giant", "valkyrie", "animal", "special"})

PAD = 11  # text to segment edge
TRACK_GAP = 4
TOKEN_PAD = 6


def is_mythology(card: PieceView) -> bool:
    return card.get("kind") in MYTHOLOGY_KINDS


def card_colour(card: PieceView) -> RGB:
    """A card's own colour (its picture entry), else a god, giant or valkyrie in its kind's colour,
    an animal (or Gullinbursti) in its class's."""
    own = picture(card).colour
    if own is not None:
        return own
    kind = str(card.get("kind"))
    if kind in KIND_COLOURS:
        return KIND_COLOURS[kind]
    return suit_colour(card.get("suit")) if card.get("suit") else NEUTRAL


def class_words(suit: str, bravery: int | None = None) -> str:
    """A class as a card reads: "Explorer 11", "Hunter"."""
    name = SUIT_SHORT.get(suit, suit)
    return f"{name} {bravery}" if bravery is not None and suit in BRAVE_SUITS else name


# -- pills of segments ----------------------------------------------------------------------

class Segment(NamedTuple):
    """One part of a pill: its text (key text), fill, and for a valkyrie the track instead."""

    text: str
    fill: RGB
    track: tuple[tuple[int, ...], int] | None = None  # (values, token's notch)
    ink: RGB = WHITE


def _track_width(values: Sequence[int]) -> float:
    return sum(text_width(str(v), BOLD, KEY_TEXT) + 2 * TOKEN_PAD for v in values) + TRACK_GAP * (len(values) - 1)


def segment_width(segment: Segment) -> float:
    if segment.track is not None:
        return _track_width(segment.track[0]) + 2 * PAD - 2 * TOKEN_PAD + 4
    return text_width(segment.text, BOLD, KEY_TEXT) + 2 * PAD


def pill_width(segments: Sequence[Segment]) -> float:
    return sum(segment_width(s) for s in segments)


def _draw_track(sheet: Sheet, x: float, y: float, values: Sequence[int], notch: int, fill: RGB) -> None:
    """The strength track's values left to right (top notch first), the token's notch boxed in white."""
    for i, value in enumerate(values):
        width = text_width(str(value), BOLD, KEY_TEXT) + 2 * TOKEN_PAD
        middle = y + CHIP_H / 2
        if i == notch:
            sheet.box((x, y + 5, x + width, y + CHIP_H - 5), WHITE, radius=7, width=0)
        ink = fill if i == notch else PASSED if i < notch else WHITE
        sheet.text((x + width / 2, middle + 1), str(value), KEY_TEXT, role="points", face=BOLD, fill=ink, anchor="mm")
        x += width + TRACK_GAP


def draw_pill(sheet: Sheet, x: float, y: float, segments: Sequence[Segment], *, rim: RGB = GOLD,
              max_width: float | None = None) -> float:
    """Segments side by side in one rounded pill with a rim; returns its width. With `max_width`,
    the first segment's text is cut short to fit (a long name, never a token)."""
    widths = [segment_width(s) for s in segments]
    if max_width is not None and sum(widths) > max_width:
        widths[0] = max(2 * PAD + 20, widths[0] - (sum(widths) - max_width))
    width = sum(widths)
    left = x
    for i, (segment, part) in enumerate(zip(segments, widths, strict=True)):
        last = i == len(segments) - 1
        corners = (i == 0, last, last, i == 0)
        # a radius of half the height with some corners square trips Pillow 13; the rim hides the pixel
        sheet.box((left, y, left + part, y + CHIP_H), segment.fill, width=0, radius=CHIP_H // 2 - 1, corners=corners)
        if segment.track is not None:
            _draw_track(sheet, left + PAD - TOKEN_PAD + 2, y, segment.track[0], segment.track[1], segment.fill)
        else:
            sheet.text((left + part / 2, y + CHIP_H / 2 + 1), segment.text, KEY_TEXT, role="card", face=BOLD,
                       fill=segment.ink, anchor="mm", max_width=part - 2 * PAD + 4)
        if i:
            sheet.line((left, y + 3, left, y + CHIP_H - 3), WHITE)
        left += part
    sheet.box((x, y, x + width, y + CHIP_H), None, outline=rim, width=3, radius=CHIP_H // 2)
    return width


# -- a seat's gods, giants, valkyries and animals -------------------------------------------

def god_token(god: GodView) -> list[Segment]:
    """A god's power token: a gold "power" while it is there, "used" once spent."""
    return [Segment(picture(god["card"]).power, GOLD, ink=INK)] if god.get("power") else [Segment("used", SPENT)]


def giant_token(giant: GiantView) -> list[Segment]:
    """Where a giant's capture token lies ("next Hunter"), the dwarf it took, or "face down"."""
    column = str(giant.get("column"))
    captured = giant.get("captured")
    if giant.get("state") == "captured" and captured:
        suit = str(captured.get("suit") or column)
        return [Segment(f"took {class_words(suit, card_bravery(captured))}", suit_colour(suit))]
    if giant.get("state") == "face_down":
        return [Segment("face down", SPENT)]
    return [Segment(f"next {class_words(column)}", suit_colour(column))]


def valkyrie_token(valkyrie: ValkyrieView) -> list[Segment]:
    """Ölrun's class once chosen, then the strength track with the token's notch."""
    segments = []
    if valkyrie.get("column"):
        segments.append(Segment(class_words(str(valkyrie["column"])), suit_colour(str(valkyrie["column"]))))
    track = tuple(int(v) for v in valkyrie["card"].get("track") or [])
    if track:
        notch = min(int(valkyrie.get("notches", 0)), len(track) - 1)
        segments.append(Segment("", VALKYRIE, (track, notch)))
    return segments


def god_segments(god: GodView) -> list[Segment]:
    label = str(god["card"]["label"])
    if not god.get("power"):
        return [Segment(f"{label} (used)", SPENT)]
    return [Segment(label, card_colour(god["card"])), *god_token(god)]


def giant_segments(giant: GiantView) -> list[Segment]:
    label = str(giant["card"]["label"])
    if giant.get("state") == "face_down":
        return [Segment(f"{label} (face down)", SPENT)]
    return [Segment(label, card_colour(giant["card"])), *giant_token(giant)]


def valkyrie_segments(valkyrie: ValkyrieView) -> list[Segment]:
    return [Segment(str(valkyrie["card"]["label"]), card_colour(valkyrie["card"])), *valkyrie_token(valkyrie)]


def animal_segments(card: PieceView) -> list[Segment]:
    """An animal (or Gullinbursti) standing in a column, by name, in that column's colour."""
    return [Segment(str(card["label"]), suit_colour(card.get("suit")))]


def seat_pills(seat: SeatView) -> list[tuple[list[Segment], RGB]]:
    """Everything Idavoll put in a seat's command zone and army, as pills with their rims:
    gods, giants, valkyries, then the animals (and Gullinbursti) in its columns."""
    pills: list[tuple[list[Segment], RGB]] = []
    pills += [(god_segments(god), GOLD) for god in seat.get("gods") or []]
    pills += [(giant_segments(giant), GIANT) for giant in seat.get("giants") or []]
    pills += [(valkyrie_segments(valkyrie), VALKYRIE) for valkyrie in seat.get("valkyries") or []]
    army = seat.get("army") or {}
    for column in army.values():
        pills += [(animal_segments(item), MYTHOLOGY_RIM) for item in column["items"]
                  if item.get("kind") in ("animal", "special")]
    return pills


# -- a mythology card's value at the right of its row ----------------------------------------

def draw_row_value(sheet: Sheet, card: PieceView, right: float, middle: float) -> float | None:
    """What a mythology card's row shows at its right, right-aligned at `right`: a god's points, the
    class a giant captures, a valkyrie's track; None when the card is not a mythology card with
    such a value (the caller then draws the usual one). Returns the width taken."""
    kind = card.get("kind")
    segments: list[Segment] = []
    if kind == "god" and int(card.get("points") or 0):
        return sheet.text((right, middle), f"{card['points']} pts", 26, role="points", face=BOLD, fill=WHITE,
                          anchor="rm")
    if kind == "giant" and card.get("captures"):
        segments = [Segment(f"next {class_words(str(card['captures']))}", suit_colour(str(card["captures"])))]
    elif kind == "valkyrie" and card.get("track"):
        segments = [Segment("", VALKYRIE, (tuple(int(v) for v in card["track"]), 0))]
    if not segments:
        return None
    width = pill_width(segments)
    draw_pill(sheet, right - width, middle - CHIP_H / 2, segments, rim=WHITE)
    return width
