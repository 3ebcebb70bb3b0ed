"""How Nidavellir's components look: class colours, dwarf cards, coins, gems, hero chips.

Sizes are for the 800 px picture a phone shows at half size: every value, coin and hero name
is painted at `KEY_TEXT` (25 px) or more, and so is every other text (`MIN_TEXT`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.views.nidavellir import CoinView, PieceView
from renderer.canvas import BOLD, FRAME, GOLD, KEY_TEXT, MIN_TEXT, RGB, SANS, WHITE, Sheet, text_width

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
EMPTY_RING: RGB = (170, 150, 120)
GEM: RGB = (176, 40, 70)
PICKED: RGB = (46, 124, 62)

CARD_W = 136
CARD_H = 92
COIN_R = 24
CHIP_SIZE = KEY_TEXT  # hero names in chips read like players' names
CHIP_H = CHIP_SIZE + 14


def suit_colour(suit: str | None) -> RGB:
    return NEUTRAL if suit is None else SUIT_COLOURS.get(suit, NEUTRAL)


def card_face(card: PieceView) -> tuple[str, str, RGB]:
    """The (caption, big text, colour) a dwarf card or offering is drawn with.

    Hunters and blacksmiths have no bravery: their big text is their class, so the card says
    what it is (a lone rank dot said nothing on a phone); the caption counts ranks above one.
    """
    suit = card.get("suit")
    if card.get("offering"):
        return "Offering", f"+{card['offering']}", OFFERING
    if suit is None:
        return "", str(card.get("label", "?")), NEUTRAL
    suit = str(suit)
    if suit in BRAVE_SUITS:
        return SUIT_LABELS.get(suit, suit), str(card.get("bravery", 0)), suit_colour(suit)
    ranks = int(card.get("ranks", 1))
    return (f"{ranks} ranks" if ranks > 1 else ""), SUIT_SHORT.get(suit, suit), suit_colour(suit)


def draw_card(sheet: Sheet, box: tuple[float, float, float, float], card: PieceView) -> None:
    """A dwarf card tile: class colour, class name on top, bravery large (or the class name large)."""
    caption, big, colour = card_face(card)
    x0, y0, x1, y1 = box
    sheet.box(box, colour, outline=FRAME, width=2, radius=9)
    middle = (x0 + x1) / 2
    if caption:
        sheet.text((middle, y0 + 18), caption, MIN_TEXT, role="label", face=SANS, fill=WHITE, anchor="mm",
                   max_width=x1 - x0 - 10)
    number = big.lstrip("+").isdigit()
    sheet.text((middle, (y0 + y1) / 2 + (10 if caption else 0)), big, 42 if number else 28, role="card",
               face=BOLD, fill=WHITE, anchor="mm", max_width=x1 - x0 - 10)


def item_label(item: PieceView) -> str:
    """What a card or hero in an army column says: its bravery, its class, or the hero's name
    with its bravery ("Kraal 7·0"); Vegvisir by name ("Vegvisir 13"), Olwyn's double as "Double",
    Idavoll's animals by name ("Garm 9", "Durathor"), Gullinbursti by name."""
    if item.get("hero"):
        bravery = item["bravery"]
        values = "·".join(str(b) for b in bravery) if isinstance(bravery, list) else str(bravery)
        return f"{item['label']} {values}".strip()
    if item.get("kind") == "double":
        return "Double"
    if item.get("kind") == "artefact":
        return f"{item['label']} {item.get('bravery', '')}".strip()
    suit = item.get("suit")
    if item.get("kind") == "special":  # Gullinbursti: a neutral rank, 0 points wherever it stands
        return str(item["label"])
    if item.get("kind") == "animal":  # Idavoll: by name, with bravery where its class has it
        return f"{item['label']} {item.get('bravery', 0)}" if suit in BRAVE_SUITS else str(item["label"])
    if suit in BRAVE_SUITS:
        return str(item.get("bravery", 0))
    ranks = int(item.get("ranks", 1))
    if item.get("key") == "armorer":
        return f"Armorer: {ranks} ranks"
    return SUIT_SHORT.get(str(suit), str(item.get("label", "?")))


