"""Tranquility as text: the sea grid top row first, the counters, and the viewer's hand."""

from __future__ import annotations

from collections.abc import Sequence

from engine.views.tranquility import COLUMNS, ROWS, TranquilityView
from renderer.text import seat_name


def _cell(view: TranquilityView, index: int, touched: set[int]) -> str:
    value = view["cells"][index]
    number = index + 1
    if value is None:
        return f"({number:>2})"
    mark = "*" if number in touched else " "
    return f"{mark}{value:>2}{mark}"


def grid_lines(view: TranquilityView, names: Sequence[str]) -> list[str]:
    """The grid, top row first; empty cells show their cell number in brackets."""
    last = view["last_move"]
    touched = set(last["cells"]) if last else set()
    rocks = view.get("rocks_row")
    lines = []
    for row in range(ROWS, 0, -1):
        cells = " ".join(_cell(view, (row - 1) * COLUMNS + c, touched) for c in range(COLUMNS))
        tail = "  << Jagged Rocks" if rocks == row else ""
        lines.append(f"row {row} | {cells}{tail}")
    # Without a key "( 8)" reads like card 8: say what brackets (and the last move's stars) mean.
    lines.append("Key: ( 8) an empty cell, by its number" + ("; *37* the last move's cards" if touched else ""))
    played_by = view["start_played_by"]
    if view["start_played"] and played_by is not None:
        lines.append(f"Start: down (played by {seat_name(names, played_by)})")
    else:
        lines.append("Start: not played yet")
    return lines


def render_view(view: TranquilityView, names: Sequence[str]) -> str:
    """The whole table for one viewer (docs/views/tranquility.md)."""
    players = int(view["players"])
    phase = view["phase"]
    name = phase.get("name")
    if name == "play":
        head = f"{seat_name(names, phase['seat'])} to play"
    elif name == "rocks":
        rows = ", ".join(str(r) for r in phase.get("rows", []))
        head = f"{seat_name(names, phase['seat'])} moves the Jagged Rocks (rows {rows}) or keeps them and discards two"
    elif name == "start_discard":
        head = (f"Start discard: {phase['total']} of {phase['total'] + phase['needed']} down, {phase['needed']} to go; "
                f"{seat_name(names, phase['seat'])} declares")
    else:
        head = "Game over"
    lines = [f"Tranquility, turn {view['turn_number'] + 1}: {head}"]
    lines += grid_lines(view, names)
    monsters = view["sea_monsters"]
    facts = [f"Finish cards left: {view['finish_left']}"]
    if monsters["total"]:
        facts.append(f"Sea Monsters left: {monsters['left']} of {monsters['total']}")
    if view["options"]["jagged_rocks"] != "off":
        facts.append("Jagged Rocks: gone" if view["rocks_gone"] else f"Jagged Rocks: row {view['rocks_row']}")
    if view["removed_islands"]:
        facts.append(f"Islands removed: {view['removed_islands']}")
    facts.append(f"Discarded: {view['discarded']}")
    lines.append("   ".join(facts))
    for seat in range(players):
        lines.append(f"  {seat_name(names, seat)}: {view['hand_counts'][seat]} in hand, "
                     f"{view['pile_counts'][seat]} in pile")
    last = view.get("last_move")
    if last:
        lines.append(f"Last move: {seat_name(names, last['seat'])}: {last['text']}")
    if "hand" in view:
        lines.append("Your hand: " + (" ".join(view["hand"]) or "(empty)"))
    outcome = view["outcome"]
    if outcome:
        lines.append(outcome["summary"])
    return "\n".join(lines)
