"""It's a Wonderful World as text: the round and step, each empire's cards and tokens, the
viewer's hand and pick."""

from __future__ import annotations

from collections.abc import Sequence

from engine.views.wonderful import RESOURCES, ROUNDS, BoardView, WonderfulView
from renderer.text import named, seat_name

SHORT = {"materials": "M", "energy": "E", "science": "S", "gold": "G", "exploration": "X",
         "krystallium": "K", "financier": "F", "general": "Gn"}


SMALL_WORDS = frozenset({"of", "the", "a", "an", "and", "on", "in", "to"})


def card_name(key: str) -> str:
    """A card key as people read it (the renderer sees views only, not the card tables): each
    word capitalised but the small ones inside a name ("Republic of Europe")."""
    words = key.split("-")
    return " ".join(w if i and w in SMALL_WORDS else w.capitalize() for i, w in enumerate(words))


def _items(items: Sequence[str]) -> str:
    return "".join(SHORT.get(item, item) for item in items) or "-"


def board_lines(view: WonderfulView, seat: int, board: BoardView, names: Sequence[str]) -> list[str]:
    """One empire: its tokens and stock, then its cards by area."""
    made = " ".join(f"{SHORT[r]}{board['production'][r]}" for r in RESOURCES if board["production"].get(r))
    state = "done" if board["done"] else ("picked" if board["picked"] else "")
    head = (f"{seat_name(names, seat)} ({card_name(board['empire'])}): {board['score']} pts · makes {made or '-'} · "
            f"K {board['krystallium']} · pile {board['pile']}/5 · financiers {board['financiers']} · "
            f"generals {board['generals']}" + (f" · {state}" if state else ""))
    lines = [head]
    if board["available"]:
        lines.append("    to place: " + ", ".join(f"{n} {r}" for r, n in board["available"].items()))
    if board["choosing"]:
        lines.append("    owes a choice: financier or general (science supremacy)")
    if board["drafted"]:
        lines.append("    drafted: " + ", ".join(card_name(c) for c in board["drafted"]))
    if board["sites"]:
        lines.append("    building: " + ", ".join(f"{card_name(s['card'])} [{_items(s['covered'])}/"
                                                  f"{_items(s['missing'])} to go]" for s in board["sites"]))
    if board["built"]:
        lines.append("    built: " + ", ".join(card_name(c) for c in board["built"]))
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
        lines.append("Your hand: " + (", ".join(card_name(c) for c in view["hand"]) or "(empty)"))
        pick = view.get("pick")
        if pick:
            lines.append(f"Your pick (hidden until all have picked): {card_name(pick)}")
    outcome = view["outcome"]
    if outcome:
        lines.append(named(outcome["summary"], names))
    return "\n".join(lines)
