"""Tranquility pictures in a single column for phones: the table, a seat's hand, the result.

The table, top to bottom: what happens now (or the result, plainly), the sea, the crew with
their card counts, the facts and the last move, and in a seat's own view its hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.views.tranquility import CELLS, TranquilityView
from engine.views.tranquility import START_DISCARD_TOTAL as START_DISCARD
from renderer.canvas import (
    BOLD,
    GOLD,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    INNER,
    MARGIN,
    MIN_TEXT,
    NAME_IN_SENTENCE,
    PARCHMENT_DARK,
    RGB,
    SANS,
    SERIF,
    WHITE,
    Sheet,
    wrap,
    wrap_parts,
)
from renderer.names import fitted_name, seat_name
from renderer.tranquility.hand import MONSTER, draw_hand, hand_height
from renderer.tranquility.sea import SEA_H, draw_sea
from renderer.tranquility.table import (
    LOST,
    START_GREEN,
    STATUS_SIZE,
    SeaTable,
    result_reason,
    result_title,
    status_line,
)
from renderer.zones import Names, Zone, panel, stack

View = TranquilityView

TITLE_H = 48
STATUS_PITCH = 34
REASON_SIZE = 25
REASON_PITCH = 32
CREW_ENTRY = 98  # the name, then its counts over two lines
CREW_GAP = 8
CREW_NAME_SIZE = 26
FACT_SIZE = MIN_TEXT
FACT_PITCH = 32
COUNT_PITCH = 28
LAST_SIZE = 25
LAST_PITCH = 32


# -- header and result ----------------------------------------------------------------------

def _status_lines(view: View, names: Names) -> list[str]:
    table = SeaTable.read(view)
    if table.outcome is not None:
        return []  # the result zone says it
    return wrap(status_line(table, names)[0], BOLD, STATUS_SIZE, INNER - 8, max_lines=2)


def _header_height(view: View, names: Names) -> int:
    return TITLE_H + STATUS_PITCH * len(_status_lines(view, names))


def _draw_header(sheet: Sheet, view: View, names: Names, top: float) -> None:
    table = SeaTable.read(view)
    sheet.text((MARGIN + 4, top + 22), "Tranquility", 36, role="label", face=SERIF, anchor="lm")
    sheet.text((MARGIN + INNER - 4, top + 24), f"Turn {table.turn_number + 1}", MIN_TEXT, role="label", face=BOLD,
               fill=INK_SOFT, anchor="rm")
    sheet.lines(MARGIN + 4, top + TITLE_H, _status_lines(view, names), STATUS_SIZE, role="name",
                pitch=STATUS_PITCH, fill=status_line(table, names)[1])


HEADER = Zone("header", _header_height, _draw_header)


def _reason_lines(view: View, names: Names) -> list[str]:
    table = SeaTable.read(view)
    lines = wrap(result_reason(table, names), BOLD, REASON_SIZE, INNER - 32, max_lines=4)
    sheet = (table.outcome["sheet"] if table.outcome else None) or {}
    if "filled" in sheet and "turns" in sheet:
        lines.append(f"{sheet['filled']} of {CELLS} cells filled in {sheet['turns']} turns")
    return lines


def _result_height(view: View, names: Names) -> int:
    if view.get("outcome") is None:
        return 0
    return 64 + REASON_PITCH * len(_reason_lines(view, names)) + 12


def _draw_result(sheet: Sheet, view: View, names: Names, top: float) -> None:
    table = SeaTable.read(view)
    panel(sheet, top, _result_height(view, names), START_GREEN if table.won else LOST, outline=GOLD, width=5)
    sheet.text((MARGIN + 16, top + 34), result_title(table), 32, role="label", face=SERIF, fill=WHITE, anchor="lm",
               max_width=INNER - 32)
    sheet.lines(MARGIN + 16, top + 64, _reason_lines(view, names), REASON_SIZE, role="name", pitch=REASON_PITCH,
                fill=WHITE)


RESULT = Zone("result", _result_height, _draw_result)


# -- sea, crew, facts -----------------------------------------------------------------------

def _draw_sea(sheet: Sheet, view: View, names: Names, top: float) -> None:
    draw_sea(sheet, SeaTable.read(view), names, top)


SEA = Zone("sea", lambda view, names: SEA_H, _draw_sea)


def _crew_height(view: View, names: Names) -> int:
    rows = -(-int(view["players"]) // 2)
    return 44 + rows * (CREW_ENTRY + CREW_GAP) - CREW_GAP


def _draw_crew(sheet: Sheet, view: View, names: Names, top: float) -> None:
    """The seats two by two, each with its hand, pile and discard counts; whose turn is ringed."""
    table = SeaTable.read(view)
    active = set() if table.outcome is not None else {int(table.phase.get("seat", table.turn))}
    sheet.text((MARGIN + 4, top + 18), "Crew", 26, role="label", face=SERIF, anchor="lm")
    width = (INNER - CREW_GAP) / 2
    for seat in range(table.players):
        row, column = divmod(seat, 2)
        x = MARGIN + column * (width + CREW_GAP)
        y = top + 44 + row * (CREW_ENTRY + CREW_GAP)
        now = seat in active
        sheet.box((x, y, x + width, y + CREW_ENTRY), (250, 222, 196) if now else PARCHMENT_DARK,
                  outline=HIGHLIGHT if now else None, width=4)
        mark, you = ("▶ " if now else ""), (" (you)" if seat == table.viewer else "")
        who = fitted_name(names, seat, width - 24, size=CREW_NAME_SIZE, around=mark + you)
        sheet.text((x + 12, y + 22), mark + who, CREW_NAME_SIZE, role="name", face=BOLD,
                   fill=HIGHLIGHT if now else INK, anchor="lm", max_width=width - 24, tail=you)
        counts = (f"hand {table.hand_counts[seat]}", f"pile {table.pile_counts[seat]}",
                  f"discarded {table.discard_counts[seat]}")
        sheet.lines(x + 12, y + 52, wrap_parts(counts, SANS, MIN_TEXT, width - 24), MIN_TEXT, role="label", face=SANS,
                    fill=INK_SOFT, pitch=COUNT_PITCH, anchor="lm")


CREW = Zone("crew", _crew_height, _draw_crew)


def _facts(table: SeaTable) -> list[tuple[str, RGB]]:
    lines: list[tuple[str, RGB]] = []
    if table.phase.get("name") == "start_discard":
        down = int(table.phase.get("total", 0))
        lines.append((f"Start discard: {down} of {START_DISCARD} down, "
                      f"{table.phase.get('pass_discarded', 0)} this pass", HIGHLIGHT))
    if table.rocks_row is not None:
        lines.append((f"Jagged Rocks on row {table.rocks_row}", INK))
    if table.monsters_total:
        lines.append((f"Sea Monsters: {table.monsters_left} lurking, {table.monsters_played} struck, "
                      f"{table.monsters_discarded} discarded", MONSTER))
    if table.removed_islands:
        lines.append((f"{table.removed_islands} islands removed at setup", INK))
    return [(line, colour) for text, colour in lines for line in wrap(text, BOLD, FACT_SIZE, INNER - 8)]


def _last_lines(table: SeaTable, names: Names) -> list[str]:
    if table.last_seat is None:
        return []
    # the name may be one long word, which wrapping can't break: keep it within a line
    who = seat_name(names, table.last_seat, size=LAST_SIZE, max_width=NAME_IN_SENTENCE)
    return wrap(f"{who}: {table.last_text}", BOLD, LAST_SIZE, INNER - 8, max_lines=3)


def _facts_height(view: View, names: Names) -> int:
    table = SeaTable.read(view)
    last = _last_lines(table, names)
    height = FACT_PITCH * len(_facts(table)) + (FACT_PITCH + LAST_PITCH * len(last) if last else 0)
    return height


def _draw_facts(sheet: Sheet, view: View, names: Names, top: float) -> None:
    table = SeaTable.read(view)
    y = top
    for line, colour in _facts(table):
        sheet.text((MARGIN + 4, y), line, FACT_SIZE, role="label", face=BOLD, fill=colour)
        y += FACT_PITCH
    last = _last_lines(table, names)
    if last:
        sheet.text((MARGIN + 4, y), "Last move", FACT_SIZE, role="label", face=BOLD, fill=INK_SOFT)
        sheet.lines(MARGIN + 4, y + FACT_PITCH, last, LAST_SIZE, role="name", pitch=LAST_PITCH, fill=HIGHLIGHT)


FACTS = Zone("facts", _facts_height, _draw_facts)


def _hand_height(view: View, names: Names) -> int:
    table = SeaTable.read(view)
    return hand_height(table) if table.viewer is not None and table.hand is not None else 0


HAND = Zone("hand", _hand_height, lambda sheet, view, names, top: draw_hand(sheet, SeaTable.read(view), top))

BOARD_ZONES: tuple[Zone[View], ...] = (HEADER, RESULT, SEA, CREW, FACTS, HAND)


def board(view: View, names: Sequence[str]) -> Sheet:
    """The table picture: public for a spectator view, with the viewer's hand otherwise."""
    return stack(BOARD_ZONES, view, names)


