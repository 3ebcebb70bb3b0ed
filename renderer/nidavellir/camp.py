"""How Thingvellir's camp cards look, and the camp itself: five face-up artefacts and mercenaries.

An artefact is teal and a mercenary crimson, wherever it is drawn. A mercenary shows its two
class options side by side, each in its class colour ("Warrior 6 | Explorer 8"): it becomes one
of them when enlisted at the end of the age. In the camp (and in a seat's own picture) each card
is a full-width row with its name, its value and its effect in a line, since players choose
between them; on the table a seat's camp cards are compact chips. Idavoll's mythology cards are
rows of the same kind wherever players choose between them (a tavern, Skymir's draw, a seat's own
command zone), in their colours from mythology.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.views.nidavellir import NidavellirView, OptionView, PieceView, SeatView
from renderer.canvas import (
    BOLD,
    FRAME,
    HIGHLIGHT,
    INK_SOFT,
    INNER,
    KEY_TEXT,
    MARGIN,
    MIN_TEXT,
    PARCHMENT_DARK,
    RGB,
    SANS,
    SERIF,
    WHITE,
    Sheet,
    text_width,
    wrap,
)
from renderer.nidavellir.mythology import KIND_WORDS, card_colour, draw_row_value, is_mythology
from renderer.nidavellir.pieces import BRAVE_SUITS, NEUTRAL, SUIT_LABELS, SUIT_SHORT, card_bravery, suit_colour
from renderer.zones import Names, Zone, panel

View = NidavellirView

ARTEFACT: RGB = (20, 108, 116)
MERCENARY: RGB = (150, 44, 40)
EFFECT_INK: RGB = (232, 240, 236)

CHIP_H = KEY_TEXT + 14
CHIP_PAD = 11  # text to chip edge
ROW_W = INNER - 28
ROW_GAP = 6
NAME_SIZE = 26
EFFECT_SIZE = MIN_TEXT
EFFECT_PITCH = 29
ZONE_HEAD = 46


# Draws a row's value at (right, middle), right-aligned; returns the width it took.
RowValue = Callable[[Sheet, float, float], float]


def kind_colour(card: PieceView) -> RGB:
    if is_mythology(card):
        return card_colour(card)
    return MERCENARY if card.get("kind") == "mercenary" else ARTEFACT if card.get("kind") == "artefact" else NEUTRAL


# -- chips ----------------------------------------------------------------------------------

def option_label(option: OptionView) -> str:
    """One class a mercenary may join, as its enlisted card reads: "Warrior 6", "Hunter"."""
    suit = str(option["suit"])
    name = SUIT_SHORT.get(suit, suit)
    return f"{name} {option['bravery']}" if suit in BRAVE_SUITS else name


def _half_width(option: OptionView) -> float:
    return text_width(option_label(option), BOLD, KEY_TEXT) + 2 * CHIP_PAD


def mercenary_width(card: PieceView) -> float:
    return sum(_half_width(option) for option in card.get("options") or [])


def draw_mercenary(sheet: Sheet, x: float, y: float, card: PieceView, *, rim: RGB = MERCENARY) -> float:
    """A mercenary as a pill split between its two class options; returns its width."""
    options = list(card.get("options") or [])
    width = mercenary_width(card)
    left = x
    for i, option in enumerate(options):
        half = _half_width(option)
        corners = (i == 0, i == len(options) - 1, i == len(options) - 1, i == 0)
        # a radius of half the height with some corners square trips Pillow 13; the rim hides the pixel
        sheet.box((left, y, left + half, y + CHIP_H), suit_colour(str(option["suit"])), width=0,
                  radius=CHIP_H // 2 - 1, corners=corners)
        sheet.text((left + half / 2, y + CHIP_H / 2 + 1), option_label(option), KEY_TEXT, role="card", face=BOLD,
                   fill=WHITE, anchor="mm")
        left += half
    sheet.box((x, y, x + width, y + CHIP_H), None, outline=rim, width=3, radius=CHIP_H // 2)
    for i in range(1, len(options)):
        seam = x + sum(_half_width(o) for o in options[:i])
        sheet.line((seam, y + 3, seam, y + CHIP_H - 3), WHITE)
    return width


def artefact_label(card: PieceView, seat: SeatView | None = None) -> str:
    """An artefact's name, with the column Mjöllnir's owner named once it is named."""
    label = str(card["label"])
    if seat is not None and card.get("key") == "mjollnir" and seat.get("mjollnir"):
        label += f": {SUIT_SHORT.get(str(seat['mjollnir']), str(seat['mjollnir']))}"
    return label


def artefact_width(label: str) -> float:
    return text_width(label, BOLD, KEY_TEXT) + 2 * CHIP_PAD


def draw_artefact(sheet: Sheet, x: float, y: float, label: str, max_width: float | None = None) -> float:
    """An artefact as a teal tag with its name; returns its width."""
    width = artefact_width(label) if max_width is None else min(artefact_width(label), max_width)
    sheet.box((x, y, x + width, y + CHIP_H), ARTEFACT, outline=FRAME, width=2, radius=8)
    sheet.text((x + width / 2, y + CHIP_H / 2 + 1), label, KEY_TEXT, role="card", face=BOLD, fill=WHITE,
               anchor="mm", max_width=width - 2 * CHIP_PAD + 4)
    return width


def double_width() -> float:
    return text_width("Double", BOLD, KEY_TEXT) + 2 * CHIP_PAD


def draw_double(sheet: Sheet, x: float, y: float) -> float:
    """One of Olwyn's doubles waiting for a column: 1 rank, no class of its own."""
    width = double_width()
    sheet.box((x, y, x + width, y + CHIP_H), NEUTRAL, outline=FRAME, width=2, radius=8)
    sheet.text((x + width / 2, y + CHIP_H / 2 + 1), "Double", KEY_TEXT, role="card", face=BOLD, fill=WHITE,
               anchor="mm")
    return width


