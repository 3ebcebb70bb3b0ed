"""The Nidavellir table: taverns and bids, distinctions, heroes, treasure, and every army.

One row per player, the five class columns side by side, so armies compare at a glance.
Everything comes from the view (docs/views/nidavellir.md): a coin the view hides is drawn
face down, whoever is looking.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from renderer.canvas import (
    BOLD,
    HIGHLIGHT,
    INK_SOFT,
    MARGIN,
    PARCHMENT_DARK,
    SERIF,
    WHITE,
    Sheet,
    seat_name,
    text_width,
)
from renderer.nidavellir.pieces import (
    BRAVE_SUITS,
    NEUTRAL,
    SUIT_COLOURS,
    SUIT_LABELS,
    SUIT_ORDER,
    TAVERN_SHORT,
    card_value,
    draw_badge,
    draw_card,
    draw_coin,
    draw_gem,
    hero_chip,
    suit_colour,
)

WIDTH = 1440
INNER = WIDTH - 2 * MARGIN
HEADER = 96
TAVERN_H = 252
INFO_H = 200
GAP = 14
LEFT = 440  # the player's own block before the columns
CARD_W = 78
CARD_H = 100
CHIP_H = 34
CHIP_GAP = 6
ROW_MIN = 212
COLUMN_TOP = 10  # a column's header below the top of its player's row
COLUMN_HEAD = 40  # the chips below the top of the column's header
STATUS_SIZE = 26

JSON = dict[str, Any]


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


def status_line(view: JSON, names: Sequence[str]) -> str:
    """Who must do what now, with players' names."""
    outcome = view.get("outcome")
    if outcome is not None:
        winners = [seat_name(names, s, size=STATUS_SIZE) for s in outcome["winners"]]
        if not winners:
            return "Game over"
        if len(winners) == 1:
            return f"{winners[0]} wins"
        return " and ".join([", ".join(winners[:-1]), winners[-1]]) + " share the win"
    task = view.get("task")
    if task is None:
        return str(view.get("log_hint", ""))
    if task.get("seat") is None:
        waiting = [seat_name(names, s, size=STATUS_SIZE) for s in view.get("to_move", [])]
        return "Bidding · waiting for " + ", ".join(waiting) if waiting else "Bidding"
    return f"{seat_name(names, int(task['seat']), size=STATUS_SIZE)}: {task['text']}"


# -- army chips -----------------------------------------------------------------------------

def _item_label(item: JSON) -> str:
    if item.get("hero"):
        bravery = item.get("bravery") or []
        values = "·".join(str(b) for b in bravery)
        return f"{item['label']} {values}".strip()
    return card_value(item)


CHIP_SIZE = 20


def chip_boxes(items: Sequence[JSON], width: float) -> list[tuple[float, float, float, float]]:
    """Where each chip of a column goes, relative to the column's top-left under its header:
    wrapped into as many lines as it takes, never wider than the column (a label too long for
    it is cut short in its chip)."""
    widths = [min(width, max(40.0, text_width(_item_label(i), BOLD, CHIP_SIZE) + 16)) for i in items]
    return [(dx, line * (CHIP_H + CHIP_GAP), dx + w, line * (CHIP_H + CHIP_GAP) + CHIP_H)
            for w, (dx, line) in zip(widths, flow(widths, width, CHIP_GAP), strict=True)]


def column_height(items: Sequence[JSON], width: float) -> float:
    """Height of a column's chips (one line's worth when it is empty)."""
    boxes = chip_boxes(items, width)
    return boxes[-1][3] if boxes else CHIP_H


def _draw_column(sheet: Sheet, x: float, y: float, width: float, suit: str, column: JSON) -> None:
    colour = SUIT_COLOURS[suit]
    sheet.box((x, y, x + width, y + 34), colour, radius=8)
    ranks = int(column["ranks"])
    figure = f"{ranks} · {column['bravery']}" if suit in BRAVE_SUITS else str(ranks)
    figure_w = sheet.text((x + width - 10, y + 17), figure, 21, face=BOLD, fill=WHITE, anchor="rm")
    sheet.text((x + 10, y + 17), SUIT_LABELS[suit], 19, face=BOLD, fill=WHITE, anchor="lm",
               max_width=width - figure_w - 28)
    items = column["items"]
    top = y + COLUMN_HEAD
    for item, (left, upper, right, lower) in zip(items, chip_boxes(items, width), strict=True):
        hero = bool(item.get("hero"))
        fill = suit_colour(item.get("suit")) if item.get("suit") else NEUTRAL
        sheet.box((x + left, top + upper, x + right, top + lower), fill, outline=(238, 196, 76) if hero else None,
                  width=3, radius=7)
        sheet.text((x + (left + right) / 2, top + (upper + lower) / 2 + 1), _item_label(item), CHIP_SIZE,
                   face=BOLD, fill=WHITE, anchor="mm", max_width=right - left - 8)


