"""How Nidavellir's components look: class colours, dwarf cards, coins, heroes, seat badges."""

from __future__ import annotations

from typing import Any

from renderer.canvas import BOLD, FRAME, GOLD, RGB, SANS, WHITE, Sheet, text_width

SUIT_ORDER = ("blacksmith", "hunter", "explorer", "miner", "warrior")
SUIT_COLOURS: dict[str, RGB] = {
    "blacksmith": (122, 62, 152),
    "hunter": (46, 124, 62),
    "explorer": (34, 96, 170),
    "miner": (206, 118, 22),
    "warrior": (96, 100, 112),
}
SUIT_LABELS = {
    "blacksmith": "Blacksmith",
    "hunter": "Hunter",
    "explorer": "Explorer",
    "miner": "Miner",
    "warrior": "Warrior",
}
SUIT_SHORT = {"blacksmith": "Smith", "hunter": "Hunter", "explorer": "Explorer", "miner": "Miner",
              "warrior": "Warrior"}
# The classes whose cards carry bravery points; the others count ranks only.
BRAVE_SUITS = frozenset({"explorer", "miner", "warrior"})

NEUTRAL: RGB = (150, 104, 36)
OFFERING: RGB = (196, 146, 28)
GOLD_COIN: RGB = (238, 196, 76)
BRONZE_COIN: RGB = (196, 124, 72)
TRADING_COIN: RGB = (120, 170, 100)
HIDDEN_COIN: RGB = (70, 64, 60)
GEM: RGB = (176, 40, 70)
BADGE: RGB = (40, 30, 22)
TAVERN_SHORT = ("Goblin", "Dragon", "Horse")


def suit_colour(suit: str | None) -> RGB:
    return NEUTRAL if suit is None else SUIT_COLOURS.get(suit, NEUTRAL)


def card_face(card: dict[str, Any]) -> tuple[str, str, RGB]:
    """The (caption, big value, colour) a dwarf card, offering or hero is drawn with."""
    suit = card.get("suit")
    if card.get("hero"):
        return str(card["label"]), "", suit_colour(suit)
    if card.get("offering"):
        return "Offering", f"+{card['offering']}", OFFERING
    if suit is None:
        return str(card.get("label", "?")), "", NEUTRAL
    return SUIT_SHORT.get(suit, suit), card_value(card), suit_colour(suit)


def card_value(card: dict[str, Any]) -> str:
    """Bravery points for the classes that have them, one dot per rank for the others."""
    if card.get("suit") in BRAVE_SUITS:
        return str(card.get("bravery", 0))
    ranks = int(card.get("ranks", 1))
    return "●" * ranks if ranks <= 3 else f"{ranks}●"


def draw_card(sheet: Sheet, box: tuple[float, float, float, float], card: dict[str, Any]) -> None:
    """A dwarf card tile: class colour, class name on top, bravery (or rank dots) large."""
    caption, value, colour = card_face(card)
    x0, y0, x1, y1 = box
    sheet.box(box, colour, outline=FRAME, width=2, radius=9)
    # the regular face: in bold, "Explorer" would have to go under 16 px to fit a card
    sheet.text(((x0 + x1) / 2, y0 + 15), caption, 17, face=SANS, fill=WHITE, anchor="mm", max_width=x1 - x0 - 8)
    if value:
        sheet.text(((x0 + x1) / 2, (y0 + y1) / 2 + 12), value, 34 if len(value) <= 2 else 24, face=BOLD,
                   fill=WHITE, anchor="mm", max_width=x1 - x0 - 8)


def coin_colour(coin: dict[str, Any]) -> RGB:
    if coin.get("trading"):
        return TRADING_COIN
    return BRONZE_COIN if coin.get("bronze") else GOLD_COIN


def draw_coin(sheet: Sheet, center: tuple[float, float], radius: int, coin: dict[str, Any] | None, *,
              hidden: bool = False, secret: bool = False) -> None:
    """A coin face up; a dark back with '?' when it lies face down; an empty ring when absent.

    `secret` marks a coin only its owner sees face up (its own bid on an unrevealed tavern)
    with a dark ring, so the owner can tell it is still hidden from the others.
    """
    x, y = center
    if coin is not None and secret:
        ring = radius + 5
        sheet.draw.ellipse((x - ring, y - ring, x + ring, y + ring), fill=HIDDEN_COIN)
    if coin is not None:
        label = str(coin["value"])
        sheet.coin(center, radius, label, fill=coin_colour(coin), size=int(radius * 1.05))
    elif hidden:
        sheet.coin(center, radius, "?", fill=HIDDEN_COIN, ink=WHITE, size=int(radius * 1.05))
    else:
        sheet.draw.ellipse((x - radius, y - radius, x + radius, y + radius), outline=(170, 150, 120), width=2)


def draw_badge(sheet: Sheet, center: tuple[float, float], seat: int, radius: int = 15) -> None:
    """The seat number in a dark disc: how coins and pick orders name their owner."""
    x, y = center
    sheet.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=BADGE)
    sheet.text((x, y + 1), str(seat + 1), int(radius * 1.3), face=BOLD, fill=WHITE, anchor="mm")


def draw_gem(sheet: Sheet, center: tuple[float, float], gem: int, radius: int = 18) -> None:
    """The seat's gem as a diamond with its number (6 is the Crown Jeweler's)."""
    x, y = center
    fill = GOLD if gem == 6 else GEM
    sheet.draw.polygon([(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)], fill=fill,
                       outline=FRAME)
    sheet.text((x, y + 1), str(gem), int(radius * 1.1), face=BOLD, fill=WHITE, anchor="mm")


def hero_chip(sheet: Sheet, x: float, y: float, hero: dict[str, Any], size: int = 20,
              max_width: float | None = None) -> float:
    """A hero as a name pill in its class colour (gold-brown for the neutral ones); returns width."""
    label = str(hero["label"])
    width = text_width(label, BOLD, size) + 20
    if max_width is not None:
        width = min(width, max_width)
    height = size + 12
    sheet.box((x, y, x + width, y + height), suit_colour(hero.get("suit")), outline=GOLD, width=2,
              radius=height // 2)
    sheet.text((x + width / 2, y + height / 2 + 1), label, size, face=BOLD, fill=WHITE, anchor="mm",
               max_width=width - 14)
    return width

