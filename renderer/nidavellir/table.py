"""The Nidavellir table: a single column for phones, built from zones (renderer/zones.py).

Top to bottom: what happens now, the three taverns with their cards and bids (Idavoll's mythology
cards as rows, Loki's reservation), Thingvellir's camp, one block per player, then the distinctions,
the hero reserve and the Royal Treasure. Everything comes from the view (docs/views/nidavellir.md):
a coin the view hides is drawn face down, whoever is looking.
"""

from __future__ import annotations

from engine.views.nidavellir import NidavellirView, TavernView
from renderer.canvas import (
    BOLD,
    HIGHLIGHT,
    INK_SOFT,
    INNER,
    KEY_TEXT,
    MARGIN,
    MIN_TEXT,
    PARCHMENT_DARK,
    SERIF,
    Sheet,
    wrap,
    wrap_parts,
)
from renderer.names import fitted_name, seat_name
from renderer.nidavellir.camp import CAMP, camp_visitor
from renderer.nidavellir.pieces import (
    CARD_H,
    CARD_W,
    CHIP_H,
    NEUTRAL,
    PICKED,
    SUIT_COLOURS,
    chip_width,
    draw_coin,
    flow,
    flow_lines,
    fold_dwergs,
    hero_chip,
)
from renderer.nidavellir.players import PLAYERS
from renderer.nidavellir.tavern_cards import cards_height, draw_cards
from renderer.nidavellir.words import STATUS_SIZE, status_line, tavern_label, tavern_state
from renderer.zones import Names, Zone, panel, stack

View = NidavellirView

TITLE_H = 48
STATUS_PITCH = 34
FACT_SIZE = MIN_TEXT
FACT_PITCH = 32
HEADING_SIZE = 26  # a panel's serif heading
TAVERN_H = 240
TAVERN_GAP = 10
SLOT = CARD_W + 8
ZONE_HEAD = 46
DISTINCTION_PITCH = 38
TREASURE_R = 22
TREASURE_PITCH = 50


# -- header ---------------------------------------------------------------------------------

def _status_lines(view: View, names: Names) -> list[str]:
    return wrap(status_line(view, names), BOLD, STATUS_SIZE, INNER - 8, max_lines=2)


def _fact_lines(view: View, names: Names) -> list[str]:
    decks = view["decks"]
    facts = [f"decks {decks['age1']} / {decks['age2']}", f"discard {len(view['discard'])}"]
    expansions = " + ".join(str(e).capitalize() for e in view.get("expansions") or [])
    if expansions:
        facts.insert(0, f"with {expansions}")
    mythology = view.get("mythology")
    if mythology is not None:
        facts.append(f"mythology deck {mythology['deck']}, reserve {mythology['reserve']}")
    if (seat := view["viewer"]) is not None and view["outcome"] is None:
        viewer = seat_name(names, seat, size=FACT_SIZE)
        facts.append(f"{viewer}'s view: others can't see dark-ringed coins")
    return wrap_parts(facts, BOLD, FACT_SIZE, INNER - 8)[:4]


def _header_height(view: View, names: Names) -> int:
    return TITLE_H + STATUS_PITCH * len(_status_lines(view, names)) + FACT_PITCH * len(_fact_lines(view, names))


def _draw_header(sheet: Sheet, view: View, names: Names, top: float) -> None:
    sheet.text((MARGIN + 4, top + 22), "Nidavellir", 36, role="label", face=SERIF, anchor="lm")
    sheet.text((MARGIN + INNER - 4, top + 24), f"Age {view['age']} · Round {view['round']} of {view['rounds']}",
               MIN_TEXT, role="label", face=BOLD, anchor="rm")
    y = sheet.lines(MARGIN + 4, top + TITLE_H, _status_lines(view, names), STATUS_SIZE, role="name",
                    pitch=STATUS_PITCH, fill=HIGHLIGHT)
    sheet.lines(MARGIN + 4, y + 2, _fact_lines(view, names), FACT_SIZE, role="label", pitch=FACT_PITCH,
                fill=INK_SOFT)