# -- one player row -------------------------------------------------------------------------

def columns_width() -> float:
    """Width of one of the five class columns in a player's row."""
    return (INNER - LEFT - 16 - 4 * 8) / 5


def row_height(seat: JSON) -> int:
    """A player's row: tall enough for its longest column, however many cards it holds."""
    width = columns_width()
    chips = max(column_height(seat["army"][suit]["items"], width) for suit in SUIT_ORDER)
    return max(ROW_MIN, int(COLUMN_TOP + COLUMN_HEAD + chips + 14))


def _draw_purse(sheet: Sheet, view: JSON, x: float, y: float, seat: JSON) -> None:
    """Bids on the three taverns, then the pouch: face up where the view shows them."""
    has_bid = bool(seat.get("has_bid"))
    if view.get("outcome") is not None:
        return
    if not has_bid and all(bid is None for bid in seat["bids"]):
        # before the bids every coin is still in hand: the coin row above already shows them
        sheet.text((x + 10, y + 20), "no bids yet", 21, face=BOLD, fill=INK_SOFT, anchor="lm")
        return
    pitch = 70
    for t in range(3):
        sheet.text((x + 28 + t * pitch, y), TAVERN_SHORT[t], 16, face=BOLD, fill=INK_SOFT, anchor="mm")
    px = x + 28 + 3 * pitch + 20
    sheet.text((px + 29, y), "Pouch", 16, face=BOLD, fill=INK_SOFT, anchor="mm")
    for t, bid in enumerate(seat["bids"]):
        secret = not view["taverns"][t]["revealed"]
        draw_coin(sheet, (x + 28 + t * pitch, y + 32), 22, bid, hidden=has_bid, secret=secret)
    pouch = seat.get("pouch")
    # the pouch is public once every tavern is revealed (or a trade showed it)
    secret = not all(t["revealed"] for t in view["taverns"]) and view.get("outcome") is None
    count = max(2, len(pouch or ()))
    step = min(58.0, (LEFT - 30 - (px - x)) / max(1, count - 1))
    for i in range(count):
        coin = pouch[i] if pouch is not None and i < len(pouch) else None
        draw_coin(sheet, (px + i * step, y + 32), 22, coin, hidden=has_bid and pouch is None,
                  secret=secret and seat["seat"] == view.get("viewer"))


def _draw_command(sheet: Sheet, seat: JSON, x: float, y: float, right: float) -> None:
    """Distinctions won (a star in the class colour), then the command zone's heroes; what does
    not fit is counted in a last "+N" so nothing vanishes without a trace."""
    for key in seat.get("distinctions", []):
        sheet.box((x, y, x + 30, y + 29), SUIT_COLOURS.get(key, NEUTRAL), outline=(238, 196, 76), width=3,
                  radius=14)
        sheet.text((x + 15, y + 15), "★", 17, face=BOLD, fill=WHITE, anchor="mm")
        x += 36
    heroes = _reserve(seat.get("command", []))
    for i, hero in enumerate(heroes):
        width = text_width(str(hero["label"]), BOLD, 17) + 20
        rest = len(heroes) - i - 1
        if x + width > right - (44 if rest else 0):
            sheet.text((x + 4, y + 15), f"+{len(heroes) - i}", 19, face=BOLD, fill=INK_SOFT, anchor="lm")
            return
        x += hero_chip(sheet, x, y, hero, 17) + 6


