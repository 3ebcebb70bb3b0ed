"""Persistent controls: every declared action has one handler, checked at start-up."""

from __future__ import annotations

import pytest

import bot.discord.play  # noqa: F401 - registers the handlers these tests take (do, undo)
from bot.discord.controls import HANDLERS, check_handlers, handles
from bot.discord.ids import ACTIONS, ControlId
from tests.discord.harness import Harness


async def test_every_control_action_has_a_handler_at_start_up(harness: Harness) -> None:
    """The bot started: its modules and extensions registered a handler for every action."""
    check_handlers()
    assert set(HANDLERS) == ACTIONS


def test_a_missing_handler_stops_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(HANDLERS, "undo")
    with pytest.raises(RuntimeError, match="undo"):
        check_handlers()


def test_an_undeclared_action_is_refused_when_drawn_registered_or_clicked() -> None:
    with pytest.raises(ValueError, match="not a control action"):
        ControlId(1, 2, "explode")
    with pytest.raises(ValueError, match="declare it"):
        handles("explode")(HANDLERS["do"])
    assert ControlId.parse("skald:1:2:explode") is None
    with pytest.raises(ValueError, match="two handlers"):
        handles("undo")(HANDLERS["do"])