HEADER = Zone("header", _header_height, _draw_header)


# -- taverns --------------------------------------------------------------------------------

def _tavern_height(tavern: TavernView) -> int:
    """A line of cards and the bids; with Idavoll, mythology cards and Loki's reservation add rows."""
    return TAVERN_H - CARD_H + cards_height(tavern)


def _taverns_height(view: View, names: Names) -> int:
    # once the game is over the taverns are empty and their bids moot: the result replaces them
    if view.get("outcome") is not None:
        return 0
    return sum(_tavern_height(tavern) for tavern in view["taverns"]) + 2 * TAVERN_GAP


def _draw_tavern(sheet: Sheet, view: View, names: Names, index: int, top: float) -> None:
    tavern = view["taverns"][index]
    current = view.get("tavern") == index
    panel(sheet, top, _tavern_height(tavern), PARCHMENT_DARK, outline=HIGHLIGHT if current else None)
    left = MARGIN + 14
    state = tavern_state(view, index)
    state_w = sheet.text((MARGIN + INNER - 14, top + 24), state, MIN_TEXT, role="label", face=BOLD,
                         fill=HIGHLIGHT if current else INK_SOFT, anchor="rm")
    sheet.text((left, top + 24), tavern_label(tavern), 26, role="label", face=SERIF, anchor="lm",
               max_width=INNER - 40 - state_w)
    draw_cards(sheet, tavern, names, top + 46)
    # bids in pick order once revealed, each over its player's name
    order = tavern.get("order") or list(range(int(view["players"])))
    picked = set(tavern.get("picked", []))
    visitor = camp_visitor(view, index)
    for i, seat in enumerate(order):
        middle = left + i * SLOT + CARD_W / 2
        coin_y = top + 46 + cards_height(tavern) + 38
        hidden = bool(view["seats"][seat].get("has_bid"))
        draw_coin(sheet, (middle, coin_y), tavern["bids"][seat], hidden=hidden, secret=not tavern["revealed"])
        if seat in picked and seat == visitor:
            sheet.text((middle + 30, coin_y), "camp", MIN_TEXT, role="label", face=BOLD, fill=PICKED, anchor="lm")
        elif seat in picked:
            sheet.text((middle + 44, coin_y), "✓", 28, role="label", face=BOLD, fill=PICKED, anchor="mm")
        sheet.text((middle, coin_y + 44), fitted_name(names, seat, CARD_W, size=KEY_TEXT), KEY_TEXT,
                   role="name", face=BOLD, anchor="mm", max_width=CARD_W)


def _draw_taverns(sheet: Sheet, view: View, names: Names, top: float) -> None:
    for index, tavern in enumerate(view["taverns"]):
        _draw_tavern(sheet, view, names, index, top)
        top += _tavern_height(tavern) + TAVERN_GAP


TAVERNS = Zone("taverns", _taverns_height, _draw_taverns)


# -- distinctions, hero reserve, Royal Treasure ---------------------------------------------

def _distinctions_height(view: View, names: Names) -> int:
    return ZONE_HEAD + DISTINCTION_PITCH * len(view["distinctions"]) + 6


def _draw_distinctions(sheet: Sheet, view: View, names: Names, top: float) -> None:
    height = _distinctions_height(view, names)
    panel(sheet, top, height, PARCHMENT_DARK)
    settled = any(d.get("done") for d in view["distinctions"])
    heading = "Distinctions" if settled else "Distinctions · decided at the end of Age 1"
    sheet.text((MARGIN + 14, top + 24), heading, HEADING_SIZE, role="label", face=SERIF, anchor="lm",
               max_width=INNER - 28)
    right = MARGIN + INNER - 14
    for i, distinction in enumerate(view["distinctions"]):
        y = top + ZONE_HEAD + DISTINCTION_PITCH * i + DISTINCTION_PITCH / 2
        sheet.box((MARGIN + 14, y - 11, MARGIN + 36, y + 11), SUIT_COLOURS.get(distinction["key"], NEUTRAL),
                  radius=5)
        winner = distinction.get("winner")
        who_w = 0.0
        if winner is not None:
            who = fitted_name(names, int(winner), 300, size=KEY_TEXT)
            who_w = sheet.text((right, y), who, KEY_TEXT, role="name", face=BOLD, fill=HIGHLIGHT, anchor="rm",
                               max_width=300)
        elif distinction.get("done"):
            who_w = sheet.text((right, y), "nobody", MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT, anchor="rm")
        sheet.text((MARGIN + 46, y), str(distinction["label"]), MIN_TEXT, role="label", face=BOLD, anchor="lm",
                   max_width=right - MARGIN - 46 - who_w - 16)