# -- the hand picture and the result --------------------------------------------------------

def _hand_facts(view: View, names: Names) -> list[str]:
    table = SeaTable.read(view)
    start = "Start not yet played" if table.start_played_by is None else "Start played"
    pile = table.pile_counts[table.viewer] if table.viewer is not None else 0
    facts = (f"pile {pile}", f"{table.filled} of {CELLS} cells", start, f"Finish {table.finish_left} left")
    return wrap_parts(facts, BOLD, FACT_SIZE, INNER - 8)


def _draw_hand_facts(sheet: Sheet, view: View, names: Names, top: float) -> None:
    sheet.lines(MARGIN + 4, top, _hand_facts(view, names), FACT_SIZE, role="label", pitch=FACT_PITCH, fill=INK_SOFT)


HAND_FACTS = Zone("hand facts", lambda view, names: FACT_PITCH * len(_hand_facts(view, names)), _draw_hand_facts)
HAND_ZONES: tuple[Zone[View], ...] = (HEADER, RESULT, HAND, HAND_FACTS)


def hand(view: View, names: Sequence[str]) -> Sheet:
    """The viewer's hand with what each card can do now: the picture for a DM."""
    if view.get("viewer") is None or view.get("hand") is None:
        raise ValueError("A hand picture needs a seat's own view, not a spectator view.")
    return stack(HAND_ZONES, view, names)


def outcome(view: View, names: Sequence[str]) -> Sheet:
    """The result, plainly (the crew won, or lost and why), over the final sea as everyone may see it."""
    if view["outcome"] is None:
        raise ValueError("The game is not over yet: there is no result to draw.")
    public = view.copy()
    public["viewer"] = None
    public.pop("hand", None)
    return board(public, names)
