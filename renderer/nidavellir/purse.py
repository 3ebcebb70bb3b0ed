"""A seat's private Nidavellir picture: what to do, its bids beside each tavern's cards, its coins
and its army card by card; with Thingvellir the camp, its mercenaries waiting to be enlisted and
its artefacts; with Idavoll the cards Frigg or Skymir drew for it and its gods, giants and valkyries.

Drawn from that seat's own view, so it shows the seat's hidden bids and pouch (and the Pioneer
cards while it chooses) and nobody else's secrets: those are not in the view at all.
"""

from __future__ import annotations

from engine.views.nidavellir import NidavellirView, PieceView, TavernView
from renderer.canvas import (
    BOLD,
    HIGHLIGHT,
    INK_SOFT,
    INNER,
    MARGIN,
    MIN_TEXT,
    PARCHMENT_DARK,
    SERIF,
    Sheet,
    wrap,
)
from renderer.names import fitted_name, name_seats, seat_name
from renderer.nidavellir.army import army_height, draw_army
from renderer.nidavellir.camp import CAMP, camp_visitor, draw_rows, rows_height
from renderer.nidavellir.command import ARTEFACTS, COMMAND, WAITING
from renderer.nidavellir.idavoll import DRAWN, MYTHOLOGY
from renderer.nidavellir.pieces import (
    CARD_H,
    CARD_W,
    card_bravery,
    draw_card,
    draw_coin,
    draw_gem,
)
from renderer.nidavellir.tavern_cards import cards_height, draw_cards
from renderer.nidavellir.viewer import own_seat, own_task
from renderer.nidavellir.words import ORDINALS, STATUS_SIZE, result_line, tavern_label, tavern_state
from renderer.zones import Names, Zone, panel, stack

View = NidavellirView

TASK_PITCH = 34
TAVERN_H = 214
TAVERN_GAP = 10
SLOT = CARD_W + 8
PER_LINE = 5
COIN_PITCH = 54


def your_task(view: View, names: Names) -> tuple[str, bool]:
    """What the viewer must do now (True), whom it waits for (False), or the result."""
    viewer = view["viewer"]
    if (outcome := view["outcome"]) is not None:
        return result_line(outcome, names), False
    task = view.get("task")
    if task is not None and (task.get("seat") == viewer or viewer in view.get("to_move", [])):
        return f"Your move: {name_seats(str(task['text']), names, size=STATUS_SIZE)}", True
    if task is not None and (seat := task["seat"]) is not None:
        who = seat_name(names, seat, size=STATUS_SIZE)
        return f"Waiting for {who}: {name_seats(str(task['text']), names, size=STATUS_SIZE)}", False
    waiting = [seat_name(names, s, size=STATUS_SIZE) for s in view.get("to_move", [])]
    if waiting:
        return "Waiting for " + ", ".join(waiting), False
    return name_seats(str(view.get("log_hint", "")), names, size=STATUS_SIZE), False


# -- header: who, when, what to do ----------------------------------------------------------

def _task_lines(view: View, names: Names) -> list[str]:
    return wrap(your_task(view, names)[0], BOLD, STATUS_SIZE, INNER - 8, max_lines=3)


def _header_height(view: View, names: Names) -> int:
    return 90 + TASK_PITCH * len(_task_lines(view, names))


def _draw_header(sheet: Sheet, view: View, names: Names, top: float) -> None:
    seat = own_seat(view)
    right = MARGIN + INNER - 4
    sheet.text((MARGIN + 4, top + 22), "Nidavellir", 36, role="label", face=SERIF, anchor="lm")
    draw_gem(sheet, (right - 24, top + 22), int(seat["gem"]))
    sheet.text((right - 58, top + 22), fitted_name(names, seat["seat"], INNER - 300, size=28), 28,
               role="name", face=BOLD, anchor="rm", max_width=INNER - 300)
    sheet.text((MARGIN + 4, top + 64), f"Age {view['age']} · Round {view['round']} of {view['rounds']}",
               MIN_TEXT,
               role="label", face=BOLD, fill=INK_SOFT, anchor="lm")
    mine = your_task(view, names)[1]
    sheet.lines(MARGIN + 4, top + 88, _task_lines(view, names), STATUS_SIZE, role="name", pitch=TASK_PITCH,
                fill=HIGHLIGHT if mine else INK_SOFT)


