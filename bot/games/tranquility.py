"""Tranquility's descriptor: what relay-watch, the replays and the sample scenes need of it."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from bot.games.descriptor import JSON, Descriptor, Measure, Scene
from engine.core import Move
from engine.views.tranquility import TranquilityView

KEY = "tranquility"
ROWS = COLUMNS = 6


def board_summary(view: JSON) -> list[str]:
    """The 6×6 sea grid (row 6 on top, as the table sees it) and the counts that matter."""
    cells = view.get("cells") or []
    lines = []
    if len(cells) == ROWS * COLUMNS:
        rocks = view.get("rocks_row")
        for row in range(ROWS, 0, -1):
            chunk = cells[(row - 1) * COLUMNS: row * COLUMNS]
            marks = " ".join(f"{c:>2}" if c is not None else " ·" for c in chunk)
            lines.append(f"  row {row} | {marks} |{'  ⛰ rocks' if rocks == row else ''}")
    facts = [f"finish left {view.get('finish_left', '?')}"]
    monsters = view.get("sea_monsters") or {}
    if monsters.get("total"):
        facts.append(f"monsters left {monsters.get('left', '?')}")
    facts.append(f"discarded {view.get('discarded', 0)}")
    if view.get("hand_counts"):
        facts.append("hands " + "/".join(str(n) for n in view["hand_counts"]))
    if view.get("pile_counts"):
        facts.append("piles " + "/".join(str(n) for n in view["pile_counts"]))
    phase = view.get("phase") or {}
    if phase.get("name") == "start_discard":
        facts.append(f"start discard {phase.get('total', 0)}/8")
    lines.append("  " + " · ".join(facts))
    return lines


def key_moment(view: JSON) -> Hashable:
    """A replay still for every island placed or sunk, the Start card going down, the end."""
    return tuple(view["cells"]), view["start_played"], view["outcome"] is None


def cheap_move(moves: Sequence[Move], seed: int) -> Move:
    """Place islands where their number roughly belongs, paying as little as possible."""
    best: tuple[int, str] | None = None
    chosen = moves[0]
    for move in moves:
        words = move.text.split()
        if words[0] == "start":
            return move
        if words[0] != "place" or not words[1].isdigit():
            continue
        number, cell = int(words[1]), int(words[3])
        paid = len(words) - 4 - 1 if len(words) > 4 else 0
        score = (paid * 6 + abs(cell - (number * 36 + 40) // 81), move.text)
        if best is None or score < best:
            best, chosen = score, move
    return chosen


SCENES = (
    Scene("tranquility-2p-opening", KEY, 2, seed=11, moves=0),
    Scene("tranquility-3p-midgame", KEY, 3, seed=5, moves=14, viewer=1),
    Scene("tranquility-3p-hand", KEY, 3, seed=5, moves=14, viewer=1, picture="hand"),
    Scene("tranquility-4p-start-discard", KEY, 4, seed=3, moves=60, until="start_discard"),
    Scene("tranquility-5p-advanced", KEY, 5, seed=8, moves=26,
          options={"sea_monsters": 3, "jagged_rocks": "auto", "removed_islands": 6}),
    Scene("tranquility-4p-rocks-manual", KEY, 4, seed=2, moves=40, until="rocks", viewer=1,
          options={"sea_monsters": 5, "jagged_rocks": "manual", "removed_islands": 12}),
    Scene("tranquility-2p-result", KEY, 2, seed=4, moves=400, until="over", picture="outcome"),
)

# A win fills the sea; a loss got as far as its filled cells. Then fewer turns.
TEAM_MEASURES = (Measure("filled", "cells filled", "more"), Measure("turns", "turns", "fewer"))

DESCRIPTOR = Descriptor(KEY, TranquilityView, default_ai="heuristic", strongest_ai="planner", summary=board_summary,
                        key_moment=key_moment, scenes=SCENES, scene_policy=cheap_move, team_measures=TEAM_MEASURES)