# -- a camp card as a full-width row ----------------------------------------------------------

def _effect(card: PieceView) -> str:
    text = str(card.get("text", ""))
    if is_mythology(card):
        return f"{KIND_WORDS[str(card['kind'])]} · {text}"
    return f"Artefact · {text}" if card.get("kind") == "artefact" else text


def _effect_lines(card: PieceView) -> list[str]:
    return wrap(_effect(card), SANS, EFFECT_SIZE, ROW_W - 24, max_lines=3)


def row_height(card: PieceView) -> int:
    return 44 + EFFECT_PITCH * len(_effect_lines(card)) + 6


def rows_height(cards: Sequence[PieceView]) -> int:
    return sum(row_height(card) + ROW_GAP for card in cards) - ROW_GAP if cards else 0


def _draw_value(sheet: Sheet, card: PieceView, right: float, middle: float, seat: SeatView | None) -> float:
    """The card's value at the right of its name line; returns the width it took."""
    if (mythology := draw_row_value(sheet, card, right, middle)) is not None:
        return mythology
    if card.get("kind") == "mercenary":
        width = mercenary_width(card)
        draw_mercenary(sheet, right - width, middle - CHIP_H / 2, card, rim=WHITE)
        return width
    if suit := card["suit"]:  # Vegvisir stands in a column like a dwarf
        option: OptionView = {"suit": suit, "bravery": card_bravery(card)}
        width = _half_width(option)
        sheet.box((right - width, middle - CHIP_H / 2, right, middle + CHIP_H / 2), suit_colour(suit),
                  outline=WHITE, width=2, radius=CHIP_H // 2)
        sheet.text((right - width / 2, middle + 1), option_label(option), KEY_TEXT, role="card", face=BOLD,
                   fill=WHITE, anchor="mm")
        return width
    if seat is not None and card.get("key") == "mjollnir" and seat.get("mjollnir"):
        column = SUIT_LABELS.get(str(seat["mjollnir"]), str(seat["mjollnir"]))
        return sheet.text((right, middle), f"on {column}", KEY_TEXT, role="card", face=BOLD, fill=WHITE, anchor="rm")
    if int(card.get("points") or 0):
        return sheet.text((right, middle), f"{card['points']} pts", NAME_SIZE, role="points", face=BOLD,
                          fill=WHITE, anchor="rm")
    return 0.0


def draw_row(sheet: Sheet, top: float, card: PieceView, seat: SeatView | None = None, *, value: RowValue | None = None,
             rim: RGB = FRAME) -> None:
    """One camp (or mythology) card across the panel: name and value, then its effect. `value`
    draws something else than the card's printed value (a god's power token, for one)."""
    left, right = MARGIN + 14, MARGIN + 14 + ROW_W
    height = row_height(card)
    sheet.box((left, top, right, top + height), kind_colour(card), outline=rim, width=2 if rim == FRAME else 5,
              radius=10)
    middle = top + 24
    if value is not None:
        value_w = value(sheet, right - 10, middle)
    else:
        value_w = _draw_value(sheet, card, right - 10, middle, seat)
    name = "Mercenary" if card.get("kind") == "mercenary" else str(card["label"])
    sheet.text((left + 12, middle), name, NAME_SIZE, role="card", face=BOLD, fill=WHITE, anchor="lm",
               max_width=ROW_W - 24 - value_w - 16)
    sheet.lines(left + 12, top + 44, _effect_lines(card), EFFECT_SIZE, role="label", pitch=EFFECT_PITCH, face=SANS,
                fill=EFFECT_INK)


def draw_rows(sheet: Sheet, top: float, cards: Sequence[PieceView], seat: SeatView | None = None) -> None:
    y = top
    for card in cards:
        draw_row(sheet, y, card, seat)
        y += row_height(card) + ROW_GAP


# -- the camp zone --------------------------------------------------------------------------

def camp_visitor(view: View, tavern: int) -> int | None:
    """The seat that took a camp card instead of a card of this tavern this round, if any."""
    camp = view["camp"]
    return None if camp is None else camp["visits"][tavern]


def _cards(view: View) -> list[PieceView]:
    camp = view["camp"]
    return [] if camp is None else list(camp["cards"])


def _camp_height(view: View, names: Names) -> int:
    # no camp without Thingvellir; once the game is over what is left there is moot
    if view.get("camp") is None or view.get("outcome") is not None:
        return 0
    return ZONE_HEAD + max(rows_height(_cards(view)), 40) + 14


def _draw_camp(sheet: Sheet, view: View, names: Names, top: float) -> None:
    camp = view["camp"]
    if camp is None:
        return
    task = view["task"]
    choosing = task is not None and task["kind"] == "camp"  # Holda's card: the camp is what to look at now
    panel(sheet, top, _camp_height(view, names), PARCHMENT_DARK, outline=HIGHLIGHT if choosing else None)
    cards = _cards(view)
    age = f"age{view['age']}"
    decks = camp["decks"]
    facts = f"camp deck {decks.get(age, 0)} left"
    facts_w = sheet.text((MARGIN + INNER - 14, top + 24), facts, MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT,
                         anchor="rm")
    sheet.text((MARGIN + 14, top + 24), f"Camp ({len(cards)})", 26, role="label", face=SERIF, anchor="lm",
               max_width=INNER - 44 - facts_w)
    if not cards:
        sheet.text((MARGIN + 18, top + ZONE_HEAD + 18), "the camp is empty", MIN_TEXT, role="label", face=BOLD,
                   fill=INK_SOFT, anchor="lm")
    draw_rows(sheet, top + ZONE_HEAD, cards)


CAMP = Zone("camp", _camp_height, _draw_camp)
