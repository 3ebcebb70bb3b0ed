"""Nidavellir as plain text for the terminal: taverns, armies, coins, heroes, the score sheet.

Works from the view alone (docs/views/nidavellir.md), so it shows exactly what the viewer may see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.views.nidavellir import CoinView, NidavellirView, PieceView, SeatView
from renderer.text import named, seat_name

SUITS = ("blacksmith", "hunter", "explorer", "miner", "warrior")


def _coin(coin: CoinView | None) -> str:
    if coin is None:
        return "?"
    return coin["token"]


def _card(card: PieceView) -> str:
    return card["label"]


def _tavern_lines(view: NidavellirView, names: Sequence[str]) -> list[str]:
    lines = []
    for index, tavern in enumerate(view["taverns"]):
        marker = ">" if view["tavern"] == index else " "
        state = "resolved" if tavern["resolved"] else "revealed" if tavern["revealed"] else "hidden"
        cards = ", ".join(_card(c) for c in tavern["cards"]) or "(empty)"
        myth = " (mythology)" if tavern.get("mythology") else ""
        lines.append(f"{marker} {tavern['label']:<15} [{state}]{myth} {cards}")
        reserved = tavern.get("reserved")
        if reserved:
            label = next((_card(c) for c in tavern["cards"] if c["key"] == reserved["card"]), reserved["card"])
            lines.append(f"    Loki: {label} is reserved for {seat_name(names, reserved['seat'])}")
        bids = tavern["bids"]
        if any(b is not None for b in bids):
            shown = "  ".join(f"{seat_name(names, s)}: {_coin(b)}" for s, b in enumerate(bids))
            order = tavern["order"]
            suffix = f"   order: {', '.join(seat_name(names, s) for s in order)}" if order else ""
            lines.append(f"    bids  {shown}{suffix}")
    return lines


def _army_lines(seat: SeatView) -> list[str]:
    lines = []
    for suit in SUITS:
        column = seat["army"][suit]
        items = ", ".join(_card(item) for item in column["items"]) or "-"
        lines.append(f"    {suit:<10} ranks {column['ranks']:>2}  bravery {column['bravery']:>3}  {items}")
    return lines


def _seat_lines(view: NidavellirView, seat: SeatView, names: Sequence[str]) -> list[str]:
    index = seat["seat"]
    you = " (you)" if view["viewer"] == index else ""
    turn = " *" if index in view["to_move"] else ""
    coins = " ".join(_coin(c) for c in seat["coins"])
    head = f"{seat_name(names, index)}{you}{turn}  gem {seat['gem']}  coins {coins}  score {seat['score']}"
    lines = [head]
    if seat["has_bid"] or any(b is not None for b in seat["bids"]):
        bids = " / ".join(_coin(b) for b in seat["bids"])
        pouch = "hidden" if seat["pouch"] is None else " ".join(_coin(c) for c in seat["pouch"]) or "-"
        lines.append(f"    bids goblin/dragon/horse: {bids}   pouch: {pouch}")
    elif not view["outcome"] and view["phase"] == "bid" and not seat["uline"]:
        lines.append("    has not bid yet")
    if seat["uline"]:
        hand = " ".join(_coin(c) for c in seat["pouch"] or [])
        lines.append(f"    Uline: bids face up after each reveal; hand {hand or '-'}")
    lines += _army_lines(seat)
    extras = []
    if seat["command"]:
        extras.append("command zone: " + ", ".join(_card(h) for h in seat["command"]))
    if seat.get("artefacts"):
        extras.append("artefacts: " + ", ".join(_card(a) for a in seat["artefacts"]))
    if seat.get("mercenaries"):
        extras.append("to enlist: " + ", ".join(_card(m) for m in seat["mercenaries"]))
    if seat.get("placing"):
        extras.append("to place: " + ", ".join(_card(d) for d in seat["placing"]))
    extras += _mythology_parts(seat)
    extras.append(f"heroes {seat['hero_count']} / lines {seat['lines']}")
    if seat["distinctions"]:
        extras.append("distinctions: " + ", ".join(seat["distinctions"]))
    lines.append("    " + "; ".join(extras))
    return lines


def _mythology_parts(seat: SeatView) -> list[str]:
    """Idavoll's command zone: gods and their power tokens, giants and their capture tokens,
    valkyries and their strength tokens."""
    parts = []
    if seat.get("gods"):
        gods = [f"{_card(g['card'])} ({'power ready' if g['power'] else 'power used'})" for g in seat["gods"]]
        parts.append("gods: " + ", ".join(gods))
    if seat.get("giants"):
        giants = []
        for giant in seat["giants"]:
            captured = giant["captured"]
            if giant["state"] == "captured" and captured is not None:
                giants.append(f"{_card(giant['card'])} captured {_card(captured)}")
            elif giant["state"] == "face_down":
                giants.append(f"{_card(giant['card'])} face down")
            else:
                giants.append(f"{_card(giant['card'])} waits for a {giant['column']}")
        parts.append("giants: " + ", ".join(giants))
    if seat.get("valkyries"):
        valkyries = []
        for valkyrie in seat["valkyries"]:
            watched = f" on {valkyrie['column']}" if valkyrie["column"] else ""
            valkyries.append(f"{_card(valkyrie['card'])}{watched} {valkyrie['notches']} down ({valkyrie['points']})")
        parts.append("valkyries: " + ", ".join(valkyries))
    return parts


# Short column heads that stay apart ("artefacts" and "mercenaries" would not at 7 letters).
_HEADS = {"blacksmith": "blacksm", "artefacts": "artef", "mercenaries": "mercen", "valkyries": "valkyr"}


def score_sheet(sheet: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The final score sheet as a table, one row per seat."""
    columns: Sequence[str] = sheet["columns"]
    heads = ["seat", *(_HEADS.get(c, c[:7]) for c in columns)]
    labels = [seat_name(names, row["seat"]) for row in sheet["rows"]]
    widths = [max(6, *(len(x) for x in labels)), *(max(4, len(h)) for h in heads[1:])]
    lines = [heads[0].ljust(widths[0]) + "  "
             + "  ".join(h.rjust(w) for h, w in zip(heads[1:], widths[1:], strict=True))]
    for row in sheet["rows"]:
        cells = [seat_name(names, row["seat"]), *(str(row[c]) for c in columns)]
        lines.append(cells[0].ljust(widths[0]) + "  "
                     + "  ".join(c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True)))
    return lines


