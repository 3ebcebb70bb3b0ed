"""The parts of a Tranquility view the pictures use, read once and typed, and what they say in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.views import OutcomeView
from engine.views.tranquility import START_DISCARD_TOTAL as START_DISCARD
from engine.views.tranquility import Phase, TranquilityView
from renderer.canvas import HIGHLIGHT, RGB
from renderer.names import name_seats, seat_name

START_GREEN: RGB = (58, 132, 84)
LOST: RGB = (150, 40, 36)
STATUS_SIZE = 26


@dataclass(frozen=True)
class SeaTable:
    """The parts of a Tranquility view the pictures use, read once and typed."""

    players: int
    viewer: int | None
    cells: tuple[int | None, ...]
    start_played_by: int | None
    rocks_row: int | None  # 1–6
    removed_islands: int
    monsters_total: int
    monsters_played: int
    monsters_discarded: int
    monsters_left: int
    finish_left: int
    hand_counts: tuple[int, ...]
    pile_counts: tuple[int, ...]
    discard_counts: tuple[int, ...]
    turn: int
    turn_number: int
    phase: Phase
    last_seat: int | None
    last_text: str
    last_cells: tuple[int, ...]  # 1–36
    hand: tuple[str, ...] | None
    outcome: OutcomeView | None

    @classmethod
    def read(cls, view: TranquilityView) -> SeaTable:
        monsters = view["sea_monsters"]
        last = view["last_move"]
        hand = view.get("hand")
        return cls(
            players=int(view["players"]),
            viewer=view["viewer"],
            cells=tuple(view["cells"]),
            start_played_by=view["start_played_by"],
            rocks_row=view["rocks_row"],
            removed_islands=int(view["removed_islands"]),
            monsters_total=int(monsters["total"]),
            monsters_played=int(monsters["played"]),
            monsters_discarded=int(monsters["discarded"]),
            monsters_left=int(monsters["left"]),
            finish_left=int(view["finish_left"]),
            hand_counts=tuple(view["hand_counts"]),
            pile_counts=tuple(view["pile_counts"]),
            discard_counts=tuple(view["discard_counts"]),
            turn=int(view["turn"]),
            turn_number=int(view["turn_number"]),
            phase=view["phase"].copy(),
            last_seat=None if last is None else int(last["seat"]),
            last_text="" if last is None else str(last["text"]),
            last_cells=() if last is None else tuple(last["cells"]),
            hand=None if hand is None else tuple(hand),
            outcome=view["outcome"],
        )

    @property
    def won(self) -> bool | None:
        if self.outcome is None:
            return None
        return bool(self.outcome["winners"])

    @property
    def filled(self) -> int:
        return sum(1 for cell in self.cells if cell is not None)


def status_line(table: SeaTable, names: Sequence[str]) -> tuple[str, RGB]:
    """What is happening now, in one line, and its colour."""
    if table.outcome is not None:
        return result_title(table), START_GREEN if table.won else LOST
    phase = table.phase
    name = phase.get("name")
    seat = int(phase.get("seat", table.turn))
    who = seat_name(names, seat, size=STATUS_SIZE)
    if name == "start_discard":
        needed = int(phase.get("needed", START_DISCARD))
        return f"Start discard: {needed} of {START_DISCARD} still to go · {who} declares", HIGHLIGHT
    if name == "rocks":
        rows = ", ".join(str(r) for r in phase.get("rows", []))
        return f"{who} moves the Jagged Rocks (rows {rows}) or keeps them", HIGHLIGHT
    return f"{who} to play", HIGHLIGHT


def result_title(table: SeaTable) -> str:
    """The cooperative result in a few words: the whole crew wins or loses together."""
    return "The crew won: Tranquility reached!" if table.won else "The crew lost"


def result_reason(table: SeaTable, names: Sequence[str]) -> str:
    """Why the voyage ended, with players' names for the engine's "Seat N"."""
    if table.outcome is None:
        return ""
    return name_seats(str(table.outcome.get("summary", "")), names)