DISTINCTIONS = Zone("distinctions", _distinctions_height, _draw_distinctions)


def _reserve_widths(view: View) -> list[float]:
    return [chip_width(str(h["label"])) for h in fold_dwergs(view["heroes"])]


def _heroes_height(view: View, names: Names) -> int:
    lines = max(1, flow_lines(_reserve_widths(view), INNER - 28, 6))
    return ZONE_HEAD + lines * (CHIP_H + 6) + 8


def _draw_heroes(sheet: Sheet, view: View, names: Names, top: float) -> None:
    panel(sheet, top, _heroes_height(view, names), PARCHMENT_DARK)
    sheet.text((MARGIN + 14, top + 24), f"Hero reserve ({len(view['heroes'])})", HEADING_SIZE, role="label", face=SERIF,
               anchor="lm")
    heroes = fold_dwergs(view["heroes"])
    if not heroes:
        sheet.text((MARGIN + 14, top + ZONE_HEAD + CHIP_H / 2), "every hero is recruited", MIN_TEXT, role="label",
                   face=BOLD, fill=INK_SOFT, anchor="lm")
    for hero, (dx, line) in zip(heroes, flow(_reserve_widths(view), INNER - 28, 6), strict=True):
        hero_chip(sheet, MARGIN + 14 + dx, top + ZONE_HEAD + line * (CHIP_H + 6), hero)


HERO_RESERVE = Zone("hero reserve", _heroes_height, _draw_heroes)


def _per_line() -> int:
    return int((INNER - 28) // TREASURE_PITCH)


def _treasure_height(view: View, names: Names) -> int:
    lines = max(1, -(-len(view["treasure"]) // _per_line()))
    return ZONE_HEAD + lines * TREASURE_PITCH + 8


def _draw_treasure(sheet: Sheet, view: View, names: Names, top: float) -> None:
    panel(sheet, top, _treasure_height(view, names), PARCHMENT_DARK)
    treasure = view["treasure"]
    sheet.text((MARGIN + 14, top + 24), f"Royal Treasure ({len(treasure)})", HEADING_SIZE, role="label", face=SERIF,
               anchor="lm")
    for i, value in enumerate(treasure):
        line, column = divmod(i, _per_line())
        center = (MARGIN + 14 + TREASURE_R + column * TREASURE_PITCH,
                  top + ZONE_HEAD + TREASURE_PITCH / 2 + line * TREASURE_PITCH)
        draw_coin(sheet, center, {"value": value, "token": str(value), "bronze": False, "trading": False},
                  radius=TREASURE_R)


TREASURE = Zone("treasure", _treasure_height, _draw_treasure)

# The table, top to bottom. An expansion's zone goes in here with its own height and draw
# functions (Thingvellir's camp after the taverns; each is 0 tall without its expansion); a
# seat's new parts go in players.SEAT_PARTS.
BOARD_ZONES: tuple[Zone[View], ...] = (HEADER, TAVERNS, CAMP, PLAYERS, DISTINCTIONS, HERO_RESERVE, TREASURE)


def board(view: View, names: Names) -> Sheet:
    """The whole table; a seat's view also shows that seat's own bids and pouch."""
    return stack(BOARD_ZONES, view, names)