def render_view(view: NidavellirView, names: Sequence[str]) -> str:
    """The whole table as text, as `view`'s viewer may see it."""
    lines = [f"Nidavellir — Age {view['age']}, round {view['round']} of {view['rounds']}  ({view['phase']})"]
    lines.append(named(view["log_hint"], names))
    lines.append("")
    lines += _tavern_lines(view, names)
    decks = view["decks"]
    lines.append(f"  decks: age 1 {decks['age1']}, age 2 {decks['age2']}   discard {len(view['discard'])}")
    lines.append("  treasure: " + (" ".join(str(v) for v in view["treasure"]) or "empty"))
    lines.append("  heroes: " + (", ".join(_card(h) for h in view["heroes"]) or "none left"))
    camp = view.get("camp")
    if camp is not None:
        deck = camp["decks"]["age1" if view["age"] == 1 else "age2"]
        cards = ", ".join(_card(c) for c in camp["cards"]) or "(empty)"
        lines.append(f"  camp: {cards}   camp deck {deck}")
    mythology = view.get("mythology")
    if mythology is not None:
        lines.append(f"  mythology deck {mythology['deck']}, reserve {mythology['reserve']}")
        if drawn := mythology["drawn"]:
            lines.append("  you drew: " + ", ".join(_card(c) for c in drawn))
    won = []
    for distinction in view["distinctions"]:
        if distinction["done"]:
            who = "nobody" if distinction["winner"] is None else seat_name(names, distinction["winner"])
            won.append(f"{distinction['label']}: {who}")
    if won:
        lines.append("  distinctions: " + "; ".join(won))
    if pioneer := view["pioneer"]:
        lines.append("  you drew: " + ", ".join(_card(c) for c in pioneer))
    lines.append("")
    for seat in view["seats"]:
        lines += _seat_lines(view, seat, names)
    outcome = view["outcome"]
    if outcome:
        lines.append("")
        lines.append(named(outcome["summary"], names))
        if sheet := outcome["sheet"]:
            lines += score_sheet(sheet, names)
    return "\n".join(lines)
