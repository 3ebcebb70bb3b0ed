"""The Wonderful pictures' pieces: resource icons, pills, card tiles and card rows.

Every text here is `MIN_TEXT` (25 px) or more, so a card stays readable on a phone: a tile is a
band in its type's colour with the card's name over a light band of icons, one icon per item.
A name is never shortened: a tile whose name needs more than one column spans two (`span`).
A card's printed facts come from the view (its `cards`), written one letter per item (`Card`):
M materials, E energy, S science, G gold, X exploration, K krystallium, F financier, N general.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from engine.views.wonderful import TYPES, CardView
from renderer.canvas import (
    BOLD,
    GOLD,
    INK,
    INK_SOFT,
    MIN_TEXT,
    PARCHMENT_DARK,
    RGB,
    SANS,
    WHITE,
    Role,
    Sheet,
    clip,
    text_width,
)

# An item of the view (a resource or character name) as the letter a picture writes it with.
LETTER = {"materials": "M", "energy": "E", "science": "S", "gold": "G", "exploration": "X",
          "krystallium": "K", "financier": "F", "general": "N"}


class Card(NamedTuple):
    """A card as a picture writes it (hashable, so its tiles are drawn once): cost, production,
    recycling and bonus as item letters; `per` "X/vehicle" (one X per built vehicle),
    `points_per` "2/project"."""

    key: str
    title: str
    type: str
    cost: str
    produces: str
    recycle: str
    bonus: str = ""
    per: str = ""
    points: int = 0
    points_per: str = ""


class Site(NamedTuple):
    """A site as a tile draws it (hashable): the view's `covered`, `missing`, `krystallium` and
    `stand_ins`."""

    covered: tuple[str, ...]
    missing: tuple[str, ...]
    krystallium: int = 0
    stand_ins: tuple[str, ...] = ()


def printed(key: str, facts: CardView | None) -> Card:
    """The view's facts of card `key` (its `cards[key]`) as a picture writes them; without
    them (a view that did not carry the card) the key alone: names come from the view only."""
    if facts is None:
        return Card(key, key, "", "", "", "")
    per, points_per = facts["produces_per"], facts["points_per"]
    return Card(key, facts["title"], facts["type"], letters(facts["cost"]), letters(facts["produces"]),
                letters((facts["recycle"],)), letters(facts["bonus"]),
                f"{letter_of(per['resource'])}/{per['per']}" if per else "", facts["points"],
                f"{points_per['count']}/{points_per['per']}" if points_per else "")


SIZE = MIN_TEXT
LIGHT: RGB = (250, 244, 228)  # a card's lower band: icons read on it whatever the card's colour
PANEL = PARCHMENT_DARK  # what a seat's panel is filled with

# A type's colour and the ink its name is written in on it.
TYPE_FILL: dict[str, tuple[RGB, RGB]] = {
    "structure": ((150, 150, 150), INK),
    "vehicle": ((45, 45, 50), WHITE),
    "research": ((48, 96, 178), WHITE),
    "project": ((226, 182, 46), INK),
    "discovery": ((52, 132, 70), WHITE),
}
UNKNOWN_TYPE: tuple[RGB, RGB] = ((120, 100, 80), WHITE)
TYPE_SHORT = {"structure": "Str", "vehicle": "Veh", "research": "Res", "project": "Proj", "discovery": "Disc",
              "financier": "Fin", "general": "Gen"}

# An item letter's colour, the ink of its letter, and the letter shown.
ITEM: dict[str, tuple[RGB, RGB, str]] = {
    "M": ((176, 176, 176), INK, "M"),
    "E": ((30, 30, 34), WHITE, "E"),
    "S": ((62, 150, 76), WHITE, "S"),
    "G": ((236, 196, 52), INK, "G"),
    "X": ((52, 112, 196), WHITE, "X"),
    "K": ((196, 40, 52), WHITE, "K"),
    "F": ((132, 84, 40), WHITE, "F"),
    "N": ((96, 104, 44), WHITE, "Gn"),
}
ORDER = "MESGXKFN"  # the order a cost is written in

ICON_H = 30
ICON_MIN_W = 24
ICON_GAP = 3
TILE_W = 228  # a column: three to a line inside a seat's panel
TILE_H = 76
BAND = 38  # the name band of a tile or row
TILE_GAP = 12
ROW_H = 80
ROW_GAP = 10
PILL_H = 34
PILL_GAP = 8


def type_colours(type_: str) -> tuple[RGB, RGB]:
    return TYPE_FILL.get(type_, UNKNOWN_TYPE)


def letter_of(item: str) -> str:
    """An item of the view (a resource or character name) as its letter."""
    return LETTER.get(item, item[:1].upper())


def letters(items: Sequence[str]) -> str:
    return "".join(letter_of(item) for item in items)


def icon_width(letter: str, label: str | None = None) -> float:
    shown = label if label is not None else ITEM.get(letter, ((0, 0, 0), INK, letter))[2]
    return max(ICON_MIN_W, text_width(shown, BOLD, SIZE) + 8)


def icon(sheet: Sheet, x: float, y: float, letter: str, *, hollow: bool = False, label: str | None = None,
         fill: RGB | None = None) -> float:
    """One item as a small square in its colour (hollow: still to place); returns its width."""
    colour, ink, shown = ITEM.get(letter, ((120, 120, 120), WHITE, letter))
    if label is not None:
        shown = label
    width = icon_width(letter, label)
    if hollow:
        sheet.box((x, y, x + width, y + ICON_H), LIGHT, outline=colour, width=3, radius=5)
        ink = INK_SOFT
    else:
        sheet.box((x, y, x + width, y + ICON_H), fill or colour, outline=INK, width=1, radius=5)
    sheet.text((x + width / 2, y + ICON_H / 2), shown, SIZE, role="card", face=BOLD, fill=ink, anchor="mm")
    return width


def icons(sheet: Sheet, x: float, y: float, letters: str) -> float:
    """A run of icons; returns the x after the last."""
    for letter in letters:
        x += icon(sheet, x, y, letter) + ICON_GAP
    return x


def span(title: str, tag: str = "") -> int:
    """How many columns a tile needs for its whole name (and `tag`, a copy's number): one, or two."""
    return 1 if name_width(title, tag) <= TILE_W - 16 else 2


def tile_width(columns: int) -> float:
    return columns * TILE_W + (columns - 1) * TILE_GAP


def name_width(title: str, tag: str = "") -> float:
    return text_width(title, BOLD, SIZE) + (text_width(tag, BOLD, SIZE) + 10 if tag else 0)


def points_label(facts: Card) -> str:
    """What a card scores: "3", "2/Proj", or both "1+1/Veh"."""
    parts = []
    if facts.points:
        parts.append(str(facts.points))
    if facts.points_per:
        points, per = facts.points_per.split("/")
        parts.append(f"{points}/{TYPE_SHORT.get(per, per)}")
    return "+".join(parts)


def points_pill(sheet: Sheet, right: float, y: float, label: str) -> float:
    """A gold pill with a card's points, right-aligned at `right`; returns its left."""
    width = text_width(label, BOLD, SIZE) + 12
    sheet.box((right - width, y, right, y + ICON_H), GOLD, outline=INK, width=1, radius=8)
    sheet.text((right - width / 2, y + ICON_H / 2), label, SIZE, role="points", face=BOLD, anchor="mm")
    return right - width


def production(sheet: Sheet, x: float, y: float, facts: Card) -> float:
    """What a card makes: its icons, then "X/Veh" for one per built card of a type."""
    x = icons(sheet, x, y, facts.produces)
    if facts.per:
        letter, per = facts.per.split("/")
        x += icon(sheet, x, y, letter) + 2
        x += sheet.text((x, y + ICON_H / 2), f"/{TYPE_SHORT.get(per, per)}", SIZE, role="card", face=BOLD,
                        anchor="lm") + ICON_GAP
    return x


def _name_band(sheet: Sheet, rect: tuple[float, float, float, float], title: str, type_: str,
               ring: RGB | None, tag: str = "") -> None:
    x0, y0, x1, _ = rect
    fill, ink = type_colours(type_)
    sheet.box(rect, LIGHT, outline=ring or fill, width=4 if ring else 3, radius=10)
    sheet.box((x0, y0, x1, y0 + BAND), fill, radius=10, corners=(True, True, False, False))
    right = x1 - 8
    if tag:
        right -= sheet.text((right, y0 + BAND / 2), tag, SIZE, role="card", face=BOLD, fill=ink, anchor="rm") + 10
    # Whole: a tile spans two columns when its name needs them; the clip is a last resort for a
    # name no card has (a view's facts are drawn as they are).
    sheet.text((x0 + 8, y0 + BAND / 2), clip(title, BOLD, SIZE, right - x0 - 8), SIZE, role="card", face=BOLD,
               fill=ink, anchor="lm")


def built_tile(sheet: Sheet, x: float, y: float, facts: Card, columns: int = 1) -> None:
    """A built (or drafted) card: its name, what it makes and what it scores."""
    sheet.paste(_built_layer(facts, columns), (round(x), round(y)))


def site_tile(sheet: Sheet, x: float, y: float, facts: Card, site: Site, columns: int = 1, tag: str = "") -> None:
    """A card under construction (`tag`: its copy's number, when the seat builds several): its
    cost slot by slot, filled where placed, hollow where still needed, red where a krystallium
    stands in for the item."""
    sheet.paste(_site_layer(facts, site, columns, tag), (round(x), round(y)))



# A tile is the same pixels wherever it lies on a seat's panel, so each is drawn once and pasted
# (a 5-player table has about 100): on the panel's colour, which its rounded corners show. The
# cache is keyed by the printed facts themselves, not the key, so it draws what the view says.
TILE_LAYERS = 512


def _layer(columns: int) -> Sheet:
    return Sheet(TILE_H + 1, round(tile_width(columns)) + 1, background=PANEL, framed=False)


@lru_cache(maxsize=TILE_LAYERS)
def _built_layer(facts: Card, columns: int) -> Sheet:
    layer = _layer(columns)
    _draw_built(layer, 0, 0, facts, tile_width(columns))
    return layer


@lru_cache(maxsize=TILE_LAYERS)
def _site_layer(facts: Card, site: Site, columns: int, tag: str) -> Sheet:
    layer = _layer(columns)
    _draw_site(layer, 0, 0, facts, site, tile_width(columns), tag)
    return layer


def _draw_built(sheet: Sheet, x: float, y: float, facts: Card, width: float) -> None:
    _name_band(sheet, (x, y, x + width, y + TILE_H), facts.title, facts.type, None)
    low = y + BAND + (TILE_H - BAND - ICON_H) / 2
    label = points_label(facts)
    if label:
        points_pill(sheet, x + width - 6, low, label)
    production(sheet, x + 6, low, facts)


def _draw_site(sheet: Sheet, x: float, y: float, facts: Card, site: Site, width: float, tag: str) -> None:
    _name_band(sheet, (x, y, x + width, y + TILE_H), facts.title, facts.type, None, tag)
    low = y + BAND + (TILE_H - BAND - ICON_H) / 2
    at = x + 6
    for letter, hollow, red, count in site_slots(site, width - 12):
        at += icon(sheet, at, low, letter, hollow=hollow, label=_run_label(letter, count),
                   fill=ITEM["K"][0] if red else None) + 2


Slot = tuple[str, bool, bool, int]  # letter, still needed, krystallium standing in, how many


def _run_label(letter: str, count: int) -> str | None:
    return f"{count}{ITEM.get(letter, ((0, 0, 0), INK, letter))[2]}" if count > 1 else None


def slots_width(slots: Sequence[Slot]) -> float:
    return sum(icon_width(letter, _run_label(letter, count)) + 2 for letter, _, _, count in slots)


def site_slots(site: Site, width: float) -> list[Slot]:
    """A site's cost as (letter, still needed, krystallium standing in, how many), in cost order,
    each item's placed slots first; one icon per slot, or per run of like slots ("5S") when they would not
    fit `width` (8-slot costs such as Time Travel's). A krystallium standing in marks a slot of
    the item it replaced (`stand_ins`); one a rules 1 game kept no record of, the first placed."""
    slots = sorted([(letter_of(item), False) for item in site.covered] +
                   [(letter_of(item), True) for item in site.missing],
                   key=lambda slot: (ORDER.find(slot[0]), slot[1]))
    stood_in = Counter(letter_of(item) for item in site.stand_ins)
    unrecorded = site.krystallium - site.covered.count("krystallium") - len(site.stand_ins)
    marked: list[Slot] = []
    for letter, hollow in slots:
        red = not hollow and letter not in "KFN" and (stood_in[letter] > 0 or unrecorded > 0)
        if red and stood_in[letter] > 0:
            stood_in[letter] -= 1
        elif red:
            unrecorded -= 1
        marked.append((letter, hollow, red, 1))
    if slots_width(marked) <= width:
        return marked
    runs: list[Slot] = []
    for letter, hollow, red, _ in marked:
        if runs and runs[-1][:3] == (letter, hollow, red):
            runs[-1] = (letter, hollow, red, runs[-1][3] + 1)
        else:
            runs.append((letter, hollow, red, 1))
    return runs


COLUMNS = 3


def tile_places(spans: Sequence[int], left: float, top: float) -> tuple[list[tuple[float, float]], int]:
    """Where tiles of these spans lie, three columns to a line, each on the first line with room
    left for it (so a one-column tile fills the gap a two-column one left); and their height."""
    used: list[int] = []  # columns taken on each line so far
    places = []
    for columns in spans:
        line = next((n for n, taken in enumerate(used) if taken + columns <= COLUMNS), len(used))
        if line == len(used):
            used.append(0)
        places.append((left + used[line] * (TILE_W + TILE_GAP), top + line * (TILE_H + ROW_GAP)))
        used[line] += columns
    return places, len(used) * TILE_H + max(0, len(used) - 1) * ROW_GAP


def card_row(sheet: Sheet, x: float, y: float, width: float, facts: Card, *, ring: RGB | None = None,
             tag: str = "") -> None:
    """A card in full, for deciding on it: name (and `tag`) and points on its band; cost, what it
    makes, its bonus on building and what recycling it gives below."""
    ink = type_colours(facts.type)[1]
    _name_band(sheet, (x, y, x + width, y + ROW_H), facts.title, facts.type, ring)
    label = points_label(facts)
    right = x + width - 8
    if label:
        right = points_pill(sheet, right, y + (BAND - ICON_H) / 2, label) - 8
    if tag:
        sheet.text((right, y + BAND / 2), tag, SIZE, role="label", face=BOLD, fill=ink, anchor="rm")
    low = y + BAND + (ROW_H - BAND - ICON_H) / 2
    at = icons(sheet, x + 8, low, facts.cost)
    if facts.produces or facts.per:
        at += sheet.text((at + 4, low + ICON_H / 2), "→", SIZE, role="label", face=BOLD, anchor="lm") + 10
        at = production(sheet, at, low, facts)
    if facts.bonus:
        at += sheet.text((at + 6, low + ICON_H / 2), "+", SIZE, role="label", face=BOLD, anchor="lm") + 10
        at = icons(sheet, at, low, facts.bonus)
    if facts.recycle:
        end = x + width - 8
        left = end - icon_width(facts.recycle)
        icon(sheet, left, low, facts.recycle)
        sheet.text((left - 4, low + ICON_H / 2), "♻", SIZE, role="label", face=BOLD, fill=INK_SOFT, anchor="rm")


class Pill(NamedTuple):
    """A short fact in a rounded box: `fill` None for a plain word (a label)."""

    text: str
    fill: RGB | None
    ink: RGB = INK
    role: Role = "label"


def pill_width(pill: Pill) -> float:
    face = BOLD if pill.fill is not None else SANS
    return text_width(pill.text, face, SIZE) + (16 if pill.fill is not None else 0)


def flow(pills: Sequence[Pill], width: float) -> list[list[tuple[float, Pill]]]:
    """Pills laid out left to right in lines `width` wide: per line, each pill's x offset."""
    lines: list[list[tuple[float, Pill]]] = [[]]
    at = 0.0
    for pill in pills:
        size = min(pill_width(pill), width)
        if lines[-1] and at + size > width:
            lines.append([])
            at = 0.0
        lines[-1].append((at, pill))
        at += size + PILL_GAP
    return [line for line in lines if line]


def flow_height(pills: Sequence[Pill], width: float) -> int:
    count = len(flow(pills, width))
    return count * PILL_H + max(0, count - 1) * 6


def draw_flow(sheet: Sheet, x: float, y: float, pills: Sequence[Pill], width: float) -> None:
    for number, line in enumerate(flow(pills, width)):
        top = y + number * (PILL_H + 6)
        for offset, pill in line:
            size = min(pill_width(pill), width)
            if pill.fill is None:
                sheet.text((x + offset, top + PILL_H / 2), pill.text, SIZE, role=pill.role, face=SANS, fill=pill.ink,
                           anchor="lm", max_width=size)
                continue
            sheet.box((x + offset, top, x + offset + size, top + PILL_H), pill.fill, outline=INK, width=1, radius=8)
            sheet.text((x + offset + 8, top + PILL_H / 2), pill.text, SIZE, role=pill.role,
                       face=BOLD, fill=pill.ink, anchor="lm", max_width=size - 16)


TYPE_ORDER = {type_: number for number, type_ in enumerate(TYPES)}