def _draw_player(sheet: Sheet, view: JSON, seat: JSON, names: Sequence[str], x: float, y: float,
                 height: int) -> None:
    index = int(seat["seat"])
    active = index in view.get("to_move", []) and view.get("outcome") is None
    sheet.box((x, y, x + INNER, y + height), PARCHMENT_DARK, outline=HIGHLIGHT if active else None, width=4,
              radius=14)
    draw_badge(sheet, (x + 26, y + 28), index, 16)
    you = " (you)" if view.get("viewer") == index else ""
    sheet.text((x + 52, y + 28), seat_name(names, index), 26, face=BOLD, anchor="lm", max_width=LEFT - 52 - 120,
               tail=you)
    sheet.text((x + LEFT - 14, y + 28), f"{seat['score']} pts", 24, face=BOLD, anchor="rm")
    # every coin the seat owns is public; where each one lies is not
    for i, coin in enumerate(seat["coins"]):
        draw_coin(sheet, (x + 28 + i * 40, y + 70), 17, coin)
    gem_x = x + 28 + max(5, len(seat["coins"])) * 40 + 12
    draw_gem(sheet, (gem_x, y + 70), int(seat["gem"]), 19)
    sheet.text((x + LEFT - 14, y + 70), f"lines {seat['lines']} · heroes {seat['hero_count']}", 19, face=BOLD,
               fill=INK_SOFT, anchor="rm", max_width=x + LEFT - 14 - gem_x - 26)
    _draw_purse(sheet, view, x + 4, y + 106, seat)
    _draw_command(sheet, seat, x + 14, y + 172, x + LEFT - 10)
    width = columns_width()
    for i, suit in enumerate(SUIT_ORDER):
        _draw_column(sheet, x + LEFT + i * (width + 8), y + COLUMN_TOP, width, suit, seat["army"][suit])


# -- taverns and the middle band -------------------------------------------------------------

def _draw_tavern(sheet: Sheet, view: JSON, index: int, x: float, y: float, width: float) -> None:
    tavern = view["taverns"][index]
    current = view.get("tavern") == index
    sheet.box((x, y, x + width, y + TAVERN_H), PARCHMENT_DARK, outline=HIGHLIGHT if current else None, width=4,
              radius=14)
    sheet.text((x + 14, y + 22), str(tavern["label"]), 25, face=SERIF, anchor="lm", max_width=width - 150)
    if tavern["resolved"]:
        state = "done"
    elif current:
        state = "picking"
    elif tavern["revealed"]:
        state = "revealed"
    else:
        state = "bids hidden"
    sheet.text((x + width - 14, y + 22), state, 20, face=BOLD, fill=HIGHLIGHT if current else INK_SOFT, anchor="rm")
    cards = tavern["cards"]
    for i, card in enumerate(cards):
        cx = x + 14 + i * (CARD_W + 8)
        draw_card(sheet, (cx, y + 44, cx + CARD_W, y + 44 + CARD_H), card)
    if not cards:
        sheet.text((x + width / 2, y + 44 + CARD_H / 2), "no cards left", 22, fill=INK_SOFT, anchor="mm")
    players = int(view["players"])
    order = tavern.get("order") or list(range(players))
    picked = set(tavern.get("picked", []))
    slot = (width - 20) / players
    seats = view["seats"]
    for i, seat in enumerate(order):
        cx = x + 10 + slot * (i + 0.5)
        cy = y + 44 + CARD_H + 44
        bid = tavern["bids"][seat]
        draw_coin(sheet, (cx, cy), 25, bid, hidden=bool(seats[seat].get("has_bid")), secret=not tavern["revealed"])
        draw_badge(sheet, (cx, cy + 42), seat, 14)
        if seat in picked:
            sheet.text((cx + 24, cy - 20), "✓", 24, face=BOLD, fill=(46, 124, 62), anchor="mm")


def _draw_distinctions(sheet: Sheet, view: JSON, names: Sequence[str], x: float, y: float, width: float) -> None:
    sheet.box((x, y, x + width, y + INFO_H), PARCHMENT_DARK, radius=14)
    sheet.text((x + 14, y + 10), "Distinctions", 22, face=SERIF)
    for i, distinction in enumerate(view["distinctions"]):
        ly = y + 50 + i * 27
        colour = SUIT_COLOURS.get(distinction["key"], NEUTRAL)
        sheet.box((x + 14, ly - 9, x + 32, ly + 9), colour, radius=4)
        sheet.text((x + 40, ly), str(distinction["label"]), 20, face=BOLD, anchor="lm", max_width=width - 170)
        winner = distinction.get("winner")
        if winner is not None:
            who = seat_name(names, int(winner))
        elif distinction.get("done"):
            who = "nobody"
        else:
            who = ""
        sheet.text((x + width - 12, ly), who, 20, face=BOLD, fill=HIGHLIGHT if winner is not None else INK_SOFT,
                   anchor="rm", max_width=120)


