"""A seat's private Nidavellir picture: its coins, its bids on the three taverns and its pouch.

Drawn from that seat's own view, so it shows the seat's hidden bids and pouch (and the Pioneer
cards while it chooses) and nobody else's secrets: those are not in the view at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from renderer.canvas import BOLD, HIGHLIGHT, INK_SOFT, MARGIN, PARCHMENT_DARK, SERIF, WHITE, Sheet, seat_name
from renderer.nidavellir.pieces import (
    BRAVE_SUITS,
    SUIT_COLOURS,
    SUIT_LABELS,
    SUIT_ORDER,
    draw_card,
    draw_coin,
    draw_gem,
)
from renderer.nidavellir.table import CARD_H, CARD_W

JSON = dict[str, Any]

WIDTH = 1340
TAVERN_W = (WIDTH - 2 * MARGIN + 16) / 3
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")
TASK_SIZE = 28


def your_task(view: JSON, names: Sequence[str]) -> tuple[str, bool]:
    """What the viewer must do now (True) or whom it waits for (False)."""
    viewer = view["viewer"]
    if view.get("outcome") is not None:
        return "The game is over", False
    task = view.get("task")
    if task is not None and task.get("seat") == viewer:
        return f"Your move: {task['text']}", True
    if viewer in view.get("to_move", []) and task is not None:
        return f"Your move: {task['text']}", True
    if task is not None and task.get("seat") is not None:
        return f"Waiting for {seat_name(names, int(task['seat']), size=TASK_SIZE)}: {task['text']}", False
    waiting = [seat_name(names, s, size=TASK_SIZE) for s in view.get("to_move", [])]
    return ("Waiting for " + ", ".join(waiting)) if waiting else str(view.get("log_hint", "")), False


def _draw_tavern(sheet: Sheet, view: JSON, seat: JSON, t: int, x: float, y: float) -> None:
    tavern = view["taverns"][t]
    current = view.get("tavern") == t
    height = 300
    sheet.box((x, y, x + TAVERN_W - 16, y + height), PARCHMENT_DARK, outline=HIGHLIGHT if current else None,
              width=4, radius=14)
    sheet.text((x + 14, y + 22), str(tavern["label"]), 25, face=SERIF, anchor="lm", max_width=TAVERN_W - 44)
    cards = tavern["cards"]
    step = min(CARD_W + 8, (TAVERN_W - 44 - CARD_W) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    for i, card in enumerate(cards):
        cx = x + 14 + i * step
        draw_card(sheet, (cx, y + 44, cx + CARD_W, y + 44 + CARD_H), card)
    if not cards:
        sheet.text((x + (TAVERN_W - 16) / 2, y + 44 + CARD_H / 2), "no cards left", 22, fill=INK_SOFT, anchor="mm")
    bid = seat["bids"][t]
    sheet.text((x + 14, y + 190), "Your bid", 22, face=BOLD, fill=INK_SOFT, anchor="lm")
    draw_coin(sheet, (x + 180, y + 190), 36, bid, hidden=False)
    if bid is None:
        sheet.text((x + 230, y + 190), "not placed", 22, face=BOLD, fill=INK_SOFT, anchor="lm")
    order = tavern.get("order")
    if order and view["viewer"] in order:
        place = order.index(view["viewer"])
        done = view["viewer"] in tavern.get("picked", [])
        note = f"you pick {ORDINALS[place]}" + (" · taken" if done else "")
        sheet.text((x + 14, y + 252), note, 22, face=BOLD, fill=HIGHLIGHT if current and not done else INK_SOFT,
                   anchor="lm")
    elif not tavern["revealed"]:
        sheet.text((x + 14, y + 252), "bids hidden", 22, face=BOLD, fill=INK_SOFT, anchor="lm")


def hand(view: JSON, names: Sequence[str]) -> Image.Image:
    """The viewer's coins and bids (and Pioneer cards while it chooses): the picture for a DM."""
    viewer = view.get("viewer")
    if viewer is None:
        raise ValueError("A coins-and-bids picture needs a seat's own view, not a spectator view.")
    seat = view["seats"][viewer]
    pioneer = view.get("pioneer") or []
    height = 660 + (CARD_H + 70 if pioneer else 0)
    sheet = Sheet(WIDTH, height)
    sheet.text((MARGIN + 4, 22), "Nidavellir", 38, face=SERIF)
    sheet.text((MARGIN + 250, 44), f"Age {view['age']} · Round {view['round']} of {view['rounds']}", 26,
               face=BOLD, anchor="lm")
    sheet.text((WIDTH - MARGIN - 50, 44), seat_name(names, viewer), 26, face=BOLD, anchor="rm", max_width=300)
    draw_gem(sheet, (WIDTH - MARGIN - 20, 44), int(seat["gem"]), 20)
    task, mine = your_task(view, names)
    sheet.text((MARGIN + 4, 104), task, TASK_SIZE, face=BOLD, fill=HIGHLIGHT if mine else INK_SOFT, anchor="lm",
               max_width=WIDTH - 2 * MARGIN)
    y = 140
    for t in range(3):
        _draw_tavern(sheet, view, seat, t, MARGIN + t * TAVERN_W, y)
    y += 320
    sheet.text((MARGIN + 4, y + 34), "Pouch", 26, face=SERIF, anchor="lm")
    if not seat.get("has_bid") and all(bid is None for bid in seat["bids"]):
        # no bids yet: every coin is still in hand, shown under "All coins"
        sheet.text((MARGIN + 110, y + 34), "after bidding", 22, face=BOLD, fill=INK_SOFT, anchor="lm")
    else:
        pouch = seat.get("pouch") or []
        count = max(2, len(pouch))
        step = min(84.0, 160 / max(1, count - 1))
        for i in range(count):
            draw_coin(sheet, (MARGIN + 140 + i * step, y + 34), 34, pouch[i] if i < len(pouch) else None)
    coins = seat["coins"]
    total = sum(int(c["value"]) for c in coins)
    sheet.text((MARGIN + 350, y + 34), f"All coins ({total})", 26, face=SERIF, anchor="lm")
    for i, coin in enumerate(coins):
        draw_coin(sheet, (MARGIN + 600 + i * 80, y + 34), 34, coin)
    y += 96
    width = (WIDTH - 2 * MARGIN - 4 * 10) / 5
    for i, suit in enumerate(SUIT_ORDER):
        column = seat["army"][suit]
        x = MARGIN + i * (width + 10)
        sheet.box((x, y, x + width, y + 64), SUIT_COLOURS[suit], radius=10)
        sheet.text((x + width / 2, y + 18), SUIT_LABELS[suit], 20, face=BOLD, fill=WHITE, anchor="mm")
        ranks = int(column["ranks"])
        rank_words = f"{ranks} rank" if ranks == 1 else f"{ranks} ranks"
        figure = f"{rank_words} · {column['bravery']}" if suit in BRAVE_SUITS else rank_words
        sheet.text((x + width / 2, y + 46), figure, 22, face=BOLD, fill=WHITE, anchor="mm", max_width=width - 12)
    y += 84
    if pioneer:
        sheet.text((MARGIN + 4, y + 16), "Pioneer of the Kingdom: keep one", 26, face=SERIF, anchor="lm")
        for i, card in enumerate(pioneer):
            cx = MARGIN + i * (CARD_W + 12)
            draw_card(sheet, (cx, y + 40, cx + CARD_W, y + 40 + CARD_H), card)
    return sheet.image
