"""A player's block on the Nidavellir table: name and points, coins and gem, the five classes, heroes,
with Idavoll the gods, giants, valkyries and animals, and with Thingvellir the artefacts and the
mercenaries waiting to be enlisted.

The public table is a phone's picture, so a block says what a player compares at a glance:
the score, every coin, ranks and bravery per class, the distinctions, the heroes and camp cards.
The cards behind each class total are in that seat's own picture (purse.py) and in the text view.
A block is a tuple of parts (`SEAT_PARTS`), each a full-width line of its own height (0: left out).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from engine.views.nidavellir import CoinView, ColumnView, NidavellirView, PieceView, SeatView
from renderer.canvas import (
    BOLD,
    GOLD,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    INNER,
    MARGIN,
    MIN_TEXT,
    PARCHMENT_DARK,
    SERIF,
    WHITE,
    Sheet,
    text_width,
)
from renderer.names import fitted_name
from renderer.nidavellir.camp import (
    artefact_label,
    artefact_width,
    double_width,
    draw_artefact,
    draw_double,
    draw_mercenary,
    mercenary_width,
)
from renderer.nidavellir.mythology import draw_pill, pill_width, seat_pills
from renderer.nidavellir.pieces import (
    BRAVE_SUITS,
    CHIP_H,
    SUIT_COLOURS,
    SUIT_ORDER,
    SUIT_SHORT,
    chip_width,
    draw_coin,
    draw_gem,
    flow,
    flow_lines,
    fold_dwergs,
    hero_chip,
)
from renderer.zones import Names, Zone

View = NidavellirView

PAD = 16  # inside a block
NAME_SIZE = 28
COIN_PITCH = 54
CLASS_GAP = 8
CLASS_W = (INNER - 2 * PAD - 4 * CLASS_GAP) / 5
CHIP_GAP = 6
HEADING_H = 40
BLOCK_GAP = 10


class SeatPart(NamedTuple):
    """One line of a player's block: `height(view, seat)`, `draw(sheet, view, names, seat, top)`."""

    name: str
    height: Callable[[View, SeatView], int]
    draw: Callable[[Sheet, View, Names, SeatView, float], None]


def _mine(view: View, seat: SeatView) -> bool:
    return bool(view.get("viewer") == seat["seat"])


# -- name and points ------------------------------------------------------------------------

def _draw_name(sheet: Sheet, view: View, names: Names, seat: SeatView, top: float) -> None:
    index = int(seat["seat"])
    active = index in view.get("to_move", []) and view.get("outcome") is None
    points = f"{seat['score']} pts"
    right = MARGIN + INNER - PAD
    points_w = sheet.text((right, top + 24), points, NAME_SIZE, role="points", face=BOLD, anchor="rm")
    prefix, you = ("▶ " if active else ""), (" (you)" if _mine(view, seat) else "")
    room = INNER - 2 * PAD - points_w - 24
    who = fitted_name(names, index, room, size=NAME_SIZE, around=prefix + you)
    sheet.text((MARGIN + PAD, top + 24), prefix + who, NAME_SIZE, role="name", face=BOLD,
               fill=HIGHLIGHT if active else INK, anchor="lm", max_width=room, tail=you)


# -- coins, gem and pouch -------------------------------------------------------------------

def _pouch_shown(view: View, seat: SeatView) -> list[CoinView] | None:
    """The pouch when this viewer may see it and it says something the bids don't."""
    pouch = seat.get("pouch")
    has_bids = bool(seat.get("has_bid")) or any(bid is not None for bid in seat["bids"])
    if pouch is None or not has_bids or view.get("outcome") is not None:
        return None
    return list(pouch)


def _draw_purse(sheet: Sheet, view: View, names: Names, seat: SeatView, top: float) -> None:
    """Every coin the seat owns (all public; where each lies is not), its gem, and its pouch
    when the view shows it."""
    x = MARGIN + PAD + 24
    y = top + 28
    for coin in seat["coins"]:
        draw_coin(sheet, (x, y), coin)
        x += COIN_PITCH
    draw_gem(sheet, (x + 4, y), int(seat["gem"]))
    x += 50
    pouch = _pouch_shown(view, seat)
    if pouch:
        # until every tavern is revealed only the owner sees its pouch: ringed as a secret
        secret = _mine(view, seat) and not all(t["revealed"] for t in view["taverns"])
        sheet.text((x, y), "pouch", MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT, anchor="lm")
        x += 124
        for coin in pouch:
            draw_coin(sheet, (x, y), coin, secret=secret)
            x += COIN_PITCH
        x -= 24
    right = MARGIN + INNER - PAD
    # beside a shown pouch there is room for the lines alone (the heroes are named below)
    for facts in (f"lines {seat['lines']} · heroes {seat['hero_count']}", f"lines {seat['lines']}"):
        if text_width(facts, BOLD, MIN_TEXT) <= right - x:
            sheet.text((right, y), facts, MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT, anchor="rm")
            break