HEADER = Zone("header", _header_height, _draw_header)


# -- the Pioneer's draw ---------------------------------------------------------------------

def _pioneer_height(view: View, names: Names) -> int:
    return 46 + CARD_H + 14 if view.get("pioneer") else 0


def _draw_pioneer(sheet: Sheet, view: View, names: Names, top: float) -> None:
    panel(sheet, top, _pioneer_height(view, names), PARCHMENT_DARK, outline=HIGHLIGHT)
    sheet.text((MARGIN + 14, top + 24), "Pioneer of the Kingdom: keep one", 26, role="label", face=SERIF,
               anchor="lm")
    for i, card in enumerate(view.get("pioneer") or []):
        x = MARGIN + 14 + i * SLOT
        draw_card(sheet, (x, top + 46, x + CARD_W, top + 46 + CARD_H), card)


PIONEER = Zone("pioneer", _pioneer_height, _draw_pioneer)


# -- the discard pile, while the seat takes a card from it (Andumia, Brisingamens) -----------

def _pile(view: View) -> tuple[list[PieceView], list[PieceView]]:
    """The pile's different cards, best first: dwarves and offerings, then camp cards (and
    Gullinbursti, Idavoll's one card that can be discarded)."""
    if own_task(view, "recover") is None:
        return [], []
    distinct = list({str(card["key"]): card for card in view["discard"]}.values())
    distinct.sort(key=lambda c: (-int(c.get("offering") or 0), -card_bravery(c), str(c["key"])))
    rows = [c for c in distinct if c.get("kind") in ("artefact", "mercenary", "double", "special")]
    return [c for c in distinct if c not in rows], rows


