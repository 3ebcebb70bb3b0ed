"""It's a Wonderful World pictures, first version: the table's text drawn on a sheet (each empire's
tokens and cards by area), a seat's own hand and the result. Card art is for later (issue 32)."""

from __future__ import annotations

from engine.views.wonderful import WonderfulView
from renderer.canvas import BOLD, INK, INNER, KEY_TEXT, MARGIN, SERIF, Sheet, text_width
from renderer.text import named, render_outcome
from renderer.text.wonderful import board_lines, card_name
from renderer.zones import Names, Zone, stack

PITCH = 34
SIZE = KEY_TEXT


def wrapped(lines: list[str]) -> list[str]:
    """Lines broken at spaces to fit the sheet at a size a phone can read; continuations indented."""
    out: list[str] = []
    for line in lines:
        indent = line[:len(line) - len(line.lstrip())]
        current = indent
        for word in line.split():
            trial = f"{current} {word}" if current.strip() else current + word
            if current.strip() and text_width(trial, BOLD, SIZE) > INNER - 12:
                out.append(current)
                current = indent + "      " + word
            else:
                current = trial
        out.append(current)
    return out


def _head(view: WonderfulView) -> str:
    step = f"{view['step']} production" if view["step"] else view["phase"]
    return f"Round {min(view['round'], 4)} of 4 · {step}"


def _table_lines(view: WonderfulView, names: Names) -> list[str]:
    lines: list[str] = []
    for seat, board in enumerate(view["boards"]):
        lines += board_lines(view, seat, board, names)
    return wrapped(lines)


def _draw_table(sheet: Sheet, view: WonderfulView, names: Names, top: float) -> None:
    sheet.text((MARGIN + 4, top + 22), _head(view), 32, role="label", face=SERIF, anchor="lm")
    sheet.lines(MARGIN + 4, top + 56, _table_lines(view, names), SIZE, role="name", pitch=PITCH, fill=INK)


def _hand_lines(view: WonderfulView, names: Names) -> list[str]:
    hand = view.get("hand") or []
    lines = ["Your hand: " + (", ".join(card_name(c) for c in hand) or "(empty)")]
    if view.get("pick"):
        lines.append(f"Your pick: {card_name(str(view.get('pick')))}")
    return wrapped(lines)


def _draw_hand(sheet: Sheet, view: WonderfulView, names: Names, top: float) -> None:
    sheet.lines(MARGIN + 4, top + 16, _hand_lines(view, names), SIZE, role="name", pitch=PITCH, fill=INK)


def _result_lines(view: WonderfulView, names: Names) -> list[str]:
    result = view["outcome"]
    if result is None:
        return []
    return wrapped([named(line, names) for line in render_outcome(dict(result), names).splitlines()])


def _draw_result(sheet: Sheet, view: WonderfulView, names: Names, top: float) -> None:
    sheet.lines(MARGIN + 4, top + 16, _result_lines(view, names), SIZE, role="name", pitch=PITCH, fill=INK)


TABLE = Zone("table", lambda view, names: 70 + PITCH * len(_table_lines(view, names)), _draw_table)
HAND = Zone("hand", lambda view, names: 20 + PITCH * len(_hand_lines(view, names)), _draw_hand)
RESULT = Zone("result", lambda view, names: 20 + PITCH * len(_result_lines(view, names)), _draw_result)


def board(view: WonderfulView, names: Names) -> Sheet:
    return stack((TABLE, RESULT), view, names)


def hand(view: WonderfulView, names: Names) -> Sheet:
    if view["viewer"] is None:
        raise ValueError("A hand picture needs a seat's own view, not a spectator view.")
    return stack((TABLE, HAND), view, names)


def outcome(view: WonderfulView, names: Names) -> Sheet:
    if view["outcome"] is None:
        raise ValueError("The game is not over yet: there is no result to draw.")
    return stack((TABLE, RESULT), view, names)
