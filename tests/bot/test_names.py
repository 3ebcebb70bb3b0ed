"""Display names replace the engine's "Seat N"."""

from __future__ import annotations

from bot.names import name_seats


def test_seat_numbers_become_display_names() -> None:
    text = "Seat 1 and Seat 2 tied and swap gems 5 and 3."
    assert name_seats(text, ["Ann", "Bo"]) == "Ann and Bo tied and swap gems 5 and 3."


def test_unknown_seats_and_lookalikes_are_left_alone() -> None:
    assert name_seats("Seat 3 waits; Seats 1 rest; Seat 12x", ["Ann"]) == "Seat 3 waits; Seats 1 rest; Seat 12x"


def test_double_digit_seat() -> None:
    assert name_seats("Seat 10 moves", [f"P{i}" for i in range(1, 11)]) == "P10 moves"


def test_names_can_be_dressed_for_discord() -> None:
    assert name_seats("Seat 2 bids.", ["Ann", "Bo"], mark=lambda n: f"**{n}**") == "**Bo** bids."
