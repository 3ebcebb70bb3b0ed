"""How a person is told of their turns, chosen by them for every server (`/notify`, docs/async.md,
"How a person is told"): declared once here, stored as their `notify` setting (`person_settings`).

- `every_turn` (the default): a notice at every turn where they must act, as reach.py decides it
  (a new DM panel, or the thread's ping).
- `deadline`: no turn notice at all (no ping, no new notifying DM panel; their panel is edited in
  place); the clock's reminder before their time runs out still comes, so nothing runs out unseen.

A person may also mute one game (`game_mutes`): no turn notice in it, reminders still come.
"""

from __future__ import annotations

from typing import Any

NOTIFY = "notify"  # the person's setting's key
EVERY_TURN, NEAR_DEADLINE = "every_turn", "deadline"
CHOICES = {EVERY_TURN: "every turn", NEAR_DEADLINE: "only near a deadline"}
SHOWN = {EVERY_TURN: "at every turn where you must act (a DM panel, or the game thread's ping)",
         NEAR_DEADLINE: "only when a deadline is near: no ping or new DM for a turn, but the reminder before "
                        "your time runs out still comes"}
DEFAULT = EVERY_TURN


def parse(text: str) -> str:
    """The choice meant by what was typed ("every turn", "deadline", ...); ValueError names the choices."""
    wanted = " ".join(text.lower().replace("_", " ").replace("-", " ").split())
    for value, label in CHOICES.items():
        if wanted in (value.replace("_", " "), label) or (wanted and label.endswith(wanted)):
            return value
    raise ValueError(f"There is no way of being told called {text!r}: choose " +
                     " or ".join(f"`{label}`" for label in CHOICES.values()) + ".")


def choice_of(stored: dict[str, Any]) -> str:
    """The person's choice from their stored settings (an unknown value falls back to the default)."""
    value = stored.get(NOTIFY, DEFAULT)
    return value if value in CHOICES else DEFAULT
