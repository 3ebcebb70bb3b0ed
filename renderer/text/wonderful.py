"""It's a Wonderful World as text: the round and step, each empire's cards and tokens, the
viewer's hand and pick. Names are the view's (`cards`, `empires`), as the pictures print them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.views.wonderful import RESOURCES, ROUNDS, BoardView, SiteView, WonderfulView
from renderer.text import named, seat_name

SHORT = {"materials": "M", "energy": "E", "science": "S", "gold": "G", "exploration": "X",
         "krystallium": "K", "financier": "F", "general": "Gn"}


def card_name(view: WonderfulView, key: str) -> str:
    """A card's printed name, as the view carries it (its key, were the view to lack the card)."""
    facts = view["cards"].get(key)
    return facts["title"] if facts else key


def empire_name(view: WonderfulView, key: str) -> str:
    facts = view["empires"].get(key)
    return facts["title"] if facts else key


def _items(items: Sequence[str]) -> str:
    return "".join(SHORT.get(item, item) for item in items) or "-"


def _site(view: WonderfulView, site: SiteView, number: int) -> str:
    """A card under construction: "Harbor Zone #2 [GG/GGG to go]" (krystallium standing in as
    `K` for the item it replaced, its copy's number when the seat builds several)."""
    placed = Counter(site["covered"])
    placed.subtract(site["stand_ins"])
    shown = _items([*placed.elements(), *("krystallium" for _ in site["stand_ins"])])
    name = card_name(view, site["card"]) + (f" #{number}" if number else "")
    return f"{name} [{shown}/{_items(site['missing'])} to go]"


def board_lines(view: WonderfulView, seat: int, board: BoardView, names: Sequence[str]) -> list[str]:
    """One empire: its tokens and stock, then its cards by area."""
    made = " ".join(f"{SHORT[r]}{board['production'][r]}" for r in RESOURCES if board["production"].get(r))
    state = "done" if board["done"] else ("picked" if board["picked"] else "")
    if board["autopass"]:
        state = (state + ", " if state else "") + "autopass"
    head = (f"{seat_name(names, seat)} ({empire_name(view, board['empire'])}): {board['score']} pts · "
            f"makes {made or '-'} · "
            f"K {board['krystallium']} · pile {board['pile']}/5 · financiers {board['financiers']} · "
            f"generals {board['generals']}" + (f" · {state}" if state else ""))
    lines = [head]
    if board["available"]:
        lines.append("    to place: " + ", ".join(f"{n} {r}" for r, n in board["available"].items()))
    if board["choosing"]:
        lines.append("    owes a choice: financier or general (science supremacy)")
    if board["drafted"]:
        lines.append("    drafted: " + ", ".join(card_name(view, c) for c in board["drafted"]))
    if board["sites"]:
        copies = Counter(s["card"] for s in board["sites"])
        seen: Counter[str] = Counter()
        shown = []
        for site in board["sites"]:
            seen[site["card"]] += 1
            shown.append(_site(view, site, seen[site["card"]] if copies[site["card"]] > 1 else 0))
        lines.append("    building: " + ", ".join(shown))
    if board["built"]:
        lines.append("    built: " + ", ".join(card_name(view, c) for c in board["built"]))
    return lines


def render_view(view: WonderfulView, names: Sequence[str]) -> str:
    """The whole table for one viewer (docs/views/wonderful.md)."""
    phase = view["phase"]
    if phase == "draft":
        head = f"draft, hands pass {view['direction']}"
    elif phase == "planning":
        head = "planning"
    elif phase == "production":
        head = f"{view['step']} production"
    else:
        head = "game over"
    lines = [f"It's a Wonderful World, round {min(view['round'], ROUNDS)} of {ROUNDS}: {head}",
             f"Deck {view['deck_count']} · recycled {len(view['discard'])}"]
    for seat, board in enumerate(view["boards"]):
        lines += board_lines(view, seat, board, names)
    if "hand" in view:
        lines.append("Your hand: " + (", ".join(card_name(view, c) for c in view["hand"]) or "(empty)"))
        pick = view.get("pick")
        if pick:
            lines.append(f"Your pick (hidden until all have picked): {card_name(view, pick)}")
    outcome = view["outcome"]
    if outcome:
        lines.append(named(outcome["summary"], names))
    return "\n".join(lines)