def card_bravery(card: PieceView) -> int:
    """A card's bravery points (a hero counts its points rank by rank: 0 here)."""
    bravery = card["bravery"]
    return bravery if isinstance(bravery, int) else 0


def coin_colour(coin: CoinView) -> RGB:
    if coin.get("trading"):
        return TRADING_COIN
    return BRONZE_COIN if coin.get("bronze") else GOLD_COIN


def draw_coin(sheet: Sheet, center: tuple[float, float], coin: CoinView | None, *, radius: int = COIN_R,
              hidden: bool = False, secret: bool = False) -> None:
    """A coin face up; a dark back with '?' when it lies face down; an empty ring when absent.

    `secret` marks a coin only its owner sees face up (its own bid on an unrevealed tavern)
    with a dark ring, so the owner can tell it is still hidden from the others.
    """
    x, y = center
    if coin is not None and secret:
        ring = radius + 5
        sheet.ellipse((x - ring, y - ring, x + ring, y + ring), HIDDEN_COIN, width=0)
    if coin is not None:
        sheet.coin(center, radius, str(coin["value"]), fill=coin_colour(coin), size=26)
    elif hidden:
        sheet.coin(center, radius, "?", fill=HIDDEN_COIN, ink=WHITE, size=26)
    else:
        sheet.ellipse((x - radius, y - radius, x + radius, y + radius), None, outline=EMPTY_RING, width=2)


def draw_gem(sheet: Sheet, center: tuple[float, float], gem: int, radius: int = 25) -> None:
    """The seat's gem as a diamond with its number (6 is the Crown Jeweler's)."""
    x, y = center
    sheet.polygon([(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)], GOLD if gem == 6 else GEM,
                  outline=FRAME)
    sheet.text((x, y + 1), str(gem), KEY_TEXT, role="coin", face=BOLD, fill=WHITE, anchor="mm")


def chip_width(label: str, size: int = CHIP_SIZE) -> float:
    return text_width(label, BOLD, size) + 22


def hero_chip(sheet: Sheet, x: float, y: float, hero: PieceView, max_width: float | None = None) -> float:
    """A hero as a name pill in its class colour (gold-brown for the neutral ones), ringed in
    gold; returns its width."""
    text = str(hero["label"])
    width = chip_width(text)
    if max_width is not None:
        width = min(width, max_width)
    sheet.box((x, y, x + width, y + CHIP_H), suit_colour(hero.get("suit")), outline=GOLD, width=3,
              radius=CHIP_H // 2)
    sheet.text((x + width / 2, y + CHIP_H / 2 + 1), text, CHIP_SIZE, role="name", face=BOLD, fill=WHITE,
               anchor="mm", max_width=width - 16)
    return width


def fold_dwergs(heroes: Sequence[PieceView]) -> list[PieceView]:
    """Heroes with two or more Dwerg brothers folded into one "Dwerg ×N" entry (they score together)."""
    dwergs = [h for h in heroes if str(h["key"]).startswith("dwerg")]
    if len(dwergs) < 2:
        return list(heroes)
    others = [h for h in heroes if not str(h["key"]).startswith("dwerg")]
    others.append({**dwergs[0], "key": "dwerg", "label": f"Dwerg ×{len(dwergs)}", "suit": None})
    return others


def flow(widths: Sequence[float], max_width: float, gap: float) -> list[tuple[float, int]]:
    """Left-to-right placement that wraps: the x offset and line number of each item."""
    placed: list[tuple[float, int]] = []
    x, line = 0.0, 0
    for width in widths:
        if x > 0 and x + width > max_width:
            x, line = 0.0, line + 1
        placed.append((x, line))
        x += width + gap
    return placed


def flow_lines(widths: Sequence[float], max_width: float, gap: float) -> int:
    """How many lines `flow` needs (0 for no items)."""
    placed = flow(widths, max_width, gap)
    return placed[-1][1] + 1 if placed else 0