# -- the five classes -----------------------------------------------------------------------

def class_figure(suit: str, column: ColumnView) -> str:
    """Ranks, and the bravery sum for the classes that have bravery: "5 · 53"."""
    ranks = int(column["ranks"])
    return f"{ranks} · {column['bravery']}" if suit in BRAVE_SUITS else str(ranks)


def draw_class_chip(sheet: Sheet, box: tuple[float, float, float, float], suit: str, column: ColumnView,
                    distinction: bool) -> None:
    """A class in its colour: its name ("Smith" for blacksmiths, as on their cards), then its ranks
    (and bravery); a gold star for its distinction."""
    x0, y0, x1, y1 = box
    sheet.box(box, SUIT_COLOURS[suit], radius=10)
    middle = (x0 + x1) / 2
    sheet.text((middle, y0 + 18), SUIT_SHORT[suit], MIN_TEXT, role="label", face=BOLD, fill=WHITE, anchor="mm",
               max_width=x1 - x0 - 10)
    sheet.text((middle, y1 - 18), class_figure(suit, column), 27, role="points", face=BOLD, fill=WHITE,
               anchor="mm", max_width=x1 - x0 - 10)
    if distinction:
        # hung over the chip's top edge, clear of its label
        sheet.ellipse((x1 - 24, y0 - 18, x1 + 8, y0 + 14), GOLD, outline=INK, width=2)
        sheet.text((x1 - 8, y0 - 2), "★", MIN_TEXT, role="label", face=BOLD, fill=WHITE, anchor="mm")


def _draw_classes(sheet: Sheet, view: View, names: Names, seat: SeatView, top: float) -> None:
    won = set(seat.get("distinctions", []))
    for i, suit in enumerate(SUIT_ORDER):
        x = MARGIN + PAD + i * (CLASS_W + CLASS_GAP)
        draw_class_chip(sheet, (x, top + 4, x + CLASS_W, top + 68), suit, seat["army"][suit], suit in won)


# -- heroes ---------------------------------------------------------------------------------

def marked_heroes(heroes: Sequence[PieceView], seat: SeatView) -> list[PieceView]:
    """`heroes` with the Dwerg brothers folded, and Zolkur saying when his one lower-coin trade
    is used up (Thingvellir): from then on he is only his points."""
    folded = fold_dwergs(heroes)
    if not seat.get("zolkur_spent"):
        return folded
    return [{**h, "label": f"{h['label']} (used)"} if h.get("key") == "zolkur" else h for h in folded]


def seat_heroes(seat: SeatView) -> list[PieceView]:
    """The seat's heroes: those standing in its columns, then its command zone."""
    placed = [item for suit in SUIT_ORDER for item in seat["army"][suit]["items"] if item.get("hero")]
    return marked_heroes(placed + list(seat.get("command", [])), seat)


def _hero_widths(seat: SeatView) -> list[float]:
    return [min(chip_width(str(h["label"])), INNER - 2 * PAD) for h in seat_heroes(seat)]


def _heroes_height(view: View, seat: SeatView) -> int:
    lines = flow_lines(_hero_widths(seat), INNER - 2 * PAD, CHIP_GAP)
    return lines * (CHIP_H + CHIP_GAP) + 6 if lines else 0


def _draw_heroes(sheet: Sheet, view: View, names: Names, seat: SeatView, top: float) -> None:
    heroes = seat_heroes(seat)
    widths = _hero_widths(seat)
    for hero, width, (dx, line) in zip(heroes, widths, flow(widths, INNER - 2 * PAD, CHIP_GAP), strict=True):
        hero_chip(sheet, MARGIN + PAD + dx, top + 4 + line * (CHIP_H + CHIP_GAP), hero, max_width=width)


# -- Thingvellir: artefacts in the command zone, mercenaries (and Olwyn's doubles) waiting ----

def _artefact_labels(seat: SeatView) -> list[str]:
    return [artefact_label(card, seat) for card in seat.get("artefacts") or []]


def _artefact_widths(seat: SeatView) -> list[float]:
    return [min(artefact_width(label), INNER - 2 * PAD) for label in _artefact_labels(seat)]


def _chips_height(widths: list[float]) -> int:
    lines = flow_lines(widths, INNER - 2 * PAD, CHIP_GAP)
    return lines * (CHIP_H + CHIP_GAP) + 6 if lines else 0


def _draw_artefacts(sheet: Sheet, view: View, names: Names, seat: SeatView, top: float) -> None:
    widths = _artefact_widths(seat)
    for label, width, (dx, line) in zip(_artefact_labels(seat), widths, flow(widths, INNER - 2 * PAD, CHIP_GAP),
                                        strict=True):
        draw_artefact(sheet, MARGIN + PAD + dx, top + 4 + line * (CHIP_H + CHIP_GAP), label, max_width=width)


