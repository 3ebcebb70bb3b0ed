"""Checks the privacy tests share: the lines players were shown alone, and whether a thread's
picture is exactly the spectator view of the state it names."""

from __future__ import annotations

import re
from typing import Any

import renderer
from bot.move_log import replay_changes
from engine import registry
from tests.discord.harness import Harness, Message


def private_lines(h: Harness) -> set[str]:
    """Every line only one player was shown (🔒 lines of DMs and ephemeral panels)."""
    public = {id(m) for m in h.public_messages()}
    found: set[str] = set()
    for message in h.messages.values():
        if id(message) in public:
            continue
        for line in message.text().splitlines():
            if line.startswith("🔒 "):
                found.add(line.removeprefix("🔒 ").replace("**", ""))
    return found


async def view_at(h: Harness, game_id: int, state_id: int, seat: int | None = None) -> dict[str, Any]:
    """The game's view (a spectator's by default) as it was at `state_id`, rebuilt from its log."""
    row = await h.client.tables.store.games.game(game_id)
    assert row is not None and row.seed is not None
    game = registry.get(row.game)
    seats = await h.client.tables.store.games.seats(game_id)
    state = game.setup(len(seats), row.options, row.seed, row.engine_version)
    changes = [c for c in await h.client.tables.store.games.moves(game_id) if c.state_id <= state_id]
    view: dict[str, Any] = game.view(replay_changes(game, state, changes), seat)
    return view


async def assert_public_board_is_the_spectators(h: Harness, game_id: int, board: Message, names: list[str]) -> None:
    """The thread's picture is the spectator view of the state its footer names (while sealed
    choices come in, the living board keeps the picture of the state it was posted for)."""
    shown = re.search(r"board (\d+)", board.text())
    assert shown is not None
    view = await view_at(h, game_id, int(shown.group(1)))
    assert board.files["board.png"] == renderer.board_png(view, names)
