"""Rune Duel's pieces outside its engine (tests/tables/duel.py), as docs/adding-a-game.md lists
them for a game kept outside the tree: its view type, pictures, text and descriptor.

tests/test_adding_a_game.py registers it and plays, draws and relays it with the generic tools.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from bot.games import Descriptor, Scene
from bot.games.descriptor import JSON
from engine.views import ViewBase
from renderer.canvas import BOLD, INK, MARGIN, SERIF, Sheet
from renderer.names import seat_name
from renderer.text import render_outcome
from renderer.zones import Names, Zone, stack

KEY = "duel"


class DuelView(ViewBase):
    """What a seat of Rune Duel sees: the round, the points, who has laid a rune, its own hand."""

    round: int
    rounds: int
    points: list[int]
    laid: list[bool]
    deck: int
    hand: list[int] | None  # None for a spectator


# -- pictures (renderer/<key>/ for a game of the tree) ------------------------------------------

def _lines(view: DuelView, names: Names) -> list[str]:
    lines = [f"{seat_name(names, seat)}: {points} point{'s' if points != 1 else ''}"
             + (" · rune laid" if view["laid"][seat] else "") for seat, points in enumerate(view["points"])]
    if view["hand"] is not None:
        lines.append("Your runes: " + " ".join(str(rune) for rune in view["hand"]))
    return lines


def _draw(sheet: Sheet, view: DuelView, names: Names, top: float) -> None:
    sheet.text((MARGIN + 4, top + 22), f"Rune Duel · round {min(view['round'], view['rounds'])} of {view['rounds']}",
               32, role="label", face=SERIF, anchor="lm")
    sheet.lines(MARGIN + 4, top + 56, _lines(view, names), 26, role="name", pitch=36, fill=INK)


def _result(view: DuelView, names: Names) -> str:
    result = view["outcome"]
    return "" if result is None else render_outcome(dict(result), names).splitlines()[0]


def _draw_result(sheet: Sheet, view: DuelView, names: Names, top: float) -> None:
    sheet.text((MARGIN + 4, top + 16), _result(view, names), 26, role="name", face=BOLD, anchor="lm")


TABLE = Zone("table", lambda view, names: 60 + 36 * len(_lines(view, names)), _draw)
RESULT = Zone("result", lambda view, names: 32 if _result(view, names) else 0, _draw_result)


def board(view: DuelView, names: Names) -> Sheet:
    return stack((TABLE, RESULT), view, names)


def hand(view: DuelView, names: Names) -> Sheet:
    if view["hand"] is None:
        raise ValueError("A hand picture needs a seat's own view, not a spectator view.")
    return board(view, names)


def outcome(view: DuelView, names: Names) -> Sheet:
    if view["outcome"] is None:
        raise ValueError("The game is not over yet: there is no result to draw.")
    return board(view, names)


# -- text (renderer/text/<key>.py) ---------------------------------------------------------------

def render_view(view: DuelView, names: Sequence[str]) -> str:
    return "\n".join([f"Rune Duel, round {view['round']} of {view['rounds']}, deck {view['deck']}",
                      *_lines(view, names)])


# -- descriptor (bot/games/<key>.py) --------------------------------------------------------------

def board_summary(view: JSON) -> list[str]:
    return [f"  round {view['round']}/{view['rounds']} · points {'/'.join(str(p) for p in view['points'])}"]


def key_moment(view: JSON) -> Hashable:
    return view["round"], view["outcome"] is None


DESCRIPTOR = Descriptor(
    KEY, DuelView, default_ai="random", strongest_ai="random", summary=board_summary, key_moment=key_moment,
    scenes=(Scene("duel-2p-second-round", KEY, 2, seed=3, moves=1, viewer=0),),
    engine="tests.tables.duel:GAME", pictures=__name__, text=__name__,
)