def _discard_height(view: View, names: Names) -> int:
    cards, rows = _pile(view)
    if not cards and not rows:
        return 0
    lines = -(-len(cards) // PER_LINE)
    return 46 + lines * (CARD_H + 8) + (rows_height(rows) + 8 if rows else 0) + 6


def _draw_discard(sheet: Sheet, view: View, names: Names, top: float) -> None:
    panel(sheet, top, _discard_height(view, names), PARCHMENT_DARK, outline=HIGHLIGHT)
    sheet.text((MARGIN + 14, top + 24), "Discard pile: take one", 26, role="label", face=SERIF, anchor="lm")
    cards, rows = _pile(view)
    for i, card in enumerate(cards):
        line, place = divmod(i, PER_LINE)
        x, y = MARGIN + 14 + place * SLOT, top + 46 + line * (CARD_H + 8)
        draw_card(sheet, (x, y, x + CARD_W, y + CARD_H), card)
    draw_rows(sheet, top + 46 + -(-len(cards) // PER_LINE) * (CARD_H + 8), rows)


DISCARD = Zone("discard pile", _discard_height, _draw_discard)


# -- the taverns with this seat's bids ------------------------------------------------------

def _tavern_height(tavern: TavernView) -> int:
    return TAVERN_H - CARD_H + cards_height(tavern)


def _taverns_height(view: View, names: Names) -> int:
    if view.get("outcome") is not None:
        return 0
    return sum(_tavern_height(tavern) for tavern in view["taverns"]) + 2 * TAVERN_GAP


def _bid_note(view: View, index: int) -> tuple[str, bool]:
    """Where the viewer picks at this tavern (and whether that is now), or that bids are hidden."""
    tavern = view["taverns"][index]
    viewer = view["viewer"]
    order = tavern.get("order")
    if order and viewer in order:
        done = viewer in tavern.get("picked", [])
        taken = " · camp card" if camp_visitor(view, index) == viewer else " · taken" if done else ""
        note = f"you pick {ORDINALS[order.index(viewer)]}{taken}"
        return note, view.get("tavern") == index and not done
    return ("" if tavern["revealed"] else "bids hidden"), False


def _draw_tavern(sheet: Sheet, view: View, names: Names, index: int, top: float) -> None:
    tavern = view["taverns"][index]
    current = view.get("tavern") == index
    panel(sheet, top, _tavern_height(tavern), PARCHMENT_DARK, outline=HIGHLIGHT if current else None)
    left = MARGIN + 14
    state_w = sheet.text((MARGIN + INNER - 14, top + 24), tavern_state(view, index), MIN_TEXT,
                         role="label", face=BOLD,
                         fill=HIGHLIGHT if current else INK_SOFT, anchor="rm")
    sheet.text((left, top + 24), tavern_label(tavern), 26, role="label", face=SERIF, anchor="lm",
               max_width=INNER - 40 - state_w)
    draw_cards(sheet, tavern, names, top + 46)
    y = top + 46 + cards_height(tavern) + 38
    bid = own_seat(view)["bids"][index]
    sheet.text((left, y), "Your bid", MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT, anchor="lm")
    draw_coin(sheet, (left + 150, y), bid)
    note, now = _bid_note(view, index)
    if bid is None:
        note = "not placed" + (f" · {note}" if note else "")
    sheet.text((left + 194, y), note, MIN_TEXT, role="label", face=BOLD, fill=HIGHLIGHT if now else INK_SOFT,
               anchor="lm", max_width=INNER - 222)


def _draw_taverns(sheet: Sheet, view: View, names: Names, top: float) -> None:
    for index, tavern in enumerate(view["taverns"]):
        _draw_tavern(sheet, view, names, index, top)
        top += _tavern_height(tavern) + TAVERN_GAP


TAVERNS = Zone("taverns", _taverns_height, _draw_taverns)


# -- coins ----------------------------------------------------------------------------------

def _draw_coins(sheet: Sheet, view: View, names: Names, top: float) -> None:
    seat = own_seat(view)
    panel(sheet, top, 132, PARCHMENT_DARK)
    coins = seat["coins"]
    left = MARGIN + 14
    sheet.text((left, top + 36), f"All coins ({sum(int(c['value']) for c in coins)})", MIN_TEXT, role="label",
               face=SERIF, anchor="lm")
    for i, coin in enumerate(coins):
        draw_coin(sheet, (left + 240 + i * COIN_PITCH, top + 36), coin)
    sheet.text((left, top + 96), "Pouch", MIN_TEXT, role="label", face=SERIF, anchor="lm")
    if view.get("outcome") is None and not seat.get("has_bid") and all(bid is None for bid in seat["bids"]):
        # no bids yet: every coin is still in hand, shown under "All coins"
        sheet.text((left + 240 - 24, top + 96), "after bidding", MIN_TEXT, role="label", face=BOLD, fill=INK_SOFT,
                   anchor="lm")
        return
    for i, coin in enumerate(seat.get("pouch") or []):
        draw_coin(sheet, (left + 240 + i * COIN_PITCH, top + 96), coin)


COINS = Zone("coins", lambda view, names: 132, _draw_coins)


# -- army and command zone ------------------------------------------------------------------

def _army_height(view: View, names: Names) -> int:
    return 46 + army_height(own_seat(view)) + 14


def _draw_army(sheet: Sheet, view: View, names: Names, top: float) -> None:
    seat = own_seat(view)
    panel(sheet, top, _army_height(view, names), PARCHMENT_DARK)
    sheet.text((MARGIN + 14, top + 24), f"Your army · {seat['score']} pts", 26, role="points", face=SERIF,
               anchor="lm")
    sheet.text((MARGIN + INNER - 14, top + 24), f"lines {seat['lines']} · heroes {seat['hero_count']}", MIN_TEXT,
               role="label", face=BOLD, fill=INK_SOFT, anchor="rm")
    draw_army(sheet, seat, top + 46)


ARMY = Zone("army", _army_height, _draw_army)


# The seat's picture, top to bottom. An expansion's zone goes in here (Thingvellir's camp after
# the taverns, its mercenaries before the army they join, its artefacts after the heroes;
# Idavoll's drawn cards by the other choices of the moment, its gods, giants and valkyries after
# the heroes), each 0 tall when its view keys are absent or empty.
HAND_ZONES: tuple[Zone[View], ...] = (HEADER, PIONEER, DRAWN, DISCARD, TAVERNS, CAMP, COINS, WAITING, ARMY, COMMAND,
                                MYTHOLOGY, ARTEFACTS)


def hand(view: View, names: Names) -> Sheet:
    """The viewer's task, bids, coins and army (and Pioneer cards while it chooses): the DM picture."""
    if view.get("viewer") is None:
        raise ValueError("A coins-and-bids picture needs a seat's own view, not a spectator view.")
    return stack(HAND_ZONES, view, names)