def _reserve(heroes: Sequence[JSON]) -> list[JSON]:
    """The hero reserve with the Dwerg brothers folded into one entry."""
    dwergs = [h for h in heroes if str(h["key"]).startswith("dwerg")]
    others = [h for h in heroes if not str(h["key"]).startswith("dwerg")]
    if dwergs:
        others.append({"key": "dwerg", "label": f"Dwerg ×{len(dwergs)}", "suit": None})
    return others


def _draw_heroes(sheet: Sheet, view: JSON, x: float, y: float, width: float) -> None:
    sheet.box((x, y, x + width, y + INFO_H), PARCHMENT_DARK, radius=14)
    heroes = _reserve(view["heroes"])
    sheet.text((x + 14, y + 10), f"Hero reserve ({len(view['heroes'])})", 22, face=SERIF)
    size = 18
    widths = [text_width(str(h["label"]), BOLD, size) + 20 for h in heroes]
    for hero, (dx, line) in zip(heroes, flow(widths, width - 28, 6), strict=True):
        if line > 3:
            break
        hero_chip(sheet, x + 14 + dx, y + 44 + line * 34, hero, size)


def _draw_treasure(sheet: Sheet, view: JSON, x: float, y: float, width: float) -> None:
    sheet.box((x, y, x + width, y + INFO_H), PARCHMENT_DARK, radius=14)
    treasure = view["treasure"]
    sheet.text((x + 14, y + 10), f"Royal Treasure ({len(treasure)})", 22, face=SERIF)
    per_line = int((width - 24) // 39)
    for i, value in enumerate(treasure):
        line, col = divmod(i, per_line)
        if line > 3:
            break
        draw_coin(sheet, (x + 32 + col * 39, y + 62 + line * 39), 18, {"value": value})


def _draw_header(sheet: Sheet, view: JSON, names: Sequence[str]) -> None:
    sheet.text((MARGIN + 4, 22), "Nidavellir", 40, face=SERIF)
    sheet.text((MARGIN + 250, 36), f"Age {view['age']} · Round {view['round']} of {view['rounds']}", 26,
               face=BOLD, anchor="lm")
    decks = view["decks"]
    sheet.text((MARGIN + 250, 70), f"decks {decks['age1']} / {decks['age2']} · discard {len(view['discard'])}",
               20, face=BOLD, fill=INK_SOFT, anchor="lm")
    sheet.text((WIDTH - MARGIN, 36), status_line(view, names), STATUS_SIZE, face=BOLD, fill=HIGHLIGHT,
               anchor="rm", max_width=WIDTH - MARGIN - 620)
    if view.get("viewer") is not None:
        viewer = seat_name(names, int(view["viewer"]), size=19)
        sheet.text((WIDTH - MARGIN, 70), f"{viewer}'s view · dark-ringed coins are "
                   "hidden from the others", 19, face=BOLD, fill=INK_SOFT, anchor="rm", max_width=WIDTH - MARGIN - 620)


def board(view: JSON, names: Sequence[str]) -> Image.Image:
    """The whole table; a seat's view also shows that seat's own bids and pouch."""
    seats = view["seats"]
    heights = [row_height(seat) for seat in seats]
    top_players = HEADER + TAVERN_H + GAP + INFO_H + GAP + 6
    height = top_players + sum(h + 10 for h in heights) + MARGIN - 10
    sheet = Sheet(WIDTH, height)
    _draw_header(sheet, view, names)
    tavern_w = (INNER - 2 * 16) / 3
    for t in range(3):
        _draw_tavern(sheet, view, t, MARGIN + t * (tavern_w + 16), HEADER, tavern_w)
    info_y = HEADER + TAVERN_H + GAP
    _draw_distinctions(sheet, view, names, MARGIN, info_y, 400)
    _draw_heroes(sheet, view, MARGIN + 416, info_y, 560)
    _draw_treasure(sheet, view, MARGIN + 992, info_y, INNER - 992)
    y = float(top_players)
    for seat, row_h in zip(seats, heights, strict=True):
        _draw_player(sheet, view, seat, names, MARGIN, y, row_h)
        y += row_h + 10
    return sheet.image