WAITING_LABEL_W = 124  # "to enlist" / "to place", then the chips


def _waiting_label(seat: SeatView) -> str:
    return "to place" if seat.get("placing") and not seat.get("mercenaries") else "to enlist"


def _waiting_widths(seat: SeatView) -> list[float]:
    widths: list[float] = [WAITING_LABEL_W] if seat.get("mercenaries") or seat.get("placing") else []
    widths += [mercenary_width(card) for card in seat.get("mercenaries") or []]
    return widths + [double_width() for _ in seat.get("placing") or []]


def _draw_waiting(sheet: Sheet, view: View, names: Names, seat: SeatView, top: float) -> None:
    """Mercenaries taken from the camp, each with the two classes it may join at the end of the
    age, and Olwyn's doubles while their owner chooses their columns."""
    widths = _waiting_widths(seat)
    places = flow(widths, INNER - 2 * PAD, CHIP_GAP)
    sheet.text((MARGIN + PAD, top + 4 + CHIP_H / 2), _waiting_label(seat), MIN_TEXT, role="label", face=BOLD,
               fill=INK_SOFT, anchor="lm")
    cards = [*(seat.get("mercenaries") or []), *(seat.get("placing") or [])]
    for card, (dx, line) in zip(cards, places[1:], strict=True):
        x, y = MARGIN + PAD + dx, top + 4 + line * (CHIP_H + CHIP_GAP)
        if card.get("kind") == "mercenary":
            draw_mercenary(sheet, x, y, card)
        else:
            draw_double(sheet, x, y)


# -- Idavoll: gods, giants, valkyries, and the animals among the classes --------------------

def _mythology_widths(seat: SeatView) -> list[float]:
    return [min(pill_width(segments), INNER - 2 * PAD) for segments, _ in seat_pills(seat)]


def _draw_mythology(sheet: Sheet, view: View, names: Names, seat: SeatView, top: float) -> None:
    """Each god with its power token, each giant with its capture token (or what it took), each
    valkyrie with her strength track, then the animals standing in the seat's columns."""
    widths = _mythology_widths(seat)
    for (segments, rim), width, (dx, line) in zip(seat_pills(seat), widths, flow(widths, INNER - 2 * PAD, CHIP_GAP),
                                                  strict=True):
        draw_pill(sheet, MARGIN + PAD + dx, top + 4 + line * (CHIP_H + CHIP_GAP), segments, rim=rim, max_width=width)


SEAT_PARTS: tuple[SeatPart, ...] = (
    SeatPart("name", lambda view, seat: 48, _draw_name),
    SeatPart("purse", lambda view, seat: 58, _draw_purse),
    SeatPart("classes", lambda view, seat: 74, _draw_classes),
    SeatPart("heroes", _heroes_height, _draw_heroes),
    SeatPart("mythology", lambda view, seat: _chips_height(_mythology_widths(seat)), _draw_mythology),
    SeatPart("artefacts", lambda view, seat: _chips_height(_artefact_widths(seat)), _draw_artefacts),
    SeatPart("waiting", lambda view, seat: _chips_height(_waiting_widths(seat)), _draw_waiting),
)


# -- the zone -------------------------------------------------------------------------------

def block_height(view: View, seat: SeatView) -> int:
    return 8 + sum(part.height(view, seat) for part in SEAT_PARTS) + 8


def _players_height(view: View, names: Names) -> int:
    blocks = [block_height(view, seat) for seat in view["seats"]]
    return HEADING_H + sum(blocks) + BLOCK_GAP * (len(blocks) - 1)


def _draw_players(sheet: Sheet, view: View, names: Names, top: float) -> None:
    sheet.text((MARGIN + 4, top + 18), "Players", 26, role="label", face=SERIF, anchor="lm")
    sheet.text((MARGIN + INNER - 4, top + 18), "class: ranks · bravery   ★ distinction", MIN_TEXT, role="label",
               face=BOLD, fill=INK_SOFT, anchor="rm")
    y = top + HEADING_H
    for seat in view["seats"]:
        height = block_height(view, seat)
        active = seat["seat"] in view.get("to_move", []) and view.get("outcome") is None
        sheet.box((MARGIN, y, MARGIN + INNER, y + height), PARCHMENT_DARK, outline=HIGHLIGHT if active else None,
                  width=4, radius=14)
        part_top = y + 8
        for part in SEAT_PARTS:
            if (part_height := part.height(view, seat)) > 0:
                part.draw(sheet, view, names, seat, part_top)
                part_top += part_height
        y += height + BLOCK_GAP


PLAYERS = Zone("players", _players_height, _draw_players)
